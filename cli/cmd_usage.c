/* SPDX-License-Identifier: MIT */
/*
 * cmd_usage.c - `robots usage`: the AI usage preferences of URLs for one
 * crawler (the Content-Usage rule of draft-ietf-aipref-attach-05, the
 * vocabulary of draft-ietf-aipref-vocab-08, Cloudflare's Content-Signal),
 * as robots_usage() answers them (robots_usage.h). Every value, line and
 * label printed comes from the library; this file only lays them out.
 * Exit 0 when every URL may be crawled, 1 when some may not, 2 on a
 * usage, input or I/O error, as `robots check`.
 */
#include "cmd_usage.h"
#include "cli.h"
#include "json_out.h"
#include "robots_usage.h"
#include "url_lines.h"

#include <stdlib.h>
#include <string.h>

static const char usage_usage[] =
    "usage: robots usage --agent NAME... [--profile rfc9309|google|legacy]\n"
    "                    [--parse-limit BYTES] [--header 'Content-Usage: "
    "V']...\n"
    "                    [--content-usage-ends-group] [--json] ROBOTS_FILE\n"
    "                    [URL...]\n"
    "\n"
    "The AI usage preferences of each URL for one crawler: whether it may\n"
    "be crawled at all, then each label of the vocabulary (train-ai, ai-use,\n"
    "search) as allowed, disallowed or unknown, from the longest matching\n"
    "Content-Usage rule of the crawler's groups (draft-ietf-aipref-attach-05\n"
    "section 3), and the Content-Signal of its groups and of the file.\n"
    "Without URL arguments, reads URLs from stdin, one per line.\n"
    "\n"
    "  --agent NAME         the crawler's name (required); repeat for several\n"
    "                       names (a group naming any of them applies)\n"
    "  --profile P          rfc9309 (default), google or legacy\n"
    "  --header 'Content-Usage: V'  the Content-Usage field of the response;\n"
    "                       repeat for several lines; combined with the\n"
    "                       file's answer, most restrictive per label\n"
    "  --content-usage-ends-group  a Content-Usage line is a rule, so a\n"
    "                       user-agent line after it starts a new group, as\n"
    "                       draft-ietf-aipref-attach-05 reads it (off by\n"
    "                       default: docs/semantics.md, decision 1)\n"
    "  --json               one JSON object per URL\n"
    "  --parse-limit BYTES  bytes of the file parsed (default 512000, 0 all)\n"
    "\n"
    "Output, per URL: the URL; 'crawlable: yes' or 'crawlable: no' with the\n"
    "verdict of robots check --explain; each label with its value and what\n"
    "decided it: the deciding Content-Usage line(s), 'header' (the\n"
    "--header field), or both when they agree (a URL that may not be\n"
    "crawled has no preferences); the labels used that the vocabulary does\n"
    "not define; the malformed statements among the deciding lines, each\n"
    "with RFC 9651's reason; the Content-Signal of the crawler's groups and\n"
    "of the file, with its reading as labels. A URL that cannot be asked\n"
    "gives 'error: REASON' under it and a message on stderr.\n"
    "Exit status: 0 all crawlable, 1 some not crawlable, 2 a usage or input\n"
    "error, a URL that cannot be asked, or a write error on stdout.\n";

/* --header lines kept at most (each a line of the HTTP field). */
#define USAGE_MAX_HEADERS 64

typedef struct usage_run {
    const robots_txt *doc;
    /* robots_analyze()'s findings: the reason of each malformed
     * statement (usage-malformed). NULL without memory for it. */
    robots_analysis *analysis;
    robots_str agents[ROBOTS_MAX_QUERY_AGENTS];
    size_t agent_count;
    robots_str headers[USAGE_MAX_HEADERS];
    size_t header_count;
    int json;
    int any_not_crawlable;
    int any_error;
    cli_writer w;
    json_out *j; /* print_json()'s, while it writes */
} usage_run;

/* The record of the extension line `line` (Content-Usage, Content-Signal),
 * or 0 when no extension record stands on it. */
