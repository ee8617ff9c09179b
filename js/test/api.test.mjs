// SPDX-License-Identifier: MIT
// api.test.mjs - the package's API: what each function returns, that bytes
// reach the library exactly, that a document's memory is released by free()
// and, failing that, by the garbage collector.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import * as robots from '../index.mjs';
import librobotsDefault from '../index.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

const MARYS = `User-Agent: Suzy-Spider
Disallow: /dynamic
Allow: /private/suzy-stuff
Disallow: /private

User-Agent: Furniture-Finder
Allow: /dynamic/check-inventory
Disallow: /dynamic
Disallow: /private

User-Agent: *
Disallow: /dynamic
Disallow: /private
`;

test('require() and import share one module and one set of classes', () => {
    const cjs = require('../librobots.js');
    assert.equal(librobotsDefault, cjs);
    assert.equal(robots.parse, cjs.parse);
    const doc = cjs.parse('');
    assert.ok(doc instanceof robots.RobotsTxt);
    doc.free();
});

test('version and limits are the library\'s', () => {
    assert.match(robots.version, /^\d+\.\d+\.\d+$/);
    const pkg = require('../package.json');
    assert.equal(pkg.version, robots.version);
    // robots.h and robots_common.h
    assert.equal(robots.limits.defaultParseLimit, 512000);
    assert.equal(robots.limits.maxUrlBytes, 16384);
    assert.equal(robots.limits.maxQueryAgents, 64);
    assert.equal(robots.limits.maxAgentBytes, 4096);
    assert.ok(Object.isFrozen(robots.limits));
    assert.deepEqual(robots.profiles, ['rfc9309', 'google', 'legacy']);
});

test('check gives the verdict and its evidence', () => {
    const doc = robots.parse(MARYS);
    assert.deepEqual(doc.check('Suzy-Spider',
        'http://www.marys-antiques.com/private/suzy-stuff/taxes.txt'), {
        allowed: true, reason: 'longest-match', specific: true, group: 0,
        rule: 1, ruleKind: 'allow', line: 3, pattern: '/private/suzy-stuff',
        truncated: false,
    });
    assert.deepEqual(doc.check('NosyBot', '/index.html'), {
        allowed: true, reason: 'no-rule-matched', specific: false, group: 2,
        rule: null, ruleKind: null, line: null, pattern: null,
        truncated: false,
    });
    assert.equal(doc.check('NosyBot', '/robots.txt').reason, 'robots-txt');
    // Several names are one crawler: a group naming any of them applies.
    const v = doc.check(['NosyBot', 'Furniture-Finder'], '/dynamic/x');
    assert.equal(v.allowed, false);
    assert.equal(v.specific, true);
    assert.equal(v.group, 1);
    assert.equal(doc.isAllowed('Furniture-Finder',
        '/dynamic/check-inventory?kitchen'), true);
    doc.free();
});

test('profiles answer differently where the documents do', () => {
    const body = 'User-agent: *\nDisallow: /*.gif$\nAllow: /a\nDisallow: /a\n';
    const rfc = robots.parse(body);
    const legacy = robots.parse(body, { profile: 'legacy' });
    const google = robots.parse(body, { profile: 'GOOGLE' });
    assert.equal(rfc.profile, 'rfc9309');
    assert.equal(google.profile, 'google');
    // rfc9309: * and $ are wildcards; legacy reads them literally.
    assert.equal(rfc.isAllowed('x', '/pic.gif'), false);
    assert.equal(legacy.isAllowed('x', '/pic.gif'), true);
    // legacy: the first matching rule decides; rfc9309: Allow wins a tie.
    assert.equal(rfc.check('x', '/a').reason, 'tie-allow');
    assert.equal(legacy.check('x', '/a').reason, 'first-match');
    // google has no /robots.txt exception.
    const all = 'User-agent: *\nDisallow: /\n';
    assert.equal(robots.parse(all).isAllowed('x', '/robots.txt'), true);
    assert.equal(robots.parse(all, { profile: 'google' })
        .isAllowed('x', '/robots.txt'), false);
    for (const d of [rfc, legacy, google])
        d.free();
});

