/* SPDX-License-Identifier: MIT */
/* Uses the installed header and library: RFC 9309 section 5.2's example. */
#include <robots.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    const char body[] = "User-Agent: foobot\nAllow: /example/page/\n"
                        "Disallow: /example/page/disallowed.gif\n";
    robots_txt *doc = NULL;
    if (robots_parse(body, strlen(body), NULL, &doc) != ROBOTS_OK)
        return 2;
    robots_verdict a, b;
    robots_check_agent(doc, "foobot", 6, "/example/page/", 14, &a);
    robots_check_agent(doc, "foobot", 6, "/example/page/disallowed.gif", 28,
                       &b);
    robots_free(doc);
    printf("%s %s %s\n", robots_version(), a.allowed ? "allowed" : "disallowed",
           b.allowed ? "allowed" : "disallowed");
    return a.allowed && !b.allowed ? 0 : 1;
}
