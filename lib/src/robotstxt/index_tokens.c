/* SPDX-License-Identifier: MIT */
/*
 * index_tokens.c - the tokens of the index a check's caller names: each
 * caller's name (its product token in rfc9309, whole in google) found in
 * the parse's tokens' table (index.c builds it) by rb_token_hash() and a
 * compare. A file of its own, as it is a check's code and not the build's:
 * compiled with the build, its loop's registers changed with the build's
 * code (the corpus's first checks 5,100 instructions dearer in session 30
 * for a change to the build alone).
 */
#include "agent.h"
#include "ascii.h"
#include "document.h"
#include "index.h"
#include "words.h"

#define NO_SET UINT32_MAX

/* The index of the token equal (case-insensitively) to name, whose
 * rb_token_hash() is h, or NO_SET. */
static uint32_t find_token(const robots_txt *doc, const char *name, size_t len,
                           uint32_t h) {
    if (doc->token_count == 0)
        return NO_SET;
    const uint32_t *table = doc->token_slots;
    uint32_t ids = doc->token_id_mask;
    uint32_t size = doc->token_slot_count;
    for (uint32_t i = rb_slot_start(h, size);; i = i + 1 == size ? 0 : i + 1) {
        uint32_t v = table[i];
        if (v == 0)
            return NO_SET;
        if (((v ^ h) & ~ids) == 0) {
            uint32_t t = (v & ids) - 1;
            const rb_agent *a =
                &doc->agents[rb_token_agent(doc->token_sets, doc->tokens[t])];
            const char *token = doc->text + rb_agent_value_off(a);
            /* Most callers spell a token as the file does. */
            if (rb_agent_token(doc->profile, doc->text, a) == len &&
                (rb_same_bytes(name, token, len) ||
                 rb_ascii_equal_nocase(name, len, token, len)))
                return t;
        }
    }
}

size_t rb_index_tokens(const robots_txt *doc, const robots_str *callers,
                       size_t n, uint32_t *tokens) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        /* rfc9309: the name's product token, which names nobody when
         * empty; google: the whole name (legacy has no index). */
        size_t len =
            rb_name_token_len(doc->profile, callers[i].ptr, callers[i].len);
        if (len == 0 && doc->profile != ROBOTS_PROFILE_GOOGLE)
            continue;
        uint32_t token = find_token(doc, callers[i].ptr, len,
                                    rb_token_hash(callers[i].ptr, len));
        if (token == NO_SET)
            continue;
        size_t k = 0;
        while (k < count && tokens[k] != token)
            k++;
        if (k == count)
            tokens[count++] = token;
    }
    return count;
}
