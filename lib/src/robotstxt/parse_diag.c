/* SPDX-License-Identifier: MIT */
/*
 * parse_diag.c - the parse's text and diagnostics: values and messages
 * kept in the document's text, diagnostics kept up to the cap and counted
 * past it, and the bytes of a line that are not UTF-8 (or a byte order
 * mark where none belongs).
 */
#include "body.h"
#include "diag_message.h"
#include "document.h"
#include "memory.h"
#include "parser.h"
#include "quote_ascii.h"
#include "scan_simd.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
#endif

/* ---- text and diagnostics ---------------------------------------------- */

rb_span rb_parse_add_text(parser *p, const char *s, size_t len) {
    rb_span span = {0, 0};
    if (p->failed)
        return span;
    char *dst = rb_vec_reserve(&p->mem, &p->text, len + 1);
    if (dst == NULL) {
        p->failed = 1;
        return span;
    }
    if (len != 0)
        memcpy(dst, s, len);
    dst[len] = '\0';
    span.off = (uint32_t)p->text.count;
    span.len = (uint32_t)len;
    p->text.count += len + 1;
    return span;
}

enum { MESSAGE_CAP = RB_DIAG_ROOM }; /* a message's bytes and NUL, at most */

/* Where the text's next bytes go when a whole message fits there with no
 * growth, or NULL: a message is written there in place, where it is kept
 * unless it repeats the one before. */
static char *in_text_end(const parser *p) {
    const rb_vec *text = &p->text;
    return text->data != NULL && text->cap - text->count >= MESSAGE_CAP
               ? (char *)text->data + text->count
               : NULL;
}

/* A diagnostic's message (or, `suggestion`, its suggestion) in the text:
 * the previous diagnostic's when it is the same, as a file that repeats a
 * mistake on every line has the same message a thousand times. */
RB_ALWAYS_INLINE static inline rb_span kept_text(parser *p, const char *s,
                                                 size_t len, int suggestion) {
    if (p->diags.count > 0) {
        const rb_diag *last =
            (const rb_diag *)p->diags.data + p->diags.count - 1;
        rb_span same = suggestion ? last->suggestion : last->message;
        if (same.len == len && len != 0 &&
            memcmp((const char *)p->text.data + same.off, s, len) == 0)
            return same;
    }
    if (s == in_text_end(p)) { /* written in place, its NUL too */
        rb_span span = {(uint32_t)p->text.count, (uint32_t)len};
        p->text.count += len + 1;
        return span;
    }
    return rb_parse_add_text(p, s, len);
}

/* The room the diagnostics' array is to have for one more: the first
 * diagnostic sizes it for the body, one for every RB_DIAG_FIRST_BYTES
 * bytes (a page of HTML served as robots.txt has one on most lines), at
 * least 16 and at most the cap's ROBOTS_MAX_DIAGNOSTICS + 1: doubling
 * from 16 copied a page's diagnostics about once again, and reallocated
 * them up to seven times (0.3 M instructions of the real-world corpus's
 * parse; one for every 64 bytes saved half that, one for every 16 less,
 * its larger blocks leaving the small files' region). The array then
 * doubles. Within robots_parse_memory_bound()'s room for the capped
 * diagnostics; the document copies only those kept. */
#define RB_DIAG_FIRST_BYTES 32
static size_t diag_room(const parser *p) {
    if (p->diags.cap != 0)
        return 1;
    size_t n = (size_t)(p->body_end - p->body) / RB_DIAG_FIRST_BYTES;
    return n < 16                       ? 16
           : n > ROBOTS_MAX_DIAGNOSTICS ? ROBOTS_MAX_DIAGNOSTICS + 1
                                        : n;
}

/* Keeps a diagnostic whose message is kept in the text. */
RB_ALWAYS_INLINE static inline void
keep_diag(parser *p, const char *at, size_t key_len, robots_diag_kind kind,
          robots_severity severity, const char *suggestion,
          size_t suggestion_len, rb_span message) {
    rb_span none = {0, 0};
    rb_span hint =
        suggestion != NULL ? kept_text(p, suggestion, suggestion_len, 1) : none;
    if (p->failed)
        return;
    /* written in place: a push's memcpy of a variable size is a call.
     * The first room from the region inline when it has it
     * (rb_vec_reserve_first()): through rb_vec_grow() and rb_alloc(), it
     * was about 80 instructions more in each of the 860 of the
     * real-world corpus's files that have a diagnostic. */
    rb_diag *d;
    if (p->diags.cap != 0) {
        d = rb_vec_reserve(&p->mem, &p->diags, 1);
    } else {
        rb_vec *const diags[1] = {&p->diags};
        const size_t first[1] = {diag_room(p)};
        d = rb_vec_reserve_first(&p->mem, diags, first, 1)
                ? (rb_diag *)(void *)p->diags.data + p->diags.count
                : NULL;
    }
    if (d == NULL) {
        p->failed = 1;
        return;
    }
    rb_diag_fill(p, d, at, key_len, kind, severity, message);
    d->suggestion = hint;
    p->diags.count++;
}

