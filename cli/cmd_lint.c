/* SPDX-License-Identifier: MIT */
/*
 * cmd_lint.c - `robots lint`: what is wrong or doubtful in a robots.txt, in
 * the FILE:LINE:COL form editors and CI systems annotate, as JSON, or as
 * SARIF 2.1.0 for code-scanning tools.
 *
 * Every finding is the library's: the parse's diagnostics (typos, rules
 * outside a group, patterns that never match, lines without a colon, the
 * parse limit, encoding, crawl-delay and sitemap values, ignored
 * directives) and robots_analyze()'s, which reads the whole document
 * (shadowed and duplicate rules, repeated groups, user-agent lines that
 * join the group above, wildcards read literally). lint decides nothing
 * about the file itself: it gathers, sorts and prints.
 */
#include "json_out.h"
#include "lint_fix.h"
#include "site.h"

#include <stdlib.h>
#include <string.h>

static const char lint_usage[] =
    "usage: robots lint [--profile rfc9309|google|legacy]\n"
    "                   [--format text|json|sarif] [--json] [--strict]\n"
    "                   [--parse-limit BYTES] FILE\n"
    "       robots lint --fix [--output FILE2 | --in-place] [--profile P]\n"
    "                   [--parse-limit BYTES] FILE\n"
    "\n"
    "Reports what is wrong or doubtful in the robots.txt FILE ('-' for\n"
    "stdin), as the profile reads it: typos (with a suggestion), rules\n"
    "before any user-agent, patterns that never match, rules shadowed by\n"
    "other rules for every agent of their group, repeated rules and\n"
    "groups, user-agent lines that join the group above, lines without a\n"
    "colon, content past the parse limit (where the file was cut), bytes\n"
    "that are not UTF-8, a misplaced BOM, bad crawl-delay and sitemap\n"
    "values, directives the profile ignores, wildcards it reads literally.\n"
    "\n"
    "  --profile P     rfc9309 (default), google or legacy\n"
    "  --format F      text (default): FILE:LINE:COL: SEVERITY: MESSAGE "
    "[CODE]\n"
    "                  json: one object; sarif: SARIF 2.1.0\n"
    "  --json          the same as --format json\n"
    "  --strict        exit 1 on warnings too\n"
    "  --parse-limit BYTES\n"
    "                  bytes of FILE parsed (default 512000, 500 KiB, RFC\n"
    "                  9309 section 2.5; 0 all, up to 1 GiB, in about 8\n"
    "                  times its size of memory)\n"
    "\n"
    "  --fix           write FILE corrected, to stdout, for the mechanical\n"
    "                  findings: typo keys, lines without a colon, a BOM\n"
    "                  encoded twice, exact duplicate rules; each fix is\n"
    "                  written only once the verdicts of paths made from the\n"
    "                  file's rules, for every agent it names, an unnamed\n"
    "                  agent and common crawlers, are the same before and\n"
    "                  after, but those the fixed line now decides (said on\n"
    "                  stderr, with every fix and every finding left; rules\n"
    "                  before any User-agent are flagged, never moved)\n"
    "  --output FILE2  with --fix: write to FILE2 instead\n"
    "  --in-place      with --fix: replace FILE (a temporary file beside it,\n"
    "                  then renamed over it)\n"
    "\n"
    "Exit status: 0 no errors (with --strict: no errors or warnings),\n"
    "1 errors found, 2 usage or input error. With --fix: 0 every mechanical\n"
    "finding fixed, 1 some left (the file is still written), 2 usage, input\n"
    "or write error.\n";

/* Findings of one kind and severity past this many are told as one, with
 * their count and the first LINT_FLOOD_LINES lines (issue 21: a file of
 * 7,127 rules and no user-agent line gave a thousand identical errors). */
#define LINT_FLOOD 10
#define LINT_FLOOD_LINES 5
#define LINT_MESSAGE_BYTES 480

