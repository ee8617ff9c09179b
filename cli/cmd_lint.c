/* SPDX-License-Identifier: MIT */
/*
 * cmd_lint.c - `robots lint`: what is wrong or doubtful in a robots.txt, in
 * the FILE:LINE:COL form editors and CI systems annotate, as JSON, or as
 * SARIF 2.1.0 for code-scanning tools.
 *
 * Two sources: the library's diagnostics (typos, rules outside a group,
 * patterns that never match, lines without a colon, the parse limit,
 * encoding, crawl-delay and sitemap values, ignored directives), and
 * checks that need the whole document, made here from the accessors:
 *   shadowed-rule    a rule another rule always overrides (rfc9309 and
 *                    google: a longer or equally long Allow pattern that
 *                    matches every path it matches, in the groups merged
 *                    for an agent; legacy: an earlier rule of the record
 *                    that matches every path it matches)
 *   duplicate-rule   the same rule twice for the same agents
 *   repeated-group   a group naming an agent an earlier group names
 *                    (rfc9309/google merge them; legacy never reaches the
 *                    later record)
 *   literal-wildcard '*' or '$' read literally (legacy: always; rfc9309
 *                    and google: a '$' that does not end the pattern)
 * The pairwise checks share a work budget (LINT_BUDGET steps) so that no
 * file can make lint slow; past it an analysis-limit note says so.
 */
#include "site.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char lint_usage[] =
    "usage: robots lint [--profile rfc9309|google|legacy]\n"
    "                   [--format text|json|sarif] [--json] [--strict]\n"
    "                   [--parse-limit BYTES] FILE\n"
    "\n"
    "Reports what is wrong or doubtful in the robots.txt FILE ('-' for\n"
    "stdin), as the profile reads it: typos (with a suggestion), rules\n"
    "before any user-agent, patterns that never match, rules shadowed by\n"
    "other rules, repeated rules and groups, lines without a colon, content\n"
    "past the parse limit (where the file was cut), bytes that are not\n"
    "UTF-8, a misplaced\n"
    "BOM, bad crawl-delay and sitemap values, directives the profile\n"
    "ignores, wildcards it reads literally.\n"
    "\n"
    "  --profile P     rfc9309 (default), google or legacy\n"
    "  --format F      text (default): FILE:LINE:COL: SEVERITY: MESSAGE "
    "[CODE]\n"
    "                  json: one object; sarif: SARIF 2.1.0\n"
    "  --json          the same as --format json\n"
    "  --strict        exit 1 on warnings too\n"
    "  --parse-limit BYTES\n"
    "                  bytes of FILE parsed (default 512000, 500 KiB, RFC\n"
    "                  9309 section 2.5; 0 all, up to 1 GiB, in about 8\n"
    "                  times its size of memory)\n"
    "\n"
    "Exit status: 0 no errors (with --strict: no errors or warnings),\n"
    "1 errors found, 2 usage or input error.\n";

/* Steps of the pairwise checks, all together. */
#define LINT_BUDGET ((unsigned long)50000000)
/* Findings of lint's own checks that are kept (as the library's). */
#define LINT_MAX_OWN ROBOTS_MAX_DIAGNOSTICS
#define LINT_MESSAGE_BYTES 320

typedef struct finding {
    size_t line;
    size_t column;
    robots_severity severity;
    const char *code;
    const char *message;
    size_t message_len;
    const char *suggestion; /* NULL when none */
    size_t suggestion_len;
    size_t order; /* tie-break: the order found */
} finding;

typedef struct rule_ref {
    robots_rule_info info;
    const char *normalized; /* info.normalized_len bytes, in lint.normals */
    size_t group;
} rule_ref;

typedef struct agent_ref {
    robots_agent_info info;
    size_t group;
} agent_ref;

typedef struct lint {
    const robots_txt *doc;
    robots_profile profile;
    const char *body;
    size_t body_len;
    size_t *line_starts; /* line_starts[k]: offset of line k + 1 */
    size_t line_count;
    rule_ref *rules; /* every rule, file order */
    char *normals;   /* their normal forms, one after another */
    size_t rule_count;
    size_t *group_first;     /* index in rules of each group's first rule */
    unsigned char *reported; /* per rule: a shadow finding was made */
    finding *found;
    size_t found_count;
    char *messages; /* LINT_MAX_OWN messages of LINT_MESSAGE_BYTES */
    size_t own_count;
    size_t own_limit; /* LINT_MAX_OWN, two more for the closing notes */
    size_t own_total;
    unsigned long steps;
    int budget_spent;
    int failed; /* out of memory */
} lint;

/* ---- where things are on a line ----------------------------------------- */

