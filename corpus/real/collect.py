#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""collect.py - builds the real-sites corpus (robots-real.tar.xz and
manifest.tsv) from the sources listed in sources.tsv.

Each source is a public GitHub repository at a fixed commit. Its files are
read from a bare git copy: one found under --mirrors DIR as
DIR/OWNER+NAME/repo (the layout of this project's fetch tool), else one
cloned from https://github.com/OWNER/NAME into --clone-dir (network). A
source whose "how" is "index" may instead be read from --index-files DIR as
DIR/OWNER+NAME/COMMIT/PATH (the text the file index served, see README.md).

The bytes of every file are kept exactly (byte order marks, CR LF, bytes
that are not UTF-8). A file is left out when it is empty, longer than the
default parse limit (512,000 bytes), a copy of a file already taken (same
SHA-256), or a second file of a site already taken (collections are listed
newest first in sources.tsv).

Output, in --out DIR: robots-real.tar.xz (members robots-real/NAME, and
robots-real/manifest.tsv) and manifest.tsv (the same manifest, to commit).
The archive is reproducible: members sorted, times, owners and modes fixed.
"""

import argparse
import hashlib
import io
import lzma
import os
import re
import subprocess
import sys
import tarfile

PARSE_LIMIT = 512000
ARCHIVE = "robots-real.tar.xz"
TOP = "robots-real"
MANIFEST_HEADER = ("name", "sha256", "bytes", "site", "repository", "commit",
                   "path", "licence", "how")
# A collection's file is a site's robots.txt when its name is a host name.
HOST = re.compile(r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")
NOT_SITES = {"readme.md"}


def read_tsv(path):
    rows = []
    header = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            rows.append(dict(zip(header, cells + [""] * len(header))))
    return rows


class Repos:
    """Bare git copies of the source repositories."""

    def __init__(self, mirrors, clone_dir):
        self.mirrors = mirrors
        self.clone_dir = clone_dir
        self.known = {}

    def git_dir(self, repo):
        if repo in self.known:
            return self.known[repo]
        key = repo.replace("/", "+")
        found = None
        if self.mirrors:
            candidate = os.path.join(self.mirrors, key, "repo")
            if os.path.isdir(candidate):
                found = candidate
        if found is None:
            if not self.clone_dir:
                sys.exit("collect.py: no copy of %s under --mirrors, and no "
                         "--clone-dir to clone it into" % repo)
            found = os.path.join(self.clone_dir, key + ".git")
            if not os.path.isdir(found):
                subprocess.run(["git", "clone", "--quiet", "--bare",
                                "https://github.com/%s.git" % repo, found],
                               check=True)
        self.known[repo] = found
        return found

    def list_dir(self, repo, commit, prefix):
        """(name, blob) of the files directly under prefix at commit."""
        command = ["git", "--git-dir", self.git_dir(repo), "ls-tree", commit]
        if prefix:
            command.append(prefix)
        out = subprocess.run(command, check=True, capture_output=True).stdout
        files = []
        for line in out.decode("utf-8", "surrogateescape").splitlines():
            meta, path = line.split("\t", 1)
            _mode, kind, blob = meta.split()
            if kind == "blob":
                files.append((path[len(prefix):], blob))
        return files

    def blob(self, repo, blob):
        return subprocess.run(
            ["git", "--git-dir", self.git_dir(repo), "cat-file", "blob",
             blob], check=True, capture_output=True).stdout

    def file(self, repo, commit, path):
        return subprocess.run(
            ["git", "--git-dir", self.git_dir(repo), "show",
             "%s:%s" % (commit, path)], check=True,
            capture_output=True).stdout


def site_key(site):
    site = site.lower()
    return site[4:] if site.startswith("www.") else site


def member_name(site):
    """The archive name of a site's file: the site, ':' made '-'."""
    return site.replace(":", "-")


def collect(sources, repos, index_files):
    taken = []  # manifest rows, in the order found
    hashes = set()
    sites = set()
    skipped = {"empty": 0, "too long": 0, "same bytes": 0,
               "site already taken": 0}

    def offer(site, data, src, path):
        if not data:
            skipped["empty"] += 1
            return
        if len(data) > PARSE_LIMIT:
            skipped["too long"] += 1
            return
        digest = hashlib.sha256(data).hexdigest()
        if digest in hashes:
            skipped["same bytes"] += 1
            return
        if site_key(site) in sites:
            skipped["site already taken"] += 1
            return
        hashes.add(digest)
        sites.add(site_key(site))
        taken.append({"name": member_name(site), "sha256": digest,
                      "bytes": str(len(data)), "site": site,
                      "repository": src["repository"],
                      "commit": src["commit"], "path": path,
                      "licence": src["licence"], "how": src["how"],
                      "data": data})

    for src in sources:
        repo, commit = src["repository"], src["commit"]
        if src["kind"] == "collection":
            prefix = src["path"]
            for name, blob in sorted(repos.list_dir(repo, commit, prefix)):
                if not HOST.match(name) or name.lower() in NOT_SITES:
                    continue
                offer(name, repos.blob(repo, blob), src, prefix + name)
        elif src["kind"] == "file":
            data = None
            if src["how"] == "index" and index_files:
                copy = os.path.join(index_files, repo.replace("/", "+"),
                                    commit, src["path"])
                if os.path.isfile(copy):
                    with open(copy, "rb") as f:
                        data = f.read()
            if data is None:
                data = repos.file(repo, commit, src["path"])
            offer(src["site"], data, src, src["path"])
        else:
            sys.exit("collect.py: unknown kind '%s'" % src["kind"])
    return taken, skipped


def manifest_text(rows):
    lines = ["\t".join(MANIFEST_HEADER)]
    for row in sorted(rows, key=lambda r: r["name"]):
        lines.append("\t".join(row[k] for k in MANIFEST_HEADER))
    return "\n".join(lines) + "\n"


def write_archive(path, rows, manifest):
    members = [(TOP + "/manifest.tsv", manifest.encode("utf-8"))]
    members += [(TOP + "/" + r["name"], r["data"]) for r in rows]
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name, data in sorted(members):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 0
            info.mode = 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            t.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f:
        f.write(lzma.compress(raw.getvalue(),
                              preset=9 | lzma.PRESET_EXTREME))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sources", default=os.path.join(here, "sources.tsv"))
    ap.add_argument("--mirrors", help="DIR holding OWNER+NAME/repo copies")
    ap.add_argument("--index-files",
                    help="DIR holding OWNER+NAME/COMMIT/PATH texts")
    ap.add_argument("--clone-dir", help="where to clone missing sources")
    ap.add_argument("--out", required=True, help="output directory")
    args = ap.parse_args()

    repos = Repos(args.mirrors, args.clone_dir)
    rows, skipped = collect(read_tsv(args.sources), repos, args.index_files)
    manifest = manifest_text(rows)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "manifest.tsv"), "w",
              encoding="utf-8") as f:
        f.write(manifest)
    write_archive(os.path.join(args.out, ARCHIVE), rows, manifest)
    total = sum(int(r["bytes"]) for r in rows)
    print("collect.py: %d files, %d bytes; left out: %s" % (
        len(rows), total,
        ", ".join("%d %s" % (n, why) for why, n in skipped.items())))


if __name__ == "__main__":
    main()
