/* SPDX-License-Identifier: MIT */
/*
 * lint_fix.c - `robots lint --fix`: writes a corrected robots.txt for the
 * mechanical findings of the library (a typo key, a line without a colon,
 * a byte order mark encoded twice, an exact duplicate rule), and writes a
 * fix only once an experiment with the library's own verdicts proves it.
 *
 * The proof: paths made from the rules of the file before and after the
 * fix (robots_rule_example_path(), each '*' read as a few sample strings,
 * each path with a child and its directory, and "/"), checked for every
 * agent the two files name, an agent they do not name and common
 * crawlers, before and after. Every verdict must be the same, except one
 * the fix is meant to change: a fixed line now read decides it, or names
 * an agent of the group that decides it (a typo key fixed into Disallow
 * is meant to change verdicts, and the report says how many). A fix that
 * fails is not written and is reported with a verdict it would change.
 * Rules before any user-agent are flagged, never moved: placing them in a
 * group changes who they apply to, which is the site owner's choice.
 * This file decides nothing about the robots.txt: the library reads it,
 * finds the mistakes (their suggestion included) and gives every verdict.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp(), fdopen(), close() */
#include "lint_fix.h"

#include "site.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A byte order mark read as Latin-1 and saved as UTF-8 again
 * (ROBOTS_DIAG_BOM_ENCODED_TWICE): what the fix takes away. */
static const char bom_twice[] = "\xC3\xAF\xC2\xBB\xC2\xBF";
#define BOM_TWICE_LEN 6

/* Agents every proof checks besides the ones the file names: an agent no
 * file names (so the `*` groups, or none, answer) and common crawlers. */
static const char *const proof_crawlers[] = {
    "robots-lint-fix-unnamed-agent",
    "Googlebot",
    "Bingbot",
    "GPTBot",
    "ClaudeBot",
    "Applebot",
    "DuckDuckBot",
    "YandexBot",
    "Baiduspider",
    "CCBot",
};
#define PROOF_CRAWLERS (sizeof proof_crawlers / sizeof proof_crawlers[0])

/* What each '*' of a pattern is read as in the paths of a proof. */
static const char *const proof_fills[] = {"", "x", "a/b.html"};
#define PROOF_FILLS (sizeof proof_fills / sizeof proof_fills[0])

enum fix_state { FIX_CANDIDATE, FIX_PROVEN, FIX_FAILED, FIX_LEFT };

typedef struct fix {
    size_t line; /* of the original file, 1-based */
    robots_diag_kind kind;
    size_t related_line;
    int deletes;     /* the line goes; else `text` replaces its content */
    int intended;    /* the fix makes the line read: its verdicts may move */
    char *text;      /* the new content, without the end of line */
    size_t text_len; /* (malloc'd; NULL when deletes) */
    enum fix_state state;
    size_t changes; /* verdicts it changes, all intended */
    char why[512];  /* a left or failed fix: why */
} fix;

typedef struct source_line {
    size_t at, len, eol_len;
} source_line;

typedef struct fixer {
    const char *path;
    robots_options options; /* parse_limit 0: the whole file is read */
    const char *body;
    size_t body_len;
    source_line *lines;
    size_t line_count;
    fix *fixes;
    size_t fix_count;
    size_t *by_line; /* [line]: 1 + the index of its fix not left, or 0 */
    /* The check budget (lint_fix.h) still unspent, the proofs made, and
     * whether a proof was refused for want of budget. */
    size_t budget, bytes_budget, proofs;
    int spent;
    /* One proof's scratch. */
    char *url;
    robots_str *paths;
    size_t path_count, path_cap;
    char *path_bytes;
    size_t path_bytes_len, path_bytes_cap;
    robots_str *agents;
    size_t agent_count, agent_cap;
    /* The first of the paths and agents: base_proof()'s. */
    size_t base_paths, base_path_bytes, base_agents;
    size_t *per_line; /* changes by original line, of the last proof */
    size_t *counted;  /* per_line of the last proof that held */
    /* By original line: READ_AS_RULE, READ_AS_AGENT as the original reads
     * it (base_proof()). */
    unsigned char *read_before;
} fixer;

/* ---- the corrected file ------------------------------------------------- */

/* The file with the fixes marked active (state FIX_PROVEN, plus `trial`
 * when not NULL), and for each of its lines the original line
 * (orig[1..lines]). */
typedef struct fixed_file {
    char *data;
    size_t len;
    size_t *orig;
    size_t lines;
} fixed_file;

