# SPDX-License-Identifier: MIT
"""librobots.RobotFileParser against urllib.robotparser.RobotFileParser.

First the standard library's own documented example (the urllib.robotparser
page of the Python documentation), served from 127.0.0.1: both parsers give
the answers the documentation prints. Then each place where the answers
differ (python/README.md lists them): librobots answers as RFC 9309 and
docs/semantics.md say, and the standard library's different answer is
asserted too, as the evidence of the difference."""
import socket
import time
import urllib.error
import urllib.robotparser

import pytest

import librobots
from site_server import Site

PARSERS = [urllib.robotparser.RobotFileParser, librobots.RobotFileParser]


def text(body):
    return (200, {"Content-Type": "text/plain"}, body)


# A robots.txt that gives the documented example's answers (the page shows
# the calls and answers, not the file).
MUSI_CAL = b"User-agent: *\nCrawl-delay: 6\nRequest-rate: 3/20\nDisallow: /cgi-bin/\n"


@pytest.mark.parametrize("parser", PARSERS)
def test_the_documented_example(parser):
    with Site({"/robots.txt": text(MUSI_CAL)}) as site:
        rp = parser()
        rp.set_url(site.url("/robots.txt"))
        rp.read()
        rrate = rp.request_rate("*")
        assert (rrate.requests, rrate.seconds) == (3, 20)
        assert rp.crawl_delay("*") == 6
        assert rp.can_fetch("*", site.url("/cgi-bin/search?city=San+Francisco")) is False
        assert rp.can_fetch("*", site.url("/")) is True
        assert rp.mtime() > 0 and rp.site_maps() is None


def test_a_crawler_parses_for_verdicts_only():
    # By default the document keeps no diagnostics (skip_diagnostics, as a
    # crawler reads verdicts); asked, it keeps them; the answers are the same.
    body = b"User-agent: *\nDisalow: /x\nDisallow: /y\n"
    bare, full = librobots.RobotFileParser(), librobots.RobotFileParser(skip_diagnostics=False)
    bare.parse(body)
    full.parse(body)
    assert bare.document.diagnostic_total == 0 and full.document.diagnostic_total > 0
    for url in ("/x", "/y"):
        assert bare.can_fetch("a", url) == full.can_fetch("a", url)


@pytest.mark.parametrize("parser", PARSERS)
def test_the_common_interface(parser):
    rp = parser("http://example.com/robots.txt")
    assert (rp.url, rp.host, rp.path) == ("http://example.com/robots.txt", "example.com", "/robots.txt")
    # Until read() or parse(), nothing may be fetched (urllib's rule).
    assert rp.can_fetch("bot", "http://example.com/") is False and rp.mtime() == 0
    rp.parse(["User-agent: *", "Disallow: /private", "Sitemap: http://example.com/s.xml"])
    assert rp.mtime() > 0
    assert rp.can_fetch("bot", "http://example.com/private/x") is False
    assert rp.can_fetch("bot", "http://example.com/public") is True
    assert rp.site_maps() == ["http://example.com/s.xml"]
    assert rp.crawl_delay("bot") is None and rp.request_rate("bot") is None
    before = rp.mtime()
    time.sleep(0.01)
    rp.modified()
    assert rp.mtime() > before
    assert "Disallow: /private" in str(rp)


def both(lines, agent, url):
    """(librobots, urllib) answers for the same file."""
    answers = []
    for parser in (librobots.RobotFileParser, urllib.robotparser.RobotFileParser):
        rp = parser()
        rp.parse(lines)
        answers.append(rp.can_fetch(agent, url))
    return tuple(answers)


def test_difference_wildcards():
    # RFC 9309 2.2.3: '*' and '$' are special; urllib compares them literally.
    lines = ["User-agent: *", "Disallow: /*.gif$"]
    assert both(lines, "bot", "http://a.example/images/x.gif") == (False, True)


def test_difference_longest_match():
    # RFC 9309 2.2.2: the most specific (longest) match wins; urllib takes the first.
    lines = ["User-agent: *", "Disallow: /shop", "Allow: /shop/catalog"]
    assert both(lines, "bot", "http://a.example/shop/catalog/1") == (True, False)


def test_difference_product_token():
    # RFC 9309 2.2.1: the product token must equal; urllib matches a substring.
    lines = ["User-agent: bot", "Disallow: /"]
    assert both(lines, "ExampleBot/1.0", "http://a.example/page") == (True, False)


def test_difference_blank_lines_do_not_end_a_group():
    # RFC 9309 2.1 / semantics.md: blank lines do not end a group; urllib
    # drops a user-agent line that a blank line follows.
    lines = ["User-agent: *", "", "Disallow: /private"]
    assert both(lines, "bot", "http://a.example/private") == (False, True)


def test_difference_robots_txt_itself():
    # RFC 9309 2.2.2: /robots.txt is always allowed.
    lines = ["User-agent: *", "Disallow: /"]
    assert both(lines, "bot", "http://a.example/robots.txt") == (True, False)


def test_difference_fractional_crawl_delay():
    rp, std = librobots.RobotFileParser(), urllib.robotparser.RobotFileParser()
    for p in (rp, std):
        p.parse(["User-agent: *", "Crawl-delay: 0.5"])
    assert (rp.crawl_delay("bot"), std.crawl_delay("bot")) == (0.5, None)


def read_both(pages, path="/robots.txt"):
    """(librobots parser, urllib parser or the exception its read() raised)."""
    with Site(pages) as site:
        ours = librobots.RobotFileParser(site.url(path))
        ours.read()
        theirs = urllib.robotparser.RobotFileParser(site.url(path))
        try:
            theirs.read()
        except Exception as exc:  # noqa: BLE001 - the evidence is the exception
            theirs = exc
        return ours, theirs, site.base


