// SPDX-License-Identifier: MIT
// app.js - the tester page: reads the robots.txt, URLs and crawlers the
// user gives, asks librobots (librobots.js and librobots.wasm, loaded by
// index.html) for every verdict in the three profiles, and shows them with
// the deciding line, the diagnostics and the analysis of the whole file
// (what robots lint reports) at their lines and each URL's
// robots.txt URL. The page decides nothing: every answer is the library's.
// The state lives in the URL's fragment, never sent anywhere.

const librobots = globalThis.librobots;
const PROFILES = ['rfc9309', 'google', 'legacy'];
// Rows shown at most (URLs times crawlers); the rest are counted.
const MAX_ROWS = 2000;
const EXAMPLES = {
    marys: {
        robots: 'examples/marys-antiques.txt',
        urls: 'examples/marys-antiques-urls.txt',
        agents: 'Suzy-Spider\nFurniture-Finder\nNosyBot\n',
        robotsUrl: 'http://www.marys-antiques.com/robots.txt',
    },
    zurich: {
        robots: 'examples/zurich-shop.txt',
        urls: 'examples/zurich-shop-urls.txt',
        agents: 'Googlebot\nFooBot/2.1\nBücherwurm\nOtherBot\nGooglebot-Image, Googlebot\n',
        robotsUrl: 'https://www.zürich-shop.example/robots.txt',
    },
};

const $ = (id) => document.getElementById(id);
const ui = {
    robots: $('robots'), urls: $('urls'), agents: $('agents'),
    robotsUrl: $('robots-url'), file: $('robots-file'),
    robotsNote: $('robots-note'), tbody: document.querySelector('#verdicts tbody'),
    summary: $('summary'), lines: $('lines'), diagProfile: $('diag-profile'),
    diagSummary: $('diag-summary'), highlight: $('highlight-status'),
    share: $('share-status'), load: $('load-status'),
};

// What is tested: the file's exact bytes when it came from a file and has
// not been edited since (they may not be UTF-8), else the text.
let fileBytes = null;
let docs = []; // one document per profile
let rows = []; // [{url, agents, verdicts}]
let selected = -1;

function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
        if (k === 'class')
            e.className = v;
        else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role' ||
            k === 'tabindex' || k === 'title')
            e.setAttribute(k, v);
        else
            e[k] = v;
    }
    for (const c of children) {
        if (c !== null && c !== undefined)
            e.append(c);
    }
    return e;
}

function body() {
    return fileBytes !== null ? fileBytes : ui.robots.value;
}

function lines(text) {
    return text.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
}

// ------------------------------------------------------------ verdicts

function parseAll() {
    for (const d of docs)
        d.free();
    docs = PROFILES.map((profile) => librobots.parse(body(), { profile }));
}

function verdictOf(doc, agents, url) {
    try {
        const v = doc.check(agents, url);
        const groupLine = v.group === null ? null : doc.group(v.group).line;
        return { ...v, groupLine };
    } catch (err) {
        if (err instanceof RangeError || err instanceof TypeError)
            return { error: err.code || err.name, message: err.message };
        throw err;
    }
}

function robotsUrlOf(url) {
    try {
        return librobots.robotsTxtUrl(url);
    } catch (err) {
        return null; // a path, or not a URL the library reads
    }
}

function scopeOf(url) {
    const at = ui.robotsUrl.value.trim();
    if (at === '' || !/^[a-z][a-z0-9+.-]*:/i.test(url))
        return null;
    try {
        return librobots.scope(at, url);
    } catch (err) {
        return { error: err.code || err.name };
    }
}

function computeRows() {
    const urls = lines(ui.urls.value);
    const crawlers = lines(ui.agents.value).map((l) =>
        l.split(',').map((n) => n.trim()).filter((n) => n !== ''))
        .filter((names) => names.length > 0);
    const list = [];
    let total = 0;
    for (const url of urls) {
        for (const agents of crawlers) {
            total++;
            if (list.length >= MAX_ROWS)
                continue;
            list.push({
                url, agents,
                robotsUrl: robotsUrlOf(url),
                scope: scopeOf(url),
                verdicts: docs.map((d) => verdictOf(d, agents, url)),
            });
        }
    }
    return { list, total };
}

