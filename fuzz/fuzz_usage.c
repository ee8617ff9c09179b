/* SPDX-License-Identifier: MIT */
/*
 * fuzz_usage.c - robots_usage() (lib/src/aipref/usage_query.c) against a
 * reference evaluator written here, in every profile, with and without
 * content_usage_ends_group; robots_usage_combine_field() too.
 *
 * The reference (docs/semantics.md, "AI usage preferences"), naive on
 * purpose: it reads the extension records through the public
 * robots_extension(), one by one; keeps the Content-Usage and
 * Content-Signal lines of the groups robots_select_groups() names; splits
 * each value itself (attach-05 3.2, decision 6); matches each path with
 * robots_match_path() (an absent path matches with priority 0, decision
 * 2); keeps the longest normalised pattern and combines the statements of
 * every rule of that length, most restrictive per label, with a
 * combination written here (vocab-08 5.1); gives a URL robots_check()
 * disallows no preferences (decision 14); and combines the signals of
 * the groups, and those before any group, the same way (decisions 9, C).
 * What it shares with the library is what other harnesses test: the
 * matcher and normalisation (fuzz_differential), the statement reader
 * (fuzz_sf_dictionary), the group selection (fuzz_check).
 *
 * Invariants: robots_usage() succeeds exactly when robots_check() does, a
 * failure leaves the result zeroed; crawlable is robots_check()'s
 * verdict; a URL that may not be crawled has no values and no lines; the
 * lines are ascending Content-Usage lines; every value is in its enum.
 *
 * Input: FLAGS body 0x01 url 0x01 agent 0x01 field. FLAGS % 3 is the
 * profile, bit 2 content_usage_ends_group; the field is one line of the
 * HTTP Content-Usage field, combined when bit 3 is set.
 */
#include "document.h"
#include "fuzz_common.h"
#include "normalize.h"
#include "robots_usage.h"
#include "usage_internal.h"

/* ---- the reference ------------------------------------------------------ */

typedef struct ref_answer {
    robots_usage_value values[ROBOTS_USAGE_MAX_LABELS];
    size_t lines[ROBOTS_USAGE_MAX_LINES];
    size_t line_count, pattern_len;
    int matched;
    int has_signal, has_file_signal;
    robots_usage_value signal[ROBOTS_SIGNAL_LAST + 1];
    robots_usage_value file_signal[ROBOTS_SIGNAL_LAST + 1];
    size_t signal_line, file_signal_line;
} ref_answer;

/* vocab-08 5.1: any disallow wins, then any allow. */
static robots_usage_value ref_combine(robots_usage_value a,
                                      robots_usage_value b) {
    if (a == ROBOTS_USAGE_DISALLOWED || b == ROBOTS_USAGE_DISALLOWED)
        return ROBOTS_USAGE_DISALLOWED;
    if (a == ROBOTS_USAGE_ALLOWED || b == ROBOTS_USAGE_ALLOWED)
        return ROBOTS_USAGE_ALLOWED;
    return ROBOTS_USAGE_UNKNOWN;
}

static int ref_key_is(const char *key, size_t len, const char *lower) {
    if (strlen(lower) != len)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = key[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != lower[i])
            return 0;
    }
    return 1;
}

static int ref_ws(char c) {
    return c == ' ' || c == '\t';
}

/* attach-05 3.2 on a record's value (already without its comment): a path
 * when it starts with '/', up to SP or HTAB; the statement is the rest,
 * without the SP and HTAB around it. */
static void ref_split(const char *v, size_t len, const char **path,
                      size_t *path_len, const char **stmt, size_t *stmt_len) {
    size_t i = 0, end = len;
    for (size_t k = 0; k < len; k++)
        if (v[k] == '\r' || v[k] == '\n' || v[k] == '#') {
            end = k;
            break;
        }
    while (i < end && ref_ws(v[i]))
        i++;
    *path = NULL;
    *path_len = 0;
    if (i < end && v[i] == '/') {
        size_t j = i;
        while (j < end && !ref_ws(v[j]))
            j++;
        *path = v + i;
        *path_len = j - i;
        i = j;
    }
    while (i < end && ref_ws(v[i]))
        i++;
    while (end > i && ref_ws(v[end - 1]))
        end--;
    *stmt = v + i;
    *stmt_len = end - i;
}

