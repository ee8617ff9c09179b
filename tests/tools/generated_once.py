#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs a generator of test inputs once for every build that asks for the
same inputs, and copies what it wrote into each build's directory.

Usage: generated_once.py OUTDIR GENERATOR [ARG...]

Runs `python GENERATOR OUTDIR ARG...`. Without ROBOTS_INPUTS_CACHE in the
environment, that is all it does. With it (ci/gates.sh sets it for every
gate), the generator writes into ROBOTS_INPUTS_CACHE/NAME-KEY instead, the
first time only, and OUTDIR receives a copy of that directory. KEY is the
SHA-256 of the generator's text, its arguments and the Python running it:
a generator changed in any byte, or run otherwise, writes afresh. Why: the
generators are deterministic (bench/gen_adversarial.py uses no randomness)
and slow (28 s of CPU for gen_adversarial.py), and five CI gates wrote the
same 42 MB each, a gate at a time, in two lanes at once. A lock makes a
gate that asks while another writes wait for that copy rather than write
its own. The directory is made whole before it gets its name (written as
NAME-KEY.part, renamed), so a generator that fails leaves nothing a later
gate would take for its inputs, and fails this run as it would have.
"""
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys


def generate(generator, out, args):
    return subprocess.call([sys.executable, generator, out] + args)


def main():
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    out, generator, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    cache = os.environ.get("ROBOTS_INPUTS_CACHE")
    if not cache:
        return generate(generator, out, args)
    with open(generator, "rb") as f:
        text = f.read()
    key = hashlib.sha256(b"\0".join(
        [text, sys.version.encode()] + [a.encode() for a in args])).hexdigest()
    name = os.path.splitext(os.path.basename(generator))[0]
    os.makedirs(cache, exist_ok=True)
    done = os.path.join(cache, "%s-%s" % (name, key[:16]))
    with open(done + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.isdir(done):
            part = done + ".part"
            shutil.rmtree(part, ignore_errors=True)
            rc = generate(generator, part, args)
            if rc != 0:
                shutil.rmtree(part, ignore_errors=True)
                return rc
            os.rename(part, done)
            print("generated_once: %s written to %s" % (name, done))
        else:
            print("generated_once: %s's inputs as written before, in %s"
                  % (name, done))
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(done, out, copy_function=shutil.copy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
