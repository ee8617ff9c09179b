/* SPDX-License-Identifier: MIT */
/*
 * usage_lint.c - what robots_analyze() says about the AI usage preference
 * lines of a document (issue 24; docs/semantics.md, "AI usage
 * preferences"): statements that are no RFC 9651 Dictionary, with the
 * parser's reason (decision 7; Content-Signal's too, decision B); keys that
 * name no label of the vocabulary, those of earlier drafts and of pull
 * requests named as such (vocab-08 6.4: ignored); Content-Usage rules in a
 * group whose crawlers may fetch nothing, which can never apply (decision
 * 14); and groups whose crawlers get none of the `*` group's Content-Usage
 * rules (decision 10). Lines outside any group are the parse's findings
 * (parse.c: rule-outside-group, extension), not repeated here.
 *
 * analysis.c calls rb_usage_lint() and keeps each finding as one of its
 * own (rb_usage_lint_add()); this file reads the document through the public
 * API and the statement reader, and keeps no state.
 */
#include "usage_lint.h"
#include "document.h"
#include "quote.h"
#include "robots_usage.h"
#include "usage_internal.h"

#include <stdio.h>
#include <string.h>

/* Text of a message: room for a quoted label or statement. */
#define LINT_MESSAGE_BYTES 256
#define LINT_QUOTE_BYTES 64
/* Groups a crawler's name may select for the never-applies check to be
 * made (more: no claim), and the rules it reads in all, for a document
 * (past it, no more such claims): its time is bounded whatever the file. */
#define LINT_MAX_SELECTED 64
#define LINT_MAX_STEPS ((size_t)1000000)

typedef struct usage_lint {
    const robots_txt *doc;
    void *an; /* analysis.c's, for rb_usage_lint_add() */
    size_t steps;
    char message[LINT_MESSAGE_BYTES];
} usage_lint;

/* (s, len) for a message: printable ASCII kept, other bytes as '?', cut
 * with "..." past LINT_QUOTE_BYTES - 4 (rb_text_quote()). */
static const char *quote(const char *s, size_t len, char *out) {
    return rb_text_quote(s, len, RB_QUOTE_KEEP_ASCII, out, LINT_QUOTE_BYTES);
}

static void emit(usage_lint *l, robots_diag_kind kind, robots_severity severity,
                 size_t line, size_t related) {
    rb_usage_lint_add(l->an, kind, severity, line, related, l->message);
}

static void malformed(usage_lint *l, const robots_record_info *rec,
                      const char *what, const char *unit, const char *text,
                      size_t len, rb_sf_error error, size_t offset) {
    char q[LINT_QUOTE_BYTES];
    snprintf(l->message, sizeof l->message,
             "%s '%s' is no RFC 9651 Dictionary (%s, at byte %zu: %s): every "
             "%s is unknown",
             what, quote(text, len, q), rb_sf_error_name(error), offset + 1,
             rb_sf_error_text(error), unit);
    emit(l, ROBOTS_DIAG_USAGE_MALFORMED, ROBOTS_SEVERITY_WARNING, rec->line, 0);
}

static void unknown_labels(usage_lint *l, const robots_record_info *rec,
                           const rb_usage_statement *statement) {
    size_t cursor = 0, len = 0;
    const char *label = NULL;
    int status = -1;
    char q[LINT_QUOTE_BYTES];
    while (rb_usage_next_unknown_label(statement, &cursor, &label, &len,
                                       &status)) {
        const char *why =
            status == RB_USAGE_LABEL_OBSOLETE
                ? "is a label of an earlier draft, obsolete in vocab-08"
            : status == RB_USAGE_LABEL_PROPOSED
                ? "was proposed to the working group, not adopted in vocab-08"
                : "is no label of the vocabulary (train-ai, ai-use, search)";
        snprintf(l->message, sizeof l->message,
                 "content-usage label '%s' %s; ignored", quote(label, len, q),
                 why);
        emit(l, ROBOTS_DIAG_USAGE_UNKNOWN_LABEL, ROBOTS_SEVERITY_WARNING,
             rec->line, 0);
    }
}

