/* SPDX-License-Identifier: MIT */
/*
 * names_index.c - the caller's names as one sorted table of suffixes, for
 * legacy's agent selection.
 *
 * legacy selects the first record whose value is a case-insensitive
 * substring of one of the caller's names (the 1996 draft as HTTP: The
 * Definitive Guide section 9.4 reads it). Searching each name for each
 * record's value costs the names' total length H for every value: a file of
 * 40,000 one-letter records against 64 names of 4 KiB took tens of seconds.
 * Sorting the suffixes of the names once (induced sorting, suffix_sort.c,
 * O(H)) lets each value be found by binary search in O(m + log H) for a
 * value of m bytes, so a selection costs O(H + F log H) for a file of F
 * bytes. The search reads a suffix no deeper than the longest value, so
 * the suffixes are first sorted only that deep (prefix_sort.c), at a
 * fifth of the cost when few are alike. When many are alike (names of one
 * pattern), only the distinct windows as deep as all but the longest
 * values are sorted (window_sort.c): a few hundred positions rather than
 * every one; the few values longer are searched in the text (two-way).
 *
 * The text is every name lowercased, each followed by a NUL. A record's
 * value holds no NUL (a NUL ends a line's content), so a value found in
 * the text lies within one name.
 *
 * Most files name agents by a word, and a file of one-letter records is
 * the hostile case: values of one byte are answered from a bit per byte
 * the names hold, and when no value is longer than two bytes the suffixes
 * are not sorted at all, a bit per byte pair answering (issue 29's 39,307
 * `user-agent:q` lines against 64 names of 4 KiB: 308 M instructions a
 * check with the suffixes sorted by prefix doubling).
 */
#include "names_index.h"
#include "byte_class.h"
#include "match.h"
#include "memory.h"
#include "prefix_sort.h"
#include "suffix_sort.h"
#include "window_sort.h"
#include "words.h"

#include <string.h>

/* Past this many bytes of text (names and their NULs), the byte pairs'
 * 8 KiB cost less than sorting the suffixes, and fit the memory bound. */
#define RB_PAIRS_FROM 512

static void set_bit(unsigned char *bits, size_t i) {
    bits[i >> 3] = (unsigned char)(bits[i >> 3] | 1u << (i & 7));
}

static int has_bit(const unsigned char *bits, size_t i) {
    return (bits[i >> 3] >> (i & 7)) & 1;
}

/* A bit for each pair of lowercased bytes next to each other in a name. */
static robots_status index_pairs(rb_mem *mem, const robots_str *names,
                                 size_t count, rb_names_index *out) {
    out->pairs = rb_alloc(mem, 65536 / 8);
    if (out->pairs == NULL)
        return mem->failure;
    memset(out->pairs, 0, 65536 / 8);
    for (size_t i = 0; i < count; i++) {
        const unsigned char *name = (const unsigned char *)names[i].ptr;
        for (size_t k = 1; k < names[i].len; k++)
            set_bit(out->pairs, (size_t)rb_lower_fast(name[k - 1]) << 8 |
                                    rb_lower_fast(name[k]));
    }
    return ROBOTS_OK;
}

/* Bytes of zeros after the text, so that the search may load a word of
 * eight bytes at any position up to its end. */
#define RB_TEXT_PAD 8

/* The table of where each first byte pair starts (65,537 words) saves the
 * binary search its first 16 steps, each a cache miss. It is built last,
 * beside the text and its suffixes (5 bytes a byte of text T, and the
 * text's padding) and the room for a value lowercased (at most the longest
 * name and its padding): all within robots.h's 21 * T + 1 KiB from this
 * many bytes of text on, where the 16 bytes a byte of text that sorting
 * took are free again. */
#define RB_STARTS_WORDS (65536 + 1)
#define RB_STARTS_FROM                                                         \
    ((RB_STARTS_WORDS * sizeof(uint32_t) + ROBOTS_MAX_AGENT_BYTES +            \
      (size_t)2 * RB_TEXT_PAD - 1024 + 15) /                                   \
     16)

/* Where each first byte pair's suffixes start: the suffixes are in order,
 * so each pair's run is contiguous, and its start is the count of the
 * pairs before it, counted in one pass along the text (the last byte's
 * pair has a 0 second, as the NUL after each name). */
