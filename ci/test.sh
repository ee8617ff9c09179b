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
# keeps its whole output in build/ci-logs/NAME.log.
#
# Gates run in lanes, CI_LANES at a time (default: 2 where there are two
# cores or more), the dearest first; each gate's log is printed whole when it
# ends, and the summary lists them in the order of --list. Gates sharing a
# build directory run one after the other in one lane (ci/gates.sh,
# ci_chain_of). Why: a gate alone leaves a core idle for part of its time
# (configuring, linking, the last test, gcovr, a browser's start), and two at
# once fill it. With CI_LANES=1 the gates run one by one, their output as it
# comes.
#
# Environment: CI_LANES; CI_JOBS (parallel jobs within a gate; default the
# cores divided by the lanes, at least 1); CI_TEST_TIMEOUT (seconds per
# ctest test, default 900).
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

# The chains of the selected gates (gates sharing a build directory, in
# their order), the dearest first.
declare -A chain_gates=() chain_cost=()
for gate in "${selected[@]}"; do
    key=$(ci_chain_of "$gate")
    chain_gates[$key]="${chain_gates[$key]:-} $gate"
    chain_cost[$key]=$((${chain_cost[$key]:-0} + $(ci_gate_cost "$gate")))
done
mapfile -t chains < <(for key in "${!chain_gates[@]}"; do
    echo "${chain_cost[$key]} $key"
done | sort -k1,1nr -k2,2 | cut -d' ' -f2)

cores=$(nproc 2>/dev/null || echo 1)
lanes=${CI_LANES:-$((cores >= 2 ? 2 : 1))}
[[ $lanes =~ ^[1-9][0-9]*$ ]] || {
    echo "ci/test.sh: CI_LANES must be a whole number of lanes, 1 or more" >&2
    exit 2
}
[ "$lanes" -le "${#chains[@]}" ] || lanes=${#chains[@]}
if [ -z "$CI_JOBS_GIVEN" ]; then
    CI_JOBS=$((cores / lanes))
    [ "$CI_JOBS" -ge 1 ] || CI_JOBS=1
fi
export CI_JOBS # the gates' scripts read it (fuzz-smoke.sh, static_analysis.sh)

start=$SECONDS
if ! bash ci/install-deps.sh </dev/null; then
    echo "ci/test.sh: ci/install-deps.sh failed: the gates cannot run" >&2
    echo "0 passed, ${#selected[@]} failed"
    exit 1
fi

mkdir -p "$CI_LOGS"
# A gate is counted from the files it leaves: none may be an earlier run's
# (a lane that died before a gate would otherwise count that gate's old
# result).
for gate in "${selected[@]}"; do
    rm -f "$CI_LOGS/$gate".{result,why,details,log}
done
passed=0
failed=0
report=()
details_of_failed=()

if [ "$lanes" -le 1 ]; then
    for gate in "${selected[@]}"; do
        ci_run_gate "$gate"
    done
else
    echo "=== ${#selected[@]} gates in $lanes lanes, $CI_JOBS jobs each; each gate's log follows when it ends"
    declare -A chain_of_pid=()
    # chain_done: waits for a lane's chain to end, then prints each of its
    # gates' logs and counts them.
    chain_done() {
        local pid gate
        wait -n -p pid || true
        for gate in ${chain_gates[${chain_of_pid[$pid]}]}; do
            echo
            echo "=== gate $gate: $(ci_describe "$gate")"
            cat "$CI_LOGS/$gate.log" 2>/dev/null || true
            ci_account_gate "$gate"
        done
        unset "chain_of_pid[$pid]"
    }
    for key in "${chains[@]}"; do
        while [ "${#chain_of_pid[@]}" -ge "$lanes" ]; do
            chain_done
        done
        echo "--- started: ${chain_gates[$key]# }"
        (
            for gate in ${chain_gates[$key]}; do
                ci_execute_gate "$gate"
            done
            exit 0
        ) &
        chain_of_pid[$!]=$key
    done
    while [ "${#chain_of_pid[@]}" -gt 0 ]; do
        chain_done
    done
    # The summary in the order of the selection, whatever order they ended in.
    in_order=()
    for gate in "${selected[@]}"; do
        for line in "${report[@]}"; do
            case $line in "PASSED  $gate ("* | "SKIPPED $gate ("* | "FAILED  $gate ("*) in_order+=("$line") ;; esac
        done
    done
    report=("${in_order[@]}")
fi

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