/* Does the rule match every path? "/", and where '*' is a wildcard, '/'
 * or '*' followed by nothing but stars. */
static int matches_everything(const robots_txt *doc,
                              const robots_rule_info *rule) {
    const char *p = rule->pattern;
    size_t n = rule->pattern_len;
    if (n == 0 || (rule->flags & ROBOTS_RULE_FLAG_NEVER_MATCHES))
        return 0;
    if (doc->profile == ROBOTS_PROFILE_LEGACY)
        return n == 1 && p[0] == '/';
    for (size_t i = 1; i < n; i++)
        if (p[i] != '*')
            return 0;
    return p[0] == '/' || p[0] == '*';
}

/* robots_select_groups() for `name`, its cost (every group visited, the
 * name read) charged to the steps first: with a call for each user-agent
 * line of the file, the selections alone would be lines * groups. 0 when
 * the steps are spent or the groups are more than LINT_MAX_SELECTED. */
static int select_within_budget(usage_lint *l, const robots_str *name,
                                size_t *groups, size_t *needed) {
    size_t cost = robots_group_count(l->doc) + name->len + 1;
    int specific = 0;
    if (LINT_MAX_STEPS - l->steps < cost)
        return 0;
    l->steps += cost;
    return robots_select_groups(l->doc, name, 1, groups, LINT_MAX_SELECTED,
                                needed, &specific) == ROBOTS_OK;
}

/* For the crawler `name`: 1 when the groups it uses disallow every path
 * and allow none (*line: the Disallow that does), 0 when not, -1 when
 * `group` is not among them, -2 when it cannot be told (more groups or
 * steps than the bounds). */
static int disallowed_everywhere(usage_lint *l, const robots_str *name,
                                 size_t group, size_t *line) {
    size_t groups[LINT_MAX_SELECTED], needed = 0;
    int ours = 0;
    if (!select_within_budget(l, name, groups, &needed))
        return -2;
    *line = 0;
    for (size_t g = 0; g < needed; g++) {
        robots_group_info info;
        robots_group(l->doc, groups[g], &info);
        ours |= groups[g] == group;
        if (LINT_MAX_STEPS - l->steps < info.rule_count)
            return -2;
        l->steps += info.rule_count;
        for (size_t r = 0; r < info.rule_count; r++) {
            robots_rule_info rule;
            robots_group_rule(l->doc, groups[g], r, &rule);
            if (rule.kind == ROBOTS_RULE_ALLOW &&
                !(rule.flags & ROBOTS_RULE_FLAG_NEVER_MATCHES))
                return 0;
            if (rule.kind == ROBOTS_RULE_DISALLOW && *line == 0 &&
                matches_everything(l->doc, &rule))
                *line = rule.line;
        }
    }
    return ours ? *line != 0 : -1;
}

/* A Content-Usage rule in `group`: reported when every crawler the group
 * names that uses it may fetch no path (but /robots.txt itself, decision
 * 14). */
static void never_applies(usage_lint *l, const robots_record_info *rec) {
    robots_group_info info;
    size_t line = 0, claims = 0;
    robots_group(l->doc, rec->group, &info);
    for (size_t a = 0; a < info.agent_count; a++) {
        robots_agent_info agent;
        size_t at = 0;
        robots_group_agent(l->doc, rec->group, a, &agent);
        robots_str name = {agent.token, agent.token_len};
        int r = disallowed_everywhere(l, &name, rec->group, &at);
        if (r == 0 || r == -2)
            return; /* a crawler that may fetch, or one not told */
        if (r == 1) {
            claims++;
            line = line == 0 ? at : line;
        }
    }
    if (claims == 0)
        return;
    snprintf(l->message, sizeof l->message,
             "content-usage rule in a group whose crawlers may fetch no path "
             "(line %zu): it can never apply%s",
             line,
             l->doc->profile == ROBOTS_PROFILE_GOOGLE
                 ? ""
                 : ", but to /robots.txt itself");
    emit(l, ROBOTS_DIAG_USAGE_NEVER_APPLIES, ROBOTS_SEVERITY_WARNING, rec->line,
         line);
}

