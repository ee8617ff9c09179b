/* SPDX-License-Identifier: MIT */
/*
 * cmd_test.c - `robots test`: checks a robots.txt against the expectations
 * a site keeps beside it ("allow AGENT URL" / "disallow AGENT URL" lines),
 * so that CI catches a change that blocks what it should not. Output as
 * text, TAP, JSON, and a JUnit XML file for CI systems.
 */
#include "site.h"

#include <errno.h>
#include <string.h>

static const char test_usage[] =
    "usage: robots test [--profile rfc9309|google|legacy] [--junit FILE]\n"
    "                   [--tap | --json] [--parse-limit BYTES]\n"
    "                   ROBOTS_FILE EXPECTATIONS\n"
    "\n"
    "Checks ROBOTS_FILE against EXPECTATIONS, a file of lines\n"
    "\n"
    "    allow AGENT URL\n"
    "    disallow AGENT URL\n"
    "\n"
    "(URL: a path such as /private/x or an absolute URL; AGENT: a crawler\n"
    "name or '*'), with '#' comments and blank lines. Each failure names\n"
    "the expectation's line and the rule that decided, with its line.\n"
    "Either file may be '-' for stdin (not both).\n"
    "\n"
    "  --profile P          rfc9309 (default), google or legacy\n"
    "  --junit FILE         also write the results as JUnit XML to FILE\n"
    "  --tap                print TAP (Test Anything Protocol), not text\n"
    "  --json               print one JSON object instead of text\n"
    "  --parse-limit BYTES  bytes of ROBOTS_FILE parsed (default 512000,\n"
    "                       0 all, up to 1 GiB, in about 5 times its size\n"
    "                       of memory); a warning on stderr says when it\n"
    "                       cut the file\n"
    "\n"
    "Exit status: 0 all expectations hold, 1 some failed, 2 usage or input\n"
    "error (a malformed expectations line is named with its line number).\n";

typedef struct expectation {
    size_t line;
    int want_allowed;
    robots_str agent;
    robots_str url;
    robots_verdict verdict;
} expectation;

typedef struct test_run {
    const char *robots_path;
    const char *exp_path;
    robots_profile profile;
    const robots_txt *doc;
    const cli_buffer *text; /* the expectations, read again for each output
                               so that nothing per line is kept */
    size_t count;
    size_t failed;
} test_run;

static int passed(const expectation *e) {
    return e->verdict.allowed == e->want_allowed;
}

/* The next expectation and its verdict: 1, 0 at the end, -1 after an
 * error naming the line was printed. */
static int next_expectation(const test_run *run, site_lines *it,
                            expectation *e) {
    const char *line;
    size_t len;
    while (site_lines_next(it, &line, &len)) {
        /* A UTF-8 byte order mark, as editors on Windows write, is not
         * part of the first line's words. */
        if (it->line_no == 1 && len >= 3 &&
            memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
            line += 3;
            len -= 3;
        }
        robots_str f[3];
        size_t n = site_fields(line, len, f, 3);
        if (n == 0)
            continue;
        e->line = it->line_no;
        robots_rule_kind verb; /* "allow" or "disallow", in any case */
        if (n == 3 && robots_rule_kind_from_name(f[0].ptr, f[0].len, &verb) ==
                          ROBOTS_OK) {
            e->want_allowed = verb == ROBOTS_RULE_ALLOW;
        } else {
            cli_error("%s:%zu: expected 'allow AGENT URL' or "
                      "'disallow AGENT URL'",
                      run->exp_path, e->line);
            return -1;
        }
        e->agent = f[1];
        e->url = f[2];
        if (e->agent.len > ROBOTS_MAX_AGENT_BYTES) {
            cli_error("%s:%zu: agent longer than %zu bytes", run->exp_path,
                      e->line, (size_t)ROBOTS_MAX_AGENT_BYTES);
            return -1;
        }
        /* The fields, not e's copies: an input that is part of the
         * output's struct would hide, from clang's analyzer, that the call
         * writes the verdict. */
        robots_status status =
            robots_check(run->doc, &f[1], 1, f[2].ptr, f[2].len, &e->verdict);
        if (status != ROBOTS_OK) {
            char q[80];
            cli_error("%s:%zu: URL '%s': %s", run->exp_path, e->line,
                      site_quote(q, sizeof q, e->url.ptr, e->url.len),
                      robots_status_message(status));
            return -1;
        }
        return 1;
    }
    return 0;
}

/* Checks every line once before anything is printed: counts, and the
 * first malformed line. */
