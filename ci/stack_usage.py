#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The stack gate's verdict: the most stack each exported function can use.

Usage: stack_usage.py [--limit BYTES] [--header H]... [--why FILE]
                      [--table FILE] SYMBOLS_FILE CI_FILE...

Reads gcc's call graphs (-fcallgraph-info=su: one VCG .ci file per
translation unit, each function with its frame size from -fstack-usage and
its calls as edges, after inlining, as the object code has them) and, for
every name in SYMBOLS_FILE (lib/robots.sym), sums the frames along the
worst path down the call graph. Prints one line per function and fails
(exit 1) when any exceeds --limit (16 KiB), or when the figure cannot be
trusted:
  - a frame gcc marks `dynamic` without `bounded` (alloca, a VLA);
  - recursion (a cycle in the graph): its depth is not in the graph;
  - a call to a function outside the library that is not in LIBC below;
  - an indirect call other than the allocator's (see INDIRECT).
Frames marked `dynamic,bounded` are counted at gcc's bound.

With --header (each of lib/include/*.h), each function is also held to the
stack its header promises: "Stack: at most N KiB" in the comment above its
declaration (declarations with no comment of their own share the one
above them; in a comment of several functions, each "robots_name:" item
holds its own), or else the 1 KiB that robots_common.h promises every
function whose figure is not stated. So a header cannot say less than the
code uses.

Calls outside the library are charged what LIBC says, which is what the
glibc routine uses at most on x86-64 as measured by tests/test_small_stack
(the string functions are leaf routines; malloc and free take a few hundred
bytes; vsnprintf with the library's formats, no floating point, about 2 KiB)
rounded up generously. Indirect calls are the caller's allocator callbacks
(robots_allocator: rb_alloc, rb_free, the parse's block for a small
file's arrays and the places that free with the document's allocator):
their stack is the caller's own code and is charged 0 here; robots.h says
the figures exclude it.
"""
import argparse
import re
import sys

# Stack charged to each libc routine the library calls (bytes).
LIBC = {
    "memchr": 64,
    "memcmp": 64,
    "memcpy": 64,
    "memmove": 64,
    "memset": 64,
    "strlen": 64,
    "malloc": 1024,
    "free": 1024,
    "realloc": 1024,
    "snprintf": 4096,
    "vsnprintf": 4096,
}
# gcc's names for an indirect call, and the functions allowed to make one
# (each calls a robots_allocator callback, and nothing else, indirectly).
INDIRECT = "__indirect_call"
INDIRECT_CALLERS = {
    "rb_alloc",
    "rb_free",
    "rb_mem_open_region",
    "rb_mem_release_region",
    "rb_vec_grow",
    "rb_vec_release",
    "rb_index_free_units",
    "robots_free",
    "robots_query_free",
}

NODE = re.compile(r'node: \{ title: "([^"]*)" label: "([^"]*)"(.*)\}')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
FRAME = re.compile(r"\\n(\d+) bytes \(([^)]*)\)$")


def read_graphs(paths):
    frames = {}  # title -> (bytes, qualifiers)
    calls = {}  # title -> set of titles
    for path in paths:
        with open(path) as f:
            for line in f:
                m = NODE.match(line.strip())
                if m:
                    frame = FRAME.search(m.group(2))
                    if frame:
                        frames[m.group(1)] = (int(frame.group(1)), frame.group(2))
                    continue
                m = EDGE.match(line.strip())
                if m:
                    calls.setdefault(m.group(1), set()).add(m.group(2))
    return frames, calls


def short(title):
    return title.rsplit(":", 1)[-1]


class Walker:
    def __init__(self, frames, calls):
        self.frames = frames
        self.calls = calls
        self.memo = {}  # title -> (total, path)
        self.problems = {}  # title -> [why]

    def problem(self, title, why):
        self.problems.setdefault(title, []).append(why)

    def worst(self, title, active):
        """(bytes, path) of the deepest path from title; problems noted."""
        if title in self.memo:
            return self.memo[title]
        if title in active:
            self.problem(title, "recursion through " + short(title))
            return (0, [])
        if title == INDIRECT:
            return (0, ["(allocator callback)"])
        if title not in self.frames:
            name = title.replace("__builtin_", "")
            if name in LIBC:
                return (LIBC[name], [name + " (libc)"])
            self.problem(title, "call to %s, outside the library and not in LIBC" % title)
            return (0, [title + " (unknown)"])
        size, quals = self.frames[title]
        if "dynamic" in quals and "bounded" not in quals:
            self.problem(title, "%s has an unbounded dynamic frame" % short(title))
        active.add(title)
        best = (0, [])
        for callee in sorted(self.calls.get(title, ())):
            if callee == INDIRECT and short(title) not in INDIRECT_CALLERS:
                self.problem(title, "indirect call in %s, not an allocator call" % short(title))
            got = self.worst(callee, active)
            if got[0] > best[0]:
                best = got
        active.discard(title)
        result = (size + best[0], ["%s %d" % (short(title), size)] + best[1])
        self.memo[title] = result
        return result

    def problems_below(self, title, seen=None):
        seen = set() if seen is None else seen
        if title in seen:
            return []
        seen.add(title)
        found = list(self.problems.get(title, []))
        for callee in self.calls.get(title, ()):
            found += self.problems_below(callee, seen)
        return found


DEFAULT_CLAIM = 1024  # robots_common.h: "Stack: at most 1 KiB" unless stated
CLAIM = re.compile(r"Stack:\s+at\s+most\s+([0-9.]+)\s*KiB")
DECLARATION = re.compile(r"ROBOTS_API[^;{(]*?\b(robots_\w+)\s*\(")


def claim_in(text):
    """The bytes of the first "Stack: at most N KiB" of text, or None."""
    m = CLAIM.search(re.sub(r"\s*\n\s*\*\s*", " ", text))
    return None if m is None else int(float(m.group(1)) * 1024)


def claims_of(comment, name):
    """The claim a comment makes for name: its own item's, else its head's."""
    items = re.split(r"\n\s*\*\s+(?=robots_\w+:)", comment)
    for item in items[1:]:
        if item.startswith(name + ":"):
            own = claim_in(item)
            if own is not None:
                return own
    return claim_in(items[0])


def claims_in_text(text):
    """Each function declared in text and its promised stack (None: none)."""
    claims = {}
    end, comment = 0, ""
    for m in DECLARATION.finditer(text):
        between = text[end:m.start()]
        if "/*" in between:  # its own comment, the last one above it
            comment = between[between.rindex("/*"):]
        claims[m.group(1)] = claims_of(comment, m.group(1))
        end = text.index(";", m.end()) + 1
    return claims


def read_claims(headers):
    """Each declared function's promised stack in bytes (None: unstated)."""
    claims = {}
    for path in headers:
        with open(path) as f:
            claims.update(claims_in_text(f.read()))
    return claims


def check_claims_reader():
    """The reader on a header of every form it meets, before it is trusted:
    a reader that found no claim would hold every function to 1 KiB and
    fail, but one that read the wrong claim could pass a false one."""
    sample = """/* one. Stack: at most 7.5
 * KiB. */
ROBOTS_API int robots_a(int x);
ROBOTS_API int robots_b(int x);

/* two functions:
 *   robots_c: its own. Stack: at most
 *     9.5 KiB.
 *   robots_d: robots_a's, its stack (Stack: at most 13 KiB) too.
 *   robots_e: nothing said. */
ROBOTS_API int robots_c(int x);
ROBOTS_API int robots_d(int x);
ROBOTS_API int robots_e(int x);
/* none */
ROBOTS_API int
robots_f(const char *s, size_t n);
"""
    want = {"robots_a": 7680, "robots_b": 7680, "robots_c": 9728,
            "robots_d": 13312, "robots_e": None, "robots_f": None}
    got = claims_in_text(sample)
    if got != want:
        raise SystemExit("stack_usage.py: the claims reader is wrong: %r" % got)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=16 * 1024)
    ap.add_argument("--header", dest="headers", action="append", default=[])
    ap.add_argument("--why")
    ap.add_argument("--table", help="also write NAME<TAB>BYTES lines here")
    ap.add_argument("symbols")
    ap.add_argument("graphs", nargs="+")
    args = ap.parse_args()

    with open(args.symbols) as f:
        symbols = [s.strip() for s in f if s.strip() and not s.startswith("#")]
    if args.headers:
        check_claims_reader()
    claims = read_claims(args.headers)
    frames, calls = read_graphs(args.graphs)
    walker = Walker(frames, calls)
    failures = []
    rows = []
    for sym in symbols:
        if sym not in frames:
            failures.append("%s: not in the call graphs" % sym)
            continue
        total, path = walker.worst(sym, set())
        problems = sorted(set(walker.problems_below(sym)))
        verdict = "ok"
        if total > args.limit:
            verdict = "OVER"
            failures.append("%s: %d bytes > %d" % (sym, total, args.limit))
        elif args.headers:
            if sym not in claims:
                verdict = "UNDECLARED"
                failures.append("%s: declared in no header" % sym)
            elif total > (claims[sym] or DEFAULT_CLAIM):
                verdict = "CLAIM"
                failures.append("%s: %d bytes, its header says at most %d%s"
                                % (sym, total, claims[sym] or DEFAULT_CLAIM,
                                   "" if claims[sym] else
                                   " (robots_common.h's 1 KiB: none stated)"))
        if problems:
            verdict = "UNSOUND"
            failures.append("%s: %s" % (sym, "; ".join(problems)))
        rows.append((sym, total))
        print("%-36s %7d  %-7s %s" % (sym, total, verdict, " > ".join(path)))
    worst = max(rows, key=lambda r: r[1]) if rows else ("-", 0)
    print("--- %d functions; the most: %s, %d bytes (limit %d)"
          % (len(rows), worst[0], worst[1], args.limit))
    if args.table:
        with open(args.table, "w") as f:
            for sym, total in rows:
                f.write("%s\t%d\n" % (sym, total))
    if failures:
        for line in failures:
            print("FAIL " + line)
        if args.why:
            with open(args.why, "w") as f:
                f.write("stack: " + failures[0]
                        + (" (and %d more)" % (len(failures) - 1) if len(failures) > 1 else "")
                        + "\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
