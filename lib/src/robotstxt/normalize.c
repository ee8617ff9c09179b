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

#include <stdint.h>
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
/* n bytes (1 to 16) from s to out, exactly: two overlapping loads and
 * stores of the widest size that fits, so that nothing past the n bytes
 * is written (a caller's buffer may hold the normal form exactly). */
static void copy_up_to16(char *out, const char *s, size_t n) {
    if (n >= 8) {
        uint64_t head, tail;
        memcpy(&head, s, 8);
        memcpy(&tail, s + n - 8, 8);
        memcpy(out, &head, 8);
        memcpy(out + n - 8, &tail, 8);
    } else if (n >= 4) {
        uint32_t head, tail;
        memcpy(&head, s, 4);
        memcpy(&tail, s + n - 4, 4);
        memcpy(out, &head, 4);
        memcpy(out + n - 4, &tail, 4);
    } else {
        out[0] = s[0];
        out[n / 2] = s[n / 2]; /* n is 1 to 3 */
        out[n - 1] = s[n - 1];
    }
}

/* The run of bytes the profile's pattern normal form (rfc: rfc9309's,
 * else google's) keeps as they are (rb_refused16()), from in[i] on, up to
 * 16, in a pattern of len >= 16 bytes: its length. The 16 bytes from
 * in[i], or where fewer are left the pattern's last 16, shifted: no read
 * outside the pattern. */
static size_t kept_run16(const char *in, size_t len, size_t i, int rfc) {
    size_t left = len - i;
    unsigned refused = left >= 16
                           ? rb_refused16(in + i, rfc)
                           : rb_refused16(in + len - 16, rfc) >> (16 - left);
    if (refused == 0)
        return left < 16 ? left : 16;
    return (size_t)__builtin_ctz(refused);
}

/* At a byte the profile's normal form keeps (in[i]), the bytes copied to
 * out from it: the run from it (kept_run16(), 1 to 16: sixteen stored
 * whole, fewer exactly) when the byte after it is kept too, else the byte
 * alone (a raw UTF-8 rule's '/' between characters pays no measure).
 * Inline in each profile's copy with runs, with its constant rfc: as a
 * call it gave back 27 k of the 183 k instructions it first saved rfc9309
 * over the real-world corpus. */
RB_ALWAYS_INLINE static inline size_t
copy_from_kept(const char *in, size_t len, size_t i, int rfc, char *out) {
    unsigned char next = len - i >= 2 ? (unsigned char)in[i + 1] : 0x80;
    int next_kept =
        rfc ? (rb_pattern_kept[next] & 1u) != 0 : next < 0x80 && next != '%';
    if (!next_kept) {
        *out = in[i];
        return 1;
    }
    size_t run = kept_run16(in, len, i, rfc);
    if (run == 16)
        _mm_storeu_si128(
            (__m128i *)(void *)out,
            _mm_loadu_si128((const __m128i *)(const void *)(in + i)));
    else
        copy_up_to16(out, in + i, run);
    return run;
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

#ifdef RB_SSE2
/* The escape whose value is v (a %xx just read), in rfc9309's normal
 * form: the octet when unreserved, else %XX upper-cased. */
static char *put_rfc_escape(char *out, int v) {
    if (is_unreserved((unsigned char)v)) {
        *out = (char)v;
        return out + 1;
    }
    return put_escape(out, (unsigned char)v);
}

/* rfc9309's pattern of 16 bytes or more, as normalize_rfc9309() writes
 * it: a run of two kept bytes or more (RB_C_PLAIN and '*', rb_pattern_kept
 * bit 0) measured sixteen at a time and copied whole, where a byte a step
 * cost 9 instructions (the real-world corpus's patterns that are not
 * normal hold 80,000 kept bytes in runs of about 6 between escapes and
 * UTF-8); the escapes, and the bytes of UTF-8, that follow one another in
 * loops of their own. The kept byte asked first, as most bytes are. A
 * pattern under 16 bytes keeps the byte loop: this copy's frame and
 * registers cost the adversarial cases' short rules of a wildcard and a
 * raw byte (many-raw-near-miss) 17 to 20 instructions each. */
__attribute__((noinline)) static size_t
normalize_rfc9309_runs(const char *in, size_t len, char *out) {
    char *o = out;
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)in[i];
        if (rb_pattern_kept[c] & 1u) {
            size_t run = copy_from_kept(in, len, i, 1, o);
            o += run;
            i += run;
            continue;
        }
        if (c >= 0x80) { /* UTF-8, its bytes one after another */
            do
                o = put_escape(o, (unsigned char)in[i++]);
            while (i < len && (unsigned char)in[i] >= 0x80);
            continue;
        }
        int v = c == '%' ? escape_at(in, len, i) : -1;
        if (v >= 0) { /* escapes, one after another */
            do {
                o = put_rfc_escape(o, v);
                i += 3;
            } while (len - i >= 3 && in[i] == '%' &&
                     (v = escape_at(in, len, i)) >= 0);
            continue;
        }
        /* a '%' of no escape is kept; a '$' is the anchor only last */
        if (c == '%' || (c == '$' && i + 1 == len) ||
            !(c == '$' || must_encode(c)))
            *o++ = (char)c;
        else
            o = put_escape(o, c);
        i++;
    }
    return (size_t)(o - out);
}
#endif

