#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# google-differential.sh - the google profile against google/robotstxt
# itself (fuzz/README.md, "Against Google's library"). Needs a checkout of
# that library in GOOGLE_ROBOTSTXT_DIR; without one it says so and exits 0.
# Installs Debian's libabsl-dev (Abseil, which Google's code needs) if
# missing. Builds in build/ci-google (release: the generator and the
# replay) and build/ci-google-fuzz (clang, libFuzzer, ASan+UBSan), then:
#   1. ctest -L google: replays corpus/regressions/google, a short batch;
#   2. google_batch: GOOGLE_TRIPLES (10,000,000) triples with the parse
#      limit off and GOOGLE_TRIPLES_LIMIT (1,000,000) with the default
#      limit, split over CI_JOBS (2) processes, seeds GOOGLE_SEED (1) on;
#   3. fuzz_google for GOOGLE_FUZZ_SECONDS (60) seconds a job.
# Exit 1 on any disagreement; the inputs go to build/ci-google/found/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if [ -z "${GOOGLE_ROBOTSTXT_DIR:-}" ]; then
    echo "google-differential: skipped: set GOOGLE_ROBOTSTXT_DIR to a checkout" \
        "of google/robotstxt (fuzz/README.md, \"Against Google's library\")"
    exit 0
fi
if [ ! -f "$GOOGLE_ROBOTSTXT_DIR/robots.cc" ]; then
    echo "google-differential: $GOOGLE_ROBOTSTXT_DIR has no robots.cc" >&2
    exit 2
fi
jobs=${CI_JOBS:-2}
triples=${GOOGLE_TRIPLES:-10000000}
triples_limit=${GOOGLE_TRIPLES_LIMIT:-1000000}
fuzz_seconds=${GOOGLE_FUZZ_SECONDS:-60}
seed=${GOOGLE_SEED:-1}

for pkg in libabsl-dev g++ clang; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        echo "google-differential: installing $pkg"
        sudo=
        [ "$(id -u)" -ne 0 ] && sudo=sudo
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
            --no-install-recommends "$pkg" >/dev/null
    fi
done

release=build/ci-google
fuzz=build/ci-google-fuzz
found=$release/found
rm -rf "$found"
mkdir -p "$found"

cmake -S . -B "$release" -DCMAKE_BUILD_TYPE=Release \
    -DGOOGLE_ROBOTSTXT_DIR="$GOOGLE_ROBOTSTXT_DIR" \
    -DROBOTS_BUILD_CONFORMANCE=OFF -DROBOTS_BUILD_BENCH=OFF >/dev/null
cmake --build "$release" -j"$jobs" --target google_batch fuzz_google_replay >/dev/null
(cd "$release" && ctest -L google --output-on-failure)

status=0
run_batch() { # count limit first-seed
    local count=$1 limit=$2 s=$3 pids=() per=$(($1 / jobs))
    for ((j = 0; j < jobs; j++)); do
        local n=$per
        [ "$j" -eq $((jobs - 1)) ] && n=$((count - per * (jobs - 1)))
        nice -n 19 "$release/fuzz/google/google_batch" --count "$n" \
            --seed $((s + j)) --limit "$limit" --save "$found" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || status=1
    done
}
run_batch "$triples" off "$seed"
run_batch "$triples_limit" default $((seed + jobs))

cmake -S . -B "$fuzz" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DROBOTS_BUILD_FUZZERS=ON -DROBOTS_SANITIZE=address,undefined \
    -DGOOGLE_ROBOTSTXT_DIR="$GOOGLE_ROBOTSTXT_DIR" -DBUILD_TESTING=OFF \
    -DROBOTS_BUILD_CONFORMANCE=OFF -DROBOTS_BUILD_BENCH=OFF >/dev/null
cmake --build "$fuzz" -j"$jobs" --target fuzz_google >/dev/null
mkdir -p "$fuzz/work"
seeds=("$root/corpus/check")
[ -d corpus/regressions/google ] && seeds+=("$root/corpus/regressions/google")
# -jobs writes fuzz-N.log where it runs: in $fuzz.
if ! (cd "$fuzz" && nice -n 19 ./fuzz/google/fuzz_google work "${seeds[@]}" \
    -dict="$root/fuzz/google/fuzz_google.dict" -max_len=4096 -timeout=5 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -jobs="$jobs" -workers="$jobs" \
    -max_total_time="$fuzz_seconds" -artifact_prefix="$root/$found/" \
    >fuzz.log 2>&1); then
    status=1
    grep -h -E "google/robotstxt:|ERROR" "$fuzz"/fuzz*.log || true
fi

if ls "$found"/* >/dev/null 2>&1; then
    echo "google-differential: disagreements saved in $found:"
    ls "$found"
    status=1
fi
[ "$status" -eq 0 ] && echo "google-differential: no disagreement"
exit "$status"
