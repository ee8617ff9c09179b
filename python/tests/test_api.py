# SPDX-License-Identifier: MIT
"""The package's API: documents, verdicts, queries, records, pickling, the
web functions and the Python helpers. Expectations come from RFC 9309's
example of section 5.1, the decisions of docs/semantics.md and the public
headers; the conformance suite (test_conformance.py) covers the rest."""
import ast
import copy
import doctest
import email.message
import os
import pickle

import pytest

import librobots

# RFC 9309 section 5.1, without the figure's closing "EOF" line.
RFC_5_1 = (b"User-Agent: *\n"                  # 1
           b"Disallow: *.gif$\n"               # 2
           b"Disallow: /example/\n"            # 3
           b"Allow: /publications/\n"          # 4
           b"\n"                               # 5
           b"User-Agent: foobot\n"             # 6
           b"Disallow:/\n"                     # 7
           b"Allow:/example/page.html\n"       # 8
           b"Allow:/example/allowed.gif\n"     # 9
           b"\n"                               # 10
           b"User-Agent: barbot\n"             # 11
           b"User-Agent: bazbot\n"             # 12
           b"Disallow: /example/page.html\n"   # 13
           b"\n"                               # 14
           b"User-Agent: quxbot\n")            # 15


@pytest.fixture(scope="module")
def doc():
    return librobots.parse(RFC_5_1)


def test_rfc_5_1_foobot(doc):
    v = doc.check("foobot", "https://example.com/example/page.html")
    assert v.allowed and bool(v)
    assert (v.reason, v.line, v.rule_kind, v.pattern) == (
        "longest-match", 8, "allow", "/example/page.html")
    assert (v.group, v.rule, v.specific, v.truncated) == (1, 1, True, False)
    v = doc.check("foobot", "https://example.com/other")
    assert not v and (v.line, v.rule_kind, v.pattern) == (7, "disallow", "/")


def test_rfc_5_1_star_and_empty_group(doc):
    # "*.gif$" (6 octets) loses to "/publications/" (14): the longest wins.
    v = doc.check("SomeBot", "/publications/a.gif")
    assert v.allowed and v.line == 4 and not v.specific and v.group == 0
    # quxbot's group has no rules: it shadows '*' and allows everything.
    v = doc.check("quxbot", "/example/page.html")
    assert v.allowed and v.reason == "no-rule-matched" and v.specific
    assert (v.line, v.rule, v.rule_kind, v.pattern) == (None, None, None, None)


def test_rfc_5_1_robots_txt_is_always_allowed(doc):
    assert doc.check("foobot", "/robots.txt").reason == "robots-txt"


def test_the_caller_token_is_reduced(doc):
    # semantics.md: rfc9309 reduces the caller's string to its product token.
    assert doc.select_group("foobot/2.1 (+http://example.com)") == (1, True)
    assert doc.select_group("nobody") == (0, False)
    assert librobots.parse(b"User-agent: a\nDisallow: /\n").select_group("b") == (None, False)


def test_several_agents_in_one_query(doc):
    # semantics.md: a group naming any of the names applies.
    assert not doc.allowed(["nobody", "barbot"], "/example/page.html")


def test_str_bytes_and_buffers_read_the_same():
    text = RFC_5_1.decode()
    docs = [librobots.parse(b) for b in (RFC_5_1, text, bytearray(RFC_5_1), memoryview(RFC_5_1))]
    for d in docs:
        assert d.body == RFC_5_1
        assert d.check(b"foobot", b"/example/page.html") == docs[0].check("foobot", "/example/page.html")


def test_document_properties(doc):
    assert doc.profile == "rfc9309"
    assert doc.parse_limit == librobots.DEFAULT_PARSE_LIMIT == 512000
    assert doc.input_bytes == doc.parsed_bytes == len(RFC_5_1)
    assert doc.memory_used > 0 and doc.memory_cap == 0
    assert doc.cut is None and not doc.truncated
    assert "rfc9309" in repr(doc) and "4 groups" in repr(doc)
    assert librobots.parse(b"", profile="GOOGLE").profile == "google"


