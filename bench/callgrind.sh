#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# callgrind.sh - the repeatable half of the benchmark: instruction counts
# through valgrind's callgrind, the functions that dominate them, and
# `robots check` over 1,000,000 URLs on stdin, timed end to end.
#
# usage: bench/callgrind.sh BUILD_DIR [WORK_DIR]
#   BUILD_DIR  a Release build holding bench/robots_bench and cli/robots
#   WORK_DIR   where the workload is generated (default BUILD_DIR/bench-work)
# environment:
#   ROBOTS_BENCH_SHARED  the fixed generators (default ../shared/bench from
#                        the repository root)
#   E2E_RUNS             runs of the end-to-end timing (default 3; 0: skip)
#   E2E_AGENTS           agents of the end-to-end timing (default FooBot)
#   ADVERSARIAL          adversarial cases counted (default: the list below)
#   ADVERSARIAL_AFTER    of those, the cases whose second check is counted
#                        too, as "check after" (default: the list below)
#   BASELINES            1 (default): count the baseline too; 0: only the
#                        library (the baseline of many-wild-near-miss alone
#                        is 11 G instructions, minutes under valgrind)
#   TOP                  1 (default): the top functions; 0: skip them
#   REAL_CORPUS          the real-world corpus (corpus/real/: its archive
#                        robots-real.tar.xz, or the folder it unpacks to):
#                        the parse and first check of its largest files
#                        (REAL_FILES) are counted too; without it their
#                        budgets are reported as skipped, never as passed
#   REAL_FILES           the corpus's files counted (default: its six
#                        largest and the two largest lists of rules)
#   CALLGRIND_JOBS       2 or more: the adversarial cases are counted beside
#                        the other figures (default 1: one after another)
#   BUDGETS              a file of figure<TAB>most instructions (bench/
#                        budgets.tsv): exit 1 when a figure is above its
#                        budget or missing (the CI gate `instructions`)
#
# Every figure is the total Ir of one process, or of the calls of one
# function in it: the cost of one check is (Ir(parse + 1000 checks) -
# Ir(parse + N checks)) / (1000 - N) counted inside the call
# (robots_check(), robots_query_check(), the baseline's), and once more
# with the benchmark's own loop around it, N = 1, or for robots_check()
# the first answers' RB_DIRECT_CHECKS and the check that compiles after
# them; the cost of a parse is Ir(read + parse) - Ir(read), so process
# start-up cancels out.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: callgrind.sh BUILD_DIR [WORK_DIR]}" && pwd)
work=${2:-$build/bench-work}
shared=${ROBOTS_BENCH_SHARED:-$repo/../shared/bench}
bench=$build/bench/robots_bench
cli=$build/cli/robots
e2e_runs=${E2E_RUNS:-3}
e2e_agents=${E2E_AGENTS:-FooBot}
baselines=${BASELINES:-1}
top_functions=${TOP:-1}
budgets=${BUDGETS:-}
real=${REAL_CORPUS:-}
real_files=${REAL_FILES:-force.com godaddy.com azure.com amazonaws.com herokuapp.com www.smugmug.com www.runescape.com linkedin.com}
adversarial=${ADVERSARIAL:-issue-star-a issue-star-a-distinct long-segments pct-segments pct-segments-distinct stars-only many-wild-near-miss many-wild-pairs-all many-wild-lengths-pairs many-wild-raw-pairs many-wild-shared-band many-lengths-waiting many-lengths-found raw-segments-distinct many-raw-near-miss many-raw-lengths-found many-raw-lengths-two many-raw-keys wide-patterns issue29-star-dollar issue29-star-e-acute issue29-legacy-q issue29-legacy-q-rfc9309 issue29-legacy-q-random issue29-legacy-long-value issue29-legacy-long-letters issue29-legacy-long-found issue29-legacy-many-lengths issue29-legacy-ab-names issue29-legacy-tm-names issue29-legacy-tm-long-repeated issue29-legacy-tm-three-long issue29-legacy-tm-many-long issue29-legacy-debruijn-names issue29-legacy-xay-names issue29-legacy-xay-found issue29-legacy-xay-repeated issue29-legacy-xay-two issue29-legacy-runs-p1 issue29-legacy-runs-p2 issue29-legacy-runs-p3 issue29-legacy-runs-p7 issue29-legacy-runs-found issue29-legacy-runs-repeated issue29-legacy-runs-p129 issue29-legacy-runs-p256-planted issue29-legacy-runs-p511 issue29-legacy-runs-p257-found zero-bytes zero-bytes-past-limit many-sets-wild}
# the cases whose second check is counted too (a row "check after")
after_cases=${ADVERSARIAL_AFTER:-pct-segments-distinct many-wild-near-miss many-wild-pairs-all many-wild-lengths-pairs many-wild-raw-pairs many-wild-shared-band many-raw-near-miss many-raw-lengths-found many-raw-lengths-two many-raw-keys issue29-star-dollar issue29-star-e-acute}
for tool in valgrind callgrind_annotate python3; do
    command -v "$tool" >/dev/null || { echo "callgrind.sh: needs $tool" >&2; exit 2; }
