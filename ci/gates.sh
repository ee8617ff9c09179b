# SPDX-License-Identifier: MIT
# shellcheck shell=bash disable=SC2030,SC2031 # CI_WHY_FILE is per gate
# gates.sh - the CI gates, sourced by ci/test.sh (run them through it:
# `bash ci/test.sh --gate NAME`). Each gate is a function gate_NAME that runs
# in its own subshell with `set -eEuo pipefail`; it passes by returning 0,
# fails through ci_fail "why" (or any failing command, whose text becomes the
# why), and is skipped through ci_skip "why" (exit 77). The working
# directory is the repository's root.

# The gates, in the order they run.
CI_GATES=(gcc clang asan-ubsan msan tsan valgrind coverage symbols stack fuzz instructions format naming static modules complexity compat google js web python)
# Gates that run only when named (--gate NAME), not by default: none now.
CI_NAMED_GATES=()

# CI_JOBS: parallel jobs within a gate. Unset, test.sh sets it from the
# cores and the lanes (2 when gates run one at a time).
# shellcheck disable=SC2034 # read by test.sh
CI_JOBS_GIVEN=${CI_JOBS:-}
CI_JOBS=${CI_JOBS:-2}
CI_TEST_TIMEOUT=${CI_TEST_TIMEOUT:-900}
CI_LOGS=build/ci-logs
# Inputs that a deterministic generator writes, written once for every gate
# of the run (tests/tools/generated_once.py; unit-small-stack-inputs'
# bench/gen_adversarial.py in five gates' suites and the instructions gate).
export ROBOTS_INPUTS_CACHE=${ROBOTS_INPUTS_CACHE:-$PWD/build/ci-inputs}

ci_describe() {
    case $1 in
    gcc) echo "gcc -Wall -Wextra -Wpedantic -Werror build, whole ctest suite" ;;
    clang) echo "clang -Wall -Wextra -Wpedantic -Werror build without SSE2 or the little-endian word search (the portable path), whole ctest suite" ;;
    asan-ubsan) echo "clang AddressSanitizer + UndefinedBehaviorSanitizer build, whole suite" ;;
    msan) echo "clang MemorySanitizer build, whole suite; conformance verdicts through the MSan-built command" ;;
    tsan) echo "clang ThreadSanitizer build: threads racing to compile a document's sets, and checking it at once" ;;
    valgrind) echo "valgrind memcheck over the whole suite (plain gcc build), leaks are errors" ;;
    coverage) echo "gcc --coverage build, whole suite, gcovr over lib/: >=98% lines, >=95% branches, every function called" ;;
    symbols) echo "exported symbols of librobots.so equal lib/robots.sym, all prefixed robots_" ;;
    stack) echo "gcc -fstack-usage -fcallgraph-info=su over lib/: every exported function's worst path within 16 KiB of stack (ci/stack_usage.py)" ;;
    fuzz) echo "fuzz smoke run (ci/fuzz-smoke.sh): every libFuzzer harness, the cost fuzzer (every call within its budget), AFL++" ;;
    instructions) echo "callgrind over the benchmark workload and worst cases (Release build): every figure within bench/budgets.tsv" ;;
    format) echo "clang-format clean: every C file of the repository (lib/, cli/, tests/, fuzz/, bench/, conformance/, wasm/, the bindings)" ;;
    google) echo "the google profile against google/robotstxt itself (ci/google-differential.sh): replays, generated triples, fuzzing; needs GOOGLE_ROBOTSTXT_DIR" ;;
    modules) echo "the module graph drawn from lib/src's #include lines (ci/include_graph.py, tested on its fixtures): no cycle between modules, no private header included by a file that uses none of its names; graph in build/ci-modules/" ;;
    naming) echo "clang-tidy's identifier naming (.clang-tidy, CONTRIBUTING.md's style) over every C file" ;;
    static) echo "static analysis (ci/static_analysis.sh): clang-tidy's defect checks (.clang-tidy) and cppcheck (warning, portability, performance) over lib/, cli/, python/src and wasm/shim.c: zero findings" ;;
    compat) echo "the batch protocol against the Debian-packaged implementations and librobots' rows (in-process, the robots command, the npm and Python packages; conformance/compat.sh --check): librobots passes all, every adapter works" ;;
    web) echo "the tester page (web/) in headless chromium through playwright-core: typed files' verdicts, highlighted lines, diagnostics and robots.txt URLs equal the robots command's; a shared link, a file that is not UTF-8, a phone's width; screenshots in build/ci-web/screenshots" ;;
    js) echo "librobots.wasm (clang 14, wasi-libc) under 300 KiB; node --test js/test: the whole conformance suite through the npm package in every profile, its API, bad input, npm pack, and its evidence against the robots command's" ;;
    complexity) echo "pmccabe over lib/src (ci/complexity.py): every function over 80 lines or cyclomatic complexity 25 has a '/* complexity:' comment saying why" ;;
    python) echo "the Python package (python/): its pytest suite through CMake (conformance in 3 profiles, API, bad input, urllib drop-in, threads, no leak, Scrapy crawl, Dask bag), then pip install --no-build-isolation ./python in a venv and the core tests on it, and those tests on an ASan/UBSan build of the extension" ;;
    esac
}

