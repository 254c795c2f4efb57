#!/usr/bin/env bash
# Configures and builds sqlroute (Release, ccache) into build/, placing the Python extension
# module into python/sqlroute/. Extra arguments are passed to `cmake --build`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
BUILD_DIR=${SQLROUTE_BUILD_DIR:-build}
JOBS=${SQLROUTE_JOBS:-$(nproc)}
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD_DIR" -j "$JOBS" "$@"
