/* SPDX-License-Identifier: MIT */
/*
 * parse_n.h - a body parsed in one profile with the default options, the
 * parse's success counted as a check (testing.h): the tests that compare
 * documents share it.
 */
#ifndef ROBOTS_TEST_PARSE_N_H
#define ROBOTS_TEST_PARSE_N_H

#include "robots.h"
#include "testing.h"

#include <stddef.h>

static inline robots_txt *parse_n(robots_profile profile, const char *body,
                                  size_t len) {
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    return doc;
}

#endif
