/* SPDX-License-Identifier: MIT */
/*
 * sf_parse.c - the RFC 9651 parsing algorithms for a field's structure
 * (section 4.2: Lists, Dictionaries, Items, Inner Lists, Parameters), once:
 * the same functions validate a whole field in rb_sf_parse() and read its
 * members, parameters and inner-list items back afterwards, so what is read
 * back is exactly what was validated. Keys and bare items are sf_bare.c's.
 * Also the names and texts of the errors and types. Every step of the
 * RFC's algorithms appears below in its order.
 */
#include "sf_bare.h"
#include "structured_field.h"

#include "names.h"

#include <string.h>

/* The Boolean true of a key written without a value. */
static void implied_true(rb_sf_bare *out) {
    out->type = RB_SF_BOOLEAN;
    out->number = 1;
    out->text = NULL;
    out->text_len = 0;
    out->decoded_len = 0;
}

/* One parameter: ';' SP* key [ '=' bare-item ] (4.2.3.2 steps 2.2-2.6). */
static rb_sf_error parse_param(sf_cursor *c, rb_sf_param *out) {
    rb_sf_error err;
    c->pos++; /* ';' */
    sf_skip_sp(c);
    err = rb_sf_parse_key(c, &out->key, &out->key_len);
    if (err != RB_SF_OK)
        return err;
    if (sf_peek(c) != '=') {
        implied_true(&out->value);
        return RB_SF_OK;
    }
    c->pos++;
    return rb_sf_parse_bare(c, &out->value);
}

/* 4.2.3.2 Parsing Parameters. */
static rb_sf_error parse_params(sf_cursor *c, rb_sf_params *out) {
    size_t start = c->pos;
    size_t count = 0;
    while (sf_peek(c) == ';') {
        rb_sf_param param;
        size_t at = c->pos;
        rb_sf_error err = parse_param(c, &param);
        if (err != RB_SF_OK)
            return err;
        if (++count > RB_SF_MAX_PARAMS) {
            c->pos = at;
            return RB_SF_ERR_TOO_MANY_PARAMS;
        }
    }
    out->text = (const char *)c->s + start;
    out->len = c->pos - start;
    out->count = count;
    return RB_SF_OK;
}

/* 4.2.3 Parsing an Item. */
static rb_sf_error parse_item(sf_cursor *c, rb_sf_bare *item,
                              rb_sf_params *params) {
    rb_sf_error err = rb_sf_parse_bare(c, item);
    return err != RB_SF_OK ? err : parse_params(c, params);
}

/* 4.2.1.2 Parsing an Inner List (the '(' is next). */
static rb_sf_error parse_inner_list(sf_cursor *c, rb_sf_member *out) {
    size_t start = ++c->pos;
    size_t count = 0;
    for (;;) {
        rb_sf_bare item;
        rb_sf_params params;
        rb_sf_error err;
        size_t at;
        sf_skip_sp(c);
        if (sf_at_end(c))
            return RB_SF_ERR_INNER_LIST; /* no closing ')' */
        if (sf_peek(c) == ')') {
            out->inner = (const char *)c->s + start;
            out->inner_len = c->pos - start;
            out->inner_count = count;
            c->pos++;
            return parse_params(c, &out->params);
        }
        at = c->pos;
        err = parse_item(c, &item, &params);
        if (err != RB_SF_OK)
            return err;
        if (++count > RB_SF_MAX_INNER_ITEMS) {
            c->pos = at;
            return RB_SF_ERR_TOO_MANY_ITEMS;
        }
        if (sf_peek(c) != ' ' && sf_peek(c) != ')')
            return RB_SF_ERR_INNER_LIST;
    }
}

/* 4.2.1.1 Parsing an Item or Inner List, into a member. */
static rb_sf_error parse_item_or_inner_list(sf_cursor *c, rb_sf_member *out) {
    if (sf_peek(c) == '(') {
        out->is_inner_list = 1;
        return parse_inner_list(c, out);
    }
    out->is_inner_list = 0;
    return parse_item(c, &out->item, &out->params);
}

static void clear_member(rb_sf_member *out) {
    out->key = NULL;
    out->key_len = 0;
    out->is_inner_list = 0;
    implied_true(&out->item);
    out->inner = NULL;
    out->inner_len = 0;
    out->inner_count = 0;
    out->params.text = NULL;
    out->params.len = 0;
    out->params.count = 0;
}

