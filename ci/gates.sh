# SPDX-License-Identifier: MIT
# shellcheck shell=bash disable=SC2030,SC2031 # CI_WHY_FILE is per gate
# gates.sh - the CI gates, sourced by ci/test.sh (run them through it:
# `bash ci/test.sh --gate NAME`). Each gate is a function gate_NAME that runs
# in its own subshell with `set -eEuo pipefail`; it passes by returning 0,
# fails through ci_fail "why" (or any failing command, whose text becomes the
# why), and is skipped through ci_skip "why" (exit 77). The working
# directory is the repository's root.

# The gates, in the order they run.
CI_GATES=(gcc clang asan-ubsan msan tsan valgrind coverage symbols stack fuzz instructions format naming google)

CI_JOBS=${CI_JOBS:-2}
CI_TEST_TIMEOUT=${CI_TEST_TIMEOUT:-900}
CI_LOGS=build/ci-logs

ci_describe() {
    case $1 in
    gcc) echo "gcc -Wall -Wextra -Wpedantic -Werror build, whole ctest suite" ;;
    clang) echo "clang -Wall -Wextra -Wpedantic -Werror build without SSE2 or the little-endian word search (the portable path), whole ctest suite" ;;
    asan-ubsan) echo "clang AddressSanitizer + UndefinedBehaviorSanitizer build, whole suite" ;;
    msan) echo "clang MemorySanitizer build, whole suite; conformance verdicts through the MSan-built command" ;;
    tsan) echo "clang ThreadSanitizer build: threads racing to compile a document's sets, and checking it at once" ;;
    valgrind) echo "valgrind memcheck over the whole suite (plain gcc build), leaks are errors" ;;
    coverage) echo "gcc --coverage build, whole suite, gcovr over lib/: >=95% lines, >=90% branches, every function called" ;;
    symbols) echo "exported symbols of librobots.so equal lib/robots.sym, all prefixed robots_" ;;
    stack) echo "gcc -fstack-usage -fcallgraph-info=su over lib/: every exported function's worst path within 16 KiB of stack (ci/stack_usage.py)" ;;
    fuzz) echo "fuzz smoke run (ci/fuzz-smoke.sh): every libFuzzer harness, the cost fuzzer (every call within its budget), AFL++" ;;
    instructions) echo "callgrind over the benchmark workload and worst cases (Release build): every figure within bench/budgets.tsv" ;;
    format) echo "clang-format clean: lib/ cli/ tests/ fuzz/ bench/ conformance/" ;;
    google) echo "the google profile against google/robotstxt itself (ci/google-differential.sh): replays, generated triples, fuzzing; needs GOOGLE_ROBOTSTXT_DIR" ;;
    naming) echo "clang-tidy's identifier naming (.clang-tidy, CONTRIBUTING.md's style) over every C file" ;;
    esac
}

ci_is_gate() {
    local g
    for g in "${CI_GATES[@]}"; do
        [ "$g" = "$1" ] && return 0
    done
    return 1
}

ci_list_gates() {
    local g
    for g in "${CI_GATES[@]}"; do
        printf '%-11s %s\n' "$g" "$(ci_describe "$g")"
    done
}

# A gate may also write what a reader needs to reproduce its failure (a
# fuzzer's finding, say) to $CI_DETAILS_FILE; test.sh prints it after the
# summary, where a log cut to its last lines still shows it.

# ci_fail WHY: the gate fails, and the summary says WHY.
ci_fail() {
    echo "ci: gate failed: $*" >&2
    printf '%s\n' "$*" >"$CI_WHY_FILE"
    exit 1
}

# ci_skip WHY: the gate cannot run here; it counts as neither passed nor failed.
ci_skip() {
    echo "ci: gate skipped: $*"
    printf '%s\n' "$*" >"$CI_WHY_FILE"
    exit 77
}

# Trap for a command that fails without ci_fail: its text is the why.
ci_on_error() {
    if [ ! -s "$CI_WHY_FILE" ]; then
        printf 'command failed (exit %s): %s\n' "$1" "$2" >"$CI_WHY_FILE"
    fi
}

