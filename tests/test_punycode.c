/* SPDX-License-Identifier: MIT */
/*
 * test_punycode.c - RFC 3492 Punycode and the IDNA ToASCII step of host
 * names (robots_punycode_encode, robots_host_to_ascii).
 */
#include "robots_web.h"
#include "testing.h"

#include <stdint.h>
#include <string.h>

typedef struct vector {
    const char *utf8;
    const char *encoded;
} vector;

/* RFC 3492 section 7.1, "Sample strings": every sample, its code points
 * written here as UTF-8. The RFC's (I) shows one capital letter ("baDot")
 * only as a mixed-case annotation; the encoder writes lowercase digits, as
 * section 5 allows, so the expected text is in lowercase. */
static const vector rfc3492_examples[] = {
    /* (A) Arabic (Egyptian) */
    {"\xd9\x84\xd9\x8a\xd9\x87\xd9\x85\xd8\xa7\xd8\xa8\xd8\xaa\xd9"
     "\x83\xd9\x84\xd9\x85\xd9\x88\xd8\xb4\xd8\xb9\xd8\xb1\xd8\xa8"
     "\xd9\x8a\xd8\x9f",
     "egbpdaj6bu4bxfgehfvwxn"},
    /* (B) Chinese (simplified) */
    {"\xe4\xbb\x96\xe4\xbb\xac\xe4\xb8\xba\xe4\xbb\x80\xe4\xb9\x88"
     "\xe4\xb8\x8d\xe8\xaf\xb4\xe4\xb8\xad\xe6\x96\x87",
     "ihqwcrb4cv8a8dqg056pqjye"},
    /* (C) Chinese (traditional) */
    {"\xe4\xbb\x96\xe5\x80\x91\xe7\x88\xb2\xe4\xbb\x80\xe9\xba\xbd"
     "\xe4\xb8\x8d\xe8\xaa\xaa\xe4\xb8\xad\xe6\x96\x87",
     "ihqwctvzc91f659drss3x8bo0yb"},
    /* (D) Czech */
    {"Pro\xc4\x8dprost\xc4\x9bnemluv\xc3\xad\xc4\x8d"
     "esky",
     "Proprostnemluvesky-uyb24dma41a"},
    /* (E) Hebrew */
    {"\xd7\x9c\xd7\x9e\xd7\x94\xd7\x94\xd7\x9d\xd7\xa4\xd7\xa9\xd7"
     "\x95\xd7\x98\xd7\x9c\xd7\x90\xd7\x9e\xd7\x93\xd7\x91\xd7\xa8"
     "\xd7\x99\xd7\x9d\xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa",
     "4dbcagdahymbxekheh6e0a7fei0b"},
    /* (F) Hindi (Devanagari) */
    {"\xe0\xa4\xaf\xe0\xa4\xb9\xe0\xa4\xb2\xe0\xa5\x8b\xe0\xa4\x97"
     "\xe0\xa4\xb9\xe0\xa4\xbf\xe0\xa4\xa8\xe0\xa5\x8d\xe0\xa4\xa6"
     "\xe0\xa5\x80\xe0\xa4\x95\xe0\xa5\x8d\xe0\xa4\xaf\xe0\xa5\x8b"
     "\xe0\xa4\x82\xe0\xa4\xa8\xe0\xa4\xb9\xe0\xa5\x80\xe0\xa4\x82"
     "\xe0\xa4\xac\xe0\xa5\x8b\xe0\xa4\xb2\xe0\xa4\xb8\xe0\xa4\x95"
     "\xe0\xa4\xa4\xe0\xa5\x87\xe0\xa4\xb9\xe0\xa5\x88\xe0\xa4\x82",
     "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
    /* (G) Japanese (kanji and hiragana) */
    {"\xe3\x81\xaa\xe3\x81\x9c\xe3\x81\xbf\xe3\x82\x93\xe3\x81\xaa"
     "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x82\x92\xe8\xa9\xb1"
     "\xe3\x81\x97\xe3\x81\xa6\xe3\x81\x8f\xe3\x82\x8c\xe3\x81\xaa"
     "\xe3\x81\x84\xe3\x81\xae\xe3\x81\x8b",
     "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
    /* (H) Korean (Hangul syllables) */
    {"\xec\x84\xb8\xea\xb3\x84\xec\x9d\x98\xeb\xaa\xa8\xeb\x93\xa0"
     "\xec\x82\xac\xeb\x9e\x8c\xeb\x93\xa4\xec\x9d\xb4\xed\x95\x9c"
     "\xea\xb5\xad\xec\x96\xb4\xeb\xa5\xbc\xec\x9d\xb4\xed\x95\xb4"
     "\xed\x95\x9c\xeb\x8b\xa4\xeb\xa9\xb4\xec\x96\xbc\xeb\xa7\x88"
     "\xeb\x82\x98\xec\xa2\x8b\xec\x9d\x84\xea\xb9\x8c",
     "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
    /* (I) Russian (Cyrillic) */
    {"\xd0\xbf\xd0\xbe\xd1\x87\xd0\xb5\xd0\xbc\xd1\x83\xd0\xb6\xd0"
     "\xb5\xd0\xbe\xd0\xbd\xd0\xb8\xd0\xbd\xd0\xb5\xd0\xb3\xd0\xbe"
     "\xd0\xb2\xd0\xbe\xd1\x80\xd1\x8f\xd1\x82\xd0\xbf\xd0\xbe\xd1"
     "\x80\xd1\x83\xd1\x81\xd1\x81\xd0\xba\xd0\xb8",
     "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
    /* (J) Spanish */
    {"Porqu\xc3\xa9nopuedensimplementehablarenEspa\xc3\xb1ol",
     "PorqunopuedensimplementehablarenEspaol-fmd56a"},
    /* (K) Vietnamese */
    {"T\xe1\xba\xa1isaoh\xe1\xbb\x8dkh\xc3\xb4ngth\xe1\xbb\x83"
     "ch\xe1\xbb\x89n\xc3\xb3iti\xe1\xba\xbfngVi\xe1\xbb\x87t",
     "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
    /* (L) 3<nen>B<gumi><kinpachi><sensei> */
    {"3\xe5\xb9\xb4"
     "B\xe7\xb5\x84\xe9\x87\x91\xe5\x85\xab\xe5\x85\x88\xe7\x94"
     "\x9f",
     "3B-ww4c5e180e575a65lsy2b"},
    /* (M) <amuro><namie>-with-SUPER-MONKEYS */
    {"\xe5\xae\x89\xe5\xae\xa4\xe5\xa5\x88\xe7\xbe\x8e\xe6\x81\xb5"
     "-with-SUPER-MONKEYS",
     "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
    /* (N) Hello-Another-Way-<sorezore><no><basho> */
    {"Hello-Another-Way-\xe3\x81\x9d\xe3\x82\x8c\xe3\x81\x9e\xe3"
     "\x82\x8c\xe3\x81\xae\xe5\xa0\xb4\xe6\x89\x80",
     "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
    /* (O) <hitotsu><yane><no><shita>2 */
    {"\xe3\x81\xb2\xe3\x81\xa8\xe3\x81\xa4\xe5\xb1\x8b\xe6\xa0\xb9"
     "\xe3\x81\xae\xe4\xb8\x8b"
     "2",
     "2-u9tlzr9756bt3uc0v"},
    /* (P) Maji<de>Koi<suru>5<byou><mae> */
    {"Maji\xe3\x81\xa7Koi\xe3\x81\x99\xe3\x82\x8b"
     "5\xe7\xa7\x92\xe5\x89\x8d",
     "MajiKoi5-783gue6qz075azm5e"},
    /* (Q) <pafii>de<runba> */
    {"\xe3\x83\x91\xe3\x83\x95\xe3\x82\xa3\xe3\x83\xbc"
     "de\xe3\x83\xab\xe3\x83\xb3\xe3\x83\x90",
     "de-jg4avhby1noc0d"},
    /* (R) <sono><supiido><de> */
    {"\xe3\x81\x9d\xe3\x81\xae\xe3\x82\xb9\xe3\x83\x94\xe3\x83\xbc"
     "\xe3\x83\x89\xe3\x81\xa7",
     "d9juau41awczczp"},
    /* (S) -> $1.00 <- */
    {"-> $1.00 <-", "-> $1.00 <--"},
};

static void encodes(const char *utf8, const char *expected) {
    char buf[256];
    size_t needed = 0;
    robots_status st =
        robots_punycode_encode(utf8, strlen(utf8), buf, sizeof buf, &needed);
    EXPECT_EQ(st, ROBOTS_OK);
    EXPECT_STRN(buf, needed, expected);
}

static void to_ascii(const char *host, const char *expected) {
    char buf[300];
    size_t needed = 0;
    robots_status st =
        robots_host_to_ascii(host, strlen(host), buf, sizeof buf, &needed);
    EXPECT_MSG(st == ROBOTS_OK, "%s: %d", host, (int)st);
    if (st == ROBOTS_OK)
        EXPECT_STRN(buf, needed, expected);
}

static void bad_host(const char *host, size_t len) {
    char buf[300];
    size_t needed = 0;
    EXPECT_EQ(robots_host_to_ascii(host, len, buf, sizeof buf, &needed),
              ROBOTS_ERR_URL_BAD_HOST);
}

/* UTF-8 of a code point in U+0800-U+FFFF into out[0..3). */
static void utf8_3(uint32_t cp, char *out) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
}

/* Issue 29, finding 8; docs/semantics.md, "A host as browsers map it":
 * UTS #46 maps each full-width form of ASCII, U+FF01-U+FF5E, to the ASCII
 * character it stands for (then a capital to its small letter), and
 * U+3002, U+FF0E, U+FF61 to '.'. A host character comes out as itself; a
 * character a host may not hold is refused as its ASCII form is. */
static void full_width(void) {
    to_ascii("\xef\xbc\xa5\xef\xbc\xb8\xef\xbc\xa1\xef\xbc\xad\xef\xbc\xb0"
             "\xef\xbc\xac\xef\xbc\xa5.com",
             "example.com"); /* ＥＸＡＭＰＬＥ.com */
    to_ascii("\xef\xbd\x85\xef\xbd\x98\xef\xbd\x81\xef\xbd\x8d\xef\xbd\x90"
             "\xef\xbd\x8c\xef\xbd\x85\xef\xbc\x8e\xef\xbd\x83\xef\xbd\x8f"
             "\xef\xbd\x8d",
             "example.com"); /* ｅｘａｍｐｌｅ．ｃｏｍ */
    /* Mapped first, then a label with other non-ASCII code points is
     * converted: ｍÜＬＬＥＲ.eu is xn--mller-kva.eu to UTS #46 too. */
    to_ascii("\xef\xbd\x8d\xc3\x9c\xef\xbc\xac\xef\xbc\xac\xef\xbc\xa5"
             "\xef\xbc\xb2.eu",
             "xn--mller-kva.eu");
    /* Every one of the 94, between 'a' and 'b'. */
    int failures = 0;
    for (uint32_t cp = 0xFF01; cp <= 0xFF5E; cp++) {
        char host[8] = "a???b";
        char buf[32];
        size_t needed = 0;
        char ascii = (char)(cp - 0xFEE0);
        utf8_3(cp, host + 1);
        robots_status st =
            robots_host_to_ascii(host, 5, buf, sizeof buf, &needed);
        char small = ascii >= 'A' && ascii <= 'Z' ? (char)(ascii + 32) : ascii;
        int host_char = (small >= 'a' && small <= 'z') ||
                        (small >= '0' && small <= '9') || small == '-' ||
                        small == '_' || small == '.';
        if (host_char ? st != ROBOTS_OK || needed != 3 || buf[0] != 'a' ||
                            buf[1] != small || buf[2] != 'b'
                      : st != ROBOTS_ERR_URL_BAD_HOST) {
            failures++;
            fprintf(stderr, "U+%04X: status %d\n", (unsigned)cp, (int)st);
        }
    }
    EXPECT_EQ(failures, 0);
    /* The neighbours of the range are not ASCII forms: converted as
     * written, as every other non-ASCII code point (U+FF00 is
     * unassigned, U+FF5F is a full-width parenthesis). */
    to_ascii("a\xef\xbd\x9f"
             "b",
             "xn--ab-w13n");
    to_ascii("a\xef\xbc\x80"
             "b",
             "xn--ab-rt3n");
    /* Capitals beyond Latin-1 are not mapped (UTS #46 maps ПРИМЕР to
     * пример, xn--e1afmkfd): the label as written, a name no registry
     * issues. */
    to_ascii("\xd0\x9f\xd0\xa0\xd0\x98\xd0\x9c\xd0\x95\xd0\xa0."
             "\xd1\x80\xd1\x84",
             "xn--h0afmkfd.xn--p1ai");
    /* A full-width form cut short is not UTF-8, and is refused. */
    bad_host("a\xef\xbc", 3);
    bad_host("\xef\xbc.com", 6);
}

int main(void) {
    size_t i;
    char buf[300];
    size_t needed = 0;

    for (i = 0; i < sizeof rfc3492_examples / sizeof rfc3492_examples[0]; i++)
        encodes(rfc3492_examples[i].utf8, rfc3492_examples[i].encoded);
    full_width();

    /* RFC 3492 section 6.3: with no basic code points there is no '-';
     * with only basic code points the output ends with '-'. */
    encodes("", "");
    encodes("abc", "abc-");
    encodes("\xc3\xbc", "tda"); /* U+00FC alone */

    /* Seed 004 and docs/semantics.md: www.müller.eu is
     * www.xn--mller-kva.eu. */
    encodes("m\xc3\xbcller", "mller-kva");
    to_ascii("www.m\xc3\xbcller.eu", "www.xn--mller-kva.eu");
    to_ascii("www.xn--mller-kva.eu", "www.xn--mller-kva.eu");
    /* Seed 004: "http://www.muller.eu/" is another host. */
    to_ascii("www.muller.eu", "www.muller.eu");
    /* RFC 3490 section 4.1: an ASCII label is only lowercased; U+00DC is
     * folded to U+00FC first (RFC 3491 maps capitals to small letters). */
    to_ascii("WWW.Example.COM", "www.example.com");
    to_ascii("WWW.M\xc3\x9cLLER.EU", "www.xn--mller-kva.eu");
    /* RFC 3490 section 3.1: U+3002, U+FF0E and U+FF61 separate labels. */
    to_ascii("www\xe3\x80\x82m\xc3\xbcller\xef\xbc\x8e"
             "eu",
             "www.xn--mller-kva.eu");
    to_ascii("a\xef\xbd\xa1"
             "b",
             "a.b");
    /* RFC 3492 sample (B) as a host label. */
    to_ascii("\xe4\xbb\x96\xe4\xbb\xac\xe4\xb8\xba\xe4\xbb\x80\xe4\xb9\x88"
             "\xe4\xb8\x8d\xe8\xaf\xb4\xe4\xb8\xad\xe6\x96\x87.com",
             "xn--ihqwcrb4cv8a8dqg056pqjye.com");
    /* RFC 1034 section 3.1: one trailing dot names the root; kept. */
    to_ascii("example.com.", "example.com.");
    to_ascii("under_score.example", "under_score.example");

    /* Invalid UTF-8 is never a host (RFC 3629 section 3): a stray
     * continuation byte, a truncated sequence, an overlong form, a
     * surrogate, a value past U+10FFFF. */
    bad_host("m\xbcller.eu", 9);
    bad_host("m\xc3", 2);
    bad_host("\xc0\xaf.eu", 5);
    bad_host("\xed\xa0\x80.eu", 6);
    bad_host("\xf4\x90\x80\x80.eu", 7);
    /* Empty labels, characters that are not in host names, controls. */
    bad_host("", 0);
    bad_host(".", 1);
    bad_host("a..b", 4);
    bad_host(".a", 2);
    bad_host("a.b..", 5);
    bad_host("ex ample.com", 12);
    bad_host("ex%41mple.com", 13);
    bad_host("a/b", 3);
    bad_host("a\0b", 3);
    bad_host("a\xc2\x85"
             "b",
             4); /* U+0085, a C1 control */
    /* RFC 3490 section 4.1 step 5: a label that needs encoding must not
     * already carry the ACE prefix. */
    bad_host("xn--m\xc3\xbcller.eu", 12);

    /* ROBOTS_MAX_LABEL_BYTES (63, RFC 1035 section 2.3.4): at the limit
     * and one past, for ASCII and for an encoded label. */
    {
        char host[600];
        memset(host, 'a', 63);
        memcpy(host + 63, ".com", 4);
        EXPECT_EQ(robots_host_to_ascii(host, 67, buf, sizeof buf, &needed),
                  ROBOTS_OK);
        EXPECT_EQ(needed, 67);
        memset(host, 'a', 64);
        memcpy(host + 64, ".com", 4);
        bad_host(host, 68);
        /* "xn--" + 58 basic + '-' + "tda"-like tail would pass 63: 56 'a'
         * and one U+00FC give xn--aaa...-XXX; find the boundary. */
        for (i = 50; i < 62; i++) {
            size_t plen;
            char pbuf[128];
            memset(host, 'a', i);
            host[i] = '\xc3';
            host[i + 1] = '\xbc';
            EXPECT_EQ(
                robots_punycode_encode(host, i + 2, pbuf, sizeof pbuf, &plen),
                ROBOTS_OK);
            EXPECT_EQ(
                robots_host_to_ascii(host, i + 2, buf, sizeof buf, &needed),
                plen + 4 <= 63 ? ROBOTS_OK : ROBOTS_ERR_URL_BAD_HOST);
        }
    }
    /* ROBOTS_MAX_HOST_BYTES (253): labels of 63 bytes; 253 passes, 254
     * does not (a trailing dot is not counted). */
    {
        char host[600];
        size_t o = 0;
        int k;
        for (k = 0; k < 3; k++) {
            memset(host + o, 'a', 63);
            o += 63;
            host[o++] = '.';
        }
        memset(host + o, 'b', 61);
        o += 61;
        EXPECT_EQ(o, 253);
        EXPECT_EQ(robots_host_to_ascii(host, o, buf, sizeof buf, &needed),
                  ROBOTS_OK);
        EXPECT_EQ(needed, 253);
        host[o] = '.';
        EXPECT_EQ(robots_host_to_ascii(host, o + 1, buf, sizeof buf, &needed),
                  ROBOTS_OK);
        EXPECT_EQ(needed, 254);
        host[o] = 'b';
        bad_host(host, o + 1);
    }

    /* The buffer convention of robots.h: the length is reported, and
     * ROBOTS_ERR_BUFFER_TOO_SMALL when cap <= length. */
    EXPECT_EQ(robots_punycode_encode("m\xc3\xbcller", 7, buf, 9, &needed),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 9);
    EXPECT_EQ(robots_punycode_encode("m\xc3\xbcller", 7, buf, 10, &needed),
              ROBOTS_OK);
    EXPECT_EQ(robots_punycode_encode("m\xc3\xbcller", 7, NULL, 0, &needed),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 9);
    EXPECT_EQ(robots_host_to_ascii("Example.com", 11, buf, 11, &needed),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 11);
    EXPECT_EQ(robots_punycode_encode("\xff", 1, buf, sizeof buf, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_punycode_encode(NULL, 1, buf, sizeof buf, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);

    /* ROBOTS_MAX_PUNYCODE_CODE_POINTS: at the limit and one past. */
    {
        static char big[2 * 1025];
        static char out[8192];
        for (i = 0; i < 1025; i++) {
            big[2 * i] = '\xc3';
            big[2 * i + 1] = (char)(0xa0 + i % 32);
        }
        EXPECT_EQ(robots_punycode_encode(big,
                                         2 * ROBOTS_MAX_PUNYCODE_CODE_POINTS,
                                         out, sizeof out, &needed),
                  ROBOTS_OK);
        EXPECT_EQ(robots_punycode_encode(
                      big, 2 * (ROBOTS_MAX_PUNYCODE_CODE_POINTS + 1), out,
                      sizeof out, &needed),
                  ROBOTS_ERR_TOO_LARGE);
    }
    return testing_finish();
}