static int index_lines(lint *l) {
    size_t parsed = robots_txt_parsed_bytes(l->doc);
    if (parsed > l->body_len)
        parsed = l->body_len;
    size_t count = 1;
    for (size_t i = 0; i < parsed; i++)
        if (l->body[i] == '\n' ||
            (l->body[i] == '\r' && (i + 1 >= parsed || l->body[i + 1] != '\n')))
            count++;
    l->line_starts = malloc(count * sizeof *l->line_starts);
    if (l->line_starts == NULL)
        return 0;
    size_t k = 0;
    size_t start = 0;
    if (parsed >= 3 && memcmp(l->body, "\xEF\xBB\xBF", 3) == 0)
        start = 3; /* columns of line 1 are counted after a BOM */
    l->line_starts[k++] = start;
    for (size_t i = 0; i < parsed && k < count; i++)
        if (l->body[i] == '\n' ||
            (l->body[i] == '\r' && (i + 1 >= parsed || l->body[i + 1] != '\n')))
            l->line_starts[k++] = i + 1;
    l->line_count = k;
    return 1;
}

/* The 1-based column where the value of line `line` starts (after the
 * first ':', or after the key when there is none); 1 if unknown. */
static size_t value_column(const lint *l, size_t line) {
    if (line == 0 || line > l->line_count)
        return 1;
    size_t start = l->line_starts[line - 1];
    size_t end = start;
    while (end < l->body_len && l->body[end] != '\n' && l->body[end] != '\r')
        end++;
    const char *s = l->body + start;
    size_t len = end - start, i = 0;
    const char *colon = memchr(s, ':', len);
    if (colon != NULL) {
        i = (size_t)(colon - s) + 1;
    } else {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
    }
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i + 1;
}

/* ---- lint's own findings ------------------------------------------------ */