typedef struct finding {
    size_t line;
    size_t column;
    size_t related_line; /* 0: none */
    size_t count;        /* the findings it stands for: 1, or a flood's */
    /* A flood's first finding: the lines of every finding of the flood
     * that was kept, at lint.flood_lines[lines_at..lines_at+lines_len)
     * (JSON names them all, so that each claim can be checked). */
    size_t lines_at;
    size_t lines_len;
    robots_diag_kind kind;
    robots_severity severity;
    const char *code;
    const char *message;
    size_t message_len;
    const char *suggestion; /* NULL when none */
    size_t suggestion_len;
    size_t order; /* tie-break: the order found */
} finding;

typedef struct lint {
    robots_profile profile;
    finding *found;
    size_t found_count;
    char cut_message[CLI_CUT_MESSAGE_BYTES]; /* past-parse-limit's words */
    size_t *flood_lines; /* found_count entries: each finding in one flood */
    size_t flood_line_count;
    /* The messages of collapsed floods, one per kind and severity. */
    char floods[ROBOTS_DIAG_KIND_LAST + 1][3][LINT_MESSAGE_BYTES];
} lint;

/* Adds one diagnostic of the parse or of the analysis. */
static void add_diagnostic(lint *l, const robots_diagnostic_info *d) {
    finding *f = &l->found[l->found_count];
    f->line = d->line ? d->line : 1;
    f->column = d->column ? d->column : 1;
    f->related_line = d->related_line;
    f->count = 1;
    f->lines_at = 0;
    f->lines_len = 0;
    f->kind = d->kind;
    f->severity = d->severity;
    f->code = robots_diag_kind_name(d->kind);
    if (f->code == NULL)
        f->code = "unknown";
    f->message = d->message;
    f->message_len = d->message_len;
    f->suggestion = d->suggestion;
    f->suggestion_len = d->suggestion ? d->suggestion_len : 0;
    f->order = l->found_count++;
}

/* A file the parse limit cut is always a past-parse-limit finding that
 * names the line and counts what was not read (issue 19): the library's
 * diagnostic says so, worded again here when the command counted the
 * lines of the rest of the file (site_load()'s cut), or made here when the
 * diagnostics were capped before it was kept. */
static void cut_finding(lint *l, const robots_cut_info *cut) {
    if (!cut->truncated)
        return;
    cli_cut_message(l->cut_message, sizeof l->cut_message, cut);
    for (size_t i = 0; i < l->found_count; i++)
        if (l->found[i].kind == ROBOTS_DIAG_PAST_PARSE_LIMIT) {
            l->found[i].message = l->cut_message;
            l->found[i].message_len = strlen(l->cut_message);
            return;
        }
    robots_diagnostic_info d;
    memset(&d, 0, sizeof d);
    d.line = cut->line;
    d.kind = ROBOTS_DIAG_PAST_PARSE_LIMIT;
    d.severity = ROBOTS_SEVERITY_ERROR;
    d.message = l->cut_message;
    d.message_len = strlen(l->cut_message);
    add_diagnostic(l, &d);
}

/* Tells each flood (more than LINT_FLOOD findings of one kind and
 * severity) as its first finding, worded with the count and the first
 * lines; the findings are sorted. The count is the library's, of every
 * finding of the kind, kept or not, when all that were kept have this
 * severity; else the ones kept. */
