/* SPDX-License-Identifier: MIT */
/*
 * sf_serialize.c - the canonical form of a parsed RFC 9651 field (section
 * 4.1), and the joining of a field's lines (section 4.2). The canonical
 * form is what makes two spellings of one field comparable: the tests
 * compare it with the expected structures, the fuzz harness re-parses it
 * (parse, serialise, parse again must give the same text), and a lint
 * message can show a statement as a crawler reads it.
 */
#include "structured_field.h"

#include <string.h>

/* Text written under the buffer contract: bytes past cap are counted, not
 * written. */
typedef struct sf_out {
    char *buf;
    size_t cap;
    size_t len;
} sf_out;

static void put(sf_out *out, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (out->len < out->cap)
            out->buf[out->len] = s[i];
        out->len++;
    }
}

static void put_char(sf_out *out, char ch) {
    put(out, &ch, 1);
}

/* Closes the text: NUL-terminated when it fits. */
static int finish(sf_out *out, size_t *needed) {
    if (needed != NULL)
        *needed = out->len;
    if (out->buf == NULL || out->len >= out->cap)
        return 0;
    out->buf[out->len] = '\0';
    return 1;
}

static void put_unsigned(sf_out *out, uint64_t value) {
    char digits[20];
    size_t n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    while (n > 0)
        put_char(out, digits[--n]);
}

/* 4.1.4 Serializing an Integer (and the Date's number). */
static void put_integer(sf_out *out, int64_t value) {
    if (value < 0)
        put_char(out, '-');
    put_unsigned(out, value < 0 ? (uint64_t)-value : (uint64_t)value);
}

/* 4.1.5 Serializing a Decimal: the integer part, '.', the fraction without
 * its trailing zeros but with at least one digit. */
static void put_decimal(sf_out *out, int64_t thousandths) {
    uint64_t magnitude =
        thousandths < 0 ? (uint64_t)-thousandths : (uint64_t)thousandths;
    unsigned fraction = (unsigned)(magnitude % 1000);
    if (thousandths < 0)
        put_char(out, '-');
    put_unsigned(out, magnitude / 1000);
    put_char(out, '.');
    put_char(out, (char)('0' + fraction / 100));
    if (fraction % 100 != 0)
        put_char(out, (char)('0' + fraction / 10 % 10));
    if (fraction % 10 != 0)
        put_char(out, (char)('0' + fraction % 10));
}

static const char base64_digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* 4.1.8 Serializing a Byte Sequence: base64 with padding, re-encoded from
 * the decoded octets (so missing padding and stray pad bits go). */
static void put_bytes(sf_out *out, const rb_sf_bare *bare) {
    const char *text = bare->text;
    size_t done = 0;
    put_char(out, ':');
    while (done < bare->decoded_len) {
        unsigned char group[3] = {0, 0, 0};
        size_t n = bare->decoded_len - done < 3 ? bare->decoded_len - done : 3;
        rb_sf_bare quad = *bare;
        /* The four digits that hold octets done..done+n. */
        quad.text = text + done / 3 * 4;
        quad.text_len = bare->text_len - done / 3 * 4;
        if (quad.text_len > 4)
            quad.text_len = 4;
        (void)rb_sf_bare_decode(&quad, (char *)group, n);
        unsigned v = (unsigned)group[0] << 16 | (unsigned)group[1] << 8 |
                     (unsigned)group[2];
        put_char(out, base64_digits[v >> 18 & 63]);
        put_char(out, base64_digits[v >> 12 & 63]);
        put_char(out, (char)(n > 1 ? base64_digits[v >> 6 & 63] : '='));
        put_char(out, (char)(n > 2 ? base64_digits[v & 63] : '='));
        done += n;
    }
    put_char(out, ':');
}

static int hex_value(char ch) {
    return ch <= '9' ? ch - '0' : ch - 'a' + 10;
}

/* 4.1.11 Serializing a Display String: bytes outside %x20-7E, '%' and
 * DQUOTE as lowercase %xx, the rest as they are. The text was validated:
 * every '%' has two lowercase hex digits after it. */
static void put_display_string(sf_out *out, const rb_sf_bare *bare) {
    static const char hex[] = "0123456789abcdef";
    put(out, "%\"", 2);
    for (size_t i = 0; i < bare->text_len; i++) {
        unsigned char byte = (unsigned char)bare->text[i];
        if (byte == '%') {
            byte = (unsigned char)(hex_value(bare->text[i + 1]) * 16 +
                                   hex_value(bare->text[i + 2]));
            i += 2;
        }
        if (byte < 0x20 || byte > 0x7e || byte == '%' || byte == '"') {
            put_char(out, '%');
            put_char(out, hex[byte >> 4]);
            put_char(out, hex[byte & 15]);
        } else {
            put_char(out, (char)byte);
        }
    }
    put_char(out, '"');
}

