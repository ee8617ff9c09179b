/* SPDX-License-Identifier: MIT */
/*
 * sf_bare.c - the RFC 9651 parsing algorithms for keys and bare items
 * (sections 4.2.3.1, 4.2.3.3 and 4.2.4 to 4.2.10), and the decoding of a
 * bare item's text (rb_sf_bare_decode). The byte classes, the base64 and
 * hex digits and the UTF-8 check live here alone, so a String, Byte
 * Sequence or Display String is decoded by the rules it was validated by.
 * Every step of the RFC's algorithms appears below in its order; where a
 * step only decides the reason of a failure that is certain anyway (an
 * uppercase byte right after a key), the comment says so.
 */
#include "sf_bare.h"

#include "structured_field.h"

#include <string.h>

static int is_digit(int ch) {
    return ch >= '0' && ch <= '9';
}

static int is_lcalpha(int ch) {
    return ch >= 'a' && ch <= 'z';
}

static int is_upper(int ch) {
    return ch >= 'A' && ch <= 'Z';
}

static int is_alpha(int ch) {
    return is_lcalpha(ch) || is_upper(ch);
}

/* RFC 9651 3.1.2: key = ( lcalpha / "*" ) *( lcalpha / DIGIT / "_" / "-" /
 * "." / "*" ). */
static int is_key_char(int ch) {
    return is_lcalpha(ch) || is_digit(ch) || ch == '_' || ch == '-' ||
           ch == '.' || ch == '*';
}

/* RFC 9110 tchar, plus ":" and "/" (RFC 9651 3.3.4). */
static int is_token_char(int ch) {
    static const char others[] = "!#$%&'*+-.^_`|~:/";
    return is_alpha(ch) || is_digit(ch) ||
           (ch > 0 && memchr(others, ch, sizeof others - 1) != NULL);
}

/* The value of a base64 digit (RFC 4648 table 1), or -1. */
static int base64_value(int ch) {
    if (is_upper(ch))
        return ch - 'A';
    if (is_lcalpha(ch))
        return ch - 'a' + 26;
    if (is_digit(ch))
        return ch - '0' + 52;
    if (ch == '+')
        return 62;
    if (ch == '/')
        return 63;
    return -1;
}

/* The value of a lowercase hex digit, or -1 (RFC 9651 4.2.10 refuses
 * uppercase). */
static int lower_hex_value(int ch) {
    if (is_digit(ch))
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    return -1;
}

/* 4.2.3.3 Parsing a Key. */
rb_sf_error rb_sf_parse_key(sf_cursor *c, const char **key, size_t *len) {
    size_t start = c->pos;
    if (!is_lcalpha(sf_peek(c)) && sf_peek(c) != '*')
        return is_upper(sf_peek(c)) ? RB_SF_ERR_KEY_UPPERCASE : RB_SF_ERR_KEY;
    while (is_key_char(sf_peek(c)))
        c->pos++;
    if (c->pos - start > RB_SF_MAX_KEY_BYTES) {
        c->pos = start;
        return RB_SF_ERR_KEY_TOO_LONG;
    }
    /* Not a step of 4.2.3.3: nothing that may follow a key is an uppercase
     * letter, so such a field fails whatever comes next; saying so here
     * names the cause ("Train-AI", "aB"). */
    if (is_upper(sf_peek(c)))
        return RB_SF_ERR_KEY_UPPERCASE;
    *key = (const char *)c->s + start;
    *len = c->pos - start;
    return RB_SF_OK;
}

/* 4.2.4 Parsing an Integer or Decimal. `text` starts at the sign. */
static rb_sf_error parse_number(sf_cursor *c, rb_sf_bare *out) {
    size_t start = c->pos;
    int negative = 0;
    int decimal = 0;
    size_t chars = 0; /* input_number's length: digits and '.' */
    size_t fraction_digits = 0;
    int64_t integer = 0;
    int64_t fraction = 0;
    if (sf_peek(c) == '-') {
        c->pos++;
        negative = 1;
    }
    if (!is_digit(sf_peek(c)))
        return RB_SF_ERR_NUMBER; /* empty, or not a digit after '-' */
    while (!sf_at_end(c)) {
        int ch = sf_peek(c);
        if (is_digit(ch)) {
            if (decimal) {
                fraction = fraction * 10 + (ch - '0');
                fraction_digits++;
            } else {
                integer = integer * 10 + (ch - '0');
            }
        } else if (!decimal && ch == '.') {
            if (chars > 12)
                return RB_SF_ERR_NUMBER;
            decimal = 1;
        } else {
            break;
        }
        c->pos++;
        chars++;
        if ((!decimal && chars > 15) || (decimal && chars > 16)) {
            c->pos--;
            return RB_SF_ERR_NUMBER;
        }
    }
    if (decimal) {
        if (fraction_digits == 0 || fraction_digits > 3)
            return RB_SF_ERR_NUMBER;
        while (fraction_digits < 3) {
            fraction *= 10;
            fraction_digits++;
        }
        integer = integer * 1000 + fraction;
    }
    out->type = decimal ? RB_SF_DECIMAL : RB_SF_INTEGER;
    out->number = negative ? -integer : integer;
    out->text = (const char *)c->s + start;
    out->text_len = c->pos - start;
    out->decoded_len = out->text_len;
    return RB_SF_OK;
}

