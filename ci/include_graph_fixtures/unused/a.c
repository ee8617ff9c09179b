/* SPDX-License-Identifier: MIT */
/* a.c - fixture: module a. */
#include "a.h"
int a_value(void) {
    return 1;
}
