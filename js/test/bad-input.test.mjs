// SPDX-License-Identifier: MIT
// bad-input.test.mjs - wrong types, lone surrogates and inputs past the
// library's limits get a TypeError or a RangeError with a message that
// says which argument and what is wrong, and nothing else: no crash, no
// other exception, no trap of the module.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as robots from '../index.mjs';

const MARYS = 'User-Agent: Suzy-Spider\nDisallow: /dynamic\n' +
    'User-Agent: *\nDisallow: /private\n';

function throwsType(fn, pattern) {
    assert.throws(fn, (err) => err instanceof TypeError &&
        !(err instanceof RangeError) && pattern.test(err.message),
    String(pattern));
}

function throwsRange(fn, code) {
    assert.throws(fn, (err) => err instanceof RangeError && err.code === code &&
        err.message.includes(code), code);
}

test('wrong types are TypeErrors naming the argument', () => {
    throwsType(() => robots.parse(42), /parse: body must be a string or a Uint8Array, not a number/);
    throwsType(() => robots.parse(null), /not null/);
    throwsType(() => robots.parse(new ArrayBuffer(4)), /not an ArrayBuffer/);
    throwsType(() => robots.parse(['User-agent: *']), /not an array/);
    throwsType(() => robots.parse('', 'google'), /options must be an object/);
    throwsType(() => robots.parse('', { profile: 1 }), /options.profile must be a string/);
    throwsType(() => robots.parse('', { parseLimit: '10' }), /options.parseLimit must be a number/);
    const doc = robots.parse(MARYS);
    throwsType(() => doc.check(undefined, '/'), /agents must be a string/);
    throwsType(() => doc.check(['a', 7], '/'), /agents\[1\] must be a string/);
    throwsType(() => doc.check('a', { href: '/' }), /url must be a string/);
    throwsType(() => doc.check('a'), /url must be a string or a Uint8Array, not undefined/);
    throwsType(() => doc.query([{}]), /agents\[0\]/);
    throwsType(() => doc.group('0'), /index must be a whole number/);
    throwsType(() => doc.group(-1), /index must be a whole number/);
    throwsType(() => robots.matchPath('/a', 1), /path must be/);
    throwsType(() => robots.fetchPolicy(404), /outcome must be an object/);
    throwsType(() => robots.fetchPolicy({ status: '404' }), /status must be a number/);
    throwsType(() => robots.fetchPolicy({ status: 503, hasCachedCopy: 1 }), /hasCachedCopy must be a boolean/);
    throwsType(() => robots.fetchPolicy({ status: 301, noLocation: 'yes' }), /noLocation must be a boolean/);
    throwsType(() => robots.fetchPolicy({ networkError: 3 }), /networkError must be a string/);
    throwsType(() => robots.cacheLifetime(3600), /headers must be a header block/);
    throwsType(() => robots.cacheLifetime({ expires: 3 }), /headers.expires must be/);
    throwsType(() => robots.metaTags('<head>', { agent: 5 }), /options.agent must be/);
    throwsType(() => robots.xRobotsTag([null]), /values\[0\] must be/);
    throwsType(() => robots.parseMemoryBound(-1), /length must be a whole number/);
    doc.free();
});

test('lone surrogates are TypeErrors; paired ones are text', () => {
    const doc = robots.parse(MARYS);
    for (const bad of ['\ud800', 'a\udc00b', '/x\ud83d']) {
        throwsType(() => robots.parse(`User-agent: *\nDisallow: ${bad}\n`), /body has a lone surrogate/);
        throwsType(() => doc.check(bad, '/'), /agents has a lone surrogate/);
        throwsType(() => doc.check('a', `/${bad}`), /url has a lone surrogate/);
        throwsType(() => robots.robotsTxtUrl(`http://${bad}.com/`), /lone surrogate/);
        throwsType(() => robots.parse('', { profile: bad }), /lone surrogate/);
    }
    const emoji = robots.parse('User-agent: *\nDisallow: /\u{1F600}\n');
    assert.equal(emoji.isAllowed('a', '/%F0%9F%98%80'), false);
    assert.equal(emoji.isAllowed('a', '/\u{1F600}'), false);
    emoji.free();
    doc.free();
});

