/* SPDX-License-Identifier: MIT */
/* b.h - fixture: module b offers b_value(). */
#ifndef FIXTURE_B_H
#define FIXTURE_B_H
int b_value(void);
#endif
