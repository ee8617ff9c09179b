# SPDX-License-Identifier: MIT
"""End to end with a real Scrapy (Debian's python3-scrapy): two sites on
127.0.0.1, a spider that follows every link, ROBOTSTXT_OBEY = True.

With ROBOTSTXT_PARSER = "librobots.scrapy.RobotParser" the crawl fetches
exactly the pages RFC 9309 allows, as the crawl's own log and stats say and
the servers' request logs confirm. The same crawl with Protego (Scrapy's
default parser) differs in three places, each asserted and printed:
  - site A's "Allow: /shop/index.html": Protego also allows /shop/ itself
    (google/robotstxt's index.html quirk); RFC 9309 matches the pattern only;
  - site A's "Dissallow: /drafts/": Protego accepts the misspelt key;
    RFC 9309 knows the key "disallow" alone (semantics.md: the typo is
    reported and the line ignored), so /drafts/ is allowed;
  - site B's robots.txt has a Latin-1 comment: Scrapy cannot decode it for
    Protego and treats the file as empty (everything allowed, /admin/
    included); librobots reads the bytes and keeps its rules.
"""
import json
import os
import re
import subprocess
import sys

import pytest

from site_server import Site

pytest.importorskip("scrapy")
pytest.importorskip("protego")

HERE = os.path.dirname(os.path.abspath(__file__))

ROBOTS_A = (b"# Everyone but ExampleBot stays out.\n"
            b"User-agent: *\n"
            b"Disallow: /\n"
            b"\n"
            b"User-agent: ExampleBot\n"
            b"Disallow: /private/\n"
            b"Allow: /private/open.html\n"
            b"Disallow: /*.pdf$\n"
            b"Disallow: /*?sort=\n"
            b"Disallow: /shop/\n"
            b"Allow: /shop/index.html\n"
            b"Dissallow: /drafts/\n")

# RFC 9309 for ExampleBot (its group, lines 5-12): the longest match wins,
# '*' is any sequence, '$' the end; the misspelt line is no rule.
ALLOWED_A = ["/", "/public/a.html", "/public/b.html",
             "/private/open.html",      # Allow: /private/open.html is longer
             "/files/report.pdf.html",  # /*.pdf$ needs the URL to end there
             "/list?page=2",
             "/shop/index.html",        # Allow: /shop/index.html is longer
             "/drafts/post.html"]       # "Dissallow" is not a key
FORBIDDEN_A = ["/private/secret.html", "/files/report.pdf", "/list?sort=asc",
               "/shop/", "/shop/item.html"]

ROBOTS_B = (b"# Soci\xe9t\xe9 Exemple (this comment is Latin-1)\n"
            b"User-agent: *\n"
            b"Disallow: /admin/\n")
ALLOWED_B = ["/", "/news.html"]
FORBIDDEN_B = ["/admin/panel.html"]


def pages(robots, paths):
    """robots.txt, and an HTML page per path; '/' links to every other page
    (and nothing links back to '/': Scrapy fetches a start URL without
    recording it, so a link back would fetch it twice)."""
    links = "".join('<a href="%s">%s</a>\n' % (p, p) for p in paths if p != "/")
    out = {"/robots.txt": (200, {"Content-Type": "text/plain"}, robots)}
    for p in paths:
        body = "<html><body>%s</body></html>" % (links if p == "/" else p)
        out[p] = (200, {"Content-Type": "text/html"}, body.encode())
    return out


def crawl(parser, sites, tmp_path, name):
    """Runs scrapy_crawl.py; returns (crawled URLs, forbidden URLs, stats, log)."""
    stats_path, log_path = tmp_path / (name + ".json"), tmp_path / (name + ".log")
    for site in sites:
        site.requests.clear()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    subprocess.run([sys.executable, os.path.join(HERE, "scrapy_crawl.py"), parser,
                    str(stats_path), str(log_path)] + [s.url("/") for s in sites],
                   check=True, env=env, timeout=120)
    log = log_path.read_text(encoding="utf-8")
    crawled = set(re.findall(r"Crawled \(200\) <GET (\S+)>", log))
    forbidden = set(re.findall(r"Forbidden by robots.txt: <GET (\S+)>", log))
    return crawled, forbidden, json.loads(stats_path.read_text()), log


