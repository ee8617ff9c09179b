/* SPDX-License-Identifier: MIT */
/*
 * cmd_check_fetch.h - `robots check --fetch` (cmd_check_fetch.c).
 */
#ifndef ROBOTS_CLI_CMD_CHECK_FETCH_H
#define ROBOTS_CLI_CMD_CHECK_FETCH_H

int cli_cmd_check_fetch(int argc, char **argv);

#endif