static void add_own(lint *l, size_t line, size_t column,
                    robots_severity severity, const char *code, const char *fmt,
                    ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

static void add_own(lint *l, size_t line, size_t column,
                    robots_severity severity, const char *code, const char *fmt,
                    ...) {
    l->own_total++;
    if (l->own_count >= l->own_limit)
        return;
    char *msg = l->messages + l->own_count * LINT_MESSAGE_BYTES;
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(msg, LINT_MESSAGE_BYTES, fmt, args);
    va_end(args);
    if (n < 0)
        n = 0;
    finding *f = &l->found[l->found_count];
    f->line = line ? line : 1;
    f->column = column ? column : 1;
    f->severity = severity;
    f->code = code;
    f->message = msg;
    f->message_len = strlen(msg);
    f->suggestion = NULL;
    f->suggestion_len = 0;
    f->order = l->found_count;
    l->found_count++;
    l->own_count++;
}

/* Spends n steps of the budget; 0 once it is spent. */
static int spend(lint *l, unsigned long n) {
    if (l->budget_spent)
        return 0;
    if (LINT_BUDGET - l->steps < n) {
        l->budget_spent = 1;
        return 0;
    }
    l->steps += n;
    return 1;
}

/* ---- does one pattern match every path another matches? ---------------- */

/* rfc9309/google patterns: '*' any octets, a final '$' anchors the end.
 * Sound test of L(r) within L(s): s, as a glob with a trailing '*' unless
 * anchored, must match r written out with r's wildcards (and its trailing
 * '*' unless anchored) as a symbol only s's '*' can take. Greedy matching
 * with one backtrack point, O(|s| * |r|) steps, charged to the budget. */
#define STAR_SYMBOL 256

static int text_at(const char *r, size_t body, size_t i) {
    if (i == body || r[i] == '*')
        return STAR_SYMBOL;
    return (unsigned char)r[i];
}

static int covers_glob(lint *l, const char *s, size_t slen, const char *r,
                       size_t rlen) {
    int s_anchored = slen > 0 && s[slen - 1] == '$';
    int r_anchored = rlen > 0 && r[rlen - 1] == '$';
    size_t s_body = slen - (size_t)s_anchored;
    size_t r_body = rlen - (size_t)r_anchored;
    size_t plen = s_body + (size_t)!s_anchored;
    size_t tlen = r_body + (size_t)!r_anchored;
    size_t i = 0, j = 0, mark = 0;
    size_t star = (size_t)-1;
    unsigned long steps = 0;
    int ok = 1;
    while (i < tlen) {
        if (++steps == 4096) {
            if (!spend(l, steps))
                return 0;
            steps = 0;
        }
        int wild = j < plen && (j == s_body || s[j] == '*');
        if (j < plen && !wild && text_at(r, r_body, i) == (unsigned char)s[j]) {
            i++;
            j++;
        } else if (wild) {
            star = j++;
            mark = i;
        } else if (star != (size_t)-1) {
            j = star + 1;
            i = ++mark;
        } else {
            ok = 0;
            break;
        }
    }
    while (ok && j < plen && (j == s_body || s[j] == '*'))
        j++;
    if (!spend(l, steps + 1))
        return 0;
    return ok && j == plen;
}

/* legacy: rules match by octet prefix; an empty Allow matches every path,
 * an empty Disallow none. */
static int covers_legacy(const rule_ref *s, const rule_ref *r) {
    if (s->info.normalized_len == 0)
        return s->info.kind == ROBOTS_RULE_ALLOW;
    if (r->info.normalized_len == 0)
        return 0;
    return s->info.normalized_len <= r->info.normalized_len &&
           memcmp(s->normalized, r->normalized, s->info.normalized_len) == 0;
}

static int never_matches(robots_profile profile, const rule_ref *r) {
    if (r->info.normalized_len == 0)
        return !(profile == ROBOTS_PROFILE_LEGACY &&
                 r->info.kind == ROBOTS_RULE_ALLOW);
    char c = r->normalized[0];
    return c != '/' && (profile == ROBOTS_PROFILE_LEGACY || c != '*');
}

/* google: "Allow: /d/index.html" also allows "/d/": its reach is larger
 * than its pattern says, so it is never reported as covered. */
static int google_index_quirk(robots_profile profile, const rule_ref *r) {
    if (profile != ROBOTS_PROFILE_GOOGLE || r->info.kind != ROBOTS_RULE_ALLOW)
        return 0;
    size_t slash = r->info.normalized_len;
    while (slash > 0 && r->normalized[slash - 1] != '/')
        slash--;
    return slash > 0 && r->info.normalized_len - slash >= 9 &&
           memcmp(r->normalized + slash, "index.htm", 9) == 0;
}

static const char *kind_word(robots_rule_kind kind) {
    return kind == ROBOTS_RULE_ALLOW ? "Allow" : "Disallow";
}

/* Does s keep r from ever deciding, in a set where s comes at position
 * si and r at ri? */
static int shadows(lint *l, const rule_ref *s, size_t si, const rule_ref *r,
                   size_t ri) {
    if (l->profile == ROBOTS_PROFILE_LEGACY)
        return si < ri && covers_legacy(s, r);
    size_t sl = s->info.normalized_len, rl = r->info.normalized_len;
    robots_rule_kind sk = s->info.kind, rk = r->info.kind;
    if (sl < rl)
        return 0;
    if (sl == rl && sk != rk && sk != ROBOTS_RULE_ALLOW)
        return 0;
    if (!covers_glob(l, s->normalized, sl, r->normalized, rl))
        return 0;
    /* Equally long, same kind, each covering the other: only the later
     * one is redundant. */
    if (sl == rl && sk == rk && si > ri &&
        covers_glob(l, r->normalized, rl, s->normalized, sl))
        return 0;
    return 1;
}

static void report_shadow(lint *l, const rule_ref *r, const rule_ref *s,
                          const char *qualifier) {
    char rp[96], sp[96];
    site_quote(rp, sizeof rp, r->info.pattern, r->info.pattern_len);
    site_quote(sp, sizeof sp, s->info.pattern, s->info.pattern_len);
    size_t column = value_column(l, r->info.line);
    int same =
        r->info.kind == s->info.kind &&
        r->info.normalized_len == s->info.normalized_len &&
        memcmp(r->normalized, s->normalized, r->info.normalized_len) == 0;
    if (same) {
        add_own(l, r->info.line, column, ROBOTS_SEVERITY_WARNING,
                "duplicate-rule", "'%s: %s' repeats the rule at line %zu%s",
                kind_word(r->info.kind), rp, s->info.line, qualifier);
        return;
    }
    const char *what = "never decides", *why;
    if (l->profile == ROBOTS_PROFILE_LEGACY) {
        why = "comes first and matches every path it matches (the first "
              "match decides)";
    } else if (s->info.normalized_len > r->info.normalized_len) {
        why = "matches every path it matches with a longer pattern";
    } else if (s->info.kind != r->info.kind) {
        why = "matches every path it matches with a pattern as long, and "
              "Allow wins ties";
    } else {
        /* Either may be named as the deciding rule; the verdict is the
         * same without this one. */
        what = "changes no verdict";
        why = "matches every path it matches with a pattern as long and "
              "the same verdict";
    }
    add_own(l, r->info.line, column, ROBOTS_SEVERITY_WARNING, "shadowed-rule",
            "'%s: %s' %s: '%s: %s' at line %zu %s%s", kind_word(r->info.kind),
            rp, what, kind_word(s->info.kind), sp, s->info.line, why,
            qualifier);
}

/* Finds the rules of `set` (indexes into l->rules, file order) that never
 * decide, and reports those not reported yet. */
static void analyze_set(lint *l, const size_t *set, size_t n,
                        const char *qualifier) {
    for (size_t ri = 0; ri < n && !l->budget_spent; ri++) {
        const rule_ref *r = &l->rules[set[ri]];
        if (!spend(l, 1))
            return;
        if (l->reported[set[ri]] || never_matches(l->profile, r) ||
            google_index_quirk(l->profile, r))
            continue;
        if (l->profile == ROBOTS_PROFILE_LEGACY &&
            r->info.kind == ROBOTS_RULE_DISALLOW && r->info.normalized_len == 0)
            continue; /* "Disallow:" restricts nothing, on purpose */
        for (size_t si = 0; si < n; si++) {
            if (si == ri)
                continue;
            if (!spend(l, 1))
                return;
            const rule_ref *s = &l->rules[set[si]];
            if (never_matches(l->profile, s))
                continue;
            if (shadows(l, s, si, r, ri)) {
                l->reported[set[ri]] = 1;
                report_shadow(l, r, s, qualifier);
                break;
            }
        }
    }
}

static size_t group_rule_count(const lint *l, size_t g) {
    size_t groups = robots_group_count(l->doc);
    size_t end = g + 1 < groups ? l->group_first[g + 1] : l->rule_count;
    return end - l->group_first[g];
}

/* ---- agents ------------------------------------------------------------- */

static int lower(int c) {
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* The key an agent is merged by: its token, or "*". */
static void agent_key(const agent_ref *a, const char **key, size_t *len) {
    if (a->info.is_wildcard) {
        *key = "*";
        *len = 1;
    } else {
        *key = a->info.token;
        *len = a->info.token_len;
    }
}

static int compare_agents(const void *pa, const void *pb) {
    const agent_ref *a = pa, *b = pb;
    const char *ka, *kb;
    size_t la, lb;
    agent_key(a, &ka, &la);
    agent_key(b, &kb, &lb);
    size_t n = la < lb ? la : lb;
    for (size_t i = 0; i < n; i++) {
        int x = lower((unsigned char)ka[i]), y = lower((unsigned char)kb[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    if (la != lb)
        return la < lb ? -1 : 1;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    return a->info.line < b->info.line ? -1 : a->info.line > b->info.line;
}

static int contains_nocase(const char *hay, size_t hlen, const char *needle,
                           size_t nlen) {
    if (nlen > hlen)
        return 0;
    for (size_t i = 0; i + nlen <= hlen; i++) {
        size_t k = 0;
        while (k < nlen && lower((unsigned char)hay[i + k]) ==
                               lower((unsigned char)needle[k]))
            k++;
        if (k == nlen)
            return 1;
    }
    return 0;
}

/* legacy: a crawler obeys the first record naming a substring of its
 * name, so an agent that contains an earlier record's agent never selects
 * its record; a second '*' record is never used. */
static void legacy_records(lint *l, const agent_ref *agents, size_t n) {
    for (size_t k = 0; k < n && !l->budget_spent; k++) {
        const agent_ref *a = &agents[k];
        if (!a->info.is_wildcard && a->info.value_len == 0)
            continue;
        for (size_t e = 0; e < k; e++) {
            const agent_ref *b = &agents[e];
            if (b->group == a->group)
                break; /* agents are in file order */
            /* contains_nocase: at most (|a| + 1) * (|b| + 1) steps. */
            if (!spend(l, (unsigned long)(a->info.value_len + 1) *
                              (b->info.value_len + 1)))
                return;
            int hit;
            if (a->info.is_wildcard || b->info.is_wildcard)
                hit = a->info.is_wildcard && b->info.is_wildcard;
            else
                hit = b->info.value_len > 0 &&
                      contains_nocase(a->info.value, a->info.value_len,
                                      b->info.value, b->info.value_len);
            if (!hit)
                continue;
            char av[96], bv[96];
            site_quote(av, sizeof av, a->info.value, a->info.value_len);
            site_quote(bv, sizeof bv, b->info.value, b->info.value_len);
            size_t col = value_column(l, a->info.line);
            if (a->info.is_wildcard)
                add_own(l, a->info.line, col, ROBOTS_SEVERITY_WARNING,
                        "repeated-group",
                        "this '*' record is never used: the '*' record at "
                        "line %zu comes first, and records are not merged in "
                        "the 1996 draft",
                        b->info.line);
            else if (site_equal_nocase(a->info.value, a->info.value_len,
                                       b->info.value, b->info.value_len))
                add_own(l, a->info.line, col, ROBOTS_SEVERITY_WARNING,
                        "repeated-group",
                        "user-agent '%s' never selects this record: the "
                        "record at line %zu names it first, and records are "
                        "not merged in the 1996 draft",
                        av, b->info.line);
            else
                add_own(l, a->info.line, col, ROBOTS_SEVERITY_WARNING,
                        "repeated-group",
                        "user-agent '%s' never selects this record: a "
                        "crawler whose name contains it also contains '%s', "
                        "whose record at line %zu comes first",
                        av, bv, b->info.line);
            break;
        }
    }
}

/* rfc9309/google: groups naming the same agent are merged. Reports each
 * later group, then looks for shadowed rules in the merged rules. */
static int merged_groups(lint *l, agent_ref *agents, size_t n) {
    qsort(agents, n, sizeof *agents, compare_agents);
    size_t *set = NULL, set_cap = 0;
    for (size_t k = 0; k < n && !l->failed;) {
        const char *key;
        size_t klen;
        agent_key(&agents[k], &key, &klen);
        size_t end = k + 1;
        for (; end < n; end++) {
            const char *key2;
            size_t klen2;
            agent_key(&agents[end], &key2, &klen2);
            if (!site_equal_nocase(key, klen, key2, klen2))
                break;
        }
        if (klen == 0) { /* names no crawler: reported by the library */
            k = end;
            continue;
        }
        size_t first_group = agents[k].group;
        size_t groups = 1, rules = group_rule_count(l, first_group);
        char q[96], qualifier[200];
        site_quote(q, sizeof q, key, klen);
        for (size_t e = k + 1; e < end; e++) {
            if (agents[e].group == agents[e - 1].group)
                continue;
            groups++;
            rules += group_rule_count(l, agents[e].group);
            robots_group_info first;
            robots_group(l->doc, first_group, &first);
            add_own(l, agents[e].info.line,
                    value_column(l, agents[e].info.line),
                    ROBOTS_SEVERITY_WARNING, "repeated-group",
                    "user-agent '%s' is also named by the group at line "
                    "%zu; the two groups are merged (write them as one "
                    "group)",
                    q, first.line);
        }
        if (groups > 1 && spend(l, rules)) {
            if (rules > set_cap) {
                size_t *grown = realloc(set, rules * sizeof *set);
                if (grown == NULL) {
                    l->failed = 1;
                    break;
                }
                set = grown;
                set_cap = rules;
            }
            size_t m = 0;
            for (size_t e = k; e < end; e++) {
                if (e > k && agents[e].group == agents[e - 1].group)
                    continue;
                size_t g = agents[e].group;
                for (size_t r = 0; r < group_rule_count(l, g); r++)
                    set[m++] = l->group_first[g] + r;
            }
            snprintf(qualifier, sizeof qualifier,
                     " for user-agent '%s', whose groups are merged", q);
            analyze_set(l, set, m, qualifier);
        }
        k = end;
    }
    free(set);
    return !l->failed;
}

/* ---- the checks --------------------------------------------------------- */

static void literal_wildcards(lint *l) {
    for (size_t k = 0; k < l->rule_count; k++) {
        const robots_rule_info *r = &l->rules[k].info;
        const char *p = r->pattern;
        size_t len = r->pattern_len, at = len;
        for (size_t i = 0; i < len; i++) {
            int literal = l->profile == ROBOTS_PROFILE_LEGACY
                              ? (p[i] == '*' || p[i] == '$')
                              : (p[i] == '$' && i + 1 < len);
            if (literal) {
                at = i;
                break;
            }
        }
        if (at == len)
            continue;
        char q[96];
        site_quote(q, sizeof q, p, len);
        size_t col = value_column(l, r->line) + at;
        if (l->profile == ROBOTS_PROFILE_LEGACY)
            add_own(l, r->line, col, ROBOTS_SEVERITY_WARNING,
                    "literal-wildcard",
                    "'%c' in pattern '%s' is taken literally in the 1996 "
                    "draft (legacy profile): the rule matches only paths "
                    "that contain '%c' there",
                    p[at], q, p[at]);
        else
            add_own(l, r->line, col, ROBOTS_SEVERITY_WARNING,
                    "literal-wildcard",
                    "'$' in pattern '%s' is a literal '$': only a '$' at "
                    "the end of a pattern anchors it",
                    q);
    }
}

/* Every rule's normal form, which the checks compare pairwise: made once,
 * as the library keeps only the patterns as written. */
static int collect_normals(lint *l) {
    size_t bytes = 0;
    for (size_t k = 0; k < l->rule_count; k++)
        bytes += l->rules[k].info.normalized_len;
    /* Each is written with a NUL, which the next overwrites. */
    l->normals = malloc(bytes + 1);
    if (l->normals == NULL)
        return 0;
    size_t at = 0, groups = robots_group_count(l->doc);
    for (size_t g = 0; g < groups; g++) {
        size_t first = l->group_first[g], n = group_rule_count(l, g);
        for (size_t r = 0; r < n; r++) {
            size_t len = 0;
            robots_group_rule_normalized(l->doc, g, r, l->normals + at,
                                         bytes + 1 - at, &len);
            l->rules[first + r].normalized = l->normals + at;
            at += len;
        }
    }
    return 1;
}

static int collect(lint *l, agent_ref **agents_out, size_t *agent_count) {
    size_t groups = robots_group_count(l->doc);
    size_t rules = 0, agents = 0;
    for (size_t g = 0; g < groups; g++) {
        robots_group_info info;
        robots_group(l->doc, g, &info);
        rules += info.rule_count;
        agents += info.agent_count;
    }
    l->rules = malloc((rules ? rules : 1) * sizeof *l->rules);
    l->reported = calloc(rules ? rules : 1, 1);
    l->group_first = malloc((groups ? groups : 1) * sizeof *l->group_first);
    agent_ref *a = malloc((agents ? agents : 1) * sizeof *a);
    *agents_out = a;
    if (!l->rules || !l->reported || !l->group_first || !a)
        return 0;
    size_t rk = 0, ak = 0;
    for (size_t g = 0; g < groups; g++) {
        robots_group_info info;
        robots_group(l->doc, g, &info);
        l->group_first[g] = rk;
        for (size_t r = 0; r < info.rule_count; r++, rk++) {
            robots_group_rule(l->doc, g, r, &l->rules[rk].info);
            l->rules[rk].group = g;
        }
        for (size_t k = 0; k < info.agent_count; k++, ak++) {
            robots_group_agent(l->doc, g, k, &a[ak].info);
            a[ak].group = g;
        }
    }
    l->rule_count = rk;
    *agent_count = ak;
    return collect_normals(l);
}

/* A file the parse limit cut is always a past-parse-limit finding that
 * names the line and counts the lines not read (issue 19): the library's
 * diagnostic says so, and when the diagnostics were capped before it was
 * kept, lint makes it from robots_txt_cut(). It is made before lint's own
 * findings so that their cap never drops it. */
static void cut_finding(lint *l) {
    robots_cut_info cut;
    if (robots_txt_cut(l->doc, &cut) != ROBOTS_OK || !cut.truncated)
        return;
    for (size_t i = 0; i < l->found_count; i++)
        if (strcmp(l->found[i].code, "past-parse-limit") == 0)
            return;
    /* The message slot after lint's own and their two notes; the words
     * the library's diagnostic has, which count only what was read. */
    char *msg = l->messages + (LINT_MAX_OWN + 2) * LINT_MESSAGE_BYTES;
    if (cut.lines_not_read != ROBOTS_NOT_COUNTED)
        snprintf(msg, LINT_MESSAGE_BYTES,
                 "the file is longer than the parse limit of %zu bytes; its "
                 "last %zu lines (%zu bytes), from here on, are not read",
                 cut.limit, cut.lines_not_read, cut.bytes_not_read);
    else if (cut.bytes_not_read != ROBOTS_NOT_COUNTED)
        snprintf(msg, LINT_MESSAGE_BYTES,
                 "the file is longer than the parse limit of %zu bytes; its "
                 "last %zu bytes, from here on, are not read",
                 cut.limit, cut.bytes_not_read);
    else
        snprintf(msg, LINT_MESSAGE_BYTES,
                 "the file is longer than the parse limit of %zu bytes; the "
                 "rest of it, from here on, is not read",
                 cut.limit);
    finding *f = &l->found[l->found_count];
    f->line = cut.line;
    f->column = 1;
    f->severity = ROBOTS_SEVERITY_ERROR;
    f->code = "past-parse-limit";
    f->message = msg;
    f->message_len = strlen(msg);
    f->suggestion = NULL;
    f->suggestion_len = 0;
    f->order = l->found_count++;
}

static int run_checks(lint *l) {
    agent_ref *agents = NULL;
    size_t agent_count = 0;
    int ok = collect(l, &agents, &agent_count);
    if (ok) {
        literal_wildcards(l);
        size_t groups = robots_group_count(l->doc);
        size_t *set = malloc((l->rule_count ? l->rule_count : 1) * sizeof *set);
        ok = set != NULL;
        for (size_t g = 0; ok && g < groups && !l->budget_spent; g++) {
            size_t n = group_rule_count(l, g);
            for (size_t r = 0; r < n; r++)
                set[r] = l->group_first[g] + r;
            analyze_set(l, set, n, "");
        }
        free(set);
        if (ok && l->profile == ROBOTS_PROFILE_LEGACY)
            legacy_records(l, agents, agent_count);
        else if (ok)
            ok = merged_groups(l, agents, agent_count);
    }
    free(agents);
    int overflow = l->own_total > l->own_count;
    l->own_limit = LINT_MAX_OWN + 2;
    if (ok && l->budget_spent)
        add_own(l, 1, 1, ROBOTS_SEVERITY_NOTE, "analysis-limit",
                "the file has too many rules or agents for the shadowed-rule "
                "and repeated-group checks to finish; some are not reported");
    if (ok && overflow)
        add_own(l, 1, 1, ROBOTS_SEVERITY_NOTE, "too-many-diagnostics",
                "more than %zu findings of lint's own checks; the rest are "
                "not shown",
                (size_t)LINT_MAX_OWN);
    return ok;
}

/* ---- output ------------------------------------------------------------- */

typedef struct code_info {
    const char *code;
    const char *text;
} code_info;

/* lint's own checks; the library's diagnostics describe themselves
 * (robots_diag_kind_describe()). */
static const code_info descriptions[] = {
    {"shadowed-rule", "A rule that another rule always overrides, so that it "
                      "never decides a verdict."},
    {"duplicate-rule", "A rule repeated among the rules of the same agents."},
    {"repeated-group",
     "A group naming an agent that an earlier group already names."},
    {"literal-wildcard", "A '*' or '$' that the profile reads literally."},
    {"analysis-limit", "The whole-document checks stopped at their work "
                       "limit."},
};

static const char *own_codes[] = {"shadowed-rule", "duplicate-rule",
                                  "repeated-group", "literal-wildcard",
                                  "analysis-limit"};

static const char *describe_code(const char *code) {
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++) {
        robots_diag_kind_info info;
        if (robots_diag_kind_describe((robots_diag_kind)k, &info) ==
                ROBOTS_OK &&
            strcmp(info.name, code) == 0)
            return info.description;
    }
    for (size_t i = 0; i < sizeof descriptions / sizeof descriptions[0]; i++)
        if (strcmp(descriptions[i].code, code) == 0)
            return descriptions[i].text;
    return code;
}

#define SARIF_RULES                                                            \
    (ROBOTS_DIAG_KIND_LAST + 1 + sizeof own_codes / sizeof own_codes[0])

/* The rule ids of the SARIF run: the library's kinds, then lint's. */
static size_t sarif_rules(const char **ids) {
    size_t n = 0;
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++)
        ids[n++] = robots_diag_kind_name((robots_diag_kind)k);
    for (size_t i = 0; i < sizeof own_codes / sizeof own_codes[0]; i++)
        ids[n++] = own_codes[i];
    return n;
}

static void uri_text(FILE *out, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            (c >= '0' && c <= '9') || strchr("-._~/", c) != NULL)
            putc(c, out);
        else
            fprintf(out, "%%%02X", c);
    }
}

static void print_sarif(const lint *l, const char *path) {
    const char *ids[SARIF_RULES];
    size_t n = sarif_rules(ids);
    fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
          "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
          "\"name\":\"robots lint\",\"version\":\"" ROBOTS_VERSION_STRING "\","
          "\"informationUri\":\"https://www.rfc-editor.org/rfc/rfc9309\","
          "\"rules\":[",
          stdout);
    for (size_t i = 0; i < n; i++) {
        printf("%s{\"id\":\"%s\",\"shortDescription\":{\"text\":", i ? "," : "",
               ids[i]);
        const char *text = describe_code(ids[i]);
        cli_json_string(stdout, text, strlen(text));
        fputs("}}", stdout);
    }
    fputs("]}},\"artifacts\":[{\"location\":{\"uri\":\"", stdout);
    uri_text(stdout, path);
    printf("\"}}],\"properties\":{\"profile\":\"%s\"},\"results\":[",
           robots_profile_name(l->profile));
    for (size_t i = 0; i < l->found_count; i++) {
        const finding *f = &l->found[i];
        size_t index = 0;
        while (index < n && strcmp(ids[index], f->code) != 0)
            index++;
        printf("%s{\"ruleId\":\"%s\",", i ? "," : "", f->code);
        if (index < n)
            printf("\"ruleIndex\":%zu,", index);
        printf("\"level\":\"%s\",\"message\":{\"text\":",
               robots_severity_name(f->severity));
        cli_json_string(stdout, f->message, f->message_len);
        fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
              "{\"uri\":\"",
              stdout);
        uri_text(stdout, path);
        printf("\",\"index\":0},\"region\":{\"startLine\":%zu,"
               "\"startColumn\":%zu}}}]",
               f->line, f->column);
        if (f->suggestion != NULL) {
            fputs(",\"properties\":{\"suggestion\":", stdout);
            cli_json_string(stdout, f->suggestion, f->suggestion_len);
            putchar('}');
        }
        putchar('}');
    }
    fputs("]}]}\n", stdout);
}