test('values the library refuses are RangeErrors with its status', () => {
    throwsRange(() => robots.parse('', { profile: 'rfc9310' }), 'ROBOTS_ERR_INVALID_ARGUMENT');
    assert.throws(() => robots.parse('', { parseLimit: -1 }), RangeError);
    assert.throws(() => robots.parse('', { parseLimit: 1.5 }), RangeError);
    const doc = robots.parse(MARYS);
    throwsRange(() => doc.check('a', 'no-slash'), 'ROBOTS_ERR_URL_INVALID');
    throwsRange(() => doc.group(5), 'ROBOTS_ERR_OUT_OF_RANGE');
    throwsRange(() => robots.robotsTxtUrl('/path'), 'ROBOTS_ERR_URL_NO_SCHEME');
    throwsRange(() => robots.robotsTxtUrl('gopher://a.com/'), 'ROBOTS_ERR_URL_UNSUPPORTED_SCHEME');
    throwsRange(() => robots.fetchPolicy({ status: 1000 }), 'ROBOTS_ERR_INVALID_ARGUMENT');
    throwsRange(() => robots.fetchPolicy({ networkError: 'gremlins' }), 'ROBOTS_ERR_INVALID_ARGUMENT');
    assert.throws(() => robots.fetchPolicy({ status: 503, unreachableSeconds: 0.5 }), RangeError);
    assert.throws(() => robots.fetchPolicy({ redirects: -1 }), RangeError);
    throwsRange(() => robots.httpDate('yesterday'), 'ROBOTS_ERR_HEADER_INVALID');
    throwsRange(() => robots.punycodeEncode(new Uint8Array([0xc0, 0x80])), 'ROBOTS_ERR_INVALID_ARGUMENT');
    doc.free();
});

test('inputs past the limits are RangeErrors, at the limit they work', () => {
    const { maxUrlBytes, maxAgentBytes, maxQueryAgents, maxInputBytes } =
        robots.limits;
    const doc = robots.parse(MARYS);
    const atUrl = `/${'a'.repeat(maxUrlBytes - 1)}`;
    assert.equal(doc.isAllowed('a', atUrl), true);
    throwsRange(() => doc.check('a', `${atUrl}b`), 'ROBOTS_ERR_URL_TOO_LONG');
    // Multi-byte characters count in bytes: the limit is the library's.
    const twoByte = `/${'\u00e9'.repeat((maxUrlBytes - 1) / 2 | 0)}`;
    assert.equal(typeof doc.isAllowed('a', twoByte), 'boolean');
    throwsRange(() => doc.check('a', `/${'\u00e9'.repeat(maxUrlBytes / 2)}`), 'ROBOTS_ERR_URL_TOO_LONG');
    throwsRange(() => doc.check('a', 'x'.repeat(100 * maxUrlBytes)), 'ROBOTS_ERR_URL_TOO_LONG');
    assert.equal(doc.isAllowed('a'.repeat(maxAgentBytes), '/'), true);
    throwsRange(() => doc.check('a'.repeat(maxAgentBytes + 1), '/'), 'ROBOTS_ERR_AGENT_TOO_LONG');
    const agents = Array.from({ length: maxQueryAgents }, (_, i) => `bot${i}`);
    assert.equal(doc.isAllowed(agents, '/'), true);
    throwsRange(() => doc.check([...agents, 'one-more'], '/'), 'ROBOTS_ERR_TOO_MANY_AGENTS');
    throwsRange(() => doc.query([...agents, 'one-more']), 'ROBOTS_ERR_TOO_MANY_AGENTS');
    // A body past ROBOTS_MAX_INPUT_BYTES is refused before it is copied.
    const huge = new Uint8Array(maxInputBytes + 1);
    throwsRange(() => robots.parse(huge), 'ROBOTS_ERR_TOO_LARGE');
    throwsRange(() => robots.parse('x', { memoryCap: 1 }), 'ROBOTS_ERR_MEMORY_CAP');
    doc.free();
});

