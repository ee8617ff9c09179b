/* SPDX-License-Identifier: MIT */
/* Uses the installed robots_web.h alone, without robots.h: the robots.txt
 * that governs a URL is at the root of its authority, "/robots.txt"
 * (RFC 9309 section 2.3). */
#include <robots_web.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    const char url[] = "https://www.example.com/shop/item?id=1";
    const char want[] = "https://www.example.com/robots.txt";
    char buf[128];
    size_t needed = 0;
    if (robots_url_to_robots_txt(url, strlen(url), buf, sizeof buf, &needed) !=
        ROBOTS_OK)
        return 2;
    printf("%s %s\n", robots_version(), buf);
    return needed == strlen(want) && strcmp(buf, want) == 0 ? 0 : 1;
}
