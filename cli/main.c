/* SPDX-License-Identifier: MIT */
/*
 * main.c - the `robots` command: dispatch to a subcommand, --help and
 * --version. Each subcommand lives in cmd_<name>.c.
 */
#include "cli.h"
#include "cmd_around.h"
#include "cmd_check_fetch.h"
#include "cmd_fetch.h"
#include "cmd_usage.h"

#include <errno.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"check", cli_cmd_check, "may an agent fetch these URLs?"},
    {"usage", cli_cmd_usage, "AI usage preferences of URLs for a crawler"},
    {"parse", cli_cmd_parse, "show what the parser saw in a robots.txt"},
    {"url", cli_cmd_url, "the robots.txt URL that governs each URL"},
    {"scope", cli_cmd_scope, "does a robots.txt govern these URLs?"},
    {"policy", cli_cmd_policy, "what a fetch result of robots.txt means"},
    {"cache-lifetime", cli_cmd_cache_lifetime,
     "how long a robots.txt response may be cached"},
    {"fetch", cli_cmd_fetch, "fetch a site's robots.txt and answer for a URL"},
    {"meta", cli_cmd_meta, "robots META tags and X-Robots-Tag of a page"},
    {"lint", cli_cmd_lint, "what is wrong or doubtful in a robots.txt"},
    {"test", cli_cmd_test, "check a robots.txt against expected verdicts"},
    {"diff", cli_cmd_diff, "verdicts that change between two robots.txt"},
};

static void usage(FILE *out) {
    fputs("usage: robots COMMAND [OPTIONS] ...\n"
          "\n"
          "The Robots Exclusion Protocol (robots.txt, RFC 9309).\n"
          "\n"
          "Commands:\n",
          out);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-15s %s\n", commands[i].name, commands[i].summary);
    fputs("\n"
          "'robots COMMAND --help' describes each command.\n"
          "'robots --version' prints the version.\n",
          out);
}

/* Every command's last word: output that could not be written is an I/O
 * error (exit 2, as the manual says), whatever the command found, so that
 * `robots url ... >/dev/full` cannot pass for success. A command that
 * already failed with EXIT_USAGE said why. */
static int finish_output(int status) {
    errno = 0;
    int flushed = fflush(stdout) == 0;
    if ((!flushed || ferror(stdout)) && status != EXIT_USAGE) {
        if (!flushed && errno != 0)
            return cli_error("cannot write to standard output: %s",
                             strerror(errno));
        return cli_error("cannot write to standard output");
    }
    return status;
}

static int run(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
        strcmp(name, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(name, "--version") == 0) {
        printf("robots %s (librobots %s)\n", ROBOTS_VERSION_STRING,
               robots_version());
        return 0;
    }
    if (strcmp(name, "check") == 0)
        for (int k = 2; k < argc; k++)
            if (strcmp(argv[k], "--fetch") == 0) /* URLs without a file */
                return cli_cmd_check_fetch(argc - 1, argv + 1);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    return cli_error("unknown command '%s' (see robots --help)", name);
}

int main(int argc, char **argv) {
    return finish_output(run(argc, argv));
}
