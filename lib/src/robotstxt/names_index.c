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
 * every one. A value longer than them is in a name only if each of its
 * windows (one every depth bytes, and its last) is among them; one whose
 * windows all are is tried at each position of its rarest window, the
 * ranks of its other windows compared there (each position's window's
 * rank kept from the window sort), or the first such value searched in
 * the text (two-way), O(H). Its windows halfway between those are
 * searched too (a value of pieces of names joined where two of its
 * windows meet fails at the junction's). Where names of runs put its
 * rarest window at thousands of positions, it is found by its period
 * instead (the longest run from its first window's positions, or the
 * positions of the window that ends its run). Past O(H) of such tries
 * every suffix is sorted after all (a crafted input).
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

/* Words of heads[] a rank (index_occurrences()): its positions' list's
 * head and their count, and after all ranks' pairs, its run's reach. */
#define RB_HEAD 3

/* The bytes of a value's first window whose least period is found
 * (first_period(): half a word of the stack a byte): selection.c's
 * RB_WINDOWS_DEEPEST, the windows' depth. */
#define RB_PERIOD_MOST 256

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

/* The values longer than the windows that pass them searched in the text
 * (two-way, O(H + m)) before each position's window is grouped by rank:
 * the search costs about 7 instructions a byte of text, the grouping 10,
 * and a file of one such value (issue29-legacy-tm-many-long) needs no
 * more. */
#define RB_TWO_WAY_FIRST 1

/* The words of room for a value's windows' ranks: one every `shallow`
 * bytes of the longest name and its last. */
static size_t ranks_room(const rb_names_index *index) {
    return index->longest / index->shallow + 1;
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
            rb_window_sort(text, n, shallow, sa, &sorted, s, scratch, words)) {
            out->shallow = shallow;
            out->cover = s; /* for rb_names_index_find_long() */
            s = NULL;
        } else if (has_bit(out->bytes, 0) ||
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
    if (why == ROBOTS_OK && out->cover != NULL) {
        out->two_way_left = RB_TWO_WAY_FIRST;
        out->ranks_room = ranks_room(out);
        out->ranks = rb_alloc(mem, out->ranks_room * sizeof *out->ranks);
        why = out->ranks == NULL ? mem->failure : ROBOTS_OK;
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
    rb_free(mem, index->ranks, index->ranks_room * sizeof *index->ranks);
    rb_free(mem, index->heads, RB_HEAD * index->sorted * sizeof *index->heads);
    rb_free(mem, index->next, index->len * sizeof *index->next);
    rb_free(mem, index->cover, index->len * sizeof *index->cover);
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

/* Where (in suffixes[]) a sorted suffix (or window) starting with the
 * lowered value low[0..len) is, SIZE_MAX if none (with `rank` 0: 1 or 0,
 * whether there is one): binary search, each comparison starting past
 * the bytes both bounds are known to share with the value (every suffix
 * between them shares them too): about m + log H byte comparisons rather
 * than m log H. The text's last byte is a NUL, which no value holds: a
 * suffix differs from a value before it ends, and sorts before it there
 * (the NUL is the least byte). */
static inline RB_ALWAYS_INLINE size_t sorted_at(const rb_names_index *index,
                                                const unsigned char *low,
                                                size_t len, int rank) {
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
            return rank ? mid : 1;
        /* past the text's end, its padding's 0 sorts before the value */
        if (low[k] < index->text[at + k]) {
            hi = mid;
            hi_shared = k;
        } else {
            lo = mid + 1;
            lo_shared = k;
        }
    }
    return rank ? SIZE_MAX : 0;
}

/* sorted_at() as a yes or no, out of line (as windows_hold() is, with
 * its own copy): the search of a value of the windows' depth or less. */
static RB_NOINLINE int search_sorted(const rb_names_index *index,
                                     const unsigned char *low, size_t len) {
    return (int)sorted_at(index, low, len, 0);
}

/* Whether a value longer than the windows (lowered into the index's room)
 * may be in the text: its windows at every `shallow` bytes and its last
 * are each in the sorted windows (a piece of a name with a byte changed
 * fails here; so does a byte no name holds). O(m log R) for R windows,
 * against the two-way search's O(H). The windows' ranks are written to
 * the index's `ranks`; their count, or 0 at the first that is none. A
 * window the same as the one before (a value that repeats a pattern)
 * has its rank without a search. */
static RB_NOINLINE size_t windows_hold(const rb_names_index *index,
                                       size_t len) {
    const unsigned char *low = index->lowered;
    size_t step = index->shallow, last = len - step, count = 0, rank = 0;
    for (size_t at = 0, before = 0;; at += step) {
        size_t from = at < last ? at : last;
        if (count == 0 || memcmp(low + from, low + before, step) != 0)
            rank = sorted_at(index, low + from, step, 1);
        if (rank == SIZE_MAX)
            return 0;
        index->ranks[count++] = (uint32_t)rank;
        if (from == last)
            return count;
        before = from;
    }
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

/* The work rb_names_index_find_long() may spend in all (each position of
 * a rarest window tried, and each rank compared after it), units a byte
 * of text: values crafted to make it pay are then answered by every
 * suffix sorted, a little dearer than that sort alone. */
#define RB_LONG_WORK 4

/* A representative's entry of cover[] while its rank is written there. */
#define RB_RANK_FLAG 0x80000000u

/* Each position's window grouped by rank: cover[] from representatives
 * to ranks (UINT32_MAX where a NUL cuts the window: its representative's
 * may be longer), and for each rank its positions, a list through
 * next[] from heads[2 * rank] (UINT32_MAX ends it, the positions
 * descending), their count, heads[2 * rank + 1], and the longest run of
 * the window's period from one of them once a value asks, heads[2 * R +
 * rank] for R ranks (run_reach(); 0 before). O(H) time, 4 * (H + n) + 12 * R
 * bytes more for R windows sorted (robots.h's bound holds with the text, the
 * windows and the covers: 13.375 * (H + n), a rank under one in 32
 * positions, and the room for a value and its windows' ranks).
 * ROBOTS_OK, or the allocator's failure with nothing changed. */
static robots_status index_occurrences(rb_mem *mem, rb_names_index *index) {
    size_t n = index->len, sorted = index->sorted, shallow = index->shallow;
    uint32_t *next = rb_alloc(mem, n * sizeof *next);
    uint32_t *heads = rb_alloc(mem, RB_HEAD * sorted * sizeof *heads);
    if (next == NULL || heads == NULL) {
        rb_free(mem, heads, RB_HEAD * sorted * sizeof *heads);
        rb_free(mem, next, n * sizeof *next);
        return mem->failure;
    }
    memset(heads, 0xff, 2 * sorted * sizeof *heads);
    for (size_t r = 0; r < sorted; r++)
        heads[2 * r + 1] = 0;
    memset(heads + 2 * sorted, 0, sorted * sizeof *heads);
    /* each representative's rank in its own entry, flagged (a rank is
     * under n / 32); every other position's representative is before it
     * (the first with its window), so read before it is overwritten */
    const unsigned char *text = index->text;
    uint32_t *cover = index->cover;
    for (size_t r = 0; r < sorted; r++)
        cover[index->suffixes[r]] = (uint32_t)r | RB_RANK_FLAG;
    const unsigned char *at = text, *stop = text + n;
    while (at < stop) { /* each name (and each NUL inside one) */
        const unsigned char *end = memchr(at, 0, (size_t)(stop - at));
        size_t p = (size_t)(at - text), cut = (size_t)(end - text);
        cut = cut - p >= shallow ? cut - shallow + 1 : p;
        for (; p < cut; p++) {
            uint32_t x = cover[p];
            uint32_t rank = x & RB_RANK_FLAG ? x : cover[x];
            rank &= ~RB_RANK_FLAG;
            cover[p] = rank;
            size_t slot = 2 * (size_t)rank;
            next[p] = heads[slot];
            heads[slot] = (uint32_t)p;
            heads[slot + 1]++;
        }
        /* to the NUL itself: the window sort writes no NUL's entry, and
         * a value's window read there must be no window */
        for (; p <= (size_t)(end - text); p++)
            cover[p] = UINT32_MAX;
        at = end + 1;
    }
    index->next = next;
    index->heads = heads;
    index->work = 0;
    index->budget = (uint64_t)RB_LONG_WORK * n;
    return ROBOTS_OK;
}

/* Whether the value's `count` windows (their ranks in ranks[], at
 * offsets j * shallow, the last at `last`) are those at p + each offset. */
static int windows_at(const rb_names_index *index, size_t p, size_t count,
                      size_t last, uint64_t *work) {
    const uint32_t *cover = index->cover, *ranks = index->ranks;
    /* the last first: a value that differs from a name at its end (the
     * crafted `x a^k y`) fails there */
    if (cover[p + last] != ranks[count - 1])
        return 0;
    for (size_t j = 0; j + 1 < count; j++) {
        ++*work;
        if (cover[p + j * index->shallow] != ranks[j])
            return 0;
    }
    return 1;
}

/* The value (len bytes, its `count` windows' ranks in the index's
 * ranks[]) tried where its window at `offset` is, each of the positions
 * from `first` on: 1 where each window is the text's, 0 at none, -1 past
 * the budget. Out of line, so that the loop has the registers to itself
 * (inside the caller it spilled three words a position tried). */
static RB_NOINLINE int try_positions(rb_names_index *index, uint32_t first,
                                     size_t offset, size_t len, size_t count) {
    const uint32_t *next = index->next;
    size_t last = len - index->shallow;
    for (uint32_t q = first; q != UINT32_MAX; q = next[q]) {
        if (++index->work > index->budget)
            return -1;
        size_t p = q - offset; /* wraps when before the text: no room */
        if (q >= offset && p + len <= index->len &&
            windows_at(index, p, count, last, &index->work))
            return 1;
    }
    return 0; /* each position tried: in no name, whatever it cost */
}

/* The least period of low[0..len) (len at most RB_PERIOD_MOST): the
 * prefix function's last entry, O(len), its entries on the stack. */
static size_t first_period(const unsigned char *low, size_t len) {
    uint16_t border[RB_PERIOD_MOST];
    border[0] = 0;
    for (size_t i = 1; i < len; i++) {
        size_t k = border[i - 1];
        while (k > 0 && low[i] != low[k])
            k = border[k - 1];
        border[i] = (uint16_t)(k + (low[i] == low[k]));
    }
    return len - border[len - 1];
}

/* The longest run of period `period` (the window's least, under its
 * length) that starts at a position of rank `rank`: the most bytes from
 * such a position q that repeat the `period` before them. Two positions
 * of one window are at least its least period apart, so walking its
 * positions downwards, q + period is of the rank exactly when it is the
 * position walked just before, and then the run from q is `period`
 * longer than from there; else it ends within `period` bytes past q's
 * window (the window at q + period would be the same), or at the NUL
 * that ends the name (no window holds one). O(positions + heads *
 * period), each head more than `period` bytes from the next: O(H) once a
 * rank, counted in the index's work. 0 past its budget. No stack but a
 * few words (session 24 kept a pair for each residue of the period). */
static size_t run_reach(rb_names_index *index, size_t rank, size_t period) {
    uint32_t *memo = index->heads + 2 * index->sorted + rank;
    if (*memo != 0)
        return *memo;
    const unsigned char *text = index->text;
    size_t shallow = index->shallow, most = 0, before = SIZE_MAX, reach = 0;
    for (uint32_t q = index->heads[2 * rank]; q != UINT32_MAX;
         q = index->next[q]) {
        if (q + period == before) {
            reach += period;
        } else {
            reach = shallow;
            while (text[q + reach] == text[q + reach - period])
                reach++;
            index->work += reach - shallow;
        }
        before = q;
        most = reach > most ? reach : most;
        if (++index->work > index->budget)
            return 0;
    }
    *memo = (uint32_t)most;
    return most;
}

/* A value whose first window has a period (p under its length, where the
 * window is read whole; at most half of the RB_PERIOD_MOST bytes read
 * where it is deeper: then p is the window's least too, by Fine and
 * Wilf): past its first `shallow` bytes, the first byte that breaks p.
 * None: the value is the run of its first window, in a name where that
 * window starts a run of p at least as long (run_reach()): 1 or 0 (-1
 * past the budget). Else the window that ends at that byte, which every
 * occurrence of the value holds: 0 where it is none of the windows,
 * else 2, and where it is at fewer positions than *rank (where p is at
 * most half the window, at most 2 H / depth + 1: two at fewer than
 * depth / 2 bytes apart would give it a period q <= depth / 2, its bytes
 * before the break gcd(p, q) by Fine and Wilf, and the break byte p),
 * its rank and offset in *rank, *offset. 2 and nothing written where the
 * first window has no such period. */
static RB_NOINLINE int periodic_value(rb_names_index *index, size_t len,
                                      size_t *rank, size_t *offset) {
    const unsigned char *low = index->lowered;
    size_t shallow = index->shallow;
    size_t head = shallow < RB_PERIOD_MOST ? shallow : RB_PERIOD_MOST;
    size_t period = first_period(low, head), b = head;
    if (head == shallow ? period == head : 2 * period > head)
        return 2;
    while (b < len && low[b] == low[b - period])
        b++;
    if (b < shallow) /* a deeper window's run breaks inside it */
        return 2;
    if (b == len) {
        size_t reach = run_reach(index, index->ranks[0], period);
        return reach == 0 ? -1 : reach >= len;
    }
    size_t at = b - shallow + 1;
    size_t broken = sorted_at(index, low + at, shallow, 1);
    if (broken == SIZE_MAX)
        return 0;
    if (index->heads[2 * broken + 1] < index->heads[2 * *rank + 1]) {
        *rank = broken;
        *offset = at;
    }
    return 2;
}

/* Whether the value's windows halfway between those windows_hold() found
 * (at shallow / 2 + j * shallow) are each among the sorted windows: a
 * value of pieces of names whose junctions fall where two of its windows
 * meet (each window in a name, each at many positions) fails at the
 * junction's, O(log R) a window, where its tries would cost a rarest
 * window's positions (or before they are listed, their listing, O(H)).
 * With the positions listed, where one is at fewer positions than *fewest
 * (a junction's window that a name holds too), it is the rarest: its
 * rank, count and offset in *rarest, *fewest, *offset. */
static RB_NOINLINE int halves_hold(const rb_names_index *index, size_t len,
                                   size_t *rarest, size_t *fewest,
                                   size_t *offset) {
    const unsigned char *low = index->lowered;
    size_t step = index->shallow, half = step / 2;
    for (size_t at = half; at + step <= len; at += step) {
        /* the same as the window before or after it (each passed, at no
         * fewer positions than *fewest): `x a^k y`'s `a^256` */
        if (memcmp(low + at, low + at - half, step) == 0 ||
            (at + half + step <= len &&
             memcmp(low + at, low + at + half, step) == 0))
            continue;
        size_t rank = sorted_at(index, low + at, step, 1);
        if (rank == SIZE_MAX)
            return 0;
        if (index->next != NULL && index->heads[2 * rank + 1] < *fewest) {
            *fewest = index->heads[2 * rank + 1];
            *rarest = rank;
            *offset = at;
        }
    }
    return 1;
}

/* The positions of a value's rarest window past which its halfway
 * windows are searched first, in units of its windows (each search
 * costs about as much as this many tries: a value of pieces of runs
 * tries hundreds of positions, one of `x a^k y` 32). */
#define RB_HALVES_FROM 32

int rb_names_index_find_long(rb_mem *mem, rb_names_index *index,
                             const char *value, size_t len,
                             robots_status *status) {
    *status = ROBOTS_OK;
    if (len > index->longest)
        return 0;
    lower_into(index->lowered, value, len);
    size_t count = windows_hold(index, len);
    if (count == 0)
        return 0;
    if (index->next == NULL) {
        if (index->two_way_left != 0) {
            index->two_way_left--;
            return rb_find_two_way((const char *)index->text, index->len, 0,
                                   (const char *)index->lowered,
                                   len) <= index->len;
        }
        /* before the positions' grouping (O(H)), the windows halfway:
         * values of pieces of runs fail there, and need no grouping
         * (the first value that passes is searched in the text as
         * before: one that passes them too, as most do, would pay for
         * them for nothing) */
        size_t none = SIZE_MAX;
        if (!halves_hold(index, len, &none, &none, &none))
            return 0;
        *status = index_occurrences(mem, index); /* the positions, once */
        if (*status != ROBOTS_OK)
            return 0;
    }
    const uint32_t *heads = index->heads;
    if (index->next == NULL) /* listed above: for the analysers */
        return 0;
    /* the window of the fewest positions: of its windows every `shallow`
     * bytes the rarest, or where that one is at more positions than a
     * window that repeats no period of half its length can be (the first
     * window a run's), the one at the end of the value's run */
    const uint32_t *ranks = index->ranks;
    size_t last = len - index->shallow, offset = last;
    size_t rarest = 0, fewest = SIZE_MAX;
    for (size_t j = 0; j < count; j++)
        if (heads[2 * ranks[j] + 1] < fewest) {
            fewest = heads[2 * ranks[j] + 1];
            rarest = ranks[j];
            offset = j + 1 < count ? j * index->shallow : last;
        }
    /* a rarest window at fewer positions than this costs less tried at
     * each than its windows halfway searched (`x a^k y`'s 32) */
    if (fewest > RB_HALVES_FROM * count &&
        !halves_hold(index, len, &rarest, &fewest, &offset))
        return 0;
    /* more positions than windows of no period can be (at least
     * `shallow` apart): its first window has a period */
    if (index->shallow != 0 && /* (always: there are windows) */
        fewest > index->len / index->shallow) {
        int periodic = periodic_value(index, len, &rarest, &offset);
        if (periodic != 2)
            return periodic;
    }
    return try_positions(index, heads[2 * rarest], offset, len, count);
}
