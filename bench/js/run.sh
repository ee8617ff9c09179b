#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh - the JavaScript benchmark (bench/js/bench.mjs) in one command:
# makes the fixed workload from the shared generators (../shared/bench, or
# ROBOTS_BENCH_SHARED), installs robots-parser at the pinned version into
# the work folder, builds librobots.wasm if js/ has none, and runs both
# side by side. Extra arguments go to bench.mjs (--runs N, --json FILE).
#
#   bash bench/js/run.sh [WORK_DIR] [--runs N] [--json FILE]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$root/build/bench-js
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
    work=$1
    shift
fi
shared=${ROBOTS_BENCH_SHARED:-$root/../shared/bench}
robots_parser_version=3.0.1

if [ ! -e "$shared/gen_robots.py" ]; then
    echo "run.sh: no workload generators at $shared (set ROBOTS_BENCH_SHARED)" >&2
    exit 2
fi
mkdir -p "$work"
python3 "$shared/gen_robots.py" "$work/robots.txt"
python3 "$shared/gen_urls.py" "$work/urls.txt" 1000

installed=$(node -p "require('$work/node_modules/robots-parser/package.json').version" 2>/dev/null || true)
if [ "$installed" != "$robots_parser_version" ]; then
    echo "run.sh: installing robots-parser@$robots_parser_version into $work"
    npm install --prefix "$work" --no-save --no-package-lock --no-audit \
        --no-fund "robots-parser@$robots_parser_version" >/dev/null
fi

if [ ! -e "$root/js/librobots.wasm" ]; then
    cmake -S "$root/wasm" -B "$root/build/wasm" >/dev/null
    cmake --build "$root/build/wasm" -j2 >/dev/null
fi

exec node --expose-gc "$root/bench/js/bench.mjs" --robots "$work/robots.txt" \
    --urls "$work/urls.txt" --robots-parser "$work/node_modules/robots-parser" "$@"
