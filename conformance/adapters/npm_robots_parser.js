#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Batch adapter for npm's robots-parser. It answers only for URLs on the
// origin of the robots.txt it was given (undefined otherwise), so the
// robots.txt is placed at the query URL's own origin. One behaviour for
// every profile.
'use strict';
const robotsParser = require('robots-parser');
const {absolute, serve} = require('./batch_protocol');

serve((profile, robots, agent, url) => {
    const u = new URL(absolute(url));
    const allowed = robotsParser(u.origin + '/robots.txt', robots.toString('utf8'))
        .isAllowed(u.href, agent);
    if (allowed === undefined) {
        throw new Error('robots-parser gave no answer for this URL');
    }
    return allowed;
});
