/* SPDX-License-Identifier: MIT */
/*
 * test_sf_dictionary.c - the RFC 9651 structured-field parser and
 * serialiser (lib/src/aipref/sf_parse.c, sf_serialize.c). Each case is
 * written from the RFC's text and names its section: a field that must
 * parse is compared through its canonical serialisation (section 4.1),
 * which spells out every type and value; a field that must fail names the
 * reason the parser must give. Then every limit at and one past it, and
 * the cursors, look-ups and decoders.
 *
 *   test_sf_dictionary                  the cases below
 *   test_sf_dictionary --vectors FILE   also httpwg/structured-field-tests,
 *                                       converted by tests/tools/sf_vectors.py
 */
#include "structured_field.h"
#include "testing.h"

#include <stdlib.h>

/* ---- helpers ------------------------------------------------------------ */

/* Parses `input` as `type` and returns the canonical form in a static
 * buffer, or "FAIL:<error name>". */
static const char *canon_n(rb_sf_field_type type, const char *input,
                           size_t len) {
    static char out[200000];
    rb_sf_field field;
    size_t needed = 0;
    rb_sf_error err = rb_sf_parse(type, input, len, &field, NULL);
    if (err != RB_SF_OK) {
        snprintf(out, sizeof out, "FAIL:%s", rb_sf_error_name(err));
        return out;
    }
    if (!rb_sf_serialize(&field, out, sizeof out, &needed))
        snprintf(out, sizeof out, "TOO-LONG:%zu", needed);
    return out;
}

static const char *canon(rb_sf_field_type type, const char *input) {
    return canon_n(type, input, strlen(input));
}

#define DICT RB_SF_FIELD_DICTIONARY
#define LIST RB_SF_FIELD_LIST
#define ITEM RB_SF_FIELD_ITEM

#define EXPECT_CANON(type, input, expected)                                    \
    do {                                                                       \
        const char *got_ = canon((type), (input));                             \
        EXPECT_MSG(strcmp(got_, (expected)) == 0, "'%s' gave '%s', not '%s'",  \
                   (input), got_, (expected));                                 \
    } while (0)

#define EXPECT_FAIL(type, input, error)                                        \
    EXPECT_CANON((type), (input), "FAIL:" error)

/* A string of `n` copies of `unit` between `head` and `tail`, on the heap. */
static char *repeat(const char *head, const char *unit, size_t n,
                    const char *tail) {
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * n + tl + 1);
    size_t at = hl;
    if (s == NULL)
        abort();
    memcpy(s, head, hl);
    for (size_t i = 0; i < n; i++, at += ul)
        memcpy(s + at, unit, ul);
    memcpy(s + at, tail, tl + 1);
    return s;
}

/* ---- cases from RFC 9651's text ---------------------------------------- */

/* 4.2.2 Parsing a Dictionary; 3.2 Dictionaries. */
static void test_dictionary(void) {
    EXPECT_CANON(DICT, "", "");    /* 4.2.2 step 3: empty */
    EXPECT_CANON(DICT, "   ", ""); /* 4.2 step 2: leading SP */
    EXPECT_CANON(DICT, "a=1", "a=1");
    EXPECT_CANON(DICT, "a=1,b=2", "a=1, b=2");       /* 4.1.2: ", " between */
    EXPECT_CANON(DICT, "a=1 \t,\t b=2", "a=1, b=2"); /* OWS around ',' */
    EXPECT_CANON(DICT, "  a=1", "a=1");
    EXPECT_CANON(DICT, "a=1\t", "a=1"); /* 2.6: OWS after a member, HTAB too */
    EXPECT_CANON(DICT, "a=1 \t ", "a=1");
    EXPECT_FAIL(DICT, "\ta=1", "key"); /* 4.2 step 2 discards SP only */
    EXPECT_CANON(DICT, "a", "a");      /* 2.3: no '=' is Boolean true */
    EXPECT_CANON(DICT, "a=?1", "a");   /* 4.1.2: true is left out */
    EXPECT_CANON(DICT, "a=?0", "a=?0");
    EXPECT_CANON(DICT, "a;p=1", "a;p=1");
    EXPECT_CANON(DICT, "a=?1;p", "a;p");
    /* 2.4: a key written again keeps its first position, last value. */
    EXPECT_CANON(DICT, "a=1, b=2, a=3", "a=3, b=2");
    EXPECT_CANON(DICT, "a;x=1, a=2", "a=2");
    EXPECT_CANON(DICT, "a=(1 2);p=3", "a=(1 2);p=3");
    EXPECT_CANON(DICT, "*a=1", "*a=1"); /* 3.1.2: a key may start with '*' */
    EXPECT_CANON(DICT, "a_b-c.d*9=1", "a_b-c.d*9=1");
    EXPECT_FAIL(DICT, "a=1,", "trailing-comma"); /* 2.10 */
    EXPECT_FAIL(DICT, "a=1, \t", "trailing-comma");
    EXPECT_FAIL(DICT, "a=1 b=2", "expected-comma"); /* 2.8 */
    EXPECT_FAIL(DICT, "a =1", "expected-comma");
    EXPECT_FAIL(DICT, "a= 1", "item"); /* a bare item must follow '=' */
    EXPECT_FAIL(DICT, "a=", "item");
    EXPECT_FAIL(DICT, "a=1,,b=2", "key");
    EXPECT_FAIL(DICT, ",a=1", "key");
    EXPECT_FAIL(DICT, "A=1", "key-uppercase"); /* 3.1.2: lcalpha only */
    EXPECT_FAIL(DICT, "aB=1", "key-uppercase");
    EXPECT_FAIL(DICT, "a=1, Train-AI=n", "key-uppercase");
    EXPECT_FAIL(DICT, "1a=1", "key");
    EXPECT_FAIL(DICT, "-a=1", "key");
    EXPECT_FAIL(DICT, "a=1;", "key");             /* 4.2.3.2: ';' needs a key */
    EXPECT_FAIL(DICT, "a=\xc3\xa9", "not-ascii"); /* 4.2 step 1 */
    EXPECT_FAIL(DICT, "a=1\x7f", "expected-comma");
    EXPECT_FAIL(DICT, "a=1;p =2", "expected-comma"); /* no SP before '=' */
}