def test_groups_agents_and_rules(doc):
    groups = doc.groups
    assert [g.line for g in groups] == [1, 6, 11, 15]
    assert [g.index for g in groups] == [0, 1, 2, 3]
    assert [a.value for a in groups[2].agents] == ["barbot", "bazbot"]
    assert groups[0].agents[0].is_wildcard
    assert [(r.line, r.kind, r.pattern) for r in groups[1].rules] == [
        (7, "disallow", "/"), (8, "allow", "/example/page.html"),
        (9, "allow", "/example/allowed.gif")]
    assert groups[3].rules == ()
    # The verdict's group and rule index into them.
    v = doc.check("foobot", "/example/allowed.gif")
    assert groups[v.group].rules[v.rule].line == v.line == 9


def test_agent_token_and_normal_form():
    d = librobots.parse(b"User-agent: Googlebot/2.1\nDisallow: /%7efred/\n")
    agent = d.groups[0].agents[0]
    assert (agent.value, agent.token) == ("Googlebot/2.1", "Googlebot")
    # semantics.md, percent-encoding: %7E is unreserved '~', decoded.
    assert d.groups[0].rules[0].normalized == "/~fred/"
    assert not d.allowed("googlebot", "/~fred/x")


def test_records_crawl_delay_and_diagnostics():
    d = librobots.parse(b"Sitemap: https://a.example/s1.xml\n"
                        b"User-agent: a\nCrawl-delay: 2.5\nDisalow: /x\nDisallow: /y\n"
                        b"User-agent: b\nAllow: /\nHost: a.example\n"
                        b"Sitemap: https://a.example/s2.xml\n")
    assert [(s.line, s.value) for s in d.sitemaps] == [
        (1, "https://a.example/s1.xml"), (9, "https://a.example/s2.xml")]
    assert [(c.group, c.group_line, c.seconds, c.line) for c in d.crawl_delays] == [(0, 2, 2.5, 3)]
    assert d.crawl_delay("a") == 2.5 and d.crawl_delay("b") is None
    assert d.crawl_delay("c") is None  # no group applies
    assert {(r.key, r.value, r.group) for r in d.extensions} >= {
        ("Crawl-delay", "2.5", 0), ("Host", "a.example", 1)}
    assert not d.allowed("a", "/y")
    typo = [x for x in d.diagnostics if x.kind == "typo-key"]
    # semantics.md: a misspelt key is reported with the suggestion, and ignored.
    assert typo and typo[0].line == 4 and typo[0].suggestion == "Disallow"
    assert typo[0].severity in ("warning", "error") and typo[0].message
    assert d.allowed("a", "/x")
    assert d.diagnostic_total >= len(d.diagnostics)


def test_a_parse_for_verdicts_only():
    # robots_options.skip_diagnostics (robots.h): no diagnostic is kept or
    # counted; everything else is what the default parse makes of the body.
    body = (b"Sitemap: https://a.example/s1.xml\nUser-agent: a\nCrawl-delay: 2.5\n"
            b"Disalow: /x\nDisallow: /y\n<html>\nAllow: page\n")
    full = librobots.parse(body, profile="google")
    bare = librobots.parse(body, profile="google", skip_diagnostics=True)
    assert full.diagnostics and full.diagnostic_total >= 3
    assert bare.diagnostics == () and bare.diagnostic_total == 0
    assert (bare.groups, bare.sitemaps, bare.extensions, bare.cut) == (
        full.groups, full.sitemaps, full.extensions, full.cut)
    for url in ("/x", "/y", "/page", "/"):
        assert bare.check("a", url) == full.check("a", url)
    again = pickle.loads(pickle.dumps(bare))
    assert again.diagnostic_total == 0 and again.profile == "google"


