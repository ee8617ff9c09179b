/* SPDX-License-Identifier: MIT */
/*
 * test_version.c - the version macros, robots_version() and the version
 * CMake gave the project (read from the same header) agree.
 */
#include "robots.h"
#include "testing.h"

#include <stdio.h>

int main(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", ROBOTS_VERSION_MAJOR,
             ROBOTS_VERSION_MINOR, ROBOTS_VERSION_PATCH);
    EXPECT(strcmp(expected, ROBOTS_VERSION_STRING) == 0);
    EXPECT(strcmp(robots_version(), ROBOTS_VERSION_STRING) == 0);
    EXPECT(strcmp(ROBOTS_CMAKE_VERSION, ROBOTS_VERSION_STRING) == 0);
    EXPECT_EQ(robots_version_number(), ROBOTS_VERSION_NUMBER);
    EXPECT_EQ(ROBOTS_VERSION_NUMBER, ROBOTS_VERSION_MAJOR * 10000 +
                                         ROBOTS_VERSION_MINOR * 100 +
                                         ROBOTS_VERSION_PATCH);
    return testing_finish();
}
