// SPDX-License-Identifier: MIT
/*
 * librobots.js - librobots for JavaScript: the glue between JavaScript and
 * librobots.wasm, the C library compiled to WebAssembly (wasm/). Text goes
 * in and out as UTF-8 bytes in the module's memory; every answer, limit,
 * name and message is the library's (semantics live in lib/ alone). The
 * C functions whose results are structures are reached through
 * wasm/shim.c, which flattens them into numbered slots named below.
 *
 * One file for Node and browsers: CommonJS in Node (index.mjs is its ES
 * module face), a classic script defining globalThis.librobots in a
 * browser (browser.mjs is its ES module face). No dependency.
 */
(function (root, factory) {
    'use strict';
    if (typeof module === 'object' && module && module.exports) {
        module.exports = factory(function readBesideThisFile() {
            return require('fs').readFileSync(
                require('path').join(__dirname, 'librobots.wasm'));
        }, null);
    } else {
        const script = typeof document !== 'undefined' &&
            document.currentScript ? document.currentScript.src : null;
        root.librobots = factory(null, script ?
            new URL('librobots.wasm', script).href : 'librobots.wasm');
    }
})(typeof globalThis !== 'undefined' ? globalThis : this,
function (readWasm, wasmUrl) {
    'use strict';

    // ROBOTS_NO_POSITION, (size_t)-1, as a wasm32 size_t.
    const NO_POSITION = 0xffffffff;
    const ROBOTS_OK = 0;
    // The slots of wasm/shim.c's rb_wasm_out that the glue reads.
    const SLOTS = 48;
    const REALS = 4;
    // The order of rb_wasm_limit()'s list in wasm/shim.c.
    const LIMIT_NAMES = [
        'maxInputBytes', 'maxUrlBytes', 'maxQueryAgents', 'maxAgentBytes',
        'defaultParseLimit', 'maxLineBytes', 'maxDiagnostics',
        'maxRobotsUrlBytes', 'metaMaxScanBytes', 'maxNormalizedPatternBytes',
        'maxRedirects', 'maxHostBytes', 'maxPunycodeCodePoints',
        'metaMaxDirectives',
    ];
    // The persistent staging area is brought back to this size after a
    // call that needed more, so that one large input does not keep its
    // memory in use.
    const SCRATCH_KEEP = 64 * 1024;
    // A string longer than this is encoded to exact bytes first rather
    // than staged at three bytes per UTF-16 unit.
    const ENCODE_FIRST = 1 << 20;
    // robots_status values the glue names: it checks a length against the
    // library's own limit before copying an input of that length.
    const ST = {
        TOO_LARGE: 4, URL_TOO_LONG: 5, TOO_MANY_AGENTS: 7,
        AGENT_TOO_LONG: 8, BUFFER_TOO_SMALL: 9, NO_MEMORY: 2,
        OUT_OF_RANGE: 10,
    };
    // Field lines of a Content-Usage header taken at most (as the Python
    // package and the robots command).
    const USAGE_MAX_FIELD_LINES = 64;
    const USAGE_MAX_LINES = 16; // ROBOTS_USAGE_MAX_LINES
    const WASI_ENOSYS = 52;

    const encoder = new TextEncoder();
    const decoder = new TextDecoder('utf-8');
    const wellFormed = typeof String.prototype.isWellFormed === 'function'
        ? (s) => s.isWellFormed()
        : (s) => !/\p{Cs}/u.test(s);

    let wasm = null; // the instance's exports
    let heap = null; // Uint8Array over the module's memory
    let slots = null; // Uint32Array over rb_wasm_out's slots
    let reals = null; // Float64Array over rb_wasm_out's reals
    let out = 0; // the rb_wasm_out area
    let scratch = 0; // the staging area for inputs
    let scratchCap = 0;
    let names = null;
    const limits = {};
    let version = null;

    // --------------------------------------------------------- loading

    // The module imports a few WASI calls only because wasi-libc's
    // vsnprintf is linked with its stdio; the library never writes to a
    // file. Each answers ENOSYS.
    function importsFor(module) {
        const wasi = {};
        for (const imp of WebAssembly.Module.imports(module)) {
            if (imp.module !== 'wasi_snapshot_preview1' ||
                imp.kind !== 'function') {
                throw new Error('librobots: librobots.wasm imports ' +
                    `${imp.module}.${imp.name}, which the glue does not ` +
                    'provide (was it built from wasm/CMakeLists.txt?)');
            }
            wasi[imp.name] = () => WASI_ENOSYS;
        }
        return { wasi_snapshot_preview1: wasi };
    }

    function start(module) {
        const instance = new WebAssembly.Instance(module, importsFor(module));
        const exp = instance.exports;
        const o = exp.rb_wasm_out_new() >>> 0;
        if (o === 0)
            throw new RangeError('librobots: no memory for the glue');
        wasm = exp;
        out = o;
        refreshViews();
        names = readNames();
        for (let i = 0; i < LIMIT_NAMES.length; i++)
            limits[LIMIT_NAMES[i]] = wasm.rb_wasm_limit(i);
        Object.freeze(limits);
        version = cstr(wasm.robots_version() >>> 0);
    }

    function initSync(source) {
        if (wasm !== null)
            return api;
        if (source === undefined) {
            if (readWasm === null) {
                throw new Error('librobots: initSync() needs the module ' +
                    '(bytes or a WebAssembly.Module) in a browser');
            }
            source = readWasm();
        }
        start(source instanceof WebAssembly.Module
            ? source : new WebAssembly.Module(source));
        return api;
    }

    async function init(source) {
        if (wasm !== null)
            return api;
        if (source === undefined)
            source = readWasm !== null ? readWasm() : wasmUrl;
        if (typeof source === 'string' ||
            (typeof URL === 'function' && source instanceof URL)) {
            source = await fetch(source);
        }
        source = await source;
        if (typeof Response === 'function' && source instanceof Response) {
            if (!source.ok) {
                throw new Error('librobots: could not load ' +
                    `${source.url}: HTTP ${source.status}`);
            }
            source = await source.arrayBuffer();
        }
        const module = source instanceof WebAssembly.Module
            ? source : await WebAssembly.compile(source);
        if (wasm === null)
            start(module);
        return api;
    }

    function ready() {
        if (wasm !== null)
            return;
        if (readWasm === null) {
            throw new Error('librobots: call `await librobots.init()` ' +
                'before using it in a browser');
        }
        initSync();
    }

    // ---------------------------------------------------------- memory

    // A grown memory detaches the old views (their length becomes 0).
    function refreshViews() {
        const buf = wasm.memory.buffer;
        heap = new Uint8Array(buf);
        slots = new Uint32Array(buf, out, SLOTS);
        reals = new Float64Array(buf, out + wasm.rb_wasm_out_real_offset(),
            REALS);
    }

    function fresh() {
        if (heap.byteLength === 0)
            refreshViews();
    }

    function noMemory(what) {
        return statusError(ST.NO_MEMORY, what);
    }

    // At least `size` bytes of staging area; what it held is lost.
    function reserve(size, what) {
        if (size <= scratchCap)
            return scratch;
        let cap = Math.max(size, scratchCap * 2, 4096);
        if (scratch !== 0)
            wasm.rb_wasm_release(scratch);
        scratch = 0;
        scratchCap = 0;
        let p = cap > 0xffffffff ? 0 : wasm.rb_wasm_alloc(cap) >>> 0;
        if (p === 0 && cap > size) {
            cap = size;
            p = wasm.rb_wasm_alloc(cap) >>> 0;
        }
        if (p === 0)
            throw noMemory(what);
        scratch = p;
        scratchCap = cap;
        fresh();
        return p;
    }

    function relax() {
        if (scratchCap > SCRATCH_KEEP) {
            wasm.rb_wasm_release(scratch);
            scratch = 0;
            scratchCap = 0;
        }
    }

    // A NUL-terminated string of static storage (names, messages).
    function cstr(ptr) {
        if (ptr === 0)
            return null;
        fresh();
        let end = ptr;
        while (heap[end] !== 0)
            end++;
        return decoder.decode(heap.subarray(ptr, end));
    }

    // Bytes the library handed out; invalid UTF-8 becomes U+FFFD.
    function text(ptr, len) {
        fresh();
        return decoder.decode(heap.subarray(ptr, ptr + len));
    }

    function bytesOf(ptr, len) {
        fresh();
        return heap.slice(ptr, ptr + len);
    }

    // ----------------------------------------------------------- input

    // "a number", "an ArrayBuffer", "null": for messages.
    function kindOf(x) {
        if (x === null || x === undefined)
            return String(x);
        const name = Array.isArray(x) ? 'array' : typeof x === 'object'
            ? Object.prototype.toString.call(x).slice(8, -1) : typeof x;
        return `${/^[aeiouAEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
    }

    function isBytes(x) {
        return x instanceof Uint8Array ||
            Object.prototype.toString.call(x) === '[object Uint8Array]';
    }

    // A text input: a well-formed string (sent as UTF-8) or bytes (sent
    // exactly as they are).
    function checkText(x, what) {
        if (typeof x === 'string') {
            if (!wellFormed(x)) {
                throw new TypeError(`${what} has a lone surrogate: a ` +
                    'string that is not well-formed UTF-16 has no UTF-8 ' +
                    'form (pass a Uint8Array for arbitrary bytes)');
            }
            return;
        }
        if (!isBytes(x)) {
            throw new TypeError(`${what} must be a string or a ` +
                `Uint8Array, not ${kindOf(x)}`);
        }
    }

    // The most bytes x can take once encoded.
    function bound(x) {
        return typeof x === 'string' ? x.length * 3 : x.length;
    }

    // Writes x at `at` (room for bound(x) bytes); returns its length.
    function put(x, at) {
        if (typeof x === 'string') {
            if (x.length === 0)
                return 0;
            return encoder.encodeInto(x, heap.subarray(at, at + x.length * 3))
                .written;
        }
        heap.set(x, at);
        return x.length;
    }

    // The UTF-8 of a long string is made first, so that it is staged at
    // its own size rather than three bytes per UTF-16 unit.
    function compact(x) {
        return typeof x === 'string' && x.length > ENCODE_FIRST
            ? encoder.encode(x) : x;
    }

    // A length over the library's limit is refused before copying (the
    // library would refuse it with the same status).
    function overLimit(x, limit, status, what) {
        if (typeof x === 'string' ? x.length > limit : x.length > limit)
            throw statusError(status, what);
    }

    function statusError(st, what) {
        const code = names.status[st] || `status ${st}`;
        const message = names.statusMessage[st] || 'unknown status';
        const err = new RangeError(`${what}: ${message} (${code})`);
        err.code = code;
        return err;
    }

    function check(st, what) {
        if (st !== ROBOTS_OK)
            throw statusError(st, what);
    }

    // Agents: one name, or an array of names. Returns the list.
    function agentList(agents, what) {
        const list = Array.isArray(agents) ? agents : [agents];
        for (let i = 0; i < list.length; i++) {
            const w = Array.isArray(agents) ? `${what}[${i}]` : what;
            checkText(list[i], w);
            overLimit(list[i], limits.maxAgentBytes, ST.AGENT_TOO_LONG, w);
        }
        if (list.length > limits.maxQueryAgents)
            throw statusError(ST.TOO_MANY_AGENTS, what);
        return list;
    }

    // Stages the agents' lengths (a size_t each), their bytes, then
    // `extra` texts; returns [lensPtr, bytesPtr, extraPtr, extraLen, ...].
    const staged = new Array(8);
    function stageAgents(list, extra, what) {
        let size = 4 * list.length + 8;
        for (const a of list)
            size += bound(a);
        for (const x of extra)
            size += bound(x);
        const base = reserve(size, what);
        const lens = base;
        let at = base + 4 * list.length;
        const bytes = at;
        const view = new Uint32Array(heap.buffer, lens, list.length);
        for (let i = 0; i < list.length; i++) {
            const n = put(list[i], at);
            view[i] = n;
            at += n;
        }
        staged[0] = lens;
        staged[1] = bytes;
        for (let i = 0; i < extra.length; i++) {
            const n = put(extra[i], at);
            staged[2 + 2 * i] = at;
            staged[3 + 2 * i] = n;
            at += n;
        }
        return staged;
    }

    // Stages texts one after the other: staged[2i] pointer, [2i+1] length.
    function stage(texts, what) {
        let size = 1;
        for (const x of texts)
            size += bound(x);
        let at = reserve(size, what);
        for (let i = 0; i < texts.length; i++) {
            const n = put(texts[i], at);
            staged[2 * i] = at;
            staged[2 * i + 1] = n;
            at += n;
        }
        return staged;
    }

    // Stages the texts, calls fn with their (pointer, length) pairs (see
    // stage()), gives back a large staging area, and throws for a status
    // other than ROBOTS_OK.
    function call(texts, what, fn) {
        const s = stage(texts, what);
        const st = fn(s);
        relax();
        check(st, what);
    }

    function url(x, what) {
        checkText(x, what);
        overLimit(x, limits.maxUrlBytes, ST.URL_TOO_LONG, what);
        return x;
    }

    // Text a function writes by the buffer contract of robots_common.h:
    // asked for its length first, then written. call(buf, cap, needed).
    function writtenText(call, what) {
        let st = call(0, 0, out);
        if (st !== ST.BUFFER_TOO_SMALL)
            check(st, what);
        fresh();
        const needed = slots[0];
        const buf = wasm.rb_wasm_alloc(needed + 1) >>> 0;
        if (buf === 0)
            throw noMemory(what);
        try {
            st = call(buf, needed + 1, out);
            check(st, what);
            return text(buf, needed);
        } finally {
            wasm.rb_wasm_release(buf);
        }
    }

    function profileOf(options, what) {
        if (options === undefined || options === null)
            return 0;
        if (typeof options !== 'object') {
            throw new TypeError(`${what}: options must be an object, ` +
                `not ${kindOf(options)}`);
        }
        const p = options.profile;
        if (p === undefined)
            return 0;
        if (typeof p !== 'string') {
            throw new TypeError(`${what}: options.profile must be a ` +
                `string ("rfc9309", "google" or "legacy"), not ${kindOf(p)}`);
        }
        checkText(p, `${what}: options.profile`);
        const s = stage([p], what);
        const st = wasm.rb_wasm_profile_from_name(s[0], s[1], out);
        if (st !== ROBOTS_OK) {
            const err = statusError(st, `${what}: options.profile '${p}'`);
            throw err;
        }
        fresh();
        return slots[0];
    }

    function sizeOption(options, key, what) {
        const v = options[key];
        if (v === undefined)
            return undefined;
        if (typeof v !== 'number') {
            throw new TypeError(`${what}: options.${key} must be a number, ` +
                `not ${kindOf(v)}`);
        }
        if (!Number.isSafeInteger(v) || v < 0) {
            throw new RangeError(`${what}: options.${key} must be a ` +
                `whole number of bytes >= 0, not ${v}`);
        }
        // A size_t of wasm32: a larger limit or cap than 4 GiB can never
        // be reached by a body the module's memory holds.
        return Math.min(v, 0xffffffff);
    }

    // ----------------------------------------------------- names, enums

    function table(fn) {
        const list = [];
        for (let i = 0; ; i++) {
            const p = fn(i) >>> 0;
            if (p === 0)
                return list;
            list.push(cstr(p));
        }
    }

    // Names of single bits, for the flag sets.
    function bitTable(fn) {
        const list = [];
        for (let b = 0; b < 32; b++) {
            const bit = (1 << b) >>> 0;
            const p = fn(bit) >>> 0;
            if (p !== 0)
                list.push([bit, cstr(p)]);
        }
        return list;
    }

    function readNames() {
        const w = wasm;
        const status = table(w.robots_status_name);
        return {
            status,
            statusMessage: status.map((_, i) => cstr(w.robots_status_message(i) >>> 0)),
            profile: table(w.robots_profile_name),
            reason: table(w.robots_reason_name),
            ruleKind: table(w.robots_rule_kind_name),
            severity: table(w.robots_severity_name),
            diagKind: table(w.robots_diag_kind_name),
            hostKind: table(w.robots_host_kind_name),
            scopeReason: table(w.robots_scope_reason_name),
            networkError: table(w.robots_network_error_name),
            fetchAction: table(w.robots_fetch_action_name),
            fetchBasis: table(w.robots_fetch_basis_name),
            cacheSource: table(w.robots_cache_source_name),
            cacheFlags: bitTable(w.robots_cache_flag_name),
            metaDirective: table(w.robots_meta_directive_name),
            metaSource: table(w.robots_meta_source_name),
            imagePreview: table(w.robots_image_preview_name),
            metaConflicts: bitTable(w.robots_meta_conflict_name),
            metaRestrictions: bitTable(w.robots_meta_restriction_name),
            usageLabel: table(w.robots_usage_label),
            usageValue: table(w.robots_usage_value_name),
            signal: table(w.robots_signal_name),
        };
    }

    function flags(bits, list) {
        const set = [];
        for (const [bit, name] of list)
            if ((bits & bit) !== 0)
                set.push(name);
        return set;
    }

    function position(v) {
        return v === NO_POSITION ? null : v;
    }

    // ---------------------------------------------------------- results

    function readVerdict() {
        fresh();
        const rule = slots[4];
        const decided = rule !== NO_POSITION;
        return {
            allowed: slots[0] !== 0,
            reason: names.reason[slots[1]],
            specific: slots[2] !== 0,
            group: position(slots[3]),
            rule: decided ? rule : null,
            ruleKind: decided ? names.ruleKind[slots[5]] : null,
            line: decided ? slots[6] : null,
            pattern: decided ? text(slots[7], slots[8]) : null,
            truncated: slots[9] !== 0,
        };
    }

    // {name: value} of values packed two bits each (rb_wasm_usage()).
    function usageValues(packed, list) {
        const o = {};
        for (let i = 0; i < list.length; i++)
            o[list[i]] = names.usageValue[(packed >>> (2 * i)) & 3];
        return o;
    }

    // The slots of rb_wasm_usage(), read before another call reuses them.
    function readUsage() {
        const verdict = readVerdict();
        const crawlable = slots[10] !== 0;
        const lineCount = slots[13];
        const lines = [];
        for (let i = 0; i < Math.min(lineCount, USAGE_MAX_LINES); i++)
            lines.push(slots[25 + i]);
        const signalAt = (at) => slots[at] === 0 ? [null, null, null] : [
            usageValues(slots[at + 1], names.signal),
            usageValues(slots[at + 2], names.usageLabel), slots[at + 3]];
        const [signal, signalLabels, signalLine] = signalAt(17);
        const [fileSignal, fileSignalLabels, fileSignalLine] = signalAt(21);
        // Which source gave each label its value: the file's deciding
        // lines, the HTTP field, or both where they agree (bit i of
        // robots_usage_result's file_labels and field_labels).
        const fileLabels = slots[25 + USAGE_MAX_LINES];
        const fieldLabels = slots[26 + USAGE_MAX_LINES];
        const sources = {};
        names.usageLabel.forEach((label, i) => {
            const from = [];
            if ((fieldLabels >>> i) & 1)
                from.push('header');
            if ((fileLabels >>> i) & 1)
                from.push('file');
            sources[label] = from;
        });
        return {
            crawlable,
            verdict,
            // No preferences for a URL that may not be crawled, which is
            // not "every label unknown".
            labels: crawlable ? usageValues(slots[12], names.usageLabel) : null,
            lines,
            lineCount,
            patternLen: slots[14],
            unknownLabels: [],
            malformed: slots[16],
            signal,
            signalLabels,
            signalLine,
            fileSignal,
            fileSignalLabels,
            fileSignalLine,
            sources,
        };
    }

    const LABEL_STATUS = ['unknown', 'obsolete', 'proposed'];

    // The unknown labels of the deciding lines
    // (robots_usage_unknown_label()), by the buffer contract.
    function unknownLabels(d, lines, what) {
        const list = [];
        for (const line of lines) {
            for (let k = 0; ; k++) {
                const write = (buf, cap, o) =>
                    wasm.rb_wasm_usage_unknown_label(d, line, k, buf, cap, o);
                if (write(0, 0, out) === ST.OUT_OF_RANGE)
                    break; // past the line's last unknown label
                const label = writtenText(write, what);
                fresh();
                list.push({ line, label,
                    status: LABEL_STATUS[slots[1]] || 'unknown' });
            }
        }
        return list;
    }

    function readRecord() {
        fresh();
        return {
            line: slots[0],
            key: text(slots[1], slots[2]),
            value: text(slots[3], slots[4]),
            group: position(slots[5]),
        };
    }

    // A document's list: count(doc) items, each read(doc, i, out) into
    // the slots and made into a value by make(i) (null: left out).
    function items(doc, count, read, make, what) {
        const n = count(doc);
        const list = [];
        for (let i = 0; i < n; i++) {
            check(read(doc, i, out), what);
            fresh();
            const item = make(i);
            if (item !== null)
                list.push(item);
        }
        return list;
    }

    // --------------------------------------------------------- lifetime

    // What a finalizer may release: the held values never point back to
    // the objects the program holds.
    function releaseDocument(h) {
        if (h.ptr === 0)
            return;
        for (const q of h.queries)
            releaseQuery(q);
        wasm.robots_free(h.ptr);
        h.ptr = 0;
    }

    function releaseQuery(q) {
        if (q.ptr === 0)
            return;
        wasm.robots_query_free(q.ptr);
        q.ptr = 0;
        if (q.owner !== null)
            q.owner.queries.delete(q);
    }

    const registry = typeof FinalizationRegistry === 'function'
        ? new FinalizationRegistry((h) => {
            if (h.kind === 'doc')
                releaseDocument(h);
            else
                releaseQuery(h);
        })
        : null;

    const INTERNAL = Symbol('librobots internal');
    const FREED = 'this robots.txt document was freed (free() was called)';

    function docOf(h, what) {
        if (h.ptr === 0)
            throw new TypeError(`${what}: ${FREED}`);
        return h.ptr;
    }

    // What a document and a query share: a handle ({kind, ptr, ...}) that
    // free() or, failing it, the finalizer releases.
    class Held {
        #h;
        constructor(h) {
            this.#h = h;
            if (registry !== null)
                registry.register(this, h, h);
        }

        get freed() {
            return this.#h.ptr === 0;
        }

        free() {
            if (registry !== null)
                registry.unregister(this.#h);
            if (this.#h.kind === 'doc')
                releaseDocument(this.#h);
            else
                releaseQuery(this.#h);
        }
    }

    class Query extends Held {
        #h;
        #doc; // keeps the document alive while the query is
        constructor(token, doc, h) {
            if (token !== INTERNAL) {
                throw new TypeError('a Query is made by ' +
                    'RobotsTxt.prototype.query()');
            }
            super(h);
            this.#doc = doc;
            this.#h = h;
        }

        #ptr(what) {
            if (this.#h.ptr === 0) {
                throw new TypeError(`${what}: this query was freed ` +
                    '(free() was called on it or on its document)');
            }
            return this.#h.ptr;
        }

        check(target) {
            const what = 'Query.check: url';
            const q = this.#ptr('Query.check');
            url(target, what);
            call([target], what, (s) => wasm.rb_wasm_query_check(q, s[0], s[1],
                out));
            return readVerdict();
        }

        isAllowed(target) {
            const what = 'Query.isAllowed: url';
            const q = this.#ptr('Query.isAllowed');
            url(target, what);
            const s = stage([target], what);
            const r = wasm.rb_wasm_query_allowed(q, s[0], s[1]);
            relax();
            if (r < 0)
                throw statusError(-r, what);
            return r === 1;
        }

        get document() {
            return this.#doc;
        }
    }

    // A diagnostic from the slots of rb_wasm_diagnostic() or
    // rb_wasm_analysis_finding().
    function readDiagnostic() {
        return {
            line: slots[0],
            column: slots[1],
            kind: names.diagKind[slots[2]],
            severity: names.severity[slots[3]],
            message: text(slots[4], slots[5]),
            suggestion: slots[6] !== 0 ? text(slots[7], slots[8]) : null,
            relatedLine: slots[9] !== 0 ? slots[9] : null,
        };
    }

    class RobotsTxt extends Held {
        #h;
        #body; // what parse() read, for the columns of analyze()
        constructor(token, doc, body) {
            if (token !== INTERNAL)
                throw new TypeError('a RobotsTxt is made by parse()');
            const h = { kind: 'doc', ptr: doc, queries: new Set() };
            super(h);
            this.#h = h;
            this.#body = body;
        }

        #doc(what) {
            return docOf(this.#h, what);
        }

        get profile() {
            return names.profile[wasm.robots_txt_profile(
                this.#doc('RobotsTxt.profile'))];
        }

        get inputBytes() {
            return wasm.robots_txt_input_bytes(
                this.#doc('RobotsTxt.inputBytes')) >>> 0;
        }

        get parsedBytes() {
            return wasm.robots_txt_parsed_bytes(
                this.#doc('RobotsTxt.parsedBytes')) >>> 0;
        }

        get memoryUsed() {
            return wasm.robots_txt_memory_used(
                this.#doc('RobotsTxt.memoryUsed')) >>> 0;
        }

        // Where the parse limit cut the body; null when it did not.
        get cut() {
            const d = this.#doc('RobotsTxt.cut');
            check(wasm.rb_wasm_cut(d, out), 'RobotsTxt.cut');
            fresh();
            if (slots[0] === 0)
                return null;
            return {
                limit: slots[1], offset: slots[2], line: slots[3],
                linesNotRead: slots[4], bytesNotRead: slots[5],
            };
        }

        // Calls fn(doc, staged, agentCount) with the agents (and `extra`
        // texts) staged as stageAgents() says, and throws for a status
        // other than ROBOTS_OK.
        #withAgents(what, agents, extra, fn) {
            const d = this.#doc(what);
            const list = agentList(agents, `${what}: agents`);
            const s = stageAgents(list, extra, what);
            const st = fn(d, s, list.length);
            relax();
            check(st, what);
        }

        check(agents, target) {
            url(target, 'RobotsTxt.check: url');
            this.#withAgents('RobotsTxt.check', agents, [target], (d, s, n) =>
                wasm.rb_wasm_check(d, s[1], s[0], n, s[2], s[3], out));
            return readVerdict();
        }

        isAllowed(agents, target) {
            return this.check(agents, target).allowed;
        }

        // robots_usage_agents(): the AI usage preferences of the URL for
        // the crawler named `agents` (one name, or an array of a crawler's
        // names as check() takes them); contentUsage, the lines of the
        // response's Content-Usage field (a string or an array of them),
        // combined with the file's answer (robots_usage_combine_field()).
        usage(agents, target, contentUsage) {
            const what = 'RobotsTxt.usage';
            const d = this.#doc(what);
            const list = agentList(agents, `${what}: agent`);
            url(target, `${what}: url`);
            const fields = contentUsage === undefined || contentUsage === null
                ? [] : Array.isArray(contentUsage) ? contentUsage
                    : [contentUsage];
            if (fields.length > USAGE_MAX_FIELD_LINES) {
                throw new RangeError(`${what}: contentUsage: at most ` +
                    `${USAGE_MAX_FIELD_LINES} field lines, not ${fields.length}`);
            }
            for (let i = 0; i < fields.length; i++)
                checkText(fields[i], `${what}: contentUsage[${i}]`);
            // The names, then the field lines, staged as one list.
            const s = stageAgents(list.concat(fields), [target], what);
            const st = wasm.rb_wasm_usage(d, s[2], s[3], s[1], s[0],
                list.length, fields.length, out);
            relax();
            check(st, what);
            const result = readUsage();
            result.unknownLabels = unknownLabels(d, result.lines, what);
            return result;
        }

        query(agents) {
            this.#withAgents('RobotsTxt.query', agents, [], (d, s, n) =>
                wasm.rb_wasm_query_new(d, s[1], s[0], n, out));
            fresh();
            const h = { kind: 'query', ptr: slots[0], owner: this.#h };
            this.#h.queries.add(h);
            return new Query(INTERNAL, this, h);
        }

        // The group robots_check() would choose for the agents.
        selectGroup(agents) {
            this.#withAgents('RobotsTxt.selectGroup', agents, [], (d, s, n) =>
                wasm.rb_wasm_select_group(d, s[1], s[0], n, out));
            fresh();
            const group = position(slots[0]);
            const specific = slots[1] !== 0;
            return {
                group,
                line: group === null ? null : this.group(group).line,
                specific,
            };
        }

        // Every group a check of the agents reads (robots_select_groups()),
        // ascending: the groups merged for them, or the one legacy obeys.
        selectGroups(agents) {
            const what = 'RobotsTxt.selectGroups';
            // No more groups are chosen than the document has.
            const cap = this.groupCount;
            const buf = wasm.rb_wasm_alloc(4 * cap) >>> 0;
            if (buf === 0)
                throw noMemory(what);
            try {
                this.#withAgents(what, agents, [], (d, s, n) =>
                    wasm.rb_wasm_select_groups(d, s[1], s[0], n, buf, cap,
                        out));
                fresh();
                const needed = slots[0];
                const specific = slots[1] !== 0;
                const groups = Array.from(
                    new Uint32Array(heap.buffer, buf, needed));
                return { groups, specific };
            } finally {
                wasm.rb_wasm_release(buf);
            }
        }

        get groupCount() {
            return wasm.robots_group_count(this.#doc('RobotsTxt.groupCount'));
        }

        group(index) {
            const what = 'RobotsTxt.group';
            const d = this.#doc(what);
            if (!Number.isSafeInteger(index) || index < 0) {
                throw new TypeError(`${what}: the index must be a whole ` +
                    `number >= 0, not ${String(index)}`);
            }
            check(wasm.rb_wasm_group(d, Math.min(index, NO_POSITION), out), what);
            fresh();
            const line = slots[0];
            const agentCount = slots[1];
            const ruleCount = slots[2];
            const hasDelay = slots[3] !== 0;
            const delayLine = slots[4];
            const delay = reals[0];
            const agents = [];
            for (let a = 0; a < agentCount; a++) {
                check(wasm.rb_wasm_group_agent(d, index, a, out), what);
                fresh();
                agents.push({
                    line: slots[0],
                    value: text(slots[1], slots[2]),
                    token: text(slots[3], slots[4]),
                    wildcard: slots[5] !== 0,
                });
            }
            const rules = [];
            for (let r = 0; r < ruleCount; r++) {
                check(wasm.rb_wasm_group_rule(d, index, r, out), what);
                fresh();
                const rule = {
                    line: slots[0],
                    kind: names.ruleKind[slots[1]],
                    pattern: text(slots[2], slots[3]),
                    normalized: null,
                };
                rule.normalized = writtenText((buf, cap, needed) =>
                    wasm.robots_group_rule_normalized(d, index, r, buf, cap,
                        needed), what);
                rules.push(rule);
            }
            return {
                index, line, agents, rules,
                crawlDelay: hasDelay ? delay : null,
                crawlDelayLine: hasDelay ? delayLine : null,
            };
        }

        groups() {
            const n = this.groupCount;
            const list = [];
            for (let i = 0; i < n; i++)
                list.push(this.group(i));
            return list;
        }

        sitemaps() {
            return items(this.#doc('RobotsTxt.sitemaps'),
                wasm.robots_sitemap_count, wasm.rb_wasm_sitemap, readRecord,
                'RobotsTxt.sitemaps');
        }

        extensions() {
            return items(this.#doc('RobotsTxt.extensions'),
                wasm.robots_extension_count, wasm.rb_wasm_extension, readRecord,
                'RobotsTxt.extensions');
        }

        // Each group's crawl-delay, as robots_group() gives it.
        crawlDelays() {
            return items(this.#doc('RobotsTxt.crawlDelays'),
                wasm.robots_group_count, wasm.rb_wasm_group, (i) =>
                    (slots[3] === 0 ? null : {
                        group: i, groupLine: slots[0], line: slots[4],
                        seconds: reals[0],
                    }), 'RobotsTxt.crawlDelays');
        }

        get diagnosticTotal() {
            return wasm.robots_diagnostic_total(
                this.#doc('RobotsTxt.diagnosticTotal'));
        }

        diagnostics() {
            return items(this.#doc('RobotsTxt.diagnostics'),
                wasm.robots_diagnostic_count, wasm.rb_wasm_diagnostic,
                readDiagnostic, 'RobotsTxt.diagnostics');
        }

        // robots_analyze(): the findings only the whole document shows,
        // read out, and the analysis freed, before it returns.
        analyze() {
            const what = 'RobotsTxt.analyze';
            const d = this.#doc(what);
            call([this.#body], what, (s) =>
                wasm.rb_wasm_analyze(d, s[0], s[1], out));
            fresh();
            const analysis = slots[0];
            const total = slots[2];
            try {
                const findings = items(analysis, wasm.robots_analysis_count,
                    wasm.rb_wasm_analysis_finding, readDiagnostic, what);
                return { findings, total };
            } finally {
                wasm.robots_analysis_free(analysis);
            }
        }
    }
    if (typeof Symbol.dispose === 'symbol')
        Held.prototype[Symbol.dispose] = Held.prototype.free;

    // ------------------------------------------------------------- API

    // options[name]: undefined, or a boolean (else TypeError).
    function booleanOption(o, name, what) {
        const v = o[name];
        if (v !== undefined && typeof v !== 'boolean') {
            throw new TypeError(`${what}: options.${name} must be a ` +
                `boolean, not ${kindOf(v)}`);
        }
        return v;
    }

    function parse(body, options) {
        ready();
        const what = 'parse';
        checkText(body, `${what}: body`);
        const o = options === undefined || options === null ? {} : options;
        const profile = profileOf(options, what);
        const limit = sizeOption(o, 'parseLimit', what);
        const cap = sizeOption(o, 'memoryCap', what);
        const endsGroup = booleanOption(o, 'contentUsageEndsGroup', what);
        const skip = booleanOption(o, 'skipDiagnostics', what);
        overLimit(body, limits.maxInputBytes, ST.TOO_LARGE, `${what}: body`);
        const input = compact(body);
        overLimit(input, limits.maxInputBytes, ST.TOO_LARGE, `${what}: body`);
        call([input], what, (s) => wasm.rb_wasm_parse(s[0], s[1], profile,
            limit === undefined ? 0 : 1, limit === undefined ? 0 : limit,
            cap === undefined ? 0 : cap, endsGroup === true ? 1 : 0,
            skip === true ? 1 : 0, out));
        fresh();
        return new RobotsTxt(INTERNAL, slots[0], input);
    }

    function parseMemoryBound(bodyLength) {
        ready();
        if (!Number.isSafeInteger(bodyLength) || bodyLength < 0) {
            throw new TypeError('parseMemoryBound: the length must be a ' +
                `whole number >= 0, not ${String(bodyLength)}`);
        }
        if (bodyLength > limits.maxInputBytes)
            throw statusError(ST.TOO_LARGE, 'parseMemoryBound');
        return wasm.robots_parse_memory_bound(bodyLength) >>> 0;
    }

    function matchPath(pattern, path, options) {
        ready();
        const what = 'matchPath';
        checkText(pattern, `${what}: pattern`);
        checkText(path, `${what}: path`);
        const profile = profileOf(options, what);
        call([compact(pattern), compact(path)], what, (s) =>
            wasm.rb_wasm_match_path(profile, s[0], s[1], s[2], s[3], out));
        fresh();
        return slots[0] !== 0;
    }

    function urlToPath(target, options) {
        ready();
        const what = 'urlToPath';
        url(target, `${what}: url`);
        const profile = profileOf(options, what);
        const s = stage([target], what);
        return writtenText((buf, cap, needed) =>
            wasm.robots_url_to_path(profile, s[0], s[1], buf, cap, needed),
        what);
    }

    function diagnosticKinds() {
        ready();
        const list = [];
        for (let k = 0; k < names.diagKind.length; k++) {
            check(wasm.rb_wasm_diag_kind(k, out), 'diagnosticKinds');
            fresh();
            const name = slots[0];
            const description = slots[1];
            const severity = names.severity[slots[2]];
            list.push({
                name: cstr(name), description: cstr(description), severity,
            });
        }
        return list;
    }

    // A function of one text that answers with text (by the buffer
    // contract): name(x) calls fn(ptr, len, buf, cap, needed). A URL is
    // held to ROBOTS_MAX_URL_BYTES.
    function textToText(name, arg, fn) {
        return (x) => {
            ready();
            const what = `${name}: ${arg}`;
            if (arg === 'url')
                url(x, what);
            else
                checkText(x, what);
            const s = stage([compact(x)], name);
            return writtenText((buf, cap, needed) =>
                fn(s[0], s[1], buf, cap, needed), name);
        };
    }

    const robotsTxtUrl = textToText('robotsTxtUrl', 'url',
        (...a) => wasm.robots_url_to_robots_txt(...a));
    const hostToAscii = textToText('hostToAscii', 'host',
        (...a) => wasm.robots_host_to_ascii(...a));
    const punycodeEncode = textToText('punycodeEncode', 'text',
        (...a) => wasm.robots_punycode_encode(...a));

    function parseUrl(target) {
        ready();
        const what = 'parseUrl';
        url(target, `${what}: url`);
        const s = stage([target], what);
        check(wasm.rb_wasm_url_parse(s[0], s[1], out), what);
        fresh();
        return {
            scheme: text(slots[0], slots[1]),
            host: text(slots[2], slots[3]),
            hostKind: names.hostKind[slots[4]],
            port: slots[5],
            portGiven: slots[6] !== 0,
            defaultPort: slots[7] !== 0,
            hadUserinfo: slots[8] !== 0,
            hostConverted: slots[9] !== 0,
            pathOffset: slots[10],
        };
    }

    function scope(robotsUrl, target) {
        ready();
        const what = 'scope';
        url(robotsUrl, `${what}: robotsUrl`);
        url(target, `${what}: url`);
        const s = stage([robotsUrl, target], what);
        check(wasm.rb_wasm_scope_check(s[0], s[1], s[2], s[3], out), what);
        fresh();
        return { applies: slots[0] !== 0, reason: names.scopeReason[slots[1]] };
    }

    function wholeNumber(v, what, min, max, fallback) {
        if (v === undefined)
            return fallback;
        if (typeof v !== 'number')
            throw new TypeError(`${what} must be a number, not ${kindOf(v)}`);
        if (!Number.isSafeInteger(v) || v < min || v > max) {
            throw new RangeError(`${what} must be a whole number from ` +
                `${min} to ${max}, not ${v}`);
        }
        return v;
    }

    function fetchPolicy(outcome, options) {
        ready();
        const what = 'fetchPolicy';
        if (outcome === null || typeof outcome !== 'object') {
            throw new TypeError(`${what}: the outcome must be an object, ` +
                `not ${kindOf(outcome)}`);
        }
        const profile = profileOf(options, what);
        // Representable values; which of them mean something is the
        // library's to say (robots_fetch_policy's ROBOTS_ERR_INVALID_ARGUMENT).
        const status = wholeNumber(outcome.status, `${what}: status`,
            -0x80000000, 0x7fffffff, 0);
        const redirects = wholeNumber(outcome.redirects,
            `${what}: redirects`, 0, 0xffffffff, 0);
        const unreachable = wholeNumber(outcome.unreachableSeconds,
            `${what}: unreachableSeconds`, -Number.MAX_SAFE_INTEGER,
            Number.MAX_SAFE_INTEGER, 0);
        const cached = outcome.hasCachedCopy;
        if (cached !== undefined && typeof cached !== 'boolean') {
            throw new TypeError(`${what}: hasCachedCopy must be a boolean, ` +
                `not ${kindOf(cached)}`);
        }
        const noLocation = outcome.noLocation;
        if (noLocation !== undefined && typeof noLocation !== 'boolean') {
            throw new TypeError(`${what}: noLocation must be a boolean, ` +
                `not ${kindOf(noLocation)}`);
        }
        let network = 0;
        const ne = outcome.networkError;
        if (ne !== undefined && ne !== null) {
            if (typeof ne !== 'string') {
                throw new TypeError(`${what}: networkError must be a ` +
                    `string, not ${kindOf(ne)}`);
            }
            checkText(ne, `${what}: networkError`);
            const s = stage([ne], what);
            check(wasm.rb_wasm_network_error_from_name(s[0], s[1], out),
                `${what}: networkError '${ne}'`);
            fresh();
            network = slots[0];
        }
        check(wasm.rb_wasm_fetch_policy(status, redirects, network, unreachable,
            cached ? 1 : 0, noLocation ? 1 : 0, profile, out), what);
        fresh();
        return {
            action: names.fetchAction[slots[0]],
            basis: names.fetchBasis[slots[1]],
            retry: slots[2] !== 0,
            longUnreachable: slots[3] !== 0,
        };
    }

    function readCache() {
        fresh();
        return {
            seconds: reals[0],
            source: names.cacheSource[slots[0]],
            capped: slots[1] !== 0,
            malformed: flags(slots[2], names.cacheFlags),
        };
    }

    // headers: a header block ("Name: value" lines), or an object with
    // cacheControl, expires, date and age (absent when undefined or null).
    function cacheLifetime(headers, options) {
        ready();
        const what = 'cacheLifetime';
        const profile = profileOf(options, what);
        if (typeof headers === 'string' || isBytes(headers)) {
            checkText(headers, `${what}: headers`);
            call([compact(headers)], what, (s) =>
                wasm.rb_wasm_cache_lifetime_from_block(profile, s[0], s[1], out));
            return readCache();
        }
        if (headers === null || typeof headers !== 'object') {
            throw new TypeError(`${what}: headers must be a header block ` +
                `(string or Uint8Array) or an object, not ${kindOf(headers)}`);
        }
        const keys = ['cacheControl', 'expires', 'date', 'age'];
        const given = keys.map((k) => {
            const v = headers[k];
            if (v === undefined || v === null)
                return null;
            checkText(v, `${what}: headers.${k}`);
            return compact(v);
        });
        call(given.map((v) => (v === null ? '' : v)), what, (s) =>
            wasm.rb_wasm_cache_lifetime(profile,
                given[0] !== null ? 1 : 0, s[0], s[1],
                given[1] !== null ? 1 : 0, s[2], s[3],
                given[2] !== null ? 1 : 0, s[4], s[5],
                given[3] !== null ? 1 : 0, s[6], s[7], out));
        return readCache();
    }

    function httpDate(value) {
        ready();
        const what = 'httpDate';
        checkText(value, `${what}: text`);
        call([compact(value)], what, (s) =>
            wasm.rb_wasm_http_date_parse(s[0], s[1], out));
        fresh();
        return reals[0];
    }

    function readMeta() {
        wasm.rb_wasm_meta_summary(out);
        fresh();
        const v = Array.from(slots);
        const r = Array.from(reals);
        const textIf = (has, ptr, len) => (has !== 0 ? text(ptr, len) : null);
        const seen = [];
        for (let d = 0; d < names.metaDirective.length; d++)
            if ((v[2] & (1 << d)) !== 0)
                seen.push(names.metaDirective[d]);
        const items = [];
        for (let i = 0; i < v[10]; i++) {
            check(wasm.rb_wasm_meta_item(out, i), 'meta');
            fresh();
            items.push({
                directive: names.metaDirective[slots[0]],
                source: names.metaSource[slots[1]],
                malformed: slots[2] !== 0,
                text: text(slots[3], slots[4]),
                value: reals[0],
            });
        }
        return {
            restrictions: flags(v[0], names.metaRestrictions),
            conflicts: flags(v[1], names.metaConflicts),
            seen,
            duplicates: v[3],
            maxSnippet: v[4] !== 0 ? r[0] : null,
            maxImagePreview: names.imagePreview[v[5]],
            maxVideoPreview: v[6] !== 0 ? r[1] : null,
            unavailableAfter: v[7] !== 0
                ? { seconds: r[2], text: text(v[8], v[9]) } : null,
            items,
            directivesTotal: v[11],
            unknown: v[12],
            malformed: v[13],
            tagsApplied: v[14],
            tagsOtherAgent: v[15],
            description: textIf(v[16], v[17], v[18]),
            keywords: textIf(v[19], v[20], v[21]),
            revisitAfter: textIf(v[22], v[23], v[24]),
            truncated: v[25] !== 0,
            bytesScanned: v[26],
            headEnded: v[27] !== 0,
            scanCut: v[28] !== 0,
        };
    }

    function metaAgent(options, what) {
        if (options === undefined || options === null)
            return '';
        if (typeof options !== 'object') {
            throw new TypeError(`${what}: options must be an object, ` +
                `not ${kindOf(options)}`);
        }
        const a = options.agent;
        if (a === undefined || a === null)
            return '';
        checkText(a, `${what}: options.agent`);
        overLimit(a, limits.maxAgentBytes, ST.AGENT_TOO_LONG,
            `${what}: options.agent`);
        return a;
    }

    // The robots META tags of an HTML page, for one crawler (options.agent).
    function metaTags(html, options) {
        ready();
        const what = 'metaTags';
        checkText(html, `${what}: html`);
        const agent = metaAgent(options, what);
        call([agent, compact(html)], what, (s) => wasm.rb_wasm_meta_scan_html(
            s[2], s[3], s[1] > 0 ? s[0] : 0, s[1], out));
        return readMeta();
    }

    // X-Robots-Tag header values (one or several), for one crawler.
    function xRobotsTag(values, options) {
        ready();
        const what = 'xRobotsTag';
        const list = Array.isArray(values) ? values : [values];
        list.forEach((v, i) => checkText(v, Array.isArray(values)
            ? `${what}: values[${i}]` : `${what}: value`));
        const agent = metaAgent(options, what);
        wasm.rb_wasm_meta_reset(out);
        for (const v of list) {
            call([agent, compact(v)], what, (s) => wasm.rb_wasm_meta_add_header(
                s[2], s[3], s[1] > 0 ? s[0] : 0, s[1], out));
        }
        return readMeta();
    }

    const api = {
        init,
        initSync,
        parse,
        parseMemoryBound,
        matchPath,
        urlToPath,
        diagnosticKinds,
        robotsTxtUrl,
        parseUrl,
        scope,
        fetchPolicy,
        cacheLifetime,
        httpDate,
        metaTags,
        xRobotsTag,
        hostToAscii,
        punycodeEncode,
        RobotsTxt,
        Query,
    };
    // Read from the module, which loads on first use (Node) or init().
    // The last two, not enumerable, are for the tests: the module's
    // exports and the size of its memory.
    const properties = [
        ['version', true, () => version],
        ['limits', true, () => limits],
        ['profiles', true, () => names.profile.slice()],
        ['usageLabels', true, () => names.usageLabel.slice()],
        ['exportedNames', false, () => Object.keys(wasm)],
        ['memoryBytes', false, () => wasm.memory.buffer.byteLength],
    ];
    for (const [name, enumerable, value] of properties) {
        Object.defineProperty(api, name, {
            enumerable,
            get() {
                ready();
                return value();
            },
        });
    }
    return api;
});
