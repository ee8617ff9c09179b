/* SPDX-License-Identifier: MIT */
/*
 * parse_keys.c - a line's key: the four keys spelt exactly, each
 * profile's accepted spellings and typos ("useragent", "dissallow"), the
 * extension keys it knows, and the key a line without ':' likely meant.
 */
#include "ascii.h"
#include "byte_class.h"
#include "diag_message.h"
#include "parser.h"
#include "words.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
#endif

/* ---- keys --------------------------------------------------------------- */

/* A word and its length, so that a key of another length is told apart
 * by one compare, with no strlen() (a page of HTML served as robots.txt
 * asks about every one of its lines). */
typedef struct known_word {
    const char *text;
    size_t len;
} known_word;
#define KNOWN(s)                                                               \
    { (s), sizeof(s) - 1 }

static int starts_with_nocase(const char *s, size_t len, known_word prefix) {
    return len >= prefix.len &&
           rb_equal_nocase_fast(s, prefix.len, prefix.text, prefix.len);
}

static int equals_nocase(const char *s, size_t len, known_word word) {
    return len == word.len && rb_equal_nocase_fast(s, len, word.text, len);
}

static const known_word canonical_key[] = {
    {NULL, 0},         KNOWN("User-agent"), KNOWN("Allow"),
    KNOWN("Disallow"), KNOWN("Sitemap"),    {NULL, 0}};

/* Whether a may be within `limit` edits of the known key by its bytes
 * alone (1: perhaps; 0: far). An edit takes at most one byte of a out of b's
 * bytes as a multiset (a transposition none), so more than `limit` bytes of a
 * that b lacks is far: a count settles most unknown keys. Bytes are counted by
 * their low five bits, lowercased, which only merges counts and so never calls
 * near keys far. 1: not settled (perhaps near). */
static int few_lacking(const char *a, size_t alen, known_word known,
                       size_t limit) {
    unsigned char have[32] = {0};
    size_t lacking = 0;
    for (size_t j = 0; j < known.len; j++)
        have[rb_lower_fast((unsigned char)known.text[j]) & 31]++;
    for (size_t i = 0; i < alen; i++) {
        unsigned char *c = &have[rb_lower_fast((unsigned char)a[i]) & 31];
        if (*c != 0)
            (*c)--;
        else if (++lacking > limit)
            return 0;
    }
    return 1;
}

/* Is the optimal string alignment distance of a and b (case-insensitive)
 * at most `limit` (1 or 2)? b, a known key, has 1 to 16 bytes (the typo
 * keys' longest has 14); a key longer than 24 bytes is far. The distance
 * is Hyyro's bit-parallel one (Myers' edit distance with his
 * transpositions): b's positions as bits, one step of a dozen word
 * operations for each byte of a, where the table of the distances (the
 * cells near its diagonal) cost about 700 instructions a key of the
 * real-world corpus's. Each step needs the positions of b that equal a's
 * byte: all sixteen compared at once with SSE2. The fuzzers' build holds
 * it to the table (keys_within_table()). */
static int keys_within(const char *a, size_t alen, known_word known,
                       size_t limit) {
    const char *b = known.text;
    size_t m = known.len;
    if (alen > 24 || m - 1 >= 16 || alen + limit < m || m + limit < alen)
        return 0;
    if (!few_lacking(a, alen, known, limit))
        return 0;
#ifdef RB_SSE2
    char lowered[16] = {0};
    for (size_t j = 0; j < m; j++)
        lowered[j] = (char)rb_lower_fast((unsigned char)b[j]);
    const __m128i bytes =
        _mm_loadu_si128((const __m128i *)(const void *)lowered);
#endif
    const uint32_t all = ((uint32_t)1 << m) - 1, top = (uint32_t)1 << (m - 1);
    /* vertical deltas (+1, -1) of the column, D0 and eq of the one before */
    uint32_t vp = all, vn = 0, d0_before = 0, eq_before = 0;
    size_t score = m; /* the distance of b and a's bytes so far */
    for (size_t i = 0; i < alen; i++) {
        unsigned char c = rb_lower_fast((unsigned char)a[i]);
#ifdef RB_SSE2
        uint32_t eq = (uint32_t)_mm_movemask_epi8(
                          _mm_cmpeq_epi8(bytes, _mm_set1_epi8((char)c))) &
                      all;
#else
        uint32_t eq = 0;
        for (size_t j = 0; j < m; j++)
            eq |= (uint32_t)(rb_lower_fast((unsigned char)b[j]) == c) << j;
#endif
        uint32_t transposed = ((~d0_before & eq) << 1) & eq_before;
        uint32_t d0 = (((eq & vp) + vp) ^ vp) | eq | vn | transposed;
        uint32_t hp = vn | ~(d0 | vp), hn = vp & d0;
        score += (hp & top) != 0;
        score -= (hn & top) != 0;
        hp = hp << 1 | 1; /* the top row: a's first i bytes are i edits */
        hn = hn << 1;
        vp = hn | ~(d0 | hp);
        vn = hp & d0;
        d0_before = d0;
        eq_before = eq;
    }
    return score <= limit;
}