done
[ -x "$bench" ] || { echo "callgrind.sh: no $bench" >&2; exit 2; }

mkdir -p "$work"
robots=$work/robots.txt
urls=$work/urls-1000.txt
urls_1m=$work/urls-1m.txt
[ -s "$robots" ] || python3 "$shared/gen_robots.py" "$robots"
[ -s "$urls" ] || python3 "$shared/gen_urls.py" "$urls" 1000
# made again when the generator changed since (a case it added since
# would otherwise be "not measured")
[ -s "$work/adv/manifest.tsv" ] &&
    [ "$work/adv/manifest.tsv" -nt "$repo/bench/gen_adversarial.py" ] ||
    python3 "$repo/bench/gen_adversarial.py" "$work/adv"

out=$work/callgrind
mkdir -p "$out"

# ir NAME ARGS...: total instructions of one run of robots_bench ARGS.
ir() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out/$name.out" \
        "$@" >"$out/$name.stdout" 2>"$out/$name.log"
    awk '/^(summary|totals):/ { print $2; exit }' "$out/$name.out"
}

# ir_in FN NAME ARGS...: the instructions of one run spent inside FN.
ir_in() {
    local fn=$1 name=$2
    shift 2
    valgrind --tool=callgrind --toggle-collect="$fn" \
        --callgrind-out-file="$out/$name.out" "$@" >"$out/$name.stdout" \
        2>"$out/$name.log"
    awk '/^(summary|totals):/ { print $2; exit }' "$out/$name.out"
}

per() { # per FROM TO COUNT: (TO - FROM) / COUNT, rounded
    python3 -c "import sys; a,b,n=map(int,sys.argv[1:]); print(round((b-a)/n))" "$@"
}

# Each figure also goes to $out/summary.tsv (figure, instructions).
printf '%-44s %14s\n' "figure" "instructions"
summary=$out/summary.tsv
: >"$summary"
row() {
    printf '%-44s %14s\n' "$1" "$2"
    printf '%s\t%s\n' "$1" "$2" >>"$summary"
}

# RB_DIRECT_CHECKS (lib/src/robotstxt/document.h): the first answers.
direct_checks=$(awk '$1 == "#define" && $2 == "RB_DIRECT_CHECKS" { sub(/u$/, "", $3); print $3 }' \
    "$repo/lib/src/robotstxt/document.h")
[ -n "$direct_checks" ] || { echo "callgrind.sh: no RB_DIRECT_CHECKS" >&2; exit 2; }