# ci_run_gate NAME: runs one gate, logs it, counts it (test.sh's counters).
ci_run_gate() {
    local name=$1 log="$CI_LOGS/$1.log" why="$CI_LOGS/$1.why"
    local details="$CI_LOGS/$1.details"
    local t0=$SECONDS rc secs
    rm -f "$why" "$details"
    echo
    echo "=== gate $name: $(ci_describe "$name")"
    set +e
    (
        export CI_WHY_FILE=$PWD/$why CI_DETAILS_FILE=$PWD/$details
        set -eEuo pipefail
        trap 'ci_on_error $? "$BASH_COMMAND"' ERR
        "gate_${name//-/_}"
    ) </dev/null 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    secs=$((SECONDS - t0))
    case $rc in
    0)
        passed=$((passed + 1))
        report+=("PASSED  $name (${secs} s)")
        echo "=== gate $name: PASSED in ${secs} s"
        ;;
    77)
        report+=("SKIPPED $name (${secs} s): $(cat "$why" 2>/dev/null)")
        echo "=== gate $name: SKIPPED: $(cat "$why" 2>/dev/null)"
        ;;
    *)
        failed=$((failed + 1))
        if [ ! -s "$why" ]; then
            echo "exit status $rc" >"$why"
        fi
        report+=("FAILED  $name (${secs} s): $(cat "$why") [log: $log]")
        if [ -s "$details" ]; then
            details_of_failed+=("$details")
        fi
        echo "=== gate $name: FAILED in ${secs} s: $(cat "$why")"
        ;;
    esac
}

# ci_build DIR COMPILER [CMAKE_ARGS...]: configures and builds everything in
# DIR with COMPILER, warnings as errors, and a configure error when the
# conformance runner cannot be built (unless the gate turns the runner off).
ci_build() {
    local dir=$1 cc=$2
    shift 2
    echo "--- configure $dir: CC=$cc $*"
    mkdir -p "$dir"
    if ! nice cmake -S . -B "$dir" -DCMAKE_C_COMPILER="$cc" \
        -DROBOTS_WERROR=ON -DROBOTS_REQUIRE_CONFORMANCE=ON "$@" \
        >"$dir/ci-configure.log" 2>&1; then
        cat "$dir/ci-configure.log"
        ci_fail "cmake could not configure $dir: $(grep -m1 -A2 'Error' "$dir/ci-configure.log" | tr -s ' \n' ' ')"
    fi
    echo "--- build $dir"
    if ! nice cmake --build "$dir" -j"$CI_JOBS" 2>&1 | tee "$dir/ci-build.log"; then
        ci_fail "build failed in $dir: $(grep -m1 -E 'error|Error' "$dir/ci-build.log" || echo 'see the log')"
    fi
}

# ci_ctest DIR [CTEST_ARGS...]: runs the whole suite of DIR.
ci_ctest() {
    local dir=$1 failed_tests
    shift
    echo "--- ctest $dir $*"
    if ! nice ctest --test-dir "$dir" --output-on-failure --no-tests=error \
        --timeout "$CI_TEST_TIMEOUT" -j"$CI_JOBS" "$@"; then
        failed_tests=$(sed 's/^[0-9]*://' "$dir/Testing/Temporary/LastTestsFailed.log" 2>/dev/null | tr '\n' ' ')
        ci_fail "tests failed in $dir: ${failed_tests:-see the log}"
    fi
}

# ---------------------------------------------------------------- the gates

gate_gcc() {
    ci_build build/ci-gcc gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo
    ci_ctest build/ci-gcc
}

# The gcc gate tests the parser's SSE2 line search; this one the portable
# byte-by-byte one (lib/src/robotstxt/parse.c, next_candidate).
gate_clang() {
    ci_build build/ci-clang clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        "-DCMAKE_C_FLAGS=-DRB_NO_SIMD -DRB_NO_FIRST_FLAGGED"
    ci_ctest build/ci-clang
}

# A sanitizer report aborts (exit 134), so a test that expects exit 1 from
# the robots command (disallowed) cannot mistake a report for an answer.
gate_asan_ubsan() {
    ci_build build/ci-asan-ubsan clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DROBOTS_SANITIZE=address,undefined
    ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1 \
        UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1 \
        ci_ctest build/ci-asan-ubsan
}

# A document's sets are compiled by the first check that reads one and
# published with an atomic compare-and-swap (lib/src/robotstxt/index.c); test_threads
# races threads to that on fresh documents. ThreadSanitizer reports any
# access the publish does not order, and aborts the test.
gate_tsan() {
    ci_build build/ci-tsan clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DROBOTS_SANITIZE=thread -DROBOTS_BUILD_CONFORMANCE=OFF \
        -DROBOTS_BUILD_BENCH=OFF
    TSAN_OPTIONS=halt_on_error=1:abort_on_error=1 \
        ci_ctest build/ci-tsan -R 'unit-(threads|index|check|small-stack)'
}

