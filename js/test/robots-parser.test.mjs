// SPDX-License-Identifier: MIT
// robots-parser.test.mjs - `librobots/robots-parser`: robots-parser's API and
// argument conventions (its README's example, its answers for URLs of
// another site, relative URLs, a missing user-agent), and the differences
// js/README.md lists, each answered as RFC 9309 (docs/semantics.md) says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

import robotsParserEsm from '../robots-parser.mjs';

const require = createRequire(import.meta.url);
const robotsParser = require('../robots-parser.js');

const README_EXAMPLE = [
    'User-agent: *',
    'Disallow: /dir/',
    'Disallow: /test.html',
    'Allow: /dir/test.html',
    'Allow: /test.html',
    'Crawl-delay: 1',
    'Sitemap: http://example.com/sitemap.xml',
    'Host: example.com',
].join('\n');

test('one function for require() and import', () => {
    assert.equal(robotsParserEsm, robotsParser);
    assert.equal(typeof robotsParser.default, 'function');
});

test('robots-parser\'s README example gives its answers', () => {
    const robots = robotsParser('http://www.example.com/robots.txt',
        README_EXAMPLE);
    // Allow and Disallow of the same length: Allow wins (RFC 9309 2.2.2).
    assert.equal(robots.isAllowed('http://www.example.com/test.html',
        'Sams-Bot/1.0'), true);
    assert.equal(robots.isAllowed('http://www.example.com/dir/test.html',
        'Sams-Bot/1.0'), true);
    assert.equal(robots.isDisallowed('http://www.example.com/dir/test2.html',
        'Sams-Bot/1.0'), true);
    assert.equal(robots.getMatchingLineNumber(
        'http://www.example.com/dir/test2.html', 'Sams-Bot/1.0'), 2);
    assert.equal(robots.getCrawlDelay('Sams-Bot/1.0'), 1);
    assert.deepEqual(robots.getSitemaps(), ['http://example.com/sitemap.xml']);
    assert.equal(robots.getPreferredHost(), 'example.com');
    robots.free();
});

test('its conventions: other sites, relative URLs, no user-agent', () => {
    const robots = robotsParser('https://example.com/robots.txt',
        'User-agent: *\nDisallow: /private\n');
    // Another scheme, host or port: undefined, and so isDisallowed true
    // and no line (as robots-parser's code answers).
    for (const url of ['http://example.com/private', 'https://www.example.com/',
        'https://example.com:8443/private', 'not a url']) {
        assert.equal(robots.isAllowed(url), undefined, url);
        assert.equal(robots.isDisallowed(url), true, url);
        assert.equal(robots.getMatchingLineNumber(url), -1, url);
    }
    // The default port written out is the same origin.
    assert.equal(robots.isAllowed('https://example.com:443/private/x'), false);
    assert.equal(robots.isAllowed('https://EXAMPLE.com/public'), true);
    assert.equal(robots.getMatchingLineNumber('https://example.com/public'), -1);
    // No user-agent: '*'.
    assert.equal(robots.isAllowed('https://example.com/private'), false);
    assert.equal(robots.getCrawlDelay(), undefined);
    assert.deepEqual(robots.getSitemaps(), []);
    assert.equal(robots.getPreferredHost(), null);
    // A path against an absolute robots.txt URL: undefined.
    assert.equal(robots.isAllowed('/private'), undefined);
    robots.free();

    const relative = robotsParser('/robots.txt',
        'User-agent: *\nDisallow: /dir/\n');
    assert.equal(relative.isAllowed('/dir/x'), false);
    assert.equal(relative.isAllowed('/other'), true);
    assert.equal(relative.isAllowed('http://example.com/dir/x'), undefined);
    relative.free();
});

