#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Batch adapter for npm's robots (robots.js): the body is split into lines
// as its read() splits a fetched file and given to parse(); canFetchSync()
// takes the path and query, as its README's examples pass them. One
// behaviour for every profile.
'use strict';
const robots = require('robots');
const {absolute, serve} = require('./batch_protocol');

serve((profile, body, agent, url) => {
    const parser = new robots.RobotsParser(null, {});
    parser.parse(body.toString('utf8').split(/\r\n|\r|\n/));
    const u = new URL(absolute(url));
    return parser.canFetchSync(agent, u.pathname + u.search);
});