/* v's digits in base 10 or 16 (uppercase), at least `width` of them,
 * ending at end; returns where they start. */
static char *digits(char *end, size_t v, unsigned base, size_t width) {
    static const char hex[] = "0123456789ABCDEF";
    char *d = end;
    do
        *--d = hex[v % base];
    while ((v /= base) != 0);
    while ((size_t)(end - d) < width)
        *--d = '0';
    return d;
}

/* The first past the cap: the note that says so, kept in its place. Put
 * together by hand, as no call on robots_parse()'s path may be snprintf()'s
 * (the stack gate charges it 4 KiB: see RB_PARSE_REGION_STACK, parse.c). */
RB_COLD static void keep_cap_note(parser *p) {
    static const char head[] = "more than ";
    static const char tail[] = " diagnostics; the rest are counted, not kept";
    char num[24], note[96];
    const char *d = digits(num + sizeof num, ROBOTS_MAX_DIAGNOSTICS, 10, 1);
    size_t dlen = (size_t)(num + sizeof num - d);
    _Static_assert(sizeof head + sizeof num + sizeof tail <= sizeof note,
                   "room");
    memcpy(note, head, sizeof head - 1);
    memcpy(note + sizeof head - 1, d, dlen);
    memcpy(note + sizeof head - 1 + dlen, tail, sizeof tail);
    size_t length = sizeof head - 1 + dlen + sizeof tail - 1;
#ifdef RB_PARSE_CROSSCHECK
    char again[96];
    snprintf(again, sizeof again,
             "more than %zu diagnostics; the rest are counted, not kept",
             (size_t)ROBOTS_MAX_DIAGNOSTICS);
    if (strcmp(note, again) != 0)
        abort();
#endif
    keep_diag(p, NULL, 0, ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS,
              ROBOTS_SEVERITY_NOTE, NULL, 0, kept_text(p, note, length, 0));
}

void rb_parse_diag_past_cap(parser *p) {
    if (!p->failed && p->diags.count == ROBOTS_MAX_DIAGNOSTICS)
        keep_cap_note(p);
}

void rb_parse_diag_keep_slow(parser *p, const char *at, size_t key_len,
                             robots_diag_kind kind, robots_severity severity,
                             char *message, size_t n) {
    rb_vec *text = &p->text;
    rb_span span = {(uint32_t)text->count, (uint32_t)n};
    message[n] = '\0';
    const rb_diag *last =
        p->diags.count > 0 ? (const rb_diag *)p->diags.data + p->diags.count - 1
                           : NULL;
    /* kept_text()'s choices, with the room rb_parse_diag_room() found */
    if (last != NULL && last->message.len == n && n != 0 &&
        rb_diag_same_text((const char *)text->data + last->message.off, message,
                          n))
        span = last->message;
    else if (message == (char *)text->data + text->count)
        text->count += n + 1; /* written in place, its NUL too */
    else
        span = rb_parse_add_text(p, message, n);
    keep_diag(p, at, key_len, kind, severity, NULL, 0, span);
}

void rb_parse_diag_suggest(parser *p, const char *suggestion, size_t len) {
    /* Only after rb_parse_diag_keep(): never past the cap, where a parse
     * without diagnostics starts (parser.h), so the last is the one kept.
     * The cap is tested all the same: past it the array may be empty. */
    if (p->failed || p->diags.count == 0 ||
        p->diags.count > ROBOTS_MAX_DIAGNOSTICS)
        return;
    rb_diag *d = (rb_diag *)p->diags.data + p->diags.count - 1;
    /* kept_text(): the suggestion of the diagnostic before, when the same */
    if (p->diags.count > 1 && d[-1].suggestion.len == len && len != 0 &&
        memcmp((const char *)p->text.data + d[-1].suggestion.off, suggestion,
               len) == 0)
        d->suggestion = d[-1].suggestion;
    else
        d->suggestion = rb_parse_add_text(p, suggestion, len);
}

