// SPDX-License-Identifier: MIT
// index.d.ts - the types of the librobots package (written by hand; the
// functions are in librobots.js, their meaning in lib/include/robots.h and
// robots_web.h, whose names are given beside each).

/** Text in: a string (sent as UTF-8; it must be well-formed UTF-16) or
 * bytes, sent exactly as they are. */
export type Text = string | Uint8Array;

/** `rfc9309` (default), `google` (what google/robotstxt answers) or
 * `legacy` (the 1996 draft). Names are read case-insensitively. */
export type Profile = 'rfc9309' | 'google' | 'legacy';

export interface ProfileOption {
    profile?: Profile;
}

export interface ParseOptions extends ProfileOption {
    /** Bytes of the body parsed (ROBOTS_DEFAULT_PARSE_LIMIT, 512,000, when
     * absent); 0 parses the whole body. */
    parseLimit?: number;
    /** Most bytes the document may take while parsed; 0 or absent: no cap. */
    memoryCap?: number;
    /** A Content-Usage line ends a group's user-agent lines, as
     * draft-ietf-aipref-attach-05 reads it (default false: an extension
     * record, docs/semantics.md "AI usage preferences", decision 1). */
    contentUsageEndsGroup?: boolean;
    /** A parse for verdicts only (a crawler's): no diagnostics are kept or
     * counted (`diagnostics` is empty); everything else is what the default
     * parse makes of the body (robots_options.skip_diagnostics). */
    skipDiagnostics?: boolean;
}

/** robots_usage_value_name() */
export type UsageValue = 'allowed' | 'disallowed' | 'unknown';

/** A key of a deciding statement that names no label (ignored). */
export interface UnknownLabel {
    line: number;
    label: string;
    status: 'obsolete' | 'proposed' | 'unknown';
}

/** robots_usage_result: the AI usage preferences of a URL for a crawler. */
export interface Usage {
    crawlable: boolean;
    /** robots_check()'s verdict for the agent and URL. */
    verdict: Verdict;
    /** Each label of usageLabels with its value; null when the URL may not
     * be crawled (no preferences, which is not "unknown"). */
    labels: Record<string, UsageValue> | null;
    /** The deciding Content-Usage lines (at most 16), ascending. */
    lines: number[];
    lineCount: number;
    patternLen: number;
    unknownLabels: UnknownLabel[];
    /** Deciding statements that are no RFC 9651 Dictionary. */
    malformed: number;
    /** The groups' Content-Signal (search, ai-input, ai-train), its
     * reading as labels, and its first line; null when none. */
    signal: Record<string, UsageValue> | null;
    signalLabels: Record<string, UsageValue> | null;
    signalLine: number | null;
    /** A Content-Signal before any group: the file's own. */
    fileSignal: Record<string, UsageValue> | null;
    fileSignalLabels: Record<string, UsageValue> | null;
    fileSignalLine: number | null;
    /** Per label of usageLabels, where its value came from: 'header' (the
     * Content-Usage field given to usage()), 'file' (the deciding lines),
     * both where the two agree, none for a value no source set. */
    sources: Record<string, Array<'header' | 'file'>>;
}

/** robots_reason_name() */
export type Reason =
    | 'no-group'
    | 'no-rule-matched'
    | 'longest-match'
    | 'tie-allow'
    | 'first-match'
    | 'robots-txt';

export type RuleKind = 'allow' | 'disallow';

/** robots_verdict: the answer and its evidence. */
export interface Verdict {
    allowed: boolean;
    reason: Reason;
    /** The groups used name one of the agents (not `*`, not none). */
    specific: boolean;
    /** The group of the deciding rule, or the first group that applied;
     * null when none applies. */
    group: number | null;
    /** The deciding rule's index in its group; null when no rule decided. */
    rule: number | null;
    ruleKind: RuleKind | null;
    /** The deciding rule's 1-based line; null when no rule decided. */
    line: number | null;
    /** The deciding rule's pattern as written (invalid UTF-8 shown as
     * U+FFFD); null when no rule decided. */
    pattern: string | null;
    /** The file was cut at its parse limit: a line not read might have
     * decided otherwise. */
    truncated: boolean;
}

/** robots_cut_info, when the parse limit cut the body. */
export interface CutInfo {
    limit: number;
    /** Byte offset and 1-based line of the first line not read. */
    offset: number;
    line: number;
    linesNotRead: number;
    bytesNotRead: number;
}

