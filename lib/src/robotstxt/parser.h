/* SPDX-License-Identifier: MIT */
/*
 * parser.h - the parse's state, shared by the files that read a robots.txt
 * (parse.c: the entry points and the document's block; parse_lines.c and
 * parse_lines_loop.h: the body's lines; parse_keys.c: keys; parse_records.c:
 * groups, rules and records; parse_diag.c: text and diagnostics), and what each
 * of them offers the others. Private to the parse.
 */
#ifndef ROBOTS_RT_PARSER_H
#define ROBOTS_RT_PARSER_H

#include "compiler.h"
#include "document.h"
#include "index.h"
#include "memory.h"
#include "quote.h"
#include "records.h"
#include "robots.h"
#include "words.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum key_kind {
    KEY_NONE,
    KEY_USER_AGENT,
    KEY_ALLOW,
    KEY_DISALLOW,
    KEY_SITEMAP,
    KEY_OTHER
};

/* A word and its length, so that a key of another length is told apart
 * by one compare, with no strlen() (a page of HTML served as robots.txt
 * asks about every one of its lines). */
typedef struct known_word {
    const char *text;
    size_t len;
} known_word;

/* The typo guesses a parse remembers by a word's bytes (parser's
 * typo_words): 16 slots, a slot by a hash of the word. */
#define RB_TYPO_WORDS 16

/* The diagnostics a parse remembers by the report and the key they quote
 * (parser's key_notes, parse_keys.c): 64 slots, a slot by a hash of the
 * report and the key's bytes, each the index of the diagnostic that
 * report was kept as for that key. */
#define RB_KEY_NOTES 64
typedef struct rb_key_note {
    uint16_t diag;  /* its index in diags (under ROBOTS_MAX_DIAGNOSTICS) */
    uint8_t report; /* which report (parse_keys.c) */
} rb_key_note;

typedef struct parser {
    robots_profile profile;
    size_t diag_total;
    uint32_t kind_totals[ROBOTS_DIAG_KIND_LAST + 1]; /* kept or not */
    int have_group;    /* a group (record) is open */
    int in_agent_list; /* the last record line was a user-agent line */
    int seen_content;  /* a non-blank line has been read */
    size_t line;       /* 1-based number of the line being read */
    /* The start of the line a diagnostic's column is counted from: set by
     * rb_parse_lines() before each line it reads the general way, and by
     * the cut; a run of usual rule lines (parse_rule_run.h) makes no
     * diagnostic and leaves it. */
    const char *line_start;
    const char *body, *body_end; /* the input: all of it is readable */
    /* For normalisation: three bytes for each of the longest line's
     * (scratch_size), made when a pattern first needs it (most files
     * have none). */
    char *scratch;
    size_t scratch_size;
    size_t longest_rule_normal; /* robots_txt's, as rules are read */
    /* The last key parse_keys.c guessed a typo for (in the body, which
     * outlives the parse; NULL: none yet), and its guess: a file that
     * misspells a key misspells it alike on each line. */
    const char *typo_key;
    size_t typo_len;
    const known_word *typo_guess;
    /* The slots of typo_words (below) that hold a word: bit i, slot i. */
    uint16_t typo_words_held;
    /* The slots of key_notes (below) that hold a diagnostic: bit i. */
    uint64_t key_notes_held;
    /* The first line the parse limit kept from being read (cut_line 0:
     * none), and the lines and bytes from there to the end of the body
     * (ROBOTS_NOT_COUNTED past a prefix: robots_parse_prefix()). */
    size_t cut_offset, cut_line, lines_not_read, bytes_not_read;
    /* The bytes of the body past `body_end` the caller did not pass:
     * robots_parse_prefix()'s `rest`; 0 for robots_parse(). */
    size_t rest;
    int failed;
    int content_usage_ends_group; /* robots_options' (usage_query.c) */
    /* robots_options.skip_diagnostics: a parse that keeps no diagnostic.
     * It starts as past ROBOTS_MAX_DIAGNOSTICS (diags.count is
     * RB_DIAGS_SKIPPED), so that every report takes the way that only
     * counts, writes no message and guesses nothing, with no test of its
     * own on the way a default parse takes; the counts are dropped before
     * the document is assembled (parse.c). The line loop, compiled once
     * for each setting (parse_lines_loop.h), does not start the work that only
     * reports: the check of a line's bytes, a line without ':'. Nothing
     * that decides what the document holds may depend on it. */
    int skip_diagnostics;
    /* From here on, not zeroed with the rest (init_parser(), parse.c: its
     * rep stos writes a word an instruction): the memory account and the
     * arrays, which their own initialisers set whole (rb_mem_init(),
     * rb_vec_init()), 700 bytes a memset wrote before them, 80
     * instructions of a tiny file's parse. */
    rb_mem mem;
    rb_vec groups, agents, rules, diags, text;
    rb_records_build sitemaps, extensions;
    rb_index_build index;
    /* The typo guesses of the first words of lines without ':', and of
     * unknown keys, of 4 to 8 bytes (the shorter are near no key:
     * rb_typo_length_near()), by their bytes and their length with their
     * guess (parse_typo.c, rb_parse_word_typo_of()): a page of HTML's tags
     * repeat ("<div", "<td>"), three in four of the real-world corpus's.
     * Not zeroed either (a tenth of a 9-byte file's parse): a slot is read
     * only once typo_words_held says it was written. */
    uint64_t typo_words[RB_TYPO_WORDS];
    uint8_t typo_word_guesses[RB_TYPO_WORDS];
    /* The diagnostics kept for a key's report (its note, its warning),
     * whose message (and guess) the key's bytes decide: a page of HTML
     * read as two words in google quotes the same tag ("<div", "<li") on
     * line after line, two diagnostics each. Not zeroed either: a slot is
     * read only once key_notes_held says it was written. */
    rb_key_note key_notes[RB_KEY_NOTES];
} parser;

