#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# static_analysis.sh - the static-analysis gate (bash ci/test.sh --gate
# static): clang-tidy with the repository's .clang-tidy, and cppcheck, over
# every C file of lib/, cli/ and the bindings (python/src, wasm/shim.c), as
# the builds compile them (their compile_commands.json). Zero findings pass.
#
#   bash ci/static_analysis.sh [BUILD_DIR]   (default build/ci-static)
#
# Two CMake configures (nothing is built): the main project with the Python
# binding on, and wasm/ (its own project, for shim.c's wasm32-wasi flags).
# Their compile databases are merged into BUILD_DIR/db, one entry per file.
# Findings go to BUILD_DIR/clang-tidy.txt and BUILD_DIR/cppcheck.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build/ci-static}
jobs=${CI_JOBS:-2}
mkdir -p "$dir/db" "$dir/cppcheck-cache"

# Findings let off: none. (The list the gate came in with, for files being
# split at the time, is cleared; keep it empty.)
temporary_allowed=()

log() { printf '%s\n' "--- $*"; }
die() {
    echo "static_analysis: $*" >&2
    exit 1
}

start=$(date +%s)
log "configure $dir and $dir/wasm (compile_commands.json only)"
cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DROBOTS_BUILD_PYTHON=ON \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    >"$dir/configure.log" 2>&1 || die "cmake could not configure $dir (see $dir/configure.log)"
cmake -S wasm -B "$dir/wasm" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DROBOTS_WASM_COPY_TO_JS=OFF >"$dir/wasm-configure.log" 2>&1 ||
    die "cmake could not configure $dir/wasm (see $dir/wasm-configure.log)"

# One entry per file: lib/ and cli/ files are compiled into more than one
# target with the same flags; shim.c comes from the wasm build alone.
python3 - "$dir" <<'EOF'
import json, os, sys
d = sys.argv[1]
entries, seen = [], set()
for db, wanted in ((os.path.join(d, "compile_commands.json"), ("lib/", "cli/", "python/src/")),
                   (os.path.join(d, "wasm", "compile_commands.json"), ("wasm/shim.c",))):
    for e in json.load(open(db)):
        f = os.path.relpath(os.path.join(e["directory"], e["file"]))
        if f.startswith(wanted) and f not in seen:
            seen.add(f)
            entries.append(e)
json.dump(entries, open(os.path.join(d, "db", "compile_commands.json"), "w"), indent=1)
with open(os.path.join(d, "files.txt"), "w") as out:
    out.write("".join(f + "\n" for f in sorted(seen)))
