/* SPDX-License-Identifier: MIT */
/*
 * parse_keys.c - a line's key: the four keys spelt exactly, each
 * profile's accepted spellings and typos ("useragent", "dissallow"), the
 * extension keys it knows, and the key a line without ':' likely meant
 * (the guess of a misspelt key itself: parse_typo.c).
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

/* ---- keys --------------------------------------------------------------- */

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

/* Whether a key may start with one of google_key()'s prefixes: each
 * starts with 'u', 'a', 'd' or 's' (any case), so that another key (an
 * extension, a page's word) is told apart at its first byte, not after a
 * dozen compares. */
static inline int google_may_prefix(const char *key, size_t len) {
    unsigned first = len != 0 ? (unsigned char)key[0] | 0x20u : 0;
    return first == 'u' || first == 'a' || first == 'd' || first == 's';
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
    if (!google_may_prefix(key, len))
        return KEY_OTHER;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (starts_with_nocase(key, len, table[i].prefix)) {
            *typo = table[i].typo;
            return table[i].kind;
        }
    }
    return KEY_OTHER;
}

/* ---- the diagnostics kept for a key ------------------------------------ */

/* The reports whose message (and guess) the key's bytes alone decide,
 * each remembered by its key (parser's key_notes). */
enum {
    NOTE_TWO_WORDS = 1,
    NOTE_UNKNOWN_KEY,
    NOTE_EXTENSION,
    NOTE_MISSING_COLON
};

/* The key_notes slot of a report of a key of 1 to 16 bytes that the body
 * holds 16 bytes from, by a hash of its first 8 bytes, its length and the
 * report; RB_KEY_NOTES for any other key (its report is made anew). */
static size_t key_note_slot(const parser *p, unsigned report, const char *key,
                            size_t len) {
    if (len - 1 >= 16 || (size_t)(p->body_end - key) < 16)
        return RB_KEY_NOTES;
    uint64_t w = rb_load8(key);
    if (len < 8)
        w &= ~(uint64_t)0 >> (64 - 8 * len);
    w += (uint64_t)(len << 3 | report) << 56; /* 16 << 3 | 7 fits a byte */
    _Static_assert(RB_KEY_NOTES == 64, "six bits of the hash");
    return (size_t)((w * 0x9E3779B97F4A7C15ull) >> 58);
}

/* The report of the key (len bytes at key, in the body) kept again as the
 * diagnostic its slot remembers, when that one is this report's of the
 * same bytes (compared sixteen at once): the diagnostic's index, or
 * SIZE_MAX when the report is to be made (*slot: where it is to be
 * remembered). Under the cap only (the way past it counts alone). Inline
 * in its three callers: as a call, its frame was a fifth of its cost. */
RB_ALWAYS_INLINE static inline size_t key_note_again(parser *p, unsigned report,
                                                     const char *key,
                                                     size_t len, size_t *slot) {
    *slot = key_note_slot(p, report, key, len);
    if (*slot == RB_KEY_NOTES || (p->key_notes_held >> *slot & 1u) == 0)
        return SIZE_MAX;
    const rb_key_note *note = &p->key_notes[*slot];
    if (note->report != report || note->diag >= p->diags.count)
        return SIZE_MAX;
    const rb_diag *d = (const rb_diag *)p->diags.data + note->diag;
    const char *was = p->body + d->key_off;
    if (d->key_len != len || (size_t)(p->body_end - was) < 16)
        return SIZE_MAX;
#ifdef RB_SSE2
    unsigned same = (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)was),
                       _mm_loadu_si128((const __m128i *)(const void *)key)));
    if ((same | ~0u << len) != ~0u)
        return SIZE_MAX;
#else
    if (memcmp(was, key, len) != 0)
        return SIZE_MAX;
#endif
    return rb_parse_diag_keep_again(p, key, note->diag) ? note->diag : SIZE_MAX;
}

/* Remembers the diagnostic a report of the key was just kept as (the one
 * at index `before`, when the array grew by it under the cap), in slot. */
static void key_note_keep(parser *p, size_t slot, unsigned report,
                          size_t before) {
    if (slot == RB_KEY_NOTES || p->failed || before >= ROBOTS_MAX_DIAGNOSTICS ||
        p->diags.count != before + 1)
        return;
    p->key_notes[slot].diag = (uint16_t)before;
    p->key_notes[slot].report = (uint8_t)report;
    p->key_notes_held |= (uint64_t)1 << slot;
}

/* "'KEY' is an extension: ...": written where it is kept
 * (diag_message.h), as a file may have it on many lines. */
__attribute__((
    noinline)) /* its room off rb_parse_classify_other_key()'s frame */
