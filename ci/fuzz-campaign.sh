#!/usr/bin/env bash
# fuzz-campaign.sh - a long libFuzzer campaign, one harness after another
# (one process: these machines are shared), under ASan+UBSan, from corpus/,
# keeping what it finds in build-fuzz-campaign/<harness>/ and a summary
# (executions, cov, ft, findings) in build-fuzz-campaign/summary.txt.
#
#   SECONDS_PER_HARNESS (default 1800: the issue's 30 CPU-minutes)
#   HARNESSES (default: every fuzz/fuzz_*.c)
#   BUILD_DIR (default build-fuzz-campaign)
# Findings: build-fuzz-campaign/<harness>/crash-*, timeout-*, oom-*, leak-*;
# minimise with `fuzz_NAME -minimize_crash=1 -runs=10000 FILE` and add the
# result to corpus/regressions/<harness>/. Exit 1 when anything was found.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
per=${SECONDS_PER_HARNESS:-1800}
build=${BUILD_DIR:-build-fuzz-campaign}
harnesses=${HARNESSES:-$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||')}

cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DROBOTS_BUILD_FUZZERS=ON -DROBOTS_SANITIZE=address,undefined \
    -DROBOTS_BUILD_CONFORMANCE=OFF -DBUILD_TESTING=OFF >/dev/null || exit 2
found=0
summary="$build/summary.txt"
: > "$summary"
for h in $harnesses; do
    cmake --build "$build" --target "fuzz_$h" -j2 >/dev/null || exit 2
    out="$build/$h"
    mkdir -p "$out/corpus"
    max_len=$(sed -n 's/^max_len = //p' "fuzz/$h.options" 2>/dev/null)
    nice -n 10 "$build/fuzz/fuzz_$h" "$out/corpus" "corpus/$h" \
        -dict="fuzz/$h.dict" -max_len="${max_len:-4096}" \
        -max_total_time="$per" -timeout=5 -rss_limit_mb=2048 \
        -malloc_limit_mb=1024 -print_final_stats=1 \
        -artifact_prefix="$out/" >"$out/log.txt" 2>&1
    rc=$?
    last=$(grep -E '^#[0-9]+' "$out/log.txt" | tail -1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log.txt")
    artifacts=$(ls "$out" | grep -cE '^(crash|timeout|oom|leak|slow-unit)-' || true)
    echo "$h rc=$rc execs=${execs:-?} artifacts=$artifacts last: $last" | tee -a "$summary"
    if [ "$rc" -ne 0 ] || [ "$artifacts" -ne 0 ]; then
        found=1
    fi
done
exit $found