function verdictCell(v, profile) {
    const td = el('td', { 'data-profile': profile, role: 'gridcell' });
    if (v.error !== undefined) {
        td.className = 'error';
        td.dataset.error = v.error;
        td.append(el('strong', {}, 'Error'), ' ', el('span', { class: 'why' }, v.message));
        return td;
    }
    td.className = v.allowed ? 'allowed' : 'disallowed';
    td.dataset.allowed = String(v.allowed);
    td.dataset.reason = v.reason;
    if (v.line !== null)
        td.dataset.line = String(v.line);
    td.append(el('strong', {}, v.allowed ? '✓ Allowed' : '✗ Disallowed'));
    const why = el('span', { class: 'why' }, ` ${reasonText(v)}`);
    td.append(why);
    if (v.line !== null) {
        const kind = v.ruleKind === 'allow' ? 'Allow' : 'Disallow';
        td.append(el('code', { class: 'rule' }, `${v.line}: ${kind}: ${v.pattern}`));
    }
    if (v.truncated)
        td.append(el('span', { class: 'why' }, ' (the file was cut at its parse limit)'));
    return td;
}

// The library's reason, in words. The names are robots_reason_name()'s.
function reasonText(v) {
    switch (v.reason) {
    case 'no-group': return 'no group applies';
    case 'no-rule-matched': return `no rule of ${v.specific ? 'its' : 'the *'} group matches`;
    case 'longest-match': return 'the longest matching rule';
    case 'tie-allow': return 'Allow wins a tie';
    case 'first-match': return 'the first matching rule';
    case 'robots-txt': return '/robots.txt is always allowed';
    default: return v.reason;
    }
}

function renderRows() {
    const { list, total } = computeRows();
    rows = list;
    // Where the file is, as the table was made with (for tests and styles).
    ui.tbody.dataset.robotsUrl = ui.robotsUrl.value.trim();
    ui.tbody.replaceChildren();
    list.forEach((row, i) => {
        const urlCell = el('td', { class: 'url', role: 'gridcell' },
            el('span', { class: 'text' }, row.url));
        if (row.robotsUrl !== null) {
            urlCell.append(el('span', { class: 'governs', 'data-robots-url': row.robotsUrl },
                'robots.txt: ', el('code', {}, row.robotsUrl)));
        }
        if (row.scope !== null) {
            urlCell.append(el('span', { class: 'scope' }, row.scope.error !== undefined
                ? `cannot tell whether this file governs it (${row.scope.error})`
                : row.scope.applies ? 'governed by this file'
                    : `not governed by this file (${row.scope.reason})`));
        }
        const tr = el('tr', {
            role: 'row', 'data-row': String(i), tabindex: i === 0 ? '0' : '-1',
            'aria-selected': 'false',
        }, urlCell, el('td', { class: 'agent', role: 'gridcell' }, row.agents.join(', ')),
        ...row.verdicts.map((v, p) => verdictCell(v, PROFILES[p])));
        ui.tbody.append(tr);
    });
    const disallowed = PROFILES.map((p, k) =>
        `${list.filter((r) => r.verdicts[k].allowed === false).length} disallowed in ${p}`);
    ui.summary.textContent = list.length === 0
        ? 'Enter at least one URL and one crawler.'
        : `${total} rows${total > list.length ? ` (the first ${list.length} shown)` : ''}: ` +
          `${disallowed.join(', ')}.`;
    selected = -1;
}

// ------------------------------------------------------ the file's lines

function renderLines() {
    const text = fileBytes !== null
        ? new TextDecoder().decode(fileBytes) : ui.robots.value;
    const doc = docs[PROFILES.indexOf(ui.diagProfile.value)];
    // What robots lint reports: the parse's diagnostics and the analysis
    // of the whole file, in the order of the lines.
    const analysis = doc.analyze();
    const diags = doc.diagnostics().concat(analysis.findings)
        .sort((a, b) => a.line - b.line || a.column - b.column);
    const byLine = new Map();
    for (const d of diags) {
        if (!byLine.has(d.line))
            byLine.set(d.line, []);
        byLine.get(d.line).push(d);
    }
    const parts = text.split(/\r\n|\r|\n/);
    if (parts.length > 1 && parts[parts.length - 1] === '')
        parts.pop();
    ui.lines.replaceChildren(...parts.map((content, i) => {
        const n = i + 1;
        const li = el('li', { class: 'line', 'data-line': String(n), id: `line-${n}` },
            el('code', {}, content === '' ? ' ' : content));
        for (const d of byLine.get(n) || []) {
            li.classList.add(`has-${d.severity}`);
            const attrs = {
                class: `diagnostic ${d.severity}`, role: 'note',
                'data-kind': d.kind,
            };
            if (d.relatedLine !== null)
                attrs['data-related-line'] = String(d.relatedLine);
            li.append(el('div', attrs, el('strong', {}, `${d.severity}: `), d.message,
            d.suggestion !== null ? ` (did you mean ${d.suggestion}?)` : null,
            ' ', el('span', { class: 'kind' }, `[${d.kind}]`)));
        }
        return li;
    }));
    const counts = ['error', 'warning', 'note'].map((s) =>
        `${diags.filter((d) => d.severity === s).length} ${s}s`);
    const found = doc.diagnosticTotal + analysis.total;
    const more = found > diags.length
        ? ` (${found} found, the first ${diags.length} kept)` : '';
    ui.diagSummary.textContent = `Diagnostics (${ui.diagProfile.value}): ` +
        `${counts.join(', ')}${more}.`;
}