ci_is_gate() {
    local g
    for g in "${CI_GATES[@]}" "${CI_NAMED_GATES[@]}"; do
        [ "$g" = "$1" ] && return 0
    done
    return 1
}

ci_list_gates() {
    local g
    for g in "${CI_GATES[@]}"; do
        printf '%-11s %s\n' "$g" "$(ci_describe "$g")"
    done
    for g in "${CI_NAMED_GATES[@]}"; do
        printf '%-11s %s (only when named)\n' "$g" "$(ci_describe "$g")"
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

# ci_cpu_seconds VAR: sets VAR to the user + system seconds of every
# process this shell has waited for (bash's `times`, its second line). Not
# through $(...): `times` would then speak for the subshell. The file is
# this shell's own, as gates in lanes (test.sh) measure at the same time.
ci_cpu_seconds() {
    local t="$CI_LOGS/.times.$BASHPID"
    times >"$t"
    printf -v "$1" '%s' "$(awk 'NR == 2 { split($1, u, /[ms]/);
        split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$t")"
    rm -f "$t"
}

# ci_execute_gate NAME [stream]: runs one gate in its own subshell, its whole
# output in $CI_LOGS/NAME.log (and on stdout too with "stream"), and leaves
# "STATUS WALL_SECONDS CPU_SECONDS" in $CI_LOGS/NAME.result.
ci_execute_gate() {
    local name=$1 stream=${2:-} log="$CI_LOGS/$1.log" why="$CI_LOGS/$1.why"
    local details="$CI_LOGS/$1.details"
    local t0=$SECONDS cpu0 cpu1 rc
    ci_cpu_seconds cpu0
    rm -f "$why" "$details" "$CI_LOGS/$name.result"
    set +e
    if [ -n "$stream" ]; then
        ci_gate_body "$name" "$why" "$details" </dev/null 2>&1 | tee "$log"
        rc=${PIPESTATUS[0]}
    else
        ci_gate_body "$name" "$why" "$details" </dev/null >"$log" 2>&1
        rc=$?
    fi
    set -e
    # The CPU seconds beside the wall's: where they are far under CI_JOBS
    # times the wall, a core sat idle during the gate.
    ci_cpu_seconds cpu1
    echo "$rc $((SECONDS - t0)) $((cpu1 - cpu0))" >"$CI_LOGS/$name.result"
}

ci_gate_body() {
    (
        export CI_WHY_FILE=$PWD/$2 CI_DETAILS_FILE=$PWD/$3
        set -eEuo pipefail
        trap 'ci_on_error $? "$BASH_COMMAND"' ERR
        "gate_${1//-/_}"
    )
}

# ci_account_gate NAME: says how the gate ended and counts it (test.sh's
# counters and report), from what ci_execute_gate left.
ci_account_gate() {
    local name=$1 why="$CI_LOGS/$1.why" details="$CI_LOGS/$1.details"
    local rc=1 wall=0 cpu=0 secs
    if [ -s "$CI_LOGS/$name.result" ]; then
        read -r rc wall cpu <"$CI_LOGS/$name.result"
    else
        echo "the gate left no result (was it killed?)" >"$why"
    fi
    secs="$wall s, CPU $cpu s"
    case $rc in
    0)
        passed=$((passed + 1))
        report+=("PASSED  $name (${secs})")
        echo "=== gate $name: PASSED in ${secs}"
        ;;
    77)
        report+=("SKIPPED $name (${secs}): $(cat "$why" 2>/dev/null)")
        echo "=== gate $name: SKIPPED: $(cat "$why" 2>/dev/null)"
        ;;
    *)
        failed=$((failed + 1))
        if [ ! -s "$why" ]; then
            echo "exit status $rc" >"$why"
        fi
        report+=("FAILED  $name (${secs}): $(cat "$why") [log: $CI_LOGS/$name.log]")
        if [ -s "$details" ]; then
            details_of_failed+=("$details")
        fi
        echo "=== gate $name: FAILED in ${secs}: $(cat "$why")"
        ;;
    esac
}

