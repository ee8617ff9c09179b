#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of robots-conformance --batch-command (conformance/README.md, "The
batch protocol") against fake_adapter.py, which crashes, hangs, and prints
what the protocol does not allow, case by case: each failure must be
reported on its own case, as what it is, and the next case must pass on a
restarted adapter.

Usage: test_batch.py RUNNER
"""
import ast
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "fake_adapter.py")
PY = sys.executable


def verdict(cid, allowed, url, robots="", agent="ExampleBot", **extra):
    c = {"id": cid, "kind": "verdict", "source": {"decision": "test"}, "tags": [],
         "input": {"agent": agent, "url": url},
         "expect": {"rfc9309": {"allowed": allowed, "why": "test"}}}
    if isinstance(robots, list):
        c["robots_gen"] = robots
    elif robots.startswith("hex:"):
        c["robots_hex"] = robots[4:]
    else:
        c["robots"] = robots
    c.update(extra)
    return c


CASES = [
    verdict("echo-empty", True, "/yes", "", "A b"),
    verdict("echo-hex", True, "http://example.com/a%20b/yes", "hex:00 ff 0a 09 41", "Bot/1.0 (x; y)"),
    verdict("echo-three", False, "/no", "abc", "x"),
    verdict("crash-1", True, "/yes"),
    verdict("ok-after-crash", True, "/yes"),
    verdict("segv-1", True, "/yes"),
    verdict("hang-1", True, "/yes"),
    verdict("ok-after-hang", False, "/no"),
    verdict("garbage-1", True, "/yes"),
    verdict("ok-after-garbage", True, "/yes"),
    verdict("long-1", True, "/yes"),
    verdict("ok-after-long", True, "/yes"),
    verdict("twice-1", True, "/yes"),
    verdict("ok-after-twice", True, "/yes"),
    verdict("error-1", True, "/yes"),
    verdict("ok-after-error", True, "/yes"),
    verdict("partial-1", True, "/yes"),
    verdict("ok-after-partial", True, "/yes"),
    verdict("early-1", True, "/yes", [{"repeat": "Disallow: /x\n", "times": 100000}]),
    verdict("ok-last", True, "/yes"),
    {"id": "ok-two-agents", "kind": "verdict", "source": {"decision": "test"}, "tags": [],
     "robots": "", "input": {"agents": ["a", "b"], "url": "/yes"},
     "expect": {"rfc9309": {"allowed": True, "why": "test"}}},
    verdict("ok-options", True, "/yes", options={"parse_limit": 10}),
    {"id": "ok-match", "kind": "match", "source": {"decision": "test"}, "tags": [],
     "input": {"pattern": "/a", "path": "/a"}, "expect": {"rfc9309": {"match": True, "why": "t"}}},
]

failures = []
checks = 0


def check(cond, what):
    global checks
    checks += 1
    if not cond:
        failures.append(what)
        print("FAIL " + what)


def alive(pid):
    """Is pid running (a zombie is not)? Waits up to 2 s for it to end."""
    for _ in range(40):
        try:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return False
        except OSError:
            return False
        time.sleep(0.05)
    return True


def run(runner, cases_dir, adapter, *extra):
    report = os.path.join(cases_dir, "..", "report.json")
    args = [runner, "--cases", cases_dir, "--profile", "rfc9309", "--json", report,
            "--batch-command", adapter] + list(extra)
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    out = p.stdout.decode("utf-8", "replace")
    with open(report) as f:
        return p.returncode, out, json.load(f)


def usage(cid, crawlable=True, **extra):
    want = {"crawlable": crawlable, "lines": [4, 5] if crawlable else [],
            "labels": {"train-ai": "disallowed", "ai-use": "unknown", "search": "allowed"}
            if crawlable else None, "why": "test"}
    want.update(extra.pop("want", {}))
    c = {"id": cid, "kind": "usage", "source": {"decision": "test"}, "tags": [],
         "robots": "User-agent: *\n", "input": {"agent": "Bot", "url": "/x"},
         "expect": {"rfc9309": want}}
    c.update(extra)
    return c


USAGE_CASES = [
    usage("uok-1"),
    usage("uok-signals", want={"content_signal": None,
                               "file_content_signal": {"search": "allowed", "ai-input": "unknown",
                                                       "ai-train": "unknown"}}),
    usage("uecho-1", input={"agent": "A b", "url": "http://example.com/\u00e9",
                            "content_usage_header": ["train-ai=n", ""]},
          options={"content_usage_ends_group": True}),
    usage("uecho-2"),
    usage("uok-wrong-crawlable", crawlable=False),
    usage("uok-wrong-lines", want={"lines": [4]}),
    usage("uok-wrong-signal", want={"content_signal": {"search": "allowed", "ai-input": "unknown",
                                                       "ai-train": "unknown"}}),
    usage("uunsup-1"),
    usage("ubad-1"),
    usage("uverdict-1"),
    usage("uok-after-verdict"),
    verdict("ok-verdict-too", True, "/yes"),
]


def test_usage(runner, tmp):
    cases = os.path.join(tmp, "usage")
    os.mkdir(cases)
    with open(os.path.join(cases, "usage.json"), "w") as f:
        json.dump({"topic": "usage", "title": "t", "description": "t", "cases": USAGE_CASES}, f)
    echo = os.path.join(tmp, "echo-usage")
    adapter = "%s %s --echo %s" % (PY, FAKE, echo)
    # Protocol 1 (the default): the adapter never sees a usage query.
    rc, out, rep = run(runner, cases, adapter)
    res = {r["id"]: r for r in rep["results"]}
    check(all(res[c["id"]]["outcome"] == "skip" for c in USAGE_CASES if c["kind"] == "usage"),
          "protocol 1 skips the usage cases")
    check("batch protocol 1" in res["uok-1"]["message"], "and says why: %r" % res["uok-1"])
    check(res["ok-verdict-too"]["outcome"] == "pass", "protocol 1 still asks the verdicts")
    check(not os.path.exists(echo), "no usage query reached a protocol 1 adapter")
    rc, out, rep = run(runner, cases, adapter, "--batch-protocol", "2")
    res = {r["id"]: r for r in rep["results"]}
    for cid in ("uok-1", "uok-signals", "uecho-1", "uecho-2", "uok-after-verdict",
                "ok-verdict-too"):
        check(res[cid]["outcome"] == "pass", "%s passes: %s" % (cid, res[cid].get("message")))
    for cid in ("uok-wrong-crawlable", "uok-wrong-lines", "uok-wrong-signal"):
        check(res[cid]["outcome"] == "fail" and "problem" not in res[cid],
              "%s fails on the answer: %r" % (cid, res[cid]))
    check("expected: crawlable=no labels=- lines=-" in res["uok-wrong-crawlable"]["message"],
          "the message shows the expectation as an answer: %r" % res["uok-wrong-crawlable"])
    check(res["uunsup-1"]["outcome"] == "skip" and res["uunsup-1"].get("problem") == "unsupported",
          "unsupported is a skip, not a failure: %r" % res["uunsup-1"])
    check(res["ubad-1"]["outcome"] == "fail" and res["ubad-1"].get("problem") == "protocol",
          "a malformed usage answer is a protocol failure: %r" % res["ubad-1"])
    check(res["uverdict-1"]["outcome"] == "fail" and res["uverdict-1"].get("problem") == "protocol"
          and "to a usage query" in res["uverdict-1"]["message"],
          "a verdict answer to a usage query is a protocol failure: %r" % res["uverdict-1"])
    check(rep["adapter"]["unsupported"] == 1, "the adapter's unsupported answers are counted")
    check(rep["batch_protocol"] == 2, "the report names the protocol")
    with open(echo) as f:
        seen = [ast.literal_eval(line) for line in f]
    check(seen == [("rfc9309", "uecho-1", b"User-agent: *\n", b"A b",
                    "http://example.com/\u00e9".encode(), [b"train-ai=n", b""],
                    "content_usage_ends_group"),
                   ("rfc9309", "uecho-2", b"User-agent: *\n", b"Bot", b"/x", None, "-")],
          "the usage query carries the field lines and the options: %r" % seen)


def main(argv):
    runner = argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        cases = os.path.join(tmp, "cases")
        os.mkdir(cases)
        with open(os.path.join(cases, "batch.json"), "w") as f:
            json.dump({"topic": "batch", "title": "t", "description": "t", "cases": CASES}, f)
        echo = os.path.join(tmp, "echo")
        t0 = time.monotonic()
        # The timeout is the runner's default's kind of figure, not a speed
        # bound: each answer includes a fresh Python adapter's start-up
        # after a crash, which took over a second on a loaded 2-core
        # machine and made a good answer read as a hang. 3000 ms keeps the
        # hang case short and leaves start-up room.
        rc, out, rep = run(runner, cases, "%s %s --echo %s" % (PY, FAKE, echo),
                           "--batch-timeout", "3000")
        elapsed = time.monotonic() - t0
        res = {r["id"]: r for r in rep["results"]}
        check(rc == 1, "the run fails (exit 1), exit was %d" % rc)
        check(rep["protocol"] == "batch", "the report names the batch protocol")
        for cid in res:
            if cid.startswith(("ok-", "echo-")) and cid not in ("ok-two-agents", "ok-options", "ok-match"):
                check(res[cid]["outcome"] == "pass", "%s passes: %s" % (cid, res[cid].get("message")))
        for cid in ("ok-two-agents", "ok-options", "ok-match"):
            check(res[cid]["outcome"] == "skip", "%s is skipped" % cid)
        expect = {
            "crash-1": ("crash", "exited with status 3 before answering"),
            "segv-1": ("crash", "killed by signal 11"),
            "hang-1": ("hang", "no answer within 3000 ms"),
            "garbage-1": ("protocol", "the answer 'maybe' is not"),
            "long-1": ("protocol", "longer than 4096 bytes"),
            "twice-1": ("protocol", "more than one line for one query"),
            "error-1": ("error", "error: the parser\\x09failed"),
            "partial-1": ("crash", "(it had written 'allo')"),
            "early-1": ("protocol", "answered before reading the whole query"),
        }
        for cid, (problem, text) in expect.items():
            r = res[cid]
            check(r["outcome"] == "fail" and r.get("problem") == problem,
                  "%s fails as %s: %s %s" % (cid, problem, r["outcome"], r.get("problem")))
            check(text in r.get("message", ""), "%s says %r: %r" % (cid, text, r.get("message")))
        stats = rep["adapter"]
        want = {"starts": 9, "crashes": 3, "hangs": 1, "protocol_errors": 4, "errors": 1,
                "unavailable": 0}
        for k, v in want.items():
            check(stats[k] == v, "adapter %s: %d, expected %d" % (k, stats[k], v))
        check("batch: 9 starts" in out, "the summary line counts the starts")
        with open(echo) as f:
            seen = [ast.literal_eval(line) for line in f]
        check(seen == [("rfc9309", "echo-empty", b"", b"A b", b"/yes"),
                       ("rfc9309", "echo-hex", b"\x00\xff\n\tA", b"Bot/1.0 (x; y)",
                        b"http://example.com/a%20b/yes"),
                       ("rfc9309", "echo-three", b"abc", b"x", b"/no")],
              "the adapter decodes the fields the case gives: %r" % seen)
        check(elapsed < 60, "the run ends (%.1f s)" % elapsed)
        with open(echo + ".sleep") as f:
            sleeper = int(f.read())
        check(not alive(sleeper), "what the hung adapter started was killed with it")

        count = os.path.join(tmp, "starts")
        rc, out, rep = run(runner, cases, "%s %s --die-at-start %s" % (PY, FAKE, count),
                           "--id", "ok-after-*")
        with open(count) as f:
            starts = len(f.readlines())
        check(starts == 3, "an adapter that never answers is started 3 times, not %d" % starts)
        probs = [r.get("problem") for r in rep["results"]]
        check(probs == ["crash"] * 3 + ["unavailable"] * 4,
              "then given up: %r" % probs)
        check("gave no valid answer in 3 starts" in rep["results"][-1]["message"],
              "the unavailable message says why")

        # --ask-once: one query per case, its answer held to each profile.
        once = os.path.join(tmp, "once")
        os.mkdir(once)
        two = [dict(verdict("echo-%d" % k, k == 1, "/yes"),
                    expect={"rfc9309": {"allowed": True, "why": "t"},
                            "legacy": {"allowed": k == 1, "why": "t"}}) for k in (1, 2)]
        with open(os.path.join(once, "once.json"), "w") as f:
            json.dump({"topic": "once", "title": "t", "description": "t", "cases": two}, f)
        echo_once = os.path.join(tmp, "echo-once")
        p = subprocess.run([runner, "--cases", once, "--profile", "rfc9309", "--profile",
                            "legacy", "--ask-once", "--batch-command",
                            "%s %s --echo %s" % (PY, FAKE, echo_once)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        with open(echo_once) as f:
            asked = [ast.literal_eval(line)[1] for line in f]
        check(asked == ["echo-1", "echo-2"], "--ask-once asks each case once: %r" % asked)
        check(p.stdout.decode().strip().endswith("3 passed, 1 failed, 0 skipped"),
              "--ask-once compares the one answer with both profiles")

        # Protocol 2: usage queries, sent only with --batch-protocol 2.
        test_usage(runner, tmp)

        for bad in (["--batch-protocol", "3"], ["--batch-timeout", "0"],
                    ["--batch-timeout", "x"],
                    ["--command", "true"]):
            p = subprocess.run([runner, "--cases", cases, "--batch-command", "true"] + bad,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            check(p.returncode == 2 and p.stderr, "%r is a usage error" % bad)
        p = subprocess.run([runner, "--cases", cases, "--ask-once"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check(p.returncode == 2 and p.stderr, "--ask-once alone is a usage error")
    print("%d passed, %d failed" % (checks - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