// ------------------------------------------------------------ selection

function select(i, focus) {
    const trs = ui.tbody.querySelectorAll('tr');
    if (i < 0 || i >= trs.length)
        return;
    trs.forEach((tr, k) => {
        tr.setAttribute('aria-selected', String(k === i));
        tr.tabIndex = k === i ? 0 : -1;
    });
    if (focus)
        trs[i].focus();
    selected = i;
    highlight(rows[i]);
}

function highlight(row) {
    for (const li of ui.lines.querySelectorAll('.decides, .group-used')) {
        li.classList.remove('decides', 'group-used');
        delete li.dataset.profiles;
        li.querySelector('.badge')?.remove();
    }
    const said = [];
    const mark = (line, cls, profile) => {
        const li = document.getElementById(`line-${line}`);
        if (li === null)
            return null;
        li.classList.add(cls);
        const profiles = (li.dataset.profiles || '').split(' ').filter(Boolean);
        profiles.push(profile);
        li.dataset.profiles = profiles.join(' ');
        li.querySelector('.badge')?.remove();
        li.prepend(el('span', { class: 'badge' }, `${cls === 'decides' ? 'decides'
            : 'group used'}: ${profiles.join(', ')}`));
        return li;
    };
    let first = null;
    row.verdicts.forEach((v, p) => {
        const profile = PROFILES[p];
        if (v.error !== undefined) {
            said.push(`${profile}: an error`);
        } else if (v.line !== null) {
            const li = mark(v.line, 'decides', profile);
            first = first || li;
            said.push(`${profile}: line ${v.line} decides`);
        } else if (v.groupLine !== null) {
            const li = mark(v.groupLine, 'group-used', profile);
            first = first || li;
            said.push(`${profile}: no rule decides; the group at line ${v.groupLine} applies`);
        } else {
            said.push(`${profile}: no line decides (${reasonText(v)})`);
        }
    });
    // Only the lines' own box scrolls: the selected row stays in view.
    if (first !== null)
        ui.lines.scrollTop = first.offsetTop - ui.lines.clientHeight / 3;
    ui.highlight.textContent = `${row.url} for ${row.agents.join(', ')}: ${said.join('; ')}.`;
}

ui.tbody.addEventListener('click', (e) => {
    const tr = e.target.closest('tr');
    if (tr !== null)
        select(Number(tr.dataset.row), true);
});

ui.tbody.addEventListener('keydown', (e) => {
    const tr = e.target.closest('tr');
    if (tr === null)
        return;
    const i = Number(tr.dataset.row);
    const moves = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: rows.length - 1 };
    if (e.key in moves) {
        e.preventDefault();
        const to = Math.max(0, Math.min(rows.length - 1, moves[e.key]));
        ui.tbody.querySelectorAll('tr').forEach((r, k) => { r.tabIndex = k === to ? 0 : -1; });
        ui.tbody.querySelectorAll('tr')[to].focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        select(i, true);
    }
});

// --------------------------------------------------- the URL's fragment

function base64url(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
        s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text) {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
    const out = new Blob([bytes]).stream().pipeThrough(stream);
    return new Uint8Array(await new Response(out).arrayBuffer());
}

// The state: the file's bytes (exact), the URLs, the crawlers, where the
// file is, the diagnostics' profile; JSON, deflated when the browser can.
async function encodeState() {
    const bytes = fileBytes !== null ? fileBytes : new TextEncoder().encode(ui.robots.value);
    const json = new TextEncoder().encode(JSON.stringify({
        v: 1, r: base64url(bytes), u: ui.urls.value, a: ui.agents.value,
        s: ui.robotsUrl.value, d: ui.diagProfile.value,
    }));
    if (typeof CompressionStream === 'function')
        return `z${base64url(await pipe(json, new CompressionStream('deflate-raw')))}`;
    return `j${base64url(json)}`;
}

async function decodeState(fragment) {
    const kind = fragment[0];
    let json = unbase64url(fragment.slice(1));
    if (kind === 'z')
        json = await pipe(json, new DecompressionStream('deflate-raw'));
    else if (kind !== 'j')
        throw new Error('not a tester link');
    const s = JSON.parse(new TextDecoder().decode(json));
    return {
        bytes: unbase64url(s.r), urls: String(s.u || ''), agents: String(s.a || ''),
        robotsUrl: String(s.s || ''), diag: PROFILES.includes(s.d) ? s.d : 'rfc9309',
    };
}

