# SPDX-License-Identifier: MIT
"""realcorpus.py - what the scripts over the real-sites corpus share: reading
robots-real.tar.xz (checked against the committed manifest.tsv), and running
the robots command on many inputs at once.

Standard library only. The files are read into memory and given to the
command on its standard input ('-'), so nothing is extracted.
"""

import argparse
import hashlib
import json
import os
import subprocess
import shutil
import sys
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor

PROFILES = ("rfc9309", "google", "legacy")
TOP = "robots-real/"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MANIFEST = os.path.join(HERE, "manifest.tsv")


class CorpusError(Exception):
    pass


def read_manifest_text(text):
    lines = text.splitlines()
    if not lines or not lines[0].startswith("name\tsha256\tbytes\t"):
        raise CorpusError("manifest.tsv: the first line is not its header")
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]


def load(archive, manifest_path=DEFAULT_MANIFEST):
    """[(name, bytes, manifest row)] in manifest order. The archive must
    hold exactly the committed manifest and the files it lists, with their
    SHA-256; anything else is a CorpusError saying what differs."""
    with open(manifest_path, encoding="utf-8") as f:
        committed = f.read()
    files = {}
    archived_manifest = None
    try:
        with tarfile.open(archive, "r:xz") as t:
            for m in t:
                if not m.isfile() or not m.name.startswith(TOP):
                    raise CorpusError("%s: unexpected member %r" %
                                      (archive, m.name))
                data = t.extractfile(m).read()
                name = m.name[len(TOP):]
                if name == "manifest.tsv":
                    archived_manifest = data.decode("utf-8")
                else:
                    files[name] = data
    except (OSError, tarfile.TarError, EOFError) as e:
        raise CorpusError("%s: %s" % (archive, e))
    if archived_manifest != committed:
        raise CorpusError(
            "%s does not hold the committed %s: rebuild it with "
            "corpus/real/collect.py, or commit its manifest" %
            (archive, manifest_path))
    rows = read_manifest_text(committed)
    out = []
    for row in rows:
        data = files.pop(row["name"], None)
        if data is None:
            raise CorpusError("%s: %s is missing" % (archive, row["name"]))
        if hashlib.sha256(data).hexdigest() != row["sha256"]:
            raise CorpusError("%s: %s does not have the SHA-256 of the "
                              "manifest" % (archive, row["name"]))
        out.append((row["name"], data, row))
    if files:
        raise CorpusError("%s: files not in the manifest: %s" %
                          (archive, ", ".join(sorted(files)[:5])))
    return out


def arguments(doc, work=False):
    """The options every script over the corpus takes: --robots, --corpus,
    --manifest and --jobs, and with work, --work (a directory for files
    of its own)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--robots", required=True, help="the robots command")
    ap.add_argument("--corpus", required=True, help="robots-real.tar.xz")
    ap.add_argument("--manifest", default=DEFAULT_MANIFEST)
    if work:
        ap.add_argument("--work", help="directory for the expectation files "
                        "(default: a temporary one)")
    ap.add_argument("--jobs", type=int, help="parallel runs")
    return ap


def work_dir(path, prefix):
    """--work's directory, emptied, or a new temporary one (path None)."""
    if path is None:
        return tempfile.mkdtemp(prefix=prefix)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def run(robots, args, stdin=None):
    """(exit status, stdout, stderr) of `robots ARGS` given STDIN."""
    p = subprocess.run([robots] + list(args), input=stdin,
                       capture_output=True)
    return p.returncode, p.stdout, p.stderr


def parallel(function, items, jobs=None):
    """function(item) for every item, in the order of items, on `jobs`
    threads (default: the processors this process may use)."""
    if jobs is None:
        jobs = len(os.sched_getaffinity(0)) if hasattr(
            os, "sched_getaffinity") else (os.cpu_count() or 1)
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        return list(pool.map(function, items))


def manifest_digest(manifest_path=DEFAULT_MANIFEST):
    with open(manifest_path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def lint_corpus(robots, files, jobs=None):
    """[(profile, name, exit status, findings or None, stderr)] of
    `robots lint --json` on every file in every profile; findings is None
    when lint could not read the file (exit 2) or printed no JSON."""

    def one(item):
        profile, name, data = item
        status, out, err = run(
            robots, ["lint", "--json", "--profile", profile, "-"], data)
        findings = None
        if status in (0, 1):
            try:
                findings = json.loads(out)["diagnostics"]
            except (ValueError, KeyError):
                findings = None
        return (profile, name, status, findings,
                err.decode("utf-8", "replace"))

    items = [(p, name, data) for p in PROFILES for name, data, _row in files]
    return parallel(one, items, jobs)


def save_lint(path, results, digest):
    """Writes lint_corpus()'s results, for the corpus of manifest digest,
    one JSON line each."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps({"manifest_sha256": digest}) + "\n")
        for r in results:
            f.write(json.dumps(r) + "\n")


def load_lint(path, digest):
    """The results save_lint() wrote, when they are of this corpus."""
    try:
        with open(path, encoding="utf-8") as f:
            head = json.loads(f.readline())
            if head.get("manifest_sha256") != digest:
                raise CorpusError("%s is lint's output on another corpus: "
                                  "run lint_run.py again" % path)
            return [tuple(json.loads(line)) for line in f]
    except (OSError, ValueError) as e:
        raise CorpusError("%s: %s" % (path, e))


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)
