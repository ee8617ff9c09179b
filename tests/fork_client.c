/* SPDX-License-Identifier: MIT */
/*
 * fork_client.c - stands in for the `robots` command where the valgrind
 * gate runs a script test (ci/valgrind_suite.py): hands one run of the
 * command to tests/cli_fork_server.c, which runs the command's main() in a
 * child forked from one process under valgrind, and ends as that child
 * ended (the same exit status, or the same signal).
 *
 *     fork_client SOCKET ARGV0 [ARG...]
 *
 * Why: valgrind's start costs about 0.55 s of CPU a process (reading
 * libc's debug information, translating the loader and libc again), and
 * the script tests start the command some 550 times; a child forked from
 * a process that valgrind already runs starts in milliseconds, with the
 * same memcheck over it (its own leak check and error summary at its exit,
 * its own log). The script and what it checks do not change.
 *
 * What goes over the socket: this process's stdin, stdout and stderr (the
 * descriptors themselves, SCM_RIGHTS: the child reads and writes the same
 * open files, pipes and terminals), its working directory, umask,
 * environment and the arguments (ARGV0 as the command's argv[0]).
 * What comes back: the child's wait status, 4 bytes. Exit 125 when the
 * server cannot be reached or answers nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fork_protocol.h"

extern char **environ;

static int give_up(const char *what) {
    fprintf(stderr, "fork_client: %s: %s\n", what, strerror(errno));
    return FORK_CLIENT_FAILED;
}

/* append: copies S with its NUL to the request, growing it. */
static int append(fork_request *req, const char *s) {
    size_t n = strlen(s) + 1;
    if (n > FORK_REQUEST_MAX - req->len)
        return 0;
    memcpy(req->data + req->len, s, n);
    req->len += n;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: fork_client SOCKET ARGV0 [ARG...]\n");
        return FORK_CLIENT_FAILED;
    }
    static fork_request req;
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd))
        return give_up("getcwd");
    mode_t mask = umask(0);
    umask(mask);
    size_t envc = 0;
    while (environ[envc])
        envc++;
    req.head.argc = (uint32_t)(argc - 2);
    req.head.envc = (uint32_t)envc;
    req.head.umask = (uint32_t)mask;
    int ok = append(&req, cwd);
    for (int i = 2; i < argc; i++)
        ok = ok && append(&req, argv[i]);
    for (size_t i = 0; i < envc; i++)
        ok = ok && append(&req, environ[i]);
    if (!ok) {
        fprintf(stderr, "fork_client: the request is over %d bytes\n",
                FORK_REQUEST_MAX);
        return FORK_CLIENT_FAILED;
    }
    req.head.len = (uint32_t)req.len;
    /* The standard descriptors that are open; a closed one stays closed in
     * the child. */
    int fds[3], nfds = 0;
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) != -1) {
            req.head.open_fds |= 1u << fd;
            fds[nfds++] = fd;
        }

    int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0)
        return give_up("socket");
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof addr.sun_path) {
        fprintf(stderr, "fork_client: socket path too long: %s\n", argv[1]);
        return FORK_CLIENT_FAILED;
    }
    strcpy(addr.sun_path, argv[1]);
    if (connect(sock, (struct sockaddr *)&addr, sizeof addr) != 0)
        return give_up(argv[1]);

    /* The header carries the descriptors; the strings follow. */
    union {
        char buf[CMSG_SPACE(sizeof fds)];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct iovec iov = {.iov_base = &req.head, .iov_len = sizeof req.head};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
    if (nfds > 0) {
        msg.msg_control = control.buf;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
        memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
    }
    if (sendmsg(sock, &msg, MSG_NOSIGNAL) != (ssize_t)sizeof req.head)
        return give_up("sendmsg");
    if (!fork_write_all(sock, req.data, req.len))
        return give_up("write");

    uint32_t status;
    if (!fork_read_all(sock, &status, sizeof status)) {
        fprintf(stderr, "fork_client: the server gave no status\n");
        return FORK_CLIENT_FAILED;
    }
    close(sock);
    int st = (int)status;
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    if (WIFSIGNALED(st)) {
        /* End by the same signal, as the command itself would have. */
        int sig = WTERMSIG(st);
        signal(sig, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(sig);
        return 128 + sig;
    }
    return FORK_CLIENT_FAILED;
}
