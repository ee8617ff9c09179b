/* SPDX-License-Identifier: MIT */
/* b.c - fixture: includes a.h and uses none of its names (a_value is only
 * named in this comment, which does not count). */
#include "b.h"
#include "a.h"
int b_value(void) {
    return 2;
}
