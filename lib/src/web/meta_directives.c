/* SPDX-License-Identifier: MIT */
/*
 * meta_directives.c - the directive lists of robots META tags and
 * X-Robots-Tag (seeds 001/002, section 9.4.7 and Table 9-5;
 * docs/semantics.md "Robots META tags and X-Robots-Tag"): the names of
 * directives, sources and conflicts, reading one list into a result
 * (conflicts resolve to the more restrictive directive and are reported),
 * and the X-Robots-Tag header value, a list with an optional crawler
 * prefix. The HTML that carries META tags is meta_html.c's.
 */
#include "meta_directives.h"
#include "ascii.h"
#include "civil_date.h"
#include "names.h"
#include "robots_web.h"

#include <string.h>

/* --- Names ------------------------------------------------------------- */

static const char *const directive_names[] = {
    [ROBOTS_META_UNKNOWN] = "unknown",
    [ROBOTS_META_INDEX] = "index",
    [ROBOTS_META_NOINDEX] = "noindex",
    [ROBOTS_META_FOLLOW] = "follow",
    [ROBOTS_META_NOFOLLOW] = "nofollow",
    [ROBOTS_META_NOARCHIVE] = "noarchive",
    [ROBOTS_META_ALL] = "all",
    [ROBOTS_META_NONE] = "none",
    [ROBOTS_META_NOSNIPPET] = "nosnippet",
    [ROBOTS_META_NOIMAGEINDEX] = "noimageindex",
    [ROBOTS_META_MAX_SNIPPET] = "max-snippet",
    [ROBOTS_META_MAX_IMAGE_PREVIEW] = "max-image-preview",
    [ROBOTS_META_MAX_VIDEO_PREVIEW] = "max-video-preview",
    [ROBOTS_META_UNAVAILABLE_AFTER] = "unavailable_after",
};
RB_NAMES_CHECK(directive_names, ROBOTS_META_DIRECTIVE_LAST);

#define DIRECTIVE_COUNT RB_COUNT_OF(directive_names)

ROBOTS_API const char *robots_meta_directive_name(robots_meta_directive d) {
    return rb_name_at(directive_names, DIRECTIVE_COUNT, d);
}

static const char *const meta_source_names[] = {
    [ROBOTS_META_FROM_ROBOTS] = "meta-robots",
    [ROBOTS_META_FROM_AGENT] = "meta-agent",
    [ROBOTS_META_FROM_HEADER] = "x-robots-tag",
};
RB_NAMES_CHECK(meta_source_names, ROBOTS_META_SOURCE_LAST);

ROBOTS_API const char *robots_meta_source_name(robots_meta_source source) {
    return rb_name_at(meta_source_names, RB_COUNT_OF(meta_source_names),
                      source);
}

static const char *const image_preview_names[] = {
    [ROBOTS_IMAGE_PREVIEW_UNSET] = "unset",
    [ROBOTS_IMAGE_PREVIEW_NONE] = "none",
    [ROBOTS_IMAGE_PREVIEW_STANDARD] = "standard",
    [ROBOTS_IMAGE_PREVIEW_LARGE] = "large",
};
RB_NAMES_CHECK(image_preview_names, ROBOTS_IMAGE_PREVIEW_LAST);

ROBOTS_API const char *robots_image_preview_name(robots_image_preview p) {
    return rb_name_at(image_preview_names, RB_COUNT_OF(image_preview_names), p);
}

ROBOTS_API const char *robots_meta_conflict_name(unsigned bit) {
    switch (bit) {
    case ROBOTS_META_C_INDEX:
        return "index";
    case ROBOTS_META_C_FOLLOW:
        return "follow";
    case ROBOTS_META_C_MAX_SNIPPET:
        return "max-snippet";
    case ROBOTS_META_C_IMAGE_PREVIEW:
        return "max-image-preview";
    case ROBOTS_META_C_VIDEO_PREVIEW:
        return "max-video-preview";
    case ROBOTS_META_C_UNAVAILABLE:
        return "unavailable_after";
    default:
        return NULL;
    }
}