def test_scrapy_crawl_obeys_rfc9309_and_where_protego_differs(tmp_path):
    with Site(pages(ROBOTS_A, ALLOWED_A + FORBIDDEN_A)) as a, \
            Site(pages(ROBOTS_B, ALLOWED_B + FORBIDDEN_B)) as b:
        robots = {a.url("/robots.txt"), b.url("/robots.txt")}
        allowed = {a.url(p) for p in ALLOWED_A} | {b.url(p) for p in ALLOWED_B}
        forbidden = {a.url(p) for p in FORBIDDEN_A} | {b.url(p) for p in FORBIDDEN_B}

        crawled, refused, stats, log = crawl("librobots.scrapy.RobotParser", [a, b],
                                             tmp_path, "librobots")
        # The crawl's log: every allowed page fetched, every other one refused.
        assert crawled - robots == allowed
        assert refused == forbidden
        # The crawl's stats say the same.
        assert stats["robotstxt/request_count"] == 2
        assert stats["robotstxt/response_status_count/200"] == 2
        assert stats["robotstxt/forbidden"] == len(forbidden)
        assert stats["downloader/response_count"] == len(allowed) + 2
        # And the servers saw nothing else.
        assert set(a.requests) == set(ALLOWED_A) | {"/robots.txt"}
        assert set(b.requests) == set(ALLOWED_B) | {"/robots.txt"}
        assert "Traceback" not in log

        p_crawled, p_refused, p_stats, p_log = crawl("scrapy.robotstxt.ProtegoRobotParser",
                                                     [a, b], tmp_path, "protego")
        only_protego = p_crawled - crawled
        only_librobots = crawled - p_crawled
        print("\nScrapy crawl of two sites on 127.0.0.1 (%d pages allowed by RFC 9309):"
              % len(allowed))
        print("  librobots fetched %d pages, refused %d" % (len(crawled - robots), len(refused)))
        print("  Protego   fetched %d pages, refused %d" % (len(p_crawled - robots), len(p_refused)))
        for url in sorted(only_protego):
            print("  fetched by Protego only:   %s" % url)
        for url in sorted(only_librobots):
            print("  fetched by librobots only: %s" % url)
        assert only_protego == {a.url("/shop/"), b.url("/admin/panel.html")}
        assert only_librobots == {a.url("/drafts/post.html")}
        assert p_stats["robotstxt/forbidden"] == len(p_refused)
        assert "treating it as an empty file" in p_log


def test_the_backend_alone(caplog):
    from scrapy.utils.test import get_crawler

    import librobots
    from librobots.scrapy import RobotParser
    from scrapy.robotstxt import RobotParser as ScrapyRobotParser

    body = ROBOTS_A + b"Sitemap: http://a.example/s.xml\n"
    rp = RobotParser.from_crawler(None, body)
    assert isinstance(rp, ScrapyRobotParser)
    # Scrapy passes the User-Agent header as bytes.
    assert rp.allowed("http://a.example/shop/index.html", b"ExampleBot/1.0 (+http://x)")
    assert not rp.allowed(b"http://a.example/shop/", "ExampleBot/1.0")
    assert not rp.allowed("http://a.example/", "OtherBot")
    assert list(rp.sitemaps()) == ["http://a.example/s.xml"]
    # Scrapy reads verdicts only: the parse keeps no diagnostics (a typo
    # that the default parse reports).
    typo = body + b"Disalow: /x\n"
    assert librobots.parse(typo).diagnostic_total > 0
    assert RobotParser.from_crawler(None, typo).document.diagnostic_total == 0
    # A URL the library cannot check is logged and not allowed.
    assert not rp.allowed("http://a.example/" + "a" * librobots.MAX_URL_BYTES, "ExampleBot")
    assert "ROBOTS_MAX_URL_BYTES" in caplog.text
    # The profile comes from the settings.
    crawler = get_crawler(settings_dict={"LIBROBOTS_PROFILE": "google",
                                         "LIBROBOTS_PARSE_LIMIT": 1000})
    rp = RobotParser.from_crawler(crawler, body)
    assert (rp.document.profile, rp.document.parse_limit) == ("google", 1000)
    assert rp.allowed("http://a.example/shop/", "ExampleBot")  # google's index.html quirk