/* diags.count of a parse that keeps no diagnostic (skip_diagnostics):
 * more than any parse keeps (the cap and its note), so that every test of
 * the cap says "past it", and no note is due. */
#define RB_DIAGS_SKIPPED (ROBOTS_MAX_DIAGNOSTICS + 2)

/* ---- the assumptions of the wide reads -------------------------------- */

/* A read of 16 or 48 bytes at a time (SSE2) is guarded by comparing the
 * pointer it starts from with the end of the memory it lies in: the body,
 * or the normalisation scratch. A guard like `(end - s) - len >= 15` holds
 * for a pointer outside that memory too (the subtraction wraps), so each
 * such read states where its pointer lies: the fuzzers' build
 * (RB_PARSE_CROSSCHECK) aborts where a caller breaks it; every other build
 * compiles nothing of it (the condition is not even evaluated). */
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
#define RB_ASSUMED(cond) ((cond) ? (void)0 : abort())
#elif defined(__clang_analyzer__)
/* The static analyser (the CI gate `static`) takes what the fuzzers check
 * as given, as they do: without it, it follows paths the caller rules out
 * (a run's first rule stored before its room is drawn). */
#include <stdlib.h>
#define RB_ASSUMED(cond) ((cond) ? (void)0 : abort())
#else
#define RB_ASSUMED(cond) ((void)0)
#endif

/* Do the n bytes at s lie in [start, end)? As addresses, so that a pointer
 * into another object gives 0, not undefined behaviour. */
static inline int rb_lies_in(const char *s, size_t n, const char *start,
                             const char *end) {
    uintptr_t at = (uintptr_t)s, lo = (uintptr_t)start, hi = (uintptr_t)end;
    return lo <= at && at <= hi && n <= hi - at;
}

/* ---- inline, for the line loop (parse_lines_loop.h) and its helpers --- */

/* Up to 8 bytes of s as a word, the rest zero. Words loaded alike compare
 * alike in either byte order. */
static inline uint64_t word_of(const char *s, size_t n) {
    uint64_t v = 0;
    memcpy(&v, s, n);
    return v;
}

/* Does key equal word (lowercase letters and '-', `len` bytes),
 * case-insensitively? A word a compare, as this runs on every line: a
 * letter's 0x20 bit (from its 0x40 bit, which '-' lacks) is set in the
 * key's byte, which folds a capital and nothing else onto it; '-' is
 * compared as it is. */
