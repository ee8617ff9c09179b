#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Batch adapter for librobots' own Python package (python/). Unlike the
other implementations it has the three profiles, so each query is parsed in
the query's profile, and the agent and URL reach it as the bytes the query
carried. It speaks protocol 2: the usage cases are answered by
Document.usage(). Its row must be all passed: the matrix doubles as the
package's test. compat.sh puts the built package on PYTHONPATH.
"""
import librobots

from batch_protocol import serve


def check(profile, robots, agent, url):
    return librobots.parse(robots, profile=profile).allowed(agent, url)


def usage(profile, robots, agent, url, header, options):
    doc = librobots.parse(robots, profile=profile,
                          content_usage_ends_group="content_usage_ends_group" in options)
    u = doc.usage(agent, url, content_usage=header)
    return {"crawlable": u.crawlable, "labels": u.labels, "lines": list(u.lines),
            "signal": u.signal, "file_signal": u.file_signal}


if __name__ == "__main__":
    serve(check, raw=True, usage=usage)