# The adversarial cases, each worst case's parse and checks.
adversarial_rows() {
    local case line profile agent input url input_path p kind flag c c2
    for case in $adversarial; do
        line=$(awk -F'\t' -v n="$case" '$1 == n' "$work/adv/manifest.tsv")
        [ -n "$line" ] || continue
        IFS=$'\t' read -r _ _ profile agent input url _ <<<"$line"
        [ "$input" = @robots ] && input_path=$robots || input_path=$work/adv/$input
        # @FILE: a name per line of FILE, in the cases' directory
        [ "${agent:0:1}" = @ ] && agent="@$work/adv/${agent:1}"
        p=$(ir "adv-$case-parse" "$bench" --mode parse "$input_path" --profile "$profile")
        # the whole process: start-up, reading the file and parsing it
        row "worst $case: parse (with start-up and read)" "$p"
        for kind in check baseline; do
            [ "$kind" = baseline ] && [ "$baselines" = 0 ] && continue
            flag=()
            [ "$kind" = baseline ] && flag=(--baseline)
            c=$(ir "adv-$case-$kind" "$bench" --mode check "$input_path" "$agent" \
                "$work/adv/$url" 1 --profile "$profile" "${flag[@]}")
            # a new document's first check: for the index, compiling the set too
            row "worst $case: one $kind" "$((c - p))"
            # the check after it, on the set compiled: what each later check
            # costs (a pass that is built again for every check shows here)
            if [ "$kind" = check ] && [[ " $after_cases " == *" $case "* ]]; then
                c2=$(ir "adv-$case-$kind-2" "$bench" --mode check "$input_path" \
                    "$agent" "$work/adv/$url" 2 --profile "$profile")
                row "worst $case: check after" "$((c2 - c))"
            fi
        done
    done
}

# Each count is one single-threaded valgrind process, and the adversarial
# cases are independent of the rest: with CALLGRIND_JOBS=2 or more they are
# counted beside the rest (rows in a file of their own, printed and added
# to the summary when both are done), so the gate takes about half the
# time on two cores. The figures are the same either way.
adversarial_pid=
if [ "${CALLGRIND_JOBS:-1}" -gt 1 ]; then
    (
        summary=$out/summary-adversarial.tsv
        : >"$summary"
        adversarial_rows
    ) >"$out/adversarial.txt" 2>&1 &
    adversarial_pid=$!
fi

read_ir=$(ir read "$bench" --mode read "$robots")
row "start-up + read the workload (floor)" "$read_ir"
for profile in rfc9309 google; do
    p=$(ir "parse-$profile" "$bench" --mode parse "$robots" --profile "$profile")
    row "parse $profile (minus the floor)" "$((p - read_ir))"
    for agent in FooBot QuxBot; do
        for kind in check query baseline; do
            [ "$kind" = baseline ] && [ "$baselines" = 0 ] && continue
            flag=()
            [ "$kind" = baseline ] && flag=(--baseline)
            [ "$kind" = query ] && flag=(--query)
            one=$(ir "$kind-$profile-$agent-1" "$bench" --mode check \
                "$robots" "$agent" "$urls" 1 --profile "$profile" "${flag[@]}")
            many=$(ir "$kind-$profile-$agent-1000" "$bench" --mode check \
                "$robots" "$agent" "$urls" 1000 --profile "$profile" "${flag[@]}")
            # The first 8 checks of a document may walk the rules directly
            # (document.h, RB_DIRECT_CHECKS), the 9th then compiles the set;
            # a query compiles when it is made. The per-check figures are
            # counted from the 10th check on, through the index.
            after=1
            if [ "$kind" = check ]; then
                after=$((direct_checks + 1))
                row "parse + 1 check $profile $agent (whole process)" "$one"
                # The first check alone, inside robots_check().
                first_in=$(ir_in robots_check "$kind-$profile-$agent-1-in" \
                    "$bench" --mode check "$robots" "$agent" "$urls" 1 \
                    --profile "$profile")
                row "first check $profile $agent (the first answer)" \
                    "$first_in"
                before=$(ir "$kind-$profile-$agent-$direct_checks" "$bench" \
                    --mode check "$robots" "$agent" "$urls" "$direct_checks" \
                    --profile "$profile")
                ninth=$(ir "$kind-$profile-$agent-$after" "$bench" \
                    --mode check "$robots" "$agent" "$urls" "$after" \
                    --profile "$profile")
                # The check that compiles the agent's set (index.c), with
                # the benchmark's start (reading the URLs) as before: the
                # first, or, when the first answer walked the rules and
                # the check after the walks costs more, that one.
                compiled=$((one - p))
                [ "$((ninth - before))" -gt "$first_in" ] &&
                    compiled=$((one - p - first_in + ninth - before))
                row "first check $profile $agent (compiles its set)" \
                    "$compiled"
            fi
            fn=robots_check
            [ "$kind" = query ] && fn=robots_query_check
            [ "$kind" = baseline ] && fn=bench_baseline_check
            one_in=$(ir_in "$fn" "$kind-$profile-$agent-$after-in" "$bench" \
                --mode check "$robots" "$agent" "$urls" "$after" \
                --profile "$profile" "${flag[@]}")
            many_in=$(ir_in "$fn" "$kind-$profile-$agent-1000-in" "$bench" \
                --mode check "$robots" "$agent" "$urls" 1000 \
                --profile "$profile" "${flag[@]}")
            row "$kind $profile $agent, per check" \
                "$(per "$one_in" "$many_in" $((1000 - after)))"
            base=$one
            [ "$kind" = check ] && base=$ninth
            row "$kind $profile $agent, per check with the loop" \
                "$(per "$base" "$many" $((1000 - after)))"
        done
    done
