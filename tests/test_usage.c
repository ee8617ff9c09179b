/* SPDX-License-Identifier: MIT */
/*
 * test_usage.c - the AI usage preference core (lib/src/aipref/usage_*.c,
 * content_signal.c): the label table, one statement read as
 * draft-ietf-aipref-vocab-08 section 6.5 says (with the examples of 6 and
 * 6.5.1-6.5.2), the combination of section 5.1 (its three bullets as a
 * table), the header and robots.txt forms of attach-05 section 1.2, the
 * split of a Content-Usage value (attach-05 3.2, 3.4 and decision 6 of
 * docs/semantics.md), and Content-Signal with its mapping (the decisions
 * of docs/semantics.md, "AI usage preferences").
 */
#include "testing.h"
#include "usage_internal.h"

enum { TRAIN_AI, AI_USE, SEARCH };

static rb_usage_statement statement;

static void read_statement(const char *text) {
    (void)rb_usage_statement_read(text, strlen(text), &statement);
}

#define EXPECT_VALUES(train, use, search)                                      \
    do {                                                                       \
        EXPECT_EQ(statement.value[TRAIN_AI], (train));                         \
        EXPECT_EQ(statement.value[AI_USE], (use));                             \
        EXPECT_EQ(statement.value[SEARCH], (search));                          \
    } while (0)

#define U RB_USAGE_UNKNOWN
#define A RB_USAGE_ALLOWED
#define D RB_USAGE_DISALLOWED

/* vocab-08 6.1 Table 1 and 4.1-4.3: three labels, no hierarchy; the
 * labels of earlier drafts kept as obsolete (the drafts' tags). */
static void test_label_table(void) {
    const rb_usage_label *row;
    EXPECT_EQ(rb_usage_current_label_count(), 3);
    EXPECT(strcmp(rb_usage_label_at(TRAIN_AI)->label, "train-ai") == 0);
    EXPECT(strcmp(rb_usage_label_at(AI_USE)->label, "ai-use") == 0);
    EXPECT(strcmp(rb_usage_label_at(SEARCH)->label, "search") == 0);
    EXPECT(rb_usage_label_count() <= RB_USAGE_MAX_LABELS);
    for (size_t i = 0; i < rb_usage_label_count(); i++) {
        row = rb_usage_label_at(i);
        EXPECT((row->status == RB_USAGE_LABEL_CURRENT) == (i < 3));
        EXPECT(row->category != NULL && row->source != NULL);
        EXPECT_EQ(rb_usage_label_find(row->label, strlen(row->label)), (int)i);
        EXPECT(rb_usage_label_status_name(row->status) != NULL);
    }
    EXPECT(rb_usage_label_at(rb_usage_label_count()) == NULL);
    static const char *const obsolete[] = {
        "ai",  "tdm",         "genai", "inference",
        "all", "train-genai", "bots",  "ai-output"};
    for (size_t i = 0; i < sizeof obsolete / sizeof *obsolete; i++) {
        int r = rb_usage_label_find(obsolete[i], strlen(obsolete[i]));
        EXPECT_MSG(r >= 0 && rb_usage_label_at((size_t)r)->status ==
                                 RB_USAGE_LABEL_OBSOLETE,
                   "%s", obsolete[i]);
    }
    /* Labels are case-sensitive (6.1). */
    EXPECT_EQ(rb_usage_label_find("Train-AI", 8), -1);
    EXPECT_EQ(rb_usage_label_find("train", 5), -1);
    EXPECT_EQ(rb_usage_label_find("rag-ground", 10) >= 0, 1);
}