ROBOTS_API const char *robots_meta_restriction_name(unsigned bit) {
    switch (bit) {
    case ROBOTS_META_R_NOINDEX:
        return "noindex";
    case ROBOTS_META_R_NOFOLLOW:
        return "nofollow";
    case ROBOTS_META_R_NOARCHIVE:
        return "noarchive";
    case ROBOTS_META_R_NOSNIPPET:
        return "nosnippet";
    case ROBOTS_META_R_NOIMAGEINDEX:
        return "noimageindex";
    default:
        return NULL;
    }
}

ROBOTS_API void robots_meta_result_init(robots_meta_result *out) {
    if (out != NULL) {
        memset(out, 0, sizeof *out);
        out->max_image_preview = ROBOTS_IMAGE_PREVIEW_UNSET;
    }
}

/* --- Directive lists --------------------------------------------------- */

/* Reads "-1" or 1*DIGIT; larger values saturate at INT32_MAX, which no
 * snippet or video length reaches. */
static int read_limit(const char *s, size_t len, int64_t *out) {
    size_t i;
    int64_t v = 0;
    if (len == 2 && s[0] == '-' && s[1] == '1') {
        *out = -1;
        return 1;
    }
    if (len == 0)
        return 0;
    for (i = 0; i < len; i++) {
        if (!rb_ascii_is_digit((unsigned char)s[i]))
            return 0;
        if (v < INT32_MAX)
            v = v * 10 + (s[i] - '0');
    }
    *out = v > INT32_MAX ? INT32_MAX : v;
    return 1;
}

/* complexity: 44, 68 lines: the date, the optional time, fraction and
 * zone are read in order by one cursor, each part a bounded check of a
 * few digits and a separator; the count is the grammar's optional parts,
 * not nesting. */
/* ISO 8601 as Google's documentation uses for unavailable_after:
 * YYYY-MM-DD, optionally "T" or " " HH:MM[:SS[.frac]], optionally "Z" or
 * an offset +HH:MM / +HHMM. */
static int read_iso8601(const char *s, size_t len, int64_t *out) {
    int v[6] = {0, 0, 0, 0, 0, 0};
    static const size_t pos[3] = {0, 5, 8};
    static const size_t width[3] = {4, 2, 2};
    size_t i;
    size_t k;
    int64_t t;
    if (len < 10 || s[4] != '-' || s[7] != '-')
        return 0;
    for (k = 0; k < 3; k++) {
        for (i = pos[k]; i < pos[k] + width[k]; i++) {
            if (!rb_ascii_is_digit((unsigned char)s[i]))
                return 0;
            v[k] = v[k] * 10 + (s[i] - '0');
        }
    }
    if (!rb_civil_valid(v[0], v[1], v[2]))
        return 0;
    i = 10;
    if (i < len && (s[i] == 'T' || s[i] == 't' || s[i] == ' ')) {
        for (k = 3; k < 6; k++) {
            if (k == 5 && (i + 1 >= len || s[i] != ':'))
                break;
            if (k > 3) {
                if (i >= len || s[i] != ':')
                    return 0;
            }
            if (len - i < 3 || !rb_ascii_is_digit((unsigned char)s[i + 1]) ||
                !rb_ascii_is_digit((unsigned char)s[i + 2]))
                return 0;
            v[k] = (s[i + 1] - '0') * 10 + (s[i + 2] - '0');
            i += 3;
        }
        if (v[3] > 23 || v[4] > 59 || v[5] > 60)
            return 0;
        if (i < len && s[i] == '.') {
            i++;
            while (i < len && rb_ascii_is_digit((unsigned char)s[i]))
                i++;
        }
    }
    t = rb_civil_days(v[0], v[1], v[2]) * 86400 + (int64_t)v[3] * 3600 +
        (int64_t)v[4] * 60 + v[5];
    if (i < len && rb_ascii_lower((unsigned char)s[i]) == 'z') {
        i++;
    } else if (i < len && (s[i] == '+' || s[i] == '-')) {
        int sign = s[i] == '-' ? -1 : 1;
        size_t m = 0;
        int dg[4];
        i++;
        /* +HH:MM or +HHMM */
        for (; i < len && m < 4; i++) {
            if (m == 2 && s[i] == ':')
                continue;
            if (!rb_ascii_is_digit((unsigned char)s[i]))
                return 0;
            dg[m++] = s[i] - '0';
        }
        if (m != 4 || dg[0] * 10 + dg[1] > 23 || dg[2] * 10 + dg[3] > 59)
            return 0;
        t -= sign * ((int64_t)(dg[0] * 10 + dg[1]) * 3600 +
                     (int64_t)(dg[2] * 10 + dg[3]) * 60);
    }
    if (i != len)
        return 0;
    *out = t;
    return 1;
}

