/* SPDX-License-Identifier: MIT */
/*
 * punycode.c - RFC 3492 Punycode, written here, and the IDNA ToASCII step
 * the location module needs: the mappings of UTS #46 that matter for a
 * host written by hand (full-width ASCII, case, the ideographic full
 * stops), then each label lowercased, a label with non-ASCII code points
 * turned into "xn--" + Punycode (RFC 3490 section 4.1), so that
 * `www.müller.eu` and `www.xn--mller-kva.eu` name one site, and
 * `ＥＸＡＭＰＬＥ.com` is `example.com` (docs/semantics.md, "A host as
 * browsers map it"). No allocation: code points go through fixed arrays
 * bounded by the named limits of robots.h.
 */
#include "punycode.h"

#include "ascii.h"
#include "robots_web.h"
#include "text_out.h"

#include <stdint.h>

/* RFC 3492 section 5: parameter values for Punycode. */
enum {
    PC_BASE = 36,
    PC_TMIN = 1,
    PC_TMAX = 26,
    PC_SKEW = 38,
    PC_DAMP = 700,
    PC_INITIAL_BIAS = 72,
    PC_INITIAL_N = 128
};

/* Decodes one UTF-8 scalar value at s[*i]. Rejects what RFC 3629 section 3
 * forbids (overlong forms, surrogates, values over U+10FFFF, stray
 * continuation bytes), so no two byte strings give the same label. */
static int utf8_next(const unsigned char *s, size_t len, size_t *i,
                     uint32_t *cp) {
    unsigned char c = s[*i];
    size_t need;
    uint32_t v;
    uint32_t min;
    size_t k;
    if (c < 0x80) {
        *cp = c;
        (*i)++;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        v = c & 0x1Fu;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        v = c & 0x0Fu;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        v = c & 0x07u;
        min = 0x10000;
    } else {
        return 0;
    }
    if (len - *i <= need)
        return 0;
    for (k = 1; k <= need; k++) {
        unsigned char d = s[*i + k];
        if ((d & 0xC0u) != 0x80u)
            return 0;
        v = (v << 6) | (d & 0x3Fu);
    }
    if (v < min || v > 0x10FFFFu || (v >= 0xD800u && v <= 0xDFFFu))
        return 0;
    *cp = v;
    *i += need + 1;
    return 1;
}

/* RFC 3492 section 5: digit values 0-25 are a-z, 26-35 are 0-9. */
static char encode_digit(uint32_t d) {
    return (char)(d < 26 ? 'a' + d : '0' + (d - 26));
}

/* RFC 3492 section 6.1. */
static uint32_t adapt(uint32_t delta, uint32_t numpoints, int firsttime) {
    uint32_t k = 0;
    delta = firsttime ? delta / PC_DAMP : delta / 2;
    delta += delta / numpoints;
    while (delta > ((PC_BASE - PC_TMIN) * PC_TMAX) / 2) {
        delta /= PC_BASE - PC_TMIN;
        k += PC_BASE;
    }
    return k + (PC_BASE - PC_TMIN + 1) * delta / (delta + PC_SKEW);
}

/* RFC 3492 section 6.3, with its overflow checks. Writes what fits of the
 * output into out[0..cap) and returns the full length in *outlen. Returns 0
 * only on overflow, which the input bound makes unreachable in practice. */