static void collapse_floods(lint *l, const robots_txt *doc,
                            const robots_analysis *analysis) {
    size_t counts[ROBOTS_DIAG_KIND_LAST + 1][3];
    memset(counts, 0, sizeof counts);
    for (size_t i = 0; i < l->found_count; i++)
        counts[l->found[i].kind][l->found[i].severity]++;
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++)
        for (int sev = 0; sev < 3; sev++) {
            if (counts[k][sev] <= LINT_FLOOD)
                continue;
            size_t total = counts[k][sev];
            if (counts[k][0] + counts[k][1] + counts[k][2] == total)
                total =
                    robots_diagnostic_kind_total(doc, (robots_diag_kind)k) +
                    robots_analysis_kind_total(analysis, (robots_diag_kind)k);
            finding *first = NULL;
            size_t lines_at = l->flood_line_count;
            char lines[128];
            size_t n = 0, shown = 0;
            lines[0] = '\0';
            for (size_t i = 0; i < l->found_count; i++) {
                finding *f = &l->found[i];
                if ((int)f->kind != k || (int)f->severity != sev)
                    continue;
                if (shown < LINT_FLOOD_LINES)
                    n += (size_t)snprintf(lines + n, sizeof lines - n, "%s%zu",
                                          shown++ ? ", " : "", f->line);
                l->flood_lines[l->flood_line_count++] = f->line;
                if (first == NULL)
                    first = f;
                else
                    f->code = NULL; /* told by the first */
            }
            char *msg = l->floods[k][sev];
            if (k == ROBOTS_DIAG_RULE_OUTSIDE_GROUP &&
                robots_group_count(doc) == 0)
                snprintf(msg, LINT_MESSAGE_BYTES,
                         "%zu rules and no User-agent line: every rule is "
                         "ignored (lines %s, ...)",
                         total, lines);
            else
                snprintf(
                    msg, LINT_MESSAGE_BYTES,
                    "%.*s; and so %zu times in all, at lines %s, ...",
                    (int)(first->message_len < 300 ? first->message_len : 300),
                    first->message, total, lines);
            first->message = msg;
            first->message_len = strlen(msg);
            first->count = total;
            first->lines_at = lines_at;
            first->lines_len = l->flood_line_count - lines_at;
        }
    size_t kept = 0;
    for (size_t i = 0; i < l->found_count; i++)
        if (l->found[i].code != NULL)
            l->found[kept++] = l->found[i];
    l->found_count = kept;
}

/* ---- output ------------------------------------------------------------- */

static const char *describe_code(const char *code) {
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++) {
        robots_diag_kind_info info;
        if (robots_diag_kind_describe((robots_diag_kind)k, &info) ==
                ROBOTS_OK &&
            strcmp(info.name, code) == 0)
            return info.description;
    }
    return code;
}

#define SARIF_RULES (ROBOTS_DIAG_KIND_LAST + 1)

/* The rule ids of the SARIF run: every kind of diagnostic. */
static size_t sarif_rules(const char **ids) {
    size_t n = 0;
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++)
        ids[n++] = robots_diag_kind_name((robots_diag_kind)k);
    return n;
}

/* A file name as a URI reference, a JSON string: RFC 3986's unreserved
 * characters and '/' as they are, every other byte percent-encoded (so
 * every byte of it is printable ASCII). */
static void uri_value(json_out *j, const char *path) {
    static const char kept[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "abcdefghijklmnopqrstuvwxyz"
                               "0123456789-._~/";
    static const char hex[] = "0123456789ABCDEF";
    size_t n = strlen(path), len = 0;
    char *uri = malloc(3 * n + 1);
    if (uri == NULL) {
        json_out_string(j, "", 0);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)path[i];
        if (strchr(kept, c) != NULL) {
            uri[len++] = (char)c;
        } else {
            uri[len++] = '%';
            uri[len++] = hex[c >> 4];
            uri[len++] = hex[c & 15];
        }
    }
    json_out_string(j, uri, len);
    free(uri);
}

