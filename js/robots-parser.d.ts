// SPDX-License-Identifier: MIT
// robots-parser.d.ts - the types of `librobots/robots-parser`, the drop-in
// for npm's robots-parser (its index.d.ts's shape, with `ua` a string as
// its code takes it). README.md lists where the answers differ.
import type { ParseOptions, Text } from './index';

export interface Robot {
    /** undefined when the URL is outside this robots.txt's scheme, host
     * and port (or cannot be read). */
    isAllowed(url: string, ua?: string): boolean | undefined;
    /** !isAllowed(url, ua): true for a URL outside this robots.txt. */
    isDisallowed(url: string, ua?: string): boolean;
    /** The deciding rule's 1-based line; -1 when no rule decided (or the
     * URL is outside this robots.txt). */
    getMatchingLineNumber(url: string, ua?: string): number;
    /** Seconds, from the group the library chooses for ua. */
    getCrawlDelay(ua?: string): number | undefined;
    getSitemaps(): string[];
    /** The last Host: line's value, lowercased. */
    getPreferredHost(): string | null;
    /** Not in robots-parser: releases the module memory now. */
    free(): void;
}

export declare const Robots: {
    new (url: string, contents?: Text | null, options?: ParseOptions): Robot;
};

/** robots-parser's entry: the rfc9309 profile unless options say. */
declare function robotsParser(url: string, contents?: Text | null, options?: ParseOptions): Robot;
export default robotsParser;
