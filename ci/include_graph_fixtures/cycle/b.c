/* SPDX-License-Identifier: MIT */
/* b.c - fixture: the other half of the cycle. */
#include "b.h"
#include "a.h"
int b_value(void) {
    return a_value() - 1;
}
