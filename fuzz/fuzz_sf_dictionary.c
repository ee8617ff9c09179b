/* SPDX-License-Identifier: MIT */
/*
 * fuzz_sf_dictionary.c - the RFC 9651 structured-field parser
 * (lib/src/aipref/sf_parse.c) and its canonical serialiser. Input: one
 * byte choosing the field type (value % 3: Dictionary, List, Item), then
 * the field's bytes.
 *
 * Invariants: a failure names a reason and an offset inside the input; a
 * parsed field reads back, through the cursors, exactly as many members,
 * parameters and inner-list items as it counted, every text inside the
 * input, every key and value within the grammar and the RB_SF_MAX_*
 * limits, and every decoded length what the decoder writes. The oracle is
 * the round trip of RFC 9651 section 4.1: the canonical form of a parsed
 * field parses again, to the same canonical form, with one member per key;
 * and a buffer too short gets the same length and a prefix of it.
 */
#include "fuzz_common.h"
#include "structured_field.h"

static void check_text(const rb_sf_field *field, const char *text, size_t len) {
    FZ_CHECK(text >= field->text && len <= field->len &&
             (size_t)(text - field->text) <= field->len - len);
}

static int is_key_byte(unsigned char ch, int first) {
    if ((ch >= 'a' && ch <= 'z') || ch == '*')
        return 1;
    return !first &&
           ((ch >= '0' && ch <= '9') || ch == '_' || ch == '-' || ch == '.');
}

static void check_key(const rb_sf_field *field, const char *key, size_t len) {
    FZ_CHECK(len >= 1 && len <= RB_SF_MAX_KEY_BYTES);
    check_text(field, key, len);
    for (size_t i = 0; i < len; i++)
        FZ_CHECK(is_key_byte((unsigned char)key[i], i == 0));
}

static void check_bare(const rb_sf_field *field, const rb_sf_bare *bare) {
    static char decoded[RB_SF_MAX_BYTES_OCTETS];
    const int64_t most = 999999999999999;
    FZ_CHECK(rb_sf_type_name(bare->type) != NULL);
    if (bare->text == NULL) {
        /* Only the true of a key without a value has no text. */
        FZ_CHECK(bare->type == RB_SF_BOOLEAN && bare->number == 1);
        return;
    }
    check_text(field, bare->text, bare->text_len);
    FZ_CHECK(rb_sf_bare_decode(bare, decoded, sizeof decoded) ==
             bare->decoded_len);
    switch (bare->type) {
    case RB_SF_INTEGER:
    case RB_SF_DECIMAL:
    case RB_SF_DATE:
        FZ_CHECK(bare->number >= -most && bare->number <= most);
        break;
    case RB_SF_BOOLEAN:
        FZ_CHECK(bare->number == 0 || bare->number == 1);
        break;
    case RB_SF_TOKEN:
        FZ_CHECK(bare->text_len >= 1 &&
                 bare->text_len <= RB_SF_MAX_TOKEN_BYTES);
        break;
    case RB_SF_STRING:
        FZ_CHECK(bare->decoded_len <= RB_SF_MAX_STRING_BYTES);
        for (size_t i = 0; i < bare->decoded_len; i++)
            FZ_CHECK(decoded[i] >= 0x20 && decoded[i] <= 0x7e);
        break;
    case RB_SF_BYTES:
        FZ_CHECK(bare->decoded_len <= RB_SF_MAX_BYTES_OCTETS);
        break;
    case RB_SF_DISPLAY_STRING:
        FZ_CHECK(bare->decoded_len <= RB_SF_MAX_DISPLAY_BYTES);
        break;
    }
}

static void check_params(const rb_sf_field *field, const rb_sf_params *params) {
    size_t cursor = 0;
    size_t count = 0;
    rb_sf_param param;
    FZ_CHECK(params->count <= RB_SF_MAX_PARAMS);
    while (rb_sf_next_param(params, &cursor, &param)) {
        check_key(field, param.key, param.key_len);
        check_bare(field, &param.value);
        count++;
    }
    FZ_CHECK(count == params->count && cursor == params->len);
}

