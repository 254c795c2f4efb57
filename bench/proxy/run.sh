#!/usr/bin/env bash
# The seeds' sharding point select through sqlroute-proxy, against MariaDB directly and through
# HAProxy in TCP mode (the floor any proxy pays), on loopback with scratch data directories.
# Not part of the test suite; as root on Debian 12:
#   bash bench/proxy/run.sh
# BENCH_THREADS (default "1 8 32"), BENCH_TIME (seconds per run, default 20), BENCH_TABLE_SIZE
# (default 100000). Results: build/bench-results/proxy.txt and proxy.html.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/build.sh --target sqlroute-proxy >/dev/null
if ! command -v haproxy >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null
fi
mkdir -p build/bench-results
exec /usr/bin/python3 bench/proxy/proxy_bench.py --out build/bench-results \
  --threads "${BENCH_THREADS:-1 8 32}" --time "${BENCH_TIME:-20}" --table-size "${BENCH_TABLE_SIZE:-100000}"