static void print_json(const lint *l, const char *path, size_t counts[3]) {
    fputs("{\"file\":", stdout);
    cli_json_string(stdout, path, strlen(path));
    printf(",\"profile\":\"%s\",\"errors\":%zu,\"warnings\":%zu,"
           "\"notes\":%zu,\"diagnostics\":[",
           robots_profile_name(l->profile), counts[ROBOTS_SEVERITY_ERROR],
           counts[ROBOTS_SEVERITY_WARNING], counts[ROBOTS_SEVERITY_NOTE]);
    for (size_t i = 0; i < l->found_count; i++) {
        const finding *f = &l->found[i];
        printf("%s{\"line\":%zu,\"column\":%zu,\"severity\":\"%s\","
               "\"code\":\"%s\",\"message\":",
               i ? "," : "", f->line, f->column,
               robots_severity_name(f->severity), f->code);
        cli_json_string(stdout, f->message, f->message_len);
        fputs(",\"suggestion\":", stdout);
        if (f->suggestion != NULL)
            cli_json_string(stdout, f->suggestion, f->suggestion_len);
        else
            fputs("null", stdout);
        putchar('}');
    }
    fputs("]}\n", stdout);
}

static void print_text(const lint *l, const char *path, size_t counts[3]) {
    size_t plen = strlen(path);
    for (size_t i = 0; i < l->found_count; i++) {
        const finding *f = &l->found[i];
        cli_print_escaped(stdout, path, plen);
        printf(":%zu:%zu: %s: ", f->line, f->column,
               robots_severity_name(f->severity));
        cli_print_escaped(stdout, f->message, f->message_len);
        printf(" [%s]\n", f->code);
    }
    if (l->found_count > 0)
        printf("%zu error%s, %zu warning%s, %zu note%s\n",
               counts[ROBOTS_SEVERITY_ERROR],
               counts[ROBOTS_SEVERITY_ERROR] == 1 ? "" : "s",
               counts[ROBOTS_SEVERITY_WARNING],
               counts[ROBOTS_SEVERITY_WARNING] == 1 ? "" : "s",
               counts[ROBOTS_SEVERITY_NOTE],
               counts[ROBOTS_SEVERITY_NOTE] == 1 ? "" : "s");
}