/* One member of a Dictionary (4.2.2 steps 2.1-2.3) or List (4.2.1 step
 * 2.1). */
static rb_sf_error parse_member(sf_cursor *c, int keyed, rb_sf_member *out) {
    rb_sf_error err;
    clear_member(out);
    if (!keyed)
        return parse_item_or_inner_list(c, out);
    err = rb_sf_parse_key(c, &out->key, &out->key_len);
    if (err != RB_SF_OK)
        return err;
    if (sf_peek(c) == '=') {
        c->pos++;
        return parse_item_or_inner_list(c, out);
    }
    return parse_params(c, &out->params);
}

/* What follows a member: OWS, then the end or ',' OWS and another member
 * (4.2.2 steps 2.6-2.10, 4.2.1 steps 2.3-2.7). Returns 1 when another
 * member follows. */
static rb_sf_error after_member(sf_cursor *c, int *more) {
    size_t comma;
    sf_skip_ows(c);
    *more = 0;
    if (sf_at_end(c))
        return RB_SF_OK;
    if (sf_peek(c) != ',')
        return RB_SF_ERR_EXPECTED_COMMA;
    comma = c->pos++;
    sf_skip_ows(c);
    if (sf_at_end(c)) {
        c->pos = comma;
        return RB_SF_ERR_TRAILING_COMMA;
    }
    *more = 1;
    return RB_SF_OK;
}

/* 4.2.1 Parsing a List and 4.2.2 Parsing a Dictionary. */
static rb_sf_error parse_members(sf_cursor *c, int keyed, size_t *count) {
    int more = !sf_at_end(c);
    *count = 0;
    while (more) {
        rb_sf_member member;
        size_t at = c->pos;
        rb_sf_error err = parse_member(c, keyed, &member);
        if (err != RB_SF_OK)
            return err;
        if (++*count > RB_SF_MAX_MEMBERS) {
            c->pos = at;
            return RB_SF_ERR_TOO_MANY_MEMBERS;
        }
        err = after_member(c, &more);
        if (err != RB_SF_OK)
            return err;
    }
    return RB_SF_OK;
}

static rb_sf_error parse_field(rb_sf_field_type type, sf_cursor *c,
                               size_t *count) {
    rb_sf_bare item;
    rb_sf_params params;
    rb_sf_error err;
    if (type != RB_SF_FIELD_ITEM)
        return parse_members(c, type == RB_SF_FIELD_DICTIONARY, count);
    *count = 1;
    err = parse_item(c, &item, &params);
    if (err != RB_SF_OK)
        return err;
    sf_skip_sp(c); /* 4.2 step 4 */
    return sf_at_end(c) ? RB_SF_OK : RB_SF_ERR_TRAILING_CHARS;
}

rb_sf_error rb_sf_parse(rb_sf_field_type type, const char *input, size_t len,
                        rb_sf_field *out, size_t *error_offset) {
    sf_cursor c = {(const unsigned char *)input, len, 0};
    rb_sf_error err = RB_SF_OK;
    size_t count = 0;
    size_t start = 0;
    if (error_offset != NULL)
        *error_offset = 0;
    if (out == NULL || (input == NULL && len != 0) ||
        type > RB_SF_FIELD_TYPE_LAST)
        return RB_SF_ERR_INVALID_ARGUMENT;
    out->type = type;
    out->text = input;
    out->len = 0;
    out->count = 0;
    if (len > RB_SF_MAX_FIELD_BYTES) {
        c.pos = RB_SF_MAX_FIELD_BYTES;
        err = RB_SF_ERR_FIELD_TOO_LONG;
    }
    /* 4.2 step 1: the bytes must be ASCII. */
    for (size_t i = 0; err == RB_SF_OK && i < len; i++) {
        if (c.s[i] >= 0x80) {
            c.pos = i;
            err = RB_SF_ERR_NOT_ASCII;
        }
    }
    if (err == RB_SF_OK) {
        sf_skip_sp(&c); /* 4.2 step 2 */
        start = c.pos;
        err = parse_field(type, &c, &count);
    }
    if (err != RB_SF_OK) {
        if (error_offset != NULL)
            *error_offset = c.pos;
        return err;
    }
    out->text = len == 0 ? input : input + start; /* NULL + 0 is undefined */
    out->len = len - start;
    out->count = count;
    return RB_SF_OK;
}

