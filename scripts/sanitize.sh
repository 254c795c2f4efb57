#!/usr/bin/env bash
# Sanitizer builds: bash scripts/sanitize.sh asan|tsan
#   asan  build-asan/: every C++ test (ctest) under AddressSanitizer + UndefinedBehaviorSanitizer
#   tsan  build-tsan/: the engine concurrency test (for 10 s), the shared heap and epoch tests
#         under ThreadSanitizer
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?usage: sanitize.sh asan|tsan}
JOBS=${SQLROUTE_JOBS:-$(nproc)}
bash scripts/ensure-deps.sh

configure() {  # build dir, sanitizers
  if [ ! -f "$1/CMakeCache.txt" ]; then
    cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSQLROUTE_SANITIZE="$2" \
      -DSQLROUTE_BUILD_PYTHON=OFF -DSQLROUTE_BUILD_BENCH=OFF >/dev/null
  fi
}

case "$mode" in
  asan)
    configure build-asan address,undefined
    cmake --build build-asan -j "$JOBS"
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
    export LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0"
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    # InstallAndFindPackage builds an outside project, which would need the sanitizer flags too.
    ctest --test-dir build-asan --output-on-failure -j "$JOBS" -E InstallAndFindPackage
    ;;
  tsan)
    configure build-tsan thread
    cmake --build build-tsan -j "$JOBS" --target test_engine test_common
    # No suppressions: TSan reports nothing inside the (uninstrumented) antlr4 runtime so far.
    # die_after_fork=0: a forked child of the shared heap test starts threads of its own.
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:die_after_fork=0"
    SQLROUTE_CONCURRENCY_SECONDS=${SQLROUTE_CONCURRENCY_SECONDS:-10} \
      build-tsan/tests/test_engine --gtest_filter='EngineConcurrencyTest.*:EpochTest.*'
    build-tsan/tests/test_common --gtest_filter='SharedHeapTest.*'
    ;;
  *)
    echo "usage: sanitize.sh asan|tsan" >&2
    exit 2
    ;;
esac