test('a large body within the limits parses, and memory comes back', () => {
    const line = 'Disallow: /some/long/path/segment/*.php$\n';
    const body = `User-agent: *\n${line.repeat(Math.ceil(8e6 / line.length))}`;
    const doc = robots.parse(body, { parseLimit: 0 });
    assert.equal(doc.cut, null);
    assert.equal(doc.isAllowed('a', '/some/long/path/segment/x.php'), false);
    assert.ok(doc.memoryUsed > body.length);
    doc.free();
    // The module's memory is reused, not grown again.
    const before = robots.memoryBytes;
    robots.parse(body, { parseLimit: 0 }).free();
    assert.equal(robots.memoryBytes, before);
});

// A deterministic PRNG (xorshift32) for the random inputs below.
function random(seed) {
    let x = seed >>> 0 || 1;
    return () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return (x >>> 0) / 4294967296;
    };
}

test('random values of every type get a verdict or a TypeError/RangeError', () => {
    const rand = random(9309);
    const pick = (list) => list[Math.floor(rand() * list.length)];
    const pieces = ['User-agent:', '*', 'Disallow:', 'Allow:', '/', '$', '%',
        '%zz', '\n', '\r', '#', ':', ' ', 'Crawl-delay: 1e9', 'Sitemap:',
        '\u00e9', '\u{1F600}', '\ud800', 'http://', 'a.com', '[::1]', '@',
        '\\', '?', '..', '\0'];
    const text = () => Array.from({ length: Math.floor(rand() * 12) },
        () => pick(pieces)).join('');
    const bytes = () => Uint8Array.from({ length: Math.floor(rand() * 24) },
        () => Math.floor(rand() * 256));
    const values = () => pick([text, text, bytes, () => 42, () => null,
        () => undefined, () => ({}), () => [text(), bytes()], () => -1,
        () => ({ profile: pick(['google', 'x', 3]) }), () => true])();
    const calls = [
        (a, b) => robots.parse(a, b).free(),
        (a, b, doc) => doc.check(a, b),
        (a, b, doc) => doc.query(a).check(b),
        (a, b, doc) => doc.selectGroup(a),
        (a, b, doc) => doc.selectGroups(a),
        (a, b, doc) => doc.group(a),
        (a, b) => robots.matchPath(a, b),
        (a, b) => robots.urlToPath(a, b),
        (a) => robots.robotsTxtUrl(a),
        (a) => robots.parseUrl(a),
        (a, b) => robots.scope(a, b),
        (a, b) => robots.fetchPolicy(a, b),
        (a, b) => robots.cacheLifetime(a, b),
        (a) => robots.httpDate(a),
        (a, b) => robots.metaTags(a, b),
        (a, b) => robots.xRobotsTag(a, b),
        (a) => robots.hostToAscii(a),
        (a) => robots.punycodeEncode(a),
    ];
    const doc = robots.parse(MARYS);
    let answered = 0;
    for (let i = 0; i < 5000; i++) {
        const call = pick(calls);
        try {
            call(values(), values(), doc);
            answered++;
        } catch (err) {
            assert.ok(err instanceof TypeError || err instanceof RangeError,
                `${err.constructor.name}: ${err.message}`);
            assert.ok(err.message.length > 10);
        }
    }
    assert.ok(answered > 100, `only ${answered} calls answered`);
    assert.equal(doc.isAllowed('Suzy-Spider', '/dynamic'), false);
    doc.free();
});
