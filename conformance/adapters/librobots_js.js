#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Batch adapter for librobots' own npm package (js/): the C library compiled
// to WebAssembly. Unlike the other implementations it has the three
// profiles, so each query is parsed in the query's profile. It speaks
// protocol 2: the usage cases are answered by doc.usage(). Its row must be
// all passed: the matrix doubles as the package's test.
//
// LIBROBOTS_WASM names the module to load (compat.sh builds one into its
// build directory); without it the package loads js/librobots.wasm.
'use strict';
const fs = require('fs');
const path = require('path');
const librobots = require(path.join(__dirname, '..', '..', 'js', 'librobots.js'));
const {serve} = require('./batch_protocol');

if (process.env.LIBROBOTS_WASM) {
    librobots.initSync(fs.readFileSync(process.env.LIBROBOTS_WASM));
}

// Protocol 2: the usage cases, answered by doc.usage().
function usage(profile, robots, agent, url, header, options) {
    const doc = librobots.parse(new Uint8Array(robots), {
        profile, contentUsageEndsGroup: options.has('content_usage_ends_group')});
    try {
        const u = doc.usage(new Uint8Array(agent), new Uint8Array(url),
            header === null ? undefined : header.map((b) => new Uint8Array(b)));
        return {crawlable: u.crawlable, labels: u.labels, lines: u.lines,
            signal: u.signal, fileSignal: u.fileSignal};
    } finally {
        doc.free();
    }
}

serve((profile, robots, agent, url) => {
    const doc = librobots.parse(new Uint8Array(robots), {profile});
    try {
        return doc.isAllowed(new Uint8Array(agent), new Uint8Array(url));
    } finally {
        doc.free();
    }
}, {raw: true, usage});