static int record_on(const robots_txt *doc, size_t line,
                     robots_record_info *out) {
    size_t count = robots_extension_count(doc);
    for (size_t i = 0; i < count; i++)
        if (robots_extension(doc, i, out) == ROBOTS_OK && out->line == line)
            return 1;
    return 0;
}

static void put_record(cli_writer *w, const robots_txt *doc, size_t line) {
    robots_record_info rec;
    cli_put_str(w, "line ");
    cli_put_size(w, line);
    if (!record_on(doc, line, &rec))
        return;
    cli_put_str(w, ": ");
    cli_put_escaped(w, rec.key, rec.key_len);
    cli_put_str(w, ": ");
    cli_put_escaped(w, rec.value, rec.value_len);
}

static void put_json_record(json_out *j, const robots_txt *doc, size_t line) {
    robots_record_info rec;
    json_out_object(j);
    json_out_field_size(j, "line", line);
    if (record_on(doc, line, &rec))
        json_out_field_string(j, "value", rec.value, rec.value_len);
    json_out_end(j);
}

static const char *status_word(int status) {
    return status == 1 ? "obsolete" : status == 2 ? "proposed" : "unknown";
}

/* Calls back for each unknown label of each deciding line, in order. The
 * label is written into `buf` (a key is at most a line). */
typedef void (*label_fn)(usage_run *run, size_t line, const char *label,
                         size_t len, int status, size_t nth);

static size_t each_unknown_label(usage_run *run, const robots_usage_result *r,
                                 label_fn fn) {
    static char buf[ROBOTS_MAX_LINE_BYTES + 1];
    size_t nth = 0, shown = r->line_count < ROBOTS_USAGE_MAX_LINES
                                ? r->line_count
                                : ROBOTS_USAGE_MAX_LINES;
    for (size_t l = 0; l < shown; l++) {
        for (size_t k = 0;; k++) {
            size_t needed = 0;
            int status = 0;
            if (robots_usage_unknown_label(run->doc, r->lines[l], k, buf,
                                           sizeof buf, &needed,
                                           &status) != ROBOTS_OK)
                break;
            fn(run, r->lines[l], buf, needed < sizeof buf ? needed : 0, status,
               nth++);
        }
    }
    return nth;
}

static void text_label(usage_run *run, size_t line, const char *label,
                       size_t len, int status, size_t nth) {
    cli_put_str(&run->w, nth == 0 ? " " : ", ");
    cli_put_escaped(&run->w, label, len);
    cli_put_str(&run->w, " (line ");
    cli_put_size(&run->w, line);
    cli_put_str(&run->w, ", ");
    cli_put_str(&run->w, status_word(status));
    cli_put_char(&run->w, ')');
}

static void json_label(usage_run *run, size_t line, const char *label,
                       size_t len, int status, size_t nth) {
    (void)nth; /* the writer places the commas */
    json_out_object(run->j);
    json_out_field_size(run->j, "line", line);
    json_out_field_string(run->j, "label", label, len);
    json_out_field_cstring(run->j, "status", status_word(status));
    json_out_end(run->j);
}

static void text_verdict(usage_run *run, const robots_verdict *v) {
    cli_writer *w = &run->w;
    cli_put_str(w, v->allowed ? "allowed, " : "disallowed, ");
    cli_put_str(w, robots_reason_name(v->reason));
    if (v->rule != ROBOTS_NO_POSITION) {
        cli_put_str(w, ", line ");
        cli_put_size(w, v->rule_line);
        cli_put_str(w, v->rule_kind == ROBOTS_RULE_ALLOW ? ": Allow: "
                                                         : ": Disallow: ");
        cli_put_escaped(w, v->rule_pattern, v->rule_pattern_len);
    }
}

/* "search allowed, ai-input unknown, ai-train disallowed", then the same
 * as labels of the vocabulary (robots_signal_to_usage()). */
