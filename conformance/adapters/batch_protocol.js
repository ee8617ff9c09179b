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
//
// Protocol 2 (README.md, "Protocol 2: usage preferences"): a usage query is
// answered `unsupported` unless serve() is given {usage}, a function of
// (profile, robots, agent, url, header, options): header the field lines of
// the response (an array of Buffers, or null), options a Set of option
// names; it returns {crawlable, labels (null when not crawlable), lines,
// and optionally signal and fileSignal ({signal: value}, or null)}, or a
// Promise of one. usageAnswer() writes it as the protocol's answer.
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

function pairs(values) {
    return values ? Object.entries(values).map(([k, v]) => k + ':' + v).join(',') || '-' : '-';
}

// A usage() result as the protocol's answer line (without its LF).
function usageAnswer(r) {
    const fields = ['usage', 'crawlable=' + (r.crawlable ? 'yes' : 'no'),
        'labels=' + (r.crawlable ? pairs(r.labels) : '-'),
        'lines=' + (r.lines.length ? r.lines.join(',') : '-')];
    if (r.signal !== undefined) fields.push('signal=' + pairs(r.signal));
    if (r.fileSignal !== undefined) fields.push('file-signal=' + pairs(r.fileSignal));
    return fields.join(' ');
}

async function usageQuery(f, usage, raw) {
    if (f.length !== 8) {
        throw new Error('a usage query has 8 fields, this one ' + f.length);
    }
    if (!usage) return 'unsupported: no Content-Usage in this implementation';
    const agent = raw ? decode(f[4]) : decode(f[4]).toString('utf8');
    const url = raw ? decode(f[5]) : decode(f[5]).toString('utf8');
    const header = f[6] === '-' ? null : f[6].split(',').map(decode);
    const options = new Set(f[7] === '-' ? [] : f[7].split(','));
    return usageAnswer(await usage(f[1], decode(f[3]), agent, url, header, options));
}

async function serve(check, {raw = false, usage = null} = {}) {
    const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
    for await (const line of lines) {
        let answer;
        try {
            const f = line.split('\t');
            if (f[0] === 'usage') {
                process.stdout.write((await usageQuery(f, usage, raw)).slice(0, 4000) + '\n');
                continue;
            }
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

module.exports = {absolute, serve, usageAnswer};