static int compare_findings(const void *pa, const void *pb) {
    const finding *a = pa, *b = pb;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->column != b->column)
        return a->column < b->column ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

enum lint_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF };

static int lint_file(const char *path, const robots_options *options,
                     enum lint_format format, int strict) {
    lint l;
    memset(&l, 0, sizeof l);
    cli_buffer body;
    robots_txt *doc = NULL;
    if (!site_load(path, options, &doc, &body))
        return EXIT_USAGE;
    l.doc = doc;
    l.profile = options->profile;
    l.body = body.data;
    l.body_len = body.len;
    l.own_limit = LINT_MAX_OWN;
    size_t lib = robots_diagnostic_count(doc);
    /* The library's findings, lint's own (at most LINT_MAX_OWN), two
     * notes about limits and the cut file's finding. */
    size_t cap = lib + LINT_MAX_OWN + 3;
    l.found = malloc(cap * sizeof *l.found);
    l.messages = malloc((LINT_MAX_OWN + 3) * LINT_MESSAGE_BYTES);
    int ok = l.found != NULL && l.messages != NULL && index_lines(&l);
    for (size_t i = 0; ok && i < lib; i++) {
        robots_diagnostic_info d;
        robots_diagnostic(doc, i, &d);
        finding *f = &l.found[l.found_count];
        f->line = d.line ? d.line : 1;
        f->column = d.column ? d.column : 1;
        f->severity = d.severity;
        f->code = robots_diag_kind_name(d.kind);
        if (f->code == NULL)
            f->code = "unknown";
        f->message = d.message;
        f->message_len = d.message_len;
        f->suggestion = d.suggestion;
        f->suggestion_len = d.suggestion ? d.suggestion_len : 0;
        f->order = l.found_count++;
    }
    if (ok)
        cut_finding(&l);
    if (ok)
        ok = run_checks(&l);
    int rc = EXIT_USAGE;
    if (ok) {
        qsort(l.found, l.found_count, sizeof *l.found, compare_findings);
        size_t counts[3] = {0, 0, 0};
        for (size_t i = 0; i < l.found_count; i++)
            if ((unsigned)l.found[i].severity < 3)
                counts[l.found[i].severity]++;
        if (format == FORMAT_SARIF)
            print_sarif(&l, path);
        else if (format == FORMAT_JSON)
            print_json(&l, path, counts);
        else
            print_text(&l, path, counts);
        rc = counts[ROBOTS_SEVERITY_ERROR] ||
                     (strict && counts[ROBOTS_SEVERITY_WARNING])
                 ? EXIT_DISALLOWED
                 : EXIT_ALLOWED;
    } else {
        cli_error("%s: out of memory", path);
    }
    free(l.line_starts);
    free(l.rules);
    free(l.normals);
    free(l.reported);
    free(l.group_first);
    free(l.found);
    free(l.messages);
    cli_buffer_free(&body);
    robots_free(doc);
    return rc;
}

