// SPDX-License-Identifier: MIT
// browser.mjs - the package's ES module entry for browsers (and bundlers
// that target them). librobots.js runs as a classic script and defines
// globalThis.librobots; this module re-exports it, and init() loads
// librobots.wasm from beside this file unless told where it is:
//
//   import { init, parse } from 'librobots';
//   await init();
//   parse(text).check('MyBot', '/path');
import './librobots.js';

const librobots = globalThis.librobots;

// Set once the module is loaded (live bindings).
export let version;
export let limits;
export let profiles;

export async function init(source) {
    await librobots.init(source === undefined
        ? new URL('./librobots.wasm', import.meta.url) : source);
    ({ version, limits, profiles } = librobots);
    return librobots;
}

export const {
    initSync, parse, parseMemoryBound, matchPath, urlToPath,
    diagnosticKinds, robotsTxtUrl, parseUrl, scope, fetchPolicy,
    cacheLifetime, httpDate, metaTags, xRobotsTag, hostToAscii,
    punycodeEncode, RobotsTxt, Query,
} = librobots;
export default librobots;