/* 4.2.1 Parsing a List; 3.1 Lists. */
static void test_list(void) {
    EXPECT_CANON(LIST, "", "");
    EXPECT_CANON(LIST, "1,2 ,\t3", "1, 2, 3");
    EXPECT_CANON(LIST, "a, a", "a, a"); /* no keys: no merging */
    EXPECT_CANON(LIST, "?1;p, (a b)", "?1;p, (a b)");
    EXPECT_FAIL(LIST, "1,", "trailing-comma");
    EXPECT_FAIL(LIST, "1 2", "expected-comma");
    EXPECT_FAIL(LIST, "1,,2", "item");
}

/* 4.2.1.2 Parsing an Inner List; 3.1.1 Inner Lists. */
static void test_inner_list(void) {
    EXPECT_CANON(DICT, "a=()", "a=()");
    EXPECT_CANON(DICT, "a=(  1   2  )", "a=(1 2)"); /* SP around items */
    EXPECT_CANON(DICT, "a=(1;p=2 x);q", "a=(1;p=2 x);q");
    EXPECT_FAIL(DICT, "a=(1\t2)", "inner-list"); /* SP only, not HTAB */
    EXPECT_FAIL(DICT, "a=(1,2)", "inner-list");
    EXPECT_FAIL(DICT, "a=(1 2", "inner-list");
    EXPECT_FAIL(DICT, "a=(1 ", "inner-list");
    EXPECT_FAIL(DICT, "a=((1))", "item"); /* no nesting */
    EXPECT_FAIL(ITEM, "(1)", "item");     /* an Item field is bare */
}

/* 4.2.3.2 Parsing Parameters; 3.1.2 Parameters. */
static void test_params(void) {
    EXPECT_CANON(ITEM, "1;a;b=?0;c=x", "1;a;b=?0;c=x");
    EXPECT_CANON(ITEM, "1; a=2", "1;a=2");        /* SP after ';' */
    EXPECT_CANON(ITEM, "1;a=1;b;a=3", "1;a=3;b"); /* first place, last value */
    EXPECT_FAIL(ITEM, "1 ;a", "trailing-characters"); /* no SP before ';' */
    EXPECT_FAIL(ITEM, "1;a= 2", "item");
    EXPECT_FAIL(ITEM, "1;A=2", "key-uppercase");
    EXPECT_FAIL(ITEM, "1;a=(1)", "item"); /* a bare item only */
}

