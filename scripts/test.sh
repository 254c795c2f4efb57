#!/usr/bin/env bash
# Runs every test: the GoogleTest suites through ctest, then pytest. Exits non-zero on any
# failure; the runners' summary lines come last.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh || exit 1
bash scripts/build.sh || exit 1

BUILD_DIR=${SQLROUTE_BUILD_DIR:-build}
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" > "$BUILD_DIR/ctest.log" 2>&1
ctest_status=$?
PYTHONPATH=python /usr/bin/python3 -m pytest -q tests/python tests/mariadb tests/proxy tests/cluster > "$BUILD_DIR/pytest.log" 2>&1
pytest_status=$?
if [ $pytest_status -eq 5 ]; then
  echo "pytest collected no tests" >> "$BUILD_DIR/pytest.log"
  pytest_status=1
fi

if [ $ctest_status -ne 0 ]; then sed -n '/The following tests FAILED/,$p' "$BUILD_DIR/ctest.log" | head -50; fi
if [ $pytest_status -ne 0 ]; then tail -60 "$BUILD_DIR/pytest.log"; fi
echo "== GoogleTest (ctest) =="
grep -E "tests passed|No tests were found" "$BUILD_DIR/ctest.log" | tail -n 1
echo "== pytest =="
tail -n 1 "$BUILD_DIR/pytest.log"
[ $ctest_status -eq 0 ] && [ $pytest_status -eq 0 ]
