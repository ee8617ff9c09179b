/* SPDX-License-Identifier: MIT */
/* a.c - fixture: a calls b; b calls nothing: no cycle, every include used. */
#include "a.h"
#include "b.h"
int a_value(void) {
    return b_value() + 1;
}