EOF
mapfile -t files <"$dir/files.txt"
[ ${#files[@]} -gt 0 ] || die "no C files in the compile databases"
for want in lib/src cli/ python/src wasm/shim.c; do
    printf '%s\n' "${files[@]}" | grep -q "^$want" || die "no file of $want in the compile databases"
done

# Drops the temporarily allowed (file, check) pairs from findings read on
# stdin ("file:line:col: severity: message [check,...]").
drop_temporary() {
    local line pair file check keep
    while IFS= read -r line; do
        keep=1
        for pair in "${temporary_allowed[@]}"; do
            file=${pair%% *}
            check=${pair#* }
            if [[ $line == "$file:"* && $line == *"[$check"[],]* ]]; then
                keep=0
                break
            fi
        done
        [ $keep -eq 0 ] || printf '%s\n' "$line"
    done
}

log "clang-tidy $(clang-tidy --version | grep -o '[0-9][0-9.]*' | head -1): ${#files[@]} files, $jobs at a time"
t0=$(date +%s)
# clang-tidy exits non-zero on any finding (WarningsAsErrors); the findings
# are judged from its output, after the temporary list. Names are the naming
# gate's (the same .clang-tidy), not this one's.
printf '%s\n' "${files[@]}" |
    nice xargs -P"$jobs" -n4 clang-tidy -p "$dir/db" --quiet \
        --checks=-readability-identifier-naming >"$dir/clang-tidy.raw" 2>&1 || true
grep -E '^[^ ].*:[0-9]+:[0-9]+: (error|warning): ' "$dir/clang-tidy.raw" |
    sed "s|^$PWD/||" | sort -u >"$dir/clang-tidy.all" || true
drop_temporary <"$dir/clang-tidy.all" >"$dir/clang-tidy.txt"
tidy_count=$(wc -l <"$dir/clang-tidy.txt")
allowed_count=$(($(wc -l <"$dir/clang-tidy.all") - tidy_count))
echo "clang-tidy: $tidy_count findings ($allowed_count more in the temporary list), $(($(date +%s) - t0)) s"
# A file that does not compile is a finding ([clang-diagnostic-error]); a
# clang-tidy that crashed or could not read a file is a failure.
if grep -qE 'Stack dump|PLEASE submit a bug report|Error while processing|Error reading configuration' "$dir/clang-tidy.raw" &&
    [ "$tidy_count" -eq 0 ]; then
    grep -E 'Stack dump|PLEASE|Error while processing|Error reading' "$dir/clang-tidy.raw" | head -n 5
    die "clang-tidy failed without a finding (see $dir/clang-tidy.raw)"
fi

# cppcheck: warnings (defects), portability and performance; one
# configuration per file, the one its compile command gives. cppcheck 2.10
# cannot parse C11's `_Atomic(T)` type specifier (an internalAstError that
# skips the whole file, index_layout.h's and parse.c's); the prelude spells
# it `T` for cppcheck alone, which changes nothing it checks. System
# headers are not given to it (missingIncludeSystem): libc is not checked.
cat >"$dir/cppcheck-prelude.h" <<'EOF'
/* cppcheck reads `_Atomic(T)` as `T` (see ci/static_analysis.sh). */
#define _Atomic(T) T
EOF
log "cppcheck $(cppcheck --version | grep -o '[0-9][0-9.]*' | head -1): the same files, $jobs at a time"
t0=$(date +%s)
nice cppcheck --project="$dir/db/compile_commands.json" --std=c11 \
    --enable=warning,portability,performance --inline-suppr \
    --include="$dir/cppcheck-prelude.h" --suppress=missingIncludeSystem \
    --cppcheck-build-dir="$dir/cppcheck-cache" -j"$jobs" --quiet \
    --error-exitcode=1 \
    --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
    >"$dir/cppcheck.raw" 2>&1 && cppcheck_rc=0 || cppcheck_rc=$?
grep -E ':[0-9]+:[0-9]+: [a-z]+: .*\[[A-Za-z0-9_]+\]$' "$dir/cppcheck.raw" |
    sed "s|^$PWD/||" | sort -u | drop_temporary >"$dir/cppcheck.txt" || true
cpp_count=$(wc -l <"$dir/cppcheck.txt")
echo "cppcheck: $cpp_count findings, $(($(date +%s) - t0)) s"
if [ "$cppcheck_rc" -ne 0 ] && [ "$cpp_count" -eq 0 ] &&
    ! grep -qE ':[0-9]+:[0-9]+: [a-z]+: ' "$dir/cppcheck.raw"; then
    head -n 20 "$dir/cppcheck.raw"
    die "cppcheck failed (exit $cppcheck_rc) without a finding (see $dir/cppcheck.raw)"
fi

echo "static analysis: $((tidy_count + cpp_count)) findings in ${#files[@]} files, $(($(date +%s) - start)) s in all"
if [ $((tidy_count + cpp_count)) -gt 0 ]; then
    cat "$dir/clang-tidy.txt" "$dir/cppcheck.txt" | head -n 60
    # Picked up by gate_static for the summary.
    echo "$tidy_count clang-tidy and $cpp_count cppcheck findings (first: $(cat "$dir/clang-tidy.txt" "$dir/cppcheck.txt" | head -n 1))" >"$dir/why.txt"
    exit 1
fi
rm -f "$dir/why.txt"