/* The fix active on a line: the line's one fix not left (by_line), when
 * it is proven or on trial. O(1), so that a build is O(lines). */
static const fix *fix_of_line(const fixer *f, size_t line, const fix *trial) {
    const fix *x = f->by_line[line] ? &f->fixes[f->by_line[line] - 1] : NULL;
    return x != NULL && (x->state == FIX_PROVEN || x == trial) ? x : NULL;
}

static int build(const fixer *f, const fix *trial, fixed_file *out) {
    size_t cap = f->body_len + 1;
    for (size_t i = 0; i < f->fix_count; i++)
        cap += f->fixes[i].text_len;
    out->data = malloc(cap);
    out->orig = malloc((f->line_count + 2) * sizeof *out->orig);
    out->len = 0;
    out->lines = 0;
    if (out->data == NULL || out->orig == NULL)
        return 0;
    out->orig[0] = 0;
    for (size_t i = 0; i < f->line_count; i++) {
        const source_line *s = &f->lines[i];
        const fix *x = fix_of_line(f, i + 1, trial);
        if (x != NULL && x->deletes)
            continue;
        if (x != NULL) {
            memcpy(out->data + out->len, x->text, x->text_len);
            out->len += x->text_len;
        } else {
            memcpy(out->data + out->len, f->body + s->at, s->len);
            out->len += s->len;
        }
        memcpy(out->data + out->len, f->body + s->at + s->len, s->eol_len);
        out->len += s->eol_len;
        out->orig[++out->lines] = i + 1;
    }
    return 1;
}

static void fixed_file_free(fixed_file *ff) {
    free(ff->data);
    free(ff->orig);
    memset(ff, 0, sizeof *ff);
}

/* ---- the proof ---------------------------------------------------------- */

static int add_path(fixer *f, const char *p, size_t len) {
    if (f->path_count == f->path_cap) {
        size_t cap = f->path_cap ? 2 * f->path_cap : 256;
        robots_str *grown = realloc(f->paths, cap * sizeof *grown);
        if (grown == NULL)
            return 0;
        f->paths = grown;
        f->path_cap = cap;
    }
    if (len > f->path_bytes_cap - f->path_bytes_len) {
        size_t cap = 2 * (f->path_bytes_cap + len) + 4096;
        char *grown = malloc(cap);
        if (grown == NULL)
            return 0;
        /* Paths point into the bytes: move them with the bytes. */
        if (f->path_bytes_len > 0)
            memcpy(grown, f->path_bytes, f->path_bytes_len);
        for (size_t i = 0; i < f->path_count; i++)
            f->paths[i].ptr = grown + (f->paths[i].ptr - f->path_bytes);
        free(f->path_bytes);
        f->path_bytes = grown;
        f->path_bytes_cap = cap;
    }
    memcpy(f->path_bytes + f->path_bytes_len, p, len);
    f->paths[f->path_count].ptr = f->path_bytes + f->path_bytes_len;
    f->paths[f->path_count].len = len;
    f->path_bytes_len += len;
    f->path_count++;
    return 1;
}

/* What a line of the original is read as (fixer.read_before). */
#define READ_AS_RULE 1u
#define READ_AS_AGENT 2u

/* 1 when line `line` of doc gives a rule (what READ_AS_RULE) or an agent
 * (READ_AS_AGENT) the original does not already give: doc is the original
 * (ff NULL: each is, and its line is marked), or the line is one a fix
 * rewrote, or its original line was not read as that (a rule once before
 * any user-agent, now in the group a fixed line starts). */
static int new_in_fixed(fixer *f, const fixed_file *ff,
                        const unsigned char *intended, size_t line,
                        unsigned what) {
    if (ff == NULL) {
        if (line > 0 && line <= f->line_count)
            f->read_before[line] |= (unsigned char)what;
        return 1;
    }
    if (line == 0 || line > ff->lines)
        return 1;
    size_t orig = ff->orig[line];
    return intended[orig] || !(f->read_before[orig] & what);
}

/* Each rule's example path for each fill, with a child and its directory;
 * of a fixed file, only its rules new_in_fixed(). */