static int punycode_encode_cps(const uint32_t *in, size_t n, char *out,
                               size_t cap, size_t *outlen) {
    uint32_t cur = PC_INITIAL_N;
    uint32_t delta = 0;
    uint32_t bias = PC_INITIAL_BIAS;
    size_t o = 0;
    size_t h;
    size_t b;
    size_t j;
    for (j = 0; j < n; j++) {
        if (in[j] < 0x80) {
            if (o < cap)
                out[o] = (char)in[j];
            o++;
        }
    }
    h = b = o;
    if (b > 0) {
        if (o < cap)
            out[o] = '-';
        o++;
    }
    while (h < n) {
        uint32_t m = UINT32_MAX;
        for (j = 0; j < n; j++)
            if (in[j] >= cur && in[j] < m)
                m = in[j];
        if ((uint64_t)(m - cur) * (uint64_t)(h + 1) >
            (uint64_t)(UINT32_MAX - delta))
            return 0;
        delta += (uint32_t)((m - cur) * (h + 1));
        cur = m;
        for (j = 0; j < n; j++) {
            if (in[j] < cur) {
                if (delta == UINT32_MAX)
                    return 0;
                delta++;
            }
            if (in[j] == cur) {
                uint32_t q = delta;
                uint32_t k;
                for (k = PC_BASE;; k += PC_BASE) {
                    uint32_t t = k <= bias             ? PC_TMIN
                                 : k >= bias + PC_TMAX ? PC_TMAX
                                                       : k - bias;
                    if (q < t)
                        break;
                    if (o < cap)
                        out[o] = encode_digit(t + (q - t) % (PC_BASE - t));
                    o++;
                    q = (q - t) / (PC_BASE - t);
                }
                if (o < cap)
                    out[o] = encode_digit(q);
                o++;
                bias = adapt(delta, (uint32_t)(h + 1), h == b);
                delta = 0;
                h++;
            }
        }
        delta++;
        cur++;
    }
    *outlen = o;
    return 1;
}