static void text_signal(usage_run *run, const char *title, int has,
                        const robots_usage_value *signal, size_t line) {
    cli_writer *w = &run->w;
    robots_usage_value labels[ROBOTS_USAGE_MAX_LABELS];
    cli_put_str(w, title);
    if (!has) {
        cli_put_str(w, "none\n");
        return;
    }
    put_record(w, run->doc, line);
    cli_put_str(w, "\n    signals:");
    for (int s = 0; s <= ROBOTS_SIGNAL_LAST; s++) {
        cli_put_str(w, s == 0 ? " " : ", ");
        cli_put_str(w, robots_signal_name((robots_signal)s));
        cli_put_char(w, ' ');
        cli_put_str(w, robots_usage_value_name(signal[s]));
    }
    cli_put_str(w, "\n    as labels:");
    robots_signal_to_usage(signal, labels);
    for (size_t i = 0; i < robots_usage_label_count(); i++) {
        cli_put_str(w, i == 0 ? " " : ", ");
        cli_put_str(w, robots_usage_label(i));
        cli_put_char(w, ' ');
        cli_put_str(w, robots_usage_value_name(labels[i]));
    }
    cli_put_char(w, '\n');
}

static void json_values(json_out *j, const robots_usage_value *values,
                        size_t count, const char *(*name)(size_t)) {
    json_out_object(j);
    for (size_t i = 0; i < count; i++)
        json_out_field_cstring(j, name(i), robots_usage_value_name(values[i]));
    json_out_end(j);
}

static const char *signal_name_at(size_t i) {
    return robots_signal_name((robots_signal)i);
}

static void json_signal(usage_run *run, const char *key, int has,
                        const robots_usage_value *signal, size_t line) {
    json_out *j = run->j;
    robots_usage_value labels[ROBOTS_USAGE_MAX_LABELS];
    json_out_key(j, key);
    if (!has) {
        json_out_null(j);
        return;
    }
    json_out_object(j);
    json_out_key(j, "record");
    put_json_record(j, run->doc, line);
    json_out_key(j, "signals");
    json_values(j, signal, ROBOTS_SIGNAL_LAST + 1, signal_name_at);
    json_out_key(j, "labels");
    robots_signal_to_usage(signal, labels);
    json_values(j, labels, robots_usage_label_count(), robots_usage_label);
    json_out_end(j);
}

/* What decided label i, and the line's end: " (line 4)", " (lines 4,
 * 6)", " (header)", " (header; line 4)" (the two agree), or " (no rule)"
 * (robots_usage_result's file_labels and field_labels). An unknown value
 * names the deciding lines, which said nothing of it. */
static void put_label_source(cli_writer *w, const robots_usage_result *r,
                             size_t i, size_t shown) {
    size_t bit = (size_t)1 << i;
    int file = r->values[i] == ROBOTS_USAGE_UNKNOWN || (r->file_labels & bit);
    int field = (r->field_labels & bit) != 0;
    if (field) {
        cli_put_str(w, file && r->line_count != 0 ? " (header; " : " (header");
    } else {
        cli_put_str(w, " (");
        if (r->line_count == 0)
            cli_put_str(w, "no rule");
    }
    if (file && r->line_count != 0) {
        cli_put_str(w, r->line_count == 1 ? "line " : "lines ");
        for (size_t l = 0; l < shown; l++) {
            if (l != 0)
                cli_put_str(w, ", ");
            cli_put_size(w, r->lines[l]);
        }
        if (r->line_count > shown)
            cli_put_str(w, ", ...");
    }
    cli_put_str(w, ")\n");
}

/* The sources of each label in JSON: {"train-ai": ["header", "file"]}. */
static void json_label_sources(json_out *j, const robots_usage_result *r) {
    json_out_object(j);
    for (size_t i = 0; i < r->label_count; i++) {
        size_t bit = (size_t)1 << i;
        json_out_key(j, robots_usage_label(i));
        json_out_array(j);
        if (r->field_labels & bit)
            json_out_cstring(j, "header");
        if (r->file_labels & bit)
            json_out_cstring(j, "file");
        json_out_end(j);
    }
    json_out_end(j);
}

/* Calls back with the usage-malformed finding of each deciding line that
 * has one (the library's message: RFC 9651's reason and byte). */
