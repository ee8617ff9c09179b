/* SPDX-License-Identifier: MIT */
/*
 * normalize.c - percent-encoding normalisation of rule patterns and URL
 * paths, per profile, so that matching compares plain octets.
 *
 *   rfc9309: octets >= 0x80 and octets a URI may not hold are encoded;
 *            %xx hex is uppercased; %xx of an unreserved character is
 *            decoded; reserved characters stay as written. In a path, `*`
 *            and `$` are compared as %2A and %24 (RFC 9309 figure 6); in a
 *            pattern `*` is the wildcard and `$` the end anchor only as the
 *            last octet, so a `$` elsewhere is the literal %24 too.
 *   google:  patterns: octets >= 0x80 encoded, %xx hex uppercased, nothing
 *            decoded. Paths are compared as given.
 *   legacy:  every %xx but %2F and %00 is decoded on both sides (the book,
 *            9.4.3); %2F keeps its meaning of "a slash that is not a
 *            separator", and %00 stays, as no string handed out holds a
 *            NUL (docs/semantics.md).
 * Every output is at most three times its input. rb_pattern_is_normal()
 * tells a pattern that is already its own normal form (most are) before
 * any of this is done.
 */
#include "normalize.h"
#include "byte_class.h"

#include <string.h>

static const char hex_digits[] = "0123456789ABCDEF";

static char *put_escape(char *out, unsigned char c) {
    out[0] = '%';
    out[1] = hex_digits[c >> 4];
    out[2] = hex_digits[c & 15];
    return out + 3;
}

/* Each hex digit's value plus one, 0 for any other byte: a %xx's digits
 * told and read at one load each (rb_ascii_hex_value() takes a chain of
 * compares a digit, and a %xx is the usual byte a pattern normalises). */
static const unsigned char hex_value1[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,
    ['6'] = 7,  ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['A'] = 11, ['B'] = 12,
    ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
};

/* The octet a %xx at in[i] encodes; -1 when it is not a whole %xx. */
static int escape_at(const char *in, size_t len, size_t i) {
    if (len < 3 || i > len - 3)
        return -1;
    unsigned hi = hex_value1[(unsigned char)in[i + 1]];
    unsigned lo = hex_value1[(unsigned char)in[i + 2]];
    if (hi == 0 || lo == 0)
        return -1;
    return (int)((hi - 1) * 16 + lo - 1);
}

/* rfc9309: the byte at in[i], one that is not RB_C_PLAIN, or the %xx it
 * starts, written at *out: the index of the next byte to read. */
static inline size_t rfc9309_special(const char *in, size_t len, size_t i,
                                     char **out, int is_pattern) {
    char *o = *out;
    unsigned char c = (unsigned char)in[i];
    if (c >= 0x80) {
        o = put_escape(o, c); /* UTF-8: the usual one */
    } else if (c == '%') {
        int v = escape_at(in, len, i);
        if (v < 0) {
            *o++ = '%';
        } else {
            /* an unreserved octet decoded (RFC 3986 section 2.3) */
            if (rb_byte_class[v] & RB_C_UNRESERVED)
                *o++ = (char)v;
            else
                o = put_escape(o, (unsigned char)v);
            i += 2;
        }
    } else if ((rb_byte_class[c] & RB_C_ENCODE) || (c == '*' && !is_pattern) ||
               (c == '$' && !(is_pattern && i + 1 == len))) {
        o = put_escape(o, c);
    } else {
        *o++ = (char)c; /* a pattern's '*', its final '$' */
    }
    *out = o;
    return i + 1;
}

/* Octets an rfc9309 pattern or path may copy as they are (RB_C_PLAIN):
 * the common case, copied while they are looked at. '%', '*', '$' and what
 * must be encoded are not. */
static size_t normalize_rfc9309(const char *in, size_t len, char *out,
                                int is_pattern) {
    char *o = out;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)in[i];
        if (rb_byte_class[c] & RB_C_PLAIN) {
            *o++ = (char)c;
            i++;
        } else {
            i = rfc9309_special(in, len, i, &o, is_pattern);
        }
    }
    return (size_t)(o - out);
}