#ifdef RB_SSE2
/* google's pattern of 16 bytes or more (octets >= 0x80 escaped, a %xx
 * upper-cased, the rest kept): a run of two kept bytes or more copied
 * whole, the escapes that follow one another in a loop of their own, as
 * rfc9309's. The kept byte asked first, as most bytes are. */
__attribute__((noinline)) static size_t
normalize_google_runs(const char *in, size_t len, char *out) {
    char *o = out;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)in[i];
        if (c < 0x80 && c != '%') {
            size_t run = copy_from_kept(in, len, i, 0, o);
            i += run;
            o += run;
            continue;
        }
        int v = c == '%' ? escape_at(in, len, i) : -1;
        if (c == '%' && v < 0) {
            *o++ = '%';
            i++;
            continue;
        }
        if (v < 0) {
            o = put_escape(o, c);
            i++;
            continue;
        }
        for (;;) { /* escapes, one after another */
            o = put_escape(o, (unsigned char)v);
            i += 3;
            if (len - i < 3 || in[i] != '%' || (v = escape_at(in, len, i)) < 0)
                break;
        }
    }
    return (size_t)(o - out);
}
#endif

/* Not inlined into rb_normalize_pattern(): alone in that frame,
 * rfc9309's byte loop costs about 8 instructions a pattern fewer than
 * beside this one's (the frame's registers; the adversarial cases' rules
 * of raw UTF-8, normalised at the parse and again at the compile,
 * bench/README.md "Session 22 (parse)"). For a pattern under 16 bytes and
 * a rule of raw bytes (raw_from8()); normalize_google_runs() for the
 * others. */
__attribute__((noinline)) static size_t
normalize_google_pattern(const char *in, size_t len, char *out) {
    char *o = out;
    for (size_t i = 0; i < len; i++) {
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

#ifdef RB_SSE2
/* Whether a pattern of 16 bytes or more has only bytes >= 0x80 in its
 * bytes 8 to 15: a rule of raw bytes (UTF-8 not escaped), with no run of
 * kept bytes to copy, which google's copy with runs normalises dearer
 * (the adversarial cases' rules of raw bytes, wide-patterns and
 * raw-segments-distinct, paid 1.4 and 1.5 M a parse more; a loop of their
 * own for the bytes of UTF-8, as rfc9309's, made that copy dearer still).
 * rfc9309's copy with runs is cheaper for them than the one without. */
static int raw_from8(const char *in) {
    unsigned high = (unsigned)_mm_movemask_epi8(
        _mm_loadu_si128((const __m128i *)(const void *)in));
    return high >> 8 == 0xFFu;
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
#ifdef RB_SSE2
        if (len >= 16 && !raw_from8(in))
            return normalize_google_runs(in, len, out);
#endif
        return normalize_google_pattern(in, len, out);
    case ROBOTS_PROFILE_LEGACY:
        return normalize_legacy(in, len, out);
    case ROBOTS_PROFILE_RFC9309:
    default:
#ifdef RB_SSE2
        if (len >= 16)
            return normalize_rfc9309_runs(in, len, out);
#endif
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