/* 4.2.4 Parsing an Integer or Decimal; 3.3.1, 3.3.2. */
static void test_numbers(void) {
    EXPECT_CANON(ITEM, "42", "42");
    EXPECT_CANON(ITEM, "-42", "-42");
    EXPECT_CANON(ITEM, "007", "7");
    EXPECT_CANON(ITEM, "-0", "0");
    EXPECT_CANON(ITEM, "999999999999999", "999999999999999"); /* 15 digits */
    EXPECT_CANON(ITEM, "-999999999999999", "-999999999999999");
    EXPECT_FAIL(ITEM, "1000000000000000", "number"); /* 16 */
    EXPECT_FAIL(ITEM, "-", "number");
    EXPECT_FAIL(ITEM, "-a", "number");
    EXPECT_FAIL(ITEM, "--1", "number");
    EXPECT_CANON(ITEM, "1.5", "1.5");
    EXPECT_CANON(ITEM, "1.50", "1.5");  /* 4.1.5: no trailing zeros */
    EXPECT_CANON(ITEM, "1.000", "1.0"); /* ... but one digit */
    EXPECT_CANON(ITEM, "-0.25", "-0.25");
    EXPECT_CANON(ITEM, "0.125", "0.125");
    EXPECT_CANON(ITEM, "-0.0", "0.0");
    EXPECT_CANON(ITEM, "123456789012.123", "123456789012.123"); /* 12 + 3 */
    EXPECT_FAIL(ITEM, "1234567890123.1", "number"); /* 13 integer digits */
    EXPECT_FAIL(ITEM, "1.1234", "number");          /* 4 fraction digits */
    EXPECT_FAIL(ITEM, "1.", "number");              /* ends with '.' */
    EXPECT_FAIL(ITEM, "1..2", "number");
    EXPECT_FAIL(ITEM, "1.2.3", "trailing-characters");
    EXPECT_FAIL(ITEM, ".5", "item");
    EXPECT_FAIL(ITEM, "1e3", "trailing-characters");
}

/* 4.2.5 Parsing a String; 3.3.3. */
static void test_strings(void) {
    EXPECT_CANON(ITEM, "\"\"", "\"\"");
    EXPECT_CANON(ITEM, "\"a b ~\"", "\"a b ~\"");
    EXPECT_CANON(ITEM, "\"q\\\"b\\\\s\"", "\"q\\\"b\\\\s\"");
    EXPECT_FAIL(ITEM, "\"a\\n\"", "string"); /* only \" and \\ escape */
    EXPECT_FAIL(ITEM, "\"a\\", "string");
    EXPECT_FAIL(ITEM, "\"abc", "string");
    EXPECT_FAIL(ITEM, "\"a\tb\"", "string"); /* not VCHAR or SP */
    EXPECT_FAIL(ITEM, "\"a\x7f\"", "string");
    EXPECT_FAIL(ITEM, "'a'", "item");
}

/* 4.2.6 Parsing a Token; 3.3.4. */
static void test_tokens(void) {
    EXPECT_CANON(ITEM, "a", "a");
    EXPECT_CANON(ITEM, "Y", "Y"); /* tokens keep their case */
    EXPECT_CANON(ITEM, "*x", "*x");
    EXPECT_CANON(ITEM, "a:b/c!#$%&'*+-.^_`|~9", "a:b/c!#$%&'*+-.^_`|~9");
    EXPECT_CANON(DICT, "a=b(c)", "FAIL:expected-comma");
    EXPECT_FAIL(ITEM, "a\"b", "trailing-characters");
}

/* 4.2.7 Parsing a Byte Sequence; 3.3.5. */
static void test_bytes(void) {
    EXPECT_CANON(ITEM, "::", "::");
    EXPECT_CANON(ITEM, ":YWJj:", ":YWJj:");
    EXPECT_CANON(ITEM, ":YWI=:", ":YWI=:");
    EXPECT_CANON(ITEM, ":YQ==:", ":YQ==:");
    /* Padding missing and pad bits not zero: "SHOULD NOT fail". */
    EXPECT_CANON(ITEM, ":YWI:", ":YWI=:");
    EXPECT_CANON(ITEM, ":YQ:", ":YQ==:");
    EXPECT_CANON(ITEM, ":YR==:", ":YQ==:");
    EXPECT_CANON(ITEM, ":YQ=:", ":YQ==:");
    EXPECT_CANON(ITEM, ":+/8=:", ":+/8=:");
    EXPECT_FAIL(ITEM, ":Y:", "byte-sequence");     /* no whole octet */
    EXPECT_FAIL(ITEM, ":YWJj=:", "byte-sequence"); /* padding not needed */
    EXPECT_FAIL(ITEM, ":YQ===:", "byte-sequence");
    EXPECT_FAIL(ITEM, ":Y=Q=:", "byte-sequence"); /* '=' inside */
    EXPECT_FAIL(ITEM, ":YW-j:", "byte-sequence"); /* base64url */
    EXPECT_FAIL(ITEM, ":YW J:", "byte-sequence");
    EXPECT_FAIL(ITEM, ":YWJj", "byte-sequence");
    EXPECT_FAIL(ITEM, ":", "byte-sequence");
}