export interface AgentInfo {
    line: number;
    /** As written, trimmed. */
    value: string;
    /** The product token it is reduced to (the whole value in legacy). */
    token: string;
    wildcard: boolean;
}

export interface RuleInfo {
    line: number;
    kind: RuleKind;
    /** As written, trimmed. */
    pattern: string;
    /** What a check matches: the pattern after the profile's
     * percent-normalisation. */
    normalized: string;
}

export interface GroupInfo {
    index: number;
    /** Line of its first user-agent line. */
    line: number;
    agents: AgentInfo[];
    rules: RuleInfo[];
    /** Seconds, or null when the group has none. */
    crawlDelay: number | null;
    crawlDelayLine: number | null;
}

/** robots_record_info: a sitemap or an extension line. */
export interface RecordInfo {
    line: number;
    /** As written ("Sitemap", "Crawl-delay", ...). */
    key: string;
    value: string;
    /** The group it appeared in, or null. */
    group: number | null;
}

export interface CrawlDelay {
    group: number;
    groupLine: number;
    line: number;
    seconds: number;
}

export type Severity = 'note' | 'warning' | 'error';

/** robots_diagnostic_info. `kind` is a robots_diag_kind_name(), e.g.
 * "typo-key"; diagnosticKinds() lists them all. */
export interface Diagnostic {
    line: number;
    /** 1-based byte column; 0 for the whole line. */
    column: number;
    kind: string;
    severity: Severity;
    message: string;
    suggestion: string | null;
    /** The other line a finding of analyze() names (the rule that shadows
     * this one, the group this one repeats or joins); null when none, and
     * for every diagnostic of the parse. */
    relatedLine: number | null;
}

/** robots_analyze(): the findings only the whole document shows. */
export interface Analysis {
    /** At most ROBOTS_MAX_DIAGNOSTICS + 2, sorted by line and column. */
    findings: Diagnostic[];
    /** Every finding, kept or not (robots_analysis_total()). */
    total: number;
}

export interface DiagnosticKind {
    name: string;
    description: string;
    severity: Severity;
}

export interface GroupChoice {
    group: number | null;
    /** Line of the chosen group's first user-agent line. */
    line: number | null;
    specific: boolean;
}

export interface GroupsChoice {
    /** Group indexes, ascending; empty when no group applies. */
    groups: number[];
    /** True when the groups name an agent; false for `*` groups or none. */
    specific: boolean;
}

/** A parsed robots.txt (robots_parse()). Immutable; release it with
 * free(). Every method of a freed document throws a TypeError. */
export class RobotsTxt {
    private constructor();
    readonly profile: Profile;
    readonly inputBytes: number;
    readonly parsedBytes: number;
    readonly memoryUsed: number;
    /** Where the parse limit cut the body; null when it did not. */
    readonly cut: CutInfo | null;
    readonly freed: boolean;
    readonly groupCount: number;
    /** Diagnostics found, stored or not (diagnostics() lists at most
     * ROBOTS_MAX_DIAGNOSTICS + 1). */
    readonly diagnosticTotal: number;

    /** May one of the agents (a name, or up to 64 names as one crawler)
     * fetch the URL (absolute, or a path)? robots_check(). */
    check(agents: Text | Text[], url: Text): Verdict;
    isAllowed(agents: Text | Text[], url: Text): boolean;
    /** robots_usage_agents() for a crawler's name, or its names as check()
     * takes them; contentUsage: the lines of the response's Content-Usage
     * field (at most 64), combined with the file's answer
     * (robots_usage_combine_field()). */
    usage(agents: Text | Text[], url: Text, contentUsage?: Text | Text[]): Usage;
    /** The agents resolved once for many URLs (robots_query_new()). */
    query(agents: Text | Text[]): Query;
    selectGroup(agents: Text | Text[]): GroupChoice;
    /** Every group a check of the agents reads (robots_select_groups()):
     * rfc9309 and google, the groups naming one of the agents, merged,
     * else every `*` group; legacy, the one record it obeys. */
    selectGroups(agents: Text | Text[]): GroupsChoice;
    group(index: number): GroupInfo;
    groups(): GroupInfo[];
    sitemaps(): RecordInfo[];
    /** Lines with a key the profile does not act on (crawl-delay, host...). */
    extensions(): RecordInfo[];
    crawlDelays(): CrawlDelay[];
    diagnostics(): Diagnostic[];
    /** What only the whole document shows, as `robots lint` reports it
     * beside the diagnostics: shadowed-rule, duplicate-rule,
     * encoded-duplicate, repeated-group, agent-joins-group,
     * literal-wildcard, analysis-limit, bom-encoded-twice, usage-malformed,
     * usage-unknown-label, usage-never-applies, usage-no-star-fallback
     * (robots_analyze();
     * the analysis is freed before it returns). Columns are read from the
     * body given to parse(): bytes changed since give wrong columns. */
    analyze(): Analysis;
    /** Releases the document and its queries. Safe to call twice. */
    free(): void;
}