static inline int is_word(const char *key, const char *word, size_t len) {
    for (size_t i = 0; i < len; i += 8) {
        size_t n = len - i < 8 ? len - i : 8;
        uint64_t w = word_of(word + i, n);
        uint64_t fold = (w >> 1) & (RB_ONES * 0x20);
        if ((word_of(key + i, n) | fold) != w)
            return 0;
    }
    return 1;
}

/* The four keys spelt exactly (any case): the common case in every
 * profile, with nothing to report. KEY_OTHER otherwise. */
static inline enum key_kind exact_key(const char *key, size_t len) {
    switch (len) {
    case 5:
        return is_word(key, "allow", 5) ? KEY_ALLOW : KEY_OTHER;
    case 7:
        return is_word(key, "sitemap", 7) ? KEY_SITEMAP : KEY_OTHER;
    case 8:
        return is_word(key, "disallow", 8) ? KEY_DISALLOW : KEY_OTHER;
    case 10:
        return is_word(key, "user-agent", 10) ? KEY_USER_AGENT : KEY_OTHER;
    default:
        return KEY_OTHER;
    }
}

/* google: does the pattern's last segment (after its last '/') start with
 * "index.htm"? Such an Allow also tries "<dir>/$" (RB_RULE_INDEX_HTM).
 * Asked of every google Allow, so the last '/' is found among the
 * pattern's last 16 bytes in one SSE2 step where the 16 bytes before its
 * end are readable (from `readable` on), byte by byte otherwise (a last
 * segment of 16 bytes or more, a pattern at the body's start, the
 * portable build): the backward loop cost about 45 instructions an Allow. */
static inline int is_google_index_htm(const char *pattern, size_t len,
                                      const char *readable) {
    if (len < 10) /* '/' and "index.htm" */
        return 0;
    /* the 16 bytes before the pattern's end are read from `readable` on:
     * the pattern lies after it (the callers say in what: the body or the
     * scratch) */
    RB_ASSUMED((uintptr_t)readable <= (uintptr_t)pattern);
    size_t slash = len; /* the last segment's first byte */
#ifdef RB_SSE2
    if ((size_t)(pattern - readable) + len >= 16) {
        __m128i v = _mm_loadu_si128(
            (const __m128i *)(const void *)(pattern + len - 16));
        /* the bytes before the pattern (len < 16) masked off */
        unsigned m =
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('/'))) &
            (len >= 16 ? 0xFFFFu : 0xFFFFu << (16 - len));
        if (m != 0)
            slash = len - 16 + (size_t)(32 - __builtin_clz(m));
        else if (len <= 16)
            return 0; /* no '/' at all */
    }
#else
    (void)readable;
#endif
    if (slash == len) {
        while (slash > 0 && pattern[slash - 1] != '/')
            slash--;
        if (slash == 0)
            return 0;
    }
    return len - slash >= 9 && memcmp(pattern + slash, "index.htm", 9) == 0;
}

/* is_google_index_htm() for a rule the parse stores, noting in the index's
 * build that the document has one: the index counts companions only then
 * (rb_index_set_entries()), where it read every rule of a google file. */
static inline int rb_parse_index_htm(parser *p, const char *pattern, size_t len,
                                     const char *readable) {
    RB_ASSUMED(readable == p->body
                   ? rb_lies_in(pattern, len, p->body, p->body_end)
                   : readable == p->scratch &&
                         rb_lies_in(pattern, len, p->scratch,
                                    p->scratch + p->scratch_size));
    if (!is_google_index_htm(pattern, len, readable))
        return 0;
    p->index.companions = 1;
    return 1;
}

/* set_rule() of a line given as line_bits holds it (line << 2): a rule
 * run (parse_rule_run.h) counts its lines so, where the line and its
 * shift were two values to keep, an instruction more a rule. */
static inline void set_rule_at(rb_rule *r, uint32_t line_shifted,
                               robots_rule_kind kind, int index_htm,
                               rb_span pattern, int normalise, size_t nlen) {
    r->line_bits = line_shifted | (uint32_t)(index_htm << 1) | (uint32_t)kind;
    r->pattern_off = pattern.off;
    r->pattern_bits =
        (uint16_t)(pattern.len | (normalise ? RB_RULE_NORMALISE : 0));
    r->normalized_len = (uint16_t)nlen;
}