static void print_sarif(const lint *l, const char *path) {
    const char *ids[SARIF_RULES];
    size_t n = sarif_rules(ids);
    json_out j;
    json_out_init(&j, stdout);
    json_out_object(&j);
    json_out_key(&j, "$schema");
    json_out_cstring(&j, "https://json.schemastore.org/sarif-2.1.0.json");
    json_out_key(&j, "version");
    json_out_cstring(&j, "2.1.0");
    json_out_key(&j, "runs");
    json_out_array(&j);
    json_out_object(&j);
    json_out_key(&j, "tool");
    json_out_object(&j);
    json_out_key(&j, "driver");
    json_out_object(&j);
    json_out_key(&j, "name");
    json_out_cstring(&j, "robots lint");
    json_out_key(&j, "version");
    json_out_cstring(&j, ROBOTS_VERSION_STRING);
    json_out_key(&j, "informationUri");
    json_out_cstring(&j, "https://www.rfc-editor.org/rfc/rfc9309");
    json_out_key(&j, "rules");
    json_out_array(&j);
    for (size_t i = 0; i < n; i++) {
        json_out_object(&j);
        json_out_key(&j, "id");
        json_out_cstring(&j, ids[i]);
        json_out_key(&j, "shortDescription");
        json_out_object(&j);
        json_out_key(&j, "text");
        json_out_cstring(&j, describe_code(ids[i]));
        json_out_end(&j);
        json_out_end(&j);
    }
    json_out_end(&j); /* rules */
    json_out_end(&j); /* driver */
    json_out_end(&j); /* tool */
    json_out_key(&j, "artifacts");
    json_out_array(&j);
    json_out_object(&j);
    json_out_key(&j, "location");
    json_out_object(&j);
    json_out_key(&j, "uri");
    uri_value(&j, path);
    json_out_end(&j);
    json_out_end(&j);
    json_out_end(&j); /* artifacts */
    json_out_key(&j, "properties");
    json_out_object(&j);
    json_out_key(&j, "profile");
    json_out_cstring(&j, robots_profile_name(l->profile));
    json_out_end(&j);
    json_out_key(&j, "results");
    json_out_array(&j);
    for (size_t i = 0; i < l->found_count; i++) {
        const finding *f = &l->found[i];
        size_t index = 0;
        while (index < n && strcmp(ids[index], f->code) != 0)
            index++;
        json_out_object(&j);
        json_out_key(&j, "ruleId");
        json_out_cstring(&j, f->code);
        if (index < n) {
            json_out_key(&j, "ruleIndex");
            json_out_size(&j, index);
        }
        json_out_key(&j, "level");
        json_out_cstring(&j, robots_severity_name(f->severity));
        json_out_key(&j, "message");
        json_out_object(&j);
        json_out_key(&j, "text");
        json_out_string(&j, f->message, f->message_len);
        json_out_end(&j);
        json_out_key(&j, "locations");
        json_out_array(&j);
        json_out_object(&j);
        json_out_key(&j, "physicalLocation");
        json_out_object(&j);
        json_out_key(&j, "artifactLocation");
        json_out_object(&j);
        json_out_key(&j, "uri");
        uri_value(&j, path);
        json_out_key(&j, "index");
        json_out_size(&j, 0);
        json_out_end(&j);
        json_out_key(&j, "region");
        json_out_object(&j);
        json_out_key(&j, "startLine");
        json_out_size(&j, f->line);
        json_out_key(&j, "startColumn");
        json_out_size(&j, f->column);
        json_out_end(&j); /* region */
        json_out_end(&j); /* physicalLocation */
        json_out_end(&j);
        json_out_end(&j); /* locations */
        if (f->suggestion != NULL) {
            json_out_key(&j, "properties");
            json_out_object(&j);
            json_out_key(&j, "suggestion");
            json_out_string(&j, f->suggestion, f->suggestion_len);
            json_out_end(&j);
        }
        json_out_end(&j);
    }
    json_out_end(&j); /* results */
    json_out_end(&j); /* the run */
    json_out_end(&j); /* runs */
    json_out_end(&j);
    putchar('\n');
}