static int add_rule_paths(fixer *f, const robots_txt *doc, const fixed_file *ff,
                          const unsigned char *intended) {
    size_t rules = robots_rule_count(doc);
    for (size_t r = 0; r < rules; r++) {
        robots_rule_info ri;
        if (robots_rule(doc, r, &ri) != ROBOTS_OK ||
            !new_in_fixed(f, ff, intended, ri.line, READ_AS_RULE))
            continue;
        for (size_t k = 0; k < PROOF_FILLS; k++) {
            size_t n = 0;
            const char *fill = proof_fills[k];
            if (robots_rule_example_path(doc, r, fill, strlen(fill), f->url,
                                         ROBOTS_MAX_URL_BYTES - 2,
                                         &n) != ROBOTS_OK)
                continue;
            size_t dir = n;
            while (dir > 0 && f->url[dir - 1] != '/')
                dir--;
            if (!add_path(f, f->url, n) ||
                (dir > 0 && !add_path(f, f->url, dir)))
                return 0;
            /* A child: "/a/" gives "/a/x", "/a" gives "/a/x". */
            const char *child = n > 0 && f->url[n - 1] == '/' ? "x" : "/x";
            size_t child_len = strlen(child);
            memcpy(f->url + n, child, child_len);
            if (!add_path(f, f->url, n + child_len))
                return 0;
        }
    }
    return 1;
}

