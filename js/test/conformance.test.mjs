// SPDX-License-Identifier: MIT
// conformance.test.mjs - the whole conformance suite (conformance/cases/,
// every kind, the format of conformance/README.md) through the package, in
// the three profiles, with the expectations and comparisons of the C
// runner (conformance/runner.c). Any difference is a bug in the glue: the
// answers are the library's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import * as robots from '../index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const casesDir = path.resolve(process.env.ROBOTS_CONFORMANCE_CASES ||
    path.join(here, '..', '..', 'conformance', 'cases'));
const PROFILES = ['rfc9309', 'google', 'legacy'];
const encoder = new TextEncoder();

function hexBytes(hex) {
    const digits = hex.replace(/[ \n\t]/g, '');
    if (!/^([0-9a-fA-F]{2})*$/.test(digits))
        throw new Error(`bad hex '${hex}'`);
    const out = new Uint8Array(digits.length / 2);
    for (let i = 0; i < out.length; i++)
        out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
    return out;
}

function concat(parts) {
    const total = parts.reduce((n, p) => n + p.length, 0);
    const out = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
        out.set(p, at);
        at += p.length;
    }
    return out;
}

// A generator: strings, {"repeat", "times"}, {"hex"}.
function generate(gen) {
    const parts = [];
    for (const part of gen) {
        if (typeof part === 'string') {
            parts.push(encoder.encode(part));
        } else if (typeof part.repeat === 'string') {
            const one = encoder.encode(part.repeat);
            const all = new Uint8Array(one.length * part.times);
            for (let i = 0; i < part.times; i++)
                all.set(one, i * one.length);
            parts.push(all);
        } else if (typeof part.hex === 'string') {
            parts.push(hexBytes(part.hex));
        } else {
            throw new Error(`unknown generator part ${JSON.stringify(part)}`);
        }
    }
    return concat(parts);
}

// Field `name` (a string, given to the package as a string) or
// `name_gen` (bytes); undefined when absent.
function field(obj, name) {
    if (typeof obj[name] === 'string')
        return obj[name];
    if (Array.isArray(obj[`${name}_gen`]))
        return generate(obj[`${name}_gen`]);
    return undefined;
}

function body(c) {
    let b = '';
    if (typeof c.robots_hex === 'string')
        b = hexBytes(c.robots_hex);
    else if (field(c, 'robots') !== undefined)
        b = field(c, 'robots');
    if (c.robots_length !== undefined) {
        const n = typeof b === 'string' ? encoder.encode(b).length : b.length;
        assert.equal(n, c.robots_length, `${c.id}: robots_length`);
    }
    return b;
}

function parseOptions(c, profile) {
    const o = { profile };
    if (c.options && c.options.parse_limit !== undefined)
        o.parseLimit = c.options.parse_limit;
    return o;
}

function agentsOf(input) {
    return typeof input.agent === 'string' ? input.agent : input.agents;
}

function withDoc(c, profile, fn) {
    const doc = robots.parse(body(c), parseOptions(c, profile));
    try {
        return fn(doc);
    } finally {
        doc.free();
    }
}