test('bytes reach the matcher exactly as given', () => {
    // A rule with the byte 0xFF (not UTF-8) matches the URL byte 0xFF and
    // its percent-encoding, not U+00FF's UTF-8 (C3 BF).
    const head = new TextEncoder().encode('User-agent: *\nDisallow: /');
    const body = new Uint8Array([...head, 0xff, 0x0a]);
    const doc = robots.parse(body);
    assert.equal(doc.isAllowed('a', new Uint8Array([0x2f, 0xff])), false);
    assert.equal(doc.isAllowed('a', '/%FF'), false);
    assert.equal(doc.isAllowed('a', '/%C3%BF'), true);
    assert.equal(doc.isAllowed('a', '/\u00ff'), true);
    const v = doc.check('a', '/%ff');
    assert.equal(v.line, 2);
    assert.equal(v.pattern, '/\ufffd'); // shown with U+FFFD, decided on 0xFF
    assert.ok(doc.diagnostics().some((d) => d.kind === 'invalid-utf8'));
    // The same text as a string and as bytes: the same verdicts.
    const s = robots.parse('User-agent: *\nDisallow: /caf\u00e9\n');
    const b = robots.parse(new TextEncoder().encode(
        'User-agent: *\nDisallow: /caf\u00e9\n'));
    for (const url of ['/caf%C3%A9', '/caf\u00e9', '/cafe'])
        assert.deepEqual(s.check('a', url), b.check('a', url));
    assert.equal(s.isAllowed('a', '/caf%C3%A9x'), false);
    for (const d of [doc, s, b])
        d.free();
});

test('a query answers as check does, for many URLs', () => {
    const doc = robots.parse(MARYS);
    const q = doc.query(['Suzy-Spider']);
    for (const url of ['/', '/dynamic', '/private/suzy-stuff/a', '/private/b',
        'http://www.marys-antiques.com/dynamic/check-inventory?kitchen']) {
        assert.deepEqual(q.check(url), doc.check('Suzy-Spider', url));
        assert.equal(q.isAllowed(url), doc.isAllowed('Suzy-Spider', url));
    }
    assert.equal(q.document, doc);
    q.free();
    assert.equal(q.freed, true);
    assert.equal(doc.freed, false);
    doc.free();
});

test('what the parser saw: groups, records, crawl-delays, diagnostics', () => {
    const body = [
        'Sitemap: https://example.com/a.xml', // 1
        'User-agent: FooBot/2.1', // 2
        'User-agent: *', // 3
        'Crawl-delay: 2.5', // 4
        'Disallow: /%7efred', // 5
        'Dissallow: /typo', // 6
        'Allow: page', // 7
        'Host: Example.COM', // 8
        'Sitemap: /relative.xml', // 9
    ].join('\n');
    const doc = robots.parse(body);
    assert.equal(doc.groupCount, 1);
    const [g] = doc.groups();
    assert.equal(g.line, 2);
    assert.deepEqual(g.agents[0], {
        line: 2, value: 'FooBot/2.1', token: 'FooBot', wildcard: false,
    });
    assert.equal(g.agents[1].wildcard, true);
    assert.equal(g.crawlDelay, 2.5);
    assert.equal(g.crawlDelayLine, 4);
    assert.deepEqual(g.rules[0], {
        line: 5, kind: 'disallow', pattern: '/%7efred', normalized: '/~fred',
    });
    assert.deepEqual(doc.sitemaps().map((r) => [r.line, r.value]),
        [[1, 'https://example.com/a.xml'], [9, '/relative.xml']]);
    assert.deepEqual(doc.crawlDelays(),
        [{ group: 0, groupLine: 2, line: 4, seconds: 2.5 }]);
    assert.ok(doc.extensions().some((r) => r.key === 'Host' &&
        r.value === 'Example.COM' && r.line === 8));
    const diags = doc.diagnostics();
    const typo = diags.find((d) => d.kind === 'typo-key');
    assert.equal(typo.line, 6);
    assert.equal(typo.suggestion, 'Disallow');
    assert.equal(typo.severity, 'error');
    assert.ok(diags.some((d) => d.kind === 'pattern-never-matches' &&
        d.line === 7));
    assert.ok(diags.some((d) => d.kind === 'sitemap-not-absolute' &&
        d.line === 9));
    assert.equal(doc.diagnosticTotal, diags.length);
    const known = robots.diagnosticKinds().map((k) => k.name);
    for (const d of diags)
        assert.ok(known.includes(d.kind), d.kind);
    assert.deepEqual(doc.selectGroup('foobot'),
        { group: 0, line: 2, specific: true });
    doc.free();
});

