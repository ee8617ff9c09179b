// SPDX-License-Identifier: MIT
// page.test.mjs - the tester page in a real browser: Debian's chromium,
// headless, driven by playwright-core (which downloads no browser). The
// test serves the built page (cmake --build build/wasm: build/wasm/web),
// types a robots.txt, URLs and crawlers as a user would, and compares what
// the page shows with the C library's answers (the natively built robots
// command): every verdict of every profile, the line highlighted for a
// selected row, the findings of robots lint at their lines (the parse's
// diagnostics and the analysis of the whole file), each URL's robots.txt URL.
// It also opens a shared link, a file that is not UTF-8, the page at a
// phone's width, and saves screenshots.
//
// Environment: ROBOTS_WEB_DIR (the built page), ROBOTS_CLI (the robots
// command), ROBOTS_NPM_DIR (where playwright-core is installed:
// ci/install-deps.sh), ROBOTS_WEB_OUT (screenshots), CHROMIUM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const webDir = path.resolve(process.env.ROBOTS_WEB_DIR || path.join(root, 'build', 'wasm', 'web'));
const cli = process.env.ROBOTS_CLI;
const npmDir = path.resolve(process.env.ROBOTS_NPM_DIR || path.join(root, 'build', 'npm'));
const outDir = path.resolve(process.env.ROBOTS_WEB_OUT || path.join(webDir, '..', 'web-test'));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const PROFILES = ['rfc9309', 'google', 'legacy'];

const require = createRequire(path.join(npmDir, 'package.json'));
const { chromium } = require('playwright-core');
const librobots = require(path.join(root, 'js', 'librobots.js'));

const TYPES = {
    '.html': 'text/html; charset=utf-8', '.js': 'text/javascript',
    '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
    '.txt': 'text/plain; charset=utf-8',
};

let server;
let base;
let browser;
const requests = []; // every request the pages made: "METHOD path"

