#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""include_graph.py - the library's module graph, drawn from its #include lines.

Reads every `#include "..."` of the C files under a source folder (lib/src
by default), resolves each against the folders of lib/src and lib/include,
and draws the graph of modules: a module is a file name without its
extension, so x.c and x.h are one module. It prints the graph as text, and
with --dot FILE writes it as Graphviz DOT too.

It fails (exit 1) on:
  - a cycle between modules (x.c includes y.h while y.c includes x.h, or a
    longer ring): the include lines must draw a graph with a bottom;
  - an include of a private header (one under the source folder) by a file
    that uses none of the names the header declares: its functions, its
    variables, its macros, its types, its struct, union and enum tags and
    its enum constants. A simple test, but an honest one: the include line
    then says nothing true about what the file depends on.

Python 3 standard library only. Usage:
  include_graph.py [--root DIR] [--include DIR ...] [--dot FILE]
"""

import argparse
import os
import re
import sys

# Unused includes let off, each with why; an entry no longer found is
# reported so that it is taken out. Empty: every include is used.
ALLOWED_UNUSED = set()

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
KEYWORDS = {
    "typedef", "struct", "union", "enum", "static", "inline", "extern",
    "const", "volatile", "unsigned", "signed", "int", "char", "short",
    "long", "float", "double", "void", "_Bool", "_Atomic", "restrict",
    "register", "sizeof", "return", "if", "else", "for", "while", "do",
}


def strip_comments(text):
    """The text without comments, string or character literals' contents."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j) or " ")
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def declared_names(text):
    """The names a header declares at file scope."""
    text = strip_comments(text)
    names = set()
    body = []
    guard = re.match(r"\s*#\s*ifndef\s+(\w+)", text)
    lines = text.replace("\\\n", " ").split("\n")
    for line in lines:
        m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)", line)
        if m:
            names.add(m.group(1))
        if not re.match(r"\s*#", line):
            body.append(line)
    tokens = re.findall(r"[A-Za-z_]\w*|[{}();=,\[\]]", "\n".join(body))
    depth = 0
    stmt = []
    enum_at = None  # depth of an enum body being read
    expect_constant = False
    for tok in tokens:
        if tok == "{":
            if depth == 0:
                idents = [t for t in stmt if IDENT.fullmatch(t)]
                if "(" in stmt and not {"struct", "union", "enum"} & set(stmt[:3]) and "=" not in stmt:
                    # A function definition: the name before the first '('.
                    k = stmt.index("(")
                    if k > 0:
                        names.add(stmt[k - 1])
                    stmt = []
                    depth += 1
                    continue
                for kw in ("struct", "union", "enum"):
                    if kw in stmt:
                        k = stmt.index(kw)
                        if k + 1 < len(stmt) and IDENT.fullmatch(stmt[k + 1]):
                            names.add(stmt[k + 1])
                        if kw == "enum":
                            enum_at = 1
                            expect_constant = True
                del idents
            depth += 1
            stmt.append(tok)
            continue
        if tok == "}":
            depth -= 1
            if enum_at is not None and depth < enum_at:
                enum_at = None
            stmt.append(tok)
            continue
        if enum_at is not None and depth == enum_at:
            if expect_constant and IDENT.fullmatch(tok):
                names.add(tok)
                expect_constant = False
            elif tok == ",":
                expect_constant = True
            continue
        if depth > 0:
            continue
        if tok == ";":
            idents = [t for t in stmt if IDENT.fullmatch(t) and t not in KEYWORDS]
            if stmt and stmt[0] == "typedef":
                if idents:
                    names.add(idents[-1])
            elif "(" in stmt:
                k = stmt.index("(")
                if k > 0 and IDENT.fullmatch(stmt[k - 1]):
                    names.add(stmt[k - 1])
            else:
                cut = stmt.index("[") if "[" in stmt else len(stmt)
                cut = min(cut, stmt.index("=")) if "=" in stmt else cut
                head = [t for t in stmt[:cut] if IDENT.fullmatch(t) and t not in KEYWORDS]
                if head:
                    names.add(head[-1])
            stmt = []
            continue
        stmt.append(tok)
    if guard:
        names.discard(guard.group(1))
    return names - KEYWORDS


