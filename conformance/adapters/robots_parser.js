#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// robots_main protocol adapter for npm's robots-parser.
// Usage: robots_parser.js ROBOTS_FILE AGENT URL
// Exit 0 when AGENT may fetch URL, 1 when it may not, 2 on a usage error.
// robots-parser is resolved from ROBOTS_PARSER_DIR/node_modules (compat.sh
// installs it there) or the usual module path.
'use strict';
const fs = require('fs');
const path = require('path');

function load() {
    const dir = process.env.ROBOTS_PARSER_DIR;
    if (dir) {
        return require(path.join(dir, 'node_modules', 'robots-parser'));
    }
    return require('robots-parser');
}

if (process.argv.length !== 5) {
    process.stderr.write('usage: robots_parser.js ROBOTS_FILE AGENT URL\n');
    process.exit(2);
}
const body = fs.readFileSync(process.argv[2]).toString('utf8');
let url = process.argv[4];
if (url.startsWith('/')) {
    url = 'http://example.com' + url;
}
// robots-parser only answers for URLs on the robots.txt's own origin.
let origin = 'http://example.com';
try {
    const u = new URL(url);
    origin = u.protocol + '//' + u.host;
} catch (e) {
    // not an absolute URL: robots-parser will answer undefined
}
const robots = load()(origin + '/robots.txt', body);
const allowed = robots.isAllowed(url, process.argv[3]);
process.exit(allowed === false ? 1 : 0);