/* vocab-08 6 (the example) and 6.5 (the processing algorithm). */
static void test_statement(void) {
    read_statement("train-ai=y, search=n");
    EXPECT_EQ(statement.error, RB_SF_OK);
    EXPECT_VALUES(A, U, D);
    EXPECT_EQ(statement.basis[TRAIN_AI], RB_USAGE_BASIS_Y);
    EXPECT_EQ(statement.basis[AI_USE], RB_USAGE_BASIS_ABSENT);
    EXPECT_EQ(statement.basis[SEARCH], RB_USAGE_BASIS_N);
    read_statement("ai-use=n");
    EXPECT_VALUES(U, D, U);
    /* "Otherwise ... unknown": another Token, not a Token; no errors. */
    read_statement("train-ai=yes, ai-use=Y, search=N");
    EXPECT_EQ(statement.error, RB_SF_OK);
    EXPECT_VALUES(U, U, U);
    EXPECT_EQ(statement.basis[TRAIN_AI], RB_USAGE_BASIS_OTHER_TOKEN);
    EXPECT_EQ(statement.basis[AI_USE], RB_USAGE_BASIS_OTHER_TOKEN);
    read_statement("train-ai=1, ai-use=(n), search=:bg==:");
    EXPECT_VALUES(U, U, U);
    EXPECT_EQ(statement.basis[AI_USE], RB_USAGE_BASIS_NOT_TOKEN);
    EXPECT_EQ(statement.basis[SEARCH], RB_USAGE_BASIS_NOT_TOKEN);
    /* Parameters are disregarded (6.5; 6.4 MUST ignore). */
    read_statement("train-ai=n;reason=\"licence\";until=@1800000000");
    EXPECT_VALUES(D, U, U);
    /* An empty statement states nothing. */
    read_statement("");
    EXPECT_EQ(statement.error, RB_SF_OK);
    EXPECT_VALUES(U, U, U);
    EXPECT_EQ(statement.basis[SEARCH], RB_USAGE_BASIS_ABSENT);
}

/* vocab-08 6.5.1 Multiple Preferences. */
static void test_multiple(void) {
    read_statement("train-ai=y, train-ai, search=n, search=\"n\"");
    EXPECT_EQ(statement.error, RB_SF_OK);
    EXPECT_VALUES(U, U, U); /* the last values: a Boolean and a String */
    EXPECT_EQ(statement.basis[TRAIN_AI], RB_USAGE_BASIS_NOT_TOKEN);
    EXPECT_EQ(statement.basis[SEARCH], RB_USAGE_BASIS_NOT_TOKEN);
    EXPECT_EQ(statement.repeated_keys, 2);
    read_statement("train-ai=n, train-ai=y");
    EXPECT_VALUES(A, U, U); /* last wins inside one statement */
    /* "If the parsing of the Dictionary fails, preferences are unknown",
     * uppercase keys included. */
    read_statement("Train-AI=n");
    EXPECT_EQ(statement.error, RB_SF_ERR_KEY_UPPERCASE);
    EXPECT_EQ(statement.error_offset, 0);
    EXPECT_VALUES(U, U, U);
    EXPECT_EQ(statement.basis[TRAIN_AI], RB_USAGE_BASIS_MALFORMED);
    read_statement("search=y, train-ai=N, Search=n");
    EXPECT_EQ(statement.error, RB_SF_ERR_KEY_UPPERCASE);
    EXPECT_VALUES(U, U, U); /* the valid part before it counts for nothing */
    /* aipref.md 3.3: the RFC 9651 pitfalls of robots.txt statements. */
    read_statement("train-ai = n");
    EXPECT_EQ(statement.error, RB_SF_ERR_EXPECTED_COMMA);
    read_statement("train-ai= n");
    EXPECT_EQ(statement.error, RB_SF_ERR_ITEM);
    read_statement("train-ai=n,");
    EXPECT_EQ(statement.error, RB_SF_ERR_TRAILING_COMMA);
    read_statement("train-ai=n search=y");
    EXPECT_EQ(statement.error, RB_SF_ERR_EXPECTED_COMMA);
    EXPECT_EQ(statement.error_offset, 11);
    EXPECT_VALUES(U, U, U);
    read_statement("train-ai=n\t");
    EXPECT_EQ(statement.error, RB_SF_OK); /* trailing OWS: a Dictionary's */
    EXPECT_VALUES(D, U, U);
}