static void each_malformed(usage_run *run, const robots_usage_result *r,
                           void (*fn)(usage_run *,
                                      const robots_diagnostic_info *,
                                      size_t nth)) {
    size_t count = robots_analysis_count(run->analysis), nth = 0;
    size_t shown = r->line_count < ROBOTS_USAGE_MAX_LINES
                       ? r->line_count
                       : ROBOTS_USAGE_MAX_LINES;
    if (r->malformed_lines == 0)
        return;
    for (size_t i = 0; i < count; i++) {
        robots_diagnostic_info d;
        if (robots_analysis_finding(run->analysis, i, &d) != ROBOTS_OK ||
            d.kind != ROBOTS_DIAG_USAGE_MALFORMED)
            continue;
        for (size_t l = 0; l < shown; l++)
            if (r->lines[l] == d.line)
                fn(run, &d, nth++);
    }
}

static void text_malformed(usage_run *run, const robots_diagnostic_info *d,
                           size_t nth) {
    (void)nth;
    cli_put_str(&run->w, "    line ");
    cli_put_size(&run->w, d->line);
    cli_put_str(&run->w, ": ");
    cli_put_escaped(&run->w, d->message, d->message_len);
    cli_put_char(&run->w, '\n');
}

static void json_malformed(usage_run *run, const robots_diagnostic_info *d,
                           size_t nth) {
    (void)nth; /* the writer places the commas */
    json_out_object(run->j);
    json_out_field_size(run->j, "line", d->line);
    json_out_field_string(run->j, "message", d->message, d->message_len);
    json_out_end(run->j);
}

static void print_text(usage_run *run, const char *url, size_t url_len,
                       const robots_usage_result *r) {
    cli_writer *w = &run->w;
    size_t shown = r->line_count < ROBOTS_USAGE_MAX_LINES
                       ? r->line_count
                       : ROBOTS_USAGE_MAX_LINES;
    cli_put_escaped(w, url, url_len);
    cli_put_str(w,
                r->crawlable ? "\n  crawlable: yes (" : "\n  crawlable: no (");
    text_verdict(run, &r->verdict);
    cli_put_str(w, ")\n");
    if (!r->crawlable) {
        cli_put_str(w, "  preferences: none (the URL may not be crawled)\n");
    } else {
        for (size_t i = 0; i < r->label_count; i++) {
            cli_put_str(w, "  ");
            cli_put_str(w, robots_usage_label(i));
            cli_put_str(w, ": ");
            cli_put_str(w, robots_usage_value_name(r->values[i]));
            put_label_source(w, r, i, shown);
        }
        cli_put_str(w, "  deciding:");
        if (r->line_count == 0)
            cli_put_str(w, " no Content-Usage rule matches");
        for (size_t l = 0; l < shown; l++) {
            cli_put_str(w, l == 0 ? " " : "; ");
            put_record(w, run->doc, r->lines[l]);
        }
        if (r->line_count > shown) {
            cli_put_str(w, "; and ");
            cli_put_size(w, r->line_count - shown);
            cli_put_str(w, " more");
        }
        cli_put_str(w, "\n  unknown labels:");
        if (each_unknown_label(run, r, text_label) == 0)
            cli_put_str(w, " none");
        cli_put_str(w, "\n  malformed statements: ");
        cli_put_size(w, r->malformed_lines);
        cli_put_char(w, '\n');
        each_malformed(run, r, text_malformed);
    }
    text_signal(run, "  Content-Signal of the groups: ", r->has_signal,
                r->signal, r->signal_line);
    text_signal(run, "  Content-Signal of the file: ", r->has_file_signal,
                r->file_signal, r->file_signal_line);
}