static void ref_signal(const robots_record_info *rec, int *has,
                       robots_usage_value *values, size_t *line) {
    rb_content_signal signal;
    (void)rb_content_signal_read(rec->value, rec->value_len, &signal);
    if (!*has)
        *line = rec->line;
    *has = 1;
    for (int s = 0; s <= ROBOTS_SIGNAL_LAST; s++)
        values[s] = ref_combine(values[s], (robots_usage_value)signal.value[s]);
}

/* One Content-Usage rule of a selected group, for a crawlable path. */
static void ref_rule(robots_profile profile, const robots_record_info *rec,
                     const char *url, size_t url_len, ref_answer *ref) {
    const char *path, *stmt;
    size_t path_len, stmt_len, priority = 0;
    int matched = 1;
    rb_usage_statement statement;
    ref_split(rec->value, rec->value_len, &path, &path_len, &stmt, &stmt_len);
    if (path != NULL) {
        char *normal = malloc(3 * path_len + 1);
        FZ_CHECK(normal != NULL);
        priority = rb_normalize_pattern(profile, path, path_len, normal);
        free(normal);
        FZ_CHECK(robots_match_path(profile, path, path_len, url, url_len,
                                   &matched) == ROBOTS_OK);
    }
    if (!matched || (ref->matched && priority < ref->pattern_len))
        return;
    if (!ref->matched || priority > ref->pattern_len) {
        memset(ref->values, 0, sizeof ref->values);
        ref->line_count = 0;
        ref->pattern_len = priority;
        ref->matched = 1;
    }
    (void)rb_usage_statement_read(stmt, stmt_len, &statement);
    for (size_t i = 0; i < robots_usage_label_count(); i++)
        ref->values[i] =
            ref_combine(ref->values[i], (robots_usage_value)statement.value[i]);
    if (ref->line_count < ROBOTS_USAGE_MAX_LINES)
        ref->lines[ref->line_count] = rec->line;
    ref->line_count++;
}

static void reference(const robots_txt *doc, robots_profile profile,
                      const robots_str *agent, int crawlable, const char *url,
                      size_t url_len, ref_answer *ref) {
    size_t needed = 0, *groups = NULL;
    int specific;
    memset(ref, 0, sizeof *ref);
    if (robots_select_groups(doc, agent, 1, NULL, 0, &needed, &specific) ==
            ROBOTS_ERR_BUFFER_TOO_SMALL &&
        needed > 0) {
        groups = malloc(needed * sizeof *groups);
        FZ_CHECK(groups != NULL);
        FZ_CHECK(robots_select_groups(doc, agent, 1, groups, needed, &needed,
                                      &specific) == ROBOTS_OK);
    }
    for (size_t i = 0; i < robots_extension_count(doc); i++) {
        robots_record_info rec;
        int usage, signal, selected = 0;
        FZ_CHECK(robots_extension(doc, i, &rec) == ROBOTS_OK);
        usage = ref_key_is(rec.key, rec.key_len, "content-usage");
        signal = ref_key_is(rec.key, rec.key_len, "content-signal");
        if (rec.group == ROBOTS_NO_POSITION) {
            if (signal)
                ref_signal(&rec, &ref->has_file_signal, ref->file_signal,
                           &ref->file_signal_line);
            continue;
        }
        for (size_t g = 0; g < needed; g++)
            selected |= groups[g] == rec.group;
        if (!selected)
            continue;
        if (signal)
            ref_signal(&rec, &ref->has_signal, ref->signal, &ref->signal_line);
        else if (usage && crawlable)
            ref_rule(profile, &rec, url, url_len, ref);
    }
    free(groups);
}

/* ---- the comparison ----------------------------------------------------- */