test('a parse for verdicts only (skipDiagnostics)', () => {
    // robots_options.skip_diagnostics (robots.h): no diagnostic is kept or
    // counted; everything else is what the default parse makes of the body.
    const body = 'Sitemap: https://a.example/s1.xml\nUser-agent: a\n' +
        'Crawl-delay: 2.5\nDisalow: /x\nDisallow: /y\n<html>\nAllow: page\n';
    const full = robots.parse(body, { profile: 'google' });
    const bare = robots.parse(body, { profile: 'google', skipDiagnostics: true });
    assert.ok(full.diagnosticTotal >= 3);
    assert.deepEqual(bare.diagnostics(), []);
    assert.equal(bare.diagnosticTotal, 0);
    assert.deepEqual(bare.groups(), full.groups());
    assert.deepEqual(bare.sitemaps(), full.sitemaps());
    assert.deepEqual(bare.extensions(), full.extensions());
    for (const url of ['/x', '/y', '/page', '/'])
        assert.deepEqual(bare.check('a', url), full.check('a', url));
    assert.throws(() => robots.parse(body, { skipDiagnostics: 1 }), TypeError);
    full.free();
    bare.free();
});

test('selectGroups(): every group merged for the agents, ascending', () => {
    // RFC 9309 2.2.1: the groups naming a crawler are combined; a crawler
    // no group names reads the `*` groups, and none when there are none.
    const body = 'User-agent: a\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n\n' +
        'User-agent: b\nDisallow: /y\n\nUser-agent: a\nDisallow: /z\n';
    const doc = robots.parse(body);
    assert.deepEqual(doc.selectGroups('a'), { groups: [0, 3], specific: true });
    assert.deepEqual(doc.selectGroups(['b', 'a']),
        { groups: [0, 2, 3], specific: true });
    assert.deepEqual(doc.selectGroups('c'), { groups: [1], specific: false });
    doc.free();
    const none = robots.parse('User-agent: a\nDisallow: /\n');
    assert.deepEqual(none.selectGroups('c'), { groups: [], specific: false });
    none.free();
    // legacy obeys one record: the first that names the crawler.
    const legacy = robots.parse(body, { profile: 'legacy' });
    assert.deepEqual(legacy.selectGroups('a'), { groups: [0], specific: true });
    legacy.free();
});

test('the parse limit: where it cut, and verdicts that say so', () => {
    const body = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
    const doc = robots.parse(body, { parseLimit: 28 });
    assert.deepEqual(doc.cut, {
        limit: 28, offset: 27, line: 3, linesNotRead: 1,
        bytesNotRead: body.length - 27,
    });
    assert.equal(doc.parsedBytes, 27);
    assert.equal(doc.inputBytes, body.length);
    const v = doc.check('x', '/b');
    assert.equal(v.allowed, true);
    assert.equal(v.truncated, true);
    assert.equal(robots.parse(body, { parseLimit: 0 }).cut, null);
    doc.free();
});

