# SPDX-License-Identifier: MIT
"""The batch protocol (conformance/README.md, "The batch protocol") for
adapters written in Python: serve(check) reads queries from stdin until it
ends and writes one answer per query.

check(profile, robots, agent, url) gets the profile name, the robots.txt
body as bytes, the agent and the URL (as the case gives it: absolute, or a
path starting with '/') as str; it returns True (allowed) or False
(disallowed). An exception becomes "error: ...". absolute(url) puts
http://example.com before a path, for implementations that want a URL.
serve(check, raw=True) hands the agent and the URL over as the bytes the
query carried, for an implementation that takes bytes (librobots' own
package), so that no byte is lost to decoding.

Protocol 2 (README.md, "Protocol 2: usage preferences"): a usage query is
answered `unsupported` unless serve() is given usage(profile, robots,
agent, url, header, options), which gets the field lines of the response
(a list of bytes, or None) and the set of option names, and returns a dict:
crawlable (bool), labels ({label: value}, None when not crawlable), lines
(list of int), and optionally signal and file_signal ({signal: value}, or
None for none). usage_answer() writes it as the protocol's answer.
"""
import base64
import sys

ORIGIN = "http://example.com"


def absolute(url):
    """The URL as an implementation that wants an absolute one takes it."""
    return ORIGIN + url if url.startswith("/") else url


def _pairs(values):
    return ",".join("%s:%s" % kv for kv in values.items()) if values else "-"


def usage_answer(result):
    """A usage() result as the protocol's answer line (without its LF)."""
    fields = ["usage", "crawlable=" + ("yes" if result["crawlable"] else "no"),
              "labels=" + (_pairs(result["labels"]) if result["crawlable"] else "-"),
              "lines=" + (",".join(str(n) for n in result["lines"]) or "-")]
    for key, name in (("signal", "signal"), ("file_signal", "file-signal")):
        if key in result:
            fields.append("%s=%s" % (name, _pairs(result[key])))
    return " ".join(fields)


def _usage_query(fields, usage, raw):
    if len(fields) != 8:
        raise ValueError("a usage query has 8 fields, this one %d" % len(fields))
    if usage is None:
        return "unsupported: no Content-Usage in this implementation"
    profile = fields[1].decode("ascii")
    robots, agent, url = (base64.b64decode(f, validate=True) for f in fields[3:6])
    header = None if fields[6] == b"-" else [
        base64.b64decode(f, validate=True) for f in fields[6].split(b",")]
    options = set() if fields[7] == b"-" else set(fields[7].decode("ascii").split(","))
    if not raw:
        agent = agent.decode("utf-8", "replace")
        url = url.decode("utf-8", "replace")
    return usage_answer(usage(profile, robots, agent, url, header, options))


def serve(check, raw=False, usage=None):
    out = sys.stdout
    for line in sys.stdin.buffer:
        fields = line.rstrip(b"\n").split(b"\t")
        try:
            if fields[0] == b"usage":
                out.write(_usage_query(fields, usage, raw)[:4000] + "\n")
                out.flush()
                continue
            if len(fields) != 5:
                raise ValueError("a query has 5 fields, this one %d" % len(fields))
            profile = fields[0].decode("ascii")
            robots, agent, url = (base64.b64decode(f, validate=True) for f in fields[2:])
            if not raw:
                agent = agent.decode("utf-8", "replace")
                url = url.decode("utf-8", "replace")
            allowed = check(profile, robots, agent, url)
            answer = "allowed" if allowed else "disallowed"
        except Exception as e:  # the implementation's failure is an answer
            answer = "error: %s: %s" % (type(e).__name__, " ".join(str(e).split()))
        out.write(answer[:1000] + "\n")
        out.flush()
