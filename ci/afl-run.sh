#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# afl-run.sh - one AFL++ run of one harness, persistent mode, ASan+UBSan,
# from corpus/NAME, for a bounded time; fails on any crash or hang it
# saved. afl-fuzz exits 0 even when it saved crashes, so its crash and
# hang directories and fuzzer_stats are read instead.
#
# usage: ci/afl-run.sh HARNESS SECONDS BUILD_DIR
# Output in BUILD_DIR/out (afl-fuzz's tree), the log in BUILD_DIR/afl.log;
# prints one line: ok with executions and coverage, or FAILED with counts
# and (also to $CI_DETAILS_FILE, see ci/gates.sh) the first saved inputs in
# base64.
set -euo pipefail
harness=${1:?usage: afl-run.sh HARNESS SECONDS BUILD_DIR}
seconds=${2:?usage: afl-run.sh HARNESS SECONDS BUILD_DIR}
afl=${3:?usage: afl-run.sh HARNESS SECONDS BUILD_DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 \
    cmake -S . -B "$afl" -DCMAKE_C_COMPILER=afl-clang-fast \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DROBOTS_BUILD_CONFORMANCE=OFF -DROBOTS_BUILD_BENCH=OFF \
    -DROBOTS_BUILD_CLI=OFF -DBUILD_TESTING=OFF >/dev/null
AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 \
    cmake --build "$afl" -j"$(nproc)" --target "fuzz_$harness" >/dev/null
out="$afl/out"
rm -rf "$out"
set +e
AFL_NO_UI=1 AFL_BENCH_UNTIL_CRASH=0 \
    afl-fuzz -i "corpus/$harness" -o "$out" \
    -x "fuzz/$harness.dict" -t 5000 -m none -V "$seconds" \
    -- "$afl/fuzz/fuzz_$harness" >"$afl/afl.log" 2>&1
rc=$?
set -e
stats="$out/default/fuzzer_stats"
# (find, not ls: under pipefail a glob with no match would end the script.)
crashes=$(find "$out/default/crashes" -name 'id:*' 2>/dev/null | wc -l || true)
hangs=$(find "$out/default/hangs" -name 'id:*' 2>/dev/null | wc -l || true)
stat() { sed -n "s/^$1 *: *//p" "$stats" 2>/dev/null; }
saved=$(stat saved_crashes)
if [ "$rc" -ne 0 ] || [ ! -f "$stats" ] || [ "$crashes" -ne 0 ] ||
    [ "${saved:-1}" != "0" ] || [ "$hangs" -ne 0 ]; then
    {
        echo "AFL++ $harness FAILED (exit $rc, crashes $crashes," \
            "saved_crashes ${saved:-?}, hangs $hangs; see $out)"
        # Each saved input in base64 (the start of a long one), so that a
        # CI log whose tree is gone still reproduces the finding.
        find "$out/default/crashes" "$out/default/hangs" -name 'id:*' \
            2>/dev/null | head -n 3 | while read -r f; do
            echo "AFL++ $harness saved $(basename "$(dirname "$f")")/$(basename "$f") ($(wc -c <"$f") bytes), base64:"
            head -c 1500 "$f" | base64 -w 0
            echo
        done || true
    } | tee -a "${CI_DETAILS_FILE:-/dev/null}"
    tail -5 "$afl/afl.log" || true
    exit 1
fi
echo "AFL++ $harness ok ($(stat execs_done) execs in $(stat run_time) s," \
    "$(stat corpus_count) inputs, edges $(stat edges_found)/$(stat total_edges)," \
    "bitmap $(stat bitmap_cvg))"