/** A document's check for fixed agents (robots_query). */
export class Query {
    private constructor();
    readonly document: RobotsTxt;
    readonly freed: boolean;
    check(url: Text): Verdict;
    isAllowed(url: Text): boolean;
    free(): void;
}

/** Parses any bytes (robots_parse()). Throws TypeError for a wrong type
 * or a lone surrogate, RangeError (with `code`, a robots_status name) for
 * what the library refuses. */
export function parse(body: Text, options?: ParseOptions): RobotsTxt;

/** robots_parse_memory_bound() */
export function parseMemoryBound(bodyLength: number): number;

/** Does the rule pattern match the path in this profile? robots_match_path() */
export function matchPath(pattern: Text, path: Text, options?: ProfileOption): boolean;

/** The path a check matches for a URL. robots_url_to_path() */
export function urlToPath(url: Text, options?: ProfileOption): string;

export function diagnosticKinds(): DiagnosticKind[];

/** The robots.txt URL that governs a URL. robots_url_to_robots_txt() */
export function robotsTxtUrl(url: Text): string;

export interface UrlParts {
    scheme: string;
    host: string;
    hostKind: 'name' | 'ipv4' | 'ipv6';
    port: number;
    portGiven: boolean;
    defaultPort: boolean;
    hadUserinfo: boolean;
    hostConverted: boolean;
    /** Byte offset, in the URL's UTF-8, where path, query or fragment
     * start. */
    pathOffset: number;
}

/** robots_url_parse() */
export function parseUrl(url: Text): UrlParts;

export type ScopeReason =
    | 'same-site'
    | 'other-scheme'
    | 'other-host'
    | 'other-port'
    | 'not-top-level';

/** Does the robots.txt at robotsUrl govern url? robots_scope_check() */
export function scope(robotsUrl: Text, url: Text): { applies: boolean; reason: ScopeReason };

export type NetworkError = 'none' | 'dns' | 'connect' | 'timeout' | 'tls' | 'truncated';

export interface FetchOutcome {
    /** HTTP status, 100-999; ignored with a network error. */
    status?: number;
    /** Redirects already followed in this chain. */
    redirects?: number;
    networkError?: NetworkError;
    /** How long the file has been unreachable, in seconds. */
    unreachableSeconds?: number;
    hasCachedCopy?: boolean;
    /** A 3xx response carried no Location that is a URL: nothing to follow. */
    noLocation?: boolean;
}

export interface FetchDecision {
    action:
        | 'parse-body'
        | 'allow-all'
        | 'disallow-all'
        | 'disallow-all-retry'
        | 'follow-redirect'
        | 'use-cached'
        | 'defer';
    basis:
        | 'success'
        | 'redirect'
        | 'redirect-limit'
        | 'client-error'
        | 'access-restricted'
        | 'rate-limited'
        | 'server-error'
        | 'network-error'
        | 'other-status';
    retry: boolean;
    longUnreachable: boolean;
}

/** What a crawler does with a fetch of robots.txt. robots_fetch_policy() */
export function fetchPolicy(outcome: FetchOutcome, options?: ProfileOption): FetchDecision;

export interface CacheHeaders {
    cacheControl?: Text | null;
    expires?: Text | null;
    date?: Text | null;
    /** The Age header (RFC 9111 section 5.1): shortens max-age and Expires. */
    age?: Text | null;
}

export interface CacheInfo {
    seconds: number;
    source: 'default' | 'max-age' | 'expires' | 'no-store' | 'no-cache';
    capped: boolean;
    /** robots_cache_flag_name() of each value reported and ignored. */
    malformed: string[];
}

