#!/bin/sh
# SPDX-License-Identifier: MIT
# include_graph_test.sh - ci/include_graph.py tested on its fixtures
# (ci/include_graph_fixtures/): it must fail on a module cycle and on an
# include whose names are not used, naming each, and pass a clean graph.
# Usage: include_graph_test.sh [REPO_ROOT]
root=${1:-.}
script=$root/ci/include_graph.py
fixtures=$root/ci/include_graph_fixtures
fail=0
expect() { # expect NAME WANT_RC PATTERN
    out=$(python3 "$script" --root "$fixtures/$1" --include "$fixtures/none" 2>&1)
    rc=$?
    if [ "$rc" -ne "$2" ]; then
        echo "FAIL $1: exit $rc, expected $2"; echo "$out"; fail=1; return
    fi
    if ! printf '%s\n' "$out" | grep -q -- "$3"; then
        echo "FAIL $1: no line matching '$3'"; echo "$out"; fail=1; return
    fi
    echo "ok   $1: exit $rc, '$3'"
}
expect cycle 1 'module cycle: a -> b -> a'
expect unused 1 'b.c: includes "a.h" but uses none of the names it declares'
expect clean 0 'no cycle, every private include used'
# The unused fixture has no cycle: only the unused include is reported.
if python3 "$script" --root "$fixtures/unused" --include "$fixtures/none" 2>&1 |
    grep -q 'module cycle'; then
    echo "FAIL unused: a cycle reported where there is none"; fail=1
fi
exit $fail
