// SPDX-License-Identifier: MIT
// bench.mjs - the npm package (js/) against npm's robots-parser, side by
// side in one run, on the project's fixed workload (../shared/bench): the
// parse of the 512 KB robots.txt, then the cost of each further URL. Runs
// of the two alternate, so that a busy machine slows both alike; the table
// gives each one's median and best run and the ratios of the medians.
// bench/js/run.sh makes the workload, installs robots-parser (pinned) and
// runs this.
//
//   node bench/js/bench.mjs --robots F --urls F --robots-parser DIR
//        [--runs N] [--agent NAME] [--json FILE]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const librobots = require(path.join(here, '..', '..', 'js', 'librobots.js'));
const dropIn = require(path.join(here, '..', '..', 'js', 'robots-parser.js'));

function options(argv) {
    const o = { runs: 15, agent: 'FooBot' };
    for (let i = 0; i < argv.length; i += 2) {
        const key = argv[i].replace(/^--/, '').replace(/-(.)/g,
            (_, c) => c.toUpperCase());
        if (!['robots', 'urls', 'robotsParser', 'runs', 'agent', 'json']
            .includes(key) || argv[i + 1] === undefined) {
            process.stderr.write(`bench.mjs: unknown or incomplete option ` +
                `'${argv[i]}'\n`);
            process.exit(2);
        }
        o[key] = key === 'runs' ? Number(argv[i + 1]) : argv[i + 1];
    }
    for (const need of ['robots', 'urls', 'robotsParser']) {
        if (o[need] === undefined) {
            process.stderr.write(`bench.mjs: --${need.replace(/[A-Z]/g,
                (c) => `-${c.toLowerCase()}`)} is needed\n`);
            process.exit(2);
        }
    }
    return o;
}

const o = options(process.argv.slice(2));
const robotsParser = require(path.resolve(o.robotsParser));
const robotsParserVersion = JSON.parse(readFileSync(
    path.join(path.resolve(o.robotsParser), 'package.json'), 'utf8')).version;
const text = readFileSync(o.robots, 'utf8');
const bytes = readFileSync(o.robots);
const urls = readFileSync(o.urls, 'utf8').split('\n').filter((u) => u !== '');
const robotsUrl = librobots.robotsTxtUrl(urls[0]);
const agent = o.agent;

function ms(fn) {
    const start = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - start) / 1e6;
}

// Runs each contender once per round, in turn, `runs` rounds after one
// round of warm-up; per contender the sorted times in ms. With
// --expose-gc (run.sh) the garbage of one run is collected before the
// next starts, so that no contender pays for another's.
const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};
function rounds(contenders, runs) {
    const times = contenders.map(() => []);
    for (let r = 0; r <= runs; r++) {
        contenders.forEach((c, i) => {
            collect();
            const t = ms(c.run);
            if (r > 0)
                times[i].push(t);
        });
    }
    return times.map((t) => t.sort((a, b) => a - b));
}

const median = (t) => t[t.length >> 1];

// --- parse ------------------------------------------------------------
const parseContenders = [
    { name: `robots-parser ${robotsParserVersion}: robotsParser(url, text)`,
        run: () => robotsParser(robotsUrl, text) },
    { name: 'librobots: parse(text), free()',
        run: () => librobots.parse(text).free() },
    { name: 'librobots: parse(bytes), free()',
        run: () => librobots.parse(bytes).free() },
    { name: 'librobots: parse(bytes, {skipDiagnostics}), free()',
        run: () => librobots.parse(bytes, { skipDiagnostics: true }).free() },
    { name: 'librobots/robots-parser: robotsParser(url, text), free()',
        run: () => dropIn(robotsUrl, text).free() },
];
const parseTimes = rounds(parseContenders, o.runs);

// --- each further URL -------------------------------------------------
const rp = robotsParser(robotsUrl, text);
const doc = librobots.parse(text);
const query = doc.query(agent);
const di = dropIn(robotsUrl, text);
const sink = { allowed: 0 };
const perUrl = [
    { name: `robots-parser ${robotsParserVersion}: isAllowed(url, agent)`,
        run: () => urls.forEach((u) => { sink.allowed += rp.isAllowed(u, agent); }) },
    { name: 'librobots: doc.check(agent, url), with its evidence',
        run: () => urls.forEach((u) => { sink.allowed += doc.check(agent, u).allowed; }) },
    { name: 'librobots: query.isAllowed(url)',
        run: () => urls.forEach((u) => { sink.allowed += query.isAllowed(u); }) },
    { name: 'librobots/robots-parser: isAllowed(url, agent)',
        run: () => urls.forEach((u) => { sink.allowed += di.isAllowed(u, agent); }) },
];
const urlTimes = rounds(perUrl, o.runs).map((t) => t.map((x) => x * 1000 / urls.length));

let differ = 0;
for (const u of urls)
    if (rp.isAllowed(u, agent) !== di.isAllowed(u, agent))
        differ++;

// --- report -----------------------------------------------------------
const lines = [];
const out = (s) => lines.push(s);
out(`workload: ${o.robots} (${bytes.length} bytes), ${urls.length} URLs ` +
    `(${o.urls}), agent ${agent}; node ${process.version}; ${o.runs} runs ` +
    'of each, alternating');
out('');
// A table: each contender's median and best, and robots-parser's median
// (the first row) over its own.
function table(title, unit, list, times, digits) {
    out(`| ${title} | median ${unit} | best ${unit} | robots-parser / this (medians) |`);
    out('| --- | ---: | ---: | ---: |');
    list.forEach((c, i) => out(`| ${c.name} | ${median(times[i]).toFixed(digits)} ` +
        `| ${times[i][0].toFixed(digits)} | ${i === 0 ? ''
            : `${(median(times[0]) / median(times[i])).toFixed(1)}x`} |`));
    out('');
}
table('parse of the robots.txt', 'ms', parseContenders, parseTimes, 3);
table('each further URL', 'us', perUrl, urlTimes, 3);
out(`${differ} of ${urls.length} URLs get another answer from robots-parser ` +
    'than from librobots/robots-parser (js/README.md lists the differences)');
process.stdout.write(`${lines.join('\n')}\n`);

if (o.json !== undefined) {
    const pack = (list, times) => list.map((c, i) => ({
        name: c.name, median: median(times[i]), best: times[i][0],
    }));
    writeFileSync(o.json, `${JSON.stringify({
        robots: o.robots, bytes: bytes.length, urls: urls.length, agent,
        node: process.version, runs: o.runs,
        parseMs: pack(parseContenders, parseTimes),
        perUrlUs: pack(perUrl, urlTimes), differ,
    }, null, 2)}\n`);
}
doc.free();
di.free();