/* vocab-08 6.5.2 Preference Parameters. */
static void test_parameters(void) {
    read_statement("train-ai;allow=n, train-ai=y");
    EXPECT_VALUES(A, U, U);
    /* Given as "has parameters even though the preference is unknown": it
     * is unknown because the trailing ';' fails the Dictionary (RFC 9651
     * 4.2.3.2 needs a key after ';'), an erratum of the draft. */
    read_statement("train-ai;has;parameters=\"?\";");
    EXPECT_EQ(statement.error, RB_SF_ERR_KEY);
    EXPECT_VALUES(U, U, U);
    EXPECT_EQ(statement.basis[TRAIN_AI], RB_USAGE_BASIS_MALFORMED);
    read_statement("train-ai;has;parameters=\"?\"");
    EXPECT_EQ(statement.error, RB_SF_OK); /* without it: a Boolean true */
    EXPECT_EQ(statement.basis[TRAIN_AI], RB_USAGE_BASIS_NOT_TOKEN);
}

/* vocab-08 6.4: unknown labels MUST be ignored; listed for lint. */
static void test_unknown_labels(void) {
    size_t cursor = 0;
    const char *label;
    size_t len;
    int status;
    read_statement("bots=n, ai=n, train-ai=y, x-mine=1, ai=y, rag-ground=n");
    EXPECT_VALUES(A, U, U);
    EXPECT_EQ(statement.unknown_labels, 4);
    EXPECT_EQ(statement.repeated_keys, 1);
    EXPECT(rb_usage_next_unknown_label(&statement, &cursor, &label, &len,
                                       &status));
    EXPECT_STRN(label, len, "bots");
    EXPECT_EQ(status, RB_USAGE_LABEL_OBSOLETE);
    EXPECT(rb_usage_next_unknown_label(&statement, &cursor, &label, &len,
                                       &status));
    EXPECT_STRN(label, len, "ai");
    EXPECT(rb_usage_next_unknown_label(&statement, &cursor, &label, &len,
                                       &status));
    EXPECT_STRN(label, len, "x-mine");
    EXPECT_EQ(status, -1);
    EXPECT(rb_usage_next_unknown_label(&statement, &cursor, &label, &len,
                                       &status));
    EXPECT_STRN(label, len, "rag-ground");
    EXPECT_EQ(status, RB_USAGE_LABEL_PROPOSED);
    EXPECT(!rb_usage_next_unknown_label(&statement, &cursor, &label, &len,
                                        &status));
    read_statement("Bots=n");
    cursor = 0;
    EXPECT(!rb_usage_next_unknown_label(&statement, &cursor, &label, &len,
                                        &status));
}

/* vocab-08 5.1: per category, any n gives disallowed; else any y gives
 * allowed; else unknown. All nine pairs. */
static void test_combine(void) {
    static const rb_usage_value v[3] = {U, A, D};
    static const rb_usage_value expected[3][3] = {
        {U, A, D}, /* unknown with u, a, d */
        {A, A, D}, /* allowed with ... */
        {D, D, D}, /* disallowed with ... */
    };
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            EXPECT_EQ(rb_usage_combine(v[i], v[j]), expected[i][j]);
    /* The robots.txt statement train-ai=y with the header train-ai=n
     * (vocab-08 5.1: "obtained using different methods"). */
    rb_usage_statement file, header;
    (void)rb_usage_statement_read("train-ai=y, search=y", 20, &file);
    (void)rb_usage_statement_read("train-ai=n", 10, &header);
    rb_usage_combine_values(file.value, header.value);
    EXPECT_EQ(file.value[TRAIN_AI], D);
    EXPECT_EQ(file.value[AI_USE], U);
    EXPECT_EQ(file.value[SEARCH], A);
}

/* attach-05 1.2: the header Content-Usage: train-ai=n and the robots.txt
 * rule Content-Usage: train-ai=n state the same preference. */
static void test_header_and_file(void) {
    rb_usage_statement header, file;
    rb_usage_rule_value rule;
    (void)rb_usage_statement_read("train-ai=n", 10, &header);
    rb_usage_rule_split(" train-ai=n", 11, &rule);
    EXPECT(rule.path == NULL);
    (void)rb_usage_statement_read(rule.statement, rule.statement_len, &file);
    EXPECT(memcmp(header.value, file.value, sizeof header.value) == 0);
    EXPECT_EQ(header.value[TRAIN_AI], D);
}

/* Decision 8: three duplicate rules. Header lines are joined before
 * parsing (RFC 9651 4.2), so the last line wins; identical-path rules are
 * combined, so the most restrictive wins. */
