/* SPDX-License-Identifier: MIT */
/*
 * cmd_fetch.h - `robots fetch`, the protocol over HTTP (cmd_fetch.c).
 */
#ifndef ROBOTS_CLI_CMD_FETCH_H
#define ROBOTS_CLI_CMD_FETCH_H

int cli_cmd_fetch(int argc, char **argv);

#endif