static robots_status index_starts(rb_mem *mem, rb_names_index *out) {
    uint32_t *starts = rb_alloc(mem, RB_STARTS_WORDS * sizeof *starts);
    if (starts == NULL)
        return mem->failure;
    memset(starts, 0, RB_STARTS_WORDS * sizeof *starts);
    const unsigned char *text = out->text;
    for (size_t i = 0; i + 1 < out->len; i++)
        starts[(size_t)text[i] << 8 | text[i + 1]]++;
    starts[(size_t)text[out->len - 1] << 8]++;
    uint32_t sum = 0;
    for (size_t pair = 0; pair < RB_STARTS_WORDS; pair++) {
        uint32_t c = starts[pair];
        starts[pair] = sum;
        sum += c;
    }
    out->starts = starts;
    return ROBOTS_OK;
}

/* Whether the shallow sort would find too few distinct keys of four
 * bytes for the suffixes not to be tied (prefix_sort.c's own test, from
 * the alphabet alone, before it builds a key): names of two letters
 * (Thue-Morse words, `abab...`) have at most 3^4 keys, and its keys and
 * counts would cost a sixth of induced sorting for nothing. */
static int too_few_keys(size_t symbols, size_t count, size_t n, size_t depth) {
    uint64_t keys = (uint64_t)symbols * symbols * symbols * symbols;
    return depth > 4 && keys + 4 * (uint64_t)count < n - n / 4;
}

/* Each ASCII capital of the word's eight bytes lowercased, as
 * rb_lower_fast() does a byte: a byte's low seven bits plus 0x3f carry
 * into its high bit from 'A' on, plus 0x25 from past 'Z'; no sum carries
 * into the next byte. */
static uint64_t lower_word(uint64_t x) {
    uint64_t low = x & ~RB_HIGHS;
    uint64_t from_a = low + RB_ONES * (0x80 - 'A');
    uint64_t past_z = low + RB_ONES * (0x80 - 'Z' - 1);
    return x | (from_a & ~past_z & ~x & RB_HIGHS) >> 2;
}

/* len bytes lowercased into out, eight a step: a name into the text, a
 * value into the index's room. */
static void lower_into(unsigned char *out, const char *in, size_t len) {
    size_t k = 0;
    for (; k + 8 <= len; k += 8) {
        uint64_t w = lower_word(rb_load8(in + k));
        memcpy(out + k, &w, sizeof w);
    }
    for (; k < len; k++)
        out[k] = rb_lower_fast((unsigned char)in[k]);
}

/* The shallowest depth at which the distinct windows are tried: below it
 * the values are of a byte or two (the byte pairs answer them). */
#define RB_WINDOWS_FROM 3

/* The names' text, and its suffixes sorted over the alphabet of the bytes
 * it holds (the NUL ranks first, as it is the least byte), at least as
 * deep as `depth` bytes or a NUL; or where many suffixes are alike, the
 * distinct windows of `shallow` bytes (values longer searched in the
 * text). */
