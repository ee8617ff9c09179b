#!/usr/bin/env bash
# test.sh - every test: builds the project and runs the whole suite under
# ctest. This is the README's test command, and what .ci/run calls.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bash ci/install-deps.sh

build=${BUILD_DIR:-build/ci-gcc}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build "$build" -j"$(nproc)"
ctest --test-dir "$build" --output-on-failure -j"$(nproc)"