before(async () => {
    assert.ok(existsSync(path.join(webDir, 'index.html')),
        `no page at ${webDir} (cmake --build build/wasm)`);
    assert.ok(cli !== undefined && existsSync(cli),
        'ROBOTS_CLI must name the built robots command');
    mkdirSync(outDir, { recursive: true });
    server = createServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        const file = path.join(webDir, decodeURIComponent(
            new URL(req.url, 'http://x').pathname).replace(/^\/$/, '/index.html'));
        if (!file.startsWith(webDir) || !existsSync(file)) {
            res.writeHead(404).end();
            return;
        }
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ||
            'application/octet-stream' });
        res.end(readFileSync(file));
    });
    await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${server.address().port}/`;
    browser = await chromium.launch({
        executablePath: chromiumPath, headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
            '--disable-component-update', '--no-first-run'],
    });
});

after(async () => {
    await browser?.close();
    server?.close();
});

// The robots command's verdicts: {profile: {"url\tagents": verdict}}.
function cliVerdicts(file, urls, crawlers) {
    const out = {};
    for (const profile of PROFILES) {
        out[profile] = {};
        for (const agents of crawlers) {
            const args = ['check', '--json', '--profile', profile];
            for (const a of agents)
                args.push('--agent', a);
            let text;
            try {
                text = execFileSync(cli, [...args, file, ...urls], { encoding: 'utf8' });
            } catch (err) {
                text = err.stdout;
            }
            text.trim().split('\n').forEach((line, i) => {
                out[profile][`${urls[i]}\t${agents.join(', ')}`] = JSON.parse(line);
            });
        }
    }
    return out;
}

async function newPage(width, height) {
    const page = await browser.newPage({ viewport: { width, height } });
    const problems = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
        if (msg.type() === 'error')
            problems.push(msg.text());
    });
    page.problems = problems;
    return page;
}

// A page of the tester at this size, loaded and ready.
async function openPage(width, height, url) {
    const page = await newPage(width, height);
    await page.goto(url || base);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
}

async function typeInto(page, selector, text) {
    const box = page.locator(selector);
    await box.fill('');
    await box.pressSequentially(text);
}

// What the table shows, row by row.
function readTable(page) {
    return page.$$eval('#verdicts tbody tr', (trs) => trs.map((tr) => ({
        url: tr.querySelector('td.url .text').textContent,
        agents: tr.querySelector('td.agent').textContent,
        robotsUrl: tr.querySelector('.governs')?.dataset.robotsUrl ?? null,
        cells: Object.fromEntries([...tr.querySelectorAll('td[data-profile]')].map((td) => [
            td.dataset.profile, {
                allowed: td.dataset.allowed === undefined ? null : td.dataset.allowed === 'true',
                reason: td.dataset.reason ?? null,
                line: td.dataset.line === undefined ? null : Number(td.dataset.line),
                error: td.dataset.error ?? null,
            }])),
    })));
}

async function waitForRows(page, urls, crawlers) {
    const want = urls.flatMap((u) => crawlers.map((a) => `${u}\t${a.join(', ')}`));
    await page.waitForFunction((w) => {
        const got = [...document.querySelectorAll('#verdicts tbody tr')].map((tr) =>
            `${tr.querySelector('td.url .text').textContent}\t${tr.querySelector('td.agent').textContent}`);
        return JSON.stringify(got) === JSON.stringify(w);
    }, want, { timeout: 20000 });
}

function compareTable(rows, expected) {
    let compared = 0;
    for (const row of rows) {
        for (const profile of PROFILES) {
            const c = expected[profile][`${row.url}\t${row.agents}`];
            assert.ok(c, `no C answer for ${row.url} ${row.agents}`);
            assert.deepEqual(row.cells[profile], {
                allowed: c.allowed, reason: c.reason,
                line: c.rule === null ? null : c.rule.line, error: null,
            }, `${profile} ${row.url} ${row.agents}`);
            compared++;
        }
    }
    return compared;
}

// Selects row `i` with the keyboard and returns the highlighted lines.
async function selectRow(page, i) {
    await page.locator('#verdicts tbody tr').first().focus();
    for (let k = 0; k < i; k++)
        await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    return page.$$eval('#lines li.decides', (lis) => lis.map((li) => ({
        line: Number(li.dataset.line), profiles: li.dataset.profiles.split(' '),
    })));
}

// The deciding lines the C command gives for one row: {line: [profiles]}.
function decidingLines(expected, row) {
    const lines = {};
    for (const profile of PROFILES) {
        const c = expected[profile][`${row.url}\t${row.agents}`];
        if (c.rule !== null)
            (lines[c.rule.line] ||= []).push(profile);
    }
    return Object.entries(lines).map(([line, profiles]) => ({ line: Number(line), profiles }))
        .sort((a, b) => a.line - b.line);
}

async function checkFile(page, { file, urls, crawlers, name }) {
    const text = readFileSync(file, 'utf8');
    await typeInto(page, '#urls', '');
    await typeInto(page, '#robots', text);
    await typeInto(page, '#agents', crawlers.map((a) => a.join(', ')).join('\n'));
    await typeInto(page, '#urls', urls.join('\n'));
    await waitForRows(page, urls, crawlers);
    const rows = await readTable(page);
    const expected = cliVerdicts(file, urls, crawlers);
    const compared = compareTable(rows, expected);
    assert.equal(compared, urls.length * crawlers.length * 3);

    // Each URL's robots.txt URL, as `robots url` gives it.
    for (const row of rows) {
        if (!/^[a-z]+:/i.test(row.url)) {
            assert.equal(row.robotsUrl, null, row.url);
            continue;
        }
        const want = execFileSync(cli, ['url', row.url], { encoding: 'utf8' }).trim();
        assert.equal(row.robotsUrl, want, row.url);
    }

    // Selecting rows highlights the lines that decided, per profile.
    let highlighted = 0;
    for (let i = 0; i < rows.length; i += Math.max(1, Math.floor(rows.length / 6))) {
        const got = (await selectRow(page, i)).sort((a, b) => a.line - b.line);
        assert.deepEqual(got, decidingLines(expected, rows[i]), `row ${i}: ${rows[i].url}`);
        assert.equal(await page.$eval(`#verdicts tbody tr[data-row="${i}"]`,
            (tr) => tr.getAttribute('aria-selected')), 'true');
        highlighted += got.length;
    }
    assert.ok(highlighted > 0, 'no row had a deciding line');

    // The findings at their lines are the library's, as robots lint
    // reports them: the parse's diagnostics and the whole-file analysis.
    for (const profile of PROFILES) {
        await page.selectOption('#diag-profile', profile);
        const key = (d) => `${d.line} ${d.kind} ${d.severity} ${d.relatedLine}`;
        const shown = await shownFindings(page);
        const want = lintFindings(file, profile);
        assert.deepEqual(shown.map(key).sort(), want.map(key).sort(), `${name} ${profile}`);
    }
    await page.selectOption('#diag-profile', 'rfc9309');
    return rows;
}

