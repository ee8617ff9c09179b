/* SPDX-License-Identifier: MIT */
/*
 * diag_kinds.c - every kind of diagnostic, once, as data: its stable name,
 * the most severe level it is reported at, and one sentence saying what it
 * means. robots parse, robots lint (its codes and SARIF rules) and the
 * bindings read them from here. A new kind is its line in robots_diag_kind
 * (robots.h), its line here, and the place in the parse (parse_*.c) or the
 * analysis (analysis*.c) that reports it; the table's length is checked against
 * ROBOTS_DIAG_KIND_LAST when it compiles.
 */
#include "names.h"
#include "robots.h"

#define NOTE ROBOTS_SEVERITY_NOTE
#define WARNING ROBOTS_SEVERITY_WARNING
#define ERROR ROBOTS_SEVERITY_ERROR
/* Named members: the reserved words are zero without being listed. */
#define KIND(n, d, s)                                                          \
    { .name = (n), .description = (d), .severity = (s) }

static const robots_diag_kind_info kinds[] = {
    [ROBOTS_DIAG_UNKNOWN_KEY] =
        KIND("unknown-key", "A key no profile knows.", WARNING),
    [ROBOTS_DIAG_TYPO_KEY] =
        KIND("typo-key",
             "A key close to a known key, such as Disalow: "
             "ignored in rfc9309 and legacy, accepted by "
             "google.",
             ERROR),
    [ROBOTS_DIAG_MISSING_COLON] = KIND(
        "missing-colon", "A line without ':' between key and value.", ERROR),
    [ROBOTS_DIAG_RULE_OUTSIDE_GROUP] =
        KIND("rule-outside-group",
             "An allow, disallow or content-usage rule "
             "before any user-agent line, which no "
             "crawler obeys.",
             ERROR),
    [ROBOTS_DIAG_PATTERN_NEVER_MATCHES] = KIND("pattern-never-matches",
                                               "A pattern that does not start "
                                               "with '/' (or '*') can never "
                                               "match.",
                                               ERROR),
    [ROBOTS_DIAG_LINE_TRUNCATED] =
        KIND("line-truncated",
             "A line longer than 16,663 bytes is cut "
             "there; the kept part still counts.",
             WARNING),
    [ROBOTS_DIAG_PAST_PARSE_LIMIT] =
        KIND("past-parse-limit",
             "Content past the parse limit (500 KiB "
             "by default, RFC 9309 section 2.5) is "
             "not read: the finding names the line "
             "where the file was cut and counts the "
             "lines not read (the bytes, or neither, "
             "when only a prefix was given).",
             ERROR),
    [ROBOTS_DIAG_INVALID_CRAWL_DELAY] =
        KIND("invalid-crawl-delay",
             "A crawl-delay that is not a number "
             "of seconds.",
             WARNING),
    [ROBOTS_DIAG_EXTENSION] =
        KIND("extension",
             "A directive the profile keeps but never acts "
             "on (crawl-delay, host, noindex, ...).",
             NOTE),
    [ROBOTS_DIAG_NUL_BYTE] =
        KIND("nul-byte", "A NUL byte ends the content of its line.", WARNING),
    [ROBOTS_DIAG_INVALID_UTF8] =
        KIND("invalid-utf8", "Bytes that are not UTF-8.", WARNING),
    [ROBOTS_DIAG_BOM_NOT_AT_START] =
        KIND("bom-not-at-start",
             "A UTF-8 byte order mark after the "
             "start of the file is read as ordinary "
             "bytes.",
             WARNING),
    [ROBOTS_DIAG_EMPTY_KEY] =
        KIND("empty-key", "A line with nothing before its ':'.", WARNING),
    [ROBOTS_DIAG_EMPTY_USER_AGENT] = KIND("empty-user-agent",
                                          "A user-agent line that names no "
                                          "crawler.",
                                          WARNING),
    [ROBOTS_DIAG_AGENT_REDUCED] =
        KIND("agent-reduced",
             "A user-agent value read as its product token: a note when a "
             "version or comment is dropped (\"Foo/1.0\" as \"Foo\"), a "
             "warning when the name itself is cut (\"MJ12bot\" as \"MJ\"), "
             "which changes the crawlers the line matches.",
             WARNING),
    [ROBOTS_DIAG_SITEMAP_NOT_ABSOLUTE] =
        KIND("sitemap-not-absolute",
             "A sitemap that is not an absolute "
             "URL.",
             WARNING),
    [ROBOTS_DIAG_LOOKS_LIKE_HTML] =
        KIND("looks-like-html", "An HTML page served as robots.txt.", ERROR),
    [ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS] =
        KIND("too-many-diagnostics",
             "More findings than are kept "
             "(ROBOTS_MAX_DIAGNOSTICS); the rest "
             "are counted.",
             NOTE),
    [ROBOTS_DIAG_KEY_BY_PREFIX] = KIND("key-by-prefix",
                                       "A key read by its prefix, as "
                                       "\"disallowed\" for disallow (google).",
                                       NOTE),
    [ROBOTS_DIAG_NO_SEPARATOR_PAIR] =
        KIND("no-separator-pair",
             "A line without ':' read as a key and "
             "a value (google).",
             NOTE),
    [ROBOTS_DIAG_ALLOW_IGNORED] =
        KIND("allow-ignored",
             "Reserved: an allow rule that is ignored "
             "(no profile reports it).",
             NOTE),
    [ROBOTS_DIAG_EMPTY_ALLOW_MATCHES_ALL] = KIND("empty-allow-matches-all",
                                                 "An empty Allow matches every "
                                                 "path in the 1996 draft "
                                                 "(legacy).",
                                                 NOTE),
    [ROBOTS_DIAG_UTF16_BOM] = KIND("utf16-bom",
                                   "The file starts with a UTF-16 byte order "
                                   "mark: it is not UTF-8.",
                                   WARNING),
    [ROBOTS_DIAG_SHADOWED_RULE] =
        KIND("shadowed-rule",
             "A rule that another rule always overrides, for every agent "
             "its group applies to, so that it never decides a verdict.",
             WARNING),
    [ROBOTS_DIAG_DUPLICATE_RULE] =
        KIND("duplicate-rule",
             "A rule repeated among the rules of the same agents.", WARNING),
    [ROBOTS_DIAG_ENCODED_DUPLICATE] = KIND(
        "encoded-duplicate",
        "A rule written twice, once percent-encoded: the same rule.", NOTE),
    [ROBOTS_DIAG_REPEATED_GROUP] =
        KIND("repeated-group",
             "A group naming an agent that an earlier group already names.",
             WARNING),
    [ROBOTS_DIAG_AGENT_JOINS_GROUP] =
        KIND("agent-joins-group",
             "A user-agent line that joins the group above it, as only lines "
             "that are no rules stand between them.",
             WARNING),
    [ROBOTS_DIAG_LITERAL_WILDCARD] =
        KIND("literal-wildcard",
             "A '*' or '$' that the profile reads literally.", WARNING),
    [ROBOTS_DIAG_ANALYSIS_LIMIT] =
        KIND("analysis-limit",
             "The whole-document analysis stopped at its work limit "
             "(ROBOTS_ANALYSIS_MAX_STEPS); some findings are missing.",
             NOTE),
    [ROBOTS_DIAG_BOM_ENCODED_TWICE] =
        KIND("bom-encoded-twice",
             "The file starts with a UTF-8 byte order mark encoded twice (C3 "
             "AF C2 BB C2 BF), which is read as part of its first line.",
             WARNING),
    [ROBOTS_DIAG_USAGE_MALFORMED] =
        KIND("usage-malformed",
             "A Content-Usage statement or Content-Signal value that is no "
             "RFC 9651 Dictionary: every label is unknown.",
             WARNING),
    [ROBOTS_DIAG_USAGE_UNKNOWN_LABEL] =
        KIND("usage-unknown-label",
             "A Content-Usage key that names no label of the vocabulary "
             "(one of an earlier draft, a proposal, or none): ignored.",
             WARNING),
    [ROBOTS_DIAG_USAGE_NEVER_APPLIES] =
        KIND("usage-never-applies",
             "A Content-Usage rule in a group whose crawlers may fetch no "
             "path: it can never apply.",
             WARNING),
    [ROBOTS_DIAG_USAGE_NO_STAR_FALLBACK] =
        KIND("usage-no-star-fallback",
             "A crawler with its own group gets none of the '*' group's "
             "Content-Usage rules, and its own group has none.",
             NOTE),
};
_Static_assert(RB_COUNT_OF(kinds) == ROBOTS_DIAG_KIND_LAST + 1,
               "kinds must describe every robots_diag_kind");

const char *robots_diag_kind_name(robots_diag_kind kind) {
    long long i = kind;
    return i >= 0 && i <= ROBOTS_DIAG_KIND_LAST ? kinds[i].name : NULL;
}

robots_status robots_diag_kind_describe(robots_diag_kind kind,
                                        robots_diag_kind_info *out) {
    long long i = kind;
    if (out == NULL || i < 0 || i > ROBOTS_DIAG_KIND_LAST)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *out = kinds[i];
    return ROBOTS_OK;
}