static int compare_str(const void *pa, const void *pb) {
    const robots_str *a = pa, *b = pb;
    size_t n = a->len < b->len ? a->len : b->len;
    int c = n ? memcmp(a->ptr, b->ptr, n) : 0;
    return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Sorts the list and drops exact repeats. */
static size_t unique(robots_str *list, size_t count) {
    if (count == 0)
        return 0;
    qsort(list, count, sizeof *list, compare_str);
    size_t kept = 1;
    for (size_t i = 1; i < count; i++)
        if (compare_str(&list[kept - 1], &list[i]) != 0)
            list[kept++] = list[i];
    return kept;
}

static int add_agent(fixer *f, const char *name, size_t len) {
    if (f->agent_count == f->agent_cap) {
        size_t cap = f->agent_cap ? 2 * f->agent_cap : 64;
        robots_str *grown = realloc(f->agents, cap * sizeof *grown);
        if (grown == NULL)
            return 0;
        f->agents = grown;
        f->agent_cap = cap;
    }
    f->agents[f->agent_count].ptr = name;
    f->agents[f->agent_count].len = len;
    f->agent_count++;
    return 1;
}

/* Every agent a group of doc names, as the library reads its line; of a
 * fixed file, only those new_in_fixed(). */
static int add_named_agents(fixer *f, const robots_txt *doc,
                            const fixed_file *ff,
                            const unsigned char *intended) {
    size_t groups = robots_group_count(doc);
    for (size_t g = 0; g < groups; g++) {
        robots_group_info gi;
        if (robots_group(doc, g, &gi) != ROBOTS_OK)
            continue;
        for (size_t a = 0; a < gi.agent_count; a++) {
            robots_agent_info ai;
            if (robots_group_agent(doc, g, a, &ai) != ROBOTS_OK ||
                ai.is_wildcard || ai.token_len == 0 ||
                ai.token_len > ROBOTS_MAX_AGENT_BYTES ||
                !new_in_fixed(f, ff, intended, ai.line, READ_AS_AGENT))
                continue;
            if (!add_agent(f, ai.token, ai.token_len))
                return 0;
        }
    }
    return 1;
}

/* 1 when a changed verdict is one the active fixes mean to change: its
 * deciding rule, or an agent line of its group, is on a line a fix makes
 * read. The line is put in *line. */
static int intended_change(const fixed_file *ff, const unsigned char *intended,
                           const robots_txt *after, const robots_verdict *v,
                           size_t *line) {
    if (v->rule_line > 0 && v->rule_line <= ff->lines &&
        intended[ff->orig[v->rule_line]]) {
        *line = ff->orig[v->rule_line];
        return 1;
    }
    robots_group_info gi;
    if (v->group == ROBOTS_NO_POSITION ||
        robots_group(after, v->group, &gi) != ROBOTS_OK)
        return 0;
    for (size_t a = 0; a < gi.agent_count; a++) {
        robots_agent_info ai;
        if (robots_group_agent(after, v->group, a, &ai) == ROBOTS_OK &&
            ai.line > 0 && ai.line <= ff->lines &&
            intended[ff->orig[ai.line]]) {
            *line = ff->orig[ai.line];
            return 1;
        }
    }
    return 0;
}

static void say_verdict(char *buf, size_t cap, const robots_verdict *v,
                        const fixed_file *ff) {
    size_t line = v->rule_line;
    if (ff != NULL && line > 0 && line <= ff->lines)
        line = ff->orig[line];
    if (line > 0)
        snprintf(buf, cap, "%s by line %zu",
                 v->allowed ? "allowed" : "disallowed", line);
    else
        snprintf(buf, cap, "%s (%s)", v->allowed ? "allowed" : "disallowed",
                 robots_reason_name(v->reason));
}

/* What every proof checks: "/" and the paths of the original's rules, its
 * agents and the common crawlers, each once; made once, as they are the
 * same for every proof. */
static int base_proof(fixer *f, const robots_txt *before) {
    int ok = add_path(f, "/", 1) && add_rule_paths(f, before, NULL, NULL) &&
             add_named_agents(f, before, NULL, NULL);
    for (size_t i = 0; ok && i < PROOF_CRAWLERS; i++)
        ok = add_agent(f, proof_crawlers[i], strlen(proof_crawlers[i]));
    f->base_paths = unique(f->paths, f->path_count);
    f->base_path_bytes = f->path_bytes_len;
    f->base_agents = unique(f->agents, f->agent_count);
    return ok;
}

static const char budget_spent[] =
    "not tried: the check budget of lint --fix is spent (run --fix again "
    "on its output)";

/* Proves the fixes that built `ff` (the intended lines marked): 1 when
 * every verdict is unchanged or meant to change, with f->per_line counting
 * the changes; else 0 and `why` says what failed. */
static int prove(fixer *f, const robots_txt *before, const fixed_file *ff,
                 const unsigned char *intended, char *why, size_t why_cap) {
    robots_txt *after = NULL;
    if (robots_parse(ff->data, ff->len, &f->options, &after) != ROBOTS_OK) {
        snprintf(why, why_cap, "the fixed file could not be parsed");
        return 0;
    }
    /* The original's paths and agents (base_proof()), and the fixed file's
     * that the original does not give (new_in_fixed()): on a line a fix
     * rewrote, or read otherwise than before. A repeat among those added
     * costs a verdict, never a wrong one. */
    f->path_count = f->base_paths;
    f->path_bytes_len = f->base_path_bytes;
    f->agent_count = f->base_agents;
    if (!add_rule_paths(f, after, ff, intended) ||
        !add_named_agents(f, after, ff, intended)) {
        robots_free(after);
        snprintf(why, why_cap, "out of memory");
        return 0;
    }
    size_t checks = 2 * f->path_count * f->agent_count;
    if (f->path_count > LINT_FIX_MAX_CHECKS || checks > LINT_FIX_MAX_CHECKS) {
        robots_free(after);
        snprintf(why, why_cap,
                 "not proven: %zu agents and %zu paths are more verdicts "
                 "than the proof may ask",
                 f->agent_count, f->path_count);
        return 0;
    }
    if (checks > f->budget) {
        robots_free(after);
        f->spent = 1;
        snprintf(why, why_cap, "%s", budget_spent);
        return 0;
    }
    f->budget -= checks;
    memset(f->per_line, 0, (f->line_count + 2) * sizeof *f->per_line);
    int ok = 1;
    for (size_t a = 0; ok && a < f->agent_count; a++)
        for (size_t p = 0; ok && p < f->path_count; p++) {
            const robots_str *ag = &f->agents[a], *pa = &f->paths[p];
            robots_verdict was, now;
            robots_status s1 = robots_check_agent(before, ag->ptr, ag->len,
                                                  pa->ptr, pa->len, &was);
            robots_status s2 = robots_check_agent(after, ag->ptr, ag->len,
                                                  pa->ptr, pa->len, &now);
            if (s1 != ROBOTS_OK && s1 == s2)
                continue;
            size_t line = 0;
            if (s1 == ROBOTS_OK && s2 == ROBOTS_OK &&
                (was.allowed == now.allowed ||
                 intended_change(ff, intended, after, &now, &line))) {
                if (was.allowed != now.allowed)
                    f->per_line[line]++;
                continue;
            }
            char b[96], n[96], quoted_agent[80], quoted_path[160];
            say_verdict(b, sizeof b, &was, NULL);
            say_verdict(n, sizeof n, &now, ff);
            site_quote(quoted_agent, sizeof quoted_agent, ag->ptr, ag->len);
            site_quote(quoted_path, sizeof quoted_path, pa->ptr, pa->len);
            if (s1 != ROBOTS_OK || s2 != ROBOTS_OK)
                snprintf(why, why_cap,
                         "the proof failed: agent '%s', path '%s' is checked "
                         "in one file and not the other",
                         quoted_agent, quoted_path);
            else
                snprintf(why, why_cap,
                         "the proof failed: agent '%s', path '%s' was %s, "
                         "would be %s",
                         quoted_agent, quoted_path, b, n);
            ok = 0;
        }
    robots_free(after);
    return ok;
}

/* Builds and proves the active fixes plus `trial`. */
static int try_fixes(fixer *f, const robots_txt *before, const fix *trial,
                     char *why, size_t why_cap) {
    /* A proof builds and parses a file of about the body's length: charged
     * before it is made, so that the budget bounds the work whatever the
     * proofs find. */
    if (f->spent || f->body_len + 1 > f->bytes_budget) {
        f->spent = 1;
        snprintf(why, why_cap, "%s", budget_spent);
        return 0;
    }
    f->bytes_budget -= f->body_len + 1;
    f->proofs++;
    /* Zeroed: freed below even when build() was never called. */
    fixed_file ff = {0};
    unsigned char *intended = calloc(f->line_count + 2, 1);
    if (intended == NULL || !build(f, trial, &ff)) {
        free(intended);
        fixed_file_free(&ff);
        snprintf(why, why_cap, "out of memory");
        return 0;
    }
    for (size_t i = 0; i < f->fix_count; i++) {
        const fix *x = &f->fixes[i];
        if ((x->state == FIX_PROVEN || x == trial) && x->intended)
            intended[x->line] = 1;
    }
    int ok = prove(f, before, &ff, intended, why, why_cap);
    if (ok) {
        /* What the last proof that held counted is what the file written
         * changes: the fixes proven are exactly the ones it proved. */
        size_t *held = f->counted;
        f->counted = f->per_line;
        f->per_line = held;
    }
    free(intended);
    fixed_file_free(&ff);
    return ok;
}

/* ---- the fixes ---------------------------------------------------------- */

static fix *new_fix(fixer *f, const robots_diagnostic_info *d) {
    fix *x = &f->fixes[f->fix_count++];
    memset(x, 0, sizeof *x);
    x->line = d->line;
    x->kind = d->kind;
    x->related_line = d->related_line;
    x->state = FIX_CANDIDATE;
    if (f->by_line[d->line] != 0) {
        x->state = FIX_LEFT;
        snprintf(x->why, sizeof x->why,
                 "another fix changes this line: run --fix again");
    }
    return x;
}

/* The new content: the line's bytes [0, from), `insert`, then [to, len). */
static int splice(fix *x, const char *line, size_t len, size_t from, size_t to,
                  const char *insert, size_t insert_len) {
    x->text_len = from + insert_len + (len - to);
    x->text = malloc(x->text_len + 1);
    if (x->text == NULL)
        return 0;
    memcpy(x->text, line, from);
    memcpy(x->text + from, insert, insert_len);
    memcpy(x->text + from + insert_len, line + to, len - to);
    return 1;
}

/* The key the library read on the finding's line (its key_offset and
 * key_len), as [*from, *to) of the line; 0 when it gives none there. */
static int key_span(const source_line *s, const robots_diagnostic_info *d,
                    size_t *from, size_t *to) {
    if (d->key_len == 0 || d->key_offset < s->at ||
        d->key_offset - s->at > s->len ||
        d->key_len > s->len - (d->key_offset - s->at))
        return 0;
    *from = d->key_offset - s->at;
    *to = *from + d->key_len;
    return 1;
}

/* A finding --fix acts on, made into a fix (or one left, saying why). */
static int add_finding(fixer *f, const robots_diagnostic_info *d) {
    if (d->line == 0 || d->line > f->line_count)
        return 1;
    const source_line *s = &f->lines[d->line - 1];
    const char *line = f->body + s->at;
    char sugg[64];
    int has_suggestion = d->suggestion != NULL && d->suggestion_len > 0 &&
                         d->suggestion_len + 1 < sizeof sugg;
    if (has_suggestion) {
        memcpy(sugg, d->suggestion, d->suggestion_len);
        sugg[d->suggestion_len] = '\0';
    }
    fix *x;
    switch (d->kind) {
    case ROBOTS_DIAG_BOM_ENCODED_TWICE:
        x = new_fix(f, d);
        x->intended = 1;
        if (x->state == FIX_CANDIDATE &&
            (s->len < BOM_TWICE_LEN ||
             memcmp(line, bom_twice, BOM_TWICE_LEN) != 0)) {
            x->state = FIX_LEFT;
            snprintf(x->why, sizeof x->why,
                     "the six bytes are not at its start");
        }
        return x->state != FIX_CANDIDATE ||
               splice(x, line, s->len, 0, BOM_TWICE_LEN, "", 0);
    case ROBOTS_DIAG_TYPO_KEY: {
        x = new_fix(f, d);
        x->intended = 1;
        size_t from = 0, to = 0;
        if (x->state == FIX_CANDIDATE &&
            (!has_suggestion || !key_span(s, d, &from, &to))) {
            x->state = FIX_LEFT;
            snprintf(x->why, sizeof x->why,
                     "the library suggests no key for it");
        }
        return x->state != FIX_CANDIDATE ||
               splice(x, line, s->len, from, to, sugg, d->suggestion_len);
    }
    case ROBOTS_DIAG_MISSING_COLON: {
        x = new_fix(f, d);
        x->intended = 1;
        /* The library's key is the line's first word; a word much longer
         * than the key it suggests holds the value too ("Disallow/x"),
         * and where the key ends in it is not known. */
        size_t from = 0, to = 0;
        int has_key = key_span(s, d, &from, &to);
        if (x->state == FIX_CANDIDATE && (!has_suggestion || !has_key ||
                                          to - from > d->suggestion_len + 2)) {
            x->state = FIX_LEFT;
            snprintf(x->why, sizeof x->why,
                     has_suggestion ? "where its key ends is not clear"
                                    : "the library suggests no key for it");
        }
        if (x->state != FIX_CANDIDATE)
            return 1;
        /* has_suggestion left room for the colon and the NUL. */
        sugg[d->suggestion_len] = ':';
        sugg[d->suggestion_len + 1] = '\0';
        return splice(x, line, s->len, from, to, sugg, d->suggestion_len + 1);
    }
    case ROBOTS_DIAG_DUPLICATE_RULE:
        x = new_fix(f, d);
        x->deletes = 1;
        return 1;
    default:
        return 1;
    }
}

/* ---- output ------------------------------------------------------------- */

static int write_all(FILE *out, const fixed_file *ff) {
    return fwrite(ff->data, 1, ff->len, out) == ff->len && fflush(out) == 0 &&
           !ferror(out);
}

static int write_output(const char *path, const char *output, int in_place,
                        const fixed_file *ff) {
    if (in_place) {
        /* The file keeps what a web server needs to serve it: a
         * replacement with mkstemp()'s mode 0600 could answer 403, which
         * crawlers read as "allow everything" (RFC 9309 section 2.3.1.3).
         * A symbolic link would be replaced by the file, not followed:
         * refused, with the path to give instead. */
        struct stat st;
        if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            cli_error("%s: --in-place needs a regular file (not a symbolic "
                      "link); give its real path, or use --output",
                      path);
            return 0;
        }
        size_t n = strlen(path);
        char *tmp = malloc(n + 16);
        if (tmp == NULL) {
            cli_error("%s: out of memory", path);
            return 0;
        }
        memcpy(tmp, path, n);
        memcpy(tmp + n, ".fix-XXXXXX", 12);
        int fd = mkstemp(tmp);
        if (fd < 0) {
            cli_error("%s: cannot create a temporary file beside it", path);
            free(tmp);
            return 0;
        }
        FILE *out = fdopen(fd, "wb");
        /* The owner's mode bits, set before a byte is written; on disk
         * before the rename, so that a crash leaves the old file or the
         * new one, never an empty one. */
        int ok = fchmod(fd, st.st_mode & 07777) == 0 && out != NULL &&
                 write_all(out, ff) && fsync(fd) == 0;
        ok = (out != NULL ? fclose(out) == 0 : close(fd) == 0) && ok;
        if (ok && rename(tmp, path) != 0)
            ok = 0;
        if (!ok) {
            (void)remove(tmp); /* best effort: the error said is the write's */
            cli_error("%s: write error; the file is unchanged", path);
        }
        free(tmp);
        return ok;
    }
    if (output == NULL || strcmp(output, "-") == 0) {
        if (!write_all(stdout, ff)) {
            cli_error("stdout: write error");
            return 0;
        }
        return 1;
    }
    FILE *out = fopen(output, "wb");
    if (out == NULL) {
        cli_error("%s: cannot write", output);
        return 0;
    }
    int ok = write_all(out, ff);
    ok = fclose(out) == 0 && ok;
    if (!ok)
        cli_error("%s: write error", output);
    return ok;
}

