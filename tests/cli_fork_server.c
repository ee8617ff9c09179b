/* SPDX-License-Identifier: MIT */
/*
 * cli_fork_server.c - the `robots` command's main(), run once per request
 * in a child forked from this one process: how the valgrind gate runs the
 * script tests' 550 commands without paying valgrind's start for each
 * (ci/valgrind_suite.py starts this under memcheck; tests/fork_client.c
 * stands in for the command in the scripts). Linked with the conformance
 * runner's objects instead (conformance/CMakeLists.txt's
 * conformance_fork_server), it serves robots-conformance's main() the same
 * way, to conformance-batch's runs.
 *
 *     cli_fork_server SOCKET [--logs PREFIX] [--curl LIBRARY]
 *
 * Linked from the command's own objects with -Wl,--wrap=main: the C
 * start-up calls __wrap_main() below, and __real_main() is the command's
 * main() (cli/main.c), unchanged. Each request (tests/fork_protocol.h) is
 * served by a fork: the child takes the client's stdin, stdout and stderr,
 * working directory, umask and environment, calls the command's main()
 * with the client's arguments and exits with what it returns, as the C
 * start-up would. Under valgrind each child is a process of its own:
 * memcheck checks it from the fork on, and at its exit runs its leak check
 * and writes its error summary to its own log (--log-file=...%p...); the
 * command's statics are as a fresh process has them, since this process
 * never runs the command's code itself.
 *
 * --logs PREFIX: valgrind's log template is PREFIX.%p.log; a child's log
 * is renamed PREFIX.PID.N.log once the child is reaped, so that a later
 * process given the same PID (they wrap at pid_max) writes a new file.
 * --curl LIBRARY: libcurl loaded and started before any request
 * (start_curl() says why).
 *
 * Requests run side by side (a test may pipe one command into another, or
 * start several at once); SIGTERM ends the server once the runs under way
 * have answered.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
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

/* The names ld's --wrap=main gives: the command's main() and this one. */
int __real_main(int argc, /* NOLINT(readability-identifier-naming) */
                char **argv);
int __wrap_main(int argc, /* NOLINT(readability-identifier-naming) */
                char **argv);

/* Runs under way at once, at most; more wait in the socket's queue. */
enum { MAX_RUNS = 64 };

typedef struct run {
    pid_t pid;
    int conn;
} run;

static run runs[MAX_RUNS];
static int running;
static int listener = -1;
static int wake[2] = {-1, -1};
static volatile sig_atomic_t stopping;
static const char *log_prefix;
static unsigned long served;

/* The request being started: static, so that the child's leak check finds
 * it reachable. */
static fork_request req;
static char **child_argv, **child_envp;

static void on_signal(int sig) {
    int saved = errno;
    if (sig == SIGTERM)
        stopping = 1;
    if (write(wake[1], "x", 1) < 0) {
        /* the pipe is full: a wake-up is already pending */
    }
    errno = saved;
}

static void complain(const char *what) {
    fprintf(stderr, "cli_fork_server: %s: %s\n", what, strerror(errno));
}

/* receive: reads one request and the descriptors attached to it; the
 * number of descriptors, or -1. */