test('the web around the file', () => {
    assert.equal(robots.robotsTxtUrl('HTTPS://user@www.M\u00fcller.eu:443/a?b#c'),
        'https://www.xn--mller-kva.eu/robots.txt');
    assert.deepEqual(robots.scope('http://example.com/robots.txt',
        'http://example.com:8080/x'), { applies: false, reason: 'other-port' });
    const u = robots.parseUrl('http://example.com:81/p');
    assert.equal(u.port, 81);
    assert.equal(u.hostKind, 'name');
    assert.equal(u.pathOffset, 21);
    assert.deepEqual(robots.fetchPolicy({ status: 404 }),
        { action: 'allow-all', basis: 'client-error', retry: false,
            longUnreachable: false });
    assert.equal(robots.fetchPolicy({ status: 403 }, { profile: 'legacy' })
        .action, 'disallow-all');
    assert.equal(robots.fetchPolicy({ networkError: 'timeout',
        unreachableSeconds: 31 * 86400 }).action, 'allow-all');
    // semantics.md: a 3xx without a Location that is a URL has nothing to
    // follow, and is read as 4xx.
    assert.deepEqual(robots.fetchPolicy({ status: 301, noLocation: true }),
        { action: 'allow-all', basis: 'redirect-unusable', retry: false,
            longUnreachable: false });
    assert.equal(robots.fetchPolicy({ status: 301, noLocation: false })
        .action, 'follow-redirect');
    // semantics.md, Age (RFC 9111 section 4.2.3): the copy is already that
    // old; never below 0; a bad Age is reported and ignored.
    assert.equal(robots.cacheLifetime({ cacheControl: 'max-age=600',
        age: '100' }).seconds, 500);
    assert.equal(robots.cacheLifetime({ cacheControl: 'max-age=600',
        age: '900' }).seconds, 0);
    assert.deepEqual(robots.cacheLifetime({ cacheControl: 'max-age=600',
        age: 'x' }).malformed, ['bad-age']);
    const c = robots.cacheLifetime({ cacheControl: 'max-age=172800' });
    assert.deepEqual(c, { seconds: 86400, source: 'max-age', capped: true,
        malformed: [] });
    assert.equal(robots.cacheLifetime({ cacheControl: 'max-age=x' })
        .malformed[0], 'bad-max-age');
    assert.equal(robots.cacheLifetime('Cache-Control: max-age=60\r\n\r\n',
        { profile: 'google' }).seconds, 60);
    assert.equal(robots.httpDate('Sun, 06 Nov 1994 08:49:37 GMT'), 784111777);
    const m = robots.metaTags('<head><meta name="robots" content="noindex">' +
        '<meta name="googlebot" content="nofollow"></head>',
    { agent: 'Googlebot' });
    assert.deepEqual(m.restrictions, ['noindex', 'nofollow']);
    assert.equal(m.tagsApplied, 2);
    const x = robots.xRobotsTag(['otherbot: noindex', 'nosnippet'],
        { agent: 'googlebot' });
    assert.deepEqual(x.restrictions, ['nosnippet']);
    assert.equal(x.tagsOtherAgent, 1);
    assert.equal(robots.matchPath('/fish*.php', '/fishheads/catfish.php?p',
        { profile: 'google' }), true);
    assert.equal(robots.urlToPath('http://a.com/x;p?q#f'), '/x;p?q');
    assert.equal(robots.hostToAscii('B\u00fccher.example'),
        'xn--bcher-kva.example');
    assert.equal(robots.punycodeEncode('b\u00fccher'), 'bcher-kva');
    assert.ok(robots.parseMemoryBound(1000) > 32 * 1000);
});

test('a freed document throws a TypeError, never reads freed memory', () => {
    const doc = robots.parse(MARYS);
    const q = doc.query('Suzy-Spider');
    doc.free();
    doc.free(); // twice is fine
    assert.equal(doc.freed, true);
    assert.equal(q.freed, true); // its queries go with it
    const uses = [
        () => doc.check('a', '/'), () => doc.isAllowed('a', '/'),
        () => doc.query('a'), () => doc.selectGroup('a'),
        () => doc.selectGroups('a'), () => doc.analyze(), () => doc.group(0),
        () => doc.groups(), () => doc.sitemaps(), () => doc.extensions(),
        () => doc.crawlDelays(), () => doc.diagnostics(), () => doc.cut,
        () => doc.profile, () => doc.inputBytes, () => doc.parsedBytes,
        () => doc.memoryUsed, () => doc.groupCount, () => doc.diagnosticTotal,
        () => q.check('/'), () => q.isAllowed('/'),
    ];
    for (const use of uses)
        assert.throws(use, (err) => err instanceof TypeError && /freed/.test(err.message));
});

test('documents are made by parse() only', () => {
    assert.throws(() => new robots.RobotsTxt(), TypeError);
    assert.throws(() => new robots.Query(), TypeError);
});

test('a document not freed is released when collected', () => {
    // In a child with --expose-gc: documents dropped without free() must
    // not keep the module's memory growing.
    const script = `
        const r = require(${JSON.stringify(path.join(here, '..', 'librobots.js'))});
        const body = 'User-agent: *\\n' + 'Disallow: /some/path/here\\n'.repeat(20000);
        const sleep = () => new Promise((ok) => setImmediate(ok));
        (async () => {
            for (let round = 0; round < 40; round++) {
                for (let i = 0; i < 10; i++)
                    r.parse(body).check('a', '/x');
                globalThis.gc();
                await sleep();
            }
            process.stdout.write(String(r.memoryBytes));
        })();`;
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', script],
        { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    // 400 documents of 520 KB would take over 200 MB if none were freed.
    assert.ok(Number(run.stdout) < 64 * 1024 * 1024,
        `module memory ${run.stdout} bytes`);
});
