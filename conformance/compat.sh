#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# compat.sh - runs the conformance suite against librobots and every other
# implementation available here, and writes conformance/COMPATIBILITY.md.
#
#   conformance/compat.sh [BUILD_DIR]     (default: build-conf)
#
# Implementations: librobots in-process (robots-conformance), the `robots`
# command through the robots_main protocol, Python's urllib.robotparser
# (standard library) and npm's robots-parser (installed with npm into
# BUILD_DIR/compat/node when npm is available). An implementation that is
# not available is listed as such; the others still run.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${1:-$root/build-conf}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
out="$build/compat"
mkdir -p "$out"

# Always rebuild (incremental): the report must describe the current code.
[ -f "$build/CMakeCache.txt" ] || cmake -S "$root" -B "$build" >/dev/null
cmake --build "$build" -j2 --target robots-conformance >/dev/null
# The command is optional: when it does not build, its row is left out.
cmake --build "$build" -j2 --target robots_cli >/dev/null 2>&1 || rm -f "$build/cli/robots"
runner="$build/conformance/robots-conformance"
profiles="rfc9309 google legacy"
impls=()

run() { # name kind-filter command-or-empty
    local name="$1" kind="$2" cmd="$3" p args
    for p in $profiles; do
        args=(--profile "$p" --json "$out/$name.$p.json")
        [ -n "$kind" ] && args+=(--kind "$kind")
        [ -n "$cmd" ] && args+=(--command "${cmd//PROFILE/$p}")
        "$runner" "${args[@]}" >"$out/$name.$p.log" 2>&1 || true
        echo "  $name [$p]: $(tail -n 1 "$out/$name.$p.log")"
    done
    impls+=("$name")
}

echo "compat: running the suite"
run librobots "" ""
run librobots-verdicts verdict ""
if [ -x "$build/cli/robots" ]; then
    run robots-command verdict "'$build/cli/robots' check --profile PROFILE --agent {agent} {robots} {url} >/dev/null"
fi
if command -v python3 >/dev/null; then
    run python-urllib-robotparser verdict "python3 '$here/adapters/urllib_robotparser.py' {robots} {agent} {url}"
fi
if command -v npm >/dev/null && command -v node >/dev/null; then
    node_dir="$out/node"
    if [ ! -d "$node_dir/node_modules/robots-parser" ]; then
        mkdir -p "$node_dir"
        (cd "$node_dir" && npm install --silent --no-audit --no-fund robots-parser >/dev/null 2>&1) || true
    fi
    if [ -d "$node_dir/node_modules/robots-parser" ]; then
        ROBOTS_PARSER_DIR="$node_dir" run npm-robots-parser verdict "node '$here/adapters/robots_parser.js' {robots} {agent} {url}"
        version="$(node -e "console.log(require('$node_dir/node_modules/robots-parser/package.json').version)")"
        echo "$version" >"$out/npm-robots-parser.version"
    fi
fi
python3 "$here/tools/compat_report.py" "$out" "${impls[@]}" >"$here/COMPATIBILITY.md"
echo "compat: wrote $here/COMPATIBILITY.md"
