#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz-smoke.sh - every fuzz harness for a bounded time under ASan+UBSan,
# then a brief AFL++ run. Fails on any crash, invariant violation, timeout,
# leak, or time/memory out of proportion (-timeout, -rss_limit_mb,
# -malloc_limit_mb), and on any crash AFL++ saved (afl-fuzz exits 0 even
# then, so its crash directory and fuzzer_stats are read).
#
#   FUZZ_SECONDS     seconds per libFuzzer harness (default 20)
#   COST_ITERATIONS  robots.txt cases of the cost fuzzer (default 400; 0
#                    skips it), COST_SEED its seed (default 1)
#   AFL_SECONDS      seconds of AFL++ (default 45; 0 skips it)
#   AFL_HARNESS      the harness AFL++ runs (default differential)
#   FUZZ_JOBS        harnesses run at once (default CI_JOBS, else the cores)
#   BUILD_DIR        (default build-fuzz-smoke); the AFL++ build is
#                    $BUILD_DIR-afl
# Each run starts from corpus/NAME and corpus/regressions/NAME (read only:
# new inputs go to $BUILD_DIR/work/NAME). Findings are left in
# $BUILD_DIR/work/NAME-artifacts/ for corpus/regressions/NAME/.
# The cost fuzzer (fuzz/cost/, built in the same tree without sanitizers)
# fails on the first call over its budget and leaves its inputs in
# $BUILD_DIR/work/cost-over-budget/.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bash ci/install-deps.sh

seconds=${FUZZ_SECONDS:-20}
cost_iterations=${COST_ITERATIONS:-400}
cost_seed=${COST_SEED:-1}
afl_seconds=${AFL_SECONDS:-45}
afl_harness=${AFL_HARNESS:-differential}
jobs=${FUZZ_JOBS:-${CI_JOBS:-$(nproc)}}
build=${BUILD_DIR:-build-fuzz-smoke}
harnesses=$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||')
failed=()

