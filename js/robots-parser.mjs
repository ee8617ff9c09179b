// SPDX-License-Identifier: MIT
// robots-parser.mjs - `import robotsParser from 'librobots/robots-parser'`:
// the ES module face of robots-parser.js (the same function and objects).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const robotsParser = require('./robots-parser.js');

export const { Robots } = robotsParser;
export default robotsParser;