/* google: the byte at in[i], one >= 0x80 or a '%', or the %xx it starts,
 * written at *out: the index of the next byte to read. */
static inline size_t google_special(const char *in, size_t len, size_t i,
                                    char **out) {
    unsigned char c = (unsigned char)in[i];
    int v = c == '%' ? escape_at(in, len, i) : -1;
    if (c >= 0x80) {
        *out = put_escape(*out, c);
    } else if (v >= 0) {
        *out = put_escape(*out, (unsigned char)v); /* its hex uppercased */
        i += 2;
    } else {
        *(*out)++ = (char)c;
    }
    return i + 1;
}

/* google's pattern, byte by byte. */
static size_t normalize_google(const char *in, size_t len, char *out) {
    char *o = out;
    for (size_t i = 0; i < len;)
        if ((unsigned char)in[i] < 0x80 && in[i] != '%')
            *o++ = in[i++];
        else
            i = google_special(in, len, i, &o);
    return (size_t)(o - out);
}

#ifdef RB_SSE2
/* n < 16 bytes copied from in to out, and nothing past them written: two
 * overlapping words where n allows, as a byte loop costs about three
 * instructions a byte. */
static inline void copy_short(char *out, const char *in, size_t n) {
    if (n >= 8) {
        memcpy(out, in, 8);
        memcpy(out + n - 8, in + n - 8, 8);
    } else if (n >= 4) {
        memcpy(out, in, 4);
        memcpy(out + n - 4, in + n - 4, 4);
    } else {
        for (size_t k = 0; k < n; k++)
            out[k] = in[k];
    }
}

/* The bytes of a step that change, the mask's bits from i on (bit k:
 * in[step + k], rb_refused16()), each written by its profile's special
 * step and the kept bytes before it copied at once: the index of the
 * next byte to read (past the step when its last is a %xx's '%'). */
RB_ALWAYS_INLINE static inline size_t step_changes(int rfc, const char *in,
                                                   size_t len, size_t step,
                                                   unsigned m, size_t i,
                                                   char **out) {
    for (; m != 0; m &= m - 1) {
        size_t at = step + (size_t)__builtin_ctz(m);
        if (at < i)
            continue; /* a digit of the %xx just read */
        copy_short(*out, in + i, at - i);
        *out += at - i;
        i = rfc ? rfc9309_special(in, len, at, out, 1)
                : google_special(in, len, at, out);
    }
    return i;
}

/* A pattern of rfc9309 (rfc) or google, sixteen bytes a step
 * (rb_refused16()): a step all kept is stored whole; in one that is not,
 * the bytes that change are written where its mask finds them
 * (step_changes()) and the kept bytes between them copied at once. One
 * pass, with nothing measured first; the last step ends where the pattern
 * does. A pattern of 4 to 15 bytes is one step, read from a copy of it
 * (its bytes alone may be read). Most patterns the parse normalises are a
 * path with escapes or UTF-8 bytes among plain ones (the real-world
 * corpus: 38 bytes on average, Wikipedia's %xx runs the most), where the
 * byte loop cost about seven instructions a byte; a raw rule of the
 * wildcard cases (many-wild-raw-pairs: a slash, a star, UTF-8, six digits) cost
 * it about 150 a rule, at the parse and again at the compile. Inline into one
 * copy a profile, so that the profile's tests are constants. */
