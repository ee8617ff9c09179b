#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Batch adapter for npm's robots-txt-guard, which matches a parsed
// robots.txt; the parsing is its companion robots-txt-parse's (same
// authors), fed the body as a stream. The guard takes the URL's path and
// query. One behaviour for every profile.
'use strict';
const {Readable} = require('stream');
const parse = require('robots-txt-parse');
const guard = require('robots-txt-guard');
const {absolute, serve} = require('./batch_protocol');

serve(async (profile, robots, agent, url) => {
    const config = await parse(Readable.from([robots]));
    const u = new URL(absolute(url));
    return guard(config).isAllowed(agent, u.pathname + u.search);
});
