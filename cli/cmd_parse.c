/* SPDX-License-Identifier: MIT */
/*
 * cmd_parse.c - `robots parse`: what the parser saw in a robots.txt, as
 * text or JSON: groups with their agents, rules and crawl-delay, sitemaps,
 * extension records and diagnostics.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char parse_usage[] =
    "usage: robots parse [--profile rfc9309|google|legacy] [--json]\n"
    "                    [--parse-limit BYTES] ROBOTS_FILE\n"
    "\n"
    "Shows the groups, rules, sitemaps, crawl-delays, extension records and\n"
    "diagnostics of ROBOTS_FILE ('-' for stdin), as the profile reads them.\n"
    "Diagnostics are printed as FILE:LINE:COL: SEVERITY: MESSAGE [KIND].\n"
    "A file longer than the parse limit is read no further than the limit\n"
    "and 3 bytes; a last line 'cut: ...' says at which line and byte, and\n"
    "what was not read (--parse-limit 0 reads the whole file, up to 1 GiB,\n"
    "in about 3 times its size of memory).\n"
    "Exit status: 0 when the file was read, 2 on a usage or input error.\n";

static void print_text(const robots_txt *doc, const char *path) {
    size_t groups = robots_group_count(doc);
    for (size_t g = 0; g < groups; g++) {
        robots_group_info info;
        robots_group(doc, g, &info);
        printf("group %zu (line %zu)\n", g + 1, info.line);
        for (size_t a = 0; a < info.agent_count; a++) {
            robots_agent_info agent;
            robots_group_agent(doc, g, a, &agent);
            printf("  line %zu: user-agent: ", agent.line);
            cli_print_escaped(stdout, agent.value, agent.value_len);
            if (agent.is_wildcard)
                fputs(" (any crawler)", stdout);
            else if (agent.token_len != agent.value_len) {
                fputs(" (token '", stdout);
                cli_print_escaped(stdout, agent.token, agent.token_len);
                fputs("')", stdout);
            }
            putchar('\n');
        }
        if (info.has_crawl_delay)
            printf("  line %zu: crawl-delay: %g\n", info.crawl_delay_line,
                   info.crawl_delay);
        for (size_t r = 0; r < info.rule_count; r++) {
            robots_rule_info rule;
            robots_group_rule(doc, g, r, &rule);
            printf("  line %zu: %s: ", rule.line,
                   robots_rule_kind_name(rule.kind));
            cli_print_escaped(stdout, rule.pattern, rule.pattern_len);
            putchar('\n');
        }
    }
    for (size_t i = 0; i < robots_sitemap_count(doc); i++) {
        robots_record_info rec;
        robots_sitemap(doc, i, &rec);
        printf("sitemap (line %zu): ", rec.line);
        cli_print_escaped(stdout, rec.value, rec.value_len);
        putchar('\n');
    }
    for (size_t i = 0; i < robots_extension_count(doc); i++) {
        robots_record_info rec;
        robots_extension(doc, i, &rec);
        printf("extension (line %zu): ", rec.line);
        cli_print_escaped(stdout, rec.key, rec.key_len);
        fputs(": ", stdout);
        cli_print_escaped(stdout, rec.value, rec.value_len);
        putchar('\n');
    }
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        robots_diagnostic(doc, i, &d);
        printf("%s:%zu:%zu: %s: ", path, d.line, d.column,
               robots_severity_name(d.severity));
        cli_print_escaped(stdout, d.message, d.message_len);
        printf(" [%s]\n", robots_diag_kind_name(d.kind));
    }
    robots_cut_info cut;
    char unread[CLI_CUT_UNREAD_BYTES];
    if (robots_txt_cut(doc, &cut) == ROBOTS_OK && cut.truncated)
        printf("cut: the parse limit of %zu bytes stopped the parse at line "
               "%zu (byte %zu): %s not read\n",
               cut.limit, cut.line, cut.offset,
               cli_cut_unread(unread, sizeof unread, &cut));
}

/* ,"truncated":BOOL,"cut":{...}|null */
static void json_cut(const robots_txt *doc) {
    robots_cut_info cut;
    robots_txt_cut(doc, &cut);
    printf(",\"truncated\":%s,\"cut\":", cut.truncated ? "true" : "false");
    char buf[256];
    cli_writer w;
    cli_writer_init(&w, stdout, buf, sizeof buf);
    cli_put_cut_json(&w, &cut);
    cli_writer_flush(&w);
}

static void json_record(const robots_record_info *rec) {
    printf("{\"line\":%zu,\"key\":", rec->line);
    cli_json_string(stdout, rec->key, rec->key_len);
    fputs(",\"value\":", stdout);
    cli_json_string(stdout, rec->value, rec->value_len);
    if (rec->group == ROBOTS_NO_POSITION)
        fputs(",\"group\":null}", stdout);
    else
        printf(",\"group\":%zu}", rec->group);
}