static void print_json(usage_run *run, const char *url, size_t url_len,
                       const robots_usage_result *r) {
    const robots_verdict *v = &r->verdict;
    size_t shown = r->line_count < ROBOTS_USAGE_MAX_LINES
                       ? r->line_count
                       : ROBOTS_USAGE_MAX_LINES;
    json_out jo;
    json_out *j = &jo;
    json_out_init_writer(j, &run->w);
    run->j = j;
    json_out_object(j);
    json_out_field_string(j, "url", url, url_len);
    json_out_field_bool(j, "crawlable", r->crawlable);
    json_out_key(j, "verdict");
    json_out_object(j);
    json_out_field_bool(j, "allowed", v->allowed);
    json_out_field_cstring(j, "reason", robots_reason_name(v->reason));
    json_out_key(j, "rule");
    if (v->rule != ROBOTS_NO_POSITION) {
        json_out_object(j);
        json_out_field_size(j, "line", v->rule_line);
        json_out_field_cstring(j, "kind", robots_rule_kind_name(v->rule_kind));
        json_out_field_string(j, "pattern", v->rule_pattern,
                              v->rule_pattern_len);
        json_out_end(j);
    } else {
        json_out_null(j);
    }
    json_out_end(j);
    json_out_key(j, "labels");
    if (r->crawlable)
        json_values(j, r->values, r->label_count, robots_usage_label);
    else
        json_out_null(j);
    /* What decided each label: null, as labels, for a URL that may not be
     * crawled (no preferences is not "unknown"). */
    json_out_key(j, "label_sources");
    if (r->crawlable)
        json_label_sources(j, r);
    else
        json_out_null(j);
    json_out_key(j, "lines");
    json_out_array(j);
    for (size_t l = 0; l < shown; l++)
        put_json_record(j, run->doc, r->lines[l]);
    json_out_end(j);
    json_out_field_size(j, "line_count", r->line_count);
    json_out_field_size(j, "pattern_len", r->pattern_len);
    json_out_key(j, "unknown_labels");
    if (r->crawlable) {
        json_out_array(j);
        each_unknown_label(run, r, json_label);
        json_out_end(j);
    } else {
        json_out_null(j);
    }
    json_out_field_size(j, "malformed_statements", r->malformed_lines);
    json_out_key(j, "malformed");
    if (r->crawlable) {
        json_out_array(j);
        each_malformed(run, r, json_malformed);
        json_out_end(j);
    } else {
        json_out_null(j);
    }
    json_signal(run, "signal", r->has_signal, r->signal, r->signal_line);
    json_signal(run, "file_signal", r->has_file_signal, r->file_signal,
                r->file_signal_line);
    json_out_end(j);
    run->j = NULL;
    cli_put_char(&run->w, '\n');
}

/* The answer for one URL, the header's lines combined with it. */
static robots_status usage_of(const usage_run *run, const char *url,
                              size_t url_len, robots_usage_result *r) {
    robots_status status = robots_usage_agents(
        run->doc, run->agents, run->agent_count, url, url_len, r);
    if (status == ROBOTS_OK && run->header_count > 0)
        status = robots_usage_combine_field(r, run->headers, run->header_count,
                                            NULL);
    return status;
}

/* --header 'Content-Usage: V': the line read by the library
 * (robots_usage_field_line()), its value kept. */
static int header_option(usage_run *run, const char *line) {
    robots_str value;
    int is_field = 0;
    robots_status status =
        robots_usage_field_line(line, strlen(line), &value, &is_field);
    if (status != ROBOTS_OK)
        return cli_error("usage: --header '%s': %s (a header line is "
                         "'Content-Usage: VALUE')",
                         line, robots_status_message(status));
    if (!is_field)
        return cli_error("usage: --header '%s' is not "
                         "'Content-Usage: VALUE'",
                         line);
    if (run->header_count == USAGE_MAX_HEADERS)
        return cli_error("usage: at most %d --header lines", USAGE_MAX_HEADERS);
    run->headers[run->header_count++] = value;
    return -1;
}

/* The options: each may be written anywhere before the operands; --agent
 * and the common ones as `robots check` takes them. */
static int usage_options(int argc, char **argv, int *i, usage_run *run,
                         robots_options *options) {
    for (; *i < argc; (*i)++) {
        const char *value = NULL;
        int r;
        if (strcmp(argv[*i], "--json") == 0) {
            run->json = 1;
        } else if (strcmp(argv[*i], "--content-usage-ends-group") == 0) {
            options->content_usage_ends_group = 1;
        } else if ((r = cli_agent_option(argc, argv, i, run->agents,
                                         &run->agent_count))) {
            if (r < 0)
                return EXIT_USAGE;
        } else if ((r = cli_option_value(argc, argv, i, "--header", &value))) {
            int rc = r < 0 ? EXIT_USAGE : header_option(run, value);
            if (rc >= 0)
                return rc;
        } else {
            int rc;
            enum cli_opt s = cli_command_option(argc, argv, i, "usage",
                                                usage_usage, options, &rc);
            if (s == CLI_OPT_EXIT)
                return rc;
            if (s == CLI_OPT_ARGS)
                break;
        }
    }
    return -1;
}

