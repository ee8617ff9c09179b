/* SPDX-License-Identifier: MIT */
/*
 * test_text_quote.c - the one quoting helper of messages (quote.h) and the
 * HTTP field line reader (http_field.h), each on its own: every byte
 * class, the room at its limit and past it, a cut that never splits a
 * UTF-8 character, and the field line's RFC 9112 5.1 shape. The callers'
 * messages (parse, analysis, usage lint) are tested where they are made.
 */
#include "http_field.h"
#include "quote.h"
#include "testing.h"

#include <stdint.h>
#include <string.h>

static void expect_quote(const char *s, size_t len, rb_quote_keep keep,
                         size_t cap, const char *want) {
    char out[64];
    EXPECT(cap <= sizeof out);
    EXPECT(rb_text_quote(s, len, keep, out, cap) == out);
    EXPECT_STRN(out, strlen(out), want);
}

static void test_quote(void) {
    /* Printable ASCII kept; controls, DEL and high bytes as '?'. */
    expect_quote("a\tb\x7f"
                 "c",
                 5, RB_QUOTE_KEEP_ASCII, 16, "a?b?c");
    expect_quote("caf\xc3\xa9", 5, RB_QUOTE_KEEP_ASCII, 16, "caf??");
    /* UTF-8 kept whole; a C1 control (U+0085) is one '?'; invalid bytes
     * and a truncated character are '?' each. */
    expect_quote("caf\xc3\xa9", 5, RB_QUOTE_KEEP_UTF8, 16, "caf\xc3\xa9");
    expect_quote("a\xc2\x85"
                 "b",
                 4, RB_QUOTE_KEEP_UTF8, 16, "a?b");
    expect_quote("a\xff\xe2\x82", 4, RB_QUOTE_KEEP_UTF8, 16, "a???");
    expect_quote("\xf0\x9f\x98\x80", 4, RB_QUOTE_KEEP_UTF8, 16,
                 "\xf0\x9f\x98\x80");
    /* The room is cap - 4: exactly that many bytes stay whole... */
    expect_quote("abcd", 4, RB_QUOTE_KEEP_ASCII, 8, "abcd");
    /* ...one more is cut with "...". */
    expect_quote("abcde", 5, RB_QUOTE_KEEP_ASCII, 8, "abcd...");
    /* A character that does not fit whole is left out, never split. */
    expect_quote("abc\xc3\xa9", 5, RB_QUOTE_KEEP_UTF8, 8, "abc...");
    expect_quote("", 0, RB_QUOTE_KEEP_UTF8, 8, "");
}

/* The fast ASCII quote (16 or 8 bytes a step) against the byte-at-a-time
 * one on (s, len) with room cap: the same bytes, length and NUL. */
static void expect_same_quote(const char *s, size_t len, size_t cap) {
    char fast[80], plain[80];
    memset(fast, 'x', sizeof fast);
    memset(plain, 'x', sizeof plain);
    size_t n = rb_text_quoted(s, len, RB_QUOTE_KEEP_ASCII, fast, cap);
    size_t m = rb_text_quote_plain(s, len, RB_QUOTE_KEEP_ASCII, plain, cap);
    EXPECT_EQ(n, m);
    EXPECT(memcmp(fast, plain, sizeof fast) == 0); /* nothing past the NUL */
}

static void test_fast_quote(void) {
    /* Every byte value at every offset of every length up to past the
     * room (cap 44: the parse's 40 bytes), and the caps around 8 and 16,
     * where the steps change. */
    static const size_t caps[] = {8, 11, 12, 19, 20, 21, 27, 44, 64};
    char s[72];
    for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++)
        for (size_t len = 0; len <= caps[k] + 4; len++)
            for (size_t at = 0; at < len; at++)
                for (int c = 0; c < 256; c++) {
                    memset(s, 'a', len);
                    s[at] = (char)c;
                    expect_same_quote(s, len, caps[k]);
                }
    /* Random bytes, lengths and caps: a fixed sequence (xorshift). */
    uint32_t x = 2463534242u;
    for (int round = 0; round < 20000; round++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        size_t len = x % 70, cap = 8 + (x >> 8) % 70;
        for (size_t i = 0; i < len; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            /* half printable ASCII, half any byte */
            s[i] = (char)((x & 1) ? 0x20 + (x >> 1) % 0x5F : (x >> 1) & 0xFF);
        }
        expect_same_quote(s, len, cap);
    }
    /* Printable ASCII kept, the rest '?', cut after the room. */
    expect_quote("\x80\x7f\x1f !~abcdefghijklmnop\xff", 23, RB_QUOTE_KEEP_ASCII,
                 64, "??? !~abcdefghijklmnop?");
    expect_quote("0123456789abcdefghijklmnopqrstuvwxyz0123456789", 46,
                 RB_QUOTE_KEEP_ASCII, 44,
                 "0123456789abcdefghijklmnopqrstuvwxyz0123...");
}

static void test_field_split(void) {
    size_t name = 0, b = 0, e = 0;
    const char line[] = "Cache-Control: \t max-age=5 \t";
    EXPECT_EQ(rb_http_field_split(line, sizeof line - 1, &name, &b, &e), 1);
    EXPECT_EQ(name, 13u);
    EXPECT_STRN(line + b, e - b, "max-age=5");
    EXPECT_EQ(rb_http_field_split("A:", 2, &name, &b, &e), 1);
    EXPECT_EQ(b, e);
    EXPECT_EQ(rb_http_field_split("A :x", 4, &name, &b, &e), 0);
    EXPECT_EQ(rb_http_field_split(" A:x", 4, &name, &b, &e), 0);
    EXPECT_EQ(rb_http_field_split(":x", 2, &name, &b, &e), 0);
    EXPECT_EQ(rb_http_field_split("Ax", 2, &name, &b, &e), 0);
    EXPECT_EQ(rb_http_field_split("A(b):x", 6, &name, &b, &e), 0);
    EXPECT_EQ(rb_http_field_split("", 0, &name, &b, &e), 0);
    for (int c = 0; c < 256; c++) {
        int tchar = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                    (c >= 'A' && c <= 'Z') ||
                    (c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL);
        EXPECT_EQ(rb_http_is_tchar((unsigned char)c), tchar);
    }
}

int main(void) {
    test_quote();
    test_fast_quote();
    test_field_split();
    return testing_finish();
}