def used_names(text):
    """The identifiers a file uses, its include lines and comments aside."""
    text = strip_comments(text)
    text = re.sub(r'^\s*#\s*include[^\n]*', "", text, flags=re.M)
    return set(IDENT.findall(text))


def module_of(path):
    return os.path.splitext(os.path.basename(path))[0]


def find_cycle(graph):
    """A cycle of the graph as a list of nodes, or None."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default="lib/src")
    ap.add_argument("--include", action="append", default=None,
                    help="more folders that resolve includes (lib/include)")
    ap.add_argument("--dot", help="write the module graph as DOT here")
    args = ap.parse_args(argv)
    extra = args.include if args.include is not None else ["lib/include"]

    files = []
    for top, _dirs, names in os.walk(args.root):
        for name in names:
            if name.endswith((".c", ".h")):
                files.append(os.path.normpath(os.path.join(top, name)))
    files.sort()
    by_name = {}
    for f in files:
        by_name.setdefault(os.path.basename(f), []).append(f)
    public = set()
    for d in extra:
        if os.path.isdir(d):
            public.update(n for n in os.listdir(d) if n.endswith(".h"))

    texts = {f: open(f, encoding="utf-8").read() for f in files}
    declared = {}
    errors = []
    graph = {}
    lines = []
    allowed_seen = set()
    for f in files:
        mod = module_of(f)
        graph.setdefault(mod, set())
        uses = None
        for inc in INCLUDE.findall(texts[f]):
            base = os.path.basename(inc)
            local = os.path.join(os.path.dirname(f), inc)
            if os.path.normpath(local) in map(os.path.normpath, files):
                target = os.path.normpath(local)
            elif base in by_name:
                target = by_name[base][0]
            elif base in public:
                lines.append(f"{os.path.relpath(f, args.root)} -> {inc} (public)")
                continue
            else:
                errors.append(f"{f}: includes \"{inc}\", found nowhere")
                continue
            lines.append(f"{os.path.relpath(f, args.root)} -> {os.path.relpath(target, args.root)}")
            tmod = module_of(target)
            if tmod != mod:
                graph[mod].add(tmod)
            if target not in declared:
                declared[target] = declared_names(texts[target])
            if uses is None:
                uses = used_names(texts[f])
            if not declared[target] & uses:
                if (os.path.normpath(f), base) in ALLOWED_UNUSED:
                    allowed_seen.add((os.path.normpath(f), base))
                    continue
                errors.append(f"{f}: includes \"{inc}\" but uses none of the names it declares")
    print(f"# include lines under {args.root} ({len(files)} files)")
    for line in lines:
        print("  " + line)
    print(f"# module graph ({len(graph)} modules): module -> modules it includes")
    for mod in sorted(graph):
        print(f"  {mod} -> {', '.join(sorted(graph[mod])) or '(none)'}")
    if args.dot:
        os.makedirs(os.path.dirname(args.dot) or ".", exist_ok=True)
        with open(args.dot, "w", encoding="utf-8") as out:
            out.write("digraph modules {\n  rankdir=BT;\n  node [shape=box];\n")
            for mod in sorted(graph):
                out.write(f'  "{mod}";\n')
                for t in sorted(graph[mod]):
                    out.write(f'  "{mod}" -> "{t}";\n')
            out.write("}\n")
        print(f"# DOT written to {args.dot}")
    for f, inc in sorted(ALLOWED_UNUSED - allowed_seen):
        if os.path.normpath(args.root) == os.path.normpath("lib/src"):
            print(f"include_graph: note: {f} no longer includes {inc} unused; take it out of ALLOWED_UNUSED")
    cycle = find_cycle(graph)
    if cycle:
        errors.append("module cycle: " + " -> ".join(cycle))
    for e in errors:
        print("include_graph: " + e, file=sys.stderr)
    if errors:
        print(f"include_graph: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print("include_graph: no cycle, every private include used")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
