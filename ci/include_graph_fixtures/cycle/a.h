/* SPDX-License-Identifier: MIT */
/* a.h - fixture: module a offers a_value(). */
#ifndef FIXTURE_A_H
#define FIXTURE_A_H
int a_value(void);
#endif
