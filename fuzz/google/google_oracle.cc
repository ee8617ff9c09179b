// SPDX-License-Identifier: MIT
// google_oracle.cc - google_oracle_allowed() (google_oracle.h): calls
// google/robotstxt as its robots_main does. Compiled against the user's
// checkout of that library (its robots.h), never committed with it.
#include "google_oracle.h"

#include <string>
#include <vector>

#include "robots.h"

extern "C" int google_oracle_allowed(const char *body, size_t body_len,
                                     const char *agent, size_t agent_len,
                                     const char *url, size_t url_len) {
    // robots_main: one matcher per query, the agent in a vector of one.
    std::string robots_content(body == nullptr ? "" : body,
                               body == nullptr ? 0 : body_len);
    std::vector<std::string> user_agents(
        1, std::string(agent == nullptr ? "" : agent,
                       agent == nullptr ? 0 : agent_len));
    std::string uri(url == nullptr ? "" : url, url == nullptr ? 0 : url_len);
    googlebot::RobotsMatcher matcher;
    return matcher.AllowedByRobots(robots_content, &user_agents, uri) ? 1 : 0;
}