/* normal: ROBOTS_MAX_NORMALIZED_PATTERN_BYTES for each rule's normal form. */
static void print_json(const robots_txt *doc, char *normal) {
    printf("{\"profile\":\"%s\",\"input_bytes\":%zu,\"parsed_bytes\":%zu",
           robots_profile_name(robots_txt_profile(doc)),
           robots_txt_input_bytes(doc), robots_txt_parsed_bytes(doc));
    json_cut(doc);
    fputs(",\"groups\":[", stdout);
    size_t groups = robots_group_count(doc);
    for (size_t g = 0; g < groups; g++) {
        robots_group_info info;
        robots_group(doc, g, &info);
        printf("%s{\"index\":%zu,\"line\":%zu,\"agents\":[", g ? "," : "", g,
               info.line);
        for (size_t a = 0; a < info.agent_count; a++) {
            robots_agent_info agent;
            robots_group_agent(doc, g, a, &agent);
            printf("%s{\"line\":%zu,\"value\":", a ? "," : "", agent.line);
            cli_json_string(stdout, agent.value, agent.value_len);
            fputs(",\"token\":", stdout);
            cli_json_string(stdout, agent.token, agent.token_len);
            printf(",\"wildcard\":%s}", agent.is_wildcard ? "true" : "false");
        }
        fputs("],\"rules\":[", stdout);
        for (size_t r = 0; r < info.rule_count; r++) {
            robots_rule_info rule;
            robots_group_rule(doc, g, r, &rule);
            printf("%s{\"line\":%zu,\"kind\":\"%s\",\"pattern\":", r ? "," : "",
                   rule.line, robots_rule_kind_name(rule.kind));
            cli_json_string(stdout, rule.pattern, rule.pattern_len);
            fputs(",\"normalized\":", stdout);
            size_t len = 0;
            robots_group_rule_normalized(
                doc, g, r, normal, ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1,
                &len);
            cli_json_string(stdout, normal, len);
            putchar('}');
        }
        fputs("],\"crawl_delay\":", stdout);
        if (info.has_crawl_delay)
            printf("{\"seconds\":%.17g,\"line\":%zu}", info.crawl_delay,
                   info.crawl_delay_line);
        else
            fputs("null", stdout);
        putchar('}');
    }
    fputs("],\"sitemaps\":[", stdout);
    for (size_t i = 0; i < robots_sitemap_count(doc); i++) {
        robots_record_info rec;
        robots_sitemap(doc, i, &rec);
        fputs(i ? "," : "", stdout);
        json_record(&rec);
    }
    fputs("],\"extensions\":[", stdout);
    for (size_t i = 0; i < robots_extension_count(doc); i++) {
        robots_record_info rec;
        robots_extension(doc, i, &rec);
        fputs(i ? "," : "", stdout);
        json_record(&rec);
    }
    printf("],\"diagnostics_total\":%zu,\"diagnostics\":[",
           robots_diagnostic_total(doc));
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        robots_diagnostic(doc, i, &d);
        printf("%s{\"line\":%zu,\"column\":%zu,\"kind\":\"%s\",\"severity\":"
               "\"%s\",\"message\":",
               i ? "," : "", d.line, d.column, robots_diag_kind_name(d.kind),
               robots_severity_name(d.severity));
        cli_json_string(stdout, d.message, d.message_len);
        fputs(",\"suggestion\":", stdout);
        if (d.suggestion)
            cli_json_string(stdout, d.suggestion, d.suggestion_len);
        else
            fputs("null", stdout);
        putchar('}');
    }
    fputs("]}\n", stdout);
}

int cli_cmd_parse(int argc, char **argv) {
    robots_options options;
    robots_options_init(&options);
    int json = 0;
    int i = 1;
    for (; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--json") == 0) {
            json = 1;
        } else {
            int rc;
            enum cli_opt s = cli_command_option(argc, argv, &i, "parse",
                                                parse_usage, &options, &rc);
            if (s == CLI_OPT_EXIT)
                return rc;
            if (s == CLI_OPT_ARGS)
                break;
        }
    }
    if (i >= argc)
        return cli_missing_file("parse");
    if (i + 1 < argc)
        return cli_error("parse: one ROBOTS_FILE only; '%s' is extra",
                         argv[i + 1]);
    const char *path = argv[i];
    robots_txt *doc = NULL;
    if (!cli_load_robots(path, &options, &doc, NULL))
        return EXIT_USAGE;
    if (json) {
        char *normal = malloc(ROBOTS_MAX_NORMALIZED_PATTERN_BYTES);
        if (normal == NULL) {
            robots_free(doc);
            return cli_error("%s: out of memory", path);
        }
        print_json(doc, normal);
        free(normal);
    } else
        print_text(doc, path);
    robots_free(doc);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    return 0;
}
