/* SPDX-License-Identifier: MIT */
/*
 * random_names.h - deterministic random names for the tests of legacy's
 * selection (test_legacy_select.c, test_names_hash.c): a xorshift
 * generator, so a failure repeats, and names drawn from an alphabet.
 */
#ifndef ROBOTS_TEST_RANDOM_NAMES_H
#define ROBOTS_TEST_RANDOM_NAMES_H

#include "robots.h"

#include <stddef.h>
#include <stdint.h>

static uint32_t rng_state = 2463534242u;
static uint32_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* From 1 to `most` names of fewer than `room` bytes each, in text (room
 * bytes a name), from the first `symbols` bytes of alphabet. Returns how
 * many. */
static size_t random_names(char *text, size_t room, size_t most,
                           const char *alphabet, size_t symbols,
                           robots_str *names) {
    size_t count = 1 + next_random() % most;
    for (size_t i = 0; i < count; i++) {
        size_t len = next_random() % room;
        for (size_t k = 0; k < len; k++)
            text[i * room + k] = alphabet[next_random() % symbols];
        names[i].ptr = text + i * room;
        names[i].len = len;
    }
    return count;
}

/* `count` names of `len` bytes in text (len bytes a name): a run `abab`
 * and `aabb` for the last 20 bytes (every pair held), in which a window of
 * the run is at hundreds of positions. */
static inline void run_names(char *text, size_t count, size_t len,
                             robots_str *names) {
    for (size_t i = 0; i < count; i++) {
        for (size_t k = 0; k < len; k++)
            text[i * len + k] = k < len - 20 ? "ab"[k % 2] : "aabb"[k % 4];
        names[i].ptr = text + i * len;
        names[i].len = len;
    }
}

#endif