/* Counts a diagnostic. 1: it is kept, and its message is to be written;
 * 0: it is only counted (the first past the cap, with the note). */
static int counted_and_kept(parser *p, robots_diag_kind kind) {
    p->diag_total++;
    p->kind_totals[kind]++;
    if (p->failed || p->diags.count > ROBOTS_MAX_DIAGNOSTICS)
        return 0;
    if (p->diags.count < ROBOTS_MAX_DIAGNOSTICS)
        return 1;
    keep_cap_note(p);
    return 0;
}

/* Keeps a diagnostic whose message is written (length bytes); past the
 * cap, only counts it, and the first past it becomes the note that says
 * so. */
static void add_diag(parser *p, const char *at, size_t key_len,
                     robots_diag_kind kind, robots_severity severity,
                     const char *suggestion, const char *message,
                     size_t length) {
    if (counted_and_kept(p, kind))
        keep_diag(p, at, key_len, kind, severity, suggestion,
                  suggestion != NULL ? strlen(suggestion) : 0,
                  kept_text(p, message, length, 0));
}

/* The bytes of s, as many as fit before out's last byte (its NUL's). */
static size_t put_text(char *out, size_t n, size_t cap, const char *s,
                       size_t len) {
    size_t room = cap - 1 - n;
    if (len > room)
        len = room;
    memcpy(out + n, s, len);
    return n + len;
}

/* The length of the conversion at f ('%' ...) when format_message()
 * writes it: "%s", "%zu", "%02X" or "%%"; 0 for any other. */
static size_t conversion_length(const char *f) {
    if (f[1] == 's' || f[1] == '%')
        return 2;
    if (f[1] == 'z' && f[2] == 'u')
        return 3;
    if (f[1] == '0' && f[2] == '2' && f[3] == 'X')
        return 4;
    return 0;
}

/* The first '%' of f[0, end), or NULL: memchr() (a vector search, which
 * the stack gate knows), as a format is mostly plain text. */
static const char *next_percent(const char *f, const char *end) {
    return memchr(f, '%', (size_t)(end - f));
}

/* vsnprintf() into out (256 bytes), with the same bytes and the same cut,
 * for the conversions the parse's messages use ("%s", "%zu", "%02X",
 * "%%"), without its cost: about a thousand instructions a message, most
 * of a diagnostic's. No message has another conversion (the fuzzers'
 * build holds every message to vsnprintf()'s, diag_formatted()); one
 * would be written as it stands, '%' and all, rather than through
 * vsnprintf(), which would put the 4 KiB the stack gate charges it on
 * robots_parse()'s deepest path. Returns the length written. */
__attribute__((noinline)) /* its frame stays off add_diag()'s path */
static size_t
format_message(char out[256], const char *fmt, va_list args) {
    enum { CAP = 256 };
    const char *end = fmt + strlen(fmt);
    size_t n = 0;
    for (const char *f = fmt; f < end;) {
        const char *pct = next_percent(f, end);
        size_t plain = pct != NULL ? (size_t)(pct - f) : (size_t)(end - f);
        n = put_text(out, n, CAP, f, plain);
        if (pct == NULL)
            break;
        char num[24], *num_end = num + sizeof num;
        const char *s = num_end - 1;
        size_t conversion = conversion_length(pct);
        if (conversion == 0) /* none a message has: its '%' as it is */
            conversion = 1;
        if (conversion != 1 && pct[1] == 's')
            s = va_arg(args, const char *);
        else if (conversion != 1 && pct[1] == 'z')
            s = digits(num_end, va_arg(args, size_t), 10, 1);
        else if (conversion != 1 && pct[1] == '0')
            s = digits(num_end, va_arg(args, unsigned), 16, 2);
        else /* "%%", or the '%' of none */
            num[sizeof num - 1] = '%';
        size_t len = conversion != 1 && pct[1] == 's' ? strlen(s)
                                                      : (size_t)(num_end - s);
        n = put_text(out, n, CAP, s, len);
        f = pct + conversion;
    }
    out[n] = '\0';
    return n;
}

