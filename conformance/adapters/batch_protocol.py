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
"""
import base64
import sys

ORIGIN = "http://example.com"


def absolute(url):
    """The URL as an implementation that wants an absolute one takes it."""
    return ORIGIN + url if url.startswith("/") else url


def serve(check, raw=False):
    out = sys.stdout
    for line in sys.stdin.buffer:
        fields = line.rstrip(b"\n").split(b"\t")
        try:
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