static int is_day_name(const char *s, size_t len) {
    static const char *const days[14] = {
        "mon",      "tue",    "wed",      "thu",     "fri",
        "sat",      "sun",    "monday",   "tuesday", "wednesday",
        "thursday", "friday", "saturday", "sunday"};
    size_t k;
    for (k = 0; k < 14; k++)
        if (rb_ascii_equal_lower(s, len, days[k]))
            return 1;
    return 0;
}

/* Records one directive in the list, if there is room. */
static void record(robots_meta_result *r, robots_meta_directive d,
                   robots_meta_source src, int64_t value, int malformed,
                   const char *text, size_t len) {
    robots_meta_item *it;
    size_t k;
    if (r->item_count >= ROBOTS_META_MAX_DIRECTIVES)
        return;
    it = &r->items[r->item_count++];
    it->directive = d;
    it->source = src;
    it->value = value;
    it->malformed = malformed;
    if (len > ROBOTS_META_MAX_DIRECTIVE_BYTES)
        len = ROBOTS_META_MAX_DIRECTIVE_BYTES;
    for (k = 0; k < len; k++)
        it->text[k] = (char)rb_ascii_lower((unsigned char)text[k]);
    it->text[len] = '\0';
    it->text_len = len;
}

/* "Most restrictive" for a limit where -1 means none: the smaller, with -1
 * above every other value. */
static int64_t tighter(int64_t a, int64_t b) {
    if (a == -1)
        return b;
    if (b == -1)
        return a;
    return a < b ? a : b;
}

static void mark(robots_meta_result *r, robots_meta_directive d) {
    if (r->seen & (1u << d))
        r->duplicates++;
    r->seen |= 1u << d;
}

/* Applies one list item s[b..e). */
/* One directive as read: which, its value, whether the value is one. */
typedef struct directive {
    robots_meta_directive d;
    int64_t value;
    int malformed;
} directive;

/* The value of a valued directive, name[0..nlen) with the value
 * v[0..vlen); ROBOTS_META_UNKNOWN for a name none has. */