# ci_run_gate NAME: runs one gate with its output on stdout as it comes,
# logs it, counts it.
ci_run_gate() {
    echo
    echo "=== gate $1: $(ci_describe "$1")"
    ci_execute_gate "$1" stream
    ci_account_gate "$1"
}

# Gates that build in the same directory run one after the other, in the
# order of CI_GATES, in one lane (test.sh): valgrind and symbols use the gcc
# gate's build; msan, js and web the compat gate's (its plain conformance
# runner, its robots command), and web the js gate's module. ci_chain_of
# NAME names the chain.
ci_chain_of() {
    case $1 in
    gcc | valgrind | symbols) echo gcc ;;
    msan | compat | js | web) echo msan ;;
    *) echo "$1" ;;
    esac
}

# The CPU seconds each gate takes in a full run: test.sh starts the dearest
# chains first, so the cheap ones fill the end and both lanes finish close
# together. The full run of session 28's main (7970900; this machine then
# gave about half the CPU seconds of session 27's figures for the same
# work) less what session 28 took out (bench/README.md, "Session 28
# (ci)"): test_legacy_long_values' direct search (about 32 s of valgrind's,
# a few in each suite), tsan's single-threaded tests, msan's own runner.
# fuzz is its wall, not its CPU: its harnesses run for fixed times. A
# chain costs the sum of its gates. An estimate for the order only; a
# wrong one costs time, never a result.
ci_gate_cost() {
    case $1 in
    fuzz) echo 340 ;;
    valgrind) echo 240 ;;
    msan) echo 215 ;;
    static) echo 209 ;;
    asan-ubsan) echo 172 ;;
    python) echo 97 ;;
    instructions) echo 90 ;;
    gcc) echo 80 ;;
    clang) echo 70 ;;
    coverage) echo 65 ;;
    tsan) echo 55 ;;
    compat) echo 40 ;;
    js) echo 28 ;;
    stack) echo 17 ;;
    web) echo 13 ;;
    naming) echo 9 ;;
    format) echo 7 ;;
    symbols) echo 4 ;;
    *) echo 1 ;;
    esac
}

