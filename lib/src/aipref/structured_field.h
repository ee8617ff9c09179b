/* SPDX-License-Identifier: MIT */
/*
 * structured_field.h - an RFC 9651 structured-field parser (Dictionary,
 * List and Item fields) and its canonical serialiser. Strict: a field that
 * breaks any rule of RFC 9651 section 4.2 fails whole, with the reason and
 * the byte offset where the parse stopped. Bounded: the RB_SF_MAX_* limits
 * below, each at or above the least that RFC 9651 section 3 requires.
 * Allocation-free: parsing stores nothing but the field's extent and its
 * member count; members, parameters and inner-list items are read back
 * afterwards by cursors over the validated bytes (O(1) memory, no
 * recursion: an inner list holds only items). Inputs are (pointer, length);
 * every text handed out points into the caller's input.
 *
 * Internal to librobots (usage preferences, issue 24): nothing here is
 * exported.
 */
#ifndef ROBOTS_STRUCTURED_FIELD_H
#define ROBOTS_STRUCTURED_FIELD_H

#include <stddef.h>
#include <stdint.h>

#ifndef RB_HIDDEN
#define RB_HIDDEN __attribute__((visibility("hidden")))
#endif

/* ---- limits -------------------------------------------------------------
 * Past any of them the whole field fails with its own RB_SF_ERR_ code: RFC
 * 9651 lets a parser refuse what exceeds its limits, as long as they are at
 * least those of its section 3, which each comment names. */

/* Bytes of one field value (the lines of a field joined). Ours: large
 * enough for RB_SF_MAX_MEMBERS short members and any robots.txt line. */
#define RB_SF_MAX_FIELD_BYTES 65536u
/* Members of a Dictionary or List, counted as written (a key written twice
 * counts twice). RFC 9651 3.1 and 3.2: at least 1024. */
#define RB_SF_MAX_MEMBERS 1024u
/* Items of one Inner List. RFC 9651 3.1.1: at least 256. */
#define RB_SF_MAX_INNER_ITEMS 256u
/* Parameters of one Item or Inner List, as written. RFC 9651 3.1.2: at
 * least 256. */
#define RB_SF_MAX_PARAMS 256u
/* Bytes of a key (dictionary or parameter). RFC 9651 3.1.2 and 3.2: at
 * least 64. */
#define RB_SF_MAX_KEY_BYTES 64u
/* Bytes of a Token. RFC 9651 3.3.4: at least 512. */
#define RB_SF_MAX_TOKEN_BYTES 512u
/* Characters of a String after unescaping. RFC 9651 3.3.3: at least 1024. */
#define RB_SF_MAX_STRING_BYTES 1024u
/* Octets of a Byte Sequence after decoding. RFC 9651 3.3.5: at least
 * 16384. */
#define RB_SF_MAX_BYTES_OCTETS 16384u
/* UTF-8 bytes of a Display String after decoding. RFC 9651 3.3.8 sets no
 * least; ours, as for Strings. */
#define RB_SF_MAX_DISPLAY_BYTES 1024u

/* The three top-level types of RFC 9651 section 3. */
typedef enum rb_sf_field_type {
    RB_SF_FIELD_DICTIONARY,
    RB_SF_FIELD_LIST,
    RB_SF_FIELD_ITEM,
    RB_SF_FIELD_TYPE_LAST = RB_SF_FIELD_ITEM
} rb_sf_field_type;

/* The bare item types of RFC 9651 section 3.3. */
typedef enum rb_sf_type {
    RB_SF_INTEGER,
    RB_SF_DECIMAL,
    RB_SF_STRING,
    RB_SF_TOKEN,
    RB_SF_BYTES,
    RB_SF_BOOLEAN,
    RB_SF_DATE,
    RB_SF_DISPLAY_STRING,
    RB_SF_TYPE_LAST = RB_SF_DISPLAY_STRING
} rb_sf_type;

/* Why a field failed. The names (rb_sf_error_name) are what a lint message
 * shows. */
