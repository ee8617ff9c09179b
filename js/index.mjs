// SPDX-License-Identifier: MIT
// index.mjs - the package's ES module entry for Node: the same objects as
// require('librobots') (librobots.js), so that a program mixing import and
// require shares one module instance and one set of documents.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const librobots = require('./librobots.js');

export const {
    init, initSync, parse, parseMemoryBound, matchPath, urlToPath,
    diagnosticKinds, robotsTxtUrl, parseUrl, scope, fetchPolicy,
    cacheLifetime, httpDate, metaTags, xRobotsTag, hostToAscii,
    punycodeEncode, RobotsTxt, Query, version, limits, profiles,
    usageLabels,
} = librobots;
export default librobots;