# ci_build DIR COMPILER [CMAKE_ARGS...]: configures and builds everything in
# DIR with COMPILER, warnings as errors, and a configure error when the
# conformance runner cannot be built (unless the gate turns the runner off).
# With CI_BUILD_TARGETS set (words), only those targets are built.
ci_build() {
    local dir=$1 cc=$2 targets=()
    shift 2
    if [ -n "${CI_BUILD_TARGETS:-}" ]; then
        read -r -a targets <<<"$CI_BUILD_TARGETS"
        targets=(--target "${targets[@]}")
    fi
    echo "--- configure $dir: CC=$cc $*"
    mkdir -p "$dir"
    if ! nice cmake -S . -B "$dir" -DCMAKE_C_COMPILER="$cc" \
        -DROBOTS_WERROR=ON -DROBOTS_REQUIRE_CONFORMANCE=ON "$@" \
        >"$dir/ci-configure.log" 2>&1; then
        cat "$dir/ci-configure.log"
        ci_fail "cmake could not configure $dir: $(grep -m1 -A2 'Error' "$dir/ci-configure.log" | tr -s ' \n' ' ')"
    fi
    echo "--- build $dir"
    if ! nice cmake --build "$dir" -j"$CI_JOBS" "${targets[@]}" 2>&1 | tee "$dir/ci-build.log"; then
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
# byte-by-byte one (lib/src/robotstxt/parse_lines_loop.h, next_candidate).
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
# published with an atomic compare-and-swap
# (lib/src/robotstxt/index_compile.c); test_threads races threads to that
# on fresh documents. ThreadSanitizer reports any
# access the publish does not order, and aborts the test. test_small_stack
# runs every call in a thread of its own (32 KiB, which a TSan build must
# fit). Only the programs of those tests are built: the whole tree's clang
# build is the clang gate's. Not test_index and test_check, run here until
# session 28: they start no thread, and ThreadSanitizer reports only what
# threads do to each other (races, locks), so it had nothing to report in
# them (test_index took a fifth of the gate); the suites of the gcc,
# clang, sanitizer, valgrind and coverage gates run them.
gate_tsan() {
    CI_BUILD_TARGETS="test_threads test_small_stack" \
        ci_build build/ci-tsan clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DROBOTS_SANITIZE=thread -DROBOTS_BUILD_CONFORMANCE=OFF \
        -DROBOTS_BUILD_BENCH=OFF
    TSAN_OPTIONS=halt_on_error=1:abort_on_error=1 \
        ci_ctest build/ci-tsan -R '^unit-(threads|small-stack-.*)$'
}

# MemorySanitizer needs every linked library instrumented. The conformance
# runner links Debian's cJSON, which is not, so the MSan build leaves the
# runner out (ROBOTS_BUILD_CONFORMANCE=OFF). The conformance data still
# reaches MSan: a plain build of the runner drives the MSan-built `robots`
# command through its --command mode (exit 0 allowed, 1 disallowed, an MSan
# report aborts and counts as a failure), for the verdict cases of every
# profile (cases needing the in-process API are skipped in that mode).
# The plain runner is the compat gate's (build/ci-compat, the same
# configure): the msan gate runs first in their chain (ci_chain_of), builds
# it there, and the compat gate finds it built, where each once built its
# own (the library and the runner, about 30 s).
gate_msan() {
    local dir=build/ci-msan runner_dir=$CI_COMPAT_DIR profile robots
    ci_build "$dir" clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DROBOTS_SANITIZE=memory -DROBOTS_BUILD_CONFORMANCE=OFF
    export MSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1
    ci_ctest "$dir"
    robots=$PWD/$dir/cli/robots
    [ -x "$robots" ] || ci_fail "$robots was not built"
    echo "--- conformance verdict cases through the MSan-built robots command"
    ci_configure_compat "$runner_dir"
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
# already traces the origin of an uninitialised value. --read-inline-info=no:
# memcheck's start-up reads the debug information of libc (Debian's
# libc6-dbg, which valgrind depends on) for each of the suite's 600
# processes; without the inlined frames' part it takes about 15% less CPU.
# What is checked does not change; a report's stack lists the functions
# that were not inlined (rerun the test under valgrind for the others).
CI_VALGRIND_OPTIONS="--leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1 --num-callers=30 --read-inline-info=no"

# The build is the gcc gate's (build/ci-gcc, the same compiler, type and
# flags; the memcheck options only change what ctest passes to valgrind),
# so that after the gcc gate nothing is compiled twice.
# Not run under valgrind, as it repeats other gates at a cost out of
# proportion: unit-small-stack-* (its inputs and its parts), every
# adversarial case of gen_adversarial.py parsed three times and checked
# five ways in each of two profiles, which took more than a third of this
# gate. Its stack figure is proved by the gcc and clang gates (the plain
# builds, measured), and memory errors on those inputs by asan-ubsan and
# msan.
# Nor cli-no-libcurl: glibc's dlopen() of a library that fails to load
# loses the path it copied from ld.so.cache (68 bytes, dl-cache.c's
# strdup), which memcheck reports as a definite leak of ours; the test runs
# in every other gate, ASan's among them (LeakSanitizer does not count it).
# Nor unit-default_resize: it puts its own realloc() in front of libc's to
# refuse one, and memcheck replaces that realloc() with its own, so that
# under valgrind the program would test nothing (asan-ubsan and msan run
# it, with their leak checks).
CI_VALGRIND_SKIP=(--skip 'unit-small-stack-*' --skip cli-no-libcurl
    --skip unit-default_resize)

gate_valgrind() {
    ci_build build/ci-gcc gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        "-DMEMORYCHECK_COMMAND_OPTIONS=$CI_VALGRIND_OPTIONS"
    echo "--- valgrind $CI_VALGRIND_OPTIONS"
    # The HTTP cases whose every profile expects the same run in one
    # profile here (183 -> 105 processes of about 1.5 s each under
    # memcheck). Where a profile changes what a fetch does, the case's
    # expectations differ and it still runs in each; otherwise the profile
    # changes only the parse of the body, which the program tests run under
    # memcheck in every profile. The gates without valgrind run them all.
    # The script tests' 550 runs of the robots command go to a fork server
    # (tests/cli_fork_server.c), one process under memcheck per test that
    # forks a child for each run: each child is checked as a process of its
    # own (its leak check, its error summary, its log), without valgrind's
    # start (0.55 s of CPU a process, 0.8 s more where a fetch loaded
    # libcurl: the server loads and starts it once, --curl). The gcc gate
    # runs every script with the command itself. conformance-batch's ten
    # runs of robots-conformance go to a server of their own the same way
    # (conformance/conformance_fork_server, the runner's objects): of its
    # processes under memcheck (the runs, and the runner's forks of its
    # adapters before their exec) one valgrind start instead of 26, about
    # 4.3 -> 2.5 s of CPU and 12 -> 8 s of that test's wall (the server
    # loads libcurl too, --curl being every server's: 0.4 s of it).
    # shellcheck disable=SC2086 # the options are words
    RUN_HTTP_CASES_ALIKE_ONCE=1 nice python3 ci/valgrind_suite.py build/ci-gcc --jobs "$CI_JOBS" \
        --timeout "$CI_TEST_TIMEOUT" --why "$CI_WHY_FILE" "${CI_VALGRIND_SKIP[@]}" \
        --fork-server robots=tests/cli_fork_server \
        --fork-server robots-conformance=conformance/conformance_fork_server \
        --fork-client tests/fork_client \
        --fork-server-arg=--curl --fork-server-arg=libcurl.so.4 \
        -- $CI_VALGRIND_OPTIONS
}

# Functions over 80 lines or cyclomatic complexity 25 each say why (a
# "/* complexity:" comment beside them); the report is in the log.
gate_complexity() {
    python3 ci/complexity.py lib/src ||
        ci_fail "a function of lib/src over 80 lines or complexity 25 has no /* complexity: comment (python3 ci/complexity.py --report)"
}

# Thresholds and filters live in gcovr.cfg (gcovr reads it from the root);
# ci/coverage_report.py prints the summary and adds the function floor.
# unit-small-stack-* is not run here: measured on the whole suite
# (session 22), it reached no line or branch the other tests do not (since
# test_analysis and test_parse test the four lines it alone reached), and
# under --coverage it took 166 of the gate's 406 s of CPU. It runs in the
# gcc, clang, asan-ubsan, msan and tsan gates.
CI_COVERAGE_SKIP='^unit-small-stack-'

gate_coverage() {
    local dir=build/ci-coverage rc
    ci_build "$dir" gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROBOTS_COVERAGE=ON
    find "$dir" -name '*.gcda' -delete # the counts of this run only
    rm -f "$dir"/coverage*.{txt,json}
    ci_ctest "$dir" -E "$CI_COVERAGE_SKIP"
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
# fails over 16 KiB, or over the figure the function's header states
# ("Stack: at most N KiB"; 1 KiB where none is), on a frame of unbounded size (alloca, a VLA), on
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
    local headers=() h
    for h in lib/include/*.h; do headers+=(--header "$h"); done
    python3 ci/stack_usage.py --limit 16384 "${headers[@]}" --why "$CI_WHY_FILE" \
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
    # The real-world corpus, where tests/real_corpus.cmake looks for it:
    # its largest files' budgets are counted, or reported as skipped.
    local real=${ROBOTS_REAL_CORPUS:-../shared/real-corpus/robots-real.tar.xz}
    [ -e "$real" ] || real=
    # The adversarial cases as the suites' unit-small-stack-inputs wrote
    # them (callgrind.sh writes them only where they are missing or older
    # than their generator).
    python3 tests/tools/generated_once.py "$dir/work/adv" bench/gen_adversarial.py
    if ! BASELINES=0 TOP=0 E2E_RUNS=0 BUDGETS=bench/budgets.tsv \
        CALLGRIND_JOBS="$CI_JOBS" \
        REAL_CORPUS="$real" ROBOTS_BENCH_SHARED="$shared" \
        nice bash bench/callgrind.sh "$dir" \
        "$dir/work" 2>&1 | tee "$CI_LOGS/instructions.out"; then
        ci_fail "over budget: $(grep -E '^(OVER|MISSING)' "$CI_LOGS/instructions.out" | tr '\n' ' ' || echo 'see the log')"
    fi
}

gate_format() {
    local files=() bad=() f out
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        # Every C file of the project, wherever it lives (the bindings'
        # too), so that a new folder cannot fall outside the style.
        mapfile -t files < <(git ls-files --cached --others --exclude-standard -- \
            '*.[ch]' | grep -v -E '^build' | sort -u)
    else
        mapfile -t files < <(find . -path ./build -prune -o -path './build-*' \
            -prune -o -name '*.[ch]' -print 2>/dev/null | sort)
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
gate_modules() {
    local dir=build/ci-modules
    mkdir -p "$dir"
    sh ci/include_graph_test.sh . >"$dir/self-test.log" 2>&1 || {
        cat "$dir/self-test.log"
        ci_fail "ci/include_graph.py fails its own fixtures (see $dir/self-test.log)"
    }
    echo "--- ci/include_graph.py passes its fixtures (a cycle, an unused include, a clean graph)"
    if ! python3 ci/include_graph.py --root lib/src --dot "$dir/modules.dot" \
        >"$dir/modules.txt" 2>"$dir/problems.txt"; then
        cat "$dir/problems.txt"
        ci_fail "the include graph: $(grep -c '^include_graph: lib\|^include_graph: module' "$dir/problems.txt") problems (first: $(head -n 1 "$dir/problems.txt"))"
    fi
    sed -n '/^# module graph/,$p' "$dir/modules.txt"
}

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
        nice xargs -P"$CI_JOBS" -n8 clang-tidy -p "$dir" --quiet \
            --checks='-*,readability-identifier-naming' 2>&1); then
        grep -E 'error:|warning:' <<<"$out" | sort -u | head -n 40
        ci_fail "identifier names break .clang-tidy: $(grep -cE 'error:' <<<"$out") places (first: $(grep -m1 -E 'error:' <<<"$out"))"
    fi
}

# Static analysis: clang-tidy with .clang-tidy's defect checks, and
# cppcheck, over lib/, cli/ and the bindings' C as their builds compile them
# (ci/static_analysis.sh, which names every check turned off and why).
gate_static() {
    local dir=build/ci-static
    mkdir -p "$dir"
    if ! CI_JOBS=$CI_JOBS bash ci/static_analysis.sh "$dir" 2>&1 | tee "$CI_LOGS/static.out"; then
        ci_fail "$(cat "$dir/why.txt" 2>/dev/null || tail -n 1 "$CI_LOGS/static.out")"
    fi
}

# The compatibility matrix's CI part (conformance/compat.sh --check): the
# batch protocol against the implementations Debian packages (installed by
# ci/install-deps.sh, and by compat.sh if missing) and against librobots
# in-process and through its `robots` command. It fails when a librobots
# row misses a case, and when an implementation cannot be installed or its
# adapter cannot start, crashes or breaks the protocol: an adapter that
# stops working is a failure here, not a skip. The other implementations'
# mismatches (and hangs past the per-query timeout) are what the matrix
# reports, not failures. npm's packages and Google's parser are left to a
# full `conformance/compat.sh` run.
CI_COMPAT_DIR=build/ci-compat

# ci_configure_compat DIR: the compat gate's build (cc, RelWithDebInfo, the
# conformance runner and the command; no tests, no bench), which the msan
# gate's runner shares.
ci_configure_compat() {
    local dir=$1
    mkdir -p "$dir"
    nice cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DROBOTS_REQUIRE_CONFORMANCE=ON -DBUILD_TESTING=OFF \
        -DROBOTS_BUILD_BENCH=OFF >"$dir/ci-configure.log" 2>&1 ||
        ci_fail "cmake could not configure $dir (see $dir/ci-configure.log)"
}

gate_compat() {
    local dir=$CI_COMPAT_DIR
    ci_configure_compat "$dir"
    if ! nice bash conformance/compat.sh --check "$dir" 2>&1 | tee "$CI_LOGS/compat.out"; then
        ci_fail "$(grep -E '^compat: FAIL' "$CI_LOGS/compat.out" | sed 's/^compat: FAIL //' | tr '\n' ' ' || echo 'see the log')"
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

# The WebAssembly build (wasm/, Debian's clang 14 and wasi-libc) and the npm
# package (js/): node's test runner over js/test, which runs the whole
# conformance suite through the package, and compares its verdicts with
# the natively built robots command's (ROBOTS_CLI).
ci_build_wasm() {
    local dir=$1
    echo "--- configure $dir (wasm/, wasm32-wasi)"
    mkdir -p "$dir"
    nice cmake -S wasm -B "$dir" -DCMAKE_BUILD_TYPE=Release \
        >"$dir/ci-configure.log" 2>&1 || {
        cat "$dir/ci-configure.log"
        ci_fail "cmake could not configure $dir: is the wasm toolchain installed (lld-14, wasi-libc, libclang-rt-14-dev-wasm32)?"
    }
    echo "--- build $dir"
    nice cmake --build "$dir" -j"$CI_JOBS" 2>&1 | tee "$dir/ci-build.log" ||
        ci_fail "the wasm build failed in $dir: $(grep -m1 -E 'error' "$dir/ci-build.log" || echo 'see the log')"
    echo "librobots.wasm: $(stat -c %s "$dir/librobots.wasm") bytes"
}

# The native robots command, for the tests that compare with it: the
# compat gate's build (ci_configure_compat), which runs before the js and
# web gates in their chain (ci_chain_of) and has built it then.
ci_build_cli() {
    local dir=$1
    echo "--- build the robots command in $dir"
    ci_configure_compat "$dir"
    nice cmake --build "$dir" -j"$CI_JOBS" --target robots_cli >"$dir/ci-build.log" 2>&1 ||
        ci_fail "the robots command did not build in $dir (see $dir/ci-build.log)"
}

# The js and web gates build the module and the command in the same two
# directories (the same options): whichever runs second finds them built.
CI_WASM_DIR=build/ci-wasm
CI_NATIVE_DIR=$CI_COMPAT_DIR

gate_js() {
    command -v node >/dev/null || ci_fail "node is not installed"
    ci_build_wasm "$CI_WASM_DIR"
    ci_build_cli "$CI_NATIVE_DIR"
    echo "--- node --test js/test ($(node --version))"
    ROBOTS_CLI=$PWD/$CI_NATIVE_DIR/cli/robots nice node --test js/test/ \
        2>&1 | tee "$CI_LOGS/js-tests.out" ||
        ci_fail "node --test js/test: $(grep -cE '^not ok' "$CI_LOGS/js-tests.out") failed (first: $(grep -m1 -E '^not ok' "$CI_LOGS/js-tests.out"))"
}

# The tester page (web/), built with the module (build/ci-wasm/web), in
# Debian's chromium driven by playwright-core (ci/install-deps.sh installs
# both; the browser runs headless, offline). The test compares what the
# page shows with the natively built robots command's answers.
gate_web() {
    local dir=build/ci-web npm_dir=${ROBOTS_NPM_DIR:-$PWD/build/npm}
    command -v node >/dev/null || ci_fail "node is not installed"
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] ||
        ci_fail "chromium is not installed (ci/install-deps.sh installs it)"
    [ -e "$npm_dir/node_modules/playwright-core/package.json" ] ||
        ci_fail "playwright-core is not installed in $npm_dir (ci/install-deps.sh installs it)"
    ci_build_wasm "$CI_WASM_DIR"
    ci_build_cli "$CI_NATIVE_DIR"
    mkdir -p "$dir"
    echo "--- node --test web/test ($(node --version), $("${CHROMIUM:-/usr/bin/chromium}" --version 2>/dev/null | head -n 1))"
    ROBOTS_WEB_DIR=$PWD/$CI_WASM_DIR/web ROBOTS_CLI=$PWD/$CI_NATIVE_DIR/cli/robots \
        ROBOTS_NPM_DIR=$npm_dir ROBOTS_WEB_OUT=$PWD/$dir/screenshots \
        nice node --test web/test/ 2>&1 | tee "$CI_LOGS/web-tests.out" ||
        ci_fail "node --test web/test: $(grep -cE '^not ok' "$CI_LOGS/web-tests.out") failed (first: $(grep -m1 -E '^not ok' "$CI_LOGS/web-tests.out"))"
    echo "screenshots: $(ls "$dir/screenshots"/*.png | tr '\n' ' ')"
}

# The Python package (python/, python/README.md). CMake builds the extension
# (ROBOTS_BUILD_PYTHON) and ctest runs each python/tests/test_*.py under
# Debian's /usr/bin/python3 (label "python"). Then the way a user installs
# it: pip install --no-build-isolation ./python in a venv that sees Debian's
# packages (setuptools, pytest), and the tests that need neither Scrapy nor
# Dask again on that build. (The format gate holds the binding's C files
# to clang-format with every other.)
gate_python() {
    local dir=build/ci-python py=/usr/bin/python3 venv
    [ -x "$py" ] || ci_fail "$py is missing (ci/install-deps.sh installs python3)"
    "$py" -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' ||
        ci_fail "Python.h is missing (apt-get install python3-dev)"
    echo "--- configure $dir"
    mkdir -p "$dir"
    if ! nice cmake -S . -B "$dir" -DCMAKE_C_COMPILER=gcc \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROBOTS_WERROR=ON \
        -DROBOTS_BUILD_PYTHON=ON -DPython3_EXECUTABLE="$py" \
        -DROBOTS_BUILD_TESTS=OFF -DROBOTS_BUILD_CLI=OFF \
        -DROBOTS_BUILD_CONFORMANCE=OFF -DROBOTS_BUILD_BENCH=OFF \
        >"$dir/ci-configure.log" 2>&1; then
        cat "$dir/ci-configure.log"
        ci_fail "cmake could not configure $dir: $(grep -m1 -A2 'Error' "$dir/ci-configure.log" | tr -s ' \n' ' ')"
    fi
    echo "--- build $dir (the extension and the package's files)"
    if ! nice cmake --build "$dir" -j"$CI_JOBS" --target robots_python robots_python_files 2>&1 |
        tee "$dir/ci-build.log"; then
        ci_fail "build failed in $dir: $(grep -m1 -E 'error|Error' "$dir/ci-build.log" || echo 'see the log')"
    fi
    ci_ctest "$dir" -L python
    echo "--- what the tests measured"
    grep -h -E "^(resident memory|Scrapy crawl|  (librobots|Protego) +fetched|  fetched by)" \
        "$dir/Testing/Temporary/LastTest.log" || true
    echo "--- pip install --no-build-isolation ./python (in a venv over Debian's packages)"
    venv=$PWD/$dir/venv
    rm -rf "$venv"
    "$py" -m venv --system-site-packages "$venv" ||
        ci_fail "could not make a venv (apt-get install python3-venv)"
    if ! nice "$venv/bin/pip" install --no-build-isolation --no-deps --no-index \
        --no-cache-dir ./python >"$dir/pip.log" 2>&1; then
        tail -n 30 "$dir/pip.log"
        ci_fail "pip install --no-build-isolation ./python failed: $(grep -m1 -E 'error' "$dir/pip.log" || echo "see $dir/pip.log")"
    fi
    "$venv/bin/python" -c 'import librobots, sys; print("installed:", librobots.__file__); sys.exit(librobots.parse(b"User-agent: *\nDisallow: /\n").allowed("a", "/x"))' ||
        ci_fail "the installed package does not answer"
    (cd python/tests && nice "$venv/bin/python" -m pytest -q -p no:cacheprovider \
        test_conformance.py test_api.py test_bad_input.py test_robotparser.py) ||
        ci_fail "the tests failed on the package pip installed"
    gate_python_sanitized
    if [ -e "${ROBOTS_BENCH_SHARED:-../shared/bench}/gen_robots.py" ]; then
        echo "--- bench/python_bench.py --runs 1 (that it runs; no time is judged)"
        PYTHONPATH=$dir/python nice /usr/bin/python3 bench/python_bench.py --runs 1 \
            --shared "${ROBOTS_BENCH_SHARED:-../shared/bench}" ||
            ci_fail "bench/python_bench.py failed"
    else
        echo "--- no workload generators at ${ROBOTS_BENCH_SHARED:-../shared/bench}: bench/python_bench.py not run"
    fi
}

# The binding is C that reads whatever Python hands it: the extension built
# with AddressSanitizer and UndefinedBehaviorSanitizer (gcc), loaded into
# Debian's python3 with the runtimes preloaded, through the tests that feed
# it every kind of input and thread. Leak detection is off: CPython keeps
# memory at exit on purpose (test_leak.py measures leaks, without ASan,
# whose quarantine keeps freed memory).
gate_python_sanitized() {
    local dir=build/ci-python-asan preload
    echo "--- configure and build $dir (AddressSanitizer, UndefinedBehaviorSanitizer)"
    mkdir -p "$dir"
    nice cmake -S . -B "$dir" -DCMAKE_C_COMPILER=gcc \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROBOTS_WERROR=ON \
        -DROBOTS_SANITIZE=address,undefined \
        -DROBOTS_BUILD_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3 \
        -DROBOTS_BUILD_TESTS=OFF -DROBOTS_BUILD_CLI=OFF \
        -DROBOTS_BUILD_CONFORMANCE=OFF -DROBOTS_BUILD_BENCH=OFF \
        >"$dir/ci-configure.log" 2>&1 || ci_fail "cmake could not configure $dir (see $dir/ci-configure.log)"
    nice cmake --build "$dir" -j"$CI_JOBS" --target robots_python robots_python_files \
        >"$dir/ci-build.log" 2>&1 || ci_fail "the sanitized build failed (see $dir/ci-build.log)"
    preload="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
    (cd python/tests && LD_PRELOAD=$preload PYTHONPATH="$PWD/../../$dir/python" \
        ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
        UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        nice /usr/bin/python3 -m pytest -q -p no:cacheprovider test_conformance.py \
        test_api.py test_bad_input.py test_threads.py test_robotparser.py) ||
        ci_fail "the tests failed (or a sanitizer stopped them) on the ASan/UBSan-built extension"
}