static void check_invariants(const robots_usage_result *r) {
    FZ_CHECK(r->crawlable == r->verdict.allowed);
    FZ_CHECK(r->label_count == robots_usage_label_count());
    for (size_t i = 0; i < ROBOTS_USAGE_MAX_LABELS; i++) {
        FZ_CHECK(robots_usage_value_name(r->values[i]) != NULL);
        FZ_CHECK(i < r->label_count || r->values[i] == ROBOTS_USAGE_UNKNOWN);
        FZ_CHECK(r->crawlable || r->values[i] == ROBOTS_USAGE_UNKNOWN);
    }
    FZ_CHECK(r->crawlable || r->line_count == 0);
    for (size_t i = 1; i < r->line_count && i < ROBOTS_USAGE_MAX_LINES; i++)
        FZ_CHECK(r->lines[i - 1] < r->lines[i]);
    for (int s = 0; s <= ROBOTS_SIGNAL_LAST; s++) {
        FZ_CHECK(robots_usage_value_name(r->signal[s]) != NULL);
        FZ_CHECK(robots_usage_value_name(r->file_signal[s]) != NULL);
    }
    FZ_CHECK(r->reserved[0] == 0 && r->reserved[3] == 0);
    /* Before a field is combined, the file decided every label it gave a
     * value, and nothing else. */
    for (size_t i = 0; i < ROBOTS_USAGE_MAX_LABELS; i++)
        FZ_CHECK(((r->file_labels >> i) & 1u) ==
                 (r->values[i] != ROBOTS_USAGE_UNKNOWN));
    FZ_CHECK(r->field_labels == 0);
}

static void compare(const robots_usage_result *r, const ref_answer *ref) {
    FZ_CHECK(memcmp(r->values, ref->values, sizeof ref->values) == 0);
    FZ_CHECK(r->line_count == ref->line_count);
    FZ_CHECK(memcmp(r->lines, ref->lines, sizeof ref->lines) == 0);
    FZ_CHECK(r->pattern_len == ref->pattern_len);
    FZ_CHECK(r->has_signal == ref->has_signal);
    FZ_CHECK(r->has_file_signal == ref->has_file_signal);
    FZ_CHECK(memcmp(r->signal, ref->signal, sizeof ref->signal) == 0);
    FZ_CHECK(
        memcmp(r->file_signal, ref->file_signal, sizeof ref->file_signal) == 0);
    FZ_CHECK(r->signal_line == ref->signal_line);
    FZ_CHECK(r->file_signal_line == ref->file_signal_line);
}

/* The field combined: the file's values and the field's, most restrictive,
 * or nothing at all for a URL that may not be crawled. */
static void check_field(robots_usage_result *r, const char *field, size_t len) {
    robots_str line = {field, len};
    robots_usage_value alone[ROBOTS_USAGE_MAX_LABELS];
    robots_usage_value before[ROBOTS_USAGE_MAX_LABELS];
    memcpy(before, r->values, sizeof before);
    FZ_CHECK(robots_usage_parse_field(&line, 1, NULL, alone, NULL) ==
             ROBOTS_OK);
    FZ_CHECK(robots_usage_combine_field(r, &line, 1, NULL) == ROBOTS_OK);
    for (size_t i = 0; i < ROBOTS_USAGE_MAX_LABELS; i++) {
        int known = r->values[i] != ROBOTS_USAGE_UNKNOWN;
        FZ_CHECK(r->values[i] == (r->crawlable
                                      ? ref_combine(before[i], alone[i])
                                      : ROBOTS_USAGE_UNKNOWN));
        /* Each source is credited exactly where its value is the one
         * kept (vocab-08 5.1: the most restrictive). */
        FZ_CHECK(((r->field_labels >> i) & 1u) ==
                 (known && alone[i] == r->values[i]));
        FZ_CHECK(((r->file_labels >> i) & 1u) ==
                 (known && before[i] == r->values[i]));
    }
}

/* robots_usage_field_line() against RFC 9112 5.1 read by hand: a
 * Content-Usage name in any case, the colon right after it, the value
 * without its SP and HTAB around it, and no control byte but HTAB. */