def test_crawl_delay_of_merged_groups():
    # RFC 9309 2.2.1: the groups naming one agent merge; the delay set only
    # in a later group of "a" applies to "a" (the first such, in file order).
    # (A rule ends each group: a user-agent line after a Crawl-delay alone
    # would join the group above.)
    d = librobots.parse(b"User-agent: a\nDisallow: /x\n\nUser-agent: b\n"
                        b"Disallow: /y\n\nUser-agent: a\nCrawl-delay: 5\n"
                        b"Disallow: /z\n\nUser-agent: a\nCrawl-delay: 7\n")
    assert d.crawl_delay("a") == 5 and d.crawl_delay("b") is None
    # legacy obeys the first record alone, which has none.
    assert librobots.parse(d.body, profile="legacy").crawl_delay("a") is None


def test_diagnostic_kinds():
    kinds = librobots.diagnostic_kinds()
    names = [k.name for k in kinds]
    assert len(set(names)) == len(names) and {"typo-key", "nul-byte"} <= set(names)
    assert all(k.description and k.severity in ("note", "warning", "error") for k in kinds)


def test_cut_at_the_parse_limit():
    body = b"User-agent: *\nAllow: /a\n" + b"Disallow: /ab\n"
    d = librobots.parse(body, parse_limit=24)
    # robots.h: the lines that end within the limit are read.
    assert d.truncated and d.cut == (24, 24, 3, 1, 14)
    assert (d.cut.limit, d.cut.offset, d.cut.line) == (24, 24, 3)
    v = d.check("x", "/ab")
    assert v.allowed and v.truncated and "truncated=True" in repr(v)
    assert not librobots.parse(body, parse_limit=0).allowed("x", "/ab")


def test_memory_cap():
    with pytest.raises(librobots.Error) as info:
        librobots.parse(b"User-agent: *\nDisallow: /\n" * 100, memory_cap=64)
    assert info.value.status == "ROBOTS_ERR_MEMORY_CAP"
    assert "memory_cap = 64" in str(info.value)


def test_check_many_and_query(doc):
    urls = ["/example/page.html", "/other", b"/example/allowed.gif"] * 200
    want = [doc.check("foobot", u) for u in urls]
    assert doc.check_many("foobot", urls) == want
    assert doc.check_many("foobot", iter(urls)) == want
    assert doc.check_many("foobot", tuple(urls)) == want
    assert doc.allowed_many("foobot", urls) == [v.allowed for v in want]
    assert doc.check_many("foobot", []) == []
    q = doc.query("foobot")
    assert q.document is doc and q.agents == "foobot"
    assert [q.check(u) for u in urls[:3]] == want[:3]
    assert [q.allowed(u) for u in urls[:3]] == [v.allowed for v in want[:3]]
    assert q.check_many(urls) == want and q.allowed_many(urls) == [v.allowed for v in want]
    assert librobots.Query(doc, ["barbot"]).check("/example/page.html").line == 13


def test_verdict_values():
    v = librobots.Verdict(False, "longest-match", True, 1, 0, "disallow", 7, "/", False)
    doc = librobots.parse(RFC_5_1)
    assert v == doc.check("foobot", "/other") and hash(v) == hash(doc.check("foobot", "/other"))
    assert v != doc.check("foobot", "/example/page.html")
    assert librobots.Verdict(True, "no-group", False, None, None, None, None, None, False)
    with pytest.raises(ValueError):
        librobots.Verdict(True, "because", False, None, None, None, None, None, False)
    with pytest.raises(ValueError):  # a rule without its line
        librobots.Verdict(True, "longest-match", False, 0, 0, "allow", None, "/", False)


def test_pickle_document_query_verdict(doc):
    d2 = pickle.loads(pickle.dumps(doc))
    assert d2 is not doc and (d2.body, d2.profile, d2.parse_limit) == (doc.body, doc.profile, doc.parse_limit)
    assert d2.check("foobot", "/example/page.html") == doc.check("foobot", "/example/page.html")
    g = librobots.parse(RFC_5_1, profile="legacy", parse_limit=30)
    g2 = pickle.loads(pickle.dumps(g, protocol=pickle.HIGHEST_PROTOCOL))
    assert (g2.profile, g2.parse_limit, g2.truncated) == ("legacy", 30, True)
    q = pickle.loads(pickle.dumps(doc.query(["foobot"])))
    assert q.check("/other") == doc.check("foobot", "/other")
    v = doc.check("foobot", "/example/page.html")
    v2 = pickle.loads(pickle.dumps(v))
    assert v2 == v and v2.pattern == "/example/page.html" and v2.line == 8
    # Records pickle too (they are librobots.Group, ...).
    assert pickle.loads(pickle.dumps(doc.groups)) == doc.groups
    assert copy.copy(doc) is doc and copy.deepcopy(doc) is doc


