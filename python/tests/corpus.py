# SPDX-License-Identifier: MIT
"""corpus.py - deterministic robots.txt files, agents and URLs for the tests
that need many of them (threads, Dask, memory): wildcards, anchors, Allow
and Disallow, several groups, as real files have. Not a test itself."""
import random

WORDS = ("admin api archive blog cart catalog checkout cgi-bin content css "
         "download feed files forum help images js login media news order "
         "page private product search secure shop static tag tmp user video").split()
AGENTS = ["Googlebot", "Bingbot", "ExampleBot", "FooBot", "QuxBot", "ia_archiver"]


def robots_txt(rng, groups=8, rules=20):
    """A robots.txt of `groups` groups of about `rules` rules each."""
    lines = ["# generated", "Sitemap: https://www.example.com/sitemap.xml", ""]
    for g in range(groups):
        agents = ["*"] if g == 0 else rng.sample(AGENTS, rng.randint(1, 2))
        lines += ["User-agent: %s" % a for a in agents]
        if rng.random() < 0.3:
            lines.append("Crawl-delay: %d" % rng.randint(1, 10))
        for _ in range(rng.randint(rules // 2, rules)):
            lines.append("%s: %s" % ("Allow" if rng.random() < 0.25 else "Disallow", pattern(rng)))
        lines.append("")
    return ("\n".join(lines) + "\n").encode()


def pattern(rng):
    p = "/" + "/".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
    r = rng.random()
    if r < 0.15:
        return p + "/*." + rng.choice(["php", "pdf", "gif"]) + "$"
    if r < 0.25:
        return "/*?" + rng.choice(["sid", "sort", "q"]) + "="
    if r < 0.35:
        return p + "/*/" + rng.choice(WORDS)
    return p + ("/" if rng.random() < 0.5 else "")


def url(rng, host="www.example.com"):
    path = "/" + "/".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))
    if rng.random() < 0.3:
        path += "." + rng.choice(["html", "php", "pdf", "gif"])
    if rng.random() < 0.2:
        path += "?" + rng.choice(["sid", "sort", "q", "page"]) + "=%d" % rng.randint(1, 99)
    return "https://%s%s" % (host, path)


def agent(rng):
    return rng.choice(AGENTS + ["OtherBot/2.0", "Mozilla/5.0 (compatible; ExampleBot/1.0)"])
