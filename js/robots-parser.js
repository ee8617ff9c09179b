// SPDX-License-Identifier: MIT
/*
 * robots-parser.js - `require('librobots/robots-parser')`: the API of npm's
 * robots-parser (3.0.1), with its argument and return conventions, answered
 * by librobots. A program switches by changing its require() line; its
 * answers become RFC 9309's. Where the two differ, js/README.md says how.
 *
 * Conventions kept: robotsParser(url, contents); a URL outside the
 * robots.txt's scheme, host and port gives `undefined` from isAllowed()
 * (and so `true` from isDisallowed(), and -1 from getMatchingLineNumber(),
 * as robots-parser's code does); relative URLs are checked when the
 * robots.txt URL is relative too; no user-agent means `*`.
 */
'use strict';

const librobots = require('./librobots.js');

// Queries kept per parsed file, one per user-agent string asked about.
const QUERIES_KEPT = 16;

// robots-parser's API has no diagnostics: the parse is for verdicts only
// unless the options say otherwise (anything but an object is passed on
// as it is, for parse() to refuse).
function verdictsOnly(options) {
    if (options === undefined || options === null)
        return { skipDiagnostics: true };
    return typeof options === 'object'
        ? { skipDiagnostics: true, ...options } : options;
}

class Robots {
    constructor(url, contents, options) {
        this._url = typeof url === 'string' ? url : String(url);
        this._doc = librobots.parse(contents === undefined ||
            contents === null ? '' : contents, verdictsOnly(options));
        this._queries = new Map();
        // robots-parser resolves relative URLs when its own URL is
        // relative: the library tells a path from a URL.
        this._relative = urlError(this._url) === 'ROBOTS_ERR_URL_NO_SCHEME';
    }

    // The query for `ua`, made once per user-agent string.
    _query(ua) {
        const agent = ua === undefined || ua === null || ua === '' ? '*'
            : String(ua);
        let q = this._queries.get(agent);
        if (q === undefined) {
            if (this._queries.size >= QUERIES_KEPT) {
                const [oldest, query] = this._queries.entries().next().value;
                this._queries.delete(oldest);
                query.free();
            }
            q = this._doc.query(agent);
            this._queries.set(agent, q);
        }
        return q;
    }

    // ask(query, url) for `ua`, or undefined for a URL this robots.txt
    // does not govern (or that cannot be read).
    _answer(url, ua, ask) {
        const target = typeof url === 'string' ? url : String(url);
        if (!this._governs(target))
            return undefined;
        try {
            return ask(this._query(ua), target);
        } catch (err) {
            if (err instanceof RangeError || err instanceof TypeError)
                return undefined;
            throw err;
        }
    }

    _governs(target) {
        if (this._relative)
            return urlError(target) === 'ROBOTS_ERR_URL_NO_SCHEME';
        try {
            return librobots.scope(this._url, target).applies;
        } catch (err) {
            if (err instanceof RangeError || err instanceof TypeError)
                return false;
            throw err;
        }
    }

    isAllowed(url, ua) {
        return this._answer(url, ua, (q, target) => q.isAllowed(target));
    }

    isDisallowed(url, ua) {
        return !this.isAllowed(url, ua);
    }

    getMatchingLineNumber(url, ua) {
        const v = this._answer(url, ua, (q, target) => q.check(target));
        return v === undefined || v.line === null ? -1 : v.line;
    }

    // The crawl-delay of the groups the library chooses for `ua` (the
    // groups merged for it): the first one in file order that has one.
    getCrawlDelay(ua) {
        const agent = ua === undefined || ua === null || ua === '' ? '*'
            : String(ua);
        const chosen = this._doc.selectGroups(agent).groups;
        if (chosen.length === 0)
            return undefined;
        const delays = new Map(this._doc.crawlDelays().map((d) =>
            [d.group, d.seconds]));
        for (const group of chosen) {
            if (delays.has(group))
                return delays.get(group);
        }
        return undefined;
    }

    getSitemaps() {
        return this._doc.sitemaps().map((record) => record.value);
    }

    // robots-parser's convention: the last Host: line, lowercased.
    getPreferredHost() {
        let host = null;
        for (const record of this._doc.extensions()) {
            if (record.key.toLowerCase() === 'host' && record.value !== '')
                host = record.value.toLowerCase();
        }
        return host;
    }

    // Not in robots-parser: releases the module memory now rather than
    // when the object is garbage-collected.
    free() {
        for (const q of this._queries.values())
            q.free();
        this._queries.clear();
        this._doc.free();
    }
}

// The status name parseUrl() gives for `target`, or null when it reads.
function urlError(target) {
    try {
        librobots.parseUrl(target);
        return null;
    } catch (err) {
        if (err instanceof RangeError && typeof err.code === 'string')
            return err.code;
        if (err instanceof RangeError || err instanceof TypeError)
            return 'invalid';
        throw err;
    }
}

function robotsParser(url, contents, options) {
    return new Robots(url, contents, options);
}

module.exports = robotsParser;
module.exports.default = robotsParser;
module.exports.Robots = Robots;