static directive read_valued(const char *name, size_t nlen, const char *v,
                             size_t vlen) {
    directive x = {ROBOTS_META_UNKNOWN, 0, 0};
    if (rb_ascii_equal_lower(name, nlen, "max-snippet")) {
        x.d = ROBOTS_META_MAX_SNIPPET;
        x.malformed = !read_limit(v, vlen, &x.value) || x.value < -1;
    } else if (rb_ascii_equal_lower(name, nlen, "max-video-preview")) {
        x.d = ROBOTS_META_MAX_VIDEO_PREVIEW;
        x.malformed = !read_limit(v, vlen, &x.value) || x.value < -1;
    } else if (rb_ascii_equal_lower(name, nlen, "max-image-preview")) {
        x.d = ROBOTS_META_MAX_IMAGE_PREVIEW;
        if (rb_ascii_equal_lower(v, vlen, "none"))
            x.value = ROBOTS_IMAGE_PREVIEW_NONE;
        else if (rb_ascii_equal_lower(v, vlen, "standard"))
            x.value = ROBOTS_IMAGE_PREVIEW_STANDARD;
        else if (rb_ascii_equal_lower(v, vlen, "large"))
            x.value = ROBOTS_IMAGE_PREVIEW_LARGE;
        else
            x.malformed = 1;
    } else if (rb_ascii_equal_lower(name, nlen, "unavailable_after")) {
        x.d = ROBOTS_META_UNAVAILABLE_AFTER;
        if (robots_http_date_parse(v, vlen, &x.value) != ROBOTS_OK &&
            !read_iso8601(v, vlen, &x.value)) {
            /* RFC 822 dates with zone names ("PST") are not read: a date
             * we cannot place in time is not applied. */
            x.malformed = 1;
            x.value = 0;
        }
    }
    return x;
}

/* The directive without a value that name[0..nlen) names, or
 * ROBOTS_META_UNKNOWN. */
static robots_meta_directive read_plain(const char *name, size_t nlen) {
    static const robots_meta_directive plain[] = {
        ROBOTS_META_INDEX,    ROBOTS_META_NOINDEX,   ROBOTS_META_FOLLOW,
        ROBOTS_META_NOFOLLOW, ROBOTS_META_NOARCHIVE, ROBOTS_META_ALL,
        ROBOTS_META_NONE,     ROBOTS_META_NOSNIPPET, ROBOTS_META_NOIMAGEINDEX};
    for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++)
        if (rb_ascii_equal_lower(name, nlen, directive_names[plain[k]]))
            return plain[k];
    return ROBOTS_META_UNKNOWN;
}

/* The restrictions a directive without a value adds. */
static unsigned restrictions_of(robots_meta_directive d) {
    switch (d) {
    case ROBOTS_META_NOINDEX:
        return ROBOTS_META_R_NOINDEX;
    case ROBOTS_META_NONE:
        return ROBOTS_META_R_NOINDEX | ROBOTS_META_R_NOFOLLOW;
    case ROBOTS_META_NOFOLLOW:
        return ROBOTS_META_R_NOFOLLOW;
    case ROBOTS_META_NOARCHIVE:
        return ROBOTS_META_R_NOARCHIVE;
    case ROBOTS_META_NOSNIPPET:
        return ROBOTS_META_R_NOSNIPPET;
    case ROBOTS_META_NOIMAGEINDEX:
        return ROBOTS_META_R_NOIMAGEINDEX;
    default:
        return 0;
    }
}

/* unavailable_after: the earliest date wins, kept with its text v. */
static void apply_unavailable(robots_meta_result *r, int64_t value,
                              const char *v, size_t n) {
    if (r->has_unavailable_after && r->unavailable_after != value)
        r->conflicts |= ROBOTS_META_C_UNAVAILABLE;
    if (!r->has_unavailable_after || value < r->unavailable_after) {
        r->unavailable_after = value;
        if (n > ROBOTS_META_MAX_DIRECTIVE_BYTES)
            n = ROBOTS_META_MAX_DIRECTIVE_BYTES;
        memcpy(r->unavailable_after_text, v, n);
        r->unavailable_after_text[n] = '\0';
        r->unavailable_after_text_len = n;
    }
    r->has_unavailable_after = 1;
}