// The findings the page shows at the file's lines.
function shownFindings(page) {
    return page.$$eval('#lines li .diagnostic', (ds) => ds.map((d) => ({
        line: Number(d.closest('li').dataset.line), kind: d.dataset.kind,
        severity: d.classList.contains('error') ? 'error'
            : d.classList.contains('warning') ? 'warning' : 'note',
        relatedLine: d.dataset.relatedLine === undefined ? null : Number(d.dataset.relatedLine),
        text: d.textContent,
    })));
}

// What `robots lint` reports for the file, of the library's kinds.
function lintFindings(file, profile) {
    const known = new Set(librobots.diagnosticKinds().map((k) => k.name));
    let lint;
    try {
        lint = execFileSync(cli, ['lint', '--format', 'json', '--profile', profile, file],
            { encoding: 'utf8' });
    } catch (err) {
        lint = err.stdout; // exit 1: errors found
    }
    return JSON.parse(lint).diagnostics.filter((d) => known.has(d.code))
        .map((d) => ({ line: d.line, kind: d.code, severity: d.severity,
            relatedLine: d.related_line, message: d.message }));
}

const MARYS = {
    name: "Mary's Antiques",
    file: path.join(root, 'examples', 'marys-antiques.txt'),
    urls: readFileSync(path.join(root, 'examples', 'urls.txt'), 'utf8').trim().split('\n')
        .concat(['/private/suzy-stuff', '/robots.txt']),
    crawlers: [['Suzy-Spider'], ['Furniture-Finder'], ['NosyBot'], ['NosyBot', 'Suzy-Spider']],
};

const ZURICH = {
    name: 'the Zürich shop',
    file: path.join(root, 'web', 'examples', 'zurich-shop.txt'),
    urls: readFileSync(path.join(root, 'web', 'examples', 'zurich-shop-urls.txt'), 'utf8')
        .trim().split('\n'),
    crawlers: [['Googlebot'], ['FooBot/2.1'], ['Bücherwurm'], ['OtherBot']],
};

test('typed files: the page shows the C library\'s answers', async () => {
    const page = await openPage(1280, 900);
    // Labels for every control, names for the regions a reader jumps to.
    const unlabelled = await page.$$eval('textarea, input:not([type=file]), select',
        (els) => els.filter((e) => e.labels.length === 0).map((e) => e.id));
    assert.deepEqual(unlabelled, []);
    assert.equal(await page.getAttribute('#verdicts', 'aria-labelledby'), 'results-title');

    const marys = await checkFile(page, MARYS);
    await page.locator('#verdicts tbody tr').nth(2).click();
    await page.screenshot({ path: path.join(outDir, 'marys-antiques.png'), fullPage: true });

    const zurich = await checkFile(page, ZURICH);
    assert.ok(zurich.some((r) => r.robotsUrl === 'https://www.xn--zrich-shop-9db.example/robots.txt'));
    // Where the file is: each absolute URL says whether it governs it.
    const at = 'https://www.zürich-shop.example/robots.txt';
    await typeInto(page, '#robots-url', at);
    await page.waitForFunction((a) =>
        document.querySelector('#verdicts tbody').dataset.robotsUrl === a, at);
    const scopes = await page.$$eval('td.url .scope', (s) => s.map((e) => e.textContent));
    assert.ok(scopes.every((s) => s === 'governed by this file'), scopes.join(' | '));
    await selectRow(page, 5);
    await page.screenshot({ path: path.join(outDir, 'zurich-shop.png'), fullPage: true });
    assert.ok(marys.length > 0 && zurich.length > 0);

    // The whole state is in the fragment: a new page opening the link
    // shows the same table.
    await page.waitForFunction(() => location.hash.length > 20);
    await page.waitForTimeout(400); // the fragment follows edits after 300 ms
    const link = page.url();
    const table = await readTable(page);
    const second = await openPage(1280, 900, link);
    assert.deepEqual(await readTable(second), table);
    assert.equal(await second.inputValue('#robots-url'),
        'https://www.zürich-shop.example/robots.txt');
    await second.close();
    assert.deepEqual(page.problems, []);
    await page.close();
    // Nothing typed ever left the page: only its own files were fetched.
    const files = new Set(['/', '/style.css', '/librobots.js', '/app.js',
        '/librobots.wasm', '/examples/marys-antiques.txt',
        '/examples/marys-antiques-urls.txt']);
    assert.deepEqual(requests.filter((r) => !files.has(r.replace(/^GET /, ''))), []);
});