// Each runner returns a list of differences ([] when the case passes).
const runners = {
    verdict(c, profile, want) {
        return withDoc(c, profile, (doc) => {
            const url = field(c.input, 'url');
            let v;
            try {
                v = doc.check(agentsOf(c.input), url);
            } catch (err) {
                if (!(err instanceof RangeError))
                    throw err;
                return want.error === err.code ? []
                    : [`status ${err.code}, expected ${want.error || 'OK'}`];
            }
            if (want.error !== undefined)
                return [`a verdict, expected status ${want.error}`];
            const diffs = [];
            if (v.allowed !== want.allowed)
                diffs.push(`allowed ${v.allowed}`);
            if (typeof want.line === 'number' && (v.line || 0) !== want.line)
                diffs.push(`line ${v.line}, expected ${want.line}`);
            if (want.reason !== undefined && v.reason !== want.reason)
                diffs.push(`reason ${v.reason}, expected ${want.reason}`);
            if (want.pattern !== undefined && v.pattern !== want.pattern)
                diffs.push(`pattern ${JSON.stringify(v.pattern)}`);
            if (want.truncated !== undefined && v.truncated !== want.truncated)
                diffs.push(`truncated ${v.truncated}`);
            // A parse for verdicts only (skipDiagnostics, as the
            // robots-parser drop-in parses) answers the same.
            const bare = robots.parse(body(c),
                { ...parseOptions(c, profile), skipDiagnostics: true });
            try {
                if (JSON.stringify(bare.check(agentsOf(c.input), url)) !==
                    JSON.stringify(v))
                    diffs.push('another verdict with skipDiagnostics');
            } finally {
                bare.free();
            }
            return diffs;
        });
    },

    match(c, profile, want) {
        const got = robots.matchPath(field(c.input, 'pattern'),
            field(c.input, 'path'), { profile });
        return got === want.match ? [] : [`match ${got}`];
    },

    url_path(c, profile, want) {
        return textOrInvalid(() => robots.urlToPath(field(c.input, 'url'),
            { profile }), want, 'path');
    },

    group(c, profile, want) {
        return withDoc(c, profile, (doc) => {
            const g = doc.selectGroup(agentsOf(c.input));
            const diffs = [];
            if (want.line === null ? g.group !== null : g.line !== want.line)
                diffs.push(`group at line ${g.line}, expected ${want.line}`);
            if (want.specific !== undefined && g.specific !== want.specific)
                diffs.push(`specific ${g.specific}`);
            return diffs;
        });
    },

    robots_url(c, profile, want) {
        return textOrInvalid(() => robots.robotsTxtUrl(field(c.input, 'url')),
            want, 'robots_url');
    },

    scope(c, profile, want) {
        let s;
        try {
            s = robots.scope(c.input.robots_url, field(c.input, 'url'));
        } catch (err) {
            if (!(err instanceof RangeError))
                throw err;
            return want.invalid === true ? [] : [`status ${err.code}`];
        }
        if (want.invalid === true)
            return [`applies ${s.applies}, expected an error status`];
        return s.applies === want.applies ? [] : [`applies ${s.applies}`];
    },

    fetch_policy(c, profile, want) {
        const i = c.input;
        const outcome = {
            status: i.status === undefined ? 0 : i.status,
            redirects: i.redirects === undefined ? 0 : i.redirects,
            unreachableSeconds: i.unreachable_days === undefined ? 0
                : Math.trunc(i.unreachable_days * 86400),
            hasCachedCopy: i.cached === true,
        };
        if (i.network_error !== undefined)
            outcome.networkError = i.network_error;
        const d = robots.fetchPolicy(outcome, { profile });
        return d.action === want.action ? [] : [`action ${d.action}`];
    },

    cache_lifetime(c, profile, want) {
        const block = c.input.headers.map(([n, v]) => `${n}: ${v}\r\n`)
            .join('') + '\r\n';
        const info = robots.cacheLifetime(block, { profile });
        return info.seconds === want.seconds ? [] : [`${info.seconds} s`];
    },

    meta(c, profile, want) {
        const options = c.input.agent !== undefined
            ? { agent: c.input.agent } : {};
        const m = c.input.html !== undefined
            ? robots.metaTags(c.input.html, options)
            : robots.xRobotsTag(c.input.x_robots_tag, options);
        const diffs = [];
        const same = (a, b) => a.length === b.length &&
            a.every((x) => b.includes(x));
        if (!same(m.restrictions, want.restrictions))
            diffs.push(`restrictions [${m.restrictions}]`);
        if (want.conflicts !== undefined && !same(m.conflicts, want.conflicts))
            diffs.push(`conflicts [${m.conflicts}]`);
        if (want.data !== undefined) {
            const data = {
                description: m.description, keywords: m.keywords,
                'revisit-after': m.revisitAfter,
            };
            for (const [k, v] of Object.entries(want.data)) {
                if (data[k] !== v)
                    diffs.push(`${k} ${JSON.stringify(data[k])}`);
            }
        }
        return diffs;
    },

    parse(c, profile, want) {
        return withDoc(c, profile, (doc) => {
            const diffs = [];
            if (want.cut !== undefined) {
                const cut = doc.cut;
                if (want.cut === null) {
                    if (cut !== null)
                        diffs.push(`cut at line ${cut.line}`);
                } else if (cut === null) {
                    diffs.push('not cut');
                } else {
                    const got = {
                        offset: cut.offset, line: cut.line,
                        lines_not_read: cut.linesNotRead,
                    };
                    for (const [k, v] of Object.entries(want.cut)) {
                        if (got[k] !== v)
                            diffs.push(`cut ${k} ${got[k]}`);
                    }
                }
            }
            const kinds = doc.diagnostics().map((d) => d.kind);
            for (const k of want.diagnostics_include || [])
                if (!kinds.includes(k))
                    diffs.push(`lacks ${k}`);
            for (const k of want.diagnostics_exclude || [])
                if (kinds.includes(k))
                    diffs.push(`has ${k}`);
            if (want.sitemaps !== undefined) {
                const got = doc.sitemaps().map((r) => r.value);
                if (JSON.stringify(got) !== JSON.stringify(want.sitemaps))
                    diffs.push(`sitemaps ${JSON.stringify(got)}`);
            }
            if (want.crawl_delays !== undefined) {
                const got = doc.crawlDelays();
                const ok = got.length === want.crawl_delays.length &&
                    got.every((d, i) =>
                        d.groupLine === want.crawl_delays[i].group_line &&
                        Math.abs(d.seconds - want.crawl_delays[i].seconds) <=
                            1e-9);
                if (!ok)
                    diffs.push(`crawl-delays ${JSON.stringify(got)}`);
            }
            const ext = doc.extensions();
            for (const e of want.extensions_include || []) {
                if (!ext.some((r) => r.key === e.key && r.value === e.value))
                    diffs.push(`no extension ${e.key}: ${e.value}`);
            }
            return diffs;
        });
    },
};

