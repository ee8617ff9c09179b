// SPDX-License-Identifier: MIT
// The batch protocol (conformance/README.md, "The batch protocol") for
// adapters written for Node.js: serve(check) reads queries from stdin until
// it ends and writes one answer per query.
//
// check(profile, robots, agent, url) gets the profile name, the robots.txt
// body as a Buffer, the agent and the URL (as the case gives it: absolute,
// or a path starting with '/') as strings; it returns true (allowed) or
// false (disallowed), or a Promise of one. A throw becomes "error: ...".
// absolute(url) puts http://example.com before a path. serve(check, {raw:
// true}) hands the agent and the URL over as the Buffers the query carried,
// for an implementation that takes bytes (librobots' own package).
'use strict';
const readline = require('readline');

const ORIGIN = 'http://example.com';

function absolute(url) {
    return url.startsWith('/') ? ORIGIN + url : url;
}

function decode(field) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(field) || field.length % 4 !== 0) {
        throw new Error('a field is not base64');
    }
    return Buffer.from(field, 'base64');
}

async function serve(check, {raw = false} = {}) {
    const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
    for await (const line of lines) {
        let answer;
        try {
            const f = line.split('\t');
            if (f.length !== 5) {
                throw new Error('a query has 5 fields, this one ' + f.length);
            }
            const agent = raw ? decode(f[3]) : decode(f[3]).toString('utf8');
            const url = raw ? decode(f[4]) : decode(f[4]).toString('utf8');
            const allowed = await check(f[0], decode(f[2]), agent, url);
            answer = allowed ? 'allowed' : 'disallowed';
        } catch (e) {
            answer = 'error: ' + String(e && e.message ? e.message : e).replace(/\s+/g, ' ');
        }
        process.stdout.write(answer.slice(0, 1000) + '\n');
    }
}

module.exports = {absolute, serve};
