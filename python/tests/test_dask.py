# SPDX-License-Identifier: MIT
"""Scale-out on an existing engine: a Dask bag (Debian's python3-dask, the
local multiprocessing scheduler, two workers) over a few thousand (site,
agent, URL) triples across many sites. Each site's robots.txt is parsed
once, and the documents travel to the worker processes by pickling (as
their body and options). The workers' verdicts are the plain loop's."""
import os
import random

import pytest

import librobots
from corpus import agent, robots_txt, url

dask = pytest.importorskip("dask")
db = pytest.importorskip("dask.bag")

SITES = 60
TRIPLES = 3000


def check_on_worker(triple, docs):
    site, agent_name, url_text = triple
    return docs[site].check(agent_name, url_text), os.getpid()


def test_dask_bag_gives_the_plain_loops_verdicts():
    rng = random.Random(7)
    bodies = {"site%d.example" % i: robots_txt(rng, groups=rng.randint(1, 6))
              for i in range(SITES)}
    docs = {site: librobots.parse(body) for site, body in bodies.items()}
    sites = sorted(bodies)
    triples = []
    for _ in range(TRIPLES):
        site = rng.choice(sites)
        triples.append((site, agent(rng), url(rng, host=site)))

    expected = [docs[s].check(a, u) for s, a, u in triples]

    with dask.config.set(scheduler="processes", num_workers=2):
        bag = db.from_sequence(triples, npartitions=12)
        results = bag.map(check_on_worker, docs=docs).compute()

    verdicts = [v for v, _ in results]
    pids = {pid for _, pid in results}
    assert verdicts == expected
    assert sum(v.allowed for v in verdicts) not in (0, len(verdicts))  # both kinds occur
    # The checks ran in the two worker processes, not here.
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
