#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""python_bench.py - the Python package librobots against Protego (Scrapy's
default parser) and urllib.robotparser on the fixed workload of
../shared/bench, in one run: the parse of the 511,975-byte robots.txt, and
the cost per URL after it, for FooBot and QuxBot over 1,000 URLs (the agents
of robots_bench), through single calls and through the batch calls. Prints
medians (and minima) and the ratios; --json writes them too. A benchmark,
not a test: nothing here fails on a time.

Usage: python_bench.py [--shared DIR] [--runs N] [--json FILE]
  (run with the package importable: PYTHONPATH=build/ci-python/python, or
  after pip install ./python)
"""
import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.robotparser

import librobots

try:
    from protego import Protego
except ImportError:  # pragma: no cover - the comparison needs it
    Protego = None

AGENTS = ("FooBot", "QuxBot")


def workload(shared, tmp):
    robots, urls = os.path.join(tmp, "robots.txt"), os.path.join(tmp, "urls.txt")
    for cmd in ([sys.executable, os.path.join(shared, "gen_robots.py"), robots],
                [sys.executable, os.path.join(shared, "gen_urls.py"), urls, "1000"]):
        subprocess.run(cmd, check=True, capture_output=True)
    with open(robots, "rb") as f:
        body = f.read()
    with open(urls, encoding="utf-8") as f:
        return body, f.read().split()


def timed(fn, runs):
    """Seconds per call of fn(): (median, min) over `runs` runs."""
    times = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(runs):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return statistics.median(times), min(times)


def urllib_parser(body):
    rp = urllib.robotparser.RobotFileParser()
    rp.parse(body.decode("utf-8").splitlines())
    return rp


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--shared", default=os.environ.get(
        "ROBOTS_BENCH_SHARED", os.path.join(here, "..", "..", "shared", "bench")))
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--json")
    args = ap.parse_args(argv[1:])
    if Protego is None:
        sys.exit("python_bench.py: protego is not installed (apt-get install python3-protego)")
    with tempfile.TemporaryDirectory() as tmp:
        body, urls = workload(args.shared, tmp)
    text = body.decode("utf-8")
    slow_runs = max(1, args.runs // 3)
    rows = []

    def row(section, what, name, seconds, per=1):
        med, mn = seconds
        rows.append({"section": section, "what": what, "impl": name,
                     "median_s": med / per, "min_s": mn / per})

    # Parse.
    row("parse", "512 KB file", "librobots", timed(lambda: librobots.parse(body), args.runs * 2))
    row("parse", "512 KB file", "librobots, skip_diagnostics",
        timed(lambda: librobots.parse(body, skip_diagnostics=True), args.runs * 2))
    row("parse", "512 KB file", "protego", timed(lambda: Protego.parse(text), slow_runs))
    row("parse", "512 KB file", "urllib", timed(lambda: urllib_parser(body), slow_runs))

    doc = librobots.parse(body)
    pro = Protego.parse(text)
    std = urllib_parser(body)
    n = len(urls)
    disagree = {"protego": 0, "urllib": 0}
    for agent in AGENTS:
        # One pass first: the library compiles the agent's index, Protego its
        # regular expressions, on first use.
        ours = doc.allowed_many(agent, urls)
        for u, a in zip(urls, ours):
            disagree["protego"] += pro.can_fetch(u, agent) != a
            disagree["urllib"] += std.can_fetch(agent, u) != a
        query = doc.query(agent)
        what = "per URL, %s" % agent
        row("single", what, "librobots allowed()",
            timed(lambda: [doc.allowed(agent, u) for u in urls], args.runs), n)
        row("single", what, "librobots check()",
            timed(lambda: [doc.check(agent, u) for u in urls], args.runs), n)
        row("single", what, "librobots Query.allowed()",
            timed(lambda: [query.allowed(u) for u in urls], args.runs), n)
        row("single", what, "protego",
            timed(lambda: [pro.can_fetch(u, agent) for u in urls], slow_runs), n)
        row("single", what, "urllib",
            timed(lambda: [std.can_fetch(agent, u) for u in urls], slow_runs), n)
        row("batch", what, "librobots allowed_many()",
            timed(lambda: doc.allowed_many(agent, urls), args.runs), n)
        row("batch", what, "librobots check_many()",
            timed(lambda: doc.check_many(agent, urls), args.runs), n)

    def med(section, what, impl):
        return next(r["median_s"] for r in rows
                    if (r["section"], r["what"], r["impl"]) == (section, what, impl))

    ratios = {"parse": {
        "protego/librobots": med("parse", "512 KB file", "protego") / med("parse", "512 KB file", "librobots"),
        "urllib/librobots": med("parse", "512 KB file", "urllib") / med("parse", "512 KB file", "librobots")}}
    for agent in AGENTS:
        what = "per URL, %s" % agent
        ratios[agent] = {
            "single: protego/librobots": med("single", what, "protego") / med("single", what, "librobots allowed()"),
            "single: urllib/librobots": med("single", what, "urllib") / med("single", what, "librobots allowed()"),
            "batch: protego/librobots": med("single", what, "protego") / med("batch", what, "librobots allowed_many()"),
        }

    print("librobots %s (Python %s) vs Protego and urllib.robotparser: %d-byte robots.txt, "
          "%d URLs, medians of %d runs (%d for Protego and urllib)"
          % (librobots.__version__, sys.version.split()[0], len(body), n, args.runs, slow_runs))
    print("%-7s %-17s %-27s %12s %12s" % ("", "", "", "median", "min"))
    for r in rows:
        unit, scale = ("ms", 1e3) if r["section"] == "parse" else ("us", 1e6)
        print("%-7s %-17s %-27s %9.3f %s %9.3f %s" % (
            r["section"], r["what"], r["impl"], r["median_s"] * scale, unit, r["min_s"] * scale, unit))
    print("ratios (medians; goals: parse >= 100x Protego, a single check >= 20x):")
    for key, values in ratios.items():
        for name, value in values.items():
            print("  %-7s %-28s %8.1fx" % (key, name, value))
    print("verdicts that differ from librobots' (rfc9309) over %d checks: Protego %d, urllib %d"
          % (n * len(AGENTS), disagree["protego"], disagree["urllib"]))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"body_bytes": len(body), "urls": n, "rows": rows, "ratios": ratios,
                       "disagreements": disagree}, f, indent=1)


if __name__ == "__main__":
    main(sys.argv)