/* Reads every member back and returns how many distinct keys (or, in a
 * List or Item, members) there are. */
static size_t check_members(const rb_sf_field *field) {
    size_t cursor = 0;
    size_t count = 0;
    size_t distinct = 0;
    rb_sf_member member;
    while (rb_sf_next_member(field, &cursor, &member)) {
        rb_sf_member last;
        count++;
        if (field->type == RB_SF_FIELD_DICTIONARY) {
            check_key(field, member.key, member.key_len);
            FZ_CHECK(
                rb_sf_dictionary_get(field, member.key, member.key_len, &last));
            FZ_CHECK(last.key >= member.key); /* the last occurrence */
            distinct += (size_t)rb_sf_member_is_first(field, &member);
        } else {
            FZ_CHECK(member.key == NULL);
            distinct++;
        }
        if (member.is_inner_list) {
            size_t at = 0;
            size_t items = 0;
            rb_sf_inner_item item;
            FZ_CHECK(field->type != RB_SF_FIELD_ITEM);
            FZ_CHECK(member.inner_count <= RB_SF_MAX_INNER_ITEMS);
            check_text(field, member.inner, member.inner_len);
            while (rb_sf_next_inner_item(&member, &at, &item)) {
                check_bare(field, &item.item);
                check_params(field, &item.params);
                items++;
            }
            FZ_CHECK(items == member.inner_count);
        } else {
            check_bare(field, &member.item);
        }
        check_params(field, &member.params);
    }
    FZ_CHECK(count == field->count && count <= RB_SF_MAX_MEMBERS);
    return distinct;
}

/* The canonical form of a parsed field, as a heap string. */
static char *serialize(const rb_sf_field *field, size_t *len) {
    size_t needed = 0;
    char *out;
    FZ_CHECK(rb_sf_serialize(field, NULL, 0, &needed) == 0);
    out = malloc(needed + 1);
    if (out == NULL)
        abort();
    FZ_CHECK(rb_sf_serialize(field, out, needed + 1, len) == 1);
    FZ_CHECK(*len == needed && out[needed] == '\0');
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    rb_sf_field_type type = (rb_sf_field_type)(fz_byte(&in) % 3);
    size_t len = in.len;
    char *text = fz_dup(in.data, len);
    rb_sf_field field, again;
    size_t offset = 0;
    rb_sf_error err = rb_sf_parse(type, text, len, &field, &offset);
    FZ_CHECK(rb_sf_error_name(err) != NULL && rb_sf_error_text(err) != NULL);
    if (err != RB_SF_OK) {
        FZ_CHECK(offset <= len && field.count == 0 && field.len == 0);
        free(text);
        return 0;
    }
    FZ_CHECK(field.type == type);
    size_t distinct = check_members(&field);

    size_t first_len = 0, second_len = 0;
    char *first = serialize(&field, &first_len);
    if (first_len <= RB_SF_MAX_FIELD_BYTES) {
        FZ_CHECK(rb_sf_parse(type, first, first_len, &again, NULL) == RB_SF_OK);
        FZ_CHECK(again.count == distinct);
        char *second = serialize(&again, &second_len);
        FZ_CHECK(second_len == first_len &&
                 memcmp(first, second, first_len) == 0);
        free(second);
    }
    if (first_len > 1) {
        /* Too short a buffer: the same length, and what fits is a prefix. */
        size_t cap = first_len / 2, needed = 0;
        char *part = malloc(cap);
        if (part == NULL)
            abort();
        FZ_CHECK(rb_sf_serialize(&field, part, cap, &needed) == 0);
        FZ_CHECK(needed == first_len && memcmp(part, first, cap) == 0);
        free(part);
    }
    free(first);
    free(text);
    return 0;
}