/* 4.2.8 Parsing a Boolean; 3.3.6. */
static void test_booleans(void) {
    EXPECT_CANON(ITEM, "?1", "?1");
    EXPECT_CANON(ITEM, "?0", "?0");
    EXPECT_FAIL(ITEM, "?", "boolean");
    EXPECT_FAIL(ITEM, "?2", "boolean");
    EXPECT_FAIL(ITEM, "?true", "boolean");
    EXPECT_FAIL(ITEM, "?10", "trailing-characters");
}

/* 4.2.9 Parsing a Date; 3.3.7. */
static void test_dates(void) {
    EXPECT_CANON(ITEM, "@0", "@0");
    EXPECT_CANON(ITEM, "@-86400", "@-86400");
    EXPECT_CANON(ITEM, "@1700000000", "@1700000000");
    EXPECT_FAIL(ITEM, "@1.5", "date");
    EXPECT_FAIL(ITEM, "@", "date");
    EXPECT_FAIL(ITEM, "@x", "date");
    EXPECT_FAIL(ITEM, "@1000000000000000", "date");
}

/* 4.2.10 Parsing a Display String; 3.3.8. */
static void test_display_strings(void) {
    EXPECT_CANON(ITEM, "%\"\"", "%\"\"");
    EXPECT_CANON(ITEM, "%\"ab c\"", "%\"ab c\"");
    EXPECT_CANON(ITEM, "%\"%c3%a9\"", "%\"%c3%a9\""); /* é */
    EXPECT_CANON(ITEM, "%\"%41\"", "%\"A\"");         /* needless escape */
    EXPECT_CANON(ITEM, "%\"%25%22\"", "%\"%25%22\""); /* '%' and DQUOTE */
    EXPECT_CANON(ITEM, "%\"%f0%9f%98%80\"", "%\"%f0%9f%98%80\"");
    EXPECT_CANON(ITEM, "%\"%09\"", "%\"%09\"");
    EXPECT_FAIL(ITEM, "%\"%C3%A9\"", "display-string"); /* uppercase hex */
    EXPECT_FAIL(ITEM, "%\"%c3\"", "display-string");    /* cut UTF-8 */
    EXPECT_FAIL(ITEM, "%\"%c3a\"", "display-string");
    EXPECT_FAIL(ITEM, "%\"%80\"", "display-string");    /* lone continuation */
    EXPECT_FAIL(ITEM, "%\"%c0%80\"", "display-string"); /* overlong */
    EXPECT_FAIL(ITEM, "%\"%e0%80%80\"", "display-string");
    EXPECT_FAIL(ITEM, "%\"%ed%a0%80\"", "display-string");    /* surrogate */
    EXPECT_FAIL(ITEM, "%\"%f4%90%80%80\"", "display-string"); /* > 10FFFF */
    EXPECT_FAIL(ITEM, "%\"%f5%80%80%80\"", "display-string");
    EXPECT_FAIL(ITEM, "%\"%f0%80%80%80\"", "display-string");
    EXPECT_FAIL(ITEM, "%\"%2\"", "display-string");
    EXPECT_FAIL(ITEM, "%\"%", "display-string");
    EXPECT_FAIL(ITEM, "%\"a", "display-string");
    EXPECT_FAIL(ITEM, "%\"a\tb\"", "display-string");
    EXPECT_FAIL(ITEM, "%a", "display-string");
}

/* 4.2 steps 4-5 for an Item field, and what starts no bare item. */
static void test_items(void) {
    EXPECT_CANON(ITEM, "  1  ", "1");
    EXPECT_FAIL(ITEM, "1\t", "trailing-characters");
    EXPECT_FAIL(ITEM, "1 2", "trailing-characters");
    EXPECT_FAIL(ITEM, "", "item");
    EXPECT_FAIL(ITEM, "#", "item");
    EXPECT_FAIL(DICT, "a=<1>", "item");
}

/* ---- limits: each at its value, and one past ---------------------------- */

static void expect_limit(rb_sf_field_type type, char *at, char *past,
                         const char *error) {
    char want[64];
    snprintf(want, sizeof want, "FAIL:%s", error);
    EXPECT_MSG(strncmp(canon(type, at), "FAIL:", 5) != 0,
               "at the limit of %s: %s", error, canon(type, at));
    EXPECT_MSG(strcmp(canon(type, past), want) == 0, "past %s: %s", error,
               canon(type, past));
    free(at);
    free(past);
}