int rb_sf_next_member(const rb_sf_field *field, size_t *cursor,
                      rb_sf_member *out) {
    sf_cursor c = {(const unsigned char *)field->text, field->len, *cursor};
    int more = 0;
    if (sf_at_end(&c) || (field->type == RB_SF_FIELD_ITEM && *cursor > 0))
        return 0;
    if (field->type == RB_SF_FIELD_ITEM) {
        clear_member(out);
        if (parse_item(&c, &out->item, &out->params) != RB_SF_OK)
            return 0; /* not a field rb_sf_parse accepted */
        *cursor = field->len;
        return 1;
    }
    if (parse_member(&c, field->type == RB_SF_FIELD_DICTIONARY, out) !=
            RB_SF_OK ||
        after_member(&c, &more) != RB_SF_OK)
        return 0; /* not a field rb_sf_parse accepted */
    *cursor = more ? c.pos : field->len;
    return 1;
}

static int same_key(const char *a, size_t a_len, const char *b, size_t b_len) {
    return a_len == b_len && (a_len == 0 || memcmp(a, b, a_len) == 0);
}

int rb_sf_dictionary_get(const rb_sf_field *field, const char *key,
                         size_t key_len, rb_sf_member *out) {
    size_t cursor = 0;
    rb_sf_member member;
    int found = 0;
    if (field->type != RB_SF_FIELD_DICTIONARY)
        return 0;
    while (rb_sf_next_member(field, &cursor, &member)) {
        if (same_key(member.key, member.key_len, key, key_len)) {
            *out = member;
            found = 1;
        }
    }
    return found;
}

int rb_sf_member_is_first(const rb_sf_field *field,
                          const rb_sf_member *member) {
    size_t cursor = 0;
    rb_sf_member seen;
    /* Keys point into the field: a member is known by where its key is. */
    while (rb_sf_next_member(field, &cursor, &seen) && seen.key != member->key)
        if (same_key(seen.key, seen.key_len, member->key, member->key_len))
            return 0;
    return 1;
}

int rb_sf_next_param(const rb_sf_params *params, size_t *cursor,
                     rb_sf_param *out) {
    sf_cursor c = {(const unsigned char *)params->text, params->len, *cursor};
    if (sf_peek(&c) != ';' || parse_param(&c, out) != RB_SF_OK)
        return 0;
    *cursor = c.pos;
    return 1;
}

int rb_sf_params_get(const rb_sf_params *params, const char *key,
                     size_t key_len, rb_sf_param *out) {
    size_t cursor = 0;
    rb_sf_param param;
    int found = 0;
    while (rb_sf_next_param(params, &cursor, &param)) {
        if (same_key(param.key, param.key_len, key, key_len)) {
            *out = param;
            found = 1;
        }
    }
    return found;
}

int rb_sf_next_inner_item(const rb_sf_member *member, size_t *cursor,
                          rb_sf_inner_item *out) {
    sf_cursor c = {(const unsigned char *)member->inner, member->inner_len,
                   *cursor};
    if (!member->is_inner_list)
        return 0;
    sf_skip_sp(&c);
    if (sf_at_end(&c) || parse_item(&c, &out->item, &out->params) != RB_SF_OK)
        return 0;
    *cursor = c.pos;
    return 1;
}

int rb_sf_bare_is_token(const rb_sf_bare *bare, const char *lit,
                        size_t lit_len) {
    return bare->type == RB_SF_TOKEN &&
           same_key(bare->text, bare->text_len, lit, lit_len);
}

static const char *const error_names[] = {
    [RB_SF_OK] = "ok",
    [RB_SF_ERR_NOT_ASCII] = "not-ascii",
    [RB_SF_ERR_KEY] = "key",
    [RB_SF_ERR_KEY_UPPERCASE] = "key-uppercase",
    [RB_SF_ERR_EXPECTED_COMMA] = "expected-comma",
    [RB_SF_ERR_TRAILING_COMMA] = "trailing-comma",
    [RB_SF_ERR_ITEM] = "item",
    [RB_SF_ERR_NUMBER] = "number",
    [RB_SF_ERR_STRING] = "string",
    [RB_SF_ERR_BYTES] = "byte-sequence",
    [RB_SF_ERR_BOOLEAN] = "boolean",
    [RB_SF_ERR_DATE] = "date",
    [RB_SF_ERR_DISPLAY_STRING] = "display-string",
    [RB_SF_ERR_INNER_LIST] = "inner-list",
    [RB_SF_ERR_TRAILING_CHARS] = "trailing-characters",
    [RB_SF_ERR_FIELD_TOO_LONG] = "field-too-long",
    [RB_SF_ERR_TOO_MANY_MEMBERS] = "too-many-members",
    [RB_SF_ERR_TOO_MANY_ITEMS] = "too-many-items",
    [RB_SF_ERR_TOO_MANY_PARAMS] = "too-many-parameters",
    [RB_SF_ERR_KEY_TOO_LONG] = "key-too-long",
    [RB_SF_ERR_TOKEN_TOO_LONG] = "token-too-long",
    [RB_SF_ERR_STRING_TOO_LONG] = "string-too-long",
    [RB_SF_ERR_BYTES_TOO_LONG] = "byte-sequence-too-long",
    [RB_SF_ERR_DISPLAY_TOO_LONG] = "display-string-too-long",
    [RB_SF_ERR_INVALID_ARGUMENT] = "invalid-argument",
};
RB_NAMES_CHECK(error_names, RB_SF_ERROR_LAST);