# MemorySanitizer needs every linked library instrumented. The conformance
# runner links Debian's cJSON, which is not, so the MSan build leaves the
# runner out (ROBOTS_BUILD_CONFORMANCE=OFF). The conformance data still
# reaches MSan: a plain build of the runner drives the MSan-built `robots`
# command through its --command mode (exit 0 allowed, 1 disallowed, an MSan
# report aborts and counts as a failure), for the verdict cases of every
# profile (cases needing the in-process API are skipped in that mode).
gate_msan() {
    local dir=build/ci-msan runner_dir=build/ci-msan-runner profile robots
    ci_build "$dir" clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DROBOTS_SANITIZE=memory -DROBOTS_BUILD_CONFORMANCE=OFF
    export MSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1
    ci_ctest "$dir"
    robots=$PWD/$dir/cli/robots
    [ -x "$robots" ] || ci_fail "$robots was not built"
    echo "--- conformance verdict cases through the MSan-built robots command"
    nice cmake -S . -B "$runner_dir" -DCMAKE_C_COMPILER=gcc \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
        -DROBOTS_BUILD_CLI=OFF -DROBOTS_BUILD_BENCH=OFF \
        -DROBOTS_REQUIRE_CONFORMANCE=ON >"$runner_dir.log" 2>&1 ||
        ci_fail "cmake could not configure $runner_dir (see $runner_dir.log)"
    nice cmake --build "$runner_dir" -j"$CI_JOBS" --target robots-conformance ||
        ci_fail "the conformance runner did not build in $runner_dir"
    for profile in rfc9309 google legacy; do
        if ! nice "$runner_dir/conformance/robots-conformance" \
            --profile "$profile" --kind verdict \
            --command "$robots check --profile $profile --agent {agent} {robots} {url}" \
            >"$dir/conformance-$profile.log" 2>&1; then
            tail -n 40 "$dir/conformance-$profile.log"
            ci_fail "conformance ($profile) through the MSan-built robots: $(tail -n 1 "$dir/conformance-$profile.log")"
        fi
        echo "conformance $profile: $(tail -n 1 "$dir/conformance-$profile.log")"
    done
}

# ctest -T memcheck runs each test program under valgrind with the options
# below; tests that are scripts get their programs wrapped in valgrind
# instead (ci/valgrind_suite.py), so valgrind checks our code, not /bin/sh.
# No --track-origins: it doubles the time of every run, and the msan gate
# already traces the origin of an uninitialised value.
CI_VALGRIND_OPTIONS="--leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1 --num-callers=30"

gate_valgrind() {
    ci_build build/ci-valgrind gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        "-DMEMORYCHECK_COMMAND_OPTIONS=$CI_VALGRIND_OPTIONS"
    echo "--- valgrind $CI_VALGRIND_OPTIONS"
    # shellcheck disable=SC2086 # the options are words
    nice python3 ci/valgrind_suite.py build/ci-valgrind --jobs "$CI_JOBS" \
        --timeout "$CI_TEST_TIMEOUT" --why "$CI_WHY_FILE" -- $CI_VALGRIND_OPTIONS
}

# Thresholds and filters live in gcovr.cfg (gcovr reads it from the root);
# ci/coverage_report.py prints the summary and adds the function floor.
gate_coverage() {
    local dir=build/ci-coverage rc
    ci_build "$dir" gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROBOTS_COVERAGE=ON
    find "$dir" -name '*.gcda' -delete # the counts of this run only
    rm -f "$dir"/coverage*.{txt,json}
    ci_ctest "$dir"
    echo "--- gcovr $dir (floors in gcovr.cfg: $(grep -E '^fail-under' gcovr.cfg | tr '\n' ' '))"
    set +e
    # gcovr 5.2 can hang with -j after a gcov parse error: bound it.
    timeout 600 nice gcovr "$dir" -j "$CI_JOBS" --txt "$dir/coverage.txt" \
        --json "$dir/coverage.json" \
        --json-summary "$dir/coverage-summary.json" --json-summary-pretty
    rc=$?
    set -e
    case $rc in
    0 | 2 | 4 | 6) ;; # 2, 4, 6: under the line / branch floors, said below
    124) ci_fail "gcovr did not finish in 600 s" ;;
    *) ci_fail "gcovr failed (exit $rc)" ;;
    esac
    [ -s "$dir/coverage-summary.json" ] || ci_fail "gcovr wrote no report"
    echo "--- per-file report: $dir/coverage.txt"
    cat "$dir/coverage.txt"
    echo
    python3 ci/coverage_report.py --config gcovr.cfg --gcovr-status "$rc" \
        --why "$CI_WHY_FILE" "$dir/coverage.json" "$dir/coverage-summary.json"
}

