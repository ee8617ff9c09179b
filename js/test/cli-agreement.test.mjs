// SPDX-License-Identifier: MIT
// cli-agreement.test.mjs - the package's verdicts and evidence against the
// C library's own, as the `robots check --json` command (built natively)
// prints them: every URL of the example files, several agents, every
// profile. ROBOTS_CLI names the command (the js gate builds it); without
// it the test says so and is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { parse } from '../index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const cli = process.env.ROBOTS_CLI;

const sets = [
    {
        file: path.join(root, 'examples', 'marys-antiques.txt'),
        urls: path.join(root, 'examples', 'urls.txt'),
        agents: [['Suzy-Spider'], ['Furniture-Finder'], ['NosyBot'],
            ['NosyBot', 'Suzy-Spider']],
    },
    {
        file: path.join(root, 'web', 'examples', 'zurich-shop.txt'),
        urls: path.join(root, 'web', 'examples', 'zurich-shop-urls.txt'),
        agents: [['Googlebot'], ['FooBot/2.1'], ['B\u00fccherwurm'],
            ['OtherBot'], ['Googlebot-Image', 'Googlebot']],
    },
];

test('the package gives the C library\'s verdicts and evidence', {
    skip: cli === undefined || !existsSync(cli)
        ? 'set ROBOTS_CLI to a built robots command (the js gate does)' : false,
}, () => {
    let compared = 0;
    for (const set of sets) {
        const body = readFileSync(set.file);
        const urls = readFileSync(set.urls, 'utf8').split('\n')
            .filter((u) => u !== '');
        for (const profile of ['rfc9309', 'google', 'legacy']) {
            const doc = parse(body, { profile });
            for (const agents of set.agents) {
                const args = ['check', '--json', '--profile', profile];
                for (const a of agents)
                    args.push('--agent', a);
                let out;
                try {
                    out = execFileSync(cli, [...args, set.file, ...urls],
                        { encoding: 'utf8' });
                } catch (err) {
                    out = err.stdout; // exit 1: some URL is disallowed
                }
                const lines = out.trim().split('\n').map((l) => JSON.parse(l));
                assert.equal(lines.length, urls.length);
                lines.forEach((c, i) => {
                    const v = doc.check(agents, urls[i]);
                    const want = {
                        allowed: c.allowed, reason: c.reason,
                        specific: c.specific,
                        group: c.group === null ? null : c.group.index,
                        line: c.rule === null ? null : c.rule.line,
                        ruleKind: c.rule === null ? null : c.rule.kind,
                        pattern: c.rule === null ? null : c.rule.pattern,
                        truncated: c.truncated,
                    };
                    const got = {
                        allowed: v.allowed, reason: v.reason,
                        specific: v.specific, group: v.group, line: v.line,
                        ruleKind: v.ruleKind, pattern: v.pattern,
                        truncated: v.truncated,
                    };
                    assert.deepEqual(got, want,
                        `${profile} ${agents} ${urls[i]}`);
                    compared++;
                });
            }
            doc.free();
        }
    }
    assert.ok(compared >= 3 * (4 * 6 + 5 * 13), `${compared} compared`);
});