#ifdef RB_PARSE_CROSSCHECK
/* keys_within() by the table, for the fuzzers' build to hold it to: is
 * the optimal string alignment distance of a and b (case-insensitive) at
 * most `limit` (1 or 2)? Only cells within `limit` of the diagonal can
 * hold a distance that small, so only those are computed (any other is
 * "far", more than the limit), and two rows with no cell within the limit
 * end the search: an unknown key, often a line of text, costs a few rows,
 * not a table. Keys longer than 24 bytes are far. */
/* complexity: 30 (pmccabe). A banded dynamic program: its branches are
 * the band's bounds and the transposition case of each cell, which a
 * helper per cell would only pass around as arguments. Only a key the
 * profile does not know reaches it. */
static int keys_within_table(const char *a, size_t alen, known_word known,
                             size_t limit) {
    const char *b = known.text;
    size_t blen = known.len;
    if (alen > 24 || blen > 24 || alen + limit < blen || blen + limit < alen)
        return 0;
    if (!few_lacking(a, alen, known, limit))
        return 0;
    enum { FAR = 3 }; /* more than any limit */
    unsigned char d[25][25], prev_best = 0;
    for (size_t j = 0; j <= blen; j++)
        d[0][j] = (unsigned char)(j <= limit ? j : FAR);
    for (size_t i = 1; i <= alen; i++) {
        size_t lo = i > limit ? i - limit : 1;
        size_t hi = i + limit < blen ? i + limit : blen;
        unsigned char row_best = FAR;
        d[i][0] = (unsigned char)(i <= limit ? i : FAR);
        if (lo > 1)
            d[i][lo - 1] = FAR;
        if (hi < blen)
            d[i][hi + 1] = FAR;
        unsigned char ca = rb_lower_fast((unsigned char)a[i - 1]);
        for (size_t j = lo; j <= hi; j++) {
            unsigned char cb = rb_lower_fast((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (size_t)(ca != cb);
            if (j <= i - 1 + limit && d[i - 1][j] + 1u < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1u < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 &&
                ca == rb_lower_fast((unsigned char)b[j - 2]) &&
                rb_lower_fast((unsigned char)a[i - 2]) == cb &&
                d[i - 2][j - 2] + 1u < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = (unsigned char)(best < FAR ? best : FAR);
            if (d[i][j] < row_best)
                row_best = d[i][j];
        }
        /* A transposition reaches this row from the one before the last,
         * so both must be far for the rows after them to be. */
        if (row_best > limit && prev_best >= limit)
            return 0;
        prev_best = row_best;
    }
    return d[alen][blen] <= limit;
}

#endif

#ifdef RB_PARSE_CROSSCHECK
/* The classes of a key's bytes as keys_within() counts them (the low five
 * bits, lowercased), as a set: bit c for each class c. Lowercasing only
 * adds 0x20, outside the low five bits, so the class is the byte's own. */
static uint32_t byte_classes(const char *s, size_t len) {
    uint32_t set = 0;
    for (size_t i = 0; i < len; i++)
        set |= (uint32_t)1 << ((unsigned char)s[i] & 31);
    return set;
}
#endif

/* typo_keys[i]'s byte_classes() (the fuzzers' build checks them). */
#define CLASSES_0 0x3c60a2u  /* User-agent */
#define CLASSES_1 0x809002u  /* Allow */
#define CLASSES_2 0x889212u  /* Disallow */
#define CLASSES_3 0x192222u  /* Sitemap */
#define CLASSES_4 0x284303au /* Crawl-delay */
#define CLASSES_5 0x38e0aau  /* Content-Usage */
#define CLASSES_6 0x18f2aau  /* Content-Signal */
/* For a byte of class c, one byte a key, key i's byte i: 1 when c is not
 * among key i's classes. Summed over a word of at most 16 bytes, each
 * byte counts the word's bytes that key lacks, with no carry between. */
#define LACKS(c, i, classes)                                                   \
    ((uint64_t)((((classes) >> (c)) & 1u) ^ 1u) << (8 * (i)))
#define LACK_LANES(c)                                                          \
    (LACKS(c, 0, CLASSES_0) | LACKS(c, 1, CLASSES_1) |                         \
     LACKS(c, 2, CLASSES_2) | LACKS(c, 3, CLASSES_3) |                         \
     LACKS(c, 4, CLASSES_4) | LACKS(c, 5, CLASSES_5) | LACKS(c, 6, CLASSES_6))
static const uint64_t lack_lanes[32] = {
    LACK_LANES(0),  LACK_LANES(1),  LACK_LANES(2),  LACK_LANES(3),
    LACK_LANES(4),  LACK_LANES(5),  LACK_LANES(6),  LACK_LANES(7),
    LACK_LANES(8),  LACK_LANES(9),  LACK_LANES(10), LACK_LANES(11),
    LACK_LANES(12), LACK_LANES(13), LACK_LANES(14), LACK_LANES(15),
    LACK_LANES(16), LACK_LANES(17), LACK_LANES(18), LACK_LANES(19),
    LACK_LANES(20), LACK_LANES(21), LACK_LANES(22), LACK_LANES(23),
    LACK_LANES(24), LACK_LANES(25), LACK_LANES(26), LACK_LANES(27),
    LACK_LANES(28), LACK_LANES(29), LACK_LANES(30), LACK_LANES(31)};
/* Added to the sums: key i's byte gets its high bit when more than its
 * limit (typo_limit(): 1 for Allow, 2 for the others) of the word's bytes
 * are of classes it lacks (at most 16 + 0x7D: no carry). */
#define FAR_BIAS 0x007D7D7D7D7D7E7Dull

/* The keys a misspelt key may have been meant as; keys_within()'s limit
 * for each (1 for a short key). */
static const known_word typo_keys[] = {
    KNOWN("User-agent"),    KNOWN("Allow"),       KNOWN("Disallow"),
    KNOWN("Sitemap"),       KNOWN("Crawl-delay"), KNOWN("Content-Usage"),
    KNOWN("Content-Signal")};
static size_t typo_limit(known_word word) {
    return word.len <= 5 ? 1 : 2;
}

#ifdef RB_PARSE_CROSSCHECK
/* typo_of() the plain way, every key's distance: the fuzzers' build holds
 * the one below to it. */
static const known_word *typo_of_plain(const char *key, size_t len) {
    for (size_t i = 0; i < sizeof typo_keys / sizeof typo_keys[0]; i++)
        if (keys_within_table(key, len, typo_keys[i], typo_limit(typo_keys[i])))
            return &typo_keys[i];
    return NULL;
}
#endif

/* typo_of()'s first test (its length table, as the fuzzers' build checks)
 * in one compare, before a call: most words asked are a page's markup. */
static int near_some_key(size_t len) {
    return len - 4 <= 16 - 4;
}

/* The known key a misspelt key was probably meant as, or NULL. Most keys
 * asked about are a line's first word of text or markup, so two tables
 * (checked by the fuzzers' build) settle most of them before any
 * distance: which keys are near in length (keys_within()'s first test),
 * and each key's set of byte classes, as keys_within() counts bytes: more
 * than `limit` classes of a word's bytes that a key lacks is far. */
static const known_word *typo_of(const char *key, size_t len) {
    /* bit i: typo_keys[i] is within its limit of the length (none of a
     * longer one) */
    static const uint8_t near_in_length[17] = {
        0x00, 0x00, 0x00, 0x00, 0x02, 0x0a, 0x0e, 0x0c, 0x0d,
        0x1d, 0x15, 0x31, 0x71, 0x70, 0x60, 0x60, 0x40};
    const known_word *guess = NULL;
    unsigned near = len < sizeof near_in_length ? near_in_length[len] : 0;
    if (near != 0) {
        /* More than `limit` bytes of the word of classes a key lacks is
         * far: keys_within()'s count of the bytes of a that b lacks is at
         * least that many. */
        uint64_t lacking = 0;
        for (size_t i = 0; i < len; i++)
            lacking += lack_lanes[(unsigned char)key[i] & 31];
        /* the far keys' flags, byte i's high bit, gathered into bit i */
        uint64_t far = ((lacking + FAR_BIAS) & RB_HIGHS) >> 7;
        unsigned far_bits = (unsigned)((far * 0x0102040810204080ull) >> 56);
        /* the keys left, in typo_keys' order: the first within wins */
        unsigned left = near & ~far_bits;
        for (size_t i = 0; left >> i != 0 && guess == NULL; i++)
            if ((left >> i & 1) != 0 &&
                keys_within(key, len, typo_keys[i], typo_limit(typo_keys[i])))
                guess = &typo_keys[i];
    }
#ifdef RB_PARSE_CROSSCHECK
    static const uint32_t classes_of[] = {CLASSES_0, CLASSES_1, CLASSES_2,
                                          CLASSES_3, CLASSES_4, CLASSES_5,
                                          CLASSES_6};
    for (size_t i = 0; i < sizeof typo_keys / sizeof typo_keys[0]; i++) {
        size_t limit = typo_limit(typo_keys[i]), n = typo_keys[i].len;
        int within = len + limit >= n && n + limit >= len;
        if (within != (len < sizeof near_in_length &&
                       (near_in_length[len] >> i & 1) != 0) ||
            byte_classes(typo_keys[i].text, n) != classes_of[i] ||
            (FAR_BIAS >> (8 * i) & 0xFF) != 0x7F - limit)
            abort();
    }
    if (guess != typo_of_plain(key, len) || near_some_key(len) != (near != 0))
        abort();
#endif
    return guess;
}

/* typo_of() of a line's key, remembered from one line to the next: a file
 * that misspells a key does so on each of its lines ("Disalow" on every
 * rule line, about 1,800 instructions each, most of such a file's parse),
 * and the same bytes have the same guess. */
static const known_word *line_typo_of(parser *p, const char *key, size_t len) {
    if (!near_some_key(len))
        return NULL; /* a page's "<a", "<div", "<td>": no call, no memo */
    if (p->typo_key != NULL && p->typo_len == len &&
        memcmp(p->typo_key, key, len) == 0)
        return p->typo_guess;
    p->typo_key = key;
    p->typo_len = len;
    p->typo_guess = typo_of(key, len);
    return p->typo_guess;
}

/* Keys that other crawlers act on and that this library keeps as records
 * (content-usage and content-signal are read by robots_usage(),
 * robots_usage.h, by no verdict). By length, each a word compare
 * (is_word(): lowercase letters and '-', any case), as every key no
 * profile knows is asked: ten calls of a byte loop each cost 0.4 M
 * instructions of the real-world corpus's google parse. */
static int is_known_extension(const char *key, size_t len) {
    switch (len) {
    case 4:
        return is_word(key, "host", 4);
    case 7:
        return is_word(key, "noindex", 7);
    case 8:
        return is_word(key, "nofollow", 8);
    case 9:
        return is_word(key, "noarchive", 9);
    case 10:
        return is_word(key, "visit-time", 10);
    case 11:
        return is_word(key, "crawl-delay", 11) ||
               is_word(key, "clean-param", 11);
    case 12:
        return is_word(key, "request-rate", 12);
    case 13:
        return is_word(key, "content-usage", 13);
    case 14:
        return is_word(key, "content-signal", 14);
    default:
        return 0;
    }
}

/* google/robotstxt: keys match by prefix, typos included, in this order. */
static enum key_kind google_key(const char *key, size_t len, int *typo) {
    static const struct {
        known_word prefix;
        enum key_kind kind;
        int typo;
    } table[] = {
        {KNOWN("user-agent"), KEY_USER_AGENT, 0},
        {KNOWN("useragent"), KEY_USER_AGENT, 1},
        {KNOWN("user agent"), KEY_USER_AGENT, 1},
        {KNOWN("allow"), KEY_ALLOW, 0},
        {KNOWN("disallow"), KEY_DISALLOW, 0},
        {KNOWN("dissallow"), KEY_DISALLOW, 1},
        {KNOWN("dissalow"), KEY_DISALLOW, 1},
        {KNOWN("disalow"), KEY_DISALLOW, 1},
        {KNOWN("diasllow"), KEY_DISALLOW, 1},
        {KNOWN("disallaw"), KEY_DISALLOW, 1},
        {KNOWN("sitemap"), KEY_SITEMAP, 0},
        {KNOWN("site-map"), KEY_SITEMAP, 1},
    };
    /* Every prefix starts with 'u', 'a', 'd' or 's' (any case): another
     * key (an extension, a page's word) is told apart at its first byte,
     * not after a dozen compares. */
    unsigned first = len != 0 ? (unsigned char)key[0] | 0x20u : 0;
    if (first != 'u' && first != 'a' && first != 'd' && first != 's')
        return KEY_OTHER;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (starts_with_nocase(key, len, table[i].prefix)) {
            *typo = table[i].typo;
            return table[i].kind;
        }
    }
    return KEY_OTHER;
}

/* "'KEY' is an extension: ...": written where it is kept
 * (diag_message.h), as a file may have it on many lines. */
__attribute__((noinline)) /* its room off rb_parse_classify_key()'s frame */
static void
extension_diag(parser *p, const char *key, size_t len) {
    RB_DIAG_QUOTED(
        p, key, len, ROBOTS_DIAG_EXTENSION, ROBOTS_SEVERITY_NOTE, "'", key, len,
        "' is an extension: kept as a record, never part of a verdict");
}

/* A key no profile knows, under the cap (unknown_key()): a typo of a
 * known key (rfc9309 and legacy know exact keys only: the line is
 * ignored, KEY_NONE), or unknown (KEY_OTHER, kept as a record). */
__attribute__((noinline)) /* its room off rb_parse_classify_key()'s frame */
static enum key_kind
unknown_key_diag(parser *p, const char *key, size_t len) {
    static const char head[] = "unknown key '";
    static const char typo_tail[] = "' is ignored; did you mean ";
    static const char unknown_tail[] = "' is kept as a record and ignored";
    char buf[RB_DIAG_ROOM];
    /* The kind is known only after the guess: counted as an unknown key
     * first, and moved to the typo's count when it is one. Past the cap
     * the guess is still made, as it decides whether the line is kept. */
    char *out = rb_parse_diag_room(p, ROBOTS_DIAG_UNKNOWN_KEY, buf, sizeof buf);
    if (out == NULL)
        return KEY_OTHER; /* never: unknown_key() counted it */
    _Static_assert(RB_DIAG_FITS(sizeof head + sizeof typo_tail + 16 + 1, 1) &&
                       RB_DIAG_FITS(sizeof head + sizeof unknown_tail, 1),
                   "cut");
    size_t n = RB_DIAG_PUT(out, 0, head);
    n = rb_diag_put_quote(p, out, n, key, len);
    const known_word *guess = line_typo_of(p, key, len);
    if (guess == NULL) {
        n = RB_DIAG_PUT(out, n, unknown_tail);
        RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(head), RB_MSG_QUOTE(key, len),
                           RB_MSG_TEXT(unknown_tail));
        rb_parse_diag_keep(p, key, len, ROBOTS_DIAG_UNKNOWN_KEY,
                           ROBOTS_SEVERITY_WARNING, out, n);
        return KEY_OTHER;
    }
    p->kind_totals[ROBOTS_DIAG_UNKNOWN_KEY]--;
    p->kind_totals[ROBOTS_DIAG_TYPO_KEY]++;
    n = RB_DIAG_PUT(out, n, typo_tail);
    n = rb_diag_put_text(out, n, guess->text, guess->len);
    n = RB_DIAG_PUT(out, n, "?");
    RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(head), RB_MSG_QUOTE(key, len),
                       RB_MSG_TEXT(typo_tail), {guess->text, guess->len, 0},
                       RB_MSG_TEXT("?"));
    /* rfc9309 and legacy know exact keys only: the line is ignored. */
    rb_parse_diag_keep(p, key, len, ROBOTS_DIAG_TYPO_KEY,
                       p->profile == ROBOTS_PROFILE_GOOGLE
                           ? ROBOTS_SEVERITY_WARNING
                           : ROBOTS_SEVERITY_ERROR,
                       out, n);
    rb_parse_diag_suggest(p, guess->text, guess->len);
    return KEY_NONE;
}

