# SPDX-License-Identifier: MIT
"""librobots.RobotFileParser: a drop-in for urllib.robotparser.RobotFileParser
whose answers follow RFC 9309.

The methods are the standard library's (set_url, read, parse, can_fetch,
crawl_delay, request_rate, site_maps, mtime, modified); the answers are
librobots' (a Document in the chosen profile), and read() applies the
library's fetch policy to the HTTP status. python/README.md lists where the
answers differ from urllib.robotparser's, and why.
"""
import http.client
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from urllib.robotparser import RequestRate

from . import DEFAULT_PARSE_LIMIT, fetch_policy, parse

__all__ = ["RobotFileParser", "RequestRate"]


class _CountingRedirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only while the library's fetch policy says so
    (RFC 9309 section 2.3.1.2: at least five; past them, unavailable)."""

    def __init__(self, profile):
        super().__init__()
        self.profile = profile
        self.followed = 0

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        decision = fetch_policy(code, redirects=self.followed, profile=self.profile)
        if decision.action != "follow-redirect":
            return None  # urllib then raises HTTPError(code): the chain ends
        self.followed += 1
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _network_error(exc):
    """The library's name for why no (complete) response came."""
    reason = getattr(exc, "reason", exc)
    if isinstance(exc, http.client.IncompleteRead) or isinstance(reason, http.client.IncompleteRead):
        return "truncated"
    if isinstance(reason, socket.gaierror):
        return "dns"
    if isinstance(reason, (socket.timeout, TimeoutError)):
        return "timeout"
    if isinstance(reason, (ssl.SSLError, ssl.CertificateError)):
        return "tls"
    return "connect"


