// SPDX-License-Identifier: MIT
// usage.test.mjs - AI usage preferences through the package
// (RobotsTxt.prototype.usage): every case of kind `usage` of
// conformance/cases-aipref/ in each profile its expectation names, with
// the checks of the C runner (conformance/aipref_runner.c: crawlable,
// labels null exactly when not crawlable, the deciding lines, the groups'
// and the file's Content-Signal); then the fields the cases do not cover,
// and bad input. Any difference is a bug in the glue: the answers are the
// library's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import * as robots from '../index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const casesDir = path.join(here, '..', '..', 'conformance', 'cases-aipref');

const usageCases = readdirSync(casesDir).filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(path.join(casesDir, f), 'utf8'))
        .cases.filter((c) => c.kind === 'usage'));

test('the suite is there: attach-05 3.4 among its cases', () => {
    const ids = new Set(usageCases.map((c) => c.id));
    assert.ok(ids.size >= 30 && ids.has('attach-3-4-examplebot'));
});

test('every usage case of cases-aipref, in each profile', () => {
    let compared = 0;
    for (const c of usageCases) {
        for (const [profile, want] of Object.entries(c.expect)) {
            const ends = c.options?.content_usage_ends_group === true;
            const doc = robots.parse(c.robots,
                { profile, contentUsageEndsGroup: ends });
            try {
                const got = doc.usage(c.input.agent, c.input.url,
                    c.input.content_usage_header);
                const id = `${c.id} ${profile}`;
                assert.equal(got.crawlable, want.crawlable, id);
                assert.equal(got.verdict.allowed, want.crawlable, id);
                // No preferences for a URL that may not be crawled
                // (docs/semantics.md, decision 14).
                assert.deepEqual(got.labels, want.labels, id);
                assert.deepEqual(got.lines, want.lines, id);
                assert.equal(got.lineCount, want.lines.length, id);
                if ('content_signal' in want)
                    assert.deepEqual(got.signal, want.content_signal, id);
                if ('file_content_signal' in want)
                    assert.deepEqual(got.fileSignal, want.file_content_signal, id);
                compared++;
            } finally {
                doc.free();
            }
        }
    }
    assert.ok(compared >= 90, `${compared} comparisons`);
});

const attach = 'User-Agent: *\nAllow: /\nDisallow: /never/\n' +
    'Content-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\n' +
    'User-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n';

test('labels, lines, unknown labels and signals', () => {
    assert.deepEqual(robots.usageLabels, ['train-ai', 'ai-use', 'search']);
    const doc = robots.parse(attach);
    const got = doc.usage('OtherBot', '/ai-ok/x');
    assert.deepEqual(got.labels,
        { 'train-ai': 'allowed', 'ai-use': 'unknown', search: 'unknown' });
    assert.deepEqual(got.lines, [5]);
    assert.equal(got.patternLen, '/ai-ok/'.length);
    assert.equal(got.verdict.line, 2);
    doc.free();
    const sig = robots.parse('Content-Signal: search=yes, ai-train=no\n' +
        'User-agent: *\nContent-Signal: ai-input=no\n' +
        'Content-Usage: train-ai=n, bots=n, rag-ground=y, foo=y\n');
    const s = sig.usage('AnyBot', '/x');
    assert.deepEqual(s.unknownLabels, [
        { line: 4, label: 'bots', status: 'obsolete' },
        { line: 4, label: 'rag-ground', status: 'proposed' },
        { line: 4, label: 'foo', status: 'unknown' }]);
    assert.deepEqual(s.signal,
        { search: 'unknown', 'ai-input': 'disallowed', 'ai-train': 'unknown' });
    assert.deepEqual(s.signalLabels,
        { 'train-ai': 'unknown', 'ai-use': 'disallowed', search: 'unknown' });
    assert.equal(s.signalLine, 3);
    assert.deepEqual(s.fileSignalLabels,
        { 'train-ai': 'disallowed', 'ai-use': 'unknown', search: 'allowed' });
    assert.equal(s.fileSignalLine, 1);
    sig.free();
});

