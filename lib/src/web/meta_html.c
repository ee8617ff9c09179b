/* SPDX-License-Identifier: MIT */
/*
 * meta_html.c - robots META tags in HTML: a bounded, one-pass scanner over
 * HTML bytes (not a DOM) that finds <meta name="robots"> and
 * <meta name="CRAWLER"> in the head and hands their content="" lists to
 * meta_directives.c (seeds 001/002; docs/semantics.md "Robots META tags
 * and X-Robots-Tag"). Every string of the result is copied into its fixed
 * arrays.
 */
#include "ascii.h"
#include "meta_directives.h"
#include "robots_web.h"

#include <string.h>

/* --- HTML -------------------------------------------------------------- */

typedef struct text_buf {
    char *data;
    size_t cap; /* bytes that may be stored, not counting a NUL */
    size_t len;
    int cut; /* 1 when bytes were dropped */
} text_buf;

static void put(text_buf *t, const char *s, size_t n) {
    size_t k;
    for (k = 0; k < n; k++) {
        if (t->len == t->cap) {
            t->cut = 1;
            return;
        }
        t->data[t->len++] = s[k];
    }
}

static size_t utf8_encode(uint32_t cp, char *o) {
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Reads a character reference at s[i] == '&': numeric (&#39; &#x27;) or
 * one of the few names that occur in attribute values. Returns the bytes
 * consumed (0: not a reference, the '&' is literal) and writes the UTF-8
 * form to o. A name is looked for at most 6 bytes ahead and digits are
 * consumed, so the cost stays linear. */
static size_t char_ref(const char *s, size_t i, size_t len, char *o,
                       size_t *olen) {
    static const struct {
        const char *name;
        const char *text;
    } names[] = {{"amp;", "&"},   {"lt;", "<"},   {"gt;", ">"},
                 {"quot;", "\""}, {"apos;", "'"}, {"nbsp;", " "}};
    size_t k;
    size_t j = i + 1;
    if (j < len && s[j] == '#') {
        uint32_t cp = 0;
        int hex = 0;
        size_t start;
        j++;
        if (j < len && rb_ascii_lower((unsigned char)s[j]) == 'x') {
            hex = 1;
            j++;
        }
        start = j;
        while (j < len) {
            unsigned char c = (unsigned char)s[j];
            uint32_t dv;
            int v = hex ? rb_ascii_hex_value(c)
                        : (rb_ascii_is_digit(c) ? c - '0' : -1);
            if (v < 0)
                break;
            dv = (uint32_t)v;
            /* All digits are consumed (HTML); the value stops growing once
             * it is past Unicode, so it cannot overflow. */
            if (cp <= 0x10FFFFu)
                cp = cp * (hex ? 16u : 10u) + dv;
            j++;
        }
        if (j == start)
            return 0;
        if (j < len && s[j] == ';')
            j++;
        /* HTML replaces NUL, surrogates and values past Unicode with
         * U+FFFD. */
        if (cp == 0 || cp > 0x10FFFFu || (cp >= 0xD800u && cp <= 0xDFFFu))
            cp = 0xFFFDu;
        *olen = utf8_encode(cp, o);
        return j - i;
    }
    for (k = 0; k < sizeof names / sizeof names[0]; k++) {
        size_t n = strlen(names[k].name);
        if (len - j >= n && memcmp(s + j, names[k].name, n) == 0) {
            *olen = strlen(names[k].text);
            memcpy(o, names[k].text, *olen);
            return n + 1;
        }
    }
    return 0;
}

/* Copies an attribute value into t, decoding character references. */
static void copy_value(text_buf *t, const char *s, size_t len) {
    size_t i = 0;
    while (i < len && !t->cut) {
        if (s[i] == '&') {
            char o[4];
            size_t olen = 0;
            size_t used = char_ref(s, i, len, o, &olen);
            if (used > 0) {
                put(t, o, olen);
                i += used;
                continue;
            }
        }
        put(t, s + i, 1);
        i++;
    }
}

/* What one <meta> tag holds; the first of repeated attributes counts, as
 * in HTML's tokenizer. */
typedef struct meta_tag {
    char name[ROBOTS_META_MAX_DIRECTIVE_BYTES + 1];
    text_buf name_buf;
    int has_name;
    char content[ROBOTS_META_MAX_CONTENT_BYTES];
    text_buf content_buf;
    int has_content;
} meta_tag;

typedef struct scanner {
    const char *s;
    size_t n; /* bytes that may be read: min(len, the scan limit) */
    size_t i;
} scanner;

/* complexity: 31, 64 lines: HTML's attribute states (the space and '/'
 * between attributes, a name, "=", a quoted or unquoted value) as one loop
 * over one cursor, as the tokenizer's state machine is written. */
/* Reads the attributes of a tag whose name ends at sc->i, up to and past
 * its '>' (HTML's attribute states, without the error recovery that does
 * not change where a tag ends). Returns 0 if the input ends first. */
static int read_attributes(scanner *sc, meta_tag *tag) {
    const char *s = sc->s;
    size_t n = sc->n;
    size_t i = sc->i;
    for (;;) {
        size_t nb;
        size_t ne;
        size_t vb = 0;
        size_t ve = 0;
        while (i < n &&
               (rb_meta_is_html_space((unsigned char)s[i]) || s[i] == '/'))
            i++;
        if (i >= n)
            return 0;
        if (s[i] == '>') {
            sc->i = i + 1;
            return 1;
        }
        nb = i;
        i++; /* a leading '=' belongs to the name */
        while (i < n && !rb_meta_is_html_space((unsigned char)s[i]) &&
               s[i] != '/' && s[i] != '>' && s[i] != '=')
            i++;
        ne = i;
        while (i < n && rb_meta_is_html_space((unsigned char)s[i]))
            i++;
        if (i < n && s[i] == '=') {
            i++;
            while (i < n && rb_meta_is_html_space((unsigned char)s[i]))
                i++;
            if (i >= n)
                return 0;
            if (s[i] == '"' || s[i] == '\'') {
                char q = s[i];
                const char *end = NULL;
                i++;
                if (i < n)
                    end = memchr(s + i, q, n - i);
                if (end == NULL)
                    return 0;
                vb = i;
                ve = (size_t)(end - s);
                i = ve + 1;
            } else {
                vb = i;
                while (i < n && !rb_meta_is_html_space((unsigned char)s[i]) &&
                       s[i] != '>')
                    i++;
                ve = i;
            }
        }
        if (tag != NULL) {
            if (rb_ascii_equal_lower(s + nb, ne - nb, "name") &&
                !tag->has_name) {
                tag->has_name = 1;
                copy_value(&tag->name_buf, s + vb, ve - vb);
            } else if (rb_ascii_equal_lower(s + nb, ne - nb, "content") &&
                       !tag->has_content) {
                tag->has_content = 1;
                copy_value(&tag->content_buf, s + vb, ve - vb);
            }
        }
    }
}

/* Finds `lit` (ASCII) from s[i], returning its offset or n. memchr keeps
 * the scan linear: every byte is a candidate start at most once. */
static size_t find(const char *s, size_t i, size_t n, const char *lit) {
    size_t m = strlen(lit);
    while (i < n) {
        const char *p = memchr(s + i, lit[0], n - i);
        if (p == NULL)
            return n;
        i = (size_t)(p - s);
        if (n - i >= m && memcmp(s + i, lit, m) == 0)
            return i;
        i++;
    }
    return n;
}

/* Length of the tag name at s[i] (HTML: up to whitespace, '/' or '>'). */
static size_t tag_name(const char *s, size_t i, size_t n) {
    size_t j = i;
    while (j < n && !rb_meta_is_html_space((unsigned char)s[j]) &&
           s[j] != '/' && s[j] != '>')
        j++;
    return j - i;
}

/* Skips the text of a raw-text or RCDATA element up to its end tag
 * "</name" followed by whitespace, '/' or '>'. Returns 0 if none. */
static int skip_raw_text(scanner *sc, const char *name) {
    size_t m = strlen(name);
    size_t i = sc->i;
    for (;;) {
        size_t k = find(sc->s, i, sc->n, "</");
        size_t e;
        if (k >= sc->n)
            return 0;
        e = k + 2;
        if (sc->n - e > m && rb_ascii_equal_lower(sc->s + e, m, name)) {
            unsigned char c = (unsigned char)sc->s[e + m];
            if (rb_meta_is_html_space(c) || c == '/' || c == '>') {
                sc->i = e + m;
                return read_attributes(sc, NULL);
            }
        }
        i = k + 2;
    }
}

static void set_text(char *dst, size_t *dst_len, int *has, const char *src,
                     size_t len, int *truncated) {
    size_t b = 0;
    size_t e = len;
    if (*has)
        return;
    rb_meta_trim_html(src, &b, &e);
    if (e - b > ROBOTS_META_MAX_TEXT_BYTES) {
        e = b + ROBOTS_META_MAX_TEXT_BYTES;
        *truncated = 1;
    }
    memcpy(dst, src + b, e - b);
    dst[e - b] = '\0';
    *dst_len = e - b;
    *has = 1;
}

static void apply_meta(robots_meta_result *r, meta_tag *tag, const char *agent,
                       size_t tok) {
    size_t nb = 0;
    size_t ne = tag->name_buf.len;
    const char *name = tag->name;
    const char *content = tag->content;
    size_t clen = tag->content_buf.len;
    robots_meta_source src;
    if (!tag->has_name || tag->name_buf.cut)
        return;
    rb_meta_trim_html(name, &nb, &ne);
    if (tag->content_buf.cut)
        r->truncated = 1;
    if (rb_ascii_equal_lower(name + nb, ne - nb, "description")) {
        set_text(r->description, &r->description_len, &r->has_description,
                 content, clen, &r->truncated);
        return;
    }
    if (rb_ascii_equal_lower(name + nb, ne - nb, "keywords")) {
        set_text(r->keywords, &r->keywords_len, &r->has_keywords, content, clen,
                 &r->truncated);
        return;
    }
    if (rb_ascii_equal_lower(name + nb, ne - nb, "revisit-after")) {
        set_text(r->revisit_after, &r->revisit_after_len, &r->has_revisit_after,
                 content, clen, &r->truncated);
        return;
    }
    if (rb_ascii_equal_lower(name + nb, ne - nb, "robots"))
        src = ROBOTS_META_FROM_ROBOTS;
    else if (tok > 0 && rb_ascii_equal_nocase(name + nb, ne - nb, agent, tok))
        src = ROBOTS_META_FROM_AGENT;
    else
        return;
    if (tag->content_buf.cut) {
        /* A cut value keeps only its whole items. */
        while (clen > 0 && content[clen - 1] != ',')
            clen--;
    }
    r->tags_applied++;
    rb_meta_apply_list(r, content, clen, src);
}

/* Whether the scan goes on after a step (each step sets sc->i: where the
 * next one starts, or where the scan stopped). */
enum { SCAN_STOP = 0, SCAN_ON = 1 };

/* A comment "<!--...-->" at i. From i + 2 so that "<!-->" and "<!--->"
 * end at once, as HTML's tokenizer ends them. */
static int skip_comment(scanner *sc, size_t i) {
    size_t end = find(sc->s, i + 2, sc->n, "-->");
    if (end >= sc->n) {
        sc->i = i;
        return SCAN_STOP;
    }
    sc->i = end + 3;
    return SCAN_ON;
}

/* "<!DOCTYPE ...>", "<?xml ...?>" and the like at i: to the next '>'. */
static int skip_declaration(scanner *sc, size_t i) {
    const char *gt = memchr(sc->s + i, '>', sc->n - i);
    if (gt == NULL) {
        sc->i = i;
        return SCAN_STOP;
    }
    sc->i = (size_t)(gt - sc->s) + 1;
    return SCAN_ON;
}

/* An end tag "</name ...>" at i; "</head>" ends the scan. */
static int end_tag(scanner *sc, size_t i, robots_meta_result *out) {
    size_t nl = tag_name(sc->s, i + 2, sc->n);
    if (rb_ascii_equal_lower(sc->s + i + 2, nl, "head")) {
        out->head_ended = 1;
        sc->i = i;
        return SCAN_STOP;
    }
    sc->i = i + 2 + nl;
    if (!read_attributes(sc, NULL)) {
        sc->i = i;
        return SCAN_STOP;
    }
    return SCAN_ON;
}

static void meta_tag_init(meta_tag *tag) {
    tag->has_name = 0;
    tag->has_content = 0;
    tag->name_buf.data = tag->name;
    tag->name_buf.cap = ROBOTS_META_MAX_DIRECTIVE_BYTES;
    tag->name_buf.len = 0;
    tag->name_buf.cut = 0;
    tag->content_buf.data = tag->content;
    tag->content_buf.cap = ROBOTS_META_MAX_CONTENT_BYTES;
    tag->content_buf.len = 0;
    tag->content_buf.cut = 0;
}

/* After a start tag named s[at..at+nl): the raw text of script, style,
 * title and textarea, which holds no tags, is skipped whole. */
static int after_start_tag(scanner *sc, size_t at, size_t nl) {
    static const char *const raw[] = {"script", "style", "title", "textarea"};
    for (size_t k = 0; k < sizeof raw / sizeof raw[0]; k++) {
        if (rb_ascii_equal_lower(sc->s + at, nl, raw[k])) {
            if (!skip_raw_text(sc, raw[k])) {
                sc->i = sc->n;
                return SCAN_STOP;
            }
            return SCAN_ON;
        }
    }
    return SCAN_ON;
}

/* A start tag "<name ...>" at i: "<body>" ends the scan, "<meta>" is read
 * and applied. */
static int start_tag(scanner *sc, size_t i, robots_meta_result *out,
                     const char *agent, size_t tok) {
    meta_tag tag;
    size_t nl = tag_name(sc->s, i + 1, sc->n);
    if (rb_ascii_equal_lower(sc->s + i + 1, nl, "body")) {
        out->head_ended = 1;
        sc->i = i;
        return SCAN_STOP;
    }
    int is_meta = rb_ascii_equal_lower(sc->s + i + 1, nl, "meta");
    if (is_meta)
        meta_tag_init(&tag);
    sc->i = i + 1 + nl;
    if (!read_attributes(sc, is_meta ? &tag : NULL)) {
        /* An unterminated tag is not a tag: it is not applied. */
        sc->i = i;
        return SCAN_STOP;
    }
    if (is_meta)
        apply_meta(out, &tag, agent, tok);
    return after_start_tag(sc, i + 1, nl);
}

/* One step from the next '<' at or after sc->i. */
static int scan_step(scanner *sc, robots_meta_result *out, const char *agent,
                     size_t tok) {
    const char *s = sc->s;
    const char *lt = memchr(s + sc->i, '<', sc->n - sc->i);
    if (lt == NULL) {
        sc->i = sc->n;
        return SCAN_STOP;
    }
    size_t i = (size_t)(lt - s);
    if (i + 1 >= sc->n) {
        sc->i = i;
        return SCAN_STOP;
    }
    if (sc->n - i >= 4 && memcmp(s + i, "<!--", 4) == 0)
        return skip_comment(sc, i);
    if (s[i + 1] == '!' || s[i + 1] == '?')
        return skip_declaration(sc, i);
    if (s[i + 1] == '/' && i + 2 < sc->n &&
        rb_ascii_is_alpha((unsigned char)s[i + 2]))
        return end_tag(sc, i, out);
    if (rb_ascii_is_alpha((unsigned char)s[i + 1]))
        return start_tag(sc, i, out, agent, tok);
    sc->i = i + 1; /* a '<' that starts no tag is text */
    return SCAN_ON;
}

ROBOTS_API robots_status robots_meta_scan_html(const char *html, size_t len,
                                               const char *agent,
                                               size_t agent_len,
                                               robots_meta_result *out) {
    scanner sc;
    size_t tok;
    if ((html == NULL && len != 0) || (agent == NULL && agent_len != 0) ||
        out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    robots_meta_result_init(out);
    tok = rb_meta_agent_token(agent, agent_len);
    sc.s = html;
    sc.n = len < ROBOTS_META_MAX_SCAN_BYTES ? len : ROBOTS_META_MAX_SCAN_BYTES;
    sc.i = 0;
    while (sc.i < sc.n && scan_step(&sc, out, agent, tok) == SCAN_ON) {
    }
    out->bytes_scanned = sc.i;
    /* Past the scan limit the head may go on: say so. */
    if (!out->head_ended && len > sc.n) {
        out->truncated = 1;
        out->scan_cut = 1;
    }
    return ROBOTS_OK;
}