test('where it differs from robots-parser, RFC 9309 answers', () => {
    const robots = robotsParser('http://example.com/robots.txt', [
        'User-agent: FooBot', // 1
        'Sitemap: http://example.com/s.xml', // 2: does not end the group
        'User-agent: BarBot', // 3
        'Disallow: /shared', // 4
        '', // 5
        'User-agent: *', // 6
        'Disallow: /', // 7
        'Crawl-delay: 10', // 8
    ].join('\n'));
    // A sitemap line does not end the group (robots-parser starts a new
    // one, leaving FooBot without rules).
    assert.equal(robots.isAllowed('http://example.com/shared', 'FooBot'), false);
    assert.equal(robots.isAllowed('http://example.com/other', 'FooBot'), true);
    // /robots.txt is always allowed.
    assert.equal(robots.isAllowed('http://example.com/robots.txt', 'x'), true);
    assert.equal(robots.getCrawlDelay('OtherBot'), 10);
    robots.free();

    // A user-agent line is reduced to its product token, and so is the
    // caller's name ('Foo Bar' is 'Foo'; robots-parser keeps 'foo bar').
    const tokens = robotsParser('http://example.com/robots.txt',
        'User-agent: Foo Bar\nDisallow: /x\n');
    assert.equal(tokens.isAllowed('http://example.com/x', 'Foo'), false);
    assert.equal(tokens.isAllowed('http://example.com/x', 'Foo/1.0'), false);
    tokens.free();

    // A path is matched as given, by octets: no dot segments resolved,
    // %xx of unreserved characters decoded (robots-parser resolves
    // /a/../b to /b with the WHATWG URL parser).
    const paths = robotsParser('http://example.com/robots.txt',
        'User-agent: *\nDisallow: /b\nDisallow: /~fred\n');
    assert.equal(paths.isAllowed('http://example.com/a/../b'), true);
    assert.equal(paths.isAllowed('http://example.com/%7Efred/'), false);
    paths.free();

    // Crawl-delay must be a number: robots-parser reads '' as 0.
    const delay = robotsParser('http://example.com/robots.txt',
        'User-agent: *\nCrawl-delay:\nCrawl-delay: 0x10\n');
    assert.equal(delay.getCrawlDelay(), undefined);
    delay.free();

    // Only the first 500 KiB are read (RFC 9309 section 2.5).
    const big = robotsParser('http://example.com/robots.txt',
        `User-agent: *\n${'#'.repeat(600000)}\nDisallow: /late\n`);
    assert.equal(big.isAllowed('http://example.com/late'), true);
    big.free();
});

test('getCrawlDelay reads every group merged for the agent', () => {
    // RFC 9309 2.2.1 combines the groups naming one crawler: a crawl-delay
    // in a later one applies; the first in file order among them answers.
    const robots = robotsParser('http://example.com/robots.txt', [
        'User-agent: a', // 1
        'Disallow: /x', // 2
        '',
        'User-agent: b', // 4
        'Crawl-delay: 3', // 5
        'Disallow: /',
        '',
        'User-agent: a', // 8
        'Crawl-delay: 5', // 9
        'Disallow: /y',
        '',
        'User-agent: a', // 12
        'Crawl-delay: 7', // 13
    ].join('\n'));
    assert.equal(robots.getCrawlDelay('a'), 5);
    assert.equal(robots.getCrawlDelay('b'), 3);
    assert.equal(robots.getCrawlDelay('c'), undefined); // no `*` group
    robots.free();
});

test('the profile can be chosen', () => {
    const body = 'User-agent: *\nDisallow: /\n';
    const google = robotsParser('http://example.com/robots.txt', body,
        { profile: 'google' });
    assert.equal(google.isAllowed('http://example.com/robots.txt'), false);
    google.free();
});

test('it parses for verdicts only, unless the options say otherwise', () => {
    // robots-parser has no diagnostics: its drop-in parses with
    // skipDiagnostics (robots_options.skip_diagnostics), and the answers
    // are the same either way.
    const body = 'User-agent: *\nDisalow: /x\nDisallow: /y\n';
    const url = 'http://example.com/robots.txt';
    const bare = robotsParser(url, body);
    const full = robotsParser(url, body, { skipDiagnostics: false });
    assert.equal(bare._doc.diagnosticTotal, 0);
    assert.ok(full._doc.diagnosticTotal > 0);
    for (const u of ['http://example.com/x', 'http://example.com/y'])
        assert.equal(bare.isAllowed(u, 'a'), full.isAllowed(u, 'a'));
    assert.throws(() => robotsParser(url, body, 'google'), TypeError);
    bare.free();
    full.free();
});
