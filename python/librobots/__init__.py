# SPDX-License-Identifier: MIT
"""librobots: the Robots Exclusion Protocol (robots.txt, RFC 9309) for Python.

A robots.txt is parsed once into an immutable Document, which answers "may
this crawler fetch this URL?" as often as asked, saying which rule on which
line decided:

    >>> import librobots
    >>> doc = librobots.parse(b"User-agent: *\\nDisallow: /private/\\n")
    >>> doc.check("MyBot/1.0", "https://example.com/private/x")
    Verdict(allowed=False, reason='longest-match', line=2, rule_kind='disallow', pattern='/private/')
    >>> doc.allowed("MyBot/1.0", "https://example.com/public")
    True

Every answer is the C library's (librobots 1.0, bound through the CPython C
API): the same verdicts as the `robots` command and the C API, in three
profiles ("rfc9309", the default; "google", what google/robotstxt answers;
"legacy", the 1996 draft). The web around the file is here too: which
robots.txt governs a URL (robots_url, scope), what an HTTP status means
(fetch_policy), how long to cache it (cache_lifetime) and a page's robots
META tags (meta_tags, x_robots_tag).

RobotFileParser is a drop-in for urllib.robotparser.RobotFileParser whose
answers follow RFC 9309; librobots.scrapy.RobotParser is a Scrapy backend
(ROBOTSTXT_PARSER = "librobots.scrapy.RobotParser").
"""
from ._librobots import (
    DEFAULT_PARSE_LIMIT,
    LIBRARY_VERSION,
    MAX_AGENT_BYTES,
    MAX_DIAGNOSTICS,
    MAX_INPUT_BYTES,
    MAX_LINE_BYTES,
    MAX_QUERY_AGENTS,
    MAX_REDIRECTS,
    MAX_URL_BYTES,
    META_MAX_DIRECTIVES,
    META_MAX_SCAN_BYTES,
    PROFILES,
    UNREACHABLE_LIMIT_SECONDS,
    USAGE_LABELS,
    Agent,
    CacheLifetime,
    CrawlDelay,
    Cut,
    Diagnostic,
    DiagnosticKind,
    Document,
    Error,
    FetchDecision,
    Group,
    MetaItem,
    MetaResult,
    Query,
    Record,
    Rule,
    Scope,
    UnknownLabel,
    URLParts,
    Usage,
    UsageField,
    Verdict,
    __version__,
    cache_lifetime_block,
    diagnostic_kinds,
    fetch_policy,
    host_to_ascii,
    http_date,
    match_path,
    meta_tags,
    parse_url,
    robots_url,
    scope,
    url_to_path,
    usage_field,
    x_robots_tag,
)

__all__ = [
    "DEFAULT_PARSE_LIMIT", "LIBRARY_VERSION", "MAX_AGENT_BYTES", "MAX_DIAGNOSTICS",
    "MAX_INPUT_BYTES", "MAX_LINE_BYTES", "MAX_QUERY_AGENTS", "MAX_REDIRECTS",
    "MAX_URL_BYTES", "META_MAX_DIRECTIVES", "META_MAX_SCAN_BYTES", "PROFILES",
    "UNREACHABLE_LIMIT_SECONDS", "USAGE_LABELS",
    "Agent", "CacheLifetime", "CrawlDelay", "Cut", "Diagnostic", "DiagnosticKind",
    "Document", "Error", "FetchDecision", "Group", "MetaItem", "MetaResult", "Query",
    "Record", "RobotFileParser", "Rule", "Scope", "URLParts", "UnknownLabel", "Usage",
    "UsageField", "Verdict",
    "cache_lifetime", "cache_lifetime_block", "diagnostic_kinds", "fetch_policy",
    "host_to_ascii", "http_date", "match_path", "meta_tags", "parse", "parse_url",
    "robots_url", "scope", "url_to_path", "usage_field", "x_robots_tag",
]


def parse(body, profile="rfc9309", parse_limit=DEFAULT_PARSE_LIMIT, memory_cap=0,
          content_usage_ends_group=False, skip_diagnostics=False):
    """Parses a robots.txt: Document(body, profile, parse_limit, memory_cap,
    content_usage_ends_group, skip_diagnostics).

    body: the bytes exactly as fetched (or a str, read as UTF-8), at most
    MAX_INPUT_BYTES. profile: "rfc9309" (default), "google" or "legacy".
    parse_limit: bytes read (0: all); content past it is ignored and every
    verdict says so. memory_cap: most bytes the document may take (0: none).
    content_usage_ends_group: a Content-Usage line ends a group's user-agent
    lines, as draft-ietf-aipref-attach-05 reads it (off by default).
    skip_diagnostics: a parse for verdicts only, a crawler's: no diagnostics
    are kept or counted, the rest is the default parse's (off by default).
    Parsing never fails on content; the GIL is released while it runs.
    Document.usage(agent, url) answers the AI usage preferences.
    """
    return Document(body, profile, parse_limit, memory_cap,
                    content_usage_ends_group, skip_diagnostics)


def _header_lines(headers):
    """(name, value) pairs of a mapping, a message or an iterable of pairs;
    a value may be a list of values (Scrapy's Headers)."""
    items = headers.items() if hasattr(headers, "items") else headers
    for pair in items:
        try:
            name, value = pair
        except (TypeError, ValueError):
            raise TypeError("headers must be a mapping or (name, value) pairs, "
                            "not an item %r" % (pair,)) from None
        values = value if isinstance(value, (list, tuple)) else (value,)
        for v in values:
            yield name, v


def _header_bytes(text, what):
    if isinstance(text, str):
        try:
            text = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError("%s: lone surrogate at index %d" % (what, exc.start)) from None
    elif not isinstance(text, bytes):
        raise TypeError("%s must be str or bytes, not %s" % (what, type(text).__name__))
    for bad in (b"\r", b"\n", b"\0"):
        if bad in text:
            raise ValueError("%s: %r would end the header line" % (what, bad))
    return text


def cache_lifetime(headers, profile="rfc9309"):
    """How long a fetched robots.txt may be cached (RFC 9309 section 2.4).

    headers: the response's headers, as a header block (str or bytes,
    "Name: value" lines), a mapping, an http.client.HTTPMessage, Scrapy's
    Headers, or an iterable of (name, value) pairs. Only Cache-Control,
    Expires, Date and Age count; several Cache-Control lines are one list.
    Returns CacheLifetime(seconds, source, capped, malformed). rfc9309: 24
    hours by default and never more; google: max-age may lengthen it;
    legacy: 7 days by default.
    """
    if isinstance(headers, (str, bytes)):
        return cache_lifetime_block(headers, profile)
    block = []
    for name, value in _header_lines(headers):
        name = _header_bytes(name, "header name")
        if b":" in name:
            raise ValueError("header name %r holds a ':'" % name)
        block.append(name + b": " + _header_bytes(value, "header %r" % name) + b"\r\n")
    block.append(b"\r\n")
    return cache_lifetime_block(b"".join(block), profile)


from .robotparser import RobotFileParser  # noqa: E402  (it uses parse())
