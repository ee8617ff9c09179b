/* SPDX-License-Identifier: MIT */
/*
 * google_oracle.h - google/robotstxt's verdict, behind a C interface, for
 * the harnesses that compare the `google` profile with it (README.md). The
 * implementation, google_oracle.cc, is built only against a checkout the
 * user gives (GOOGLE_ROBOTSTXT_DIR); no code of that library is in this
 * repository.
 */
#ifndef ROBOTS_GOOGLE_ORACLE_H
#define ROBOTS_GOOGLE_ORACLE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What robots_main answers for (robots.txt body, user-agent, URL): one
 * fresh RobotsMatcher, AllowedByRobots with the one agent. 1 allowed,
 * 0 disallowed. The agent and URL are argv strings to robots_main, so they
 * hold no NUL; the body may. */
int google_oracle_allowed(const char *body, size_t body_len, const char *agent,
                          size_t agent_len, const char *url, size_t url_len);

#ifdef __cplusplus
}
#endif

#endif