static void test_limits(void) {
    size_t offset = 0;
    rb_sf_field field;
    char *big;
    expect_limit(DICT, repeat("a", "=1, a", RB_SF_MAX_MEMBERS - 1, ""),
                 repeat("a", "=1, a", RB_SF_MAX_MEMBERS, ""),
                 "too-many-members");
    expect_limit(LIST, repeat("1", ",1", RB_SF_MAX_MEMBERS - 1, ""),
                 repeat("1", ",1", RB_SF_MAX_MEMBERS, ""), "too-many-members");
    expect_limit(DICT, repeat("a=(", "1 ", RB_SF_MAX_INNER_ITEMS, ")"),
                 repeat("a=(", "1 ", RB_SF_MAX_INNER_ITEMS + 1, ")"),
                 "too-many-items");
    expect_limit(ITEM, repeat("1", ";p", RB_SF_MAX_PARAMS, ""),
                 repeat("1", ";p", RB_SF_MAX_PARAMS + 1, ""),
                 "too-many-parameters");
    expect_limit(DICT, repeat("a=()", ";p", RB_SF_MAX_PARAMS, ""),
                 repeat("a=()", ";p", RB_SF_MAX_PARAMS + 1, ""),
                 "too-many-parameters");
    expect_limit(DICT, repeat("", "k", RB_SF_MAX_KEY_BYTES, "=1"),
                 repeat("", "k", RB_SF_MAX_KEY_BYTES + 1, "=1"),
                 "key-too-long");
    expect_limit(ITEM, repeat("1;", "k", RB_SF_MAX_KEY_BYTES, ""),
                 repeat("1;", "k", RB_SF_MAX_KEY_BYTES + 1, ""),
                 "key-too-long");
    expect_limit(ITEM, repeat("", "t", RB_SF_MAX_TOKEN_BYTES, ""),
                 repeat("", "t", RB_SF_MAX_TOKEN_BYTES + 1, ""),
                 "token-too-long");
    expect_limit(ITEM, repeat("\"", "s", RB_SF_MAX_STRING_BYTES, "\""),
                 repeat("\"", "s", RB_SF_MAX_STRING_BYTES + 1, "\""),
                 "string-too-long");
    /* An escape counts as the one character it stands for. */
    expect_limit(ITEM, repeat("\"", "\\\\", RB_SF_MAX_STRING_BYTES, "\""),
                 repeat("\"", "\\\\", RB_SF_MAX_STRING_BYTES + 1, "\""),
                 "string-too-long");
    expect_limit(ITEM, repeat(":", "AAAA", RB_SF_MAX_BYTES_OCTETS / 3, "AA==:"),
                 repeat(":", "AAAA", RB_SF_MAX_BYTES_OCTETS / 3, "AAA=:"),
                 "byte-sequence-too-long"); /* 16383 + 1 and 16383 + 2 */
    expect_limit(ITEM,
                 repeat("%\"", "%c3%a9", RB_SF_MAX_DISPLAY_BYTES / 2, "\""),
                 repeat("%\"", "%c3%a9", RB_SF_MAX_DISPLAY_BYTES / 2, "a\""),
                 "display-string-too-long");
    /* The field: RB_SF_MAX_FIELD_BYTES of spaces is an empty dictionary. */
    big = repeat("", " ", RB_SF_MAX_FIELD_BYTES + 1, "");
    EXPECT_EQ(rb_sf_parse(DICT, big, RB_SF_MAX_FIELD_BYTES, &field, &offset),
              RB_SF_OK);
    EXPECT_EQ(field.count, 0);
    EXPECT_EQ(
        rb_sf_parse(DICT, big, RB_SF_MAX_FIELD_BYTES + 1, &field, &offset),
        RB_SF_ERR_FIELD_TOO_LONG);
    EXPECT_EQ(offset, RB_SF_MAX_FIELD_BYTES);
    free(big);
}

/* ---- the API around the parse ------------------------------------------ */

