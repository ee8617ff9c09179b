/* SPDX-License-Identifier: MIT */
/*
 * cmd_around.c - `robots url`, `robots scope`, `robots policy`,
 * `robots cache-lifetime` and `robots meta`: the library's pure functions
 * around the file (location and scope, fetch outcome, cache lifetime,
 * robots META tags and X-Robots-Tag) on the command line, as text or JSON.
 * Exit 2 with one line on stderr for bad input.
 */
#include "cmd_around.h"
#include "cli.h"
#include "json_out.h"
#include "robots_web.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int is_help(const char *arg) {
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

static int unknown_option(const char *cmd, const char *arg) {
    return cli_error("%s: unknown option '%s' (see robots %s --help)", cmd, arg,
                     cmd);
}

/* The status as "NAME: message" for one line on stderr. */
static int url_error(const char *cmd, const char *url, robots_status st) {
    return cli_error("%s: '%s': %s (%s)", cmd, url, robots_status_message(st),
                     robots_status_name(st));
}

/* Reads the options before the URLs of `url` and `scope` (--json,
 * --help, "--"); *next is the first URL. Returns -1 to go on, else the
 * exit status. */
static int leading_options(int argc, char **argv, const char *cmd,
                           const char *usage, int *json, int *next) {
    int i;
    *next = argc; /* written on every path, read only after -1 */
    for (i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            *json = 1;
        } else if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return unknown_option(cmd, argv[i]);
        } else {
            break;
        }
    }
    *next = i;
    return -1;
}

/* --- robots url -------------------------------------------------------- */

static const char url_usage[] =
    "usage: robots url [--json] URL...\n"
    "\n"
    "Prints the robots.txt URL that governs each URL: scheme and host\n"
    "lowercased, an internationalised host in punycode, userinfo, path,\n"
    "query and fragment dropped, default ports (http 80, https 443, ftp 21)\n"
    "removed. Schemes: http, https, ftp.\n"
    "\n"
    "  --json  one JSON object per URL, with scheme, host, port and kind\n"
    "\n"
    "Exit status: 0 when every URL was read, 2 when one could not be (one\n"
    "line on stderr for each).\n";

int cli_cmd_url(int argc, char **argv) {
    int json = 0;
    int first = 0;
    int bad = 0;
    int i;
    int rc = leading_options(argc, argv, "url", url_usage, &json, &i);
    if (rc >= 0)
        return rc;
    first = i;
    if (first >= argc)
        return cli_error("url: no URL given (see robots url --help)");
    for (i = first; i < argc; i++) {
        char buf[ROBOTS_MAX_ROBOTS_URL_BYTES + 1];
        size_t needed = 0;
        robots_url_parts parts;
        size_t len = strlen(argv[i]);
        robots_status st =
            robots_url_to_robots_txt(argv[i], len, buf, sizeof buf, &needed);
        if (st == ROBOTS_OK)
            st = robots_url_parse(argv[i], len, &parts);
        if (st != ROBOTS_OK) {
            url_error("url", argv[i], st);
            bad = 1;
            continue;
        }
        if (!json) {
            printf("%s\n", buf);
            continue;
        }
        json_out j;
        json_out_init(&j, stdout);
        json_out_object(&j);
        json_out_key(&j, "url");
        json_out_string(&j, argv[i], len);
        json_out_field_cstring(&j, "robots_txt", buf);
        json_out_field_cstring(&j, "scheme", parts.scheme);
        json_out_field_cstring(&j, "host", parts.host);
        json_out_key(&j, "port");
        json_out_size(&j, parts.port);
        json_out_field_bool(&j, "default_port", parts.default_port);
        json_out_field_cstring(&j, "host_kind",
                               robots_host_kind_name(parts.host_kind));
        json_out_field_bool(&j, "punycode", parts.host_converted);
        json_out_end(&j);
        fputc('\n', stdout);
    }
    return bad ? EXIT_USAGE : 0;
}

/* --- robots scope ------------------------------------------------------ */

static const char scope_usage[] =
    "usage: robots scope [--json] ROBOTS_URL URL...\n"
    "\n"
    "Says whether the robots.txt at ROBOTS_URL governs each URL: only the\n"
    "same scheme, host and port (never another subdomain, scheme or port),\n"
    "and only a robots.txt at the top-level path /robots.txt.\n"
    "\n"
    "  --json  one JSON object per URL\n"
    "\n"
    "Output: 'applies<TAB>URL' or 'does-not-apply<TAB>URL<TAB>REASON'\n"
    "(other-scheme, other-host, other-port, not-top-level).\n"
    "Exit status: 0 all governed, 1 some not, 2 usage or input error.\n";

