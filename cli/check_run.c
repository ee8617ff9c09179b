/* SPDX-License-Identifier: MIT */
/*
 * check_run.c - one URL of `robots check`: the library's verdict, printed
 * as text ('allowed<TAB>URL', with --explain the reason and the rule) or
 * as a JSON object.
 */
#include "check_run.h"
#include "json_out.h"

#include <string.h>

static void print_text(check_run *run, const char *url, size_t len,
                       const robots_verdict *v) {
    cli_writer *out = &run->w;
    if (v->allowed)
        cli_put(out, "allowed\t", 8);
    else
        cli_put(out, "disallowed\t", 11);
    /* The URL may come from anywhere: no raw control bytes to a terminal
     * (and no tab to split the line's fields). */
    cli_put_escaped(out, url, len);
    if (run->explain) {
        cli_put_char(out, '\t');
        cli_put_str(out, robots_reason_name(v->reason));
        if (v->rule != ROBOTS_NO_POSITION) {
            cli_put(out, "\tline ", 6);
            cli_put_size(out, v->rule_line);
            if (v->rule_kind == ROBOTS_RULE_ALLOW)
                cli_put(out, "\tAllow: ", 8);
            else
                cli_put(out, "\tDisallow: ", 11);
            cli_put_escaped(out, v->rule_pattern, v->rule_pattern_len);
        }
        if (v->truncated) {
            char unread[CLI_CUT_UNREAD_BYTES];
            cli_put_str(out, "\tfile cut at line ");
            cli_put_size(out, run->cut.line);
            cli_put_str(out, ": ");
            cli_put_str(out, cli_cut_unread(unread, sizeof unread, &run->cut));
            cli_put_str(out, " not read");
        }
    }
    cli_put_char(out, '\n');
}

static void print_json(check_run *run, const char *url, size_t len,
                       const robots_verdict *v) {
    json_out j;
    json_out_init_writer(&j, &run->w);
    json_out_object(&j);
    json_out_field_string(&j, "url", url, len);
    json_out_field_bool(&j, "allowed", v->allowed);
    json_out_field_cstring(&j, "reason", robots_reason_name(v->reason));
    json_out_field_bool(&j, "specific", v->specific);
    json_out_key(&j, "group");
    robots_group_info g;
    /* The verdict's group is the document's; were it not, its line is not
     * known, and null says so rather than a line never read. */
    if (v->group != ROBOTS_NO_POSITION) {
        json_out_object(&j);
        json_out_field_size(&j, "index", v->group);
        json_out_key(&j, "line");
        if (robots_group(run->doc, v->group, &g) == ROBOTS_OK)
            json_out_size(&j, g.line);
        else
            json_out_null(&j);
        json_out_end(&j);
    } else {
        json_out_null(&j);
    }
    json_out_key(&j, "rule");
    if (v->rule != ROBOTS_NO_POSITION) {
        json_out_object(&j);
        json_out_field_size(&j, "line", v->rule_line);
        json_out_field_cstring(&j, "kind", robots_rule_kind_name(v->rule_kind));
        json_out_field_string(&j, "pattern", v->rule_pattern,
                              v->rule_pattern_len);
        json_out_end(&j);
    } else {
        json_out_null(&j);
    }
    json_out_field_bool(&j, "truncated", v->truncated);
    json_out_key(&j, "cut");
    json_out_cut(&j, &run->cut);
    json_out_end(&j);
    cli_put_char(&run->w, '\n');
}

/* Everything buffered goes out before a message on stderr, so that the
 * two streams keep their order when they share a file. */
void cli_check_flush(check_run *run) {
    cli_writer_flush(&run->w);
    fflush(run->out);
}

void cli_check_one(check_run *run, const char *url, size_t len,
                   const char *where) {
    /* fuzz/fuzz_check.c sets only `out`: it gets the output unbuffered, on
     * out as soon as check_one() returns. */
    if (run->w.file == NULL)
        cli_writer_init(&run->w, run->out, NULL, 0);
    robots_verdict v;
    robots_status status = run->query != NULL
                               ? robots_query_check(run->query, url, len, &v)
                               : robots_check(run->doc, run->agents,
                                              run->agent_count, url, len, &v);
    if (status != ROBOTS_OK) {
        run->any_error = 1;
        if (run->json) {
            json_out_url_error(&run->w, url, len, status);
        } else {
            cli_put(&run->w, "error\t", 6);
            cli_put_escaped(&run->w, url, len);
            cli_put_char(&run->w, '\n');
        }
        cli_check_flush(run);
        if (where != NULL)
            cli_error("%s: %s", where, robots_status_message(status));
        else
            cli_error("stdin line %zu: %s", run->line_no,
                      robots_status_message(status));
        return;
    }
    if (!v.allowed)
        run->any_disallowed = 1;
    if (run->json)
        print_json(run, url, len, &v);
    else
        print_text(run, url, len, &v);
}
