/* SPDX-License-Identifier: MIT */
/*
 * cmd_around.h - the subcommands "around the file" (issue 4): url, scope,
 * policy, cache-lifetime and meta. Registered in main.c's command table.
 */
#ifndef ROBOTS_CMD_AROUND_H
#define ROBOTS_CMD_AROUND_H

int cli_cmd_url(int argc, char **argv);
int cli_cmd_scope(int argc, char **argv);
int cli_cmd_policy(int argc, char **argv);
int cli_cmd_cache_lifetime(int argc, char **argv);
int cli_cmd_meta(int argc, char **argv);

#endif