static void
extension_diag(parser *p, const char *key, size_t len) {
    RB_DIAG_QUOTED(
        p, key, len, ROBOTS_DIAG_EXTENSION, ROBOTS_SEVERITY_NOTE, "'", key, len,
        "' is an extension: kept as a record, never part of a verdict");
}

/* A key no profile knows, under the cap (unknown_key()): a typo of a
 * known key (rfc9309 and legacy know exact keys only: the line is
 * ignored, KEY_NONE), or unknown (KEY_OTHER, kept as a record). */
__attribute__((
    noinline)) /* its room off rb_parse_classify_other_key()'s frame */
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
    const known_word *guess = rb_parse_line_typo_of(p, key, len);
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

/* A key no profile knows, reported anew under the cap (its slot and the
 * diagnostics' count before it, from unknown_key()): out of line, so that
 * rb_parse_classify_other_key() makes no call but its last (a tail call)
 * on its usual paths, and sets up no frame for them. */
__attribute__((noinline)) static enum key_kind
unknown_key_noted(parser *p, const char *key, size_t len, size_t slot,
                  size_t before) {
    enum key_kind kind = unknown_key_diag(p, key, len);
    key_note_keep(p, slot, NOTE_UNKNOWN_KEY, before);
    return kind;
}

/* A key no profile knows, past the cap, of a length near a key's: the cap's
 * note when it is the first past it, and the guess, which decides whether
 * the line is kept (unknown_key_past_cap() counted it). */
__attribute__((noinline)) static enum key_kind
unknown_key_guessed(parser *p, const char *key, size_t len) {
    rb_parse_diag_note_cap(p);
    if (rb_parse_line_typo_of(p, key, len) == NULL)
        return KEY_OTHER;
    p->kind_totals[ROBOTS_DIAG_UNKNOWN_KEY]--;
    p->kind_totals[ROBOTS_DIAG_TYPO_KEY]++;
    return KEY_NONE;
}

/* unknown_key() past the cap (or after a failure): only counted, as
 * rb_parse_diag_counted_past_cap() counts one, with no frame for a
 * message; a key of a length no key is near is no typo (no call). */
RB_ALWAYS_INLINE static inline enum key_kind
unknown_key_past_cap(parser *p, const char *key, size_t len) {
    p->diag_total++;
    p->kind_totals[ROBOTS_DIAG_UNKNOWN_KEY]++;
    if (p->diags.count != ROBOTS_MAX_DIAGNOSTICS && !rb_typo_length_near(len))
        return KEY_OTHER;
    return unknown_key_guessed(p, key, len);
}

/* A key no profile knows: under the cap the note kept for the same key
 * before, or unknown_key_noted()'s; past it unknown_key_past_cap(). */
RB_ALWAYS_INLINE static inline enum key_kind
unknown_key(parser *p, const char *key, size_t len) {
    if (p->failed || p->diags.count >= ROBOTS_MAX_DIAGNOSTICS)
        return unknown_key_past_cap(p, key, len);
    size_t slot, before = p->diags.count;
    size_t like = key_note_again(p, NOTE_UNKNOWN_KEY, key, len, &slot);
    if (like != SIZE_MAX) /* a typo is ignored, as the one kept was */
        return ((const rb_diag *)p->diags.data)[like].kind ==
                       ROBOTS_DIAG_TYPO_KEY
                   ? KEY_NONE
                   : KEY_OTHER;
    return unknown_key_noted(p, key, len, slot, before);
}

/* A known extension's key noted anew (extension_key()): out of line, as
 * unknown_key_noted() is. */
__attribute__((noinline)) static enum key_kind
extension_noted(parser *p, const char *key, size_t len, size_t slot,
                size_t before) {
    extension_diag(p, key, len);
    key_note_keep(p, slot, NOTE_EXTENSION, before);
    return KEY_OTHER;
}

/* A known extension's key: its note kept again, or made. */
RB_ALWAYS_INLINE static inline enum key_kind
extension_key(parser *p, const char *key, size_t len) {
    size_t slot, before = p->diags.count;
    if (key_note_again(p, NOTE_EXTENSION, key, len, &slot) == SIZE_MAX)
        return extension_noted(p, key, len, slot, before);
    return KEY_OTHER;
}

/* A key not spelt exactly and not google's by its prefix: an extension
 * this library keeps, or a key no profile knows. rfc9309 and legacy know
 * the four keys spelt exactly (any case): exact_key()'s, which said no. */
RB_ALWAYS_INLINE static inline enum key_kind
other_key(parser *p, const char *key, size_t len) {
    if (is_known_extension(key, len))
        return extension_key(p, key, len);
    return unknown_key(p, key, len);
}

