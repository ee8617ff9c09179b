/* SPDX-License-Identifier: MIT */
/*
 * test_ascii.c - the ASCII module (lib/src/common/ascii.h), every byte
 * value: only A-Z fold (RFC 9309 section 2.2.1 and RFC 9110 section 5.1
 * compare names in ASCII case only), so that a byte >= 0x80 (a UTF-8
 * continuation, Latin-1 'A' with accent) never equals another, and the
 * classes are exactly the ASCII ranges they name.
 */
#include "ascii.h"
#include "testing.h"

#include <string.h>

static void classes_of_every_byte(void) {
    int wrong = 0;
    for (int v = 0; v < 256; v++) {
        unsigned char c = (unsigned char)v;
        int upper = v >= 'A' && v <= 'Z';
        int lower = v >= 'a' && v <= 'z';
        int digit = v >= '0' && v <= '9';
        int hex = digit                    ? v - '0'
                  : (v >= 'a' && v <= 'f') ? v - 'a' + 10
                  : (v >= 'A' && v <= 'F') ? v - 'A' + 10
                                           : -1;
        wrong += rb_ascii_is_upper(c) != upper;
        wrong += rb_ascii_is_alpha(c) != (upper || lower);
        wrong += rb_ascii_is_digit(c) != digit;
        wrong += rb_ascii_is_blank(c) != (v == ' ' || v == '\t');
        wrong += rb_ascii_lower(c) != (upper ? v + 32 : v);
        wrong += rb_ascii_hex_value(c) != hex;
    }
    EXPECT_EQ(wrong, 0);
}

static void comparisons(void) {
    EXPECT(rb_ascii_equal_nocase("User-Agent", 10, "user-agent", 10));
    EXPECT(!rb_ascii_equal_nocase("user-agent", 10, "user-agen", 9));
    EXPECT(rb_ascii_equal_nocase("", 0, "", 0));
    /* 0xC0 and 0xE0 differ by 0x20 as 'A' and 'a' do; they do not fold. */
    EXPECT(!rb_ascii_equal_nocase("\xC0", 1, "\xE0", 1));
    /* '@' and '`' sit beside the letters: no folding either. */
    EXPECT(!rb_ascii_equal_nocase("@", 1, "`", 1));
    EXPECT(!rb_ascii_equal_nocase("[", 1, "{", 1));
    /* Lengths, not NULs, end the strings. */
    EXPECT(rb_ascii_equal_nocase("a\0b", 3, "A\0B", 3));
    EXPECT(!rb_ascii_equal_nocase("a\0b", 3, "A\0C", 3));

    EXPECT(rb_ascii_equal_lower("NoIndex", 7, "noindex"));
    EXPECT(!rb_ascii_equal_lower("NoIndex", 6, "noindex"));
    EXPECT(!rb_ascii_equal_lower("NoIndexX", 8, "noindex"));
    EXPECT(rb_ascii_equal_lower("", 0, ""));
    EXPECT(!rb_ascii_equal_lower("a", 1, ""));

    EXPECT(rb_ascii_starts_lower("Max-Age=60", 10, "max-age"));
    EXPECT(!rb_ascii_starts_lower("Max-Ag", 6, "max-age"));
    EXPECT(rb_ascii_starts_lower("x", 1, ""));
    EXPECT(!rb_ascii_starts_lower("\xCD"
                                  "ax",
                                  3, "max"));
}

int main(void) {
    classes_of_every_byte();
    comparisons();
    return testing_finish();
}