static void test_header_lines(void) {
    const char *lines[] = {"train-ai=n", "train-ai=y"};
    size_t lens[] = {10, 10};
    char joined[64];
    rb_usage_statement header, first, second;
    EXPECT(rb_sf_join_lines(lines, lens, 2, joined, sizeof joined, NULL));
    (void)rb_usage_statement_read(joined, strlen(joined), &header);
    EXPECT_EQ(header.value[TRAIN_AI], A);
    (void)rb_usage_statement_read(lines[0], lens[0], &first);
    (void)rb_usage_statement_read(lines[1], lens[1], &second);
    rb_usage_combine_values(first.value, second.value);
    EXPECT_EQ(first.value[TRAIN_AI], D);
}

static void expect_split(const char *value, const char *want_path,
                         const char *want_statement) {
    rb_usage_rule_value r;
    rb_usage_rule_split(value, strlen(value), &r);
    if (want_path == NULL)
        EXPECT_MSG(r.path == NULL, "'%s' has a path", value);
    else
        EXPECT_STRN(r.path, r.path_len, want_path);
    EXPECT_STRN(r.statement, r.statement_len, want_statement);
}

#define EXPECT_SPLIT expect_split

/* attach-05 3.2 and the file of 3.4; decision 6 (whitespace). */
static void test_rule_split(void) {
    EXPECT_SPLIT("train-ai=n", NULL, "train-ai=n");
    EXPECT_SPLIT("/ai-ok/ train-ai=y", "/ai-ok/", "train-ai=y");
    EXPECT_SPLIT(" \t/ai-ok/ train-ai=y", "/ai-ok/", "train-ai=y");
    EXPECT_SPLIT("/a\ttrain-ai=n", "/a", "train-ai=n");
    EXPECT_SPLIT("/a \t train-ai=n \t", "/a", "train-ai=n");
    EXPECT_SPLIT("\ttrain-ai=n\t", NULL, "train-ai=n");
    EXPECT_SPLIT("/x", "/x", "");
    EXPECT_SPLIT("/", "/", "");
    EXPECT_SPLIT("", NULL, "");
    EXPECT_SPLIT("/*.pdf$ train-ai=n", "/*.pdf$", "train-ai=n");
    /* No leading '/': no path, and the whole value is the statement. */
    EXPECT_SPLIT("*.pdf train-ai=n", NULL, "*.pdf train-ai=n");
    EXPECT_SPLIT("train-ai=n # not for bots", NULL, "train-ai=n");
    EXPECT_SPLIT("/a#b train-ai=n", "/a", "");
    EXPECT_SPLIT("/a train-ai=n\r\nsearch=y", "/a", "train-ai=n");
    EXPECT_SPLIT("/a train-ai=n\nx", "/a", "train-ai=n");
    rb_usage_rule_value r;
    rb_usage_rule_split(NULL, 0, &r);
    EXPECT(r.path == NULL && r.statement_len == 0);
    /* The split statement of the pitfalls reads as decided. */
    rb_usage_rule_split("/a\ttrain-ai=n\t", 14, &r);
    (void)rb_usage_statement_read(r.statement, r.statement_len, &statement);
    EXPECT_VALUES(D, U, U);
    rb_usage_rule_split("*.pdf train-ai=n", 16, &r);
    (void)rb_usage_statement_read(r.statement, r.statement_len, &statement);
    EXPECT_EQ(statement.error, RB_SF_ERR_EXPECTED_COMMA);
}