static void report(const fixer *f, const fix *x) {
    const char *code = robots_diag_kind_name(x->kind);
    char shown[80];
    fprintf(stderr, "%s:%zu: ", f->path, x->line);
    if (x->state != FIX_PROVEN) {
        fprintf(stderr, "not fixed [%s]: %s\n", code, x->why);
        return;
    }
    if (x->deletes) {
        fprintf(stderr,
                "fixed [%s]: removed, it repeats line %zu; no verdict "
                "changes\n",
                code, x->related_line);
        return;
    }
    site_quote(shown, sizeof shown, x->text, x->text_len);
    fprintf(stderr, "fixed [%s]: now '%s'; ", code, shown);
    if (x->changes > 0)
        fprintf(stderr,
                "intended: %zu verdict%s checked change%s, each decided by "
                "this line or its group\n",
                x->changes, x->changes == 1 ? "" : "s",
                x->changes == 1 ? "s" : "");
    else
        fputs("no verdict checked changes\n", stderr);
}

/* Rules the fixed file still holds before any user-agent: flagged. */
static size_t report_outside(const fixer *f, const fixed_file *ff) {
    robots_txt *doc = NULL;
    size_t left = 0;
    if (robots_parse(ff->data, ff->len, &f->options, &doc) != ROBOTS_OK)
        return 0;
    size_t n = robots_diagnostic_count(doc);
    for (size_t i = 0; i < n; i++) {
        robots_diagnostic_info d;
        if (robots_diagnostic(doc, i, &d) != ROBOTS_OK ||
            d.kind != ROBOTS_DIAG_RULE_OUTSIDE_GROUP || d.line == 0 ||
            d.line > ff->lines)
            continue;
        fprintf(stderr,
                "%s:%zu: not fixed [rule-outside-group]: a rule before any "
                "User-agent line is ignored; moving it into a group would "
                "change who it applies to: choose the group by hand\n",
                f->path, ff->orig[d.line]);
        left++;
    }
    robots_free(doc);
    return left;
}