done

# A parse for verdicts only (robots_options.skip_diagnostics), as a
# crawler parses: every profile.
for profile in rfc9309 google legacy; do
    p=$(ir "parse-skip-$profile" "$bench" --mode parse "$robots" \
        --profile "$profile" --skip-diagnostics)
    row "parse $profile, no diagnostics (minus the floor)" "$((p - read_ir))"
done

# The first answer on a small file (issue 23): the workload's first
# 4,096 bytes cut at their last whole line, one check counted inside
# robots_check(). Its first checks walk the rules instead of compiling a
# set (check.c, walk_directly()): 13,249 instructions here; with
# another URL, robots_realworld --once first counted 11,642 for the walk
# where compiling the set took 51,695.
small=$work/robots-4k.txt
[ -s "$small" ] || head -c 4096 "$robots" | sed '$d' >"$small"
for profile in rfc9309 google; do
    row "first check $profile FooBot, the first 4 KB (walks the rules)" \
        "$(ir_in robots_check "small-$profile" "$bench" --mode check \
            "$small" FooBot "$urls" 1 --profile "$profile")"
done

# The first answer on the largest files of the real world (issue 23).
# The corpus may not be committed, so CI counts generated files of their
# shapes and sizes (bench/gen_shapes.py); with the corpus given, its own
# largest files are counted too. Each: the parse (minus reading the file)
# and one check of a fresh document, counted inside robots_check(), for
# Googlebot and /search/about, as bench/realworld.c asks.
first_answer() { # first_answer LABEL FILE URL_FILE
    local r p
    r=$(ir "$1-read" "$bench" --mode read "$2")
    p=$(ir "$1-parse" "$bench" --mode parse "$2")
    row "$1: parse (minus the read)" "$((p - r))"
    row "$1: first check Googlebot" "$(ir_in robots_check "$1-first" \
        "$bench" --mode check "$2" Googlebot "$3" 1)"
}
shapes=$work/shapes
[ -s "$shapes/shapes.tsv" ] || python3 "$repo/bench/gen_shapes.py" "$shapes"
printf 'https://www.example.com/search/about\n' >"$shapes/url.txt"
while IFS=$'\t' read -r name file _; do
    first_answer "shape $name" "$shapes/$file" "$shapes/url.txt"
done <"$shapes/shapes.tsv"
if [ -n "$real" ] && [ -f "$real" ]; then
    mkdir -p "$work/real"
    tar -xJf "$real" -C "$work/real"
    real=$work/real/robots-real
fi
: >"$out/skipped.txt"
if [ -n "$real" ] && [ -d "$real" ]; then
    for name in $real_files; do
        [ -f "$real/$name" ] ||
            { echo "callgrind.sh: no $name in $real" >&2; exit 2; }
        printf 'https://%s/search/about\n' "$name" >"$out/real-$name.url"
        first_answer "real $name" "$real/$name" "$out/real-$name.url"
    done
else
    echo "real " >"$out/skipped.txt" # their budgets: SKIP, not ok
fi

if [ -n "$adversarial_pid" ]; then
    wait "$adversarial_pid" ||
        { cat "$out/adversarial.txt"; echo "callgrind.sh: the adversarial cases failed" >&2; exit 2; }
    cat "$out/adversarial.txt"
    cat "$out/summary-adversarial.tsv" >>"$summary"
