/* SPDX-License-Identifier: MIT */
/* a.c - fixture: a calls b, and b calls a: a cycle between modules. */
#include "a.h"
#include "b.h"
int a_value(void) {
    return b_value() + 1;
}
