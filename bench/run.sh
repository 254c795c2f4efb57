#!/usr/bin/env bash
# Runs every benchmark in one go (not part of the test suite), as root on Debian 12:
#   bash bench/run.sh
# 1. builds the project (scripts/build.sh: build/, Python module in python/sqlroute/);
# 2. starts MariaDB on 127.0.0.1 with a temporary data directory (no systemd) and times a
#    prepared sysbench point select's round trip: the baseline;
# 3. runs the C++ benchmarks (bench/route_bench.cc) with 5 repetitions and prints medians and
#    ratios (cached / uncached, engine / MariaDB point select, 2 threads / 1 thread);
# 4. runs the Python benchmark (bench/bench_python.py);
# 5. times engine construction with warm-up in fresh processes (bench/startup_main.cc), median
#    of 5 per scenario;
# 6. cached routing throughput of 2 long-lived worker threads against 1 (bench/scaling_main.cc),
#    median of alternating rounds;
# 7. routes 1,000,000 statements of 100,000 shapes through one engine and reports RSS as it
#    goes and the bytes per cache entry (bench/cache_memory_main.cc).
# If MariaDB cannot be installed or started, that is reported and the rest still runs.
# BENCH_MIN_TIME (seconds per benchmark run, default 0.2) trades time for precision;
# BENCH_MEMORY_STATEMENTS / BENCH_MEMORY_SHAPES (default 1000000 / 100000) size step 7.
# Medians mean little on a busy machine: the C++ table shows CPU time next to real time.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${BENCH_OUT:-$ROOT/build/bench-results}
MIN_TIME=${BENCH_MIN_TIME:-0.2}
PORT=${BENCH_MARIADB_PORT:-33061}
mkdir -p "$OUT"

bash scripts/build.sh --target sqlroute_bench sqlroute_startup sqlroute_scaling sqlroute_cache_memory _core >/dev/null ||
  bash scripts/build.sh || exit 1

mariadb_ns=""
datadir=""
server_pid=""
stop_mariadb() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  if [ -n "$datadir" ]; then rm -rf "$datadir"; fi
}
trap stop_mariadb EXIT

start_mariadb() {
  if ! command -v mariadbd >/dev/null || ! pkg-config --exists libmariadb; then
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      mariadb-server libmariadb-dev pkg-config >/dev/null || return 1
  fi
  datadir=$(mktemp -d /tmp/sqlroute-bench-mariadb.XXXXXX)
  mariadb-install-db --no-defaults --user=root --datadir="$datadir/data" --skip-test-db \
    --auth-root-authentication-method=normal >"$OUT/mariadb-install.log" 2>&1 || return 1
  mariadbd --no-defaults --user=root --datadir="$datadir/data" --socket="$datadir/mysqld.sock" \
    --pid-file="$datadir/mysqld.pid" --port="$PORT" --bind-address=127.0.0.1 --skip-log-bin \
    --innodb-buffer-pool-size=64M >"$OUT/mariadb.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 60); do
    mariadb-admin --no-defaults --socket="$datadir/mysqld.sock" -uroot ping >/dev/null 2>&1 && break
    sleep 0.5
  done
  { echo "CREATE DATABASE sbtest; USE sbtest;"
    echo "CREATE TABLE sbtest1 (id INT PRIMARY KEY, k INT NOT NULL, c CHAR(120) NOT NULL, pad CHAR(60) NOT NULL);"
    for i in $(seq 1 1000); do echo "INSERT INTO sbtest1 VALUES ($i, $i, REPEAT('c', 120), REPEAT('p', 60));"; done
  } | mariadb --no-defaults --socket="$datadir/mysqld.sock" -uroot || return 1
  g++ -O2 -o "$OUT/mariadb_point_select" bench/mariadb/point_select.cc $(pkg-config --cflags --libs libmariadb) || return 1
}

echo "== MariaDB point select over loopback (baseline)"
if start_mariadb && mariadb_ns=$("$OUT/mariadb_point_select" "$PORT" 20000 5); then
  echo "median round trip: $mariadb_ns ns"
else
  mariadb_ns=""
  echo "MariaDB could not be installed or started (see $OUT/mariadb*.log); ratios to it are left out"
fi
stop_mariadb
server_pid=""
datadir=""

echo "== C++ benchmarks (median of 5 repetitions, interleaved at random so that drift hits all alike)"
build/bench/sqlroute_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_enable_random_interleaving=true \
  --benchmark_min_time="$MIN_TIME" --benchmark_out="$OUT/cpp.json" --benchmark_out_format=json \
  --benchmark_format=console >"$OUT/cpp.txt" 2>&1 || { cat "$OUT/cpp.txt"; exit 1; }
/usr/bin/python3 bench/summarize.py "$OUT/cpp.json" ${mariadb_ns:+--mariadb-ns "$mariadb_ns"}

echo "== Python route() (median of 5 repetitions)"
PYTHONPATH=python /usr/bin/python3 bench/bench_python.py

echo "== Engine construction with warm-up, fresh process (median of 5; ms)"
printf '%-10s %9s %10s %15s %9s\n' scenario warmup compile first_routes total
for scenario in "sharding tests/golden/rules/sysbench_sharding.yaml" "readwrite tests/golden/rules/readwrite.yaml" \
                "encrypt bench/rules/sysbench_encrypt.yaml" "shadow tests/golden/rules/shadow.yaml"; do
  set -- $scenario
  hint=""
  [ "$1" = shadow ] && hint=" /*shadow:true*/"
  for _ in 1 2 3 4 5; do build/bench/sqlroute_startup "$2" "$hint"; done | sort -n -k4 | sed -n 3p |
    awk -v s="$1" '{printf "%-10s %9s %10s %15s %9s\n", s, $1, $2, $3, $4}'
done

echo "== Thread scaling, cached, long-lived workers (median of 9 alternating rounds of 300 ms)"
build/bench/sqlroute_scaling tests/golden/rules/sysbench_sharding.yaml 9 300

echo "== Plan cache memory: ${BENCH_MEMORY_STATEMENTS:-1000000} statements of ${BENCH_MEMORY_SHAPES:-100000} shapes"
build/bench/sqlroute_cache_memory "${BENCH_MEMORY_STATEMENTS:-1000000}" "${BENCH_MEMORY_SHAPES:-100000}"