RB_ALWAYS_INLINE static inline size_t normalize_steps(int rfc, const char *in,
                                                      size_t len, char *out) {
    char *o = out;
    if (len < 16) {
        if (len < 4)
            return rfc ? normalize_rfc9309(in, len, out, 1)
                       : normalize_google(in, len, out);
        char one[16] = {0}; /* a NUL is refused: masked off below */
        copy_short(one, in, len);
        unsigned m =
            (unsigned)_mm_movemask_epi8(rb_refused16(
                _mm_loadu_si128((const __m128i *)(const void *)one), rfc)) &
            ((1u << len) - 1);
        size_t i = step_changes(rfc, in, len, 0, m, 0, &o);
        if (i < len) {
            copy_short(o, in + i, len - i);
            o += len - i;
        }
        return (size_t)(o - out);
    }
    size_t i = 0;
    while (i < len) {
        /* the last step ends where the pattern does, its bytes already
         * read masked off */
        size_t step = i <= len - 16 ? i : len - 16;
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(in + step));
        unsigned m = (unsigned)_mm_movemask_epi8(rb_refused16(v, rfc)) >>
                     (i - step) << (i - step);
        if (m == 0 && step == i) {
            _mm_storeu_si128((__m128i *)(void *)o, v);
            o += 16;
            i += 16;
            continue;
        }
        i = step_changes(rfc, in, len, step, m, i, &o);
        if (i < step + 16) {
            copy_short(o, in + i, step + 16 - i);
            o += step + 16 - i;
            i = step + 16;
        }
    }
    return (size_t)(o - out);
}

/* Not one function with the profile a parameter: each profile's copy
 * alone in its frame (the registers of the other's tests cost its byte
 * loop about 8 instructions a pattern, bench/README.md "Session 22
 * (parse)"). */
__attribute__((noinline)) static size_t
normalize_rfc9309_pattern(const char *in, size_t len, char *out) {
    return normalize_steps(1, in, len, out);
}

__attribute__((noinline)) static size_t
normalize_google_pattern(const char *in, size_t len, char *out) {
    return normalize_steps(0, in, len, out);
}
#else
static size_t normalize_rfc9309_pattern(const char *in, size_t len, char *out) {
    return normalize_rfc9309(in, len, out, 1);
}

static size_t normalize_google_pattern(const char *in, size_t len, char *out) {
    return normalize_google(in, len, out);
}
#endif

static size_t normalize_legacy(const char *in, size_t len, char *out) {
    char *o = out;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)in[i];
        int v = c == '%' ? escape_at(in, len, i) : -1;
        /* %2F stays (the book); so does %00, as a NUL could not be in a
         * rule as written (it ends a line's content) and no string the
         * library hands out holds one (robots.h). */
        if (v == '/' || v == 0) {
            o = put_escape(o, (unsigned char)v);
            i += 2;
        } else if (v >= 0) {
            *o++ = (char)v;
            i += 2;
        } else {
            *o++ = (char)c;
        }
    }
    return (size_t)(o - out);
}

static size_t copy_bytes(const char *in, size_t len, char *out) {
    if (len != 0)
        memcpy(out, in, len);
    return len;
}

/* Per byte, the profiles whose pattern normalisation copies it as it is:
 * bit 0 rfc9309 (RB_C_PLAIN and `*`), bit 1 google (below 0x80, not '%'),
 * bit 2 legacy (not '%'). A trailing `$` is rfc9309's anchor, kept too. */
const unsigned char rb_pattern_kept[256] = {
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 6, 7, 6, 0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6, 7, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6, 7, 6, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 6, 6, 6, 7, 6, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
};

size_t rb_normalize_pattern(robots_profile profile, const char *in, size_t len,
                            char *out) {
    switch (profile) {
    case ROBOTS_PROFILE_GOOGLE:
        return normalize_google_pattern(in, len, out);
    case ROBOTS_PROFILE_LEGACY:
        return normalize_legacy(in, len, out);
    case ROBOTS_PROFILE_RFC9309:
    default:
        return normalize_rfc9309_pattern(in, len, out);
    }
}

size_t rb_normalize_path(robots_profile profile, const char *in, size_t len,
                         char *out) {
    switch (profile) {
    case ROBOTS_PROFILE_GOOGLE:
        return copy_bytes(in, len, out);
    case ROBOTS_PROFILE_LEGACY:
        return normalize_legacy(in, len, out);
    case ROBOTS_PROFILE_RFC9309:
    default:
        return normalize_rfc9309(in, len, out, 0);
    }
}
