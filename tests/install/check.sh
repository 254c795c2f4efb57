#!/usr/bin/env bash
# Installs the build into a scratch prefix, then builds and runs tests/install as an outside
# project using find_package(sqlroute). Arguments: build dir, source dir.
set -euo pipefail
build_dir=$1
source_dir=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build_dir" --prefix "$scratch/prefix" >/dev/null
cmake -S "$source_dir/tests/install" -B "$scratch/build" -DCMAKE_PREFIX_PATH="$scratch/prefix" >/dev/null
cmake --build "$scratch/build" >/dev/null
"$scratch/build/sqlroute_install_check" "$source_dir/examples/sharding.yaml"
