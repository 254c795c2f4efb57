#!/usr/bin/env bash
# Cluster-mode benchmark: builds sqlroute, starts a throwaway ZooKeeper (Debian's zookeeper,
# tests/cluster/zookeeper_server.py) and runs bench/cluster/cluster_bench_main.cc: the time for
# a rule change to reach 2, 8 and 32 in-process instances, and routing throughput while the rules
# change every 100 ms; then bench/cluster/proxy_propagation.py: a DistSQL change on one of two
# sqlroute-proxy processes reaching the other and three engines (two throwaway MariaDB servers).
# Results: build/bench-results/cluster.txt. Not part of the test suite.
# Usage: bash bench/cluster/run.sh [ROUNDS=30] [SECONDS=5]
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-30}
SECONDS_PER_RUN=${2:-5}
bash scripts/build.sh --target sqlroute_cluster_bench --target sqlroute-proxy --target _cluster
mkdir -p build/bench-results
PYTHONPATH=tests/cluster /usr/bin/python3 - "$ROUNDS" "$SECONDS_PER_RUN" <<'PY' | tee build/bench-results/cluster.txt
import subprocess, sys
from zookeeper_server import ZooKeeperServer
server = ZooKeeperServer()
try:
    server.start()
    print(f"ZooKeeper 3.8 (standalone, tick 200 ms) on {server.servers}", flush=True)
    subprocess.run(["build/bench/sqlroute_cluster_bench", f"zookeeper://{server.servers}", sys.argv[1], sys.argv[2]],
                   check=True)
    subprocess.run([sys.executable, "bench/cluster/proxy_propagation.py", server.servers, sys.argv[1]], check=True)
finally:
    server.remove()
PY
