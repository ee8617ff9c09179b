#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Batch adapter for any program that speaks google/robotstxt's robots_main
protocol (exit 0 allowed, 1 disallowed): the adapter runs once, the program
once per query.

Usage: robots_main_batch.py PROGRAM ARG...
In the arguments, {robots} (a file holding the body), {agent}, {url} and
{profile} are replaced by the query's. Without any, the arguments are
robots_main's own: {robots} {agent} {url}. Another exit status is an error
with the program's stderr as the message.
"""
import os
import subprocess
import sys
import tempfile

from batch_protocol import serve

TIMEOUT_SECONDS = 4  # under the runner's default 5000 ms per query


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: robots_main_batch.py PROGRAM ARG...\n")
        return 2
    template = argv[1:]
    if not any("{" in a for a in template[1:]):
        template += ["{robots}", "{agent}", "{url}"]
    fd, path = tempfile.mkstemp(prefix="robots-batch-")
    os.close(fd)

    def check(profile, robots, agent, url):
        with open(path, "wb") as f:
            f.write(robots)
        args = [a.replace("{robots}", path).replace("{agent}", agent)
                 .replace("{url}", url).replace("{profile}", profile) for a in template]
        r = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=TIMEOUT_SECONDS)
        if r.returncode in (0, 1):
            return r.returncode == 0
        raise RuntimeError("exit %d: %s" % (r.returncode, r.stderr.decode("utf-8", "replace")[:300]))

    try:
        serve(check)
    finally:
        os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