/* ---- the command -------------------------------------------------------- */

static void split_lines(fixer *f) {
    site_lines it;
    const char *line;
    size_t len;
    site_lines_init(&it, f->body, f->body_len);
    while (site_lines_next(&it, &line, &len)) {
        source_line *s = &f->lines[f->line_count++];
        s->at = (size_t)(line - f->body);
        s->len = len;
        s->eol_len = it.pos - s->at - len;
    }
}

/* A finding made into a fix, indexed by its line when it is not left. */
static int add_indexed(fixer *f, const robots_diagnostic_info *d) {
    size_t count = f->fix_count;
    if (!add_finding(f, d))
        return 0;
    if (f->fix_count > count && f->fixes[count].state != FIX_LEFT)
        f->by_line[f->fixes[count].line] = count + 1;
    return 1;
}

static int gather(fixer *f, const robots_txt *doc,
                  const robots_analysis *analysis) {
    size_t parse = robots_diagnostic_count(doc);
    size_t own = robots_analysis_count(analysis);
    f->fixes = calloc(parse + own + 1, sizeof *f->fixes);
    if (f->fixes == NULL)
        return 0;
    for (size_t i = 0; i < parse; i++) {
        robots_diagnostic_info d;
        if (robots_diagnostic(doc, i, &d) == ROBOTS_OK && !add_indexed(f, &d))
            return 0;
    }
    for (size_t i = 0; i < own; i++) {
        robots_diagnostic_info d;
        if (robots_analysis_finding(analysis, i, &d) == ROBOTS_OK &&
            !add_indexed(f, &d))
            return 0;
    }
    return 1;
}