/* unknown_key_diag() under the cap; past it only counted, with no frame
 * for a message, but guessed, as the guess decides whether the line is
 * kept. */
static enum key_kind unknown_key(parser *p, const char *key, size_t len) {
    if (!rb_parse_diag_counted_past_cap(p, ROBOTS_DIAG_UNKNOWN_KEY))
        return unknown_key_diag(p, key, len);
    if (line_typo_of(p, key, len) == NULL)
        return KEY_OTHER;
    p->kind_totals[ROBOTS_DIAG_UNKNOWN_KEY]--;
    p->kind_totals[ROBOTS_DIAG_TYPO_KEY]++;
    return KEY_NONE;
}

/* Classifies a key, reporting what was odd about it. KEY_NONE: the line is
 * to be ignored (a typo rfc9309 and legacy do not accept). */
enum key_kind rb_parse_classify_key(parser *p, const char *key, size_t len) {
    char q[48];
    enum key_kind exact = exact_key(key, len);
    if (exact != KEY_OTHER)
        return exact;
    if (p->profile == ROBOTS_PROFILE_GOOGLE) {
        int typo = 0;
        enum key_kind kind = google_key(key, len, &typo);
        if (kind != KEY_OTHER) {
            const char *name = canonical_key[kind].text;
            if (!typo && equals_nocase(key, len, canonical_key[kind]))
                return kind;
            if (rb_parse_diag_capped(p, typo ? ROBOTS_DIAG_TYPO_KEY
                                             : ROBOTS_DIAG_KEY_BY_PREFIX))
                return kind;
            if (typo)
                rb_parse_key_diag(
                    p, key, len, ROBOTS_DIAG_TYPO_KEY, ROBOTS_SEVERITY_NOTE,
                    name, "key '%s' is a misspelling of %s, accepted as such",
                    rb_parse_quote(key, len, q), name);
            else
                rb_parse_key_diag(
                    p, key, len, ROBOTS_DIAG_KEY_BY_PREFIX,
                    ROBOTS_SEVERITY_NOTE, name,
                    "key '%s' is read as %s because it starts with it",
                    rb_parse_quote(key, len, q), name);
            return kind;
        }
    }
    /* rfc9309 and legacy know the four keys spelt exactly (any case):
     * exact_key()'s, which said no above. */
    if (is_known_extension(key, len)) {
        extension_diag(p, key, len);
        return KEY_OTHER;
    }
    return unknown_key(p, key, len);
}

