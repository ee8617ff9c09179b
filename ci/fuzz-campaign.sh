#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz-campaign.sh - a long libFuzzer campaign under ASan+UBSan, counted in
# CPU time: each harness runs (and is restarted) until its process has used
# CPU_SECONDS of user+system time, so a busy machine stretches the wall
# clock instead of shortening the campaign. Options come from
# fuzz/NAME.options; inputs from corpus/NAME and corpus/regressions/NAME;
# new inputs and findings go to build-fuzz-campaign/NAME/, a line per run
# and per harness to build-fuzz-campaign/summary.txt.
#
#   CPU_SECONDS (default 1800: the issue's 30 CPU-minutes per harness)
#   HARNESSES   (default: every fuzz/fuzz_*.c)
#   JOBS        (default 1: harnesses run side by side; keep <= cores)
#   BUILD_DIR   (default build-fuzz-campaign)
# Findings: build-fuzz-campaign/NAME/crash-*, timeout-*, oom-*, leak-*;
# minimise with `fuzz_NAME -minimize_crash=1 -runs=10000 FILE` and add the
# result to corpus/regressions/NAME/. Exit 1 when anything was found.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
target=${CPU_SECONDS:-1800}
jobs=${JOBS:-1}
build=${BUILD_DIR:-build-fuzz-campaign}
harnesses=${HARNESSES:-$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||')}

cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DROBOTS_BUILD_FUZZERS=ON -DROBOTS_SANITIZE=address,undefined \
    -DROBOTS_BUILD_CONFORMANCE=OFF -DBUILD_TESTING=OFF >/dev/null || exit 2
for h in $harnesses; do
    cmake --build "$build" --target "fuzz_$h" -j2 >/dev/null || exit 2
done
summary="$build/summary.txt"
touch "$summary"

# libfuzzer_flags NAME: the [libfuzzer] section of fuzz/NAME.options as flags
# (the dictionary path made relative to fuzz/).
libfuzzer_flags() {
    sed -n '/^\[libfuzzer\]/,/^\[/{/=/p}' "fuzz/$1.options" |
        while IFS=' =' read -r key value; do
            [ "$key" = dict ] && value="fuzz/$value"
            printf -- '-%s=%s\n' "$key" "$value"
        done
}

# campaign NAME: run until the CPU target is met; 0 when nothing was found.
campaign() {
    local h=$1 out="$build/$1" used=0 rc=0 cpu run=0
    mkdir -p "$out/corpus"
    local flags dirs=("corpus/$h")
    mapfile -t flags < <(libfuzzer_flags "$h")
    # git keeps no empty directory: a harness may have no regressions yet.
    [ -d "corpus/regressions/$h" ] && dirs+=("corpus/regressions/$h")
    while [ "$used" -lt "$target" ]; do
        run=$((run + 1))
        # Wall time never below the CPU still owed: the loop tops up.
        /usr/bin/time -f '%U %S' -o "$out/cpu.$run" \
            nice -n 10 "$build/fuzz/fuzz_$h" "$out/corpus" "${dirs[@]}" \
            "${flags[@]}" \
            -max_total_time=$((target - used)) -print_final_stats=1 \
            -artifact_prefix="$out/" >"$out/log.$run.txt" 2>&1
        rc=$?
        cpu=$(awk '{ printf "%d", $1 + $2 }' "$out/cpu.$run")
        used=$((used + cpu))
        local execs last
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log.$run.txt")
        last=$(grep -E '^#[0-9]+' "$out/log.$run.txt" | tail -1)
        echo "$h run=$run rc=$rc cpu_s=$cpu execs=${execs:-?} last: $last" >>"$summary"
        [ "$rc" -ne 0 ] && break
        [ "$cpu" -eq 0 ] && break  # a harness that cannot run: do not spin
    done
    local artifacts
    artifacts=$(ls "$out" | grep -cE '^(crash|timeout|oom|leak|slow-unit)-' || true)
    echo "$h TOTAL cpu_s=$used rc=$rc artifacts=$artifacts" | tee -a "$summary"
    if [ "$rc" -eq 0 ] && [ "$artifacts" -eq 0 ]; then
        echo clean >"$out/status"
    else
        echo found >"$out/status"
    fi
}

for h in $harnesses; do
    rm -f "$build/$h/status"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n
    done
    campaign "$h" &
done
wait
found=0
for h in $harnesses; do
    [ "$(cat "$build/$h/status" 2>/dev/null)" = clean ] || found=1
done
exit $found