/* 4.1.3.1 Serializing a Bare Item. */
static void put_bare(sf_out *out, const rb_sf_bare *bare) {
    switch (bare->type) {
    case RB_SF_INTEGER:
        put_integer(out, bare->number);
        break;
    case RB_SF_DECIMAL:
        put_decimal(out, bare->number);
        break;
    case RB_SF_STRING:
        /* The only escapes a String may hold are \" and \\, which are
         * also the canonical ones: the text as written is canonical. */
        put_char(out, '"');
        put(out, bare->text, bare->text_len);
        put_char(out, '"');
        break;
    case RB_SF_TOKEN:
        put(out, bare->text, bare->text_len);
        break;
    case RB_SF_BYTES:
        put_bytes(out, bare);
        break;
    case RB_SF_BOOLEAN:
        put(out, bare->number ? "?1" : "?0", 2);
        break;
    case RB_SF_DATE:
        put_char(out, '@');
        put_integer(out, bare->number);
        break;
    case RB_SF_DISPLAY_STRING:
        put_display_string(out, bare);
        break;
    }
}

static int is_true(const rb_sf_bare *bare) {
    return bare->type == RB_SF_BOOLEAN && bare->number == 1;
}

static int same_key(const char *a, size_t a_len, const char *b, size_t b_len) {
    return a_len == b_len && memcmp(a, b, a_len) == 0;
}

/* Was a parameter with param's key written before it? (Keys point into
 * the field, so a parameter is known by where its key is.) */
static int param_seen_before(const rb_sf_params *params,
                             const rb_sf_param *param) {
    size_t cursor = 0;
    rb_sf_param seen;
    while (rb_sf_next_param(params, &cursor, &seen) && seen.key != param->key)
        if (same_key(seen.key, seen.key_len, param->key, param->key_len))
            return 1;
    return 0;
}

/* 4.1.1.2 Serializing Parameters: each key once, at its first position,
 * with its last value. */
static void put_params(sf_out *out, const rb_sf_params *params) {
    size_t cursor = 0;
    rb_sf_param param;
    while (rb_sf_next_param(params, &cursor, &param)) {
        rb_sf_param last = param;
        if (param_seen_before(params, &param))
            continue;
        (void)rb_sf_params_get(params, param.key, param.key_len, &last);
        put_char(out, ';');
        put(out, param.key, param.key_len);
        if (!is_true(&last.value)) {
            put_char(out, '=');
            put_bare(out, &last.value);
        }
    }
}

/* 4.1.1.1 Serializing an Inner List, or 4.1.3 an Item. */
static void put_value(sf_out *out, const rb_sf_member *member) {
    if (member->is_inner_list) {
        size_t cursor = 0;
        rb_sf_inner_item item;
        int first = 1;
        put_char(out, '(');
        while (rb_sf_next_inner_item(member, &cursor, &item)) {
            if (!first)
                put_char(out, ' ');
            first = 0;
            put_bare(out, &item.item);
            put_params(out, &item.params);
        }
        put_char(out, ')');
    } else {
        put_bare(out, &member->item);
    }
    put_params(out, &member->params);
}

int rb_sf_serialize(const rb_sf_field *field, char *buf, size_t cap,
                    size_t *needed) {
    sf_out out = {buf, buf == NULL ? 0 : cap, 0};
    size_t cursor = 0;
    rb_sf_member member;
    int first = 1;
    while (rb_sf_next_member(field, &cursor, &member)) {
        if (field->type == RB_SF_FIELD_DICTIONARY) {
            /* 4.1.2: one member per key, with the value of its last
             * occurrence, at the position of its first. */
            if (!rb_sf_member_is_first(field, &member))
                continue;
            (void)rb_sf_dictionary_get(field, member.key, member.key_len,
                                       &member);
        }
        if (!first)
            put(&out, ", ", 2);
        first = 0;
        if (field->type == RB_SF_FIELD_DICTIONARY) {
            put(&out, member.key, member.key_len);
            if (!member.is_inner_list && is_true(&member.item)) {
                put_params(&out, &member.params);
                continue;
            }
            put_char(&out, '=');
        }
        put_value(&out, &member);
    }
    return finish(&out, needed);
}

int rb_sf_join_lines(const char *const *lines, const size_t *lens, size_t count,
                     char *buf, size_t cap, size_t *needed) {
    sf_out out = {buf, buf == NULL ? 0 : cap, 0};
    for (size_t i = 0; i < count; i++) {
        if (i > 0)
            put(&out, ", ", 2);
        put(&out, lines[i], lens[i]);
    }
    return finish(&out, needed);
}