static void check_field_line(const char *line, size_t len) {
    static const char name[] = "content-usage:";
    robots_str value;
    int is_field = -1, bad = 0, ours = len >= sizeof name - 1;
    size_t colon = 0, b, e = len;
    robots_status st = robots_usage_field_line(line, len, &value, &is_field);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        bad |= (c < 0x20 && c != '\t') || c == 0x7f;
    }
    while (colon < len && line[colon] != ':' && line[colon] != ' ' &&
           line[colon] != '\t')
        colon++;
    for (size_t i = 0; ours && i < sizeof name - 1; i++)
        ours = (line[i] | 0x20) == name[i]; /* no control byte gets here */
    if (bad || colon == 0 || colon == len || line[colon] != ':') {
        FZ_CHECK(st == ROBOTS_ERR_HEADER_INVALID && is_field == 0 &&
                 value.len == 0);
        return;
    }
    /* A byte of the name that no token has ("(", "@", ...) is refused
     * too: the reading by hand leaves it to the library's tchar table. */
    if (st != ROBOTS_OK) {
        FZ_CHECK(is_field == 0 && value.len == 0);
        return;
    }
    FZ_CHECK(is_field == ours);
    if (!ours) {
        FZ_CHECK(value.len == 0);
        return;
    }
    b = sizeof name - 1;
    while (b < e && (line[b] == ' ' || line[b] == '\t'))
        b++;
    while (e > b && (line[e - 1] == ' ' || line[e - 1] == '\t'))
        e--;
    FZ_CHECK(value.ptr == line + b && value.len == e - b);
}

/* robots_usage_agents() with the agent field split at its first ',' into
 * two names: the verdict is robots_check()'s for the same names. */
static void check_agents(const robots_txt *doc, const char *agent,
                         size_t agent_len, const char *url, size_t url_len) {
    /* An empty field is NULL: no memchr, no arithmetic on it. */
    const char *comma = agent_len ? memchr(agent, ',', agent_len) : NULL;
    size_t first = comma ? (size_t)(comma - agent) : agent_len;
    robots_str names[2] = {
        {agent, first},
        {comma ? comma + 1 : "", comma ? agent_len - first - 1 : 0}};
    robots_verdict verdict;
    robots_usage_result r;
    robots_status want = robots_check(doc, names, 2, url, url_len, &verdict);
    FZ_CHECK(robots_usage_agents(doc, names, 2, url, url_len, &r) == want);
    if (want != ROBOTS_OK)
        return;
    FZ_CHECK(r.verdict.allowed == verdict.allowed &&
             r.verdict.rule == verdict.rule);
    check_invariants(&r);
}

/* Does the reference read the URL as the library does? A path that a
 * check would read as a URL ("//host", a scheme) or cut (a fragment) is
 * left to the invariants. */
static int plain_path(const char *url, size_t len) {
    return len > 0 && url[0] == '/' && (len < 2 || url[1] != '/') &&
           memchr(url, '#', len) == NULL && memchr(url, ':', len) == NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    unsigned flags = fz_byte(&in);
    size_t body_len, url_len, agent_len, field_len;
    char *body = fz_field(&in, &body_len);
    char *url = fz_field(&in, &url_len);
    char *agent = fz_field(&in, &agent_len);
    char *field = fz_field(&in, &field_len);
    robots_options options;
    robots_txt *doc = NULL;
    robots_options_init(&options);
    options.profile = fz_profiles[flags % 3];
    options.content_usage_ends_group = (flags >> 2) & 1u;
    if (robots_parse(body, body_len, &options, &doc) == ROBOTS_OK) {
        robots_str name = {agent, agent_len};
        robots_verdict verdict;
        robots_usage_result r;
        robots_status want =
            robots_check(doc, &name, 1, url, url_len, &verdict);
        robots_status got =
            robots_usage(doc, agent, agent_len, url, url_len, &r);
        FZ_CHECK(got == want);
        if (got == ROBOTS_OK) {
            FZ_CHECK(r.verdict.allowed == verdict.allowed &&
                     r.verdict.reason == verdict.reason &&
                     r.verdict.group == verdict.group &&
                     r.verdict.rule == verdict.rule &&
                     r.verdict.rule_line == verdict.rule_line);
            check_invariants(&r);
            if (plain_path(url, url_len)) {
                ref_answer ref;
                reference(doc, options.profile, &name, r.crawlable, url,
                          url_len, &ref);
                compare(&r, &ref);
            }
            if (flags & 8u)
                check_field(&r, field, field_len);
            check_agents(doc, agent, agent_len, url, url_len);
        } else {
            robots_usage_result zero;
            memset(&zero, 0, sizeof zero);
            FZ_CHECK(memcmp(&r, &zero, sizeof r) == 0);
        }
        robots_free(doc);
    }
    check_field_line(field, field_len);
    free(body);
    free(url);
    free(agent);
    free(field);
    return 0;
}
