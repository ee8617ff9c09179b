#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes seed inputs for every harness from the conformance cases and the
realistic files in fuzz/seeds/, in each harness's input layout (fields
separated by 0x01; see fuzz/README.md).

Usage: make_seeds.py CASES_DIR SEEDS_DIR OUT_DIR
OUT_DIR/<harness>/ receives one file per seed, named by its content's hash.
Minimise afterwards with libFuzzer's -merge=1 (fuzz/README.md)."""
import glob
import hashlib
import json
import os
import sys

SEP = b"\x01"


def gen(parts):
    out = bytearray()
    for p in parts:
        if isinstance(p, str):
            out += p.encode("utf-8")
        elif "repeat" in p:
            out += p["repeat"].encode("utf-8") * p["times"]
        elif "hex" in p:
            out += bytes.fromhex(p["hex"])
    return bytes(out)


def field(case, name, where="input"):
    src = case.get(where, {}) if where else case
    if name in src:
        v = src[name]
        return v.encode("utf-8") if isinstance(v, str) else str(v).encode()
    if name + "_gen" in src:
        return gen(src[name + "_gen"])
    if name + "_hex" in src:
        return bytes.fromhex(src[name + "_hex"])
    return None


def body(case):
    for key in ("robots", "robots_gen", "robots_hex"):
        if key in case:
            return field(case, "robots", None)
    return b""


def agents(case):
    inp = case.get("input", {})
    if "agents" in inp:
        return [a.encode("utf-8") for a in inp["agents"]]
    if "agent" in inp:
        return [inp["agent"].encode("utf-8")]
    return []


def main():
    cases_dir, seeds_dir, out_dir = sys.argv[1:4]
    seeds = {}

    def add(harness, data):
        if len(data) > 65536:
            return
        seeds.setdefault(harness, set()).add(data)

    for path in sorted(glob.glob(os.path.join(cases_dir, "*.json"))):
        with open(path, encoding="utf-8") as f:
            for c in json.load(f)["cases"]:
                kind = c["kind"]
                inp = c.get("input", {})
                b = body(c)
                if kind in ("verdict", "group", "parse"):
                    add("parse", b)
                    url = field(c, "url") or b"/"
                    ag = agents(c)
                    add("check", b"\x00" + b + SEP + url +
                        b"".join(SEP + a for a in ag))
                    add("invariants", b"\x03" + b + SEP + url +
                        b"".join(SEP + a for a in ag))
                    add("urlpath", url)
                if kind == "match":
                    pat = field(c, "pattern") or b""
                    p = field(c, "path") or b""
                    add("match", pat + SEP + p)
                    add("differential", b"\x00" + p + SEP + b"\x00" + pat)
                    add("differential", b"\x00" + p + SEP + b"\x01" + pat)
                if kind == "url_path":
                    add("urlpath", field(c, "url") or b"")
                if kind in ("robots_url", "scope"):
                    url = field(c, "url") or b""
                    ru = field(c, "robots_url") or b""
                    host = url.split(b"//", 1)[-1].split(b"/", 1)[0]
                    add("location", url + SEP + ru + SEP + host)
                if kind == "fetch_policy":
                    st = int(inp.get("status", 200))
                    ne = ["none", "dns", "connect", "timeout", "tls",
                          "truncated"].index(inp.get("network_error", "none"))
                    red = int(inp.get("redirects", 0))
                    unr = int(inp.get("unreachable_seconds", 0))
                    cached = 1 if inp.get("has_cached_copy") else 0
                    add("policy", bytes([st >> 8, st & 255, red & 255, ne]) +
                        unr.to_bytes(8, "big") + bytes([cached, 0, 0, 0]))
                if kind == "cache_lifetime":
                    hs = inp.get("headers", [])
                    vals = {"cache-control": b"", "expires": b"", "date": b""}
                    block = b"HTTP/1.1 200 OK\r\n"
                    for name, value in hs:
                        key = name.strip().lower()
                        if key in vals:
                            vals[key] = value.encode("utf-8")
                        block += ("%s: %s\r\n" % (name, value)).encode()
                    add("policy", bytes([0, 200, 0, 0]) + bytes(8) +
                        bytes([0, 0, 0, 0]) + vals["cache-control"] + SEP +
                        vals["expires"] + SEP + vals["date"] + SEP +
                        block + b"\r\n")
                if kind == "meta":
                    html = field(c, "html") or b""
                    xrt = field(c, "x_robots_tag") or b""
                    ag = agents(c)
                    add("meta", (ag[0] if ag else b"") + SEP + html + SEP +
                        xrt)

    for path in sorted(glob.glob(os.path.join(seeds_dir, "*"))):
        with open(path, "rb") as f:
            data = f.read()
        name = os.path.basename(path)
        if name.endswith(".txt"):
            add("parse", data)
            for url in (b"/", b"/search?q=1", b"https://example.com/private/x",
                        b"/wp-admin/admin-ajax.php"):
                add("check", b"\x00" + data + SEP + url + SEP + b"Googlebot")
            add("invariants", b"\x05" + data + SEP + b"/a/b" + SEP + b"bot")
        elif name.endswith(".html"):
            add("meta", b"googlebot" + SEP + data + SEP +
                b"googlebot: noindex, max-snippet:20")
        elif name.endswith(".http"):
            add("policy", bytes([0, 200, 0, 0]) + bytes(8) + bytes(4) +
                SEP + SEP + SEP + data)

    for harness, items in seeds.items():
        d = os.path.join(out_dir, harness)
        os.makedirs(d, exist_ok=True)
        for data in items:
            name = hashlib.sha1(data).hexdigest()
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
        print("%s: %d seeds" % (harness, len(items)))


if __name__ == "__main__":
    main()