static void test_error_offsets(void) {
    rb_sf_field field;
    size_t offset = 99;
    EXPECT_EQ(rb_sf_parse(DICT, "a=1, b=2 c=3", 12, &field, &offset),
              RB_SF_ERR_EXPECTED_COMMA);
    EXPECT_EQ(offset, 9); /* the 'c' */
    EXPECT_EQ(field.count, 0);
    EXPECT_EQ(field.len, 0);
    EXPECT_EQ(rb_sf_parse(DICT, "a=1, b=2,  ", 11, &field, &offset),
              RB_SF_ERR_TRAILING_COMMA);
    EXPECT_EQ(offset, 8); /* the ',' */
    EXPECT_EQ(rb_sf_parse(DICT, "a=1, \xff", 6, &field, &offset),
              RB_SF_ERR_NOT_ASCII);
    EXPECT_EQ(offset, 5);
    EXPECT_EQ(rb_sf_parse(DICT, "a=1, Bc=2", 9, &field, &offset),
              RB_SF_ERR_KEY_UPPERCASE);
    EXPECT_EQ(offset, 5);
    EXPECT_EQ(rb_sf_parse(DICT, "a=1, bC=2", 9, &field, &offset),
              RB_SF_ERR_KEY_UPPERCASE);
    EXPECT_EQ(offset, 6);
    /* Arguments. */
    EXPECT_EQ(rb_sf_parse(DICT, NULL, 0, &field, NULL), RB_SF_OK);
    EXPECT_EQ(field.count, 0);
    EXPECT_EQ(rb_sf_parse(DICT, NULL, 1, &field, &offset),
              RB_SF_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(rb_sf_parse(DICT, "a", 1, NULL, &offset),
              RB_SF_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(rb_sf_parse((rb_sf_field_type)3, "a", 1, &field, &offset),
              RB_SF_ERR_INVALID_ARGUMENT);
    /* Only len bytes are read: the rest of the buffer is not the field. */
    EXPECT_EQ(rb_sf_parse(DICT, "a=1,", 3, &field, NULL), RB_SF_OK);
    EXPECT_EQ(field.count, 1);
}

static void test_members(void) {
    const char *text = " a=1, b;p=\"x\", a=(t :AQ==: ?0);q, c";
    rb_sf_field field;
    rb_sf_member m;
    rb_sf_inner_item item;
    rb_sf_param param;
    size_t cursor = 0, inner = 0, pc = 0;
    char buf[8];
    EXPECT_EQ(rb_sf_parse(DICT, text, strlen(text), &field, NULL), RB_SF_OK);
    EXPECT_EQ(field.count, 4);        /* as written, duplicates counted */
    EXPECT_STRN(field.text, 2, "a="); /* the leading SP discarded */
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT_STRN(m.key, m.key_len, "a");
    EXPECT(!m.is_inner_list && m.item.type == RB_SF_INTEGER);
    EXPECT_EQ(m.item.number, 1);
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT_STRN(m.key, m.key_len, "b");
    EXPECT(m.item.type == RB_SF_BOOLEAN && m.item.number == 1);
    EXPECT(m.item.text == NULL);
    EXPECT_EQ(m.params.count, 1);
    EXPECT(rb_sf_next_param(&m.params, &pc, &param));
    EXPECT_STRN(param.key, param.key_len, "p");
    EXPECT(param.value.type == RB_SF_STRING);
    EXPECT(!rb_sf_next_param(&m.params, &pc, &param));
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT(m.is_inner_list);
    EXPECT_EQ(m.inner_count, 3);
    EXPECT(rb_sf_next_inner_item(&m, &inner, &item));
    EXPECT(rb_sf_bare_is_token(&item.item, "t", 1));
    EXPECT(!rb_sf_bare_is_token(&item.item, "u", 1));
    EXPECT(!rb_sf_bare_is_token(&item.item, "tt", 2));
    EXPECT(rb_sf_next_inner_item(&m, &inner, &item));
    EXPECT(item.item.type == RB_SF_BYTES);
    EXPECT_EQ(item.item.decoded_len, 1);
    EXPECT_EQ(rb_sf_bare_decode(&item.item, buf, sizeof buf), 1);
    EXPECT_EQ(buf[0], 1);
    EXPECT(rb_sf_next_inner_item(&m, &inner, &item));
    EXPECT(item.item.type == RB_SF_BOOLEAN && item.item.number == 0);
    EXPECT(!rb_sf_next_inner_item(&m, &inner, &item));
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT_STRN(m.key, m.key_len, "c");
    EXPECT(!rb_sf_next_member(&field, &cursor, &m));
    EXPECT(!rb_sf_next_member(&field, &cursor, &m)); /* stays at the end */
    /* The dictionary holds a's last value. */
    EXPECT(rb_sf_dictionary_get(&field, "a", 1, &m));
    EXPECT(m.is_inner_list);
    EXPECT(!rb_sf_dictionary_get(&field, "d", 1, &m));
    EXPECT(!rb_sf_dictionary_get(&field, "", 0, &m));
    /* An item member has no inner items. */
    EXPECT(rb_sf_dictionary_get(&field, "c", 1, &m));
    inner = 0;
    EXPECT(!rb_sf_next_inner_item(&m, &inner, &item));
}

static void test_item_and_list_fields(void) {
    rb_sf_field field;
    rb_sf_member m;
    size_t cursor = 0;
    rb_sf_param param;
    EXPECT_EQ(rb_sf_parse(ITEM, " 5;a=1;a=2 ", 11, &field, NULL), RB_SF_OK);
    EXPECT_EQ(field.count, 1);
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT(m.key == NULL && m.item.number == 5);
    EXPECT(rb_sf_params_get(&m.params, "a", 1, &param));
    EXPECT_EQ(param.value.number, 2); /* the last value */
    EXPECT(!rb_sf_params_get(&m.params, "b", 1, &param));
    EXPECT(!rb_sf_next_member(&field, &cursor, &m));
    EXPECT_EQ(rb_sf_parse(LIST, "1, 2", 4, &field, NULL), RB_SF_OK);
    EXPECT(!rb_sf_dictionary_get(&field, "a", 1, &m)); /* not a dictionary */
    cursor = 0;
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT(m.key == NULL && m.item.number == 1);
}

/* A field that rb_sf_parse did not make (a caller's mistake) reads as
 * having no members rather than past its bytes. */
static void test_foreign_field(void) {
    rb_sf_field field = {RB_SF_FIELD_DICTIONARY, "A=1", 3, 1};
    rb_sf_member m;
    size_t cursor = 0;
    EXPECT(!rb_sf_next_member(&field, &cursor, &m));
    field.type = RB_SF_FIELD_ITEM;
    field.text = "=";
    field.len = 1;
    EXPECT(!rb_sf_next_member(&field, &cursor, &m));
    field.text = "1";
    field.len = 1;
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT(!rb_sf_next_member(&field, &cursor, &m));
}

static void test_decode(void) {
    rb_sf_field field;
    rb_sf_member m;
    size_t cursor = 0;
    char buf[16];
    const char *text =
        "a=\"x\\\"y\\\\\", b=%\"%c3%a9!\", c=:aGk:, d=tok, e=-1.5";
    EXPECT_EQ(rb_sf_parse(DICT, text, strlen(text), &field, NULL), RB_SF_OK);
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT_EQ(m.item.decoded_len, 4);
    EXPECT_EQ(rb_sf_bare_decode(&m.item, buf, sizeof buf), 4);
    EXPECT(memcmp(buf, "x\"y\\", 4) == 0);
    EXPECT_EQ(rb_sf_bare_decode(&m.item, buf, 2), 4); /* short: 2 written */
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT_EQ(rb_sf_bare_decode(&m.item, buf, sizeof buf), 3);
    EXPECT(memcmp(buf, "\xc3\xa9!", 3) == 0);
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT_EQ(rb_sf_bare_decode(&m.item, buf, sizeof buf), 2);
    EXPECT(memcmp(buf, "hi", 2) == 0);
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT_EQ(rb_sf_bare_decode(&m.item, buf, sizeof buf), 3);
    EXPECT(memcmp(buf, "tok", 3) == 0);
    EXPECT(rb_sf_next_member(&field, &cursor, &m));
    EXPECT(m.item.type == RB_SF_DECIMAL);
    EXPECT_EQ(m.item.number, -1500);
    EXPECT_STRN(m.item.text, m.item.text_len, "-1.5");
}

static void test_serialize_buffers(void) {
    rb_sf_field field;
    char buf[8];
    size_t needed = 0;
    EXPECT_EQ(rb_sf_parse(DICT, "a=1,b=2", 7, &field, NULL), RB_SF_OK);
    EXPECT(rb_sf_serialize(&field, buf, sizeof buf, &needed) == 0);
    EXPECT_EQ(needed, 8); /* "a=1, b=2" needs 9 */
    EXPECT(rb_sf_serialize(&field, NULL, 0, &needed) == 0);
    EXPECT_EQ(needed, 8);
    EXPECT_EQ(rb_sf_parse(DICT, "a=1", 3, &field, NULL), RB_SF_OK);
    EXPECT(rb_sf_serialize(&field, buf, sizeof buf, NULL) == 1);
    EXPECT(strcmp(buf, "a=1") == 0);
}

/* RFC 9651 4.2: the lines of a field are joined with "," (and SP) before
 * parsing, so a key written on two lines keeps the later line's value. */
static void test_join_lines(void) {
    const char *lines[] = {"a=1, b=2", "a=3", ""};
    size_t lens[] = {8, 3, 0};
    char buf[64];
    size_t needed = 0;
    EXPECT(rb_sf_join_lines(lines, lens, 2, buf, sizeof buf, &needed));
    EXPECT(strcmp(buf, "a=1, b=2, a=3") == 0);
    EXPECT_EQ(needed, 13);
    EXPECT(strcmp(canon(DICT, buf), "a=3, b=2") == 0);
    /* An empty line leaves a trailing comma: the field fails. */
    EXPECT(rb_sf_join_lines(lines, lens, 3, buf, sizeof buf, &needed));
    EXPECT(strcmp(canon(DICT, buf), "FAIL:trailing-comma") == 0);
    EXPECT(!rb_sf_join_lines(lines, lens, 2, buf, 13, &needed));
    EXPECT(rb_sf_join_lines(lines, lens, 0, buf, 1, &needed));
    EXPECT_EQ(needed, 0);
}

static void test_names(void) {
    for (int e = 0; e <= RB_SF_ERROR_LAST; e++) {
        EXPECT(rb_sf_error_name((rb_sf_error)e) != NULL);
        EXPECT(rb_sf_error_text((rb_sf_error)e) != NULL);
    }
    EXPECT(rb_sf_error_name((rb_sf_error)(RB_SF_ERROR_LAST + 1)) == NULL);
    EXPECT(strcmp(rb_sf_error_name(RB_SF_ERR_KEY_UPPERCASE), "key-uppercase") ==
           0);
    for (int t = 0; t <= RB_SF_TYPE_LAST; t++)
        EXPECT(rb_sf_type_name((rb_sf_type)t) != NULL);
    EXPECT(rb_sf_type_name((rb_sf_type)-1) == NULL);
    EXPECT(strcmp(rb_sf_type_name(RB_SF_TOKEN), "token") == 0);
}

/* ---- the httpwg vectors ------------------------------------------------- */

static size_t unhex(const char *hex, char *out) {
    size_t n = 0;
    if (strcmp(hex, "=") == 0)
        return 0;
    for (; hex[0] != '\0' && hex[1] != '\0'; hex += 2) {
        unsigned v;
        sscanf(hex, "%2x", &v);
        out[n++] = (char)v;
    }
    return n;
}

static int run_vectors(const char *path) {
    static char line[300000], input[150000], expected[150000];
    FILE *f = fopen(path, "r");
    int ran = 0;
    if (f == NULL) {
        fprintf(stderr, "cannot read %s\n", path);
        return 0;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *name = strtok(line, "\t");
        char *type = strtok(NULL, "\t");
        char *outcome = strtok(NULL, "\t");
        char *in_hex = strtok(NULL, "\t");
        char *canon_hex = strtok(NULL, "\t\n");
        rb_sf_field_type t = type[0] == 'd'   ? RB_SF_FIELD_DICTIONARY
                             : type[0] == 'l' ? RB_SF_FIELD_LIST
                                              : RB_SF_FIELD_ITEM;
        size_t len = unhex(in_hex, input);
        const char *got = canon_n(t, input, len);
        ran++;
        if (strcmp(outcome, "fail") == 0) {
            EXPECT_MSG(strncmp(got, "FAIL:", 5) == 0, "%s: parsed as '%s'",
                       name, got);
            continue;
        }
        if (strcmp(outcome, "may") == 0 && strncmp(got, "FAIL:", 5) == 0)
            continue;
        expected[unhex(canon_hex, expected)] = '\0';
        EXPECT_MSG(strcmp(got, expected) == 0, "%s: '%s', not '%s'", name, got,
                   expected);
    }
    fclose(f);
    printf("%d httpwg vectors\n", ran);
    return ran;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--vectors") == 0) {
        if (run_vectors(argv[2]) == 0)
            return 1;
        return testing_finish();
    }
    test_dictionary();
    test_list();
    test_inner_list();
    test_params();
    test_numbers();
    test_strings();
    test_tokens();
    test_bytes();
    test_booleans();
    test_dates();
    test_display_strings();
    test_items();
    test_limits();
    test_error_offsets();
    test_members();
    test_item_and_list_fields();
    test_foreign_field();
    test_decode();
    test_serialize_buffers();
    test_join_lines();
    test_names();
    return testing_finish();
}
