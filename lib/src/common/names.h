/* SPDX-License-Identifier: MIT */
/*
 * names.h - the one way every public enum gets its name: a table indexed by
 * the value, as long as the enum (ROBOTS_..._LAST + 1, checked when it
 * compiles), and NULL for any value outside it. Included by the module that
 * owns each enum; static inline, so nothing of it is exported.
 */
#ifndef ROBOTS_NAMES_H
#define ROBOTS_NAMES_H

#include <stddef.h>

#define RB_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* A table of names for the values 0..last of an enum: a compile error when
 * the table has another length, so that a value added to the enum cannot
 * go without its name. */
#define RB_NAMES_CHECK(table, last)                                            \
    _Static_assert(RB_COUNT_OF(table) == (size_t)(last) + 1,                   \
                   #table " must name every value up to " #last)

/* names[value], or NULL for a value outside the table (any int an enum
 * variable may hold, negative included). */
static inline const char *rb_name_at(const char *const *names, size_t count,
                                     long long value) {
    return value >= 0 && (unsigned long long)value < count ? names[value]
                                                           : NULL;
}

/* The value whose name is name[0..len), ASCII case ignored, or -1. */
static inline int rb_value_named(const char *const *names, size_t count,
                                 const char *name, size_t len) {
    for (size_t v = 0; v < count; v++) {
        const char *candidate = names[v];
        size_t i = 0;
        for (; i < len && candidate[i] != '\0'; i++) {
            unsigned char a = (unsigned char)name[i];
            unsigned char b = (unsigned char)candidate[i];
            if (a >= 'A' && a <= 'Z')
                a = (unsigned char)(a + ('a' - 'A'));
            if (b >= 'A' && b <= 'Z')
                b = (unsigned char)(b + ('a' - 'A'));
            if (a != b)
                break;
        }
        if (i == len && candidate[i] == '\0')
            return (int)v;
    }
    return -1;
}

/* rb_value_named() for a name given by the caller, which may be NULL with
 * a length of 0: -1 when it is NULL with a length, or names no value. */
static inline int rb_value_of_arg(const char *const *names, size_t count,
                                  const char *name, size_t len) {
    return name == NULL && len != 0 ? -1
                                    : rb_value_named(names, count, name, len);
}

#endif