@pytest.mark.parametrize("status", [401, 403])
def test_difference_401_403(status):
    # RFC 9309 2.3.1.3: 4xx means unavailable: allow all. urllib disallows all.
    ours, theirs, base = read_both({"/robots.txt": (status, {}, b"no")})
    assert ours.fetch_decision.action == "allow-all"
    assert ours.can_fetch("bot", base + "/x") is True
    assert theirs.can_fetch("bot", base + "/x") is False


def test_404_allows_all_in_both():
    ours, theirs, base = read_both({"/robots.txt": (404, {}, b"")})
    assert ours.can_fetch("bot", base + "/x") and theirs.can_fetch("bot", base + "/x")


def test_5xx_disallows_all():
    # RFC 9309 2.3.1.4: unreachable: disallow all (urllib: nothing read, so False too).
    ours, theirs, base = read_both({"/robots.txt": (503, {}, b"busy")})
    assert ours.fetch_decision.action == "disallow-all-retry" and ours.unreachable_since
    assert ours.can_fetch("bot", base + "/x") is False
    assert theirs.can_fetch("bot", base + "/x") is False


def redirect_chain(hops):
    pages = {"/r%d" % i: (301, {"Location": "{base}/r%d" % (i + 1)}, b"") for i in range(hops)}
    pages["/r%d" % hops] = text(b"User-agent: *\nDisallow: /\n")
    return pages


def test_redirects_are_followed_up_to_five():
    # RFC 9309 2.3.1.2: at least five redirects are followed.
    ours, theirs, base = read_both(redirect_chain(5), "/r0")
    assert ours.fetch_decision.action == "parse-body"
    assert ours.can_fetch("bot", base + "/x") is False
    assert theirs.can_fetch("bot", base + "/x") is False


def test_difference_more_than_five_redirects():
    # Past five, the file is taken as unavailable (allow all); urllib follows ten.
    ours, theirs, base = read_both(redirect_chain(6), "/r0")
    assert ours.fetch_decision.basis == "redirect-limit"
    assert ours.can_fetch("bot", base + "/x") is True
    assert theirs.can_fetch("bot", base + "/x") is False


def test_difference_bytes_that_are_not_utf8():
    # The file is read as bytes (RFC 9309 2.3: UTF-8, and a parser must not
    # give up on the rest); urllib's read() raises on the first bad byte.
    body = b"# Caf\xe9 du coin\nUser-agent: *\nDisallow: /private\n"
    ours, theirs, base = read_both({"/robots.txt": text(body)})
    assert ours.can_fetch("bot", base + "/private") is False
    assert isinstance(theirs, UnicodeDecodeError)


def test_difference_network_error():
    # RFC 9309 2.3.1.4: unreachable: disallow all; urllib's read() raises.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once it is closed
    url = "http://127.0.0.1:%d/robots.txt" % port
    ours = librobots.RobotFileParser(url, timeout=5)
    ours.read()
    assert ours.fetch_decision.basis == "network-error"
    assert ours.can_fetch("bot", "http://127.0.0.1:%d/x" % port) is False
    with pytest.raises(urllib.error.URLError):
        urllib.robotparser.RobotFileParser(url).read()


def test_a_long_outage_uses_the_copy_it_has():
    # RFC 9309 2.3.1.4: unreachable for over 30 days: the cached copy.
    pages = {"/robots.txt": text(b"User-agent: *\nDisallow: /private\n")}
    with Site(pages) as site:
        rp = librobots.RobotFileParser(site.url("/robots.txt"))
        rp.read()
        site.pages["/robots.txt"] = (503, {}, b"")
        rp.read()
        assert rp.fetch_decision.action == "disallow-all-retry"
        assert rp.can_fetch("bot", site.url("/public")) is False
        rp.unreachable_since = time.time() - 31 * 86400
        rp.read()
        assert rp.fetch_decision.action == "use-cached" and rp.fetch_decision.long_unreachable
        assert rp.can_fetch("bot", site.url("/public")) is True
        assert rp.can_fetch("bot", site.url("/private")) is False
        site.pages["/robots.txt"] = text(b"User-agent: *\nAllow: /\n")
        rp.read()
        assert rp.unreachable_since is None and rp.can_fetch("bot", site.url("/private"))


def test_profile_and_whole_body():
    rp = librobots.RobotFileParser(profile="legacy")
    rp.parse(b"User-agent: *\nDisallow: /*.gif$\n")
    assert rp.document.profile == "legacy" and rp.can_fetch("bot", "/a.gif")
    rp = librobots.RobotFileParser()
    rp.parse("User-agent: *\nDisallow: /*.gif$\n")
    assert not rp.can_fetch("bot", "/a.gif")


def test_a_url_the_library_cannot_read_raises():
    rp = librobots.RobotFileParser()
    rp.parse(["User-agent: *", "Disallow: /"])
    with pytest.raises(librobots.Error):
        rp.can_fetch("bot", "http://a.example/" + "a" * librobots.MAX_URL_BYTES)


@pytest.mark.parametrize("parser", PARSERS)
def test_a_file_url_reads_like_a_success(parser, tmp_path):
    (tmp_path / "robots.txt").write_bytes(b"User-agent: *\nDisallow: /private\n")
    rp = parser((tmp_path / "robots.txt").as_uri())
    rp.read()
    assert rp.can_fetch("bot", "http://a.example/private") is False
    assert rp.can_fetch("bot", "http://a.example/public") is True