/* google's key read by its prefix (kind), a typo or a longer word, noted:
 * out of line, so that a key no profile knows (a page's tag read as two
 * words) sets up none of its quote's frame. */
__attribute__((noinline)) static enum key_kind
prefix_key_diag(parser *p, const char *key, size_t len, enum key_kind kind,
                int typo) {
    char q[48];
    const char *name = canonical_key[kind].text;
    if (!typo && equals_nocase(key, len, canonical_key[kind]))
        return kind;
    if (rb_parse_diag_capped(p, typo ? ROBOTS_DIAG_TYPO_KEY
                                     : ROBOTS_DIAG_KEY_BY_PREFIX))
        return kind;
    if (typo)
        rb_parse_key_diag(p, key, len, ROBOTS_DIAG_TYPO_KEY,
                          ROBOTS_SEVERITY_NOTE, name,
                          "key '%s' is a misspelling of %s, accepted as such",
                          rb_parse_quote(key, len, q), name);
    else
        rb_parse_key_diag(p, key, len, ROBOTS_DIAG_KEY_BY_PREFIX,
                          ROBOTS_SEVERITY_NOTE, name,
                          "key '%s' is read as %s because it starts with it",
                          rb_parse_quote(key, len, q), name);
    return kind;
}

/* google's key that may start with one of its prefixes (prefix_key_diag()),
 * or other_key(): out of line, as its table's compares are calls. */
__attribute__((noinline)) static enum key_kind
google_prefixed_key(parser *p, const char *key, size_t len) {
    int typo = 0;
    enum key_kind kind = google_key(key, len, &typo);
    if (kind != KEY_OTHER)
        return prefix_key_diag(p, key, len, kind, typo);
    return other_key(p, key, len);
}

/* Each of its usual paths (a note kept again, a key past the cap) makes no
 * call but its last: with a call in its middle (google's table, a note
 * made, the guess past the cap), it saved six registers on each of
 * google's 10,900 calls, where the note's compare now keeps two. */
enum key_kind rb_parse_classify_other_key(parser *p, const char *key,
                                          size_t len) {
    if (p->profile == ROBOTS_PROFILE_GOOGLE && google_may_prefix(key, len))
        return google_prefixed_key(p, key, len);
    return other_key(p, key, len);
}

/* The length of s's first word, up to its first ' ' or '\t': sixteen
 * bytes a step while the body has them (a page of HTML's first words fit
 * in one), else eight where the byte order lets the first flag be found
 * (words.h), as a page of text served as robots.txt asks it each line. */
RB_ALWAYS_INLINE static inline size_t
first_word_len(const parser *p, const char *s, size_t len) {
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
/* rb_parse_two_words()'s note made anew: out of line, so that a note
 * kept again (most: a page's tags repeat) sets up none of its room. */
__attribute__((noinline)) static void two_words_diag(parser *p, const char *key,
                                                     size_t klen) {
    RB_DIAG_QUOTED(p, key, klen, ROBOTS_DIAG_NO_SEPARATOR_PAIR,
                   ROBOTS_SEVERITY_NOTE, "line without ':' is read as key '",
                   key, klen, "' and its value");
}

void rb_parse_two_words(parser *p, const char *key, size_t klen) {
    /* Past the cap only counted, with no note looked up: a note kept again
     * past it is only counted too (rb_parse_diag_keep_again() says no),
     * and google reads a page's lines past it as two words by the
     * thousand. */
    if (rb_parse_diag_counted_past_cap(p, ROBOTS_DIAG_NO_SEPARATOR_PAIR))
        return;
    size_t slot, before = p->diags.count;
    if (key_note_again(p, NOTE_TWO_WORDS, key, klen, &slot) != SIZE_MAX)
        return;
    two_words_diag(p, key, klen);
    key_note_keep(p, slot, NOTE_TWO_WORDS, before);
}

/* A line with neither ':' nor (google) two words, under the cap (its
 * caller counts it past the cap, with no first word, distance or frame: a
 * page of HTML's lines past it, 10,000 of the real-world corpus's): its
 * message, with the key the line was likely meant to be, written where it
 * is kept (diag_message.h), as a page of text served as robots.txt has it
 * on most lines. */
static const char missing_head[] = "line '",
                  missing_tail[] = "' has no ':' and is ignored";

/* rb_parse_missing_colon() of any line: out of line, for the lines its
 * usual path leaves (a guess to suggest, the text or the array short of
 * room, the first diagnostic); wlen: the length of its first word;
 * guess: the key it was likely meant as, or NULL. */
__attribute__((noinline)) static void
missing_colon_general(parser *p, const char *content, size_t len, size_t wlen,
                      const known_word *guess) {
    static const char ask[] = "; did you mean '";
    static const char ask_end[] = ": ...'?";
    char buf[RB_DIAG_ROOM];
    char *out =
        rb_parse_diag_room(p, ROBOTS_DIAG_MISSING_COLON, buf, sizeof buf);
    if (out == NULL)
        return; /* never: its caller counted it past the cap */
    _Static_assert(RB_DIAG_FITS(sizeof missing_head + sizeof missing_tail +
                                    sizeof ask + sizeof ask_end + 16,
                                1),
                   "cut");
    size_t n = RB_DIAG_PUT(out, 0, missing_head);
    n = rb_diag_put_quote(p, out, n, content, len);
    n = RB_DIAG_PUT(out, n, missing_tail);
    if (guess == NULL) {
        RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(missing_head),
                           RB_MSG_QUOTE(content, len),
                           RB_MSG_TEXT(missing_tail));
        rb_parse_diag_keep(p, content, wlen, ROBOTS_DIAG_MISSING_COLON,
                           ROBOTS_SEVERITY_WARNING, out, n);
        return;
    }
    n = RB_DIAG_PUT(out, n, ask);
    n = rb_diag_put_text(out, n, guess->text, guess->len);
    n = RB_DIAG_PUT(out, n, ask_end);
    RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(missing_head),
                       RB_MSG_QUOTE(content, len), RB_MSG_TEXT(missing_tail),
                       RB_MSG_TEXT(ask), {guess->text, guess->len, 0},
                       RB_MSG_TEXT(ask_end));
    rb_parse_diag_keep(p, content, wlen, ROBOTS_DIAG_MISSING_COLON,
                       ROBOTS_SEVERITY_ERROR, out, n);
    rb_parse_diag_suggest(p, guess->text, guess->len);
}