static robots_status index_suffixes(rb_mem *mem, const robots_str *names,
                                    size_t count, size_t n, size_t depth,
                                    size_t shallow, rb_names_index *out) {
    uint32_t rank[256];
    size_t symbols = 0;
    for (size_t c = 0; c < 256; c++) {
        rank[c] = (uint32_t)symbols;
        if (c == 0 || has_bit(out->bytes, c))
            symbols++;
    }
    size_t words = rb_suffix_sort_scratch(n, symbols);
    unsigned char *text = rb_alloc(mem, n + RB_TEXT_PAD);
    uint32_t *sa = rb_alloc(mem, n * sizeof *sa);
    uint32_t *s = rb_alloc(mem, n * sizeof *s);
    uint32_t *scratch = rb_alloc(mem, words * sizeof *scratch);
    robots_status why = mem->failure;
    if (text != NULL && sa != NULL && s != NULL && scratch != NULL) {
        size_t at = 0;
        for (size_t i = 0; i < count; i++) {
            lower_into(text + at, names[i].ptr, names[i].len);
            at += names[i].len;
            text[at++] = '\0';
        }
        memset(text + n, 0, RB_TEXT_PAD);
        /* the distinct windows, when few (names of one pattern: the
         * attempt gives up after a thirty-second of the text on others);
         * else as deep as the longest value, when few suffixes are alike
         * and every NUL ends a name (a NUL inside a name would make
         * suffixes alike past it that the shallow sort leaves in any
         * order); else all the way, in linear time */
        size_t sorted = n;
        if (shallow >= RB_WINDOWS_FROM &&
            rb_window_sort(text, n, shallow, sa, &sorted, s, scratch, words))
            out->shallow = shallow;
        else if (has_bit(out->bytes, 0) ||
                 too_few_keys(symbols, count, n, depth) ||
                 !rb_prefix_sort(text, n, depth, sa, s, scratch, words)) {
            sorted = n;
            for (size_t i = 0; i < n; i++)
                s[i] = rank[text[i]];
            rb_suffix_sort(s, n, symbols, sa, scratch);
        }
        out->text = text;
        out->suffixes = sa;
        out->len = n;
        out->sorted = sorted;
        text = NULL;
        sa = NULL;
        why = ROBOTS_OK;
    }
    rb_free(mem, scratch, words * sizeof *scratch);
    rb_free(mem, s, n * sizeof *s);
    rb_free(mem, sa, n * sizeof *sa);
    rb_free(mem, text, n + RB_TEXT_PAD);
    if (why == ROBOTS_OK) {
        out->lowered = rb_alloc(mem, out->longest + RB_TEXT_PAD);
        why = out->lowered == NULL ? mem->failure : ROBOTS_OK;
        if (out->lowered != NULL) /* read past a value, never compared */
            memset(out->lowered, 0, out->longest + RB_TEXT_PAD);
    }
    if (why == ROBOTS_OK && n >= RB_STARTS_FROM && out->sorted == n)
        why = index_starts(mem, out);
    if (why != ROBOTS_OK)
        rb_names_index_release(mem, out);
    return why;
}

robots_status rb_names_index_build(rb_mem *mem, const robots_str *names,
                                   size_t count, size_t longest_value,
                                   size_t shallow_value, rb_names_index *out) {
    memset(out, 0, sizeof *out);
    out->shallow = SIZE_MAX;
    /* Validated names: at most ROBOTS_MAX_QUERY_AGENTS of at most
     * ROBOTS_MAX_AGENT_BYTES, far below what uint32_t indexes. */
    size_t n = 0;
    unsigned char seen[256] = {0}; /* lowercased below, once a byte */
    for (size_t i = 0; i < count; i++) {
        n += names[i].len + 1;
        if (names[i].len > out->longest)
            out->longest = names[i].len;
        for (size_t k = 0; k < names[i].len; k++)
            seen[(unsigned char)names[i].ptr[k]] = 1;
    }
    for (size_t c = 0; c < 256; c++)
        if (seen[c])
            set_bit(out->bytes, rb_lower_fast((unsigned char)c));
    if (longest_value > out->longest)
        longest_value = out->longest; /* longer values are in no name */
    if (longest_value <= 1)
        return ROBOTS_OK;
    if (longest_value == 2 && n >= RB_PAIRS_FROM)
        return index_pairs(mem, names, count, out);
    if (shallow_value > longest_value)
        shallow_value = longest_value;
    return index_suffixes(mem, names, count, n, longest_value, shallow_value,
                          out);
}

void rb_names_index_release(rb_mem *mem, rb_names_index *index) {
    rb_free(mem, index->suffixes, index->len * sizeof *index->suffixes);
    rb_free(mem, index->text, index->len + RB_TEXT_PAD);
    rb_free(mem, index->pairs, index->pairs != NULL ? 65536 / 8 : 0);
    rb_free(mem, index->starts, RB_STARTS_WORDS * sizeof *index->starts);
    rb_free(mem, index->lowered, index->longest + RB_TEXT_PAD);
    memset(index, 0, sizeof *index);
}

/* The first k from `from` at which the lowered value and the suffix at
 * `at` differ, len if none, or where the suffix ends if it ends first
 * (the text's last byte is a NUL, which a value does not hold: a suffix
 * differs from it before it ends), eight bytes a step (names of one
 * pattern make every search compare deep). Bytes past the value and the
 * text are read (their room and padding) but not compared. */
