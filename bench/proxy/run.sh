#!/usr/bin/env bash
# The seeds' sysbench scenarios through sqlroute-proxy, against MariaDB directly and through HAProxy in
# TCP mode (the floor any proxy pays), on loopback with scratch data directories: sharding, read/write
# splitting (real replication), encryption (AES, MD5, SM3, SM4, RC4), shadow and the observability
# ladder, each with its data checks. Not part of the test suite; as root on Debian 12:
#   bash bench/proxy/run.sh
# BENCH_SCENARIOS (default "sharding rw encrypt shadow observability"), BENCH_TESTS (default
# "oltp_point_select oltp_read_write"), BENCH_THREADS (sharding oltp_point_select, default "1 8 32"),
# BENCH_LOAD_THREADS (every other run, default 32), BENCH_TIME (seconds per run, default 10),
# BENCH_ROUNDS (runs per figure, medians; default 1), BENCH_TABLE_SIZE (default 100000),
# BENCH_ENCRYPT_ALGORITHMS (default "AES MD5 SM3 SM4 RC4"). BENCH_PROXY_CPUS (e.g. "2,3") moves the proxy and
# HAProxy onto those CPUs; with the rest kept off them the proxy has cores of its own, as in seed 000's
# proxy-vs-direct figure: taskset -c 0,1 env BENCH_PROXY_CPUS=2,3 bash bench/proxy/run.sh
# BENCH_BASELINE_PROXY (a sqlroute-proxy binary, e.g. main's copied aside) adds it to the sharding scenario
# as a fourth endpoint, run in turn with this build's: an A/B comparison in the same run.
# Results: build/bench-results/proxy.txt and proxy.html; exit status 1 when a check failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/build.sh --target sqlroute-proxy >/dev/null
exec /usr/bin/python3 bench/proxy/proxy_bench.py --out build/bench-results \
  --scenarios "${BENCH_SCENARIOS:-sharding rw encrypt shadow observability}" \
  --tests "${BENCH_TESTS:-oltp_point_select oltp_read_write}" \
  --threads "${BENCH_THREADS:-1 8 32}" --load-threads "${BENCH_LOAD_THREADS:-32}" \
  --time "${BENCH_TIME:-10}" --rounds "${BENCH_ROUNDS:-1}" --table-size "${BENCH_TABLE_SIZE:-100000}" \
  --encrypt-algorithms "${BENCH_ENCRYPT_ALGORITHMS:-AES MD5 SM3 SM4 RC4}" --proxy-cpus "${BENCH_PROXY_CPUS:-}" \
  --baseline-proxy "${BENCH_BASELINE_PROXY:-}"