int cli_cmd_scope(int argc, char **argv) {
    int json = 0;
    int any_not = 0;
    int bad = 0;
    int i;
    const char *robots_url;
    int rc = leading_options(argc, argv, "scope", scope_usage, &json, &i);
    if (rc >= 0)
        return rc;
    if (argc - i < 2) {
        return cli_error("scope: needs ROBOTS_URL and at least one URL (see "
                         "robots scope --help)");
    }
    robots_url = argv[i++];
    {
        /* The robots.txt URL is read once first, so that its error is
         * reported once, not once per URL. */
        robots_url_parts parts;
        robots_status st =
            robots_url_parse(robots_url, strlen(robots_url), &parts);
        if (st != ROBOTS_OK)
            return url_error("scope", robots_url, st);
    }
    for (; i < argc; i++) {
        robots_scope scope;
        size_t len = strlen(argv[i]);
        robots_status st = robots_scope_check(robots_url, strlen(robots_url),
                                              argv[i], len, &scope);
        if (st != ROBOTS_OK) {
            url_error("scope", argv[i], st);
            bad = 1;
            continue;
        }
        if (!scope.applies)
            any_not = 1;
        if (json) {
            json_out j;
            json_out_init(&j, stdout);
            json_out_object(&j);
            json_out_field_cstring(&j, "robots_txt", robots_url);
            json_out_key(&j, "url");
            json_out_string(&j, argv[i], len);
            json_out_field_bool(&j, "applies", scope.applies);
            json_out_field_cstring(&j, "reason",
                                   robots_scope_reason_name(scope.reason));
            json_out_end(&j);
            fputc('\n', stdout);
        } else if (scope.applies) {
            fputs("applies\t", stdout);
            cli_print_escaped(stdout, argv[i], len);
            fputc('\n', stdout);
        } else {
            fputs("does-not-apply\t", stdout);
            cli_print_escaped(stdout, argv[i], len);
            printf("\t%s\n", robots_scope_reason_name(scope.reason));
        }
    }
    if (bad)
        return EXIT_USAGE;
    return any_not ? EXIT_DISALLOWED : 0;
}

/* --- robots policy ----------------------------------------------------- */

static const char policy_usage[] =
    "usage: robots policy --status N [--redirects N] [--unreachable-days N]\n"
    "                     [--cached] [--no-location] [--profile P] [--json]\n"
    "       robots policy --network-error KIND [...]\n"
    "\n"
    "What a crawler does with the result of fetching robots.txt.\n"
    "\n"
    "  --status N            the HTTP status received (100-999)\n"
    "  --network-error KIND  dns, connect, timeout, tls or truncated (no\n"
    "                        status, or a body cut short)\n"
    "  --redirects N         redirects already followed in this chain\n"
    "  --unreachable-days N  days the file has been unreachable so far\n"
    "  --cached              a copy from an earlier fetch exists\n"
    "  --no-location         the 3xx had no Location that is a URL\n"
    "  --profile P           rfc9309 (default), google or legacy\n"
    "  --json                a JSON object\n"
    "\n"
    "Output: the action (parse-body, allow-all, disallow-all,\n"
    "disallow-all-retry, follow-redirect, use-cached, defer), what the\n"
    "outcome was read as, and whether to retry.\n"
    "Exit status: 0, or 2 on a usage error.\n";