/* A rule's fields (see rb_rule): its pattern's text, and whether that is
 * its own normal form (nlen bytes) or is normalised when read. */
static inline void set_rule(rb_rule *r, size_t line, robots_rule_kind kind,
                            int index_htm, rb_span pattern, int normalise,
                            size_t nlen) {
    set_rule_at(r, (uint32_t)(line << 2), kind, index_htm, pattern, normalise,
                nlen);
}

/* The normalisation scratch (parser.scratch), made on first use; NULL,
 * with the parse failed, when memory runs out. No line is longer than the
 * body or ROBOTS_MAX_LINE_BYTES, and a pattern's normal form is at most
 * three bytes for each of its. */
static inline char *rb_parse_scratch(parser *p) {
    if (p->scratch == NULL && !p->failed) {
        size_t body = (size_t)(p->body_end - p->body);
        size_t line =
            body < ROBOTS_MAX_LINE_BYTES ? body : ROBOTS_MAX_LINE_BYTES;
        p->scratch = rb_alloc(&p->mem, 3 * line + 1);
        if (p->scratch == NULL)
            p->failed = 1;
        else
            p->scratch_size = 3 * line + 1;
    }
    return p->scratch;
}

/* ---- what parse_diag.c offers: text and diagnostics --------------------- */

/* Copies len bytes of s, and a NUL, to the document's text. */
RB_HIDDEN rb_span rb_parse_add_text(parser *p, const char *s, size_t len);
/* At most 40 bytes of s into out as printable ASCII (rb_text_quote()),
 * so that a message can quote the input without carrying control bytes or
 * broken UTF-8 into a terminal or a log. */