static int receive(int conn, int fds[3]) {
    union {
        char buf[CMSG_SPACE(sizeof(int) * 3)];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct iovec iov = {.iov_base = &req.head, .iov_len = sizeof req.head};
    struct msghdr msg = {.msg_iov = &iov,
                         .msg_iovlen = 1,
                         .msg_control = control.buf,
                         .msg_controllen = sizeof control.buf};
    ssize_t n;
    do
        n = recvmsg(conn, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
    while (n < 0 && errno == EINTR);
    int nfds = 0;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
            size_t got = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            for (size_t i = 0; i < got; i++) {
                int fd;
                memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
                if (nfds < 3)
                    fds[nfds++] = fd;
                else
                    close(fd);
            }
        }
    int wanted = __builtin_popcount(req.head.open_fds & 7u);
    if (n != (ssize_t)sizeof req.head || nfds != wanted ||
        req.head.len > FORK_REQUEST_MAX || req.head.argc == 0 ||
        !fork_read_all(conn, req.data, req.head.len))
        goto bad;
    /* The strings: the directory, the arguments, the environment. */
    size_t strings = 0;
    for (size_t i = 0; i < req.head.len; i++)
        strings += req.data[i] == '\0';
    if (req.head.len == 0 || req.data[req.head.len - 1] != '\0' ||
        strings != 1 + (size_t)req.head.argc + req.head.envc)
        goto bad;
    req.len = req.head.len;
    return nfds;
bad:
    for (int i = 0; i < nfds; i++)
        close(fds[i]);
    return -1;
}

/* The strings of req as argv and envp, NULL-ended. */
static int split(void) {
    free(child_argv);
    free(child_envp);
    child_argv = calloc((size_t)req.head.argc + 1, sizeof *child_argv);
    child_envp = calloc((size_t)req.head.envc + 1, sizeof *child_envp);
    if (!child_argv || !child_envp)
        return 0;
    char *p = req.data + strlen(req.data) + 1; /* past the directory */
    for (uint32_t i = 0; i < req.head.argc; i++, p += strlen(p) + 1)
        child_argv[i] = p;
    for (uint32_t i = 0; i < req.head.envc; i++, p += strlen(p) + 1)
        child_envp[i] = p;
    return 1;
}

/* In the child: becomes the client's process and runs the command. */
static void become_command(int conn, const int fds[3]) {
    close(conn);
    close(listener);
    close(wake[0]);
    close(wake[1]);
    for (int i = 0; i < running; i++)
        close(runs[i].conn);
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    sigaction(SIGTERM, &dfl, NULL);
    sigaction(SIGCHLD, &dfl, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int k = 0;
    for (int fd = 0; fd < 3; fd++) {
        if (req.head.open_fds & (1u << fd)) {
            if (dup2(fds[k++], fd) < 0)
                _exit(FORK_CLIENT_FAILED);
        } else {
            close(fd);
        }
    }
    for (int i = 0; i < k; i++)
        if (fds[i] > 2)
            close(fds[i]);
    if (chdir(req.data) != 0) {
        complain(req.data);
        _exit(FORK_CLIENT_FAILED);
    }
    umask((mode_t)req.head.umask);
    environ = child_envp;
    exit(__real_main((int)req.head.argc, child_argv));
}

static void start(int conn) {
    int fds[3];
    int nfds = receive(conn, fds);
    if (nfds < 0 || !split()) {
        close(conn);
        return;
    }
    fflush(NULL); /* nothing of this process's buffers goes out twice */
    pid_t pid = fork();
    if (pid == 0)
        become_command(conn, fds);
    for (int i = 0; i < nfds; i++)
        close(fds[i]);
    if (pid < 0) {
        complain("fork");
        close(conn);
        return;
    }
    runs[running].pid = pid;
    runs[running].conn = conn;
    running++;
}

/* Answers each client whose command has ended. */
static void reap(int block) {
    int status;
    pid_t pid;
    while (running > 0 &&
           (pid = waitpid(-1, &status, block ? 0 : WNOHANG)) > 0) {
        for (int i = 0; i < running; i++) {
            if (runs[i].pid != pid)
                continue;
            uint32_t st = (uint32_t)status;
            if (!fork_write_all(runs[i].conn, &st, sizeof st)) {
                /* the client is gone (killed by its test's timeout) */
            }
            close(runs[i].conn);
            runs[i] = runs[--running];
            break;
        }
        if (log_prefix) {
            char from[4096], to[4096];
            snprintf(from, sizeof from, "%s.%ld.log", log_prefix, (long)pid);
            snprintf(to, sizeof to, "%s.%ld.%lu.log", log_prefix, (long)pid,
                     ++served);
            if (rename(from, to) != 0 && errno != ENOENT)
                complain(from);
        }
    }
}

/* --curl: libcurl loaded and started here, as cli/http_get.c's
 * load_curl() does in the command, so that each child finds it so: its
 * dlopen() then takes the library already loaded, and its
 * curl_global_init() only counts one more start (libcurl counts them).
 * The command's code runs as before; what no child repeats is the loading
 * and relocating of libcurl's 20 libraries and OpenSSL's start, which
 * memcheck checks once here (0.8 s of CPU a child otherwise). */
static void start_curl(const char *library) {
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    void *sym = lib ? dlsym(lib, "curl_global_init") : NULL;
    if (!sym) {
        fprintf(stderr, "cli_fork_server: %s\n", dlerror());
        return;
    }
    long (*global_init)(long flags);
    memcpy(&global_init, &sym, sizeof global_init); /* ISO C: no cast */
    /* CURL_GLOBAL_DEFAULT (curl.h: CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32) */
    if (global_init(3) != 0)
        fprintf(stderr, "cli_fork_server: curl_global_init failed\n");
}

static int listen_at(const char *path) {
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    char fresh[sizeof addr.sun_path];
    if ((size_t)snprintf(fresh, sizeof fresh, "%s.new", path) >= sizeof fresh) {
        fprintf(stderr, "cli_fork_server: socket path too long: %s\n", path);
        return -1;
    }
    strcpy(addr.sun_path, fresh);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    unlink(fresh);
    if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 ||
        listen(fd, 128) != 0) {
        complain(path);
        return -1;
    }
    /* The name appears only once clients can connect. */
    if (rename(fresh, path) != 0) {
        complain(path);
        return -1;
    }
    return fd;
}

int __wrap_main(int argc, /* NOLINT(readability-identifier-naming) */
                char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: cli_fork_server SOCKET [--logs PREFIX] "
                        "[--curl LIBRARY]\n");
        return 2;
    }
    for (int i = 2; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--logs") == 0) {
            log_prefix = argv[i + 1];
        } else if (strcmp(argv[i], "--curl") == 0) {
            start_curl(argv[i + 1]);
        } else {
            fprintf(stderr, "cli_fork_server: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    /* Descriptors 0 to 2 taken, so that those received land above them. */
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) == -1 && open("/dev/null", O_RDWR) != fd)
            return 2;
    if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        complain("pipe");
        return 2;
    }
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    listener = listen_at(argv[1]);
    if (listener < 0)
        return 2;
    while (!stopping) {
        struct pollfd p[2] = {{.fd = wake[0], .events = POLLIN},
                              {.fd = listener, .events = POLLIN}};
        if (poll(p, running < MAX_RUNS ? 2 : 1, -1) < 0 && errno != EINTR) {
            complain("poll");
            break;
        }
        if (p[0].revents & POLLIN) {
            char drain[64];
            while (read(wake[0], drain, sizeof drain) > 0) {
            }
        }
        reap(0);
        if (!stopping && running < MAX_RUNS && (p[1].revents & POLLIN)) {
            int conn = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
            if (conn >= 0)
                start(conn);
        }
    }
    close(listener);
    unlink(argv[1]);
    reap(1);
    free(child_argv);
    free(child_envp);
    return 0;
}
