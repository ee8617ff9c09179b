// SPDX-License-Identifier: MIT
// analyze.test.mjs - doc.analyze() gives robots_analyze()'s findings, the
// same ones `robots lint --json` (built natively, ROBOTS_CLI) prints for
// the analysis kinds: a shadowed rule, a duplicate rule, a user-agent line
// that joins the group above across a crawl-delay, a repeated group, in
// every profile. Without ROBOTS_CLI the comparison is skipped; the
// findings the library's header describes for these files are checked
// either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { parse } from '../index.mjs';

const cli = process.env.ROBOTS_CLI;

// The kinds robots_analyze() finds (robots.h, "Analysis").
const ANALYSIS_KINDS = new Set(['shadowed-rule', 'duplicate-rule',
    'encoded-duplicate', 'repeated-group', 'agent-joins-group',
    'literal-wildcard', 'analysis-limit', 'bom-encoded-twice',
    'usage-malformed', 'usage-unknown-label', 'usage-never-applies',
    'usage-no-star-fallback']);

// Each file, and the finding robots.h says rfc9309 reads in it.
const FILES = {
    shadowed: {
        body: 'User-agent: *\nDisallow: /a\nAllow: /a\n',
        want: { line: 2, kind: 'shadowed-rule', relatedLine: 3 },
    },
    duplicate: {
        body: 'User-agent: a\nDisallow: /x\nDisallow: /x\n',
        want: { line: 3, kind: 'duplicate-rule', relatedLine: 2 },
    },
    badbot: {
        body: 'User-agent: *\nCrawl-delay: 10\n\nUser-agent: BadBot\nDisallow: /\n',
        want: { line: 4, kind: 'agent-joins-group', relatedLine: 1 },
    },
    repeated: {
        body: 'User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\n' +
            'User-agent: a\nDisallow: /z\n',
        want: { line: 7, kind: 'repeated-group', relatedLine: 1 },
    },
};

test('analyze() gives the finding each file has, with the line it names', () => {
    for (const [name, f] of Object.entries(FILES)) {
        const doc = parse(f.body);
        const { findings, total } = doc.analyze();
        const found = findings.find((d) => d.kind === f.want.kind);
        assert.ok(found !== undefined, `${name}: ${JSON.stringify(findings)}`);
        assert.equal(found.line, f.want.line, name);
        assert.equal(found.relatedLine, f.want.relatedLine, name);
        assert.equal(found.severity, 'warning', name);
        assert.ok(found.message.length > 0 && found.column > 0, name);
        assert.equal(total, findings.length, name);
        // The parse's diagnostics name no other line.
        for (const d of doc.diagnostics())
            assert.equal(d.relatedLine, null, `${name}: ${d.kind}`);
        doc.free();
    }
});

test('analyze() of a freed document throws', () => {
    const doc = parse(FILES.badbot.body);
    doc.free();
    assert.throws(() => doc.analyze(), TypeError);
});

test('analyze() gives the findings robots lint prints', {
    skip: cli === undefined || !existsSync(cli)
        ? 'set ROBOTS_CLI to a built robots command (the js gate does)' : false,
}, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'librobots-analyze-'));
    let compared = 0;
    try {
        for (const [name, f] of Object.entries(FILES)) {
            const file = path.join(dir, `${name}.txt`);
            writeFileSync(file, f.body);
            for (const profile of ['rfc9309', 'google', 'legacy']) {
                let out;
                try {
                    out = execFileSync(cli, ['lint', '--json', '--profile', profile, file],
                        { encoding: 'utf8' });
                } catch (err) {
                    out = err.stdout; // exit 1: errors found
                }
                const key = (line, kind, related) => `${line} ${kind} ${related}`;
                const want = JSON.parse(out).diagnostics
                    .filter((d) => ANALYSIS_KINDS.has(d.code))
                    .map((d) => key(d.line, d.code, d.related_line));
                const doc = parse(f.body, { profile });
                const got = doc.analyze().findings
                    .map((d) => key(d.line, d.kind, d.relatedLine));
                doc.free();
                assert.deepEqual(got.sort(), want.sort(), `${name} ${profile}`);
                compared += want.length;
            }
        }
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
    // Each file's finding in rfc9309 at least.
    assert.ok(compared >= Object.keys(FILES).length, `${compared} compared`);
});