/* Proves all the fixes at once; when that fails, one at a time over the
 * ones proven so far, so that what is written is proven whole; until the
 * check budget is spent (lint_fix.h), when those left are not tried. */
static void prove_all(fixer *f, const robots_txt *doc) {
    char why[512];
    int any = 0;
    for (size_t i = 0; i < f->fix_count; i++)
        if (f->fixes[i].state == FIX_CANDIDATE) {
            f->fixes[i].state = FIX_PROVEN;
            any = 1;
        }
    if (!any || try_fixes(f, doc, NULL, why, sizeof why))
        return;
    for (size_t i = 0; i < f->fix_count; i++)
        if (f->fixes[i].state == FIX_PROVEN)
            f->fixes[i].state = FIX_CANDIDATE;
    for (size_t i = 0; i < f->fix_count; i++) {
        fix *x = &f->fixes[i];
        if (x->state != FIX_CANDIDATE)
            continue;
        if (try_fixes(f, doc, x, x->why, sizeof x->why))
            x->state = FIX_PROVEN;
        else
            x->state = f->spent ? FIX_LEFT : FIX_FAILED;
    }
}

static void fixer_free(fixer *f) {
    for (size_t i = 0; i < f->fix_count; i++)
        free(f->fixes[i].text);
    free(f->fixes);
    free(f->lines);
    free(f->url);
    free(f->paths);
    free(f->path_bytes);
    free(f->agents);
    free(f->per_line);
    free(f->counted);
    free(f->by_line);
    free(f->read_before);
}