else
    adversarial_rows
fi

# Where the instructions go: only inside robots_parse, then only inside
# robots_check, each the top functions by their own (exclusive) cost.
top() {
    local name=$1 fn=$2
    shift 2
    valgrind --tool=callgrind --toggle-collect="$fn" \
        --callgrind-out-file="$out/$name.out" "$@" >/dev/null 2>&1
    echo
    echo "== $name: top functions inside $fn (exclusive Ir) =="
    callgrind_annotate --inclusive=no "$out/$name.out" 2>/dev/null |
        grep -E '^ *[0-9,]+ +\(' | grep -v 'PROGRAM TOTALS' |
        sed -e 's/ \[[^]]*\]$//' -e 's|[^ ]*/sysdeps/[^:]*:|libc:|' |
        head -n 12
}
if [ "$top_functions" != 0 ]; then
    top profile-parse robots_parse "$bench" --mode parse "$robots"
    top profile-check-FooBot robots_check "$bench" --mode check "$robots" \
        FooBot "$urls" 1000
    top profile-check-QuxBot robots_check "$bench" --mode check "$robots" \
        QuxBot "$urls" 1000
    top profile-issue-star-a robots_check "$bench" --mode check \
        "$work/adv/issue-star-a.txt" QuxBot "$work/adv/issue-star-a.url" 1
fi

# The budgets: every figure named there must be measured and within it.
budget_status=0
if [ -n "$budgets" ]; then
    echo
    python3 - "$budgets" "$out/summary.tsv" "$out/skipped.txt" <<'EOF' || budget_status=1
import sys
budgets, summary, skipped = sys.argv[1:4]
measured = dict(line.rstrip("\n").split("\t") for line in open(summary))
# figures whose input was not given (the real-world corpus): said, not passed
prefixes = [p.rstrip("\n") for p in open(skipped) if p.strip()]
failed = skips = 0
for line in open(budgets):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    figure, most = line.split("\t")[:2]
    got = measured.get(figure)
    if got is None and any(figure.startswith(p) for p in prefixes):
        print(f"SKIP {figure}: its input was not given (REAL_CORPUS)")
        skips += 1
        continue
    if got is None:
        print(f"MISSING {figure}: not measured")
        failed += 1
        continue
    ok = int(got) <= int(most)
    failed += not ok
    print(f"{'ok  ' if ok else 'OVER'} {figure}: {int(got):,} of {int(most):,}"
          f" ({100 * int(got) / int(most):.0f}%)")
print(f"budgets: {failed} over or missing, {skips} skipped")
sys.exit(1 if failed else 0)
EOF
fi

# End to end: robots check over 1,000,000 URLs on stdin (median of runs).
if [ "$e2e_runs" -gt 0 ] && [ -x "$cli" ]; then
    [ -s "$urls_1m" ] || python3 "$shared/gen_urls.py" "$urls_1m" 1000000
    echo
    for agent in $e2e_agents; do
        python3 - "$e2e_runs" "$cli" "$robots" "$urls_1m" "$agent" <<'EOF'
import resource, statistics, subprocess, sys, time
runs, cli, robots, urls, agent = int(sys.argv[1]), *sys.argv[2:]
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
# On a shared machine the wall time swings with the load; the CPU time
# (user + sys) of the run is the steadier figure beside it.
times, cpus = [], []
for _ in range(runs):
    with open(urls, "rb") as stdin:
        start, start_cpu = time.perf_counter(), cpu()
        rc = subprocess.run([cli, "check", "--agent", agent, robots],
                            stdin=stdin, stdout=subprocess.DEVNULL).returncode
        times.append(time.perf_counter() - start)
        cpus.append(cpu() - start_cpu)
    if rc not in (0, 1):
        sys.exit("robots check failed: exit %d" % rc)
print("robots check --agent %s, 1,000,000 URLs on stdin: median %.2f s, "
      "min %.2f s; user+sys median %.2f s, min %.2f s (%d runs; goal < 1 s)"
      % (agent, statistics.median(times), min(times),
         statistics.median(cpus), min(cpus), runs))
EOF
    done
fi

exit "$budget_status"