/* 4.2.5 Parsing a String (the opening DQUOTE is next). */
static rb_sf_error parse_string(sf_cursor *c, rb_sf_bare *out) {
    size_t start = ++c->pos;
    size_t decoded = 0;
    for (;;) {
        int ch = sf_peek(c);
        if (ch < 0)
            return RB_SF_ERR_STRING; /* no closing DQUOTE */
        if (ch == '"')
            break;
        if (ch == '\\') {
            c->pos++;
            ch = sf_peek(c);
            if (ch != '"' && ch != '\\')
                return RB_SF_ERR_STRING;
        } else if (ch < 0x20 || ch > 0x7e) {
            return RB_SF_ERR_STRING;
        }
        if (++decoded > RB_SF_MAX_STRING_BYTES)
            return RB_SF_ERR_STRING_TOO_LONG;
        c->pos++;
    }
    out->type = RB_SF_STRING;
    out->text = (const char *)c->s + start;
    out->text_len = c->pos - start;
    out->decoded_len = decoded;
    c->pos++;
    return RB_SF_OK;
}

/* 4.2.6 Parsing a Token (its first byte, ALPHA or '*', is next). */
static rb_sf_error parse_token(sf_cursor *c, rb_sf_bare *out) {
    size_t start = c->pos;
    while (is_token_char(sf_peek(c)))
        c->pos++;
    if (c->pos - start > RB_SF_MAX_TOKEN_BYTES) {
        c->pos = start;
        return RB_SF_ERR_TOKEN_TOO_LONG;
    }
    out->type = RB_SF_TOKEN;
    out->text = (const char *)c->s + start;
    out->text_len = c->pos - start;
    out->decoded_len = out->text_len;
    return RB_SF_OK;
}

/* 4.2.7 Parsing a Byte Sequence (the opening ':' is next). Padding that is
 * missing and pad bits that are not zero are accepted, as the RFC's SHOULD
 * NOT (fail) asks; '=' anywhere but at the end, or more of it than the
 * length needs, is refused. */
static rb_sf_error parse_bytes(sf_cursor *c, rb_sf_bare *out) {
    size_t start = ++c->pos;
    size_t data = 0;
    size_t pad = 0;
    size_t octets;
    for (;;) {
        int ch = sf_peek(c);
        if (ch < 0)
            return RB_SF_ERR_BYTES; /* no closing ':' */
        if (ch == ':')
            break;
        if (ch == '=')
            pad++;
        else if (base64_value(ch) < 0 || pad > 0)
            return RB_SF_ERR_BYTES;
        else
            data++;
        c->pos++;
    }
    if (data % 4 == 1 || pad > (4 - data % 4) % 4)
        return RB_SF_ERR_BYTES;
    octets = data / 4 * 3 + (data % 4 == 0 ? 0 : data % 4 - 1);
    if (octets > RB_SF_MAX_BYTES_OCTETS) {
        c->pos = start;
        return RB_SF_ERR_BYTES_TOO_LONG;
    }
    out->type = RB_SF_BYTES;
    out->text = (const char *)c->s + start;
    out->text_len = c->pos - start;
    out->decoded_len = octets;
    c->pos++;
    return RB_SF_OK;
}

/* 4.2.8 Parsing a Boolean (the '?' is next). */
static rb_sf_error parse_boolean(sf_cursor *c, rb_sf_bare *out) {
    int ch;
    c->pos++;
    ch = sf_peek(c);
    if (ch != '0' && ch != '1')
        return RB_SF_ERR_BOOLEAN;
    out->type = RB_SF_BOOLEAN;
    out->number = ch == '1';
    out->text = (const char *)c->s + c->pos;
    out->text_len = 1;
    out->decoded_len = 1;
    c->pos++;
    return RB_SF_OK;
}

/* 4.2.9 Parsing a Date (the '@' is next): an Integer. */
static rb_sf_error parse_date(sf_cursor *c, rb_sf_bare *out) {
    size_t at = ++c->pos;
    if (parse_number(c, out) != RB_SF_OK)
        return RB_SF_ERR_DATE;
    if (out->type == RB_SF_DECIMAL) {
        c->pos = at;
        return RB_SF_ERR_DATE;
    }
    out->type = RB_SF_DATE;
    return RB_SF_OK;
}