/* A diagnostic whose message fmt and args write. */
static void diag_formatted(parser *p, const char *at, size_t key_len,
                           robots_diag_kind kind, robots_severity severity,
                           const char *suggestion, const char *fmt,
                           va_list args) {
    char message[256];
    size_t length = 0;
    message[0] = '\0';
    /* Past the cap the message is not kept: not written either. */
    if (!p->failed && p->diags.count < ROBOTS_MAX_DIAGNOSTICS) {
#ifdef RB_PARSE_CROSSCHECK
        /* the fuzzers' build: vsnprintf() must have written the same */
        char again[256];
        va_list copy;
        va_copy(copy, args);
        vsnprintf(again, sizeof again, fmt, copy);
        va_end(copy);
#endif
        length = format_message(message, fmt, args);
#ifdef RB_PARSE_CROSSCHECK
        if (strcmp(message, again) != 0 || length != strlen(message))
            abort();
#endif
    }
    add_diag(p, at, key_len, kind, severity, suggestion, message, length);
}

void rb_parse_diag(parser *p, const char *at, robots_diag_kind kind,
                   robots_severity severity, const char *suggestion,
                   const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_formatted(p, at, 0, kind, severity, suggestion, fmt, args);
    va_end(args);
}

void rb_parse_key_diag(parser *p, const char *key, size_t key_len,
                       robots_diag_kind kind, robots_severity severity,
                       const char *suggestion, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_formatted(p, key, key_len, kind, severity, suggestion, fmt, args);
    va_end(args);
}

/* The parts put together into out (256 bytes), cut at its last byte as
 * format_message() cuts: a quote that fits is written in place. Returns
 * the length written. */
static size_t put_parts(char out[MESSAGE_CAP], const rb_msg_part *parts,
                        size_t count) {
    enum { CAP = MESSAGE_CAP };
    size_t n = 0;
    if (count == 3 && !parts[0].quote && parts[1].quote && !parts[2].quote &&
        parts[0].len + parts[2].len <= CAP - RB_PARSE_QUOTE_CAP) {
        /* the usual message, a quote between two texts: nothing to cut */
        n = parts[0].len;
        memcpy(out, parts[0].text, n);
        n += rb_quote_ascii(parts[1].text, parts[1].len, out + n,
                            RB_PARSE_QUOTE_CAP);
        memcpy(out + n, parts[2].text, parts[2].len);
        n += parts[2].len;
        out[n] = '\0';
        return n;
    }
    for (size_t i = 0; i < count; i++) {
        const rb_msg_part *part = &parts[i];
        if (!part->quote) {
            n = put_text(out, n, CAP, part->text, part->len);
        } else if (CAP - n >= RB_PARSE_QUOTE_CAP) {
            n += rb_quote_ascii(part->text, part->len, out + n,
                                RB_PARSE_QUOTE_CAP);
        } else {
            char q[RB_PARSE_QUOTE_CAP];
            size_t len = rb_text_quoted(part->text, part->len,
                                        RB_QUOTE_KEEP_ASCII, q, sizeof q);
            n = put_text(out, n, CAP, q, len);
        }
    }
    out[n] = '\0';
    return n;
}

#ifdef RB_PARSE_CROSSCHECK
/* The fuzzers' build: snprintf() and the byte-at-a-time quote must put the
 * parts together into the same message. */
static void crosscheck_parts(const char *message, size_t length,
                             const rb_msg_part *parts, size_t count) {
    char again[256];
    size_t n = 0;
    again[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        char q[RB_PARSE_QUOTE_CAP];
        const char *text = parts[i].text;
        size_t len = parts[i].len;
        if (parts[i].quote) {
            len = rb_text_quote_plain(text, len, RB_QUOTE_KEEP_ASCII, q,
                                      sizeof q);
            text = q;
        }
        snprintf(again + n, sizeof again - n, "%.*s", (int)len, text);
        n = n + len < sizeof again - 1 ? n + len : sizeof again - 1;
    }
    if (length != n || memcmp(message, again, n + 1) != 0)
        abort();
}

void rb_parse_diag_crosscheck(const char *message, size_t n,
                              const rb_msg_part *parts, size_t count) {
    char copy[MESSAGE_CAP];
    if (n >= sizeof copy)
        abort(); /* a message written in place is never cut */
    memcpy(copy, message, n);
    copy[n] = '\0';
    crosscheck_parts(copy, n, parts, count);
}
#endif