int cli_cmd_lint(int argc, char **argv) {
    robots_options options;
    robots_options_init(&options);
    enum lint_format format = FORMAT_TEXT;
    int strict = 0;
    int i = 1;
    for (; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        int r, rc;
        if (strcmp(arg, "--strict") == 0) {
            strict = 1;
        } else if (strcmp(arg, "--json") == 0) {
            format = FORMAT_JSON;
        } else if ((r = cli_option_value(argc, argv, &i, "--format", &value))) {
            if (r < 0)
                return EXIT_USAGE;
            if (strcmp(value, "text") == 0)
                format = FORMAT_TEXT;
            else if (strcmp(value, "json") == 0)
                format = FORMAT_JSON;
            else if (strcmp(value, "sarif") == 0)
                format = FORMAT_SARIF;
            else
                return cli_error("lint: unknown format '%s' (text, json or "
                                 "sarif)",
                                 value);
        } else {
            enum site_opt s =
                site_option(argc, argv, &i, "lint", lint_usage, &options, &rc);
            if (s == SITE_OPT_EXIT)
                return rc;
            if (s == SITE_OPT_ARGS)
                break;
        }
    }
    if (i >= argc)
        return cli_error("lint: missing FILE (see robots lint --help)");
    if (i + 1 < argc)
        return cli_error("lint: one FILE only; '%s' is extra", argv[i + 1]);
    int rc = lint_file(argv[i], &options, format, strict);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    return rc;
}
