/* SPDX-License-Identifier: MIT */
/*
 * cmd_parse.c - `robots parse`: what the parser saw in a robots.txt, as
 * text or JSON: groups with their agents, rules and crawl-delay, sitemaps,
 * extension records and diagnostics.
 */
#include "cli.h"
#include "json_out.h"

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

static void print_text(const robots_txt *doc, const robots_cut_info *cut,
                       const char *path) {
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
    char words[CLI_CUT_MESSAGE_BYTES];
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        cli_diagnostic(doc, cut, i, &d, words);
        printf("%s:%zu:%zu: %s: ", path, d.line, d.column,
               robots_severity_name(d.severity));
        cli_print_escaped(stdout, d.message, d.message_len);
        printf(" [%s]\n", robots_diag_kind_name(d.kind));
    }
    char unread[CLI_CUT_UNREAD_BYTES];
    if (cut->truncated)
        printf("cut: the parse limit of %zu bytes stopped the parse at line "
               "%zu (byte %zu): %s not read\n",
               cut->limit, cut->line, cut->offset,
               cli_cut_unread(unread, sizeof unread, cut));
}

/* "truncated":BOOL,"cut":{...}|null in the open object. */
static void json_cut(json_out *j, const robots_cut_info *cut) {
    json_out_key(j, "truncated");
    json_out_bool(j, cut->truncated);
    json_out_key(j, "cut");
    json_out_cut(j, cut);
}

static void json_record(json_out *j, const robots_record_info *rec) {
    json_out_object(j);
    json_out_field_size(j, "line", rec->line);
    json_out_field_string(j, "key", rec->key, rec->key_len);
    json_out_field_string(j, "value", rec->value, rec->value_len);
    json_out_key(j, "group");
    if (rec->group == ROBOTS_NO_POSITION)
        json_out_null(j);
    else
        json_out_size(j, rec->group);
    json_out_end(j);
}

static void json_group(json_out *j, const robots_txt *doc, size_t g,
                       char *normal) {
    robots_group_info info;
    robots_group(doc, g, &info);
    json_out_object(j);
    json_out_field_size(j, "index", g);
    json_out_field_size(j, "line", info.line);
    json_out_key(j, "agents");
    json_out_array(j);
    for (size_t a = 0; a < info.agent_count; a++) {
        robots_agent_info agent;
        robots_group_agent(doc, g, a, &agent);
        json_out_object(j);
        json_out_field_size(j, "line", agent.line);
        json_out_field_string(j, "value", agent.value, agent.value_len);
        json_out_field_string(j, "token", agent.token, agent.token_len);
        json_out_key(j, "wildcard");
        json_out_bool(j, agent.is_wildcard);
        json_out_end(j);
    }
    json_out_end(j);
    json_out_key(j, "rules");
    json_out_array(j);
    for (size_t r = 0; r < info.rule_count; r++) {
        robots_rule_info rule;
        robots_group_rule(doc, g, r, &rule);
        json_out_object(j);
        json_out_field_size(j, "line", rule.line);
        json_out_key(j, "kind");
        json_out_cstring(j, robots_rule_kind_name(rule.kind));
        json_out_field_string(j, "pattern", rule.pattern, rule.pattern_len);
        size_t len = 0;
        robots_group_rule_normalized(
            doc, g, r, normal, ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1, &len);
        json_out_field_string(j, "normalized", normal, len);
        json_out_end(j);
    }
    json_out_end(j);
    json_out_key(j, "crawl_delay");
    if (info.has_crawl_delay) {
        json_out_object(j);
        json_out_key(j, "seconds");
        json_out_double(j, info.crawl_delay);
        json_out_field_size(j, "line", info.crawl_delay_line);
        json_out_end(j);
    } else {
        json_out_null(j);
    }
    json_out_end(j);
}

/* normal: ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1 bytes, for each rule's
 * normal form and its NUL. */
static void print_json(const robots_txt *doc, const robots_cut_info *cut,
                       char *normal) {
    json_out j;
    json_out_init(&j, stdout);
    json_out_object(&j);
    json_out_key(&j, "profile");
    json_out_cstring(&j, robots_profile_name(robots_txt_profile(doc)));
    json_out_field_size(&j, "input_bytes", robots_txt_input_bytes(doc));
    json_out_field_size(&j, "parsed_bytes", robots_txt_parsed_bytes(doc));
    json_cut(&j, cut);
    json_out_key(&j, "groups");
    json_out_array(&j);
    size_t groups = robots_group_count(doc);
    for (size_t g = 0; g < groups; g++)
        json_group(&j, doc, g, normal);
    json_out_end(&j);
    json_out_key(&j, "sitemaps");
    json_out_array(&j);
    for (size_t i = 0; i < robots_sitemap_count(doc); i++) {
        robots_record_info rec;
        robots_sitemap(doc, i, &rec);
        json_record(&j, &rec);
    }
    json_out_end(&j);
    json_out_key(&j, "extensions");
    json_out_array(&j);
    for (size_t i = 0; i < robots_extension_count(doc); i++) {
        robots_record_info rec;
        robots_extension(doc, i, &rec);
        json_record(&j, &rec);
    }
    json_out_end(&j);
    json_out_field_size(&j, "diagnostics_total", robots_diagnostic_total(doc));
    json_out_key(&j, "diagnostics");
    json_out_array(&j);
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        char words[CLI_CUT_MESSAGE_BYTES];
        cli_diagnostic(doc, cut, i, &d, words);
        json_out_object(&j);
        json_out_field_size(&j, "line", d.line);
        json_out_field_size(&j, "column", d.column);
        json_out_key(&j, "kind");
        json_out_cstring(&j, robots_diag_kind_name(d.kind));
        json_out_key(&j, "severity");
        json_out_cstring(&j, robots_severity_name(d.severity));
        json_out_field_string(&j, "message", d.message, d.message_len);
        json_out_key(&j, "suggestion");
        if (d.suggestion)
            json_out_string(&j, d.suggestion, d.suggestion_len);
        else
            json_out_null(&j);
        json_out_end(&j);
    }
    json_out_end(&j);
    json_out_end(&j);
    putchar('\n');
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
    robots_cut_info cut;
    if (!cli_load_robots(path, &options, &doc, NULL, &cut))
        return EXIT_USAGE;
    if (json) {
        /* The longest normal form and its NUL (the buffer contract). */
        char *normal = malloc(ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1);
        if (normal == NULL) {
            robots_free(doc);
            return cli_error("%s: out of memory", path);
        }
        print_json(doc, &cut, normal);
        free(normal);
    } else
        print_text(doc, &cut, path);
    robots_free(doc);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    return 0;
}
