#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Batch adapter for npm's robots-txt-parser: the body is given with
// parseRobots() (nothing is fetched), the agent with the userAgent option,
// and the URL to canCrawlSync(). One behaviour for every profile.
'use strict';
const robotsTxtParser = require('robots-txt-parser');
const {absolute, serve} = require('./batch_protocol');

serve((profile, robots, agent, url) => {
    const u = new URL(absolute(url));
    const parser = robotsTxtParser({userAgent: agent});
    parser.parseRobots(u.origin, robots.toString('utf8'));
    return parser.canCrawlSync(u.href);
});