# The shared library exports exactly the names in lib/robots.sym, each with
# the robots_ prefix and each declared in a public header (lib/include/).
gate_symbols() {
    local dir=build/ci-gcc so list=lib/robots.sym bad
    ci_build "$dir" gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo
    so=$dir/lib/librobots.so
    [ -e "$so" ] || ci_fail "$so was not built"
    nm -D --defined-only -P "$so" | awk '{print $1}' | sort -u >"$dir/exported.sym"
    echo "--- $(wc -l <"$dir/exported.sym") symbols exported by $so"
    bad=$(grep -v '^robots_' "$dir/exported.sym" || true)
    if [ -n "$bad" ]; then
        echo "exported without the robots_ prefix:"
        printf '    %s\n' "${bad//$'\n'/$'\n'    }"
        ci_fail "symbols without the robots_ prefix leak: $(echo "$bad" | tr '\n' ' ')"
    fi
    bad=$(while read -r sym; do
        grep -qw -- "$sym" lib/include/robots*.h || echo "$sym"
    done <"$dir/exported.sym")
    if [ -n "$bad" ]; then
        ci_fail "exported but not declared in a public header (lib/include/robots*.h): $(echo "$bad" | tr '\n' ' ')"
    fi
    [ -f "$list" ] || ci_fail "$list is missing"
    grep -v -e '^#' -e '^[[:space:]]*$' "$list" | sort -u >"$dir/expected.sym"
    if ! diff -u "$dir/expected.sym" "$dir/exported.sym" >"$dir/symbols.diff"; then
        echo "exported symbols differ from $list (- listed only, + exported only):"
        grep -E '^[-+][^-+]' "$dir/symbols.diff" | sed 's/^/    /'
        ci_fail "exported symbols differ from $list: $(grep -E '^[-+][^-+]' "$dir/symbols.diff" | tr '\n' ' ')(add or remove the names in $list if the change to the API is meant)"
    fi
    echo "exported symbols match $list"
}

