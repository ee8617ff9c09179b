#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test.sh - the README's one test command, and the only thing .ci/run calls.
# Installs what the gates need (ci/install-deps.sh), runs every CI gate (or
# only those named with --gate), says which gate failed and why (with what
# a failed gate found, a fuzzer's input say, after the summary), and ends
# with the line "N passed, N failed" (gates counted). Exit 1 if any failed.
#
#   bash ci/test.sh                     every gate, in the order of --list
#   bash ci/test.sh --gate NAME ...     only these gates (repeat --gate)
#   bash ci/test.sh --list              the gates and what each proves
#
# Each gate builds in its own directory, build/ci-NAME (gitignored), and
# keeps its whole output in build/ci-logs/NAME.log. Environment: CI_JOBS
# (parallel jobs, default 2), CI_TEST_TIMEOUT (seconds per ctest test,
# default 900).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=ci/gates.sh
source ci/gates.sh

usage() {
    sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e '/SPDX-License-Identifier/d' -e 's/^# \{0,1\}//'
}

selected=()
while [ $# -gt 0 ]; do
    case $1 in
    --gate)
        if [ $# -lt 2 ]; then
            echo "ci/test.sh: --gate needs a gate name (see --list)" >&2
            exit 2
        fi
        selected+=("$2")
        shift 2
        ;;
    --gate=*)
        selected+=("${1#--gate=}")
        shift
        ;;
    --list)
        ci_list_gates
        exit 0
        ;;
    -h | --help)
        usage
        exit 0
        ;;
    *)
        echo "ci/test.sh: unknown argument '$1' (try --help)" >&2
        exit 2
        ;;
    esac
done
if [ ${#selected[@]} -eq 0 ]; then
    selected=("${CI_GATES[@]}")
fi
for gate in "${selected[@]}"; do
    if ! ci_is_gate "$gate"; then
        echo "ci/test.sh: no gate named '$gate'; the gates are: ${CI_GATES[*]} ${CI_NAMED_GATES[*]}" >&2
        exit 2
    fi
done

start=$SECONDS
if ! bash ci/install-deps.sh </dev/null; then
    echo "ci/test.sh: ci/install-deps.sh failed: the gates cannot run" >&2
    echo "0 passed, ${#selected[@]} failed"
    exit 1
fi

mkdir -p "$CI_LOGS"
passed=0
failed=0
report=()
details_of_failed=()
for gate in "${selected[@]}"; do
    ci_run_gate "$gate"
done

echo
echo "=== summary ($((SECONDS - start)) s in all)"
for line in "${report[@]}"; do
    echo "$line"
done
for details in "${details_of_failed[@]}"; do
    echo "--- $(basename "$details" .details), what it found:"
    head -n 40 "$details"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
