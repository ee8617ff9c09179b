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
#include "ascii.h"
#include "byte_class.h"

#include <string.h>

static const char hex_digits[] = "0123456789ABCDEF";

static char *put_escape(char *out, unsigned char c) {
    out[0] = '%';
    out[1] = hex_digits[c >> 4];
    out[2] = hex_digits[c & 15];
    return out + 3;
}

/* RFC 3986 section 2.3. */
static int is_unreserved(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
           c == '~';
}

/* Octets that may not appear in a URI as they are (RFC 3986 section 2):
 * never `*` nor `$`, which normalize_rfc9309() tells first (a pattern's
 * wildcard is its most common byte that is not plain: asked here first,
 * a hostile file's 25,000 rules paid a switch for each, twice). */
static int must_encode(unsigned char c) {
    if (c < 0x21 || c >= 0x7F)
        return 1;
    switch (c) {
    case '"':
    case '<':
    case '>':
    case '\\':
    case '^':
    case '`':
    case '{':
    case '|':
    case '}':
        return 1;
    default:
        return 0;
    }
}

/* The octet a %xx at in[i] encodes; -1 when it is not a whole %xx. */
static int escape_at(const char *in, size_t len, size_t i) {
    if (len < 3 || i > len - 3)
        return -1;
    int hi = rb_ascii_hex_value((unsigned char)in[i + 1]);
    int lo = rb_ascii_hex_value((unsigned char)in[i + 2]);
    if (hi < 0 || lo < 0)
        return -1;
    return hi * 16 + lo;
}

#ifdef RB_SSE2
/* google: the run of a pattern's first bytes (len >= 16) that its normal
 * form keeps as they are (below 0x80, not '%': rb_google_refused16()), copied
 * to out: its length. Sixteen a step, a step of sixteen kept bytes stored
 * whole; the run's last bytes one by one, so that nothing past the run is
 * written: a caller's buffer may hold the normal form exactly
 * (robots_rule_normalized()). The byte loop below costs about ten
 * instructions a kept byte, most of a pattern's (google's normalised
 * patterns in the real-world corpus: 65,000 of their 102,000 bytes, most
 * a plain path before the first escape). Not in rfc9309: its test of
 * sixteen bytes is three times google's, and the rules of raw UTF-8 of the
 * adversarial cases (many-raw-near-miss) paid 0.16 M more a first check
 * for the corpus's 0.13 M fewer (bench/README.md, "Session 22 (parse)"). */
static size_t kept_run(const char *in, size_t len, char *out) {
    size_t n = 0;
    for (; len - n >= 16; n += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(in + n));
        unsigned m = (unsigned)_mm_movemask_epi8(rb_google_refused16(v));
        if (m != 0) {
            for (size_t k = (size_t)__builtin_ctz(m); k > 0; k--, n++)
                out[n] = in[n];
            return n;
        }
        _mm_storeu_si128((__m128i *)(void *)(out + n), v);
    }
    return n;
}
#endif

/* Octets an rfc9309 pattern or path may copy as they are (RB_C_PLAIN):
 * the common case, copied while they are looked at. '%', '*', '$' and what
 * must be encoded are not. */
static size_t normalize_rfc9309(const char *in, size_t len, char *out,
                                int is_pattern) {
    char *o = out;
    /* NOLINTBEGIN(bugprone-branch-clone): one branch per class of byte, in
     * the order that decides it; two classes share an action on purpose. */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)in[i];
        if (rb_byte_class[c] & RB_C_PLAIN) {
            *o++ = (char)c;
        } else if (c >= 0x80) { /* the usual other byte: UTF-8 */
            o = put_escape(o, c);
        } else if (c == '%') {
            int v = escape_at(in, len, i);
            if (v >= 0) {
                if (is_unreserved((unsigned char)v))
                    *o++ = (char)v;
                else
                    o = put_escape(o, (unsigned char)v);
                i += 2;
            } else {
                *o++ = '%';
            }
        } else if (c == '*') {
            if (is_pattern)
                *o++ = '*';
            else
                o = put_escape(o, c);
        } else if (c == '$') {
            if (is_pattern && i + 1 == len)
                *o++ = '$';
            else
                o = put_escape(o, c);
        } else if (must_encode(c)) {
            o = put_escape(o, c);
        } else {
            *o++ = (char)c;
        }
    }
    /* NOLINTEND(bugprone-branch-clone) */
    return (size_t)(o - out);
}

/* Not inlined into rb_normalize_pattern(): alone in that frame,
 * rfc9309's byte loop costs about 8 instructions a pattern fewer than
 * beside this one's SSE2 step (the frame's registers; the adversarial
 * cases' rules of raw UTF-8, normalised at the parse and again at the
 * compile, bench/README.md "Session 22 (parse)"). */
__attribute__((noinline)) static size_t
normalize_google_pattern(const char *in, size_t len, char *out) {
    char *o = out;
    size_t i = 0;
#ifdef RB_SSE2
    /* the pattern's first bytes, most often a plain path up to its first
     * escape */
    if (len >= 16) {
        i = kept_run(in, len, o);
        o += i;
    }
#endif
    for (; i < len; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c >= 0x80) {
            o = put_escape(o, c);
        } else if (c == '%' && escape_at(in, len, i) >= 0) {
            o = put_escape(o, (unsigned char)escape_at(in, len, i));
            i += 2;
        } else {
            *o++ = (char)c;
        }
    }
    return (size_t)(o - out);
}

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
        return normalize_rfc9309(in, len, out, 1);
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