/* A valued directive's value, the tighter one when it was already set. */
static void apply_value(robots_meta_result *r, const directive *x,
                        const char *v, size_t vlen) {
    int64_t value = x->value;
    switch (x->d) {
    case ROBOTS_META_MAX_SNIPPET:
        if (r->has_max_snippet && r->max_snippet != value)
            r->conflicts |= ROBOTS_META_C_MAX_SNIPPET;
        r->max_snippet =
            r->has_max_snippet ? tighter(r->max_snippet, value) : value;
        r->has_max_snippet = 1;
        break;
    case ROBOTS_META_MAX_VIDEO_PREVIEW:
        if (r->has_max_video_preview && r->max_video_preview != value)
            r->conflicts |= ROBOTS_META_C_VIDEO_PREVIEW;
        r->max_video_preview = r->has_max_video_preview
                                   ? tighter(r->max_video_preview, value)
                                   : value;
        r->has_max_video_preview = 1;
        break;
    case ROBOTS_META_MAX_IMAGE_PREVIEW:
        if (r->max_image_preview != ROBOTS_IMAGE_PREVIEW_UNSET &&
            (int64_t)r->max_image_preview != value)
            r->conflicts |= ROBOTS_META_C_IMAGE_PREVIEW;
        if (r->max_image_preview == ROBOTS_IMAGE_PREVIEW_UNSET ||
            value < (int64_t)r->max_image_preview)
            r->max_image_preview = (robots_image_preview)value;
        break;
    case ROBOTS_META_UNAVAILABLE_AFTER:
        apply_unavailable(r, value, v, vlen);
        break;
    default:
        break;
    }
}

/* Seed 001: conflicting directives are undefined behaviour of robots;
 * docs/semantics.md resolves them to the restrictive one and reports
 * them. ALL and NONE count as their two halves. */
static void note_conflicts(robots_meta_result *r) {
    if ((r->seen & ((1u << ROBOTS_META_INDEX) | (1u << ROBOTS_META_ALL))) &&
        (r->seen & ((1u << ROBOTS_META_NOINDEX) | (1u << ROBOTS_META_NONE))))
        r->conflicts |= ROBOTS_META_C_INDEX;
    if ((r->seen & ((1u << ROBOTS_META_FOLLOW) | (1u << ROBOTS_META_ALL))) &&
        (r->seen & ((1u << ROBOTS_META_NOFOLLOW) | (1u << ROBOTS_META_NONE))))
        r->conflicts |= ROBOTS_META_C_FOLLOW;
}

static void apply_item(robots_meta_result *r, const char *s, size_t b, size_t e,
                       robots_meta_source src) {
    size_t colon = b;
    size_t nb = b;
    size_t ne;
    size_t vb;
    size_t ve = e;
    directive x = {ROBOTS_META_UNKNOWN, 0, 0};

    r->directives_total++;
    while (colon < e && s[colon] != ':')
        colon++;
    ne = colon;
    rb_meta_trim_html(s, &nb, &ne);
    vb = colon < e ? colon + 1 : e;
    rb_meta_trim_html(s, &vb, &ve);
    if (colon == e)
        x.d = read_plain(s + nb, ne - nb);
    else
        x = read_valued(s + nb, ne - nb, s + vb, ve - vb);
    record(r, x.d, src, x.value, x.malformed, s + nb, e - nb);
    if (x.d == ROBOTS_META_UNKNOWN) {
        r->unknown++;
        r->seen |= 1u << ROBOTS_META_UNKNOWN;
        return;
    }
    if (x.malformed) {
        r->malformed++;
        return;
    }
    mark(r, x.d);
    r->restrictions |= restrictions_of(x.d);
    apply_value(r, &x, s + vb, ve - vb);
    note_conflicts(r);
}

/* Applies a comma-separated directive list. An IMF-fixdate or RFC 850 date
 * after unavailable_after holds a comma ("Fri, 25 Jun 2010 ..."); an item
 * whose value is only a day name is joined with the next one. */