#define RB_PARSE_QUOTE_CAP 44 /* 40 bytes, "..." and the NUL */
static inline const char *rb_parse_quote(const char *s, size_t len,
                                         char out[48]) {
    return rb_text_quote(s, len, RB_QUOTE_KEEP_ASCII, out, RB_PARSE_QUOTE_CAP);
}
/* Reports a diagnostic at `at` (NULL: the line's start). */
RB_HIDDEN void rb_parse_diag(parser *p, const char *at, robots_diag_kind kind,
                             robots_severity severity, const char *suggestion,
                             const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* A diagnostic about a line's key, the key_len bytes at `key`: their span
 * is the diagnostic's key_offset and key_len (robots.h). */
RB_HIDDEN void rb_parse_key_diag(parser *p, const char *key, size_t key_len,
                                 robots_diag_kind kind,
                                 robots_severity severity,
                                 const char *suggestion, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;
/* A piece of a message: `len` bytes of text, or (quote) `len` bytes of
 * the input quoted as rb_parse_quote() quotes them. RB_MSG_TEXT() takes a
 * string literal, whose length the compiler knows. */
typedef struct rb_msg_part {
    const char *text;
    size_t len;
    int quote;
} rb_msg_part;
#define RB_MSG_TEXT(literal)                                                   \
    { (literal), sizeof(literal) - 1, 0 }
#define RB_MSG_QUOTE(s, len)                                                   \
    { (s), (len), 1 }
/* A diagnostic whose message is the `count` parts put together, cut as
 * rb_parse_diag() cuts a message (at 255 bytes): the messages a file has
 * on many of its lines, with no format to read. key_len as
 * rb_parse_key_diag()'s (0: not about a key). */
RB_HIDDEN void rb_parse_diag_parts(parser *p, const char *at, size_t key_len,
                                   robots_diag_kind kind,
                                   robots_severity severity,
                                   const char *suggestion,
                                   const rb_msg_part *parts, size_t count);
/* 1, with the diagnostic counted, when no more are kept: its message need
 * not be written. */
RB_HIDDEN int rb_parse_diag_capped(parser *p, robots_diag_kind kind);
/* The bytes of a line that holds a byte >= 0x80: not UTF-8, or a BOM.
 * Its bytes before `from` (at most len) are below 0x80. */
RB_HIDDEN void rb_parse_check_bytes(parser *p, const char *raw, size_t len,
                                    size_t from);

/* ---- what parse_keys.c offers: keys and typo keys ----------------------- */

/* rb_parse_classify_key() of a key not spelt exactly (parse_keys.c). */
RB_HIDDEN enum key_kind rb_parse_classify_other_key(parser *p, const char *key,
                                                    size_t len);
/* Classifies a key, reporting what was odd about it. KEY_NONE: the line is
 * to be ignored (a typo rfc9309 and legacy do not accept). Inline: a key
 * spelt exactly (a sitemap's) makes no call, and another one call, where
 * rb_parse_classify_key() out of line was a call for each and a second
 * for the other. */
static inline enum key_kind rb_parse_classify_key(parser *p, const char *key,
                                                  size_t len) {
    enum key_kind exact = exact_key(key, len);
    return exact != KEY_OTHER ? exact
                              : rb_parse_classify_other_key(p, key, len);
}
/* Whether a word of len bytes may be a typo of a known key by its length
 * alone (4 to 16 bytes): typo_of()'s first test (parse_typo.c, whose
 * fuzzers' build holds it to its table) in one compare, before a call,
 * as most words asked about are a page's markup. */
static inline int rb_typo_length_near(size_t len) {
    return len - 4 <= 16 - 4;
}

/* The keys a misspelt key may have been meant as (User-agent, Allow,
 * Disallow, Sitemap, Crawl-delay, Content-Usage, Content-Signal), and the
 * one a key or a line's first word was probably meant as, or NULL
 * (parse_typo.c). */
#define RB_TYPO_KEYS 7
RB_HIDDEN extern const known_word rb_typo_keys[RB_TYPO_KEYS];
RB_HIDDEN const known_word *rb_parse_typo_of(const char *key, size_t len);
#ifdef RB_PARSE_CROSSCHECK
/* The fuzzers' build: guess, remembered, must be rb_parse_typo_of()'s. */
RB_HIDDEN void rb_parse_typo_crosscheck(const char *word, size_t len,
                                        const known_word *guess);
#define RB_TYPO_CROSSCHECK(word, len, guess)                                   \
    rb_parse_typo_crosscheck((word), (len), (guess))
#else
#define RB_TYPO_CROSSCHECK(word, len, guess) ((void)0)
#endif

/* rb_parse_typo_of() of a line's first word or key, remembered by its
 * bytes when it has 1 to 8 (parser's typo_words; its callers ask only of 4
 * to 8, words and keys in the body): a slot by a hash of the word, which
 * holds the word and its length with its guess (rb_typo_keys' index + 1, 0
 * none). The body has the 8 bytes from the word, or the word is asked
 * plainly. Inline: a repeat makes no call. */
static inline const known_word *
rb_parse_word_typo_of(parser *p, const char *word, size_t len) {
#ifdef RB_LITTLE_ENDIAN
    if (len - 1 < 8 && (size_t)(p->body_end - word) >= 8) {
        uint64_t w = rb_load8(word) & (~(uint64_t)0 >> (64 - 8 * len));
        size_t slot = (size_t)((w * 0x9E3779B97F4A7C15ull) >> 60);
        _Static_assert(RB_TYPO_WORDS == 16, "four bits of the hash");
        unsigned held = (unsigned)p->typo_words_held >> slot & 1u;
        unsigned kept = held != 0 ? p->typo_word_guesses[slot] : 0;
        if (held != 0 && p->typo_words[slot] == w && (kept & 15u) == len) {
            const known_word *guess =
                kept >> 4 != 0 ? &rb_typo_keys[(kept >> 4) - 1] : NULL;
            RB_TYPO_CROSSCHECK(word, len, guess);
            return guess;
        }
        const known_word *guess = rb_parse_typo_of(word, len);
        size_t index = guess != NULL ? (size_t)(guess - rb_typo_keys) + 1 : 0;
        p->typo_words[slot] = w;
        p->typo_word_guesses[slot] = (uint8_t)(len | index << 4);
        p->typo_words_held = (uint16_t)(p->typo_words_held | 1u << slot);
        return guess;
    }
#else
    (void)p;
#endif
    return rb_parse_typo_of(word, len);
}

/* rb_parse_typo_of() of a line's key: one of 4 to 8 bytes by the words'
 * slots, a longer one remembered from one line to the next: a file that
 * misspells a key does so on each of its lines
 * ("Disalow" on every rule line, about 1,800 instructions each, most of
 * such a file's parse), and the same bytes have the same guess. Inline,
 * so that a repeat or a word of a length no key is near makes no call. */
static inline const known_word *
rb_parse_line_typo_of(parser *p, const char *key, size_t len) {
    if (!rb_typo_length_near(len))
        return NULL; /* a page's "<a", "<div", "<td>": no call, no memo */
    /* A key of at most 8 bytes by its bytes' slot, as a line's first word:
     * a page of HTML read as two words (google) has keys of a few kinds
     * in turn ("<div", "<li", "<span"), which the one key remembered
     * missed. */
    if (len <= 8)
        return rb_parse_word_typo_of(p, key, len);
    if (p->typo_key != NULL && p->typo_len == len &&
        memcmp(p->typo_key, key, len) == 0) {
        RB_TYPO_CROSSCHECK(key, len, p->typo_guess);
        return p->typo_guess;
    }
    p->typo_key = key;
    p->typo_len = len;
    p->typo_guess = rb_parse_typo_of(key, len);
    return p->typo_guess;
}

/* A line with neither ':' nor (google) two words, under the cap
 * (rb_parse_diag_counted_past_cap() said no): reported, with the key it
 * was likely meant to be. */
RB_HIDDEN void rb_parse_missing_colon(parser *p, const char *content,
                                      size_t len);
/* google: a line without ':' read as two words, key (klen bytes, in the
 * body) and value: noted. */
RB_HIDDEN void rb_parse_two_words(parser *p, const char *key, size_t klen);

/* ---- what parse_records.c offers: groups, rules and records ------------- */

RB_HIDDEN void rb_parse_user_agent(parser *p, const char *value, size_t len);
/* Any rule line (the line loop, parse_lines_loop.h, stores the usual one
 * itself). */
RB_HIDDEN void rb_parse_rule(parser *p, enum key_kind key, const char *value,
                             size_t len);
RB_HIDDEN void rb_parse_sitemap(parser *p, const char *key, size_t klen,
                                const char *value, size_t len);
/* Any other key: crawl-delay, Content-Usage, an extension or unknown. */
RB_HIDDEN void rb_parse_other(parser *p, const char *key, size_t klen,
                              const char *value, size_t len);

/* ---- what parse_lines.c offers: the lines of the body -------------------- */

/* Reads the body's lines up to limit; *parsed: the bytes read. */
RB_HIDDEN void rb_parse_lines(parser *p, const char *body, size_t len,
                              size_t limit, size_t *parsed);
/* The parse limit's cut at pos (the first line not read): where it is, and
 * its diagnostic. */
RB_HIDDEN void rb_parse_record_cut(parser *p, const char *body, size_t pos,
                                   size_t len, size_t limit);

/* ---- parse_lines_rfc9309.c, _google.c, _legacy.c: the loop's copies ----- */

#ifdef RB_SSE2
/* rb_parse_lines() in one profile, with diagnostics and without
 * (_skipping); each profile's two in a file of their own. */
RB_HIDDEN void rb_read_lines_rfc9309(parser *p, const char *body, size_t len,
                                     size_t limit, size_t *parsed);
RB_HIDDEN void rb_read_lines_rfc9309_skipping(parser *p, const char *body,
                                              size_t len, size_t limit,
                                              size_t *parsed);
RB_HIDDEN void rb_read_lines_google(parser *p, const char *body, size_t len,
                                    size_t limit, size_t *parsed);
RB_HIDDEN void rb_read_lines_google_skipping(parser *p, const char *body,
                                             size_t len, size_t limit,
                                             size_t *parsed);
RB_HIDDEN void rb_read_lines_legacy(parser *p, const char *body, size_t len,
                                    size_t limit, size_t *parsed);
RB_HIDDEN void rb_read_lines_legacy_skipping(parser *p, const char *body,
                                             size_t len, size_t limit,
                                             size_t *parsed);
#endif

#endif