void rb_parse_diag_parts(parser *p, const char *at, size_t key_len,
                         robots_diag_kind kind, robots_severity severity,
                         const char *suggestion, const rb_msg_part *parts,
                         size_t count) {
    if (!counted_and_kept(p, kind))
        return; /* past the cap the message is not written */
    char buffer[MESSAGE_CAP], *message = in_text_end(p);
    if (message == NULL)
        message = buffer; /* copied to the text if it is kept */
    size_t n = put_parts(message, parts, count);
#ifdef RB_PARSE_CROSSCHECK
    crosscheck_parts(message, n, parts, count);
#endif
    keep_diag(p, at, key_len, kind, severity, suggestion,
              suggestion != NULL ? strlen(suggestion) : 0,
              kept_text(p, message, n, 0));
}

/* Past the cap a diagnostic is only counted. Returns 1 when it is, so that
 * a call on a path a file can take every line (a junk line has one or two)
 * skips quoting the value, which was most of its cost. */
int rb_parse_diag_capped(parser *p, robots_diag_kind kind) {
    if (!p->failed && p->diags.count <= ROBOTS_MAX_DIAGNOSTICS)
        return 0;
    p->diag_total++;
    p->kind_totals[kind]++;
    return 1;
}

/* Offset of the first byte that is not UTF-8, or len; *bom: the offset
 * of the first U+FEFF (EF BB BF) before it, or len. A BOM's bytes in
 * valid UTF-8 are that character (0xEF is never a continuation byte), so
 * the check of a line's bytes finds one there with no search of its own. */
/* complexity: 31, 58 lines: UTF-8's leads and their ranges (RFC 3629's
 * table), and the usual two- and three-byte characters told first in the
 * same loop; a helper of their own returned their length only to be
 * tested again (27,000 instructions of the real-world corpus's parse). */
static size_t invalid_utf8_at(const unsigned char *s, size_t len, size_t *bom) {
    size_t i = 0;
    *bom = len;
    while (i < len) {
        unsigned char c = s[i];
        if (c < 0x80) {
            i = rb_next_high_byte(s, i + 1, len);
            continue;
        }
        /* The usual characters first, with no ranges to set up: two bytes
         * led by C2..DF (Cyrillic, Greek, accented Latin) and three led
         * by E1..EC or EE (most CJK), whose continuation bytes may be any
         * of 80..BF and whose lead is no BOM's. Any other lead, or a
         * continuation byte out of place, takes the general path below,
         * which answers for it as before (a comment of Chinese text cost
         * about 25 instructions a character there). */
        if (c - 0xC2u <= 0xDFu - 0xC2u) {
            if (len - i > 1 && (s[i + 1] & 0xC0) == 0x80) {
                i += 2;
                continue;
            }
        } else if ((c - 0xE1u <= 0xECu - 0xE1u || c == 0xEE) && len - i > 2 &&
                   (s[i + 1] & 0xC0) == 0x80 && (s[i + 2] & 0xC0) == 0x80) {
            i += 3;
            continue;
        }
        size_t n;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            if (c == 0xE0)
                lo = 0xA0;
            if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F;
        } else {
            return i;
        }
        if (len - i <= n)
            return i;
        if (s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (size_t k = 2; k <= n; k++)
            if (s[i + k] < 0x80 || s[i + k] > 0xBF)
                return i;
        if (c == 0xEF && s[i + 1] == 0xBB && s[i + 2] == 0xBF && *bom == len)
            *bom = i;
        i += n + 1;
    }
    return len;
}

size_t rb_invalid_utf8_at(const unsigned char *s, size_t len) {
    size_t bom;
    return invalid_utf8_at(s, len, &bom);
}

/* rb_parse_check_bytes() of a line with a byte >= 0x80 that its usual
 * characters do not explain: the line's bytes before `high` (a
 * character's first byte) are UTF-8 with no BOM. Out of line, so that the
 * comment lines of ASCII, most of those checked, and the lines of usual
 * characters do not set up its frame. */