static size_t agree_to(const rb_names_index *index, const unsigned char *value,
                       size_t len, size_t at, size_t from) {
    const char *v = (const char *)value, *t = (const char *)index->text + at;
    size_t end = len < index->len - at ? len : index->len - at;
    for (size_t k = from; k < end; k += 8) {
        uint64_t diff = rb_load8(v + k) ^ rb_load8(t + k);
        if (diff == 0)
            continue;
#ifdef RB_LITTLE_ENDIAN
        /* a flag in each byte that differs (exact: no carry across) */
        k += rb_first_flagged((((diff & ~RB_HIGHS) + ~RB_HIGHS) | diff) &
                              RB_HIGHS);
#else
        while (value[k] == index->text[at + k])
            k++;
#endif
        return k < end ? k : end; /* a difference past both is none */
    }
    return end;
}

/* Whether the lowered value low[0..len) starts a sorted suffix (or
 * window): binary search, each comparison starting past the bytes both
 * bounds are known to share with the value (every suffix between them
 * shares them too): about m + log H byte comparisons rather than
 * m log H. The text's last byte is a NUL, which no value holds: a suffix
 * differs from a value before it ends, and sorts before it there (the NUL
 * is the least byte). */
static int search_sorted(const rb_names_index *index, const unsigned char *low,
                         size_t len) {
    size_t lo = 0, hi = index->sorted, lo_shared = 0, hi_shared = 0;
    if (index->starts != NULL && len >= 2) {
        size_t pair = (size_t)low[0] << 8 | low[1];
        lo = index->starts[pair];
        hi = index->starts[pair + 1];
        lo_shared = hi_shared = 2;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        size_t at = index->suffixes[mid];
        size_t k = agree_to(index, low, len, at,
                            lo_shared < hi_shared ? lo_shared : hi_shared);
        if (k == len)
            return 1;
        /* past the text's end, its padding's 0 sorts before the value */
        if (low[k] < index->text[at + k]) {
            hi = mid;
            hi_shared = k;
        } else {
            lo = mid + 1;
            lo_shared = k;
        }
    }
    return 0;
}

/* Whether a value longer than the windows (lowered into the index's room)
 * may be in the text: each of its bytes is one a name holds, and its
 * windows at every `shallow` bytes and its last are each in the sorted
 * windows (a piece of a name with a byte changed fails here). O(m log R)
 * for R windows, against the two-way search's O(H). */
static int windows_hold(const rb_names_index *index, size_t len) {
    const unsigned char *low = index->lowered;
    size_t step = index->shallow;
    for (size_t k = 0; k < len; k++)
        if (!has_bit(index->bytes, low[k]))
            return 0;
    for (size_t at = 0; at + step < len; at += step)
        if (!search_sorted(index, low + at, step))
            return 0;
    return search_sorted(index, low + len - step, step);
}

int rb_names_index_may_hold(const rb_names_index *index, const char *value,
                            size_t len) {
    if (len > index->longest)
        return 0;
    if (len <= index->shallow)
        return 1;
    lower_into(index->lowered, value, len);
    return windows_hold(index, len);
}

static int search_suffixes(const rb_names_index *index, const char *value,
                           size_t len) {
    lower_into(index->lowered, value, len);
    if (len > index->shallow)
        /* not in the windows: in the text, O(H + m), which the caller
         * does for at most a few values (selection.c); the others fail
         * windows_hold() first, in O(m log R) */
        return windows_hold(index, len) &&
               rb_find_two_way((const char *)index->text, index->len, 0,
                               (const char *)index->lowered, len) <= index->len;
    return search_sorted(index, index->lowered, len);
}

int rb_names_index_contains(const rb_names_index *index, const char *value,
                            size_t len) {
    if (len == 0)
        return 1;
    if (len > index->longest)
        return 0;
    if (len == 1)
        return has_bit(index->bytes, rb_lower_fast((unsigned char)value[0]));
    if (index->pairs != NULL)
        return len == 2 &&
               has_bit(index->pairs,
                       (size_t)rb_lower_fast((unsigned char)value[0]) << 8 |
                           rb_lower_fast((unsigned char)value[1]));
    return search_suffixes(index, value, len);
}