/** How long a fetched robots.txt may be cached, from a header block
 * ("Name: value" lines) or the three headers. robots_cache_lifetime() */
export function cacheLifetime(headers: Text | CacheHeaders, options?: ProfileOption): CacheInfo;

/** An HTTP date to seconds since 1970. robots_http_date_parse() */
export function httpDate(text: Text): number;

export interface MetaItem {
    directive: string;
    source: 'meta-robots' | 'meta-agent' | 'x-robots-tag';
    malformed: boolean;
    text: string;
    value: number;
}

/** robots_meta_result */
export interface MetaResult {
    restrictions: Array<'noindex' | 'nofollow' | 'noarchive' | 'nosnippet' | 'noimageindex'>;
    conflicts: string[];
    seen: string[];
    duplicates: number;
    maxSnippet: number | null;
    maxImagePreview: 'unset' | 'none' | 'standard' | 'large';
    maxVideoPreview: number | null;
    unavailableAfter: { seconds: number; text: string } | null;
    items: MetaItem[];
    directivesTotal: number;
    unknown: number;
    malformed: number;
    tagsApplied: number;
    tagsOtherAgent: number;
    description: string | null;
    keywords: string | null;
    revisitAfter: string | null;
    truncated: boolean;
    bytesScanned: number;
    headEnded: boolean;
    scanCut: boolean;
}

export interface AgentOption {
    /** The crawler whose <meta name="..."> tags and prefixed header values
     * apply; robots tags only when absent. */
    agent?: Text;
}

/** The robots META tags of an HTML page. robots_meta_scan_html() */
export function metaTags(html: Text, options?: AgentOption): MetaResult;

/** X-Robots-Tag header values. robots_meta_add_header() */
export function xRobotsTag(values: Text | Text[], options?: AgentOption): MetaResult;

/** IDNA ToASCII of a host name. robots_host_to_ascii() */
export function hostToAscii(host: Text): string;

/** RFC 3492 Punycode. robots_punycode_encode() */
export function punycodeEncode(text: Text): string;

export interface Limits {
    maxInputBytes: number;
    maxUrlBytes: number;
    maxQueryAgents: number;
    maxAgentBytes: number;
    defaultParseLimit: number;
    maxLineBytes: number;
    maxDiagnostics: number;
    maxRobotsUrlBytes: number;
    metaMaxScanBytes: number;
    maxNormalizedPatternBytes: number;
    maxRedirects: number;
    maxHostBytes: number;
    maxPunycodeCodePoints: number;
    metaMaxDirectives: number;
}

/** The library's version ("1.0.0"). */
export const version: string;
/** The named limits of the public headers. */
export const limits: Readonly<Limits>;
export const profiles: Profile[];
/** The vocabulary's labels (robots_usage_label()), in order. */
export const usageLabels: string[];

/** Loads the module. Node loads it by itself on first use; a browser
 * must await this first. source: the module's URL, bytes, a
 * WebAssembly.Module or a fetch Response (default: librobots.wasm beside
 * the script). */
export function init(source?: string | URL | BufferSource | WebAssembly.Module | Response | Promise<Response>): Promise<unknown>;
/** Loads the module synchronously from bytes or a WebAssembly.Module (in
 * Node, from librobots.wasm beside librobots.js when none is given). */
export function initSync(source?: BufferSource | WebAssembly.Module): unknown;

declare const librobots: {
    init: typeof init;
    initSync: typeof initSync;
    parse: typeof parse;
    parseMemoryBound: typeof parseMemoryBound;
    matchPath: typeof matchPath;
    urlToPath: typeof urlToPath;
    diagnosticKinds: typeof diagnosticKinds;
    robotsTxtUrl: typeof robotsTxtUrl;
    parseUrl: typeof parseUrl;
    scope: typeof scope;
    fetchPolicy: typeof fetchPolicy;
    cacheLifetime: typeof cacheLifetime;
    httpDate: typeof httpDate;
    metaTags: typeof metaTags;
    xRobotsTag: typeof xRobotsTag;
    hostToAscii: typeof hostToAscii;
    punycodeEncode: typeof punycodeEncode;
    RobotsTxt: typeof RobotsTxt;
    Query: typeof Query;
    readonly version: string;
    readonly limits: Readonly<Limits>;
    readonly profiles: Profile[];
    readonly usageLabels: string[];
};
export default librobots;