static void read_record(usage_lint *l, const robots_record_info *rec, int key,
                        size_t *last_group) {
    if (key == RB_USAGE_KEY_CONTENT_SIGNAL) {
        rb_content_signal signal;
        if (rb_content_signal_read(rec->value, rec->value_len, &signal) !=
            RB_SF_OK)
            malformed(l, rec, "content-signal", "signal", rec->value,
                      rec->value_len, signal.error, signal.error_offset);
        return;
    }
    if (rec->group == ROBOTS_NO_POSITION)
        return; /* the parse's rule-outside-group */
    rb_usage_rule_value rule;
    rb_usage_statement statement;
    rb_usage_rule_split(rec->value, rec->value_len, &rule);
    if (rb_usage_statement_read(rule.statement, rule.statement_len,
                                &statement) != RB_SF_OK)
        malformed(l, rec, "content-usage statement", "label", rule.statement,
                  rule.statement_len, statement.error, statement.error_offset);
    else
        unknown_labels(l, rec, &statement);
    if (rec->group != *last_group) /* once a group: its first rule */
        never_applies(l, rec);
    *last_group = rec->group;
}

/* Groups that hold a Content-Usage rule, found by a walk of the records;
 * 1 when one of the groups `name` selects is among them. */
static int uses_content_usage(usage_lint *l, const robots_str *name,
                              size_t *star_line) {
    size_t groups[LINT_MAX_SELECTED], needed = 0;
    *star_line = 0;
    if (!select_within_budget(l, name, groups, &needed))
        return -1;
    size_t count = robots_extension_count(l->doc);
    if (LINT_MAX_STEPS - l->steps < count)
        return -1;
    l->steps += count;
    for (size_t i = 0; i < count; i++) {
        robots_record_info rec;
        robots_extension(l->doc, i, &rec);
        if (rb_usage_key(rec.key, rec.key_len) != RB_USAGE_KEY_CONTENT_USAGE)
            continue;
        for (size_t g = 0; g < needed; g++)
            if (groups[g] == rec.group) {
                *star_line = rec.line;
                return 1;
            }
    }
    return 0;
}

/* decision 10: a group naming crawlers (not `*`) whose groups hold no
 * Content-Usage rule, when the `*` groups hold one: those crawlers get
 * none of it. Once a group, at its first user-agent line. */
static void lost_star_rules(usage_lint *l) {
    static const robots_str star = {"*", 1};
    size_t star_line = 0;
    if (uses_content_usage(l, &star, &star_line) != 1)
        return;
    size_t count = robots_group_count(l->doc);
    for (size_t g = 0; g < count; g++) {
        robots_group_info info;
        robots_group(l->doc, g, &info);
        for (size_t a = 0; a < info.agent_count; a++) {
            robots_agent_info agent;
            size_t own = 0;
            robots_group_agent(l->doc, g, a, &agent);
            robots_str name = {agent.token, agent.token_len};
            if ((agent.token_len == 1 && agent.token[0] == '*') ||
                uses_content_usage(l, &name, &own) != 0 ||
                disallowed_everywhere(l, &name, g, &own) == 1)
                continue;
            char q[LINT_QUOTE_BYTES];
            snprintf(l->message, sizeof l->message,
                     "'%s' has its own group, so it gets none of the '*' "
                     "group's content-usage rules (line %zu) and has no "
                     "usage preferences (attach-05 3.4)",
                     quote(agent.token, agent.token_len, q), star_line);
            emit(l, ROBOTS_DIAG_USAGE_NO_STAR_FALLBACK, ROBOTS_SEVERITY_NOTE,
                 agent.line, star_line);
        }
    }
}

void rb_usage_lint(const robots_txt *doc, void *an) {
    usage_lint l;
    size_t count = robots_extension_count(doc), last_group = ROBOTS_NO_POSITION;
    memset(&l, 0, sizeof l);
    l.doc = doc;
    l.an = an;
    for (size_t i = 0; i < count; i++) {
        robots_record_info rec;
        robots_extension(doc, i, &rec);
        int key = rb_usage_key(rec.key, rec.key_len);
        if (key != RB_USAGE_KEY_NONE)
            read_record(&l, &rec, key, &last_group);
    }
    lost_star_rules(&l);
}
