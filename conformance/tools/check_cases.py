#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the conformance case files without network or third-party modules.

It enforces what conformance/schema.json states (required fields, kinds,
per-profile expectations with a "why"), and what a schema cannot: ids unique
across files, sources that name an existing seed / RFC 9309 section /
decision, generated bodies of the declared length, and limit values equal to
the ones in lib/include/robots.h.

Usage: check_cases.py [CASES_DIR] [--header robots.h]
Exit status 0 when every file is valid, 1 otherwise.
"""
import json
import os
import re
import sys

PROFILES = ("rfc9309", "google", "legacy")
SEEDS = {"000", "001", "002", "003", "004"}
RFC_SECTIONS = {"2.1", "2.2", "2.2.1", "2.2.2", "2.2.3", "2.2.4", "2.3",
                "2.3.1", "2.3.1.1", "2.3.1.2", "2.3.1.3", "2.3.1.4",
                "2.3.1.5", "2.4", "2.5", "5.1", "5.2"}
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
KIND_INPUT = {
    "verdict": ({"url", "url_gen"}, {"agent", "agents"}),
    "match": ({"pattern", "pattern_gen"}, {"path", "path_gen"}),
    "url_path": ({"url", "url_gen"},),
    "group": ({"agent", "agents"},),
    "robots_url": ({"url", "url_gen"},),
    "scope": ({"robots_url"}, {"url", "url_gen"}),
    "fetch_policy": ({"status", "network_error"},),
    "cache_lifetime": ({"headers"},),
    "meta": ({"html", "x_robots_tag"},),
    "parse": (),
}
NEEDS_BODY = {"verdict", "group", "parse"}
EXPECT_ONE_OF = {
    "verdict": {"allowed", "error"},
    "match": {"match"},
    "url_path": {"path", "invalid"},
    "group": {"line"},
    "robots_url": {"robots_url", "invalid"},
    "scope": {"applies", "invalid"},
    "fetch_policy": {"action"},
    "cache_lifetime": {"seconds"},
    "meta": {"restrictions"},
    "parse": None,
}
ACTIONS = {"parse-body", "allow-all", "disallow-all", "disallow-all-retry",
           "follow-redirect", "use-cached", "defer"}
REASONS = {"no-group", "no-rule-matched", "longest-match", "tie-allow",
           "first-match", "robots-txt"}


def gen_bytes(parts, where, errors):
    out = bytearray()
    if not isinstance(parts, list):
        errors.append("%s: a generator must be an array" % where)
        return out
    for p in parts:
        if isinstance(p, str):
            out += p.encode("utf-8")
        elif isinstance(p, dict) and set(p) == {"repeat", "times"}:
            if not isinstance(p["repeat"], str) or not isinstance(p["times"], int) or p["times"] < 0:
                errors.append("%s: bad repeat part" % where)
                continue
            out += p["repeat"].encode("utf-8") * p["times"]
        elif isinstance(p, dict) and set(p) == {"hex"}:
            try:
                out += bytes.fromhex(p["hex"])
            except (TypeError, ValueError):
                errors.append("%s: bad hex part" % where)
        else:
            errors.append("%s: unknown generator part %r" % (where, p))
    return out


def header_limits(path):
    """The named limits of robots.h and of the public headers beside it
    (robots_common.h, robots_web.h)."""
    limits = {}
    folder = os.path.dirname(os.path.abspath(path))
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("robots") and name.endswith(".h")):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for m in re.finditer(r"#define (ROBOTS_\w+) \(\((?:size_t|int64_t)\)(0x[0-9A-Fa-f]+|\d+)\)", f.read()):
                limits[m.group(1)] = int(m.group(2), 0)
    return limits


def check_source(src, where, errors):
    if not isinstance(src, dict):
        errors.append("%s: source must be an object" % where)
        return
    keys = [k for k in ("seed", "rfc", "decision") if k in src]
    if len(keys) != 1:
        errors.append("%s: source needs exactly one of seed, rfc, decision" % where)
        return
    if "seed" in src:
        if src["seed"] not in SEEDS:
            errors.append("%s: unknown seed %r" % (where, src["seed"]))
        for a in src.get("also", []):
            if a not in SEEDS:
                errors.append("%s: unknown seed %r in also" % (where, a))
        if not isinstance(src.get("section"), str) or not src["section"]:
            errors.append("%s: a seed source needs a section" % where)
    elif "rfc" in src:
        if src["rfc"] != 9309:
            errors.append("%s: rfc must be 9309" % where)
        if src.get("section") not in RFC_SECTIONS:
            errors.append("%s: unknown RFC 9309 section %r" % (where, src.get("section")))
        if "figure" in src and src["figure"] not in range(1, 7):
            errors.append("%s: RFC 9309 has figures 1 to 6" % where)
    else:
        if not isinstance(src["decision"], str) or not src["decision"].strip():
            errors.append("%s: empty decision" % where)


def check_case(c, fname, ids, limits, errors):
    cid = c.get("id") if isinstance(c, dict) else None
    where = "%s: %s" % (fname, cid or "<no id>")
    if not isinstance(c, dict):
        errors.append("%s: a case must be an object" % fname)
        return
    allowed = {"id", "kind", "source", "tags", "robots", "robots_hex",
               "robots_gen", "robots_length", "options", "input", "dispute",
               "note", "expect"}
    for k in c:
        if k not in allowed:
            errors.append("%s: unknown field %r" % (where, k))
    if not isinstance(cid, str) or not ID_RE.match(cid):
        errors.append("%s: id must match %s" % (where, ID_RE.pattern))
    elif cid in ids:
        errors.append("%s: duplicate id (also in %s)" % (where, ids[cid]))
    else:
        ids[cid] = fname
    kind = c.get("kind")
    if kind not in KIND_INPUT:
        errors.append("%s: unknown kind %r" % (where, kind))
        return
    check_source(c.get("source"), where, errors)
    tags = c.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        errors.append("%s: tags must be strings" % where)
    bodies = [k for k in ("robots", "robots_hex", "robots_gen") if k in c]
    if len(bodies) > 1:
        errors.append("%s: at most one of robots, robots_hex, robots_gen" % where)
    if kind in NEEDS_BODY and not bodies:
        errors.append("%s: kind %s needs a body" % (where, kind))
    if "robots_hex" in c:
        try:
            bytes.fromhex(c["robots_hex"])
        except (TypeError, ValueError):
            errors.append("%s: robots_hex is not hex" % where)
    if "robots_gen" in c:
        b = gen_bytes(c["robots_gen"], where, errors)
        if "robots_length" in c and len(b) != c["robots_length"]:
            errors.append("%s: robots_gen makes %d bytes, robots_length says %d" % (where, len(b), c["robots_length"]))
    inp = c.get("input")
    if not isinstance(inp, dict):
        errors.append("%s: input must be an object" % where)
        inp = {}
    for alternatives in KIND_INPUT[kind]:
        if not any(a in inp for a in alternatives):
            errors.append("%s: input needs one of %s" % (where, sorted(alternatives)))
    for k in ("url_gen", "pattern_gen", "path_gen"):
        if k in inp:
            gen_bytes(inp[k], where, errors)
    if "agents" in inp and (not isinstance(inp["agents"], list) or not inp["agents"]):
        errors.append("%s: agents must be a non-empty array" % where)
    src = c.get("source") or {}
    lim = src.get("limit") if isinstance(src, dict) else None
    if lim is not None:
        if lim.get("name") not in limits:
            errors.append("%s: the limit %r is not defined in the public headers" % (where, lim.get("name")))
        elif limits[lim["name"]] != lim.get("value"):
            errors.append("%s: %s is %d in the public headers, the case says %r" % (where, lim["name"], limits[lim["name"]], lim.get("value")))
    if "dispute" in c:
        d = c["dispute"]
        if not isinstance(d, dict) or not isinstance(d.get("documents"), list) or not d.get("decision"):
            errors.append("%s: dispute needs documents (array) and decision" % where)
    exp = c.get("expect")
    if not isinstance(exp, dict) or set(exp) != set(PROFILES):
        errors.append("%s: expect needs exactly the profiles %s" % (where, ", ".join(PROFILES)))
        return
    for p in PROFILES:
        e = exp[p]
        w = "%s [%s]" % (where, p)
        if not isinstance(e, dict):
            errors.append("%s: expectation must be an object" % w)
            continue
        if not isinstance(e.get("why"), str) or not e["why"].strip() or "\n" in e["why"]:
            errors.append("%s: needs a one-line why" % w)
        need = EXPECT_ONE_OF[kind]
        if need is not None and len(need & set(e)) != 1:
            errors.append("%s: needs exactly one of %s" % (w, sorted(need)))
        if kind == "fetch_policy" and e.get("action") not in ACTIONS:
            errors.append("%s: unknown action %r" % (w, e.get("action")))
        if "reason" in e and e["reason"] not in REASONS:
            errors.append("%s: unknown reason %r" % (w, e["reason"]))
        if kind == "parse" and not (set(e) - {"why"}):
            errors.append("%s: a parse expectation must expect something" % w)
        if "truncated" in e and (kind != "verdict" or not isinstance(e["truncated"], bool)):
            errors.append("%s: truncated is a boolean of verdict cases" % w)
        if "cut" in e:
            cut = e["cut"]
            if kind != "parse":
                errors.append("%s: cut belongs to parse cases" % w)
            elif cut is not None and (not isinstance(cut, dict) or
                                      set(cut) - {"offset", "line", "lines_not_read"} or
                                      not all(isinstance(v, int) and v >= 0 for v in cut.values())):
                errors.append("%s: cut is null or {offset, line, lines_not_read} of integers" % w)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    cases_dir = os.path.join(here, "..", "cases")
    header = os.path.join(here, "..", "..", "lib", "include", "robots.h")
    args = list(argv[1:])
    if "--header" in args:
        i = args.index("--header")
        header = args[i + 1]
        del args[i:i + 2]
    if args:
        cases_dir = args[0]
    if not os.path.isfile(header):
        print("check_cases.py: no header at %s: the cases' limits cannot be checked" % header, file=sys.stderr)
        return 2
    limits = header_limits(header)
    errors, ids, count = [], {}, 0
    names = sorted(n for n in os.listdir(cases_dir) if n.endswith(".json"))
    if not names:
        errors.append("%s: no case files" % cases_dir)
    for name in names:
        try:
            with open(os.path.join(cases_dir, name), encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as exc:
            errors.append("%s: %s" % (name, exc))
            continue
        if not isinstance(doc, dict) or not isinstance(doc.get("cases"), list):
            errors.append("%s: needs an object with a cases array" % name)
            continue
        if doc.get("topic") != name[:-5]:
            errors.append("%s: topic must be the file name without .json" % name)
        for k in ("title", "description"):
            if not isinstance(doc.get(k), str) or not doc[k]:
                errors.append("%s: needs a %s" % (name, k))
        for c in doc["cases"]:
            check_case(c, name, ids, limits, errors)
            count += 1
    for e in errors:
        print("error: " + e)
    print("%d files, %d cases, %d errors" % (len(names), count, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