# report_failure NAME EXIT ARTIFACTS LOG: what a failed harness found, on
# stdout and in $CI_DETAILS_FILE (which ci/test.sh prints after its summary,
# so that a CI log cut to its last lines still says what failed): the
# sanitizer's or libFuzzer's own lines (with the run's seed), and each input
# it saved (crash-, timeout-, oom-, leak-) in base64, the start of a long
# one, to reproduce: `base64 -d > x; build-fuzz-smoke/fuzz/fuzz_NAME x`.
report_failure() {
    local h=$1 rc=$2 art=$3 log=$4 f
    {
        echo "fuzz-smoke: $h FAILED (exit $rc, $(ls "$art" | wc -l) artifact(s) in $art)"
        grep -E 'INFO: Seed|ERROR|invariant failed|runtime error|SUMMARY|Timeout|out-of-memory' \
            "$log" | head -n 7 || true
        for f in "$art"/*; do
            [ -f "$f" ] || continue
            echo "fuzz-smoke: $h saved $(basename "$f") ($(wc -c <"$f") bytes), base64$([ "$(wc -c <"$f")" -gt 1500 ] && echo ' of the first 1500'):"
            head -c 1500 "$f" | base64 -w 0
            echo
            # Run alone again: a crash that repeats is the input's; a
            # timeout or out-of-memory that does not points at the machine.
            local t0=$SECONDS rerun=0
            ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
            UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
                "$build/fuzz/fuzz_$h" -timeout=5 -rss_limit_mb=2048 \
                -malloc_limit_mb=1024 "$f" >"$build/work/$h-rerun.log" 2>&1 || rerun=$?
            echo "fuzz-smoke: $h $(basename "$f") run alone again: exit $rerun in $((SECONDS - t0)) s"
        done
    } | tee -a "${CI_DETAILS_FILE:-/dev/null}"
}

cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROBOTS_BUILD_FUZZERS=ON \
    -DROBOTS_BUILD_COST_FUZZ=ON \
    -DROBOTS_SANITIZE=address,undefined -DROBOTS_BUILD_CONFORMANCE=OFF \
    -DROBOTS_BUILD_BENCH=OFF -DBUILD_TESTING=OFF >/dev/null
targets=()
for h in $harnesses; do targets+=("fuzz_$h"); done
[ "$cost_iterations" -gt 0 ] && targets+=(robots_cost_fuzz)
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

# fuzz_one NAME: one harness for $seconds; its verdict in $build/work/NAME.status
# (0 ok) and its line or its failure's report in $build/work/NAME.report.
fuzz_one() {
    local h=$1 work art max_len dirs d rc execs cov found
    work="$build/work/$h"
    art="$build/work/$h-artifacts"
    rm -rf "$work" "$art"
    mkdir -p "$work" "$art"
    max_len=$(sed -n 's/^max_len = //p' "fuzz/$h.options")
    dirs=("$work")
    for d in "corpus/$h" "corpus/regressions/$h"; do
        [ -d "$d" ] && dirs+=("$d")
    done
    set +e
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$build/fuzz/fuzz_$h" "${dirs[@]}" -dict="fuzz/$h.dict" \
        -max_len="${max_len:-4096}" -max_total_time="$seconds" -timeout=5 \
        -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
        -artifact_prefix="$art/" >"$build/work/$h.log" 2>&1
    rc=$?
    set -e
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/work/$h.log")
    # (a harness that fails on its first input has no such line)
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$build/work/$h.log" | tail -1 || true)
    found=$(ls "$art" | wc -l)
    # libFuzzer: 1 crash/leak/invariant, 70 timeout, 71 out of memory.
    if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ]; then
        CI_DETAILS_FILE=$build/work/$h.details \
            report_failure "$h" "$rc" "$art" "$build/work/$h.log" >"$build/work/$h.report"
        echo 1 >"$build/work/$h.status"
    else
        echo "fuzz-smoke: $h ok (${execs:-?} runs, $cov)" >"$build/work/$h.report"
        echo 0 >"$build/work/$h.status"
    fi
}

# The harnesses are independent and each is one process on one core: run
# $jobs at a time (each still for $seconds), so the gate takes the time of
# the harnesses divided by the cores rather than their sum. Reports are
# printed in the harnesses' order once all are done.
running=0
for h in $harnesses; do
    rm -f "$build/work/$h.status" "$build/work/$h.report" "$build/work/$h.details"
    mkdir -p "$build/work"
    fuzz_one "$h" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait
for h in $harnesses; do
    cat "$build/work/$h.report" 2>/dev/null || echo "fuzz-smoke: $h left no report"
    if [ -s "$build/work/$h.details" ] && [ -n "${CI_DETAILS_FILE:-}" ]; then
        cat "$build/work/$h.details" >>"$CI_DETAILS_FILE"
    fi
    [ "$(cat "$build/work/$h.status" 2>/dev/null)" = 0 ] || failed+=("$h")
done

# The cost fuzzer: every call of every entry point held to its budget
# (fuzz/README.md, "Cost fuzzing"). Its summary says how close each came.
if [ "$cost_iterations" -gt 0 ]; then
    over="$build/work/cost-over-budget"
    rm -rf "$over"
    t0=$SECONDS
    set +e
    "$build/fuzz/cost/robots_cost_fuzz" --seed "$cost_seed" \
        --iterations "$cost_iterations" --save "$over" \
        >"$build/work/cost.log" 2>&1
    rc=$?
    set -e
    if [ "$rc" -ne 0 ]; then
        {
            echo "fuzz-smoke: cost FAILED (exit $rc after $((SECONDS - t0)) s):"
            grep -v '^  ' "$build/work/cost.log" | tail -n 8
            grep -A3 'OVER BUDGET' "$build/work/cost.log" || true
            echo "fuzz-smoke: the inputs are in $over"
        } | tee -a "${CI_DETAILS_FILE:-/dev/null}"
        failed+=(cost)
    else
        cat "$build/work/cost.log"
        echo "fuzz-smoke: cost ok in $((SECONDS - t0)) s"
    fi
fi

if [ "$afl_seconds" -gt 0 ]; then
    bash ci/afl-run.sh "$afl_harness" "$afl_seconds" "$build-afl" ||
        failed+=("afl-$afl_harness")
fi

if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzz-smoke: FAILED: ${failed[*]}"
    exit 1
fi
echo "fuzz-smoke: all harnesses ok"