/* Content-Signal (docs/semantics.md, "AI usage preferences"). */
static void test_content_signal(void) {
    rb_content_signal cs;
    rb_usage_value mapped[RB_USAGE_MAX_LABELS];
    /* Cloudflare's default in managed robots.txt. */
    EXPECT_EQ(rb_content_signal_read("search=yes, ai-train=no", 23, &cs),
              RB_SF_OK);
    EXPECT_EQ(cs.value[RB_SIGNAL_SEARCH], A);
    EXPECT_EQ(cs.value[RB_SIGNAL_AI_TRAIN], D);
    EXPECT_EQ(cs.value[RB_SIGNAL_AI_INPUT], U);
    EXPECT_EQ(cs.basis[RB_SIGNAL_AI_INPUT], RB_USAGE_BASIS_ABSENT);
    rb_content_signal_to_usage(&cs, mapped);
    EXPECT_EQ(mapped[TRAIN_AI], D);
    EXPECT_EQ(mapped[AI_USE], U);
    EXPECT_EQ(mapped[SEARCH], A);
    /* The later form with use=, and ai-input. */
    EXPECT_EQ(rb_content_signal_read(
                  "search=yes,ai-train=no,use=reference,ai-input=no", 48, &cs),
              RB_SF_OK);
    EXPECT_EQ(cs.unknown_keys, 1);
    rb_content_signal_to_usage(&cs, mapped);
    EXPECT_EQ(mapped[AI_USE], D);
    /* y and n are the vocabulary's, not Content-Signal's; case counts. */
    EXPECT_EQ(rb_content_signal_read("search=y, ai-train=No", 21, &cs),
              RB_SF_OK);
    EXPECT_EQ(cs.value[RB_SIGNAL_SEARCH], U);
    EXPECT_EQ(cs.basis[RB_SIGNAL_SEARCH], RB_USAGE_BASIS_OTHER_TOKEN);
    EXPECT_EQ(cs.value[RB_SIGNAL_AI_TRAIN], U);
    EXPECT_EQ(rb_content_signal_read("search=\"yes\"", 12, &cs), RB_SF_OK);
    EXPECT_EQ(cs.basis[RB_SIGNAL_SEARCH], RB_USAGE_BASIS_NOT_TOKEN);
    /* Not a Dictionary: all unknown, with the reason and where. */
    EXPECT_EQ(rb_content_signal_read("  Search=yes", 12, &cs),
              RB_SF_ERR_KEY_UPPERCASE);
    EXPECT_EQ(cs.error_offset, 2);
    EXPECT_EQ(cs.basis[RB_SIGNAL_SEARCH], RB_USAGE_BASIS_MALFORMED);
    EXPECT_EQ(rb_content_signal_read("/api/ ai-train=no", 17, &cs),
              RB_SF_ERR_KEY); /* no path form */
    EXPECT_EQ(cs.value[RB_SIGNAL_AI_TRAIN], U);
    EXPECT_EQ(rb_content_signal_read("\tai-train=no \t", 14, &cs), RB_SF_OK);
    EXPECT_EQ(cs.value[RB_SIGNAL_AI_TRAIN], D);
    EXPECT_EQ(rb_content_signal_read("x=1, x=2, search=no, y", 22, &cs),
              RB_SF_OK);
    EXPECT_EQ(cs.unknown_keys, 2);
    EXPECT_EQ(rb_content_signal_read(NULL, 0, &cs), RB_SF_OK);
    for (int s = 0; s <= RB_SIGNAL_LAST; s++) {
        const char *label = rb_signal_usage_label((rb_signal)s);
        int row = rb_usage_label_find(label, strlen(label));
        EXPECT(rb_signal_name((rb_signal)s) != NULL);
        EXPECT(row >= 0 && rb_usage_label_at((size_t)row)->status ==
                               RB_USAGE_LABEL_CURRENT);
    }
    EXPECT(rb_signal_name((rb_signal)(RB_SIGNAL_LAST + 1)) == NULL);
    EXPECT(strcmp(rb_signal_usage_label(RB_SIGNAL_AI_TRAIN), "train-ai") == 0);
}

static void test_names(void) {
    EXPECT(strcmp(rb_usage_value_name(RB_USAGE_DISALLOWED), "disallowed") == 0);
    EXPECT(rb_usage_value_name((rb_usage_value)3) == NULL);
    for (int b = 0; b <= RB_USAGE_BASIS_LAST; b++)
        EXPECT(rb_usage_basis_name((rb_usage_basis)b) != NULL);
    EXPECT(rb_usage_basis_name((rb_usage_basis)-1) == NULL);
    EXPECT(rb_usage_label_status_name((rb_usage_label_status)3) == NULL);
}

int main(void) {
    test_label_table();
    test_statement();
    test_multiple();
    test_parameters();
    test_unknown_labels();
    test_combine();
    test_header_and_file();
    test_header_lines();
    test_rule_split();
    test_content_signal();
    test_names();
    return testing_finish();
}
