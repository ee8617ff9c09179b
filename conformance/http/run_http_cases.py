#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""run_http_cases.py - the HTTP conformance cases (conformance/cases-http):
starts the test server (server.py) on 127.0.0.1, free ports, and for each
case, each profile it expects something of, and each step (a run of
`robots fetch`, a day apart when the case says so), serves the step's
script and checks what `robots fetch --json` answered: verdict, decision,
requests made (counted by the server too), cache lifetime, and anything
else the expectation names. Each profile has its own --cache-dir, so
cases that span days replay them with --now.

With --alike-once (or RUN_HTTP_CASES_ALIKE_ONCE=1 in the environment, as
the valgrind gate sets it: each process costs about a second there), a case
whose every step expects the same of every profile runs in its first
profile only; a case whose profiles differ still runs in each.

usage: run_http_cases.py --robots PATH [CASES_DIR] [--only ID] [--alike-once]"""
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import server as test_server  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DAY = 86400
# The clock of step 0 unless a case says otherwise: a fixed instant, so
# that every run replays the same days.
EPOCH = 1700000000


def run_step(robots, srv, case, step, profile, cache_dir, index):
    srv.set_routes({srv.expand(k): v for k, v in step.get("serve", {}).items()})
    now = EPOCH + int(step.get("day", index) * DAY) + step.get("seconds", 0)
    url = "http://127.0.0.1:%d%s" % (srv.ports[0], case.get("path", "/private/page"))
    argv = [robots, "fetch", "--json", "--profile", profile,
            "--agent", case.get("agent", "ExampleBot"),
            "--cache-dir", cache_dir, "--now", str(now),
            "--timeout", str(case.get("timeout", 3)), url]
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    if step.get("parallel"):
        return run_parallel(argv, env, step["parallel"], step["expect"][profile])
    if "check_paths" in case:
        urls = ["http://127.0.0.1:%d%s" % (srv.ports[0], p) for p in case["check_paths"]]
        argv = [robots, "check", "--fetch", "--json"] + argv[3:-1] + urls
        return run_check_fetch(argv, env, srv, step["expect"][profile])
    started = time.monotonic()
    p = subprocess.run(argv, capture_output=True, timeout=60, env=env)
    took = time.monotonic() - started
    problems = []
    try:
        got = json.loads(p.stdout.decode("utf-8"))
    except ValueError:
        return ["no JSON line (exit %d): %r %r" % (p.returncode, p.stdout[:200], p.stderr[:200])], None
    want = step["expect"][profile]
    checks = [("verdict", got.get("verdict")), ("decision", got.get("decision")),
              ("requests", got.get("requests")), ("cache_seconds", got["cache"]["seconds"]),
              ("from_cache", got.get("from_cache")), ("basis", got.get("basis")),
              ("hops", len(got.get("hops", []))), ("truncated", got.get("truncated"))]
    for key, value in checks:
        if key in want and want[key] != value:
            problems.append("%s: expected %r, got %r" % (key, want[key], value))
    exit_want = 0 if got.get("verdict") == "allowed" else 1
    if p.returncode != exit_want:
        problems.append("exit %d for %s" % (p.returncode, got.get("verdict")))
    log = srv.request_log()
    if len(log) != got.get("requests"):
        problems.append("the server saw %d requests, robots fetch says %s" % (len(log), got.get("requests")))
    agent = case.get("agent", "ExampleBot")
    for r in log:
        if agent not in r["user_agent"]:
            problems.append("User-Agent %r does not name %s" % (r["user_agent"], agent))
    if "max_seconds" in want and took > want["max_seconds"]:
        problems.append("took %.1f s, more than %s" % (took, want["max_seconds"]))
    return problems, got


def run_check_fetch(argv, env, srv, want):
    """`robots check --fetch URL...`: a verdict per URL, each authority's
    robots.txt fetched once in the run."""
    p = subprocess.run(argv, capture_output=True, timeout=60, env=env)
    problems = []
    try:
        lines = [json.loads(x) for x in p.stdout.decode("utf-8").splitlines()]
    except ValueError:
        return ["no JSON lines (exit %d): %r" % (p.returncode, p.stdout[:200])], None
    verdicts = ["allowed" if x.get("allowed") else "disallowed" for x in lines]
    if verdicts != want["verdicts"]:
        problems.append("verdicts %r, not %r" % (verdicts, want["verdicts"]))
    exit_want = 1 if "disallowed" in want["verdicts"] else 0
    if p.returncode != exit_want:
        problems.append("exit %d, not %d" % (p.returncode, exit_want))
    seen = len(srv.request_log())
    told = sum(x.get("requests", 0) for x in lines)
    if seen != want["requests"] or told != want["requests"]:
        problems.append("requests: the server saw %d, robots said %d, expected %d"
                        % (seen, told, want["requests"]))
    return problems, {"lines": lines}


def run_parallel(argv, env, count, want):
    """`count` runs at once sharing one --cache-dir: each must read a whole
    entry or none (entries are renamed into place), so each answers."""
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
             for _ in range(count)]
    problems = []
    got = None
    for p in procs:
        out, err = p.communicate(timeout=60)
        try:
            got = json.loads(out.decode("utf-8"))
        except ValueError:
            problems.append("a concurrent run gave no JSON: %r %r" % (out[:200], err[:200]))
            continue
        for key in ("verdict", "decision"):
            if want[key] != got.get(key):
                problems.append("a concurrent run: %s %r, not %r" % (key, got.get(key), want[key]))
        if err:
            problems.append("a concurrent run wrote to stderr: %r" % err[:200])
    return problems, got


def profiles_alike(case, profiles):
    """Every step expects the same, in the same words, of every profile."""
    for step in case["steps"]:
        want = [json.dumps(step["expect"].get(p), sort_keys=True) for p in profiles]
        if len(set(want)) > 1:
            return False
    return True


def main(argv):
    args = argv[1:]
    robots = None
    only = None
    alike_once = os.environ.get("RUN_HTTP_CASES_ALIKE_ONCE") == "1"
    cases_dir = os.path.join(HERE, "..", "cases-http")
    while args:
        a = args.pop(0)
        if a == "--robots":
            robots = args.pop(0)
        elif a == "--only":
            only = args.pop(0)
        elif a == "--alike-once":
            alike_once = True
        else:
            cases_dir = a
    if robots is None:
        sys.stderr.write(__doc__)
        return 2
    srv = test_server.Server()
    failed = passed = 0
    with tempfile.TemporaryDirectory(prefix="robots-http-") as tmp:
        for path in sorted(glob.glob(os.path.join(cases_dir, "*.json"))):
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            for case in doc["cases"]:
                if only is not None and case["id"] != only:
                    continue
                profiles = sorted({p for s in case["steps"] for p in s["expect"]})
                if alike_once and profiles_alike(case, profiles):
                    profiles = profiles[:1]
                for profile in profiles:
                    cache_dir = os.path.join(tmp, case["id"], profile)
                    for i, step in enumerate(case["steps"]):
                        if profile not in step["expect"]:
                            continue
                        problems, got = run_step(robots, srv, case, step, profile, cache_dir, i)
                        label = "%s [%s] step %d" % (case["id"], profile, i)
                        if problems:
                            failed += 1
                            print("FAIL %s (%s)" % (label, json.dumps(case["source"])))
                            for pr in problems:
                                print("  " + pr)
                            print("  why: " + step["expect"][profile].get("why", ""))
                            if got is not None:
                                print("  got: " + json.dumps(got)[:600])
                        else:
                            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