test('the analysis of the whole file is shown at its line, as robots lint says', async () => {
    const page = await openPage(1280, 900);
    // BadBot's line joins the group of line 1 across the crawl-delay: BadBot
    // and every other crawler are disallowed everything.
    const text = 'User-agent: *\nCrawl-delay: 10\n\nUser-agent: BadBot\nDisallow: /\n';
    const file = path.join(outDir, 'badbot.txt');
    writeFileSync(file, text);
    await typeInto(page, '#robots', text);
    await page.waitForFunction(() =>
        document.querySelector('#lines li[data-line="4"] .diagnostic') !== null);
    const shown = (await shownFindings(page)).filter((d) => d.kind === 'agent-joins-group');
    const want = lintFindings(file, 'rfc9309').filter((d) => d.kind === 'agent-joins-group');
    assert.equal(want.length, 1, JSON.stringify(want));
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.deepEqual([shown[0].line, shown[0].severity, shown[0].relatedLine],
        [4, 'warning', 1]);
    assert.deepEqual([shown[0].line, shown[0].severity, shown[0].relatedLine],
        [want[0].line, want[0].severity, want[0].relatedLine]);
    assert.ok(shown[0].text.includes(want[0].message), shown[0].text);
    assert.ok(shown[0].text.includes('[agent-joins-group]'), shown[0].text);
    assert.match(await page.textContent('#lint-note'), /robots lint/);
    assert.doesNotMatch(await page.textContent('#lint-note'), /not shown/);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('a file that is not UTF-8 is tested byte for byte', async () => {
    const page = await openPage(1280, 900);
    const bytes = Buffer.concat([Buffer.from('User-agent: *\r\nDisallow: /caf'),
        Buffer.from([0xe9]), Buffer.from('\r\nAllow: /\r\n')]);
    const file = path.join(outDir, 'latin1.txt');
    writeFileSync(file, bytes);
    await page.setInputFiles('#robots-file', file);
    await page.waitForFunction(() => document.getElementById('robots-note').textContent !== '');
    const urls = ['/caf%E9', '/caf%C3%A9', '/caf'];
    await typeInto(page, '#agents', 'AnyBot');
    await typeInto(page, '#urls', urls.join('\n'));
    await waitForRows(page, urls, [['AnyBot']]);
    compareTable(await readTable(page), cliVerdicts(file, urls, [['AnyBot']]));
    const rows = await readTable(page);
    assert.equal(rows[0].cells.rfc9309.allowed, false);
    assert.equal(rows[1].cells.rfc9309.allowed, true);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('the page at a phone\'s width, by keyboard alone', async () => {
    const page = await openPage(375, 740);
    await page.waitForSelector('#verdicts tbody tr');
    const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    // Tab from the top reaches the table; Enter selects a row.
    await page.keyboard.press('Tab');
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
        reached = await page.evaluate(() => document.activeElement?.closest('#verdicts tbody') !== null);
        if (!reached)
            await page.keyboard.press('Tab');
    }
    assert.ok(reached, 'Tab never reached the verdicts');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.ok((await page.$$('#lines li.decides, #lines li.group-used')).length > 0);
    assert.match(await page.textContent('#highlight-status'), /rfc9309/);
    await page.screenshot({ path: path.join(outDir, 'phone.png'), fullPage: true });
    await page.close();
});

test('the package\'s browser entry works in the browser', async () => {
    const page = await newPage(800, 600);
    await page.goto(base);
    const got = await page.evaluate(async () => {
        const m = await import('./browser.mjs');
        await m.init();
        const doc = m.parse('User-agent: *\nDisallow: /x\n');
        const v = doc.check('a', '/x/y');
        doc.free();
        return [v.allowed, v.line, m.version];
    });
    assert.deepEqual(got, [false, 2, librobots.version]);
    await page.close();
});
