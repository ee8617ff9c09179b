#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""cli_one_reading.py SOURCE_DIR - the `robots` command keeps no semantics
of its own (issue 21): every group, token, match and case-insensitive
comparison of a robots.txt is the library's, asked through robots.h.

Fails when a C file of cli/ holds one of the constructs by which it once
read a robots.txt a second time, or wrote its own JSON (RULES), outside
comments (string literals are code here); when a C file of cli/ or fuzz/
includes a .c file (a harness links the command's modules: fuzz_check.c
once included cmd_check.c); and fails unless each rule finds each
section of tests/data/one-reading/rederivations.txt, the code cli/ and
fuzz/ held before, so that the guard is shown to catch what it is for.
"""
import pathlib
import re
import sys

RULES = {
    # ASCII case folding by hand, or the C library's: the library compares
    # agent names (robots_agent_key(), robots_select_groups()) and names
    # its enums (robots_rule_kind_from_name(), robots_profile_from_name()).
    "case folding": re.compile(
        r"\b(?:tolower|toupper|strn?casecmp)\b|\w*_nocase\b"
        r"|'[aA]'\s*[-+]\s*'[aA]'|-\s*'A'|<=\s*'Z'"),
    # The [A-Za-z_-] run of a product token (robots_agent_token()).
    "product-token reducer": re.compile(
        r"[=!]=\s*'_'|'_'\s*[=!]=|\bRB_C_TOKEN\b"),
    # Comparing a crawler's name with an agent line's token or value:
    # choosing groups (robots_select_groups()).
    "group selection": re.compile(
        r"\b(?:memcmp|strn?cmp|\w*equal\w*|\w*contains\w*)\s*\("
        r"[^;]*\.(?:token|value)\b"),
    # Reading '*' or '$' of a pattern, or google's index.htm companion
    # (robots_rule_info.flags, robots_rule_example_path(), robots_analyze()):
    # compared, or looked for (diff once found wildcards with memchr).
    "pattern reading": re.compile(
        r"[=!]=\s*'[*$]'|index\.htm|mem[r]?chr\s*\([^;]*'[*$]'"),
    # A JSON key written by hand ("\"name\":" in a literal, or a format
    # that makes one): cli/json_out.h writes every key, its commas and its
    # escapes. A key in help text is followed by a space and is not code.
    "JSON by hand": re.compile(r'\\"(?:\w+|%s)?\\":(?!\s)'),
    # Finding a line's key: its ':' looked for, or its leading blanks
    # skipped (robots_diagnostic_info.key_offset and key_len give the key
    # where the parse read it; lint --fix once found it itself).
    "key boundaries": re.compile(
        r"mem[r]?chr\s*\([^;]*':'|\bskip_blanks\b"),
    # The library's own headers: only robots.h and robots_web.h.
    "library internals": re.compile(
        r'#\s*include\s*"(?:document|names|reserved|ascii|url_parts|'
        r'punycode|text_out|civil_date)\.h"'),
}

# Checked in fuzz/ too: a harness links what it tests.
SOURCE_INCLUDED = "source included"
RULES[SOURCE_INCLUDED] = re.compile(r'#\s*include\s*"[^"]*\.c"')

TOKEN = re.compile(
    r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|.',
    re.S)


def code_only(text):
    """The text with its comments blanked (their line breaks kept, so that
    line numbers hold). String and character literals stay: a "index.htm"
    compared is as much a reading as a '*' compared."""
    out = []
    for m in TOKEN.finditer(text):
        t = m.group(0)
        if t.startswith("/*") or t.startswith("//"):
            out.append(re.sub(r"[^\n]", " ", t))
        else:
            out.append(t)
    return "".join(out)


def findings(text):
    """(line, rule) for each rule that matches the code of text."""
    code = code_only(text)
    found = []
    for name, rule in RULES.items():
        for m in rule.finditer(code):
            found.append((code.count("\n", 0, m.start()) + 1, name))
    return found


def main():
    src = pathlib.Path(sys.argv[1])
    failed = 0
    files = sorted((src / "cli").glob("*.[ch]"))
    if len(files) < 5:
        print(f"cli_one_reading: only {len(files)} files in cli/")
        return 1
    fuzz = sorted((src / "fuzz").glob("**/*.[ch]"))
    for path in files + fuzz:
        text = path.read_text(encoding="utf-8")
        for line, name in findings(text):
            if path in fuzz and name != SOURCE_INCLUDED:
                continue
            where = "fuzz/" if path in fuzz else "cli/"
            print(f"{path.relative_to(src)}:{line}: {name} in {where} "
                  f"(issue 21: ask the library, write JSON through "
                  f"cli/json_out.h, link modules)")
            failed += 1
    fixture = src / "tests/data/one-reading/rederivations.txt"
    sections = re.split(r"^@@ (.+)$", fixture.read_text(encoding="utf-8"),
                        flags=re.M)
    checked = 0
    for name, body in zip(sections[1::2], sections[2::2]):
        name = name.strip()
        if name not in RULES:
            print(f"{fixture.name}: unknown rule '{name}'")
            failed += 1
            continue
        if not RULES[name].search(code_only(body)):
            print(f"{fixture.name}: the rule '{name}' does not find its "
                  f"section: it could not fail")
            failed += 1
        checked += 1
    if checked < len(RULES):
        print(f"{fixture.name}: {checked} sections for {len(RULES)} rules")
        failed += 1
    print(f"cli_one_reading: {len(files)} files of cli/, {len(fuzz)} of "
          f"fuzz/, {checked} sections, "
          f"{failed} problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