let saving = null;
function saveSoon() {
    clearTimeout(saving);
    saving = setTimeout(async () => {
        const fragment = await encodeState();
        history.replaceState(null, '', `#${fragment}`);
    }, 300);
}

// ------------------------------------------------------------- updates

// A file's bytes are tested as they are (a text area would turn its line
// ends into LF and bytes that are not UTF-8 into U+FFFD) until it is edited.
function setBytes(bytes) {
    const text = new TextDecoder().decode(bytes);
    const exact = new TextEncoder().encode(text);
    const utf8 = exact.length === bytes.length && exact.every((b, i) => b === bytes[i]);
    fileBytes = bytes;
    ui.robots.value = text;
    ui.robotsNote.textContent = utf8 ? '' : 'This file is not all UTF-8: it is tested ' +
        'byte for byte (shown with \ufffd where a byte is not UTF-8) until you edit it.';
}

let updating = null;
function update() {
    clearTimeout(updating);
    updating = setTimeout(refresh, 120);
}

function refresh() {
    try {
        parseAll();
    } catch (err) {
        ui.summary.textContent = `The file could not be read: ${err.message}`;
        return;
    }
    renderLines();
    renderRows();
    saveSoon();
}

ui.robots.addEventListener('input', () => {
    if (fileBytes !== null) {
        fileBytes = null;
        ui.robotsNote.textContent = '';
    }
    update();
});
for (const input of [ui.urls, ui.agents, ui.robotsUrl])
    input.addEventListener('input', update);
ui.diagProfile.addEventListener('change', () => {
    renderLines();
    if (selected >= 0)
        highlight(rows[selected]);
    saveSoon();
});

async function readFile(file) {
    setBytes(new Uint8Array(await file.arrayBuffer()));
    refresh();
}

ui.file.addEventListener('change', () => {
    if (ui.file.files.length > 0)
        readFile(ui.file.files[0]);
});
ui.robots.addEventListener('dragover', (e) => {
    e.preventDefault();
    ui.robots.classList.add('dropping');
});
ui.robots.addEventListener('dragleave', () => ui.robots.classList.remove('dropping'));
ui.robots.addEventListener('drop', (e) => {
    ui.robots.classList.remove('dropping');
    if (e.dataTransfer.files.length > 0) {
        e.preventDefault();
        readFile(e.dataTransfer.files[0]);
    }
});

async function loadExample(name) {
    const ex = EXAMPLES[name];
    const [robots, urls] = await Promise.all([ex.robots, ex.urls].map(async (f) => {
        const res = await fetch(f);
        if (!res.ok)
            throw new Error(`${f}: HTTP ${res.status}`);
        return new Uint8Array(await res.arrayBuffer());
    }));
    setBytes(robots);
    ui.urls.value = new TextDecoder().decode(urls);
    ui.agents.value = ex.agents;
    ui.robotsUrl.value = ex.robotsUrl;
    refresh();
}

for (const button of document.querySelectorAll('[data-example]')) {
    button.addEventListener('click', () => loadExample(button.dataset.example)
        .catch((err) => { ui.summary.textContent = `Could not load the example: ${err.message}`; }));
}

$('copy-link').addEventListener('click', async () => {
    clearTimeout(saving);
    const url = `${location.href.split('#')[0]}#${await encodeState()}`;
    history.replaceState(null, '', url);
    try {
        await navigator.clipboard.writeText(url);
        ui.share.textContent = 'Link copied.';
    } catch (err) {
        ui.share.textContent = 'The address bar now holds the link; copy it from there.';
    }
});

async function fromFragment() {
    const fragment = location.hash.slice(1);
    if (fragment === '')
        return false;
    try {
        const s = await decodeState(fragment);
        setBytes(s.bytes);
        ui.urls.value = s.urls;
        ui.agents.value = s.agents;
        ui.robotsUrl.value = s.robotsUrl;
        ui.diagProfile.value = s.diag;
        return true;
    } catch (err) {
        ui.summary.textContent = `The link's test could not be read (${err.message}).`;
        return false;
    }
}

async function start() {
    try {
        await librobots.init('librobots.wasm');
    } catch (err) {
        ui.load.textContent = `librobots could not be loaded: ${err.message}`;
        return;
    }
    $('version').textContent = librobots.version;
    ui.load.textContent = '';
    if (!(await fromFragment()))
        await loadExample('marys');
    refresh();
    document.body.dataset.ready = 'true';
}

start();
