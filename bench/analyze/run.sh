#!/usr/bin/env bash
# `sqlroute analyze` on a long general log (not part of the test suite):
#   bash bench/analyze/run.sh [LINES=1000000] [RUNS=3]
# Builds sqlroute, writes a MariaDB general log of LINES sysbench oltp_read_write lines
# (bench/analyze/make_log.py) and times `python3 -m sqlroute analyze --json` on it under the
# seed's MOD-10 rule (tests/mariadb/rules/sbtest_mod10.yaml), RUNS times; prints the median
# CPU time and real time, and, as the baseline measured in the same run, the median CPU time of
# routing the same statements with Engine.route alone. Results: build/bench-results/analyze.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
LINES=${1:-1000000}
RUNS=${2:-3}
bash scripts/build.sh --target _core >/dev/null
mkdir -p build/bench-results
LOG=build/bench-results/analyze-general-$LINES.log
[ -f "$LOG" ] || /usr/bin/python3 bench/analyze/make_log.py "$LINES" "$LOG"
PYTHONPATH=python /usr/bin/python3 bench/analyze/time_analyze.py tests/mariadb/rules/sbtest_mod10.yaml "$LOG" "$RUNS" |
  tee build/bench-results/analyze.txt
