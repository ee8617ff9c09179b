/* SPDX-License-Identifier: MIT */
/*
 * cmd_check.c - `robots check`: verdicts for URLs given as arguments or, one
 * per line, on stdin. Exit 0 when every URL is allowed, 1 when any is
 * disallowed, 2 on a usage, input or I/O error (google/robotstxt's
 * robots_main convention, so its test drivers can run this command).
 */
#include "check_run.h"
#include "json_out.h"
#include "url_lines.h"

#include <stdlib.h>
#include <string.h>

static const char check_usage[] =
    "usage: robots check [--profile rfc9309|google|legacy] [--agent NAME]...\n"
    "                    [--explain] [--json] [--parse-limit BYTES]\n"
    "                    ROBOTS_FILE [URL...]\n"
    "       robots check --fetch ... [URL...]   (see robots check --fetch "
    "--help)\n"
    "\n"
    "Says whether each URL may be fetched under ROBOTS_FILE ('-' for stdin).\n"
    "Without URL arguments, reads URLs from stdin, one per line.\n"
    "\n"
    "  --agent NAME         the crawler's name; repeat for several names (a\n"
    "                       group naming any of them applies); default '*'\n"
    "  --profile P          rfc9309 (default), google or legacy\n"
    "  --explain            add the reason, the deciding rule and its line,\n"
    "                       and where the parse limit cut the file, if it did\n"
    "  --json               one JSON object per URL\n"
    "  --parse-limit BYTES  bytes of the file parsed (default 512000, 0 all)\n"
    "\n"
    "Output: 'allowed<TAB>URL' or 'disallowed<TAB>URL', one line per URL;\n"
    "a URL that cannot be checked gives 'error<TAB>URL' and a message on\n"
    "stderr. A file longer than the parse limit is read no further than the\n"
    "limit and 3 bytes: a warning on stderr says where it was cut and what\n"
    "was not read. --parse-limit 0 reads the whole file (up to 1 GiB), which\n"
    "takes about 5 times its size in memory.\n"
    "Exit status: 0 all allowed, 1 some disallowed, 2 usage or input error.\n";

static void check_line(void *ctx, const char *s, size_t len, size_t line_no) {
    check_run *run = ctx;
    run->line_no = line_no; /* named only on error */
    cli_check_one(run, s, len, NULL);
}

/* A line longer than any URL: an error line, and a message naming it. */
static void check_too_long(void *ctx, size_t line_no) {
    check_run *run = ctx;
    run->any_error = 1;
    cli_check_flush(run);
    fprintf(stderr, "robots: stdin line %zu: %s\n", line_no,
            robots_status_message(ROBOTS_ERR_URL_TOO_LONG));
    if (run->json) {
        json_out j;
        json_out_init_writer(&j, &run->w);
        json_out_object(&j);
        json_out_field_cstring(&j, "url", NULL);
        json_out_field_cstring(&j, "error",
                               robots_status_name(ROBOTS_ERR_URL_TOO_LONG));
        json_out_end(&j);
        cli_put_char(&run->w, '\n');
    } else {
        cli_put_str(&run->w, "error\t(line too long)\n");
    }
}

int cli_cmd_check(int argc, char **argv) {
    robots_options options;
    robots_options_init(&options);
    /* check prints verdicts and the cut, never a diagnostic: the library
     * parses for verdicts only (robots.h), the same reading */
    options.skip_diagnostics = 1;
    robots_str agents[ROBOTS_MAX_QUERY_AGENTS];
    size_t agent_count = 0;
    static char out_buf[1 << 16];
    check_run run;
    memset(&run, 0, sizeof run);
    run.out = stdout;
    cli_writer_init(&run.w, stdout, out_buf, sizeof out_buf);
    int i = 1;
    for (; i < argc; i++) {
        const char *arg = argv[i];
        int r;
        if (strcmp(arg, "--explain") == 0) {
            run.explain = 1;
        } else if (strcmp(arg, "--json") == 0) {
            run.json = 1;
        } else if ((r = cli_agent_option(argc, argv, &i, agents,
                                         &agent_count))) {
            if (r < 0)
                return EXIT_USAGE;
        } else {
            int rc;
            enum cli_opt s = cli_command_option(argc, argv, &i, "check",
                                                check_usage, &options, &rc);
            if (s == CLI_OPT_EXIT)
                return rc;
            if (s == CLI_OPT_ARGS)
                break;
        }
    }
    if (i >= argc)
        return cli_missing_file("check");
    const char *path = argv[i++];
    if (i >= argc && strcmp(path, "-") == 0)
        return cli_error("check: the robots.txt and the URLs cannot both come "
                         "from stdin");
    if (agent_count == 0) {
        agents[0].ptr = "*";
        agents[0].len = 1;
        agent_count = 1;
    }

    robots_txt *doc = NULL;
    if (!cli_load_robots(path, &options, &doc, NULL, &run.cut))
        return EXIT_USAGE;

    run.doc = doc;
    cli_warn_cut(path, &run.cut);
    run.agents = agents;
    run.agent_count = agent_count;
    robots_query *query = NULL;
    robots_status status = robots_query_new(doc, agents, agent_count, &query);
    if (status != ROBOTS_OK) {
        robots_free(doc);
        return cli_error("check: %s", robots_status_message(status));
    }
    run.query = query;
    int rc = 0;
    if (i < argc) {
        /* Arguments are checked before anything is printed, so a bad URL
         * gives an error and no partial answer. */
        for (int k = i; k < argc; k++) {
            robots_verdict v;
            status = robots_check(doc, agents, agent_count, argv[k],
                                  strlen(argv[k]), &v);
            if (status != ROBOTS_OK) {
                robots_query_free(query);
                robots_free(doc);
                return cli_error("URL '%s': %s", argv[k],
                                 robots_status_message(status));
            }
        }
        for (int k = i; k < argc; k++)
            cli_check_one(&run, argv[k], strlen(argv[k]), argv[k]);
    } else {
        cli_url_lines on = {check_line, check_too_long, &run};
        rc = cli_each_url_line(&on);
    }
    robots_query_free(query);
    robots_free(doc);
    cli_writer_flush(&run.w);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    if (rc != 0 || run.any_error)
        return EXIT_USAGE;
    return run.any_disallowed ? EXIT_DISALLOWED : EXIT_ALLOWED;
}
