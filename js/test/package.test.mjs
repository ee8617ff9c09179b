// SPDX-License-Identifier: MIT
// package.test.mjs - the package as npm ships it: librobots.wasm under
// 300 KiB exporting the whole public API (lib/robots.sym) and importing no
// more than the glue provides, `npm pack` packing every file the entry
// points need, and a project that installs the tarball getting the same
// answers through require(), import and the robots-parser drop-in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import * as robots from '../index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.join(here, '..');
const root = path.join(pkgDir, '..');
const wasmPath = path.join(pkgDir, 'librobots.wasm');

test('librobots.wasm is under 300 KiB', () => {
    const size = statSync(wasmPath).size;
    assert.ok(size < 300 * 1024, `${size} bytes`);
});

test('the module exports every public function and imports only WASI', () => {
    const listed = readFileSync(path.join(root, 'lib', 'robots.sym'), 'utf8')
        .split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    const exported = new Set(robots.default.exportedNames);
    for (const name of listed)
        assert.ok(exported.has(name), `${name} is not exported`);
    const module = new WebAssembly.Module(readFileSync(wasmPath));
    for (const imp of WebAssembly.Module.imports(module))
        assert.equal(imp.module, 'wasi_snapshot_preview1', imp.name);
});

test('the exports map and the files list agree', () => {
    const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    const targets = [];
    const walk = (v) => (typeof v === 'string' ? targets.push(v)
        : Object.values(v).forEach(walk));
    walk(pkg.exports);
    for (const t of targets) {
        assert.ok(pkg.files.includes(t.replace(/^\.\//, '')) ||
            t === './package.json', `${t} is exported but not packed`);
    }
});

function npm(args, cwd) {
    return execFileSync('npm', args, {
        cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, npm_config_update_notifier: 'false',
            npm_config_fund: 'false', npm_config_audit: 'false' },
    });
}

test('npm pack, then install the tarball: every entry point answers', () => {
    const work = mkdtempSync(path.join(tmpdir(), 'librobots-pack-'));
    try {
        // --ignore-scripts: the module is built already (the prepack
        // script builds it in a checkout).
        const packed = JSON.parse(npm(['pack', '--json', '--ignore-scripts',
            '--pack-destination', work], pkgDir));
        const files = packed[0].files.map((f) => f.path).sort();
        assert.deepEqual(files, ['README.md', 'browser.mjs', 'index.d.ts',
            'index.mjs', 'librobots.js', 'librobots.wasm', 'package.json',
            'robots-parser.d.ts', 'robots-parser.js', 'robots-parser.mjs']);
        const project = path.join(work, 'project');
        execFileSync('mkdir', [project]);
        writeFileSync(path.join(project, 'package.json'), '{"private": true}');
        npm(['install', '--offline', '--no-package-lock',
            path.join(work, packed[0].filename)], project);
        const cjs = `
            const r = require('librobots');
            const rp = require('librobots/robots-parser');
            const doc = r.parse('User-agent: *\\nDisallow: /x\\n');
            const p = rp('http://a.com/robots.txt', 'User-agent: *\\nDisallow: /x\\n');
            console.log(JSON.stringify([doc.check('b', '/x').line,
                p.isAllowed('http://a.com/x'), r.version]));`;
        const esm = `
            import { parse, version } from 'librobots';
            import rp from 'librobots/robots-parser';
            const doc = parse('User-agent: *\\nDisallow: /x\\n');
            const p = rp('http://a.com/robots.txt', 'User-agent: *\\nDisallow: /x\\n');
            console.log(JSON.stringify([doc.check('b', '/x').line,
                p.isAllowed('http://a.com/x'), version]));`;
        const want = JSON.stringify([2, false, robots.version]);
        for (const [flag, source] of [['--input-type=commonjs', cjs],
            ['--input-type=module', esm]]) {
            const got = execFileSync(process.execPath, [flag, '-e', source],
                { cwd: project, encoding: 'utf8' }).trim();
            assert.equal(got, want, flag);
        }
    } finally {
        rmSync(work, { recursive: true, force: true });
    }
});