static void print_json(const lint *l, const char *path, size_t counts[3]) {
    json_out j;
    json_out_init(&j, stdout);
    json_out_object(&j);
    json_out_key(&j, "file");
    json_out_cstring(&j, path);
    json_out_key(&j, "profile");
    json_out_cstring(&j, robots_profile_name(l->profile));
    json_out_key(&j, "errors");
    json_out_size(&j, counts[ROBOTS_SEVERITY_ERROR]);
    json_out_key(&j, "warnings");
    json_out_size(&j, counts[ROBOTS_SEVERITY_WARNING]);
    json_out_key(&j, "notes");
    json_out_size(&j, counts[ROBOTS_SEVERITY_NOTE]);
    json_out_key(&j, "diagnostics");
    json_out_array(&j);
    for (size_t i = 0; i < l->found_count; i++) {
        const finding *f = &l->found[i];
        json_out_object(&j);
        json_out_key(&j, "line");
        json_out_size(&j, f->line);
        json_out_key(&j, "column");
        json_out_size(&j, f->column);
        json_out_key(&j, "severity");
        json_out_cstring(&j, robots_severity_name(f->severity));
        json_out_key(&j, "code");
        json_out_cstring(&j, f->code);
        json_out_key(&j, "message");
        json_out_string(&j, f->message, f->message_len);
        json_out_key(&j, "suggestion");
        if (f->suggestion != NULL)
            json_out_string(&j, f->suggestion, f->suggestion_len);
        else
            json_out_null(&j);
        json_out_key(&j, "related_line");
        if (f->related_line != 0)
            json_out_size(&j, f->related_line);
        else
            json_out_null(&j);
        json_out_key(&j, "count");
        json_out_size(&j, f->count);
        if (f->lines_len > 0) {
            json_out_key(&j, "lines");
            json_out_array(&j);
            for (size_t k = 0; k < f->lines_len; k++)
                json_out_size(&j, l->flood_lines[f->lines_at + k]);
            json_out_end(&j);
        }
        json_out_end(&j);
    }
    json_out_end(&j);
    json_out_end(&j);
    putchar('\n');
}

static void print_text(const lint *l, const char *path, size_t counts[3]) {
    size_t plen = strlen(path);
    for (size_t i = 0; i < l->found_count; i++) {
        const finding *f = &l->found[i];
        cli_print_escaped(stdout, path, plen);
        printf(":%zu:%zu: %s: ", f->line, f->column,
               robots_severity_name(f->severity));
        cli_print_escaped(stdout, f->message, f->message_len);
        printf(" [%s]\n", f->code);
    }
    if (l->found_count > 0)
        printf("%zu error%s, %zu warning%s, %zu note%s\n",
               counts[ROBOTS_SEVERITY_ERROR],
               counts[ROBOTS_SEVERITY_ERROR] == 1 ? "" : "s",
               counts[ROBOTS_SEVERITY_WARNING],
               counts[ROBOTS_SEVERITY_WARNING] == 1 ? "" : "s",
               counts[ROBOTS_SEVERITY_NOTE],
               counts[ROBOTS_SEVERITY_NOTE] == 1 ? "" : "s");
}

static int compare_findings(const void *pa, const void *pb) {
    const finding *a = pa, *b = pb;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->column != b->column)
        return a->column < b->column ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

enum lint_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF };

static int lint_file(const char *path, const robots_options *options,
                     enum lint_format format, int strict) {
    static lint l; /* its flood messages are 45 KiB: not on the stack */
    memset(&l, 0, sizeof l);
    l.profile = options->profile;
    cli_buffer body;
    robots_txt *doc = NULL;
    robots_analysis *analysis = NULL;
    robots_cut_info cut;
    if (!site_load(path, options, &doc, &body, &cut))
        return EXIT_USAGE;
    int ok = robots_analyze(doc, body.data, body.len, &analysis) == ROBOTS_OK;
    size_t lib = robots_diagnostic_count(doc);
    size_t own = robots_analysis_count(analysis);
    /* The parse's findings, the analysis's and the cut file's. */
    l.found = ok ? malloc((lib + own + 1) * sizeof *l.found) : NULL;
    l.flood_lines = ok ? malloc((lib + own + 1) * sizeof *l.flood_lines) : NULL;
    ok = l.found != NULL && l.flood_lines != NULL;
    for (size_t i = 0; ok && i < lib; i++) {
        robots_diagnostic_info d;
        robots_diagnostic(doc, i, &d);
        add_diagnostic(&l, &d);
    }
    if (ok)
        cut_finding(&l, &cut);
    for (size_t i = 0; ok && i < own; i++) {
        robots_diagnostic_info d;
        robots_analysis_finding(analysis, i, &d);
        add_diagnostic(&l, &d);
    }
    int rc = EXIT_USAGE;
    if (ok) {
        qsort(l.found, l.found_count, sizeof *l.found, compare_findings);
        collapse_floods(&l, doc, analysis);
        size_t counts[3] = {0, 0, 0};
        for (size_t i = 0; i < l.found_count; i++)
            if ((unsigned)l.found[i].severity < 3)
                counts[l.found[i].severity] += l.found[i].count;
        if (format == FORMAT_SARIF)
            print_sarif(&l, path);
        else if (format == FORMAT_JSON)
            print_json(&l, path, counts);
        else
            print_text(&l, path, counts);
        rc = counts[ROBOTS_SEVERITY_ERROR] ||
                     (strict && counts[ROBOTS_SEVERITY_WARNING])
                 ? EXIT_DISALLOWED
                 : EXIT_ALLOWED;
    } else {
        cli_error("%s: out of memory", path);
    }
    free(l.found);
    free(l.flood_lines);
    robots_analysis_free(analysis);
    cli_buffer_free(&body);
    robots_free(doc);
    return rc;
}

int cli_cmd_lint(int argc, char **argv) {
    robots_options options;
    robots_options_init(&options);
    enum lint_format format = FORMAT_TEXT;
    int strict = 0, fix = 0, in_place = 0, format_given = 0;
    const char *output = NULL;
    int i = 1;
    for (; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        int r, rc;
        if (strcmp(arg, "--strict") == 0) {
            strict = 1;
        } else if (strcmp(arg, "--fix") == 0) {
            fix = 1;
        } else if (strcmp(arg, "--in-place") == 0) {
            in_place = 1;
        } else if ((r = cli_option_value(argc, argv, &i, "--output", &value))) {
            if (r < 0)
                return EXIT_USAGE;
            output = value;
        } else if (strcmp(arg, "--json") == 0) {
            format = FORMAT_JSON;
            format_given = 1;
        } else if ((r = cli_option_value(argc, argv, &i, "--format", &value))) {
            if (r < 0)
                return EXIT_USAGE;
            format_given = 1;
            if (strcmp(value, "text") == 0)
                format = FORMAT_TEXT;
            else if (strcmp(value, "json") == 0)
                format = FORMAT_JSON;
            else if (strcmp(value, "sarif") == 0)
                format = FORMAT_SARIF;
            else
                return cli_error("lint: unknown format '%s' (text, json or "
                                 "sarif)",
                                 value);
        } else {
            enum cli_opt s = cli_command_option(argc, argv, &i, "lint",
                                                lint_usage, &options, &rc);
            if (s == CLI_OPT_EXIT)
                return rc;
            if (s == CLI_OPT_ARGS)
                break;
        }
    }
    if (i >= argc)
        return cli_error("lint: missing FILE (see robots lint --help)");
    if (i + 1 < argc)
        return cli_error("lint: one FILE only; '%s' is extra", argv[i + 1]);
    if (!fix && (output != NULL || in_place))
        return cli_error("lint: --output and --in-place go with --fix");
    if (fix && (format_given || strict))
        return cli_error("lint: --fix writes the file: --format, --json and "
                         "--strict do not apply");
    if (output != NULL && in_place)
        return cli_error("lint: --output or --in-place, not both");
    if (fix)
        return lint_fix(argv[i], &options, output, in_place);
    int rc = lint_file(argv[i], &options, format, strict);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    return rc;
}