def test_bytes_that_are_not_utf8_come_back_as_written():
    d = librobots.parse(b"User-agent: *\nDisallow: /caf\xe9\n")
    v = d.check("x", b"/caf\xe9/menu")
    assert not v.allowed and v.pattern == "/caf\udce9"
    assert v.pattern.encode("utf-8", "surrogateescape") == b"/caf\xe9"


def test_profiles_answer_as_semantics_md_says():
    body = b"User-agent: *\nDisallow: /*.gif$\nAllow: /\n"
    # rfc9309 and google: '*' and '$' are wildcards; legacy: literal octets.
    assert not librobots.parse(body).allowed("x", "/a.gif")
    assert not librobots.parse(body, "google").allowed("x", "/a.gif")
    assert librobots.parse(body, "legacy").allowed("x", "/a.gif")


def test_web_functions():
    assert librobots.robots_url("HTTP://Example.COM:80/a?b#c") == "http://example.com/robots.txt"
    assert librobots.robots_url("https://www.müller.eu/x") == "https://www.xn--mller-kva.eu/robots.txt"
    parts = librobots.parse_url("https://user@Example.com:8443/x")
    assert (parts.scheme, parts.host, parts.port, parts.port_given, parts.had_userinfo) == (
        "https", "example.com", 8443, True, True)
    assert librobots.scope("http://a.example/robots.txt", "http://a.example/x") == (True, "same-site")
    assert librobots.scope("http://a.example/robots.txt", "http://b.a.example/").reason == "other-host"
    assert librobots.host_to_ascii("Bücher.example") == "xn--bcher-kva.example"
    assert librobots.url_to_path("http://a/b;c?d#e") == "/b;c?d"
    assert librobots.match_path("/a*b$", "/axxb") and not librobots.match_path("/a*b$", "/axxbc")
    assert librobots.http_date("Sun, 06 Nov 1994 08:49:37 GMT") == 784111777
    with pytest.raises(librobots.Error) as info:
        librobots.robots_url("mailto:a@b")
    assert info.value.status in ("ROBOTS_ERR_URL_UNSUPPORTED_SCHEME", "ROBOTS_ERR_URL_NO_HOST")


def test_fetch_policy():
    # semantics.md, Fetching the file.
    assert librobots.fetch_policy(200).action == "parse-body"
    assert librobots.fetch_policy(404).action == "allow-all"
    assert librobots.fetch_policy(403, profile="legacy").action == "disallow-all"
    d = librobots.fetch_policy(503)
    assert (d.action, d.basis, d.retry) == ("disallow-all-retry", "server-error", True)
    assert librobots.fetch_policy(301, redirects=4).action == "follow-redirect"
    assert librobots.fetch_policy(301, redirects=5).action == "allow-all"
    d = librobots.fetch_policy(network_error="dns", unreachable_seconds=31 * 86400,
                               has_cached_copy=True)
    assert d.action == "use-cached" and d.long_unreachable
    # semantics.md: a 3xx without a Location that is a URL has nothing to
    # follow, and is read as 4xx (allow all), in every profile.
    d = librobots.fetch_policy(301, no_location=True)
    assert (d.action, d.basis) == ("allow-all", "redirect-unusable")
    assert librobots.fetch_policy(301, no_location=False).action == "follow-redirect"
    with pytest.raises(TypeError):
        librobots.fetch_policy(301, True)  # keyword only


