#!/usr/bin/env bash
# Runs one libFuzzer target for a given time: bash scripts/fuzz.sh TARGET SECONDS
# TARGET: parse lexer route yaml distsql inline normalizer packets, or merge, or groovy. Builds with clang (ASan+UBSan) into
# build-fuzz/, seeds from tests/golden (tests/fuzz/make_seeds.py), keeps the growing corpus in
# build-fuzz/corpus/TARGET and crash inputs in build-fuzz/artifacts/TARGET/. A crash input
# belongs in tests/fuzz/regressions/TARGET/ once fixed (ctest replays it).
# `merge` is the random differential merge test on real MariaDB (tests/mariadb/merge_fuzz.py):
# new seeds for SECONDS, each wrong result written to tests/mariadb/merge_regressions/.
# `groovy` is the differential test of inline expressions against Groovy
# (tests/cpp/expr_groovy_differential_test.cc): new seeds for SECONDS, differences printed.
# Groovy runs on Debian's Java 17, whose Double.toString may print more digits than Java 19+
# (and sqlroute): a difference that only shows through such a double's text is expected.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz.sh TARGET SECONDS}
seconds=${2:?usage: fuzz.sh TARGET SECONDS}

bash scripts/ensure-deps.sh
if [ "$target" = merge ]; then
  bash scripts/build.sh --target _core
  PYTHONPATH=python exec /usr/bin/python3 tests/mariadb/merge_fuzz.py "$seconds"
fi
if [ "$target" = groovy ]; then
  bash scripts/build.sh --target test_config
  SQLROUTE_GROOVY_SECONDS="$seconds" exec build/tests/test_config --gtest_filter='InlineGroovyDifferential.*'
fi
if ! command -v clang++-14 >/dev/null || ! compgen -G "/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get install -y -qq --no-install-recommends clang-14 libclang-rt-14-dev
fi

BUILD_DIR=build-fuzz
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSQLROUTE_FUZZ=ON \
    -DSQLROUTE_SANITIZE=address,undefined -DSQLROUTE_BUILD_PYTHON=OFF -DSQLROUTE_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$BUILD_DIR" -j "${SQLROUTE_JOBS:-$(nproc)}" --target "fuzz_$target"

cmake --build "$BUILD_DIR" --target fuzz_seed_corpus >/dev/null
corpus="$BUILD_DIR/corpus/$target"
artifacts="$BUILD_DIR/artifacts/$target"
mkdir -p "$corpus" "$artifacts" "tests/fuzz/regressions/$target"
export LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0"
"$BUILD_DIR/tests/fuzz/fuzz_$target" "$corpus" "$BUILD_DIR/tests/fuzz/seeds/$target" "tests/fuzz/regressions/$target" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=8192 \
  -artifact_prefix="$artifacts/" -print_final_stats=1