void rb_meta_apply_list(robots_meta_result *r, const char *s, size_t len,
                        robots_meta_source src) {
    size_t i = 0;
    while (i < len) {
        size_t b = i;
        size_t e;
        size_t ib;
        size_t ie;
        while (i < len && s[i] != ',')
            i++;
        e = i;
        ib = b;
        ie = e;
        rb_meta_trim_html(s, &ib, &ie);
        if (ie > ib) {
            size_t colon = ib;
            while (colon < ie && s[colon] != ':')
                colon++;
            if (colon < ie && i < len) {
                size_t nb = ib;
                size_t ne = colon;
                size_t vb = colon + 1;
                size_t ve = ie;
                rb_meta_trim_html(s, &nb, &ne);
                rb_meta_trim_html(s, &vb, &ve);
                if (rb_ascii_equal_lower(s + nb, ne - nb,
                                         "unavailable_after") &&
                    is_day_name(s + vb, ve - vb)) {
                    i++;
                    while (i < len && s[i] != ',')
                        i++;
                    ie = i;
                    rb_meta_trim_html(s, &ib, &ie);
                }
            }
            apply_item(r, s, ib, ie, src);
        }
        if (i < len)
            i++;
    }
}

/* The crawler's name as compared with name="..." and header prefixes: its
 * leading [A-Za-z_-] run, as docs/semantics.md reduces user-agents, so
 * "Googlebot/2.1" is "googlebot". */
size_t rb_meta_agent_token(const char *agent, size_t len) {
    size_t n = 0;
    if (agent == NULL)
        return 0;
    while (n < len && n < ROBOTS_MAX_AGENT_BYTES) {
        unsigned char c = (unsigned char)agent[n];
        if (!rb_ascii_is_alpha(c) && c != '_' && c != '-')
            break;
        n++;
    }
    return n;
}

/* --- X-Robots-Tag ------------------------------------------------------ */

ROBOTS_API robots_status robots_meta_add_header(const char *value, size_t len,
                                                const char *agent,
                                                size_t agent_len,
                                                robots_meta_result *out) {
    size_t b = 0;
    size_t e = len;
    size_t colon;
    size_t tok;
    if ((value == NULL && len != 0) || (agent == NULL && agent_len != 0) ||
        out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (len > ROBOTS_META_MAX_CONTENT_BYTES) {
        /* Keep only whole items of an over-long value, as for content="". */
        out->truncated = 1;
        e = ROBOTS_META_MAX_CONTENT_BYTES;
        while (e > 0 && value[e - 1] != ',')
            e--;
    }
    if (len == 0)
        return ROBOTS_OK; /* an empty value says nothing */
    tok = rb_meta_agent_token(agent, agent_len);
    rb_meta_trim_html(value, &b, &e);
    colon = b;
    while (colon < e && value[colon] != ':' && value[colon] != ',')
        colon++;
    if (colon < e && value[colon] == ':') {
        size_t nb = b;
        size_t ne = colon;
        size_t k;
        int is_directive = 0;
        rb_meta_trim_html(value, &nb, &ne);
        /* A directive's name is never read as a crawler's: valued ones
         * ("max-snippet: 5") are directives, and "noindex: x" is an
         * unknown directive rather than a crawler called noindex. */
        for (k = 1; k < DIRECTIVE_COUNT; k++)
            if (rb_ascii_equal_lower(value + nb, ne - nb, directive_names[k]))
                is_directive = 1;
        if (!is_directive) {
            /* "googlebot: noindex": the directives are for that crawler
             * only (Google's X-Robots-Tag documentation). */
            if (tok == 0 ||
                !rb_ascii_equal_nocase(value + nb, ne - nb, agent, tok)) {
                out->tags_other_agent++;
                return ROBOTS_OK;
            }
            b = colon + 1;
        }
    }
    out->tags_applied++;
    rb_meta_apply_list(out, value + b, e - b, ROBOTS_META_FROM_HEADER);
    return ROBOTS_OK;
}

ROBOTS_API robots_status robots_meta_parse_header(const char *value, size_t len,
                                                  const char *agent,
                                                  size_t agent_len,
                                                  robots_meta_result *out) {
    if (out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    robots_meta_result_init(out);
    return robots_meta_add_header(value, len, agent, agent_len, out);
}