static int run(fixer *f, const robots_txt *doc, const robots_analysis *analysis,
               const char *output, int in_place) {
    /* Zeroed: split_lines() fills the first line_count, and clang's
     * analyzer cannot follow that its loop does. */
    f->lines = calloc(f->body_len + 1, sizeof *f->lines);
    f->url = malloc(ROBOTS_MAX_URL_BYTES + 1);
    if (f->lines == NULL || f->url == NULL)
        return cli_error("%s: out of memory", f->path);
    split_lines(f);
    f->per_line = calloc(f->line_count + 2, sizeof *f->per_line);
    f->counted = calloc(f->line_count + 2, sizeof *f->counted);
    f->by_line = calloc(f->line_count + 2, sizeof *f->by_line);
    f->read_before = calloc(f->line_count + 2, 1);
    if (f->per_line == NULL || f->counted == NULL || f->by_line == NULL ||
        f->read_before == NULL || !gather(f, doc, analysis) ||
        !base_proof(f, doc))
        return cli_error("%s: out of memory", f->path);
    prove_all(f, doc);
    for (size_t i = 0; i < f->fix_count; i++) {
        fix *x = &f->fixes[i];
        x->changes = x->state == FIX_PROVEN ? f->counted[x->line] : 0;
    }
    fixed_file ff;
    if (!build(f, NULL, &ff)) {
        fixed_file_free(&ff);
        return cli_error("%s: out of memory", f->path);
    }
    size_t fixed = 0, left = 0;
    for (size_t i = 0; i < f->fix_count; i++) {
        report(f, &f->fixes[i]);
        if (f->fixes[i].state == FIX_PROVEN)
            fixed++;
        else
            left++;
    }
    left += report_outside(f, &ff);
    int ok = write_output(f->path, output, in_place, &ff);
    fixed_file_free(&ff);
    if (!ok)
        return EXIT_USAGE;
    fprintf(stderr, "%s: %zu fixed, %zu not fixed\n", f->path, fixed, left);
    if (f->spent)
        fprintf(stderr,
                "%s: the check budget of lint --fix was spent after %zu "
                "proofs; the fixes not tried are left as they were\n",
                f->path, f->proofs);
    return left ? EXIT_DISALLOWED : EXIT_ALLOWED;
}

int lint_fix(const char *path, const robots_options *options,
             const char *output, int in_place) {
    if (in_place && strcmp(path, "-") == 0)
        return cli_error("lint: --in-place needs a FILE, not stdin");
    fixer f;
    memset(&f, 0, sizeof f);
    f.path = path;
    f.options = *options;
    f.budget = LINT_FIX_MAX_TOTAL_CHECKS;
    f.bytes_budget = LINT_FIX_MAX_TOTAL_BYTES;
    cli_buffer body;
    robots_txt *doc = NULL;
    robots_analysis *analysis = NULL;
    if (!site_load(path, options, &doc, &body, NULL))
        return EXIT_USAGE;
    robots_cut_info cut;
    int rc;
    if (robots_txt_cut(doc, &cut) == ROBOTS_OK && cut.truncated)
        rc = cli_error("%s: lint --fix writes the whole file, and it is "
                       "longer than the parse limit of %zu bytes (give "
                       "--parse-limit 0 to read it all)",
                       path, cut.limit);
    else if (robots_analyze(doc, body.data, body.len, &analysis) != ROBOTS_OK)
        rc = cli_error("%s: out of memory", path);
    else {
        f.body = body.data;
        f.body_len = body.len;
        f.options.parse_limit = 0;
        rc = run(&f, doc, analysis, output, in_place);
    }
    fixer_free(&f);
    robots_analysis_free(analysis);
    cli_buffer_free(&body);
    robots_free(doc);
    return rc;
}