ROBOTS_API robots_status robots_punycode_encode(const char *utf8, size_t len,
                                                char *buf, size_t cap,
                                                size_t *needed) {
    uint32_t cps[ROBOTS_MAX_PUNYCODE_CODE_POINTS];
    const unsigned char *s = (const unsigned char *)utf8;
    size_t n = 0;
    size_t i = 0;
    size_t outlen = 0;
    if (needed != NULL)
        *needed = 0;
    if ((utf8 == NULL && len != 0) || needed == NULL ||
        (buf == NULL && cap != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    while (i < len) {
        uint32_t cp;
        if (n == ROBOTS_MAX_PUNYCODE_CODE_POINTS)
            return ROBOTS_ERR_TOO_LARGE;
        if (!utf8_next(s, len, &i, &cp))
            return ROBOTS_ERR_INVALID_ARGUMENT;
        cps[n++] = cp;
    }
    if (!punycode_encode_cps(cps, n, buf, cap, &outlen))
        return ROBOTS_ERR_TOO_LARGE;
    if (needed != NULL)
        *needed = outlen;
    if (cap <= outlen)
        return ROBOTS_ERR_BUFFER_TOO_SMALL;
    buf[outlen] = '\0';
    return ROBOTS_OK;
}

/* The full-width forms of ASCII, U+FF01-U+FF5E, stand for U+0021-U+007E:
 * UTS #46 maps each to its ASCII character (section 5, the IDNA Mapping
 * Table; RFC 5895 section 2 step 2, a <wide> decomposition), whose case
 * is then folded as ASCII's is, so a host typed with a CJK input method,
 * `ＥＸＡＭＰＬＥ.com`, is the host a browser fetches, `example.com`. An
 * ASCII character a host may not hold ('／', '：', '＠' ...) is then
 * refused as itself would be. */
static uint32_t unwiden(uint32_t cp) {
    return cp >= 0xFF01u && cp <= 0xFF5Eu ? cp - 0xFEE0u : cp;
}

/* IDNA2003 (RFC 3490 section 3.1), RFC 5895 (section 2 step 4) and
 * UTS #46 (which maps them to U+002E) read these as label separators. */
static int is_label_dot(uint32_t cp) {
    return cp == '.' || cp == 0x3002u || cp == 0xFF0Eu || cp == 0xFF61u;
}

/* Case folding limited to what needs no table: ASCII and the Latin-1
 * capitals (U+00C0-U+00DE but not U+00D7, the multiplication sign), so that
 * MÜLLER.EU and müller.eu give one host. Full Nameprep is out of scope. */
static uint32_t fold_case(uint32_t cp) {
    if ((cp < 0x80u && rb_ascii_is_upper((unsigned char)cp)) ||
        (cp >= 0xC0u && cp <= 0xDEu && cp != 0xD7u))
        return cp + 0x20u;
    return cp;
}

/* What a host label may hold in ASCII: RFC 952/1123 letters, digits and
 * hyphen, plus the underscore that real hosts use. */
static int host_ascii_ok(uint32_t cp) {
    return (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9') || cp == '-' ||
           cp == '_';
}

/* Converts one label (already case-folded code points) and appends it to
 * out[*o..], setting *converted when it became "xn--" + Punycode. Returns 0
 * when the label cannot be a host label. */
static int append_label(const uint32_t *cps, size_t n, char *out, size_t *o,
                        int *converted) {
    size_t j;
    int ascii = 1;
    char tmp[ROBOTS_MAX_LABEL_BYTES + 1];
    size_t tlen = 0;
    if (n == 0)
        return 0;
    for (j = 0; j < n; j++)
        if (cps[j] >= 0x80)
            ascii = 0;
        else if (!host_ascii_ok(cps[j]))
            return 0;
    if (ascii) {
        if (n > ROBOTS_MAX_LABEL_BYTES)
            return 0;
        for (j = 0; j < n; j++)
            tmp[j] = (char)cps[j];
        tlen = n;
    } else {
        size_t plen = 0;
        /* RFC 3490 section 4.1 step 5: a label that needs encoding must
         * not already look encoded. */
        if (n >= 4 && cps[0] == 'x' && cps[1] == 'n' && cps[2] == '-' &&
            cps[3] == '-')
            return 0;
        if (!punycode_encode_cps(cps, n, tmp + 4, sizeof tmp - 4, &plen) ||
            plen + 4 > ROBOTS_MAX_LABEL_BYTES)
            return 0;
        tmp[0] = 'x';
        tmp[1] = 'n';
        tmp[2] = '-';
        tmp[3] = '-';
        tlen = plen + 4;
        *converted = 1;
    }
    if (*o + tlen > ROBOTS_MAX_HOST_BYTES)
        return 0;
    for (j = 0; j < tlen; j++)
        out[(*o)++] = tmp[j];
    return 1;
}

robots_status rb_host_to_ascii(const char *host, size_t len, char *buf,
                               size_t cap, size_t *needed, int *converted) {
    /* A label longer than this many code points cannot fit in 63 bytes:
     * Punycode writes at least one byte per code point. */
    uint32_t label[ROBOTS_MAX_LABEL_BYTES + 1];
    char out[ROBOTS_MAX_HOST_BYTES + 2];
    const unsigned char *s = (const unsigned char *)host;
    size_t n = 0;
    size_t o = 0;
    size_t i = 0;
    int trailing_dot = 0;
    *converted = 0;
    if (needed != NULL)
        *needed = 0;
    if ((host == NULL && len != 0) || needed == NULL ||
        (buf == NULL && cap != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (len == 0)
        return ROBOTS_ERR_URL_BAD_HOST;
    while (i < len) {
        uint32_t cp;
        if (!utf8_next(s, len, &i, &cp))
            return ROBOTS_ERR_URL_BAD_HOST;
        cp = unwiden(cp);
        if (is_label_dot(cp)) {
            if (!append_label(label, n, out, &o, converted))
                return ROBOTS_ERR_URL_BAD_HOST;
            n = 0;
            if (i == len) {
                /* One trailing dot: the name is fully qualified. It is
                 * kept, as it is another name for HTTP (RFC 1034 3.1). */
                out[o++] = '.';
                trailing_dot = 1;
                break;
            }
            if (o + 1 > ROBOTS_MAX_HOST_BYTES)
                return ROBOTS_ERR_URL_BAD_HOST;
            out[o++] = '.';
            continue;
        }
        /* C0 and C1 controls are never part of a name. */
        if (cp < 0x20u || (cp >= 0x7Fu && cp <= 0x9Fu))
            return ROBOTS_ERR_URL_BAD_HOST;
        if (n == ROBOTS_MAX_LABEL_BYTES)
            return ROBOTS_ERR_URL_BAD_HOST;
        label[n++] = fold_case(cp);
    }
    if (!trailing_dot) {
        if (!append_label(label, n, out, &o, converted))
            return ROBOTS_ERR_URL_BAD_HOST;
    }
    if (!rb_text_out(out, o, buf, cap, needed))
        return ROBOTS_ERR_BUFFER_TOO_SMALL;
    return ROBOTS_OK;
}

ROBOTS_API robots_status robots_host_to_ascii(const char *host, size_t len,
                                              char *buf, size_t cap,
                                              size_t *needed) {
    int converted;
    return rb_host_to_ascii(host, len, buf, cap, needed, &converted);
}