# robots.h promises at most 16 KiB of stack for every public function. gcc
# writes each function's frame (-fstack-usage) and its calls after inlining
# (-fcallgraph-info=su, one .ci file per source); ci/stack_usage.py sums
# the frames along the worst path from each name of lib/robots.sym and
# fails over 16 KiB, on a frame of unbounded size (alloca, a VLA), on
# recursion, on a call outside the library it has no figure for, and on an
# indirect call that is not the allocator's (the caller's callbacks, whose
# stack is the caller's and which robots.h leaves out of the figure). The
# build is the gcc gate's (RelWithDebInfo, -O2): the figures are that
# build's. tests/test_small_stack.c proves the same by running the calls.
gate_stack() {
    local dir=build/ci-stack
    # A fresh build, so that the graphs are this tree's only: a source moved
    # or renamed since an earlier run would leave its old .ci file behind,
    # and its functions with it (the build is a few seconds).
    rm -rf "$dir"
    ci_build "$dir" gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DROBOTS_BUILD_TESTS=OFF -DROBOTS_BUILD_CLI=OFF \
        -DROBOTS_BUILD_CONFORMANCE=OFF -DROBOTS_BUILD_BENCH=OFF \
        "-DCMAKE_C_FLAGS=-fstack-usage -fcallgraph-info=su"
    local graphs=()
    mapfile -t graphs < <(find "$dir/lib" -name '*.ci' | sort)
    [ ${#graphs[@]} -gt 0 ] || ci_fail "gcc wrote no call graphs (.ci) in $dir/lib"
    echo "--- ${#graphs[@]} call graphs; the worst path from each exported function:"
    python3 ci/stack_usage.py --limit 16384 --why "$CI_WHY_FILE" \
        --table "$dir/stack.tsv" lib/robots.sym "${graphs[@]}"
}

# The fuzzing issue provides ci/fuzz-smoke.sh; until it does, this is skipped.
gate_fuzz() {
    local script=ci/fuzz-smoke.sh
    if [ ! -e "$script" ]; then
        ci_skip "$script is not there yet (issue 5 provides it)"
    fi
    if [ ! -x "$script" ]; then
        ci_skip "$script is not executable (chmod +x it to enable this gate)"
    fi
    if ! "./$script" 2>&1 | tee "$CI_LOGS/fuzz-smoke.out"; then
        ci_fail "$script: $(grep -E 'FAILED' "$CI_LOGS/fuzz-smoke.out" | tail -n 1 || tail -n 1 "$CI_LOGS/fuzz-smoke.out")"
    fi
}

# The benchmark's instruction counts, which unlike its times repeat from
# run to run, against bench/budgets.tsv: a change that makes a parse, a
# check or a worst case 10% costlier fails here rather than in a later
# benchmark run. The workload generators are the shared ones beside the
# repository (../shared/bench), as CI has them.
gate_instructions() {
    local dir=build/ci-instructions shared=${ROBOTS_BENCH_SHARED:-../shared/bench}
    [ -e "$shared/gen_robots.py" ] ||
        ci_skip "no workload generators at $shared (set ROBOTS_BENCH_SHARED)"
    command -v valgrind >/dev/null || ci_fail "valgrind is not installed"
    ci_build "$dir" gcc -DCMAKE_BUILD_TYPE=Release -DROBOTS_BUILD_BENCH=ON \
        -DROBOTS_BUILD_TESTS=OFF -DROBOTS_BUILD_CONFORMANCE=OFF
    if ! BASELINES=0 TOP=0 E2E_RUNS=0 BUDGETS=bench/budgets.tsv \
        ROBOTS_BENCH_SHARED="$shared" nice bash bench/callgrind.sh "$dir" \
        "$dir/work" 2>&1 | tee "$CI_LOGS/instructions.out"; then
        ci_fail "over budget: $(grep -E '^(OVER|MISSING)' "$CI_LOGS/instructions.out" | tr '\n' ' ' || echo 'see the log')"
    fi
}

gate_format() {
    local files=() bad=() f out
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        mapfile -t files < <(git ls-files --cached --others --exclude-standard -- \
            'lib/*.[ch]' 'cli/*.[ch]' 'tests/*.[ch]' 'fuzz/*.[ch]' \
            'bench/*.[ch]' 'conformance/*.[ch]' | sort -u)
    else
        mapfile -t files < <(find lib cli tests fuzz bench conformance \
            -name '*.[ch]' 2>/dev/null | sort)
    fi
    for f in "${files[@]}"; do
        [ -f "$f" ] || continue # listed by git but deleted in the tree
        if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
            bad+=("$f")
        fi
    done
    echo "--- clang-format $(clang-format --version | grep -o '[0-9][0-9.]*' | head -1): ${#files[@]} files checked"
    if [ ${#bad[@]} -gt 0 ]; then
        echo "not clang-format clean (fix with: clang-format -i FILE):"
        for f in "${bad[@]}"; do
            out=$(clang-format --dry-run "$f" 2>&1 || true)
            echo "    $f ($(grep -c 'warning:' <<<"$out") places), first:"
            head -n 3 <<<"$out" | sed 's/^/        /'
        done
        ci_fail "not clang-format clean: ${bad[*]}"
    fi
    echo "all clean"
}

# The naming rules of CONTRIBUTING.md, as .clang-tidy states them, over
# every C file a build compiles (its compile_commands.json).
gate_naming() {
    local dir=build/ci-naming files=() out
    echo "--- configure $dir (compile_commands.json)"
    mkdir -p "$dir"
    nice cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DROBOTS_REQUIRE_CONFORMANCE=ON \
        -DROBOTS_BUILD_COST_FUZZ=ON >"$dir/ci-configure.log" 2>&1 ||
        ci_fail "cmake could not configure $dir (see $dir/ci-configure.log)"
    mapfile -t files < <(python3 -c '
import json, os, sys
seen = sorted({os.path.relpath(e["file"]) for e in json.load(open(sys.argv[1]))})
print("\n".join(f for f in seen if not f.startswith("build/")))
' "$dir/compile_commands.json")
    [ ${#files[@]} -gt 0 ] || ci_fail "no C files in $dir/compile_commands.json"
    echo "--- clang-tidy $(clang-tidy --version | grep -o '[0-9][0-9.]*' | head -1): ${#files[@]} files"
    if ! out=$(printf '%s\n' "${files[@]}" |
        nice xargs -P"$CI_JOBS" -n8 clang-tidy -p "$dir" --quiet 2>&1); then
        grep -E 'error:|warning:' <<<"$out" | sort -u | head -n 40
        ci_fail "identifier names break .clang-tidy: $(grep -cE 'error:' <<<"$out") places (first: $(grep -m1 -E 'error:' <<<"$out"))"
    fi
}

# The google profile against Google's own library, when the machine has a
# checkout of it (nothing of Google's code is in this repository).
gate_google() {
    if [ -z "${GOOGLE_ROBOTSTXT_DIR:-}" ]; then
        ci_skip "GOOGLE_ROBOTSTXT_DIR is not set: no checkout of google/robotstxt to compare with (fuzz/README.md, \"Against Google's library\")"
    fi
    bash ci/google-differential.sh
}