test('the HTTP field combines most restrictive per label', () => {
    const doc = robots.parse(attach);
    assert.equal(doc.usage('OtherBot', '/ai-ok/x', 'train-ai=n')
        .labels['train-ai'], 'disallowed');
    assert.deepEqual(doc.usage('OtherBot', '/ai-ok/x',
        ['ai-use=n', 'search=y']).labels,
    { 'train-ai': 'allowed', 'ai-use': 'disallowed', search: 'allowed' });
    assert.equal(doc.usage('OtherBot', '/never/', 'train-ai=y').labels, null);
    doc.free();
});

test('the source of each label', () => {
    // robots_usage_result's file_labels and field_labels (robots_usage.h):
    // both where the file and the field say the same; only the field where
    // it made a label more restrictive; neither for a value no source set.
    const doc = robots.parse(attach);
    const nothing = { 'ai-use': [], search: [] };
    assert.deepEqual(doc.usage('OtherBot', '/ai-ok/x').sources,
        { 'train-ai': ['file'], ...nothing });
    assert.deepEqual(doc.usage('OtherBot', '/ai-ok/x', 'train-ai=y').sources,
        { 'train-ai': ['header', 'file'], ...nothing });
    assert.deepEqual(doc.usage('OtherBot', '/ai-ok/x', 'train-ai=n').sources,
        { 'train-ai': ['header'], ...nothing });
    assert.deepEqual(doc.usage('OtherBot', '/ai-ok/x', 'ai-use=n').sources,
        { 'train-ai': ['file'], 'ai-use': ['header'], search: [] });
    // No preferences for a URL that may not be crawled: no source either.
    assert.deepEqual(doc.usage('OtherBot', '/never/', 'train-ai=y').sources,
        { 'train-ai': [], ...nothing });
    doc.free();
});

test('a crawler of several names', () => {
    // robots_usage_agents(): the groups that name any of the names apply,
    // with robots_check()'s verdict for the same names (robots_usage.h).
    const doc = robots.parse(attach);
    assert.equal(doc.usage('OtherBot', '/x').labels['train-ai'], 'disallowed');
    const both = doc.usage(['OtherBot', 'ExampleBot'], '/x');
    assert.deepEqual(both.labels, doc.usage('ExampleBot', '/x').labels);
    assert.equal(both.labels['train-ai'], 'allowed');
    assert.deepEqual(both.verdict, doc.check(['OtherBot', 'ExampleBot'], '/x'));
    // The names and the field lines are staged as one list: each keeps
    // its place.
    const field = doc.usage(['OtherBot', 'ExampleBot'], '/x', ['ai-use=n']);
    assert.deepEqual(field.labels,
        { 'train-ai': 'allowed', 'ai-use': 'disallowed', search: 'unknown' });
    assert.throws(() => doc.usage(
        new Array(robots.limits.maxQueryAgents + 1).fill('a'), '/x'),
    (e) => e.code === 'ROBOTS_ERR_TOO_MANY_AGENTS');
    assert.throws(() => doc.usage(['a', 1], '/x'), TypeError);
    doc.free();
});

test('bad input', () => {
    const doc = robots.parse(attach);
    assert.throws(() => doc.usage('a', 'www.example.com/no-scheme'),
        (e) => e.code === 'ROBOTS_ERR_URL_INVALID');
    assert.throws(() => doc.usage('a'.repeat(robots.limits.maxAgentBytes + 1),
        '/x'), (e) => e.code === 'ROBOTS_ERR_AGENT_TOO_LONG');
    assert.throws(() => doc.usage(1, '/x'), TypeError);
    assert.throws(() => doc.usage('a', '/x', [1]), TypeError);
    assert.throws(() => doc.usage('a', '/x', new Array(65).fill('train-ai=n')),
        RangeError);
    assert.throws(() => robots.parse('x', { contentUsageEndsGroup: 1 }),
        TypeError);
    doc.free();
    assert.throws(() => doc.usage('a', '/x'), TypeError);
});