typedef enum rb_sf_error {
    RB_SF_OK,
    RB_SF_ERR_NOT_ASCII,        /* a byte >= 0x80 (4.2 step 1) */
    RB_SF_ERR_KEY,              /* a key must start with a-z or '*' */
    RB_SF_ERR_KEY_UPPERCASE,    /* ... and keys are lowercase only */
    RB_SF_ERR_EXPECTED_COMMA,   /* a member not followed by ',' */
    RB_SF_ERR_TRAILING_COMMA,   /* ',' and nothing after it */
    RB_SF_ERR_ITEM,             /* no bare item starts with this byte */
    RB_SF_ERR_NUMBER,           /* Integer or Decimal (4.2.4) */
    RB_SF_ERR_STRING,           /* String (4.2.5) */
    RB_SF_ERR_BYTES,            /* Byte Sequence (4.2.7) */
    RB_SF_ERR_BOOLEAN,          /* Boolean (4.2.8) */
    RB_SF_ERR_DATE,             /* Date (4.2.9): a Decimal */
    RB_SF_ERR_DISPLAY_STRING,   /* Display String (4.2.10) */
    RB_SF_ERR_INNER_LIST,       /* Inner List (4.2.1.2) */
    RB_SF_ERR_TRAILING_CHARS,   /* bytes left after an Item field */
    RB_SF_ERR_FIELD_TOO_LONG,   /* RB_SF_MAX_FIELD_BYTES */
    RB_SF_ERR_TOO_MANY_MEMBERS, /* RB_SF_MAX_MEMBERS */
    RB_SF_ERR_TOO_MANY_ITEMS,   /* RB_SF_MAX_INNER_ITEMS */
    RB_SF_ERR_TOO_MANY_PARAMS,  /* RB_SF_MAX_PARAMS */
    RB_SF_ERR_KEY_TOO_LONG,     /* RB_SF_MAX_KEY_BYTES */
    RB_SF_ERR_TOKEN_TOO_LONG,   /* RB_SF_MAX_TOKEN_BYTES */
    RB_SF_ERR_STRING_TOO_LONG,  /* RB_SF_MAX_STRING_BYTES */
    RB_SF_ERR_BYTES_TOO_LONG,   /* RB_SF_MAX_BYTES_OCTETS */
    RB_SF_ERR_DISPLAY_TOO_LONG, /* RB_SF_MAX_DISPLAY_BYTES */
    RB_SF_ERR_INVALID_ARGUMENT, /* NULL with a length, NULL out */
    RB_SF_ERROR_LAST = RB_SF_ERR_INVALID_ARGUMENT
} rb_sf_error;

/* A bare item. `text` is the item as written, inside its delimiters: a
 * String's or Display String's bytes between the quotes (escapes still
 * in), a Byte Sequence's base64 between the colons, a Token, the digits
 * of a number (sign and '.' included, no '@'). NULL for the Boolean true
 * a key without '=' stands for. */
typedef struct rb_sf_bare {
    rb_sf_type type;
    const char *text;
    size_t text_len;
    /* Integer and Date: the value; Decimal: the value times 1000 (RFC 9651
     * keeps three fractional digits); Boolean: 0 or 1. */
    int64_t number;
    /* String, Display String: bytes after unescaping; Byte Sequence:
     * octets after decoding; other types: text_len. */
    size_t decoded_len;
} rb_sf_bare;

/* The parameters of an Item or Inner List, as written: `text` runs from
 * the first ';' to the end of the last parameter. */
typedef struct rb_sf_params {
    const char *text;
    size_t len;
    size_t count; /* as written: a key written twice counts twice */
} rb_sf_params;

typedef struct rb_sf_param {
    const char *key;
    size_t key_len;
    rb_sf_bare value;
} rb_sf_param;

/* A member of a Dictionary or List (for an Item field, the one item). */
typedef struct rb_sf_member {
    const char *key; /* NULL in a List or Item field */
    size_t key_len;
    int is_inner_list;
    rb_sf_bare item; /* when not an inner list */
    /* When an inner list: the bytes between its parentheses, and the
     * number of items. */
    const char *inner;
    size_t inner_len;
    size_t inner_count;
    rb_sf_params params;
} rb_sf_member;

typedef struct rb_sf_inner_item {
    rb_sf_bare item;
    rb_sf_params params;
} rb_sf_inner_item;

/* A parsed field: the validated bytes (leading SP discarded, RFC 9651 4.2
 * step 2) and the number of members as written. */
