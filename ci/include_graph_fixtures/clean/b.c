/* SPDX-License-Identifier: MIT */
/* b.c - fixture: module b, at the bottom of the graph. */
#include "b.h"
int b_value(void) {
    return 2;
}