function textOrInvalid(call, want, name) {
    let got;
    try {
        got = call();
    } catch (err) {
        if (!(err instanceof RangeError))
            throw err;
        return want.invalid === true ? [] : [`status ${err.code}`];
    }
    if (want.invalid === true)
        return [`'${got}', expected an error status`];
    return got === want[name] ? [] : [`'${got}', expected '${want[name]}'`];
}

const files = readdirSync(casesDir).filter((f) => f.endsWith('.json')).sort();
const ran = {};

test('the case files are there', () => {
    assert.ok(files.length >= 10, `only ${files.length} case files in ${casesDir}`);
});

for (const file of files) {
    const doc = JSON.parse(readFileSync(path.join(casesDir, file), 'utf8'));
    test(`conformance ${file}`, () => {
        const failures = [];
        for (const c of doc.cases) {
            const run = runners[c.kind];
            assert.ok(run, `${c.id}: unknown kind ${c.kind}`);
            for (const profile of PROFILES) {
                const want = c.expect[profile];
                assert.ok(want, `${c.id}: no expectation for ${profile}`);
                const diffs = run(c, profile, want);
                ran[c.kind] = (ran[c.kind] || 0) + 1;
                if (diffs.length > 0) {
                    failures.push(`${c.id} [${profile}]: ${diffs.join('; ')}` +
                        `\n    why: ${want.why}`);
                }
            }
        }
        assert.deepEqual(failures, [], failures.join('\n'));
    });
}

test('every kind of case ran, verdicts most', () => {
    for (const kind of Object.keys(runners))
        assert.ok(ran[kind] > 0, `no ${kind} case ran`);
    assert.ok(ran.verdict >= 3 * 200, `only ${ran.verdict} verdicts`);
});