def test_cache_lifetime_age_shortens_max_age():
    # semantics.md, Age (RFC 9111 section 4.2.3): the copy is already that
    # old; never below 0; a bad Age is reported and ignored.
    assert librobots.cache_lifetime({"Cache-Control": "max-age=600", "Age": "100"}).seconds == 500
    assert librobots.cache_lifetime({"Cache-Control": "max-age=600", "Age": "900"}).seconds == 0
    info = librobots.cache_lifetime({"Cache-Control": "max-age=600", "Age": "x"})
    assert info.seconds == 600 and "bad-age" in info.malformed


def test_cache_lifetime_from_any_header_shape():
    # rfc9309: max-age counts, up to 24 hours (RFC 9309 section 2.4).
    assert librobots.cache_lifetime({"Cache-Control": "max-age=600"}).seconds == 600
    assert librobots.cache_lifetime([("cache-control", "max-age=999999")]) == (
        86400, "max-age", True, ())
    assert librobots.cache_lifetime([("Cache-Control", "max-age=999999")], "google").seconds == 999999
    msg = email.message.Message()
    msg["Cache-Control"] = "no-store"
    assert librobots.cache_lifetime(msg).source == "no-store"
    scrapy_like = {b"Cache-Control": [b"public", b"max-age=60"]}
    assert librobots.cache_lifetime(scrapy_like).seconds == 60
    assert librobots.cache_lifetime("Cache-Control: max-age=5\r\n\r\n").seconds == 5
    assert librobots.cache_lifetime({}) == (86400, "default", False, ())
    assert librobots.cache_lifetime({}, "legacy").seconds == 604800
    bad = librobots.cache_lifetime({"Cache-Control": "max-age=soon"})
    assert bad.malformed == ("bad-max-age",) and bad.source == "default"
    with pytest.raises(ValueError):
        librobots.cache_lifetime({"Cache-Control": "max-age=5\r\nExpires: x"})
    with pytest.raises(TypeError):
        librobots.cache_lifetime([("Cache-Control",)])


def test_meta_tags_and_x_robots_tag():
    html = (b'<html><head><META NAME="robots" CONTENT="noindex, follow">'
            b'<meta name="examplebot" content="nofollow">'
            b'<meta name="otherbot" content="noarchive">'
            b'<meta name="description" content="A page"></head><body>')
    m = librobots.meta_tags(html, "ExampleBot")
    assert set(m.restrictions) == {"noindex", "nofollow"}
    assert m.conflicts == ("follow",) and m.description == "A page" and m.head_ended
    assert set(librobots.meta_tags(html).restrictions) == {"noindex"}
    m = librobots.x_robots_tag(["otherbot: noindex", "nosnippet"], agent="examplebot")
    assert m.restrictions == ("nosnippet",) and m.tags_other_agent == 1
    assert librobots.x_robots_tag("none").restrictions == ("noindex", "nofollow")


def test_constants_are_the_headers():
    assert (librobots.MAX_URL_BYTES, librobots.MAX_QUERY_AGENTS, librobots.MAX_AGENT_BYTES) == (
        16384, 64, 4096)
    assert librobots.MAX_INPUT_BYTES == 0x3FFFFFFF and librobots.MAX_LINE_BYTES == 16663
    assert librobots.PROFILES == ("rfc9309", "google", "legacy")
    assert librobots.__version__ == librobots.LIBRARY_VERSION


def test_docstrings_and_stubs_cover_everything():
    missing = [name for name in librobots.__all__ if not getattr(librobots, name).__doc__]
    assert not missing, "no docstring: %s" % missing
    for cls in (librobots.Document, librobots.Query, librobots.Verdict,
                librobots.RobotFileParser):
        for name, member in vars(cls).items():
            if not name.startswith("_"):
                assert getattr(member, "__doc__", None), "%s.%s" % (cls.__name__, name)
    stub = os.path.join(os.path.dirname(librobots.__file__), "__init__.pyi")
    with open(stub, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    declared = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            declared.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            declared.update(a.asname or a.name for a in node.names)
    assert set(librobots.__all__) - declared == set()


def test_package_docstring_examples():
    assert doctest.testmod(librobots, raise_on_error=False).failed == 0
