#!/usr/bin/env bash
# The main job: builds if needed, then explains how the example rule set routes a handful of
# statements (data source, actual SQL and parameters of every unit).
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
if ! bash scripts/build.sh --target _core >"$log" 2>&1; then
  cat "$log"
  exit 1
fi
rm -f "$log"
PYTHONPATH=python /usr/bin/python3 -m sqlroute demo examples/sharding.yaml examples/demo.sql