/* One URL's answer printed; or its error, named by `where` on stderr. */
static void usage_one(usage_run *run, const char *url, size_t len,
                      const char *where, size_t line_no) {
    robots_usage_result r;
    robots_status status = usage_of(run, url, len, &r);
    if (status != ROBOTS_OK) {
        run->any_error = 1;
        if (run->json) {
            json_out_url_error(&run->w, url, len, status);
        } else {
            cli_put_escaped(&run->w, url, len);
            cli_put_str(&run->w, "\n  error: ");
            cli_put_str(&run->w, robots_status_name(status));
            cli_put_char(&run->w, '\n');
        }
        /* stdout first, so that the two streams keep their order. */
        cli_writer_flush(&run->w);
        fflush(stdout);
        if (where != NULL)
            cli_error("URL '%s': %s", where, robots_status_message(status));
        else
            cli_error("stdin line %zu: %s", line_no,
                      robots_status_message(status));
        return;
    }
    if (!r.crawlable)
        run->any_not_crawlable = 1;
    if (run->json)
        print_json(run, url, len, &r);
    else
        print_text(run, url, len, &r);
}

static void usage_line(void *ctx, const char *s, size_t len, size_t line_no) {
    usage_one(ctx, s, len, NULL, line_no);
}

static void usage_too_long(void *ctx, size_t line_no) {
    usage_run *run = ctx;
    run->any_error = 1;
    cli_writer_flush(&run->w);
    fflush(stdout);
    cli_error("stdin line %zu: %s", line_no,
              robots_status_message(ROBOTS_ERR_URL_TOO_LONG));
}

/* Every URL argument asked before anything is printed, so that a bad URL
 * gives an error and no partial answer. */
static int ask_arguments(usage_run *run, int argc, char **argv, int i) {
    for (int k = i; k < argc; k++) {
        robots_usage_result r;
        robots_status status = usage_of(run, argv[k], strlen(argv[k]), &r);
        if (status != ROBOTS_OK)
            return cli_error("URL '%s': %s", argv[k],
                             robots_status_message(status));
    }
    for (int k = i; k < argc; k++)
        usage_one(run, argv[k], strlen(argv[k]), argv[k], 0);
    return 0;
}

int cli_cmd_usage(int argc, char **argv) {
    robots_options options;
    static char out_buf[1 << 16];
    static usage_run run;
    memset(&run, 0, sizeof run);
    robots_options_init(&options);
    int i = 1;
    int rc = usage_options(argc, argv, &i, &run, &options);
    if (rc >= 0)
        return rc;
    if (run.agent_count == 0)
        return cli_error("usage: --agent NAME is required (see robots usage "
                         "--help)");
    if (i >= argc)
        return cli_missing_file("usage");
    const char *path = argv[i++];
    if (i >= argc && strcmp(path, "-") == 0)
        return cli_error("usage: the robots.txt and the URLs cannot both come "
                         "from stdin");

    robots_txt *doc = NULL;
    robots_cut_info cut;
    if (!cli_load_robots(path, &options, &doc, NULL, &cut))
        return EXIT_USAGE;
    cli_warn_cut(path, &cut);
    run.doc = doc;
    /* Only for the reasons of malformed statements: without memory for
     * it, the counts stand alone. */
    (void)robots_analyze(doc, NULL, 0, &run.analysis);
    cli_writer_init(&run.w, stdout, out_buf, sizeof out_buf);
    if (i < argc) {
        rc = ask_arguments(&run, argc, argv, i);
    } else {
        cli_url_lines on = {usage_line, usage_too_long, &run};
        rc = cli_each_url_line(&on);
    }
    robots_analysis_free(run.analysis);
    robots_free(doc);
    cli_writer_flush(&run.w);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    if (rc != 0 || run.any_error)
        return EXIT_USAGE;
    return run.any_not_crawlable ? EXIT_DISALLOWED : EXIT_ALLOWED;
}