/* rb_parse_missing_colon() of any line but one kept again: its message
 * written, on its usual path inline. */
static void missing_colon_written(parser *p, const char *content, size_t len,
                                  size_t wlen) {
    /* The usual line (a page of text's) here, inline: no guess (its first
     * word no key and no typo of one), under the cap, a diagnostic before
     * it with room for this one, and room in the text for its message.
     * Any other line is missing_colon_general()'s, which makes the same
     * diagnostic, with the guess made here: a word of 9 to 16 bytes has
     * none remembered (rb_parse_word_typo_of()), and was guessed twice (a
     * file of one line, "Forbidden": 94 instructions more). */
    enum key_kind k = p->profile == ROBOTS_PROFILE_GOOGLE
                          ? KEY_OTHER
                          : exact_key(content, wlen);
    const known_word *typo = NULL;
    rb_vec *diags = &p->diags, *text = &p->text;
    if (k != KEY_OTHER ||
        (rb_typo_length_near(wlen) &&
         (typo = rb_parse_word_typo_of(p, content, wlen)) != NULL) ||
        p->failed || diags->count == 0 ||
        diags->count >= ROBOTS_MAX_DIAGNOSTICS || diags->count == diags->cap ||
        text->data == NULL || text->cap - text->count < RB_DIAG_ROOM) {
        missing_colon_general(p, content, len, wlen,
                              k != KEY_OTHER ? &canonical_key[k] : typo);
        return;
    }
    /* rb_parse_diag_room()'s count, and its room: the text's end */
    p->diag_total++;
    p->kind_totals[ROBOTS_DIAG_MISSING_COLON]++;
    char *out = (char *)text->data + text->count;
    size_t n = RB_DIAG_PUT(out, 0, missing_head);
    n = rb_diag_put_quote(p, out, n, content, len);
    n = RB_DIAG_PUT(out, n, missing_tail);
    RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(missing_head),
                       RB_MSG_QUOTE(content, len), RB_MSG_TEXT(missing_tail));
    rb_parse_diag_keep_in_place(p, content, wlen, ROBOTS_DIAG_MISSING_COLON,
                                ROBOTS_SEVERITY_WARNING, out, n);
}

void rb_parse_missing_colon(parser *p, const char *content, size_t len) {
    /* A line of one word of up to 16 bytes ("</div>", "}", "<br>": a page
     * of HTML repeats its short lines): its message, guess and severity
     * are its bytes', so the diagnostic kept for the same bytes before is
     * kept again, as a key's report is (key_note_again()). */
    size_t wlen = first_word_len(p, content, len);
    size_t slot = RB_KEY_NOTES, before = p->diags.count;
    if (wlen == len &&
        key_note_again(p, NOTE_MISSING_COLON, content, len, &slot) != SIZE_MAX)
        return;
    missing_colon_written(p, content, len, wlen);
    key_note_keep(p, slot, NOTE_MISSING_COLON, before);
}
