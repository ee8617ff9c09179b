/* SPDX-License-Identifier: MIT */
/*
 * test_names.c - every public enum the one way robots_common.h promises:
 * values from 0 to ROBOTS_<TYPE>_LAST, each with a stable name, unique
 * within its enum, and NULL for any value outside it (negative, or just
 * past _LAST); the diagnostic kinds each described once.
 */
#include "robots.h"
#include "robots_web.h"
#include "testing.h"

#include <string.h>

typedef const char *(*name_fn)(int value);

/* Each enum's name function, called through a wrapper of one type. */
#define NAME_WRAPPER(fn, type)                                                 \
    static const char *fn##_of(int v) {                                        \
        return fn((type)v);                                                    \
    }
NAME_WRAPPER(robots_status_name, robots_status)
NAME_WRAPPER(robots_profile_name, robots_profile)
NAME_WRAPPER(robots_rule_kind_name, robots_rule_kind)
NAME_WRAPPER(robots_reason_name, robots_reason)
NAME_WRAPPER(robots_severity_name, robots_severity)
NAME_WRAPPER(robots_diag_kind_name, robots_diag_kind)
NAME_WRAPPER(robots_host_kind_name, robots_host_kind)
NAME_WRAPPER(robots_scope_reason_name, robots_scope_reason)
NAME_WRAPPER(robots_network_error_name, robots_network_error)
NAME_WRAPPER(robots_fetch_action_name, robots_fetch_action)
NAME_WRAPPER(robots_fetch_basis_name, robots_fetch_basis)
NAME_WRAPPER(robots_cache_source_name, robots_cache_source)
NAME_WRAPPER(robots_meta_directive_name, robots_meta_directive)
NAME_WRAPPER(robots_meta_source_name, robots_meta_source)
NAME_WRAPPER(robots_image_preview_name, robots_image_preview)

static const struct {
    const char *what;
    name_fn name;
    int last;
} enums[] = {
    {"robots_status", robots_status_name_of, ROBOTS_STATUS_LAST},
    {"robots_profile", robots_profile_name_of, ROBOTS_PROFILE_LAST},
    {"robots_rule_kind", robots_rule_kind_name_of, ROBOTS_RULE_KIND_LAST},
    {"robots_reason", robots_reason_name_of, ROBOTS_REASON_LAST},
    {"robots_severity", robots_severity_name_of, ROBOTS_SEVERITY_LAST},
    {"robots_diag_kind", robots_diag_kind_name_of, ROBOTS_DIAG_KIND_LAST},
    {"robots_host_kind", robots_host_kind_name_of, ROBOTS_HOST_KIND_LAST},
    {"robots_scope_reason", robots_scope_reason_name_of,
     ROBOTS_SCOPE_REASON_LAST},
    {"robots_network_error", robots_network_error_name_of,
     ROBOTS_NETWORK_ERROR_LAST},
    {"robots_fetch_action", robots_fetch_action_name_of,
     ROBOTS_FETCH_ACTION_LAST},
    {"robots_fetch_basis", robots_fetch_basis_name_of, ROBOTS_FETCH_BASIS_LAST},
    {"robots_cache_source", robots_cache_source_name_of,
     ROBOTS_CACHE_SOURCE_LAST},
    {"robots_meta_directive", robots_meta_directive_name_of,
     ROBOTS_META_DIRECTIVE_LAST},
    {"robots_meta_source", robots_meta_source_name_of, ROBOTS_META_SOURCE_LAST},
    {"robots_image_preview", robots_image_preview_name_of,
     ROBOTS_IMAGE_PREVIEW_LAST},
};

/* Names are stable identifiers: lowercase words joined by '-' (a META
 * directive keeps its own '_': "unavailable_after"), or, for a status, the
 * C name itself. */
static int well_formed(const char *name, int is_status) {
    if (name[0] == '\0')
        return 0;
    for (const char *c = name; *c; c++) {
        int ok = is_status
                     ? ((*c >= 'A' && *c <= 'Z') || *c == '_')
                     : ((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
                        *c == '-' || *c == '_');
        if (!ok)
            return 0;
    }
    return 1;
}

static void every_value_named(void) {
    for (size_t e = 0; e < sizeof enums / sizeof enums[0]; e++) {
        int is_status = e == 0;
        for (int v = 0; v <= enums[e].last; v++) {
            const char *name = enums[e].name(v);
            EXPECT_MSG(name != NULL && well_formed(name, is_status),
                       "%s value %d", enums[e].what, v);
            for (int w = 0; name != NULL && w < v; w++) {
                const char *other = enums[e].name(w);
                EXPECT_MSG(other == NULL || strcmp(other, name) != 0,
                           "%s: values %d and %d are both '%s'", enums[e].what,
                           w, v, name);
            }
        }
        EXPECT_MSG(enums[e].name(enums[e].last + 1) == NULL, "%s past _LAST",
                   enums[e].what);
        EXPECT_MSG(enums[e].name(-1) == NULL, "%s at -1", enums[e].what);
    }
}

/* Every kind described, and its name the kind's name; nothing past it. */
static void diag_kinds_described(void) {
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++) {
        robots_diag_kind_info info;
        memset(&info, 0, sizeof info);
        EXPECT_EQ(robots_diag_kind_describe((robots_diag_kind)k, &info),
                  ROBOTS_OK);
        EXPECT(info.name != NULL &&
               strcmp(info.name, robots_diag_kind_name((robots_diag_kind)k)) ==
                   0);
        /* One sentence: a capital, a full stop, no line break. */
        EXPECT_MSG(info.description != NULL && info.description[0] >= 'A' &&
                       info.description[0] <= 'Z' &&
                       info.description[strlen(info.description) - 1] == '.' &&
                       strchr(info.description, '\n') == NULL,
                   "kind %d", k);
        EXPECT(robots_severity_name(info.severity) != NULL);
    }
    robots_diag_kind_info info;
    EXPECT_EQ(robots_diag_kind_describe(
                  (robots_diag_kind)(ROBOTS_DIAG_KIND_LAST + 1), &info),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_diag_kind_describe((robots_diag_kind)-1, &info),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_diag_kind_describe(ROBOTS_DIAG_TYPO_KEY, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

/* The two _from_name() functions read every name back, in any case. */
static void names_read_back(void) {
    for (int v = 0; v <= ROBOTS_PROFILE_LAST; v++) {
        const char *name = robots_profile_name((robots_profile)v);
        char upper[32];
        size_t n = strlen(name);
        for (size_t i = 0; i <= n; i++)
            upper[i] =
                (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 'a' + 'A'
                                                        : name[i]);
        robots_profile p;
        EXPECT_EQ(robots_profile_from_name(upper, n, &p), ROBOTS_OK);
        EXPECT_EQ((int)p, v);
    }
    for (int v = 0; v <= ROBOTS_NETWORK_ERROR_LAST; v++) {
        const char *name = robots_network_error_name((robots_network_error)v);
        robots_network_error e;
        EXPECT_EQ(robots_network_error_from_name(name, strlen(name), &e),
                  ROBOTS_OK);
        EXPECT_EQ((int)e, v);
    }
    robots_network_error e;
    EXPECT_EQ(robots_network_error_from_name("dnsx", 4, &e),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_network_error_from_name("dn", 2, &e),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

int main(void) {
    every_value_named();
    diag_kinds_described();
    names_read_back();
    return testing_finish();
}
