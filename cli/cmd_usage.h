/* SPDX-License-Identifier: MIT */
/*
 * cmd_usage.h - `robots usage` (cmd_usage.c): the AI usage preferences of
 * URLs for one crawler.
 */
#ifndef ROBOTS_CMD_USAGE_H
#define ROBOTS_CMD_USAGE_H

int cli_cmd_usage(int argc, char **argv);

#endif