class RobotFileParser:
    """urllib.robotparser.RobotFileParser's interface, RFC 9309's answers.

    RobotFileParser(url='', *, profile='rfc9309', parse_limit=DEFAULT_PARSE_LIMIT,
    timeout=30, skip_diagnostics=True): profile, parse_limit and
    skip_diagnostics are the Document's (a crawler reads verdicts, so by
    default the parse keeps no diagnostics); timeout (seconds) bounds read().
    After read() or parse(), `document` is the librobots Document and `fetch_decision` the library's reading of the last fetch;
    `unreachable_since` is when the file became unreachable (time.time()),
    None while it is reachable.
    """

    def __init__(self, url="", *, profile="rfc9309", parse_limit=DEFAULT_PARSE_LIMIT,
                 timeout=30, skip_diagnostics=True):
        self.profile = profile
        self.parse_limit = parse_limit
        self.skip_diagnostics = skip_diagnostics
        self.timeout = timeout
        self.document = None
        self.fetch_decision = None
        self.disallow_all = False
        self.allow_all = False
        self.last_checked = 0
        self.unreachable_since = None
        self.set_url(url)

    def mtime(self):
        """When the robots.txt was last fetched or parsed (time.time())."""
        return self.last_checked

    def modified(self):
        """Sets the time the robots.txt was last fetched to now."""
        self.last_checked = time.time()

    def set_url(self, url):
        """Sets the URL of the robots.txt."""
        self.url = url
        self.host, self.path = urllib.parse.urlparse(url)[1:3]

    def read(self):
        """Fetches the robots.txt at `url` and obeys what the library's fetch
        policy makes of the outcome: 2xx, parse it; 4xx (401 and 403 included
        in rfc9309) or too many redirects, allow all; 5xx or a network error,
        disallow all until a later read() succeeds; unreachable for over 30
        days, the last copy if there is one, else allow all."""
        redirects = _CountingRedirects(self.profile)
        opener = urllib.request.build_opener(redirects)
        status, network_error, body = None, None, b""
        try:
            with opener.open(self.url, timeout=self.timeout) as f:
                # A URL without HTTP (file:, ftp:) that opened is a success.
                status = f.status if f.status is not None else 200
                body = f.read()
        except urllib.error.HTTPError as err:
            status = err.code
            err.close()
        except (urllib.error.URLError, http.client.HTTPException, OSError) as err:
            network_error = _network_error(err)
        now = time.time()
        # How long the file has been unreachable: since the first of the
        # outcomes in a row that the library says to retry.
        since = self.unreachable_since
        decision = fetch_policy(status, redirects=redirects.followed,
                                network_error=network_error,
                                unreachable_seconds=0 if since is None else int(now - since),
                                has_cached_copy=self.document is not None,
                                profile=self.profile)
        if decision.retry or decision.long_unreachable:
            self.unreachable_since = now if since is None else since
        else:
            self.unreachable_since = None
        self._obey(decision, body)

    def _obey(self, decision, body):
        self.fetch_decision = decision
        self.allow_all = self.disallow_all = False
        if decision.action == "parse-body":
            self.document = self._parse(body)
        elif decision.action == "use-cached":
            pass  # the document of the last successful read stays
        elif decision.action in ("allow-all", "follow-redirect"):
            # follow-redirect: a 3xx urllib cannot follow (no Location) ends
            # the chain without a robots.txt, as the redirect limit does.
            self.document = None
            self.allow_all = True
        else:  # disallow-all, disallow-all-retry, defer
            self.disallow_all = True
        self.modified()

    def parse(self, lines):
        """Parses the robots.txt lines (urllib's interface: an iterable of
        str), or a whole body given as str or bytes (exactly as fetched)."""
        if isinstance(lines, (str, bytes, bytearray, memoryview)):
            body = lines
        else:
            lines = list(lines)
            body = b"\n".join(lines) if lines and isinstance(lines[0], bytes) else "\n".join(lines)
        self.document = self._parse(body)
        self.modified()

    def _parse(self, body):
        return parse(body, self.profile, self.parse_limit,
                     skip_diagnostics=self.skip_diagnostics)

    def can_fetch(self, useragent, url):
        """May `useragent` fetch `url` (an absolute URL or a path)? False
        until read() or parse() has run, as in urllib. Raises
        librobots.Error for a URL the library cannot read (neither a path
        nor an absolute URL, or past MAX_URL_BYTES)."""
        if self.disallow_all:
            return False
        if self.allow_all:
            return True
        if not self.last_checked:
            return False
        if self.document is None:
            return True
        return self.document.allowed(useragent, url)

    def crawl_delay(self, useragent):
        """The Crawl-delay of the group that applies to `useragent`, as a
        float (urllib gives an int and ignores fractions), or None."""
        if not self.mtime() or self.document is None:
            return None
        return self.document.crawl_delay(useragent)

    def request_rate(self, useragent):
        """The Request-rate ("N/S") of the group that applies to
        `useragent`, as urllib.robotparser.RequestRate(requests, seconds),
        or None. Request-rate is no part of RFC 9309: the library keeps it
        as an extension record of its group, and only its value is read
        here, as urllib reads it."""
        if not self.mtime() or self.document is None:
            return None
        group, _ = self.document.select_group(useragent)
        if group is None:
            return None
        for record in self.document.extensions:
            if record.group == group and record.key.lower() == "request-rate":
                numbers = record.value.split("/")
                if len(numbers) == 2 and numbers[0].strip().isdigit() \
                        and numbers[1].strip().isdigit():
                    return RequestRate(int(numbers[0]), int(numbers[1]))
        return None

    def site_maps(self):
        """The Sitemap URLs, in file order, or None when there are none."""
        if self.document is None or not self.document.sitemaps:
            return None
        return [record.value for record in self.document.sitemaps]

    def __str__(self):
        if self.document is None:
            return ""
        out = []
        for group in self.document.groups:
            lines = ["User-agent: %s" % a.value for a in group.agents]
            if group.crawl_delay is not None:
                lines.append("Crawl-delay: %g" % group.crawl_delay)
            lines += ["%s: %s" % (r.kind.capitalize(), r.pattern) for r in group.rules]
            out.append("\n".join(lines))
        return "\n\n".join(out)
