/* SPDX-License-Identifier: MIT */
/*
 * punycode.h - what punycode.c offers the rest of the library: a host as
 * written (UTF-8, percent-escapes already decoded) to the ASCII host
 * browsers would look up (docs/semantics.md, "A host as browsers map
 * it"). location.c reads every URL's host through it.
 */
#ifndef ROBOTS_PUNYCODE_H
#define ROBOTS_PUNYCODE_H

#include "robots_common.h"

#include <stddef.h>

#if defined(__GNUC__)
#define RB_WEB_HIDDEN __attribute__((visibility("hidden")))
#else
#define RB_WEB_HIDDEN
#endif

/* robots_host_to_ascii(), which also says whether a label was converted
 * to punycode (robots_url_parts.host_converted). Hidden, as the build's
 * default visibility makes every internal function. */
RB_WEB_HIDDEN robots_status rb_host_to_ascii(const char *host, size_t len,
                                             char *buf, size_t cap,
                                             size_t *needed, int *converted);

#endif /* ROBOTS_PUNYCODE_H */