static const char *const error_texts[] = {
    [RB_SF_OK] = "the field parsed",
    [RB_SF_ERR_NOT_ASCII] = "a byte outside ASCII (RFC 9651 4.2)",
    [RB_SF_ERR_KEY] = "a key must start with a lowercase letter or '*'",
    [RB_SF_ERR_KEY_UPPERCASE] =
        "keys are lowercase: an uppercase letter in a key",
    [RB_SF_ERR_EXPECTED_COMMA] = "a member must be followed by ',' or the end",
    [RB_SF_ERR_TRAILING_COMMA] = "a ',' with no member after it",
    [RB_SF_ERR_ITEM] = "no value of RFC 9651 starts with this byte",
    [RB_SF_ERR_NUMBER] = "an invalid Integer or Decimal",
    [RB_SF_ERR_STRING] = "an invalid or unterminated String",
    [RB_SF_ERR_BYTES] = "an invalid or unterminated Byte Sequence",
    [RB_SF_ERR_BOOLEAN] = "a Boolean is ?0 or ?1",
    [RB_SF_ERR_DATE] = "a Date is '@' and an Integer",
    [RB_SF_ERR_DISPLAY_STRING] = "an invalid or unterminated Display String",
    [RB_SF_ERR_INNER_LIST] = "an invalid or unterminated Inner List",
    [RB_SF_ERR_TRAILING_CHARS] = "bytes after the Item",
    [RB_SF_ERR_FIELD_TOO_LONG] = "the field is longer than this parser reads",
    [RB_SF_ERR_TOO_MANY_MEMBERS] = "more members than this parser reads",
    [RB_SF_ERR_TOO_MANY_ITEMS] = "more Inner List items than this parser reads",
    [RB_SF_ERR_TOO_MANY_PARAMS] = "more parameters than this parser reads",
    [RB_SF_ERR_KEY_TOO_LONG] = "a key longer than this parser reads",
    [RB_SF_ERR_TOKEN_TOO_LONG] = "a Token longer than this parser reads",
    [RB_SF_ERR_STRING_TOO_LONG] = "a String longer than this parser reads",
    [RB_SF_ERR_BYTES_TOO_LONG] =
        "a Byte Sequence longer than this parser reads",
    [RB_SF_ERR_DISPLAY_TOO_LONG] =
        "a Display String longer than this parser reads",
    [RB_SF_ERR_INVALID_ARGUMENT] = "NULL input with a length, or no output",
};
RB_NAMES_CHECK(error_texts, RB_SF_ERROR_LAST);

static const char *const type_names[] = {
    [RB_SF_INTEGER] = "integer",     [RB_SF_DECIMAL] = "decimal",
    [RB_SF_STRING] = "string",       [RB_SF_TOKEN] = "token",
    [RB_SF_BYTES] = "byte-sequence", [RB_SF_BOOLEAN] = "boolean",
    [RB_SF_DATE] = "date",           [RB_SF_DISPLAY_STRING] = "display-string",
};
RB_NAMES_CHECK(type_names, RB_SF_TYPE_LAST);

const char *rb_sf_error_name(rb_sf_error error) {
    return rb_name_at(error_names, RB_COUNT_OF(error_names), error);
}

const char *rb_sf_error_text(rb_sf_error error) {
    return rb_name_at(error_texts, RB_COUNT_OF(error_texts), error);
}

const char *rb_sf_type_name(rb_sf_type type) {
    return rb_name_at(type_names, RB_COUNT_OF(type_names), type);
}