int cli_cmd_policy(int argc, char **argv) {
    robots_fetch_outcome in;
    robots_fetch_decision out;
    robots_profile profile = ROBOTS_PROFILE_RFC9309;
    int json = 0;
    int have_status = 0;
    int i;
    robots_status st;
    memset(&in, 0, sizeof in);
    for (i = 1; i < argc; i++) {
        const char *v = NULL;
        int r;
        size_t n;
        if (is_help(argv[i])) {
            fputs(policy_usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
            continue;
        }
        if (strcmp(argv[i], "--cached") == 0) {
            in.has_cached_copy = 1;
            continue;
        }
        if (strcmp(argv[i], "--no-location") == 0) {
            in.no_location = 1;
            continue;
        }
        if ((r = cli_option_value(argc, argv, &i, "--status", &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            if (cli_size(v, 999, &n) != CLI_NUMBER_OK || n < 100) {
                return cli_error("policy: --status '%s' is not an HTTP "
                                 "status (100-999)",
                                 v);
            }
            in.status = (int)n;
            have_status = 1;
        } else if ((r = cli_option_value(argc, argv, &i, "--redirects", &v)) !=
                   0) {
            if (r < 0)
                return EXIT_USAGE;
            if (cli_size(v, UINT32_MAX, &n) != CLI_NUMBER_OK)
                return cli_error("policy: --redirects '%s' is not a count", v);
            in.redirects = (unsigned)n;
        } else if ((r = cli_option_value(argc, argv, &i, "--unreachable-days",
                                         &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            /* Bounded so that days * 86400 fits the 64-bit seconds. */
            if (cli_size(v, 100000000, &n) != CLI_NUMBER_OK) {
                return cli_error("policy: --unreachable-days '%s' is not a "
                                 "number of days (0-100000000)",
                                 v);
            }
            in.unreachable_seconds = (int64_t)n * 86400;
        } else if ((r = cli_option_value(argc, argv, &i, "--network-error",
                                         &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            if (robots_network_error_from_name(
                    v, strlen(v), &in.network_error) != ROBOTS_OK) {
                return cli_error("policy: unknown network error '%s' (none, "
                                 "dns, connect, timeout, tls, truncated)",
                                 v);
            }
        } else if ((r = cli_option_value(argc, argv, &i, "--profile", &v)) !=
                   0) {
            if (r < 0 || !cli_profile(v, &profile))
                return EXIT_USAGE;
        } else {
            return unknown_option("policy", argv[i]);
        }
    }
    if (!have_status && in.network_error == ROBOTS_NET_NONE) {
        return cli_error("policy: give --status N or --network-error KIND "
                         "(see robots policy --help)");
    }
    st = robots_fetch_policy(&in, profile, &out);
    if (st != ROBOTS_OK)
        return cli_error("policy: %s", robots_status_message(st));
    if (json) {
        json_out j;
        json_out_init(&j, stdout);
        json_out_object(&j);
        json_out_field_cstring(&j, "profile", robots_profile_name(profile));
        json_out_field_cstring(&j, "action",
                               robots_fetch_action_name(out.action));
        json_out_field_cstring(&j, "basis", robots_fetch_basis_name(out.basis));
        json_out_field_bool(&j, "retry", out.retry);
        json_out_field_bool(&j, "long_unreachable", out.long_unreachable);
        json_out_end(&j);
        fputc('\n', stdout);
        return 0;
    }
    printf("%s\t%s", robots_fetch_action_name(out.action),
           robots_fetch_basis_name(out.basis));
    if (out.retry)
        fputs("\tretry", stdout);
    if (out.long_unreachable)
        fputs("\tunreachable-over-30-days", stdout);
    fputc('\n', stdout);
    return 0;
}

/* --- robots cache-lifetime --------------------------------------------- */

static const char cache_usage[] =
    "usage: robots cache-lifetime [--profile P] [--json] [HEADERS_FILE|-]\n"
    "\n"
    "How long a robots.txt response may be cached, from its header section\n"
    "(\"Name: value\" lines; a status line first is fine; stdin by\n"
    "default): Cache-Control no-store, no-cache or max-age, else Expires\n"
    "minus Date (not for google), less the response's Age, else the\n"
    "profile's default (24 hours for rfc9309, never more; 24 hours for\n"
    "google, max-age may lengthen it; 7 days for legacy). Malformed\n"
    "headers are reported and ignored.\n"
    "\n"
    "Output: 'SECONDS<TAB>SOURCE', then one 'malformed<TAB>NAME' line per\n"
    "problem found.\n"
    "Exit status: 0, or 2 on a usage or input error.\n";

/* A header section larger than this is not a header section. */
#define CACHE_INPUT_MAX ((size_t)1 << 20)

int cli_cmd_cache_lifetime(int argc, char **argv) {
    robots_profile profile = ROBOTS_PROFILE_RFC9309;
    const char *path = "-";
    int json = 0;
    int have_path = 0;
    int i;
    unsigned bit;
    cli_buffer in;
    robots_cache_info info;
    robots_status st;
    for (i = 1; i < argc; i++) {
        const char *v = NULL;
        int r;
        if (is_help(argv[i])) {
            fputs(cache_usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if ((r = cli_option_value(argc, argv, &i, "--profile", &v)) !=
                   0) {
            if (r < 0 || !cli_profile(v, &profile))
                return EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return unknown_option("cache-lifetime", argv[i]);
        } else if (have_path) {
            return cli_error("cache-lifetime: one headers file at most");
        } else {
            path = argv[i];
            have_path = 1;
        }
    }
    if (!cli_read_file(path, CACHE_INPUT_MAX, &in))
        return EXIT_USAGE;
    st = robots_cache_lifetime_from_block(profile, in.data, in.len, &info);
    cli_buffer_free(&in);
    if (st != ROBOTS_OK)
        return cli_error("cache-lifetime: %s", robots_status_message(st));
    if (json) {
        json_out j;
        json_out_init(&j, stdout);
        json_out_object(&j);
        json_out_field_cstring(&j, "profile", robots_profile_name(profile));
        json_out_key(&j, "seconds");
        json_out_int(&j, (long long)info.seconds);
        json_out_field_cstring(&j, "source",
                               robots_cache_source_name(info.source));
        json_out_field_bool(&j, "capped", info.capped);
        json_out_key(&j, "malformed");
        json_out_array(&j);
        for (bit = 1; bit != 0 && bit <= info.malformed; bit <<= 1)
            if ((info.malformed & bit) && robots_cache_flag_name(bit))
                json_out_cstring(&j, robots_cache_flag_name(bit));
        json_out_end(&j);
        json_out_end(&j);
        fputc('\n', stdout);
        return 0;
    }
    printf("%lld\t%s%s\n", (long long)info.seconds,
           robots_cache_source_name(info.source),
           info.capped ? "\tcapped" : "");
    for (bit = 1; bit != 0 && bit <= info.malformed; bit <<= 1)
        if ((info.malformed & bit) && robots_cache_flag_name(bit))
            printf("malformed\t%s\n", robots_cache_flag_name(bit));
    return 0;
}

/* --- robots meta ------------------------------------------------------- */

static const char meta_usage[] =
    "usage: robots meta [--agent NAME] [--json] HTML_FILE|-\n"
    "       robots meta [--agent NAME] [--json] --header 'X-Robots-Tag: V'...\n"
    "\n"
    "The robots directives of a page for one crawler: <meta name=\"robots\">\n"
    "and <meta name=\"NAME\"> in the head of HTML_FILE ('-' for stdin), and\n"
    "X-Robots-Tag header values (repeat --header; a value may start with a\n"
    "crawler's name, 'googlebot: noindex'). Both may be given. Conflicts\n"
    "resolve to the more restrictive directive and are reported. The\n"
    "description, keywords and revisit-after META are shown as data.\n"
    "Only the first 1 MiB of HTML is read: when the head goes on past it,\n"
    "the output says 'incomplete' (JSON \"scan_cut\": true), since a tag\n"
    "past it was not seen.\n"
    "\n"
    "  --agent NAME          the crawler (its leading [A-Za-z_-] run counts)\n"
    "  --header 'X-Robots-Tag: VALUE'  an X-Robots-Tag header line\n"
    "  --json                a JSON object\n"
    "\n"
    "Exit status: 0, or 2 on a usage or input error.\n";

static void print_bits(unsigned bits, const char *(*name)(unsigned)) {
    unsigned bit;
    int first = 1;
    for (bit = 1; bit != 0 && bit <= bits; bit <<= 1) {
        if ((bits & bit) && name(bit) != NULL) {
            printf("%s%s", first ? "" : ", ", name(bit));
            first = 0;
        }
    }
    if (first)
        fputs("none", stdout);
}

/* "key":[names of the bits set] in the open object. */
static void json_bits(json_out *j, const char *key, unsigned bits,
                      const char *(*name)(unsigned)) {
    json_out_key(j, key);
    json_out_array(j);
    for (unsigned bit = 1; bit != 0 && bit <= bits; bit <<= 1)
        if ((bits & bit) && name(bit) != NULL)
            json_out_cstring(j, name(bit));
    json_out_end(j);
}

static void print_meta_text(const robots_meta_result *r) {
    size_t k;
    fputs("restrictions: ", stdout);
    print_bits(r->restrictions, robots_meta_restriction_name);
    fputc('\n', stdout);
    if (r->conflicts != 0) {
        fputs("conflicts (the more restrictive applies): ", stdout);
        print_bits(r->conflicts, robots_meta_conflict_name);
        fputc('\n', stdout);
    }
    if (r->has_max_snippet)
        printf("max-snippet: %lld\n", (long long)r->max_snippet);
    if (r->max_image_preview != ROBOTS_IMAGE_PREVIEW_UNSET) {
        printf("max-image-preview: %s\n",
               robots_image_preview_name(r->max_image_preview));
    }
    if (r->has_max_video_preview)
        printf("max-video-preview: %lld\n", (long long)r->max_video_preview);
    if (r->has_unavailable_after) {
        fputs("unavailable_after: ", stdout);
        cli_print_escaped(stdout, r->unavailable_after_text,
                          r->unavailable_after_text_len);
        printf(" (%lld)\n", (long long)r->unavailable_after);
    }
    for (k = 0; k < r->item_count; k++) {
        const robots_meta_item *it = &r->items[k];
        printf("directive\t%s\t%s\t", robots_meta_source_name(it->source),
               robots_meta_directive_name(it->directive));
        cli_print_escaped(stdout, it->text, it->text_len);
        fputs(it->malformed ? "\tmalformed\n" : "\n", stdout);
    }
    printf("directives: %zu (unknown %zu, malformed %zu, duplicates %zu)\n",
           r->directives_total, r->unknown, r->malformed, r->duplicates);
    if (r->tags_other_agent > 0)
        printf("for other crawlers (ignored): %zu\n", r->tags_other_agent);
    if (r->has_description) {
        fputs("description: ", stdout);
        cli_print_escaped(stdout, r->description, r->description_len);
        fputc('\n', stdout);
    }
    if (r->has_keywords) {
        fputs("keywords: ", stdout);
        cli_print_escaped(stdout, r->keywords, r->keywords_len);
        fputc('\n', stdout);
    }
    if (r->has_revisit_after) {
        fputs("revisit-after: ", stdout);
        cli_print_escaped(stdout, r->revisit_after, r->revisit_after_len);
        fputc('\n', stdout);
    }
    if (r->scan_cut)
        printf("incomplete: the scan stopped at %zu bytes, inside <head>; a "
               "tag past it was not read, so restrictions may be missing\n",
               r->bytes_scanned);
    else if (r->truncated)
        fputs("truncated: a size limit cut the input\n", stdout);
}

/* "key":"text", or null when there is none, in the open object. */
static void json_text(json_out *j, const char *key, int has, const char *s,
                      size_t len) {
    json_out_key(j, key);
    if (has)
        json_out_string(j, s, len);
    else
        json_out_null(j);
}

static void print_meta_json(const robots_meta_result *r) {
    json_out j;
    json_out_init(&j, stdout);
    json_out_object(&j);
    json_bits(&j, "restrictions", r->restrictions,
              robots_meta_restriction_name);
    json_bits(&j, "conflicts", r->conflicts, robots_meta_conflict_name);
    if (r->has_max_snippet) {
        json_out_key(&j, "max_snippet");
        json_out_int(&j, (long long)r->max_snippet);
    }
    if (r->max_image_preview != ROBOTS_IMAGE_PREVIEW_UNSET)
        json_out_field_cstring(&j, "max_image_preview",
                               robots_image_preview_name(r->max_image_preview));
    if (r->has_max_video_preview) {
        json_out_key(&j, "max_video_preview");
        json_out_int(&j, (long long)r->max_video_preview);
    }
    if (r->has_unavailable_after) {
        json_out_key(&j, "unavailable_after");
        json_out_int(&j, (long long)r->unavailable_after);
    }
    json_out_key(&j, "directives");
    json_out_array(&j);
    for (size_t k = 0; k < r->item_count; k++) {
        const robots_meta_item *it = &r->items[k];
        json_out_object(&j);
        json_out_field_cstring(&j, "source",
                               robots_meta_source_name(it->source));
        json_out_field_cstring(&j, "directive",
                               robots_meta_directive_name(it->directive));
        json_out_key(&j, "text");
        json_out_string(&j, it->text, it->text_len);
        json_out_field_bool(&j, "malformed", it->malformed);
        json_out_end(&j);
    }
    json_out_end(&j);
    json_out_field_size(&j, "directives_total", r->directives_total);
    json_out_field_size(&j, "unknown", r->unknown);
    json_out_field_size(&j, "malformed", r->malformed);
    json_out_field_size(&j, "duplicates", r->duplicates);
    json_out_field_size(&j, "tags_applied", r->tags_applied);
    json_out_field_size(&j, "tags_other_agent", r->tags_other_agent);
    json_text(&j, "description", r->has_description, r->description,
              r->description_len);
    json_text(&j, "keywords", r->has_keywords, r->keywords, r->keywords_len);
    json_text(&j, "revisit_after", r->has_revisit_after, r->revisit_after,
              r->revisit_after_len);
    json_out_field_bool(&j, "truncated", r->truncated);
    json_out_field_bool(&j, "scan_cut", r->scan_cut);
    json_out_field_bool(&j, "head_ended", r->head_ended);
    json_out_end(&j);
    fputc('\n', stdout);
}

/* Is `v` an "X-Robots-Tag:" line? Field names are case-insensitive: each
 * byte is either spelling of its letter. */
static int is_x_robots_tag(const char *v) {
    static const char lower[] = "x-robots-tag:", upper[] = "X-ROBOTS-TAG:";
    for (size_t k = 0; lower[k] != '\0'; k++)
        if (v[k] != lower[k] && v[k] != upper[k])
            return 0;
    return 1;
}

/* Walks the options; with `r`, applies each --header to it. Returns 0 or
 * an exit status. */
static int meta_options(int argc, char **argv, robots_meta_result *r,
                        const char **agent, const char **path, int *json,
                        int *headers) {
    int i;
    for (i = 1; i < argc; i++) {
        const char *v = NULL;
        int rc;
        if (strcmp(argv[i], "--json") == 0) {
            *json = 1;
        } else if ((rc = cli_option_value(argc, argv, &i, "--agent", &v)) !=
                   0) {
            if (rc < 0)
                return EXIT_USAGE;
            *agent = v;
        } else if ((rc = cli_option_value(argc, argv, &i, "--header", &v)) !=
                   0) {
            size_t skip = sizeof "X-Robots-Tag:" - 1;
            if (rc < 0)
                return EXIT_USAGE;
            if (!is_x_robots_tag(v)) {
                return cli_error("meta: --header '%s' is not "
                                 "'X-Robots-Tag: VALUE'",
                                 v);
            }
            (*headers)++;
            if (r != NULL) {
                robots_meta_add_header(v + skip, strlen(v + skip), *agent,
                                       *agent != NULL ? strlen(*agent) : 0, r);
            }
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return unknown_option("meta", argv[i]);
        } else if (*path != NULL && r == NULL) {
            return cli_error("meta: one HTML file at most");
        } else {
            *path = argv[i];
        }
    }
    return 0;
}

int cli_cmd_meta(int argc, char **argv) {
    const char *agent = NULL;
    const char *path = NULL;
    int json = 0;
    int headers = 0;
    int i;
    int rc;
    robots_meta_result *r;
    for (i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(meta_usage, stdout);
            return 0;
        }
    }
    /* A first pass checks the words and finds the agent, which applies to
     * every --header wherever it is written. */
    rc = meta_options(argc, argv, NULL, &agent, &path, &json, &headers);
    if (rc != 0)
        return rc;
    if (path == NULL && headers == 0) {
        return cli_error("meta: give an HTML file or --header (see robots "
                         "meta --help)");
    }
    r = malloc(sizeof *r); /* about 10 KB: not on the stack */
    if (r == NULL)
        return cli_error("meta: out of memory");
    robots_meta_result_init(r);
    if (path != NULL) {
        cli_buffer page;
        /* The scanner reads no further than its limit; the byte past it
         * (which cli_read_prefix() reads) lets the result say so. */
        size_t rest;
        if (!cli_read_prefix(path, ROBOTS_META_MAX_SCAN_BYTES, &page, &rest)) {
            free(r);
            return EXIT_USAGE;
        }
        robots_meta_scan_html(page.data, page.len, agent,
                              agent != NULL ? strlen(agent) : 0, r);
        cli_buffer_free(&page);
    }
    headers = 0;
    meta_options(argc, argv, r, &agent, &path, &json, &headers);
    if (json)
        print_meta_json(r);
    else
        print_meta_text(r);
    free(r);
    return 0;
}
