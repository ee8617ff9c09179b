# SPDX-License-Identifier: MIT
"""No leak: a million checks (single, batch, through a query, and failing
ones) and a thousand parses leave the process's resident memory flat. The
figures are printed (pytest -rP shows them)."""
import gc
import os
import pickle
import random

import pytest

import librobots
from corpus import agent, robots_txt, url

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/statm"),
                                reason="reads the resident set from /proc/self/statm")

RNG = random.Random(42)
BODY = robots_txt(RNG, groups=30, rules=40)
URLS = [url(RNG) for _ in range(1000)]
AGENTS = [agent(RNG) for _ in range(5)]
# More than any per-call leak could hide in: a million checks leaking one
# byte each would be 1 MiB, a verdict each over 100 MiB.
ALLOWED_GROWTH = 1024 * 1024


def resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def work(doc, rounds):
    """1,000 checks per round: single calls, batches, a query, and errors."""
    for r in range(rounds):
        a = AGENTS[r % len(AGENTS)]
        for u in URLS[:200]:
            doc.check(a, u)
            doc.allowed([a, "OtherBot"], u)
        doc.check_many(a, URLS[:300])
        doc.query(a).allowed_many(URLS[:300])
        for bad in ("not a url", "/\0", "/" + "a" * librobots.MAX_URL_BYTES):
            try:
                doc.check(a, bad)
            except ValueError:
                pass
        try:
            doc.check_many(a, URLS[:10] + [None])
        except TypeError:
            pass


def parses(count):
    for i in range(count):
        d = librobots.parse(BODY, profile=librobots.PROFILES[i % 3])
        d.groups, d.diagnostics, d.sitemaps
        pickle.loads(pickle.dumps(d)).allowed("FooBot", URLS[i % len(URLS)])


def test_a_million_checks_and_a_thousand_parses_leave_memory_flat():
    doc = librobots.parse(BODY)
    work(doc, 20)
    parses(60)  # glibc's heap reaches its high-water mark here
    gc.collect()
    before = resident_bytes()
    work(doc, 1000)  # 1,000 x (400 single + 600 batched) = 1,000,000 checks
    parses(1000)
    gc.collect()
    after = resident_bytes()
    growth = after - before
    print("resident memory: %.1f MiB before, %.1f MiB after 1,000,000 checks and 1,000 "
          "parses: %+d KiB" % (before / 2**20, after / 2**20, growth // 1024))
    assert growth < ALLOWED_GROWTH
