# SPDX-License-Identifier: MIT
"""A document is safe to query from many threads (robots.h, Model: the
document is immutable, the first check compiles an index and publishes it
atomically), and parsing and batch checks release the GIL, so threads run
in parallel: several threads check one fresh document while others parse,
and every verdict is the one a single thread gets."""
import random
import sys
import threading
import time

import pytest

import librobots
from corpus import agent, robots_txt, url

RNG = random.Random(2022)
BODY = robots_txt(RNG, groups=40, rules=60)
URLS = [url(RNG) for _ in range(4000)]
AGENTS = [agent(RNG) for _ in range(8)]


def reference():
    doc = librobots.parse(BODY)
    return {a: [doc.check(a, u) for u in URLS] for a in AGENTS}


EXPECTED = reference()


def run_threads(targets):
    errors = []

    def guarded(fn):
        def run():
            try:
                fn()
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
        return run

    threads = [threading.Thread(target=guarded(fn)) for fn in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


@pytest.mark.parametrize("round_", range(4))
def test_checkers_race_on_a_fresh_document_while_others_parse(round_):
    doc = librobots.parse(BODY)  # fresh: no index compiled yet
    start = threading.Barrier(6)
    results = {}

    def checker(i):
        def run():
            a = AGENTS[i % len(AGENTS)]
            start.wait()
            if i % 3 == 0:
                results[i] = (a, doc.check_many(a, URLS))
            elif i % 3 == 1:
                results[i] = (a, [doc.check(a, u) for u in URLS])
            else:
                q = doc.query(a)
                results[i] = (a, [librobots.Verdict(*_values(v)) for v in q.check_many(URLS)])
        return run

    def parser():
        start.wait()
        for _ in range(20):
            d = librobots.parse(BODY)
            assert d.check_many(AGENTS[0], URLS[:50]) == EXPECTED[AGENTS[0]][:50]

    run_threads([checker(i) for i in range(4)] + [parser, parser])
    for a, verdicts in results.values():
        assert verdicts == EXPECTED[a]


def _values(v):
    return (v.allowed, v.reason, v.specific, v.group, v.rule, v.rule_kind, v.line,
            v.pattern, v.truncated)


@pytest.fixture
def gil_only_released_on_purpose():
    """With a switch interval of 1000 s, a thread that waits for the GIL gets
    it only when the running thread gives it up itself."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    yield
    sys.setswitchinterval(old)


@pytest.mark.parametrize("call", [
    ("parse", lambda: librobots.parse(BODY * 60)),
    ("check_many", lambda: DOC.check_many("FooBot", URLS * 5)),
    ("allowed_many", lambda: DOC.allowed_many("FooBot", URLS * 5)),
    ("Query.allowed_many", lambda: DOC.query("FooBot").allowed_many(URLS * 5)),
    ("meta_tags", lambda: librobots.meta_tags(b"<head>" + b"<p>x</p>" * 100000)),
], ids=lambda c: c[0])
def test_the_gil_is_released(call, gil_only_released_on_purpose):
    """Another thread runs Python code while the call works: it sees the
    call unfinished. Had the call kept the GIL, the other thread could only
    run at join(), after the call, whatever the attempt. (The other thread
    may still be asleep when a call gives the GIL up only once and briefly,
    as meta_tags() does; so a few attempts are allowed.)"""
    for _ in range(20):
        if other_thread_ran_during(call[1]):
            return
    pytest.fail("no other thread ran during %s() in 20 attempts" % call[0])


def other_thread_ran_during(fn):
    gate = threading.Lock()
    gate.acquire()
    done = []
    seen = []

    def other():
        with gate:
            seen.append(bool(done))

    t = threading.Thread(target=other)
    t.start()
    gate.release()
    # Keep the GIL for a while, so that the other thread wakes and waits for it.
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 0.05:
        pass
    fn()
    done.append(True)
    t.join()
    return seen == [False]


DOC = librobots.parse(BODY)