static int load_expectations(test_run *run) {
    site_lines it;
    expectation e;
    int r;
    site_lines_init(&it, run->text->data, run->text->len);
    while ((r = next_expectation(run, &it, &e)) > 0) {
        run->count++;
        if (!passed(&e))
            run->failed++;
    }
    if (r < 0)
        return EXIT_USAGE;
    if (run->count == 0)
        return cli_error("%s: no expectations ('allow AGENT URL' or "
                         "'disallow AGENT URL' lines)",
                         run->exp_path);
    return 0;
}

/* "disallow Googlebot /private/x" */
static void print_expectation(FILE *out, const expectation *e) {
    fputs(e->want_allowed ? "allow " : "disallow ", out);
    cli_print_escaped(out, e->agent.ptr, e->agent.len);
    putc(' ', out);
    cli_print_escaped(out, e->url.ptr, e->url.len);
}

/* Starts reading the expectations again; they were checked whole. */
static void rewind_lines(const test_run *run, site_lines *it) {
    site_lines_init(it, run->text->data, run->text->len);
}

static void print_text(const test_run *run) {
    site_lines it;
    expectation e;
    rewind_lines(run, &it);
    while (next_expectation(run, &it, &e) > 0) {
        if (passed(&e))
            continue;
        char why[256];
        site_describe(why, sizeof why, &e.verdict);
        cli_print_escaped(stdout, run->exp_path, strlen(run->exp_path));
        printf(":%zu: FAIL: ", e.line);
        print_expectation(stdout, &e);
        printf(": %s by ", e.verdict.allowed ? "allowed" : "disallowed");
        cli_print_escaped(stdout, run->robots_path, strlen(run->robots_path));
        fputs(": ", stdout);
        cli_print_escaped(stdout, why, strlen(why));
        putchar('\n');
    }
    printf("%zu passed, %zu failed\n", run->count - run->failed, run->failed);
}

/* TAP lines: no '#' (it starts a directive) and no control bytes. */
static void tap_text(const char *s, size_t len) {
    char q[200];
    site_quote(q, sizeof q, s, len);
    for (char *p = q; *p; p++)
        if (*p == '#')
            *p = '_';
    fputs(q, stdout);
}

static void print_tap(const test_run *run) {
    site_lines it;
    expectation e;
    size_t i = 0;
    rewind_lines(run, &it);
    printf("TAP version 13\n1..%zu\n", run->count);
    while (next_expectation(run, &it, &e) > 0) {
        char why[256];
        printf("%s %zu - ", passed(&e) ? "ok" : "not ok", ++i);
        tap_text(run->exp_path, strlen(run->exp_path));
        printf(":%zu: %s ", e.line, e.want_allowed ? "allow" : "disallow");
        tap_text(e.agent.ptr, e.agent.len);
        putchar(' ');
        tap_text(e.url.ptr, e.url.len);
        printf("\n# %s %s by ", passed(&e) ? "as expected," : "got",
               e.verdict.allowed ? "allowed" : "disallowed");
        tap_text(run->robots_path, strlen(run->robots_path));
        printf(": %s\n", site_describe(why, sizeof why, &e.verdict));
    }
}

static void print_json(const test_run *run) {
    site_lines it;
    expectation e;
    json_out j;
    rewind_lines(run, &it);
    json_out_init(&j, stdout);
    json_out_object(&j);
    json_out_key(&j, "robots");
    json_out_cstring(&j, run->robots_path);
    json_out_key(&j, "expectations");
    json_out_cstring(&j, run->exp_path);
    json_out_key(&j, "profile");
    json_out_cstring(&j, robots_profile_name(run->profile));
    json_out_key(&j, "total");
    json_out_size(&j, run->count);
    json_out_key(&j, "passed");
    json_out_size(&j, run->count - run->failed);
    json_out_key(&j, "failed");
    json_out_size(&j, run->failed);
    json_out_key(&j, "results");
    json_out_array(&j);
    while (next_expectation(run, &it, &e) > 0) {
        json_out_object(&j);
        json_out_key(&j, "line");
        json_out_size(&j, e.line);
        json_out_key(&j, "expect");
        json_out_cstring(&j, e.want_allowed ? "allow" : "disallow");
        json_out_key(&j, "agent");
        json_out_string(&j, e.agent.ptr, e.agent.len);
        json_out_key(&j, "url");
        json_out_string(&j, e.url.ptr, e.url.len);
        json_out_key(&j, "pass");
        json_out_bool(&j, passed(&e));
        json_out_key(&j, "verdict");
        site_json_verdict(&j, &e.verdict);
        json_out_end(&j);
    }
    json_out_end(&j);
    json_out_end(&j);
    putchar('\n');
}

