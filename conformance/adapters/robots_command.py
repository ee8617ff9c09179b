#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Batch adapter for librobots' `robots` command: one process per query,
as a user runs it. A verdict query runs `robots check --profile P --agent
A FILE URL` (exit 0 allowed, 1 disallowed); a usage query (protocol 2) runs
`robots usage --json --profile P --agent A [--header 'Content-Usage: V']...
[--content-usage-ends-group] FILE URL` and answers with what its JSON says.
Any other exit status is an error with the command's stderr as the
message. Its row must be all passed: the matrix doubles as the command's
test.

Usage: robots_command.py ROBOTS_BINARY
"""
import json
import os
import subprocess
import sys
import tempfile

from batch_protocol import serve

TIMEOUT_SECONDS = 4  # under the runner's default 5000 ms per query


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: robots_command.py ROBOTS_BINARY\n")
        return 2
    robots_bin = argv[1]
    fd, path = tempfile.mkstemp(prefix="robots-command-")
    os.close(fd)

    def run(robots, args):
        with open(path, "wb") as f:
            f.write(robots)
        r = subprocess.run([robots_bin] + args, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT_SECONDS)
        if r.returncode not in (0, 1):
            raise RuntimeError("exit %d: %s" % (
                r.returncode, r.stderr.decode("utf-8", "replace")[:300]))
        return r

    def check(profile, robots, agent, url):
        return run(robots, ["check", "--profile", profile, "--agent", agent, "--",
                            path, url]).returncode == 0

    def usage(profile, robots, agent, url, header, options):
        args = ["usage", "--json", "--profile", profile, "--agent", agent]
        for line in header or []:
            args += ["--header", "Content-Usage: " + line.decode("utf-8", "replace")]
        if "content_usage_ends_group" in options:
            args.append("--content-usage-ends-group")
        out = json.loads(run(robots, args + ["--", path, url]).stdout)
        return {"crawlable": out["crawlable"], "labels": out["labels"],
                "lines": [x["line"] for x in out["lines"]],
                "signal": out["signal"] and out["signal"]["signals"],
                "file_signal": out["file_signal"] and out["file_signal"]["signals"]}

    try:
        serve(check, usage=usage)
    finally:
        os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
