/* SPDX-License-Identifier: MIT */
/*
 * site_common.c - helpers of the site owners' commands (lint, test, diff):
 * see site.h.
 */
#include "site.h"

#include <string.h>

int site_load(const char *path, const robots_options *options, robots_txt **doc,
              cli_buffer *keep, robots_cut_info *cut) {
    return cli_load_robots(path, options, doc, keep, cut);
}

char *site_quote(char *buf, size_t cap, const char *s, size_t len) {
    size_t i = 0, n = 0;
    /* Room for the text and a NUL; when the text does not fit, room for
     * "..." too. */
    size_t room = len < cap ? cap - 1 : cap - 4;
    while (i < len) {
        size_t k = cli_safe_char(s + i, len - i);
        size_t w = k ? k : 1;
        if (n + w > room)
            break;
        if (k == 0)
            buf[n] = '?';
        else
            memcpy(buf + n, s + i, k);
        n += w;
        i += w;
    }
    if (i < len) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

char *site_describe(char *buf, size_t cap, const robots_verdict *v) {
    if (v->rule != ROBOTS_NO_POSITION) {
        char pattern[160];
        snprintf(buf, cap, "line %zu: %s: %s", v->rule_line,
                 v->rule_kind == ROBOTS_RULE_ALLOW ? "Allow" : "Disallow",
                 site_quote(pattern, sizeof pattern, v->rule_pattern,
                            v->rule_pattern_len));
    } else if (v->reason == ROBOTS_REASON_NO_GROUP) {
        snprintf(buf, cap, "no group applies");
    } else if (v->reason == ROBOTS_REASON_ROBOTS_TXT) {
        snprintf(buf, cap, "/robots.txt is always allowed");
    } else {
        snprintf(buf, cap, "no rule matched");
    }
    return buf;
}

void site_json_verdict(json_out *j, const robots_verdict *v) {
    json_out_object(j);
    json_out_key(j, "allowed");
    json_out_bool(j, v->allowed);
    json_out_key(j, "reason");
    json_out_cstring(j, robots_reason_name(v->reason));
    json_out_key(j, "rule");
    if (v->rule != ROBOTS_NO_POSITION) {
        json_out_object(j);
        json_out_key(j, "line");
        json_out_size(j, v->rule_line);
        json_out_key(j, "kind");
        json_out_cstring(j, robots_rule_kind_name(v->rule_kind));
        json_out_key(j, "pattern");
        json_out_string(j, v->rule_pattern, v->rule_pattern_len);
        json_out_end(j);
    } else {
        json_out_null(j);
    }
    json_out_key(j, "truncated");
    json_out_bool(j, v->truncated);
    json_out_end(j);
}

void site_xml_text(FILE *out, const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&apos;", out);
            break;
        default:
            if (c < 0x20 || c >= 0x7F)
                fprintf(out, "%%%02X", c);
            else
                putc(c, out);
        }
    }
}

void site_lines_init(site_lines *it, const char *data, size_t len) {
    it->data = data;
    it->len = len;
    it->pos = 0;
    it->line_no = 0;
}

int site_lines_next(site_lines *it, const char **line, size_t *len) {
    if (it->pos >= it->len)
        return 0;
    size_t start = it->pos, end = start;
    while (end < it->len && it->data[end] != '\n' && it->data[end] != '\r')
        end++;
    *line = it->data + start;
    *len = end - start;
    if (end < it->len && it->data[end] == '\r' && end + 1 < it->len &&
        it->data[end + 1] == '\n')
        end++;
    it->pos = end < it->len ? end + 1 : end;
    it->line_no++;
    return 1;
}

size_t site_fields(const char *s, size_t len, robots_str *fields, size_t max) {
    size_t n = 0, i = 0;
    for (;;) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == len || s[i] == '#')
            return n;
        size_t start = i;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
        if (n == max)
            return max + 1;
        fields[n].ptr = s + start;
        fields[n].len = i - start;
        n++;
    }
}