/* The length of s's first word, up to its first ' ' or '\t': sixteen
 * bytes a step while the body has them (a page of HTML's first words fit
 * in one), else eight where the byte order lets the first flag be found
 * (words.h), as a page of text served as robots.txt asks it each line. */
static size_t first_word_len(const parser *p, const char *s, size_t len) {
    size_t i = 0;
#ifdef RB_SSE2
    for (; i < len && (size_t)(p->body_end - (s + i)) >= 16; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned blank = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
                         _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
        if (blank != 0) {
            size_t at = i + (size_t)__builtin_ctz(blank);
            return at < len ? at : len;
        }
    }
    if (i >= len)
        return len;
#else
    (void)p;
#endif
#ifdef RB_LITTLE_ENDIAN
    for (; len - i >= 8; i += 8) {
        uint64_t v = rb_load8(s + i);
        uint64_t m = rb_zero_byte(v ^ (RB_ONES * ' ')) |
                     rb_zero_byte(v ^ (RB_ONES * '\t'));
        if (m != 0)
            return i + rb_first_flagged(m);
    }
#endif
    while (i < len && !rb_ascii_is_blank((unsigned char)s[i]))
        i++;
    return i;
}

/* google: "line without ':' is read as key '...' and its value", written
 * where it is kept (diag_message.h), as a page of text served as
 * robots.txt has it on most of its lines: through the format path
 * (rb_parse_key_diag()) it cost about 520 instructions each, 1.5 M of the
 * real-world corpus's google parse. */