static int write_junit(const test_run *run, const char *path) {
    FILE *out = fopen(path, "w");
    if (out == NULL)
        return cli_error("%s: %s", path, strerror(errno));
    site_lines it;
    expectation e;
    rewind_lines(run, &it);
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites tests=\"%zu\" failures=\"%zu\">\n"
            "  <testsuite name=\"",
            run->count, run->failed);
    site_xml_text(out, run->robots_path, strlen(run->robots_path));
    fprintf(out,
            "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
            "skipped=\"0\">\n",
            run->count, run->failed);
    while (next_expectation(run, &it, &e) > 0) {
        char why[256];
        site_describe(why, sizeof why, &e.verdict);
        fputs("    <testcase classname=\"", out);
        site_xml_text(out, run->exp_path, strlen(run->exp_path));
        fprintf(out, "\" name=\"line %zu: %s ", e.line,
                e.want_allowed ? "allow" : "disallow");
        site_xml_text(out, e.agent.ptr, e.agent.len);
        putc(' ', out);
        site_xml_text(out, e.url.ptr, e.url.len);
        if (passed(&e)) {
            fputs("\"/>\n", out);
            continue;
        }
        fprintf(out,
                "\">\n      <failure type=\"verdict\" message=\"expected "
                "%s, got %s\">",
                e.want_allowed ? "allowed" : "disallowed",
                e.verdict.allowed ? "allowed" : "disallowed");
        fprintf(out, "%s by ", e.verdict.allowed ? "allowed" : "disallowed");
        site_xml_text(out, run->robots_path, strlen(run->robots_path));
        fputs(": ", out);
        site_xml_text(out, why, strlen(why));
        fputs("</failure>\n    </testcase>\n", out);
    }
    fputs("  </testsuite>\n</testsuites>\n", out);
    int bad = ferror(out) != 0;
    if (fclose(out) != 0 || bad)
        return cli_error("%s: write error", path);
    return 0;
}

int cli_cmd_test(int argc, char **argv) {
    robots_options options;
    robots_options_init(&options);
    const char *junit = NULL;
    int tap = 0, json = 0;
    int i = 1;
    for (; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        int r, rc;
        if (strcmp(arg, "--tap") == 0) {
            tap = 1;
        } else if (strcmp(arg, "--json") == 0) {
            json = 1;
        } else if ((r = cli_option_value(argc, argv, &i, "--junit", &value))) {
            if (r < 0)
                return EXIT_USAGE;
            junit = value;
        } else {
            enum cli_opt s = cli_command_option(argc, argv, &i, "test",
                                                test_usage, &options, &rc);
            if (s == CLI_OPT_EXIT)
                return rc;
            if (s == CLI_OPT_ARGS)
                break;
        }
    }
    if (tap && json)
        return cli_error("test: --tap and --json cannot be combined");
    if (argc - i != 2)
        return cli_error("test: expected ROBOTS_FILE and EXPECTATIONS (see "
                         "robots test --help)");
    test_run run;
    memset(&run, 0, sizeof run);
    run.robots_path = argv[i];
    run.exp_path = argv[i + 1];
    run.profile = options.profile;
    if (strcmp(run.robots_path, "-") == 0 && strcmp(run.exp_path, "-") == 0)
        return cli_error("test: ROBOTS_FILE and EXPECTATIONS cannot both "
                         "come from stdin");
    if (junit != NULL && strcmp(junit, "-") == 0)
        return cli_error("test: --junit needs a file name");

    robots_txt *doc = NULL;
    robots_cut_info cut;
    if (!site_load(run.robots_path, &options, &doc, NULL, &cut))
        return EXIT_USAGE;
    cli_warn_cut(run.robots_path, &cut);
    cli_buffer text;
    if (!cli_read_file(run.exp_path, SITE_MAX_LIST_BYTES, &text)) {
        robots_free(doc);
        return EXIT_USAGE;
    }
    run.doc = doc;
    run.text = &text;
    int rc = load_expectations(&run);
    if (rc == 0) {
        if (json)
            print_json(&run);
        else if (tap)
            print_tap(&run);
        else
            print_text(&run);
        if (junit != NULL)
            rc = write_junit(&run, junit);
    }
    cli_buffer_free(&text);
    robots_free(doc);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    if (rc != 0)
        return EXIT_USAGE;
    return run.failed ? EXIT_DISALLOWED : EXIT_ALLOWED;
}
