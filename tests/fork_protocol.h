/* SPDX-License-Identifier: MIT */
/*
 * fork_protocol.h - what tests/fork_client.c sends tests/cli_fork_server.c
 * over its Unix socket, and the two loops that move it. One request per
 * connection: a header (with the client's open standard descriptors
 * attached, SCM_RIGHTS), then `len` bytes of NUL-ended strings: the
 * working directory, `argc` arguments, `envc` environment entries. The
 * answer: the command's wait status, 4 bytes.
 */
#ifndef ROBOTS_FORK_PROTOCOL_H
#define ROBOTS_FORK_PROTOCOL_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <unistd.h>

/* The client's exit status when it cannot hand the run over (as env(1)
 * and xargs(1) say for "could not run"). */
#define FORK_CLIENT_FAILED 125
/* The strings of one request, at most (the tests' largest is a few KiB of
 * environment). */
#define FORK_REQUEST_MAX (1 << 20)

typedef struct fork_header {
    uint32_t len;      /* bytes of strings that follow */
    uint32_t argc;     /* arguments, argv[0] included */
    uint32_t envc;     /* environment entries */
    uint32_t umask;    /* the client's */
    uint32_t open_fds; /* bit N: descriptor N (0, 1, 2) is attached */
} fork_header;

typedef struct fork_request {
    fork_header head;
    size_t len;
    char data[FORK_REQUEST_MAX];
} fork_request;

/* fork_move_all: writes (send(), no SIGPIPE) or reads len bytes whole;
 * 0 when the other end is gone first. */
static inline int fork_move_all(int fd, void *buf, size_t len, int writing) {
    char *p = buf;
    while (len > 0) {
        ssize_t n = writing ? send(fd, p, len, MSG_NOSIGNAL) : read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        p += n;
        len -= (size_t)n;
    }
    return 1;
}

static inline int fork_write_all(int fd, const void *buf, size_t len) {
    return fork_move_all(fd, (void *)(uintptr_t)buf, len, 1);
}

static inline int fork_read_all(int fd, void *buf, size_t len) {
    return fork_move_all(fd, buf, len, 0);
}

#endif