void rb_parse_two_words(parser *p, const char *key, size_t klen) {
    RB_DIAG_QUOTED(p, key, klen, ROBOTS_DIAG_NO_SEPARATOR_PAIR,
                   ROBOTS_SEVERITY_NOTE, "line without ':' is read as key '",
                   key, klen, "' and its value");
}

/* rb_parse_missing_colon()'s report, under the cap: its message, with
 * the key the line was likely meant to be, written where it is kept
 * (diag_message.h), as a page of text served as robots.txt has it on
 * most lines. */
__attribute__((noinline)) /* its frame off the calls past the cap */
static void
missing_colon_diag(parser *p, const char *content, size_t len) {
    static const char head[] = "line '";
    static const char tail[] = "' has no ':' and is ignored";
    static const char ask[] = "; did you mean '";
    static const char ask_end[] = ": ...'?";
    char buf[RB_DIAG_ROOM];
    char *out =
        rb_parse_diag_room(p, ROBOTS_DIAG_MISSING_COLON, buf, sizeof buf);
    if (out == NULL)
        return; /* never: rb_parse_missing_colon() counted it */
    _Static_assert(RB_DIAG_FITS(sizeof head + sizeof tail + sizeof ask +
                                    sizeof ask_end + 16,
                                1),
                   "cut");
    size_t n = RB_DIAG_PUT(out, 0, head);
    n = rb_diag_put_quote(p, out, n, content, len);
    n = RB_DIAG_PUT(out, n, tail);
    size_t wlen = first_word_len(p, content, len);
    enum key_kind k = p->profile == ROBOTS_PROFILE_GOOGLE
                          ? KEY_OTHER
                          : exact_key(content, wlen);
    const known_word *guess = k != KEY_OTHER        ? &canonical_key[k]
                              : near_some_key(wlen) ? typo_of(content, wlen)
                                                    : NULL;
    if (guess == NULL) {
        RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(head),
                           RB_MSG_QUOTE(content, len), RB_MSG_TEXT(tail));
        rb_parse_diag_keep(p, content, wlen, ROBOTS_DIAG_MISSING_COLON,
                           ROBOTS_SEVERITY_WARNING, out, n);
        return;
    }
    n = RB_DIAG_PUT(out, n, ask);
    n = rb_diag_put_text(out, n, guess->text, guess->len);
    n = RB_DIAG_PUT(out, n, ask_end);
    RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(head), RB_MSG_QUOTE(content, len),
                       RB_MSG_TEXT(tail), RB_MSG_TEXT(ask),
                       {guess->text, guess->len, 0}, RB_MSG_TEXT(ask_end));
    rb_parse_diag_keep(p, content, wlen, ROBOTS_DIAG_MISSING_COLON,
                       ROBOTS_SEVERITY_ERROR, out, n);
    rb_parse_diag_suggest(p, guess->text, guess->len);
}

/* A line with neither ':' nor (google) two words: reported and ignored.
 * Past the cap only counted, with no first word, distance or frame (a
 * page of HTML's lines past it: 10,000 of the real-world corpus's). */
void rb_parse_missing_colon(parser *p, const char *content, size_t len) {
    if (!rb_parse_diag_counted_past_cap(p, ROBOTS_DIAG_MISSING_COLON))
        missing_colon_diag(p, content, len);
}