__attribute__((noinline)) static void
check_high_bytes(parser *p, const char *raw, size_t len, size_t high) {
    const unsigned char *u = (const unsigned char *)raw;
    size_t bom;
    size_t bad = high + invalid_utf8_at(u + high, len - high, &bom);
    bom += high;
    if (bad < len) {
        /* "byte 0x%02X is not UTF-8", put together (a binary file has it
         * on most lines) */
        static const char hex[] = "0123456789ABCDEF";
        char buf[RB_DIAG_ROOM];
        char *out =
            rb_parse_diag_room(p, ROBOTS_DIAG_INVALID_UTF8, buf, sizeof buf);
        if (out != NULL) {
            size_t n = RB_DIAG_PUT(out, 0, "byte 0x");
            out[n++] = hex[u[bad] >> 4];
            out[n++] = hex[u[bad] & 15];
            n = RB_DIAG_PUT(out, n, " is not UTF-8");
#ifdef RB_PARSE_CROSSCHECK
            char again[32];
            snprintf(again, sizeof again, "byte 0x%02X is not UTF-8", u[bad]);
            if (strlen(again) != n || memcmp(again, out, n) != 0)
                abort();
#endif
            rb_parse_diag_keep(p, raw + bad, 0, ROBOTS_DIAG_INVALID_UTF8,
                               ROBOTS_SEVERITY_WARNING, out, n);
        }
        /* past the first byte that is not UTF-8, a search: memchr() (a
         * vector search) for a BOM's first byte, which is rare */
        const unsigned char *first =
            len - bad >= 3 ? memchr(u + bad, 0xEF, len - 2 - bad) : NULL;
        for (size_t i = first != NULL ? (size_t)(first - u) : len;
             i + 3 <= len && bom == len; i++)
            if (u[i] == 0xEF && u[i + 1] == 0xBB && u[i + 2] == 0xBF)
                bom = i;
    }
#ifdef RB_PARSE_CROSSCHECK
    /* the fuzzers' build: the first BOM is the one a search finds */
    size_t again = len;
    for (size_t i = 0; i + 3 <= len && again == len; i++)
        if (u[i] == 0xEF && u[i + 1] == 0xBB && u[i + 2] == 0xBF)
            again = i;
    if (again != bom)
        abort();
#endif
    if (bom < len)
        rb_parse_diag(p, raw + bom, ROBOTS_DIAG_BOM_NOT_AT_START,
                      ROBOTS_SEVERITY_WARNING, NULL,
                      "a byte order mark after the start of the file is read "
                      "as ordinary bytes");
}

/* Where the line's usual characters end, from its byte >= 0x80 at i: the
 * two-byte characters led by C2..DF and the three-byte ones led by E1..EC
 * or EE (invalid_utf8_at()'s first tests), and the ASCII between them,
 * stepped over; the offset of the first byte they do not explain (any
 * other lead, a continuation byte out of place, a character the line cuts
 * short), or len. None of those leads is 0xEF, so the bytes stepped over
 * hold no BOM either: from where this stops, check_high_bytes() answers
 * as it would from i. Inline, with no frame: a line of text with a few
 * accented letters or CJK characters (2,759 of the real-world corpus's
 * lines) cost about 60 instructions more through check_high_bytes()'s
 * frame and invalid_utf8_at()'s call. */
static inline size_t usual_utf8_end(const unsigned char *u, size_t i,
                                    size_t len, const unsigned char *end) {
    while (i < len) {
        unsigned c = u[i];
        if (c < 0x80) {
            /* one ASCII byte between characters (a space, a '/'); a run of
             * them sixteen a step where the body has the bytes */
            if (++i < len && u[i] < 0x80)
                i += rb_body_high_byte(u + i, len - i, end);
        } else if (c - 0xC2u <= 0xDFu - 0xC2u && len - i > 1 &&
                   (u[i + 1] & 0xC0) == 0x80) {
            i += 2;
        } else if ((c - 0xE1u <= 0xECu - 0xE1u || c == 0xEE) && len - i > 2 &&
                   (u[i + 1] & 0xC0) == 0x80 && (u[i + 2] & 0xC0) == 0x80) {
            i += 3;
        } else {
            return i;
        }
    }
    return len;
}

void rb_parse_check_bytes(parser *p, const char *raw, size_t len, size_t from) {
    /* Most such lines are comments of ASCII: no byte >= 0x80, so neither
     * a byte that is not UTF-8 nor a BOM (0xEF first), and one scan, from
     * the line's first special byte (a rule's comment, a value's UTF-8). */
    const unsigned char *u = (const unsigned char *)raw,
                        *end = (const unsigned char *)p->body_end;
    size_t high = from + rb_body_high_byte(u + from, len - from, end);
    if (high == len)
        return;
    size_t other = usual_utf8_end(u, high, len, end);
    if (other != len)
        check_high_bytes(p, raw, len, other);
}
