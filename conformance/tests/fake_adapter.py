#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A batch adapter that misbehaves on purpose, for test_batch.py: what it
does with a query depends on the case id.

  ok-*         answers 'allowed' when the URL ends in /yes, else 'disallowed'
  echo-*       as ok-*, and appends the decoded fields to ECHO_FILE (repr)
  crash-*      exits with status 3 without answering
  segv-*       kills itself with SIGSEGV
  hang-*       never answers, and starts a child that sleeps (its pid goes
               to ECHO_FILE.sleep): the runner must kill the group
  garbage-*    answers 'maybe'
  long-*       answers a line of 1 MiB
  twice-*      answers two lines
  error-*      answers 'error: the parser\\tfailed' (a tab in the message)
  partial-*    writes 'allo' and exits
  early-*      answers before reading the rest of its (long) query

Usage queries (protocol 2: the line starts with "usage"):
  uok-*        answers what the test's usage cases expect
  uunsup-*     answers 'unsupported: no Content-Usage here'
  ubad-*       answers 'usage crawlable=maybe labels=- lines=-'
  uverdict-*   answers 'allowed', which is no answer to a usage query
  uecho-*      as uok-*, and appends the decoded fields to ECHO_FILE

Usage: fake_adapter.py [--die-at-start COUNT_FILE] [--echo ECHO_FILE]
"""
import base64
import os
import signal
import subprocess
import sys
import time


def main(argv):
    echo = None
    if len(argv) == 3 and argv[1] == "--die-at-start":
        with open(argv[2], "a") as f:
            f.write("start\n")
        return 9
    if len(argv) == 3 and argv[1] == "--echo":
        echo = argv[2]
    out = sys.stdout.buffer
    pending = b""
    while True:
        chunk = os.read(0, 65536)
        if not chunk:
            return 0
        pending += chunk
        head = pending.split(b"\t", 2)
        if len(head) == 3 and head[1].startswith(b"early-"):
            out.write(b"allowed\n")
            out.flush()
            time.sleep(5)
            return 0
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            answer(line, out, echo)


USAGE_OK = (b"usage crawlable=yes labels=train-ai:disallowed,ai-use:unknown,search:allowed "
            b"lines=4,5 signal=- file-signal=search:allowed,ai-input:unknown,ai-train:unknown "
            b"later-field=ignored\n")


def usage_answer(fields, out, echo):
    case = fields[2].decode()
    kind = case.split("-")[0]
    reply = USAGE_OK
    if kind == "uecho":
        robots, agent, url = (base64.b64decode(f, validate=True) for f in fields[3:6])
        header = None if fields[6] == b"-" else [
            base64.b64decode(f, validate=True) for f in fields[6].split(b",")]
        with open(echo, "a") as f:
            f.write(repr((fields[1].decode(), case, robots, agent, url, header,
                          fields[7].decode())) + "\n")
    if kind == "uunsup":
        reply = b"unsupported: no Content-Usage here\n"
    if kind == "ubad":
        reply = b"usage crawlable=maybe labels=- lines=-\n"
    if kind == "uverdict":
        reply = b"allowed\n"
    out.write(reply)
    out.flush()


def answer(line, out, echo):
    fields = line.split(b"\t")
    if fields[0] == b"usage":
        return usage_answer(fields, out, echo)
    case = fields[1].decode()
    robots, agent, url = (base64.b64decode(f, validate=True) for f in fields[2:5])
    verdict = b"allowed\n" if url.endswith(b"/yes") else b"disallowed\n"
    kind = case.split("-")[0]
    if kind == "echo":
        with open(echo, "a") as f:
            f.write(repr((fields[0].decode(), case, robots, agent, url)) + "\n")
    if kind == "crash":
        sys.exit(3)
    if kind == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if kind == "hang":
        child = subprocess.Popen(["sleep", "60"])
        if echo:
            with open(echo + ".sleep", "w") as f:
                f.write("%d\n" % child.pid)
        time.sleep(60)
    if kind == "garbage":
        verdict = b"maybe\n"
    if kind == "long":
        verdict = b"a" * (1 << 20) + b"\n"
    if kind == "twice":
        verdict += verdict
    if kind == "error":
        verdict = b"error: the parser\tfailed\n"
    if kind == "partial":
        out.write(b"allo")
        out.flush()
        sys.exit(0)
    out.write(verdict)
    out.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