typedef struct rb_sf_field {
    rb_sf_field_type type;
    const char *text;
    size_t len;
    size_t count;
} rb_sf_field;

/* Parses input[0..len) as a field of `type` (RFC 9651 section 4.2). On
 * success fills *out and returns RB_SF_OK; on failure returns why and, if
 * error_offset is not NULL, the offset in input where the parse stopped.
 * *out then describes an empty field. Linear time in len. */
RB_HIDDEN rb_sf_error rb_sf_parse(rb_sf_field_type type, const char *input,
                                  size_t len, rb_sf_field *out,
                                  size_t *error_offset);

/* The members of a parsed field in the order written, duplicates included
 * (RFC 9651 keeps the first position and the last value of a key: see
 * rb_sf_dictionary_get and rb_sf_member_is_first). *cursor starts at 0.
 * Returns 1 and fills *out, or 0 after the last member. */
RB_HIDDEN int rb_sf_next_member(const rb_sf_field *field, size_t *cursor,
                                rb_sf_member *out);

/* The value a Dictionary holds for key[0..key_len): its last occurrence.
 * Returns 1 and fills *out, or 0 when the key is absent. */
RB_HIDDEN int rb_sf_dictionary_get(const rb_sf_field *field, const char *key,
                                   size_t key_len, rb_sf_member *out);

/* Is `member` (read from field) the first written with its key? The one
 * RFC 9651 keeps the place of (4.2.2 step 2.4). Always 1 outside a
 * Dictionary. */
RB_HIDDEN int rb_sf_member_is_first(const rb_sf_field *field,
                                    const rb_sf_member *member);

/* The parameters of `params` in the order written, duplicates included;
 * *cursor starts at 0. */
RB_HIDDEN int rb_sf_next_param(const rb_sf_params *params, size_t *cursor,
                               rb_sf_param *out);

/* The value a parameter map holds for key (its last occurrence). */
RB_HIDDEN int rb_sf_params_get(const rb_sf_params *params, const char *key,
                               size_t key_len, rb_sf_param *out);

/* The items of an inner list member, in order; *cursor starts at 0. */
RB_HIDDEN int rb_sf_next_inner_item(const rb_sf_member *member, size_t *cursor,
                                    rb_sf_inner_item *out);

/* The decoded content of a String, Display String (UTF-8) or Byte
 * Sequence, or the text of any other item: writes min(cap, decoded_len)
 * bytes to buf (no NUL) and returns decoded_len. */
RB_HIDDEN size_t rb_sf_bare_decode(const rb_sf_bare *bare, char *buf,
                                   size_t cap);

/* Is a Token, compared as bytes, equal to lit[0..lit_len)? */
RB_HIDDEN int rb_sf_bare_is_token(const rb_sf_bare *bare, const char *lit,
                                  size_t lit_len);

/* Writes the canonical serialisation of a parsed field (RFC 9651 section
 * 4.1: one member per key, at its first position with its last value;
 * ", " between members; numbers, byte sequences and display strings in
 * their canonical forms) to buf under the library's buffer contract:
 * NUL-terminated when it fits in cap, *needed (if not NULL) set to its
 * length without the NUL. Returns 1 when it fitted. An empty Dictionary or
 * List serialises to "" (RFC 9651: the field is omitted). Quadratic in the
 * number of members, which RB_SF_MAX_MEMBERS bounds. */
RB_HIDDEN int rb_sf_serialize(const rb_sf_field *field, char *buf, size_t cap,
                              size_t *needed);

/* Joins the lines of one field as RFC 9651 4.2 says a parser must before
 * parsing: the values in order, separated by ", ". Same buffer contract as
 * rb_sf_serialize. */
RB_HIDDEN int rb_sf_join_lines(const char *const *lines, const size_t *lens,
                               size_t count, char *buf, size_t cap,
                               size_t *needed);

/* "not-ascii", "key-uppercase", ...; NULL outside the enum. */
RB_HIDDEN const char *rb_sf_error_name(rb_sf_error error);
/* One sentence saying what the error means, for a lint message. */
RB_HIDDEN const char *rb_sf_error_text(rb_sf_error error);
/* "integer", "token", ...; NULL outside the enum. */
RB_HIDDEN const char *rb_sf_type_name(rb_sf_type type);

#endif