/* UTF-8 as RFC 3629 section 4 defines it: no overlong forms, no
 * surrogates, nothing past U+10FFFF. `need` continuation bytes remain, the
 * next within [lo, hi]. */
typedef struct utf8_state {
    int need;
    int lo;
    int hi;
} utf8_state;

static int utf8_feed(utf8_state *u, int byte) {
    if (u->need > 0) {
        if (byte < u->lo || byte > u->hi)
            return 0;
        u->need--;
        u->lo = 0x80;
        u->hi = 0xbf;
        return 1;
    }
    u->lo = 0x80;
    u->hi = 0xbf;
    if (byte < 0x80)
        return 1;
    if (byte >= 0xc2 && byte <= 0xdf) {
        u->need = 1;
    } else if (byte >= 0xe0 && byte <= 0xef) {
        u->need = 2;
        if (byte == 0xe0)
            u->lo = 0xa0; /* overlong */
        else if (byte == 0xed)
            u->hi = 0x9f; /* surrogates */
    } else if (byte >= 0xf0 && byte <= 0xf4) {
        u->need = 3;
        if (byte == 0xf0)
            u->lo = 0x90; /* overlong */
        else if (byte == 0xf4)
            u->hi = 0x8f; /* past U+10FFFF */
    } else {
        return 0;
    }
    return 1;
}

/* 4.2.10 Parsing a Display String (the '%' is next). */
static rb_sf_error parse_display_string(sf_cursor *c, rb_sf_bare *out) {
    size_t start;
    size_t decoded = 0;
    utf8_state utf8 = {0, 0x80, 0xbf};
    c->pos++;
    if (sf_peek(c) != '"')
        return RB_SF_ERR_DISPLAY_STRING;
    start = ++c->pos;
    for (;;) {
        int ch = sf_peek(c);
        int byte = ch;
        if (ch < 0x20 || ch > 0x7e)
            return RB_SF_ERR_DISPLAY_STRING; /* the end, or not VCHAR/SP */
        if (ch == '"') {
            if (utf8.need > 0)
                return RB_SF_ERR_DISPLAY_STRING;
            break;
        }
        if (ch == '%') {
            int high =
                c->pos + 1 < c->len ? lower_hex_value(c->s[c->pos + 1]) : -1;
            int low =
                c->pos + 2 < c->len ? lower_hex_value(c->s[c->pos + 2]) : -1;
            if (high < 0 || low < 0)
                return RB_SF_ERR_DISPLAY_STRING;
            byte = high * 16 + low;
            c->pos += 2;
        }
        if (!utf8_feed(&utf8, byte))
            return RB_SF_ERR_DISPLAY_STRING;
        if (++decoded > RB_SF_MAX_DISPLAY_BYTES)
            return RB_SF_ERR_DISPLAY_TOO_LONG;
        c->pos++;
    }
    out->type = RB_SF_DISPLAY_STRING;
    out->text = (const char *)c->s + start;
    out->text_len = c->pos - start;
    out->decoded_len = decoded;
    c->pos++;
    return RB_SF_OK;
}

/* 4.2.3.1 Parsing a Bare Item. */
rb_sf_error rb_sf_parse_bare(sf_cursor *c, rb_sf_bare *out) {
    int ch = sf_peek(c);
    if (ch == '-' || is_digit(ch))
        return parse_number(c, out);
    if (ch == '"')
        return parse_string(c, out);
    if (ch == ':')
        return parse_bytes(c, out);
    if (ch == '?')
        return parse_boolean(c, out);
    if (is_alpha(ch) || ch == '*')
        return parse_token(c, out);
    if (ch == '@')
        return parse_date(c, out);
    if (ch == '%')
        return parse_display_string(c, out);
    return RB_SF_ERR_ITEM;
}

size_t rb_sf_bare_decode(const rb_sf_bare *bare, char *buf, size_t cap) {
    const unsigned char *s = (const unsigned char *)bare->text;
    size_t n = 0;
    unsigned bits = 0;
    int nbits = 0;
    for (size_t i = 0; i < bare->text_len; i++) {
        int byte = s[i];
        if (bare->type == RB_SF_STRING && byte == '\\') {
            byte = s[++i];
        } else if (bare->type == RB_SF_DISPLAY_STRING && byte == '%') {
            byte = lower_hex_value(s[i + 1]) * 16 + lower_hex_value(s[i + 2]);
            i += 2;
        } else if (bare->type == RB_SF_BYTES) {
            if (byte == '=')
                break;
            bits = (bits << 6 | (unsigned)base64_value(byte)) & 0xfffu;
            nbits += 6;
            if (nbits < 8)
                continue;
            nbits -= 8;
            byte = (int)(bits >> nbits) & 0xff;
        }
        if (n < cap)
            buf[n] = (char)byte;
        n++;
    }
    return n;
}
