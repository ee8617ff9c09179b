/* SPDX-License-Identifier: MIT */
/*
 * batch.c - the batch protocol's client (batch.h): starting an adapter in
 * its own process group, writing a query and reading its answer under one
 * deadline with poll(), and telling a crash, a hang and a protocol error
 * apart. Nothing the adapter prints is trusted: answers are read into a
 * fixed buffer and shown escaped.
 */
#define _POSIX_C_SOURCE 200809L

#include "batch.h"
#include "show.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct batch_adapter {
    char *command;
    unsigned timeout_ms;
    pid_t pid; /* -1: not running */
    int to_adapter;
    int from_adapter;
    char answer[BATCH_MAX_ANSWER_BYTES + 2]; /* +LF, +NUL */
    size_t have;
    int ever_answered;      /* one valid answer in this run */
    unsigned failed_starts; /* in a row, before any valid answer */
    char last_failure[BATCH_MESSAGE_CAP];
    char last_id[128]; /* the case last answered, for messages */
    batch_stats stats;
};

static const char *const problem_names[] = {
    "answered", "error", "crash", "hang", "protocol", "unavailable"};

const char *batch_problem_name(batch_problem p) {
    if ((int)p < 0 || p > BATCH_PROBLEM_LAST)
        return "?";
    return problem_names[p];
}

const batch_stats *batch_get_stats(const batch_adapter *a) {
    return &a->stats;
}

static void say(batch_reply *r, batch_problem p, const char *fmt, ...) {
    va_list ap;
    r->problem = p;
    va_start(ap, fmt);
    vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
}

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

batch_adapter *batch_open(const char *command, unsigned timeout_ms) {
    batch_adapter *a = calloc(1, sizeof *a);
    struct sigaction sa;
    if (a == NULL)
        return NULL;
    a->command = malloc(strlen(command) + 1);
    if (a->command == NULL) {
        free(a);
        return NULL;
    }
    memcpy(a->command, command, strlen(command) + 1);
    a->timeout_ms = timeout_ms;
    a->pid = -1;
    a->to_adapter = a->from_adapter = -1;
    /* A write to an adapter that has died must be an error, not a
     * signal that ends the runner. */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
    return a;
}

/* How the adapter ended, in words: "exited with status 3", "was killed by
 * signal 11". */
static void describe_status(int status, char *out, size_t cap) {
    if (WIFEXITED(status) && WEXITSTATUS(status) > 128 &&
        WEXITSTATUS(status) < 128 + 65)
        /* sh -c reports its command's death by a signal so. */
        snprintf(out, cap, "was killed by signal %d (sh: status %d)",
                 WEXITSTATUS(status) - 128, WEXITSTATUS(status));
    else if (WIFEXITED(status))
        snprintf(out, cap, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(out, cap, "was killed by signal %d", WTERMSIG(status));
    else
        snprintf(out, cap, "ended (status 0x%x)", (unsigned)status);
}

/* Ends the adapter: waits up to grace_ms for it to exit by itself, then
 * kills its process group. Describes how it ended in `how`. */
static void stop(batch_adapter *a, long grace_ms, char *how, size_t cap) {
    int status = 0, ended = 0;
    long waited = 0;
    if (a->to_adapter >= 0)
        close(a->to_adapter);
    a->to_adapter = -1;
    if (a->pid > 0) {
        /* Not reaped yet (WNOWAIT): while the adapter is alive or a zombie,
         * its process group id cannot be another's, so the kill below
         * reaches only what it started. */
        for (;;) {
            siginfo_t si;
            memset(&si, 0, sizeof si);
            if (waitid(P_PID, (id_t)a->pid, &si, WEXITED | WNOHANG | WNOWAIT) ==
                    0 &&
                si.si_pid == a->pid) {
                ended = 1;
                break;
            }
            if (waited >= grace_ms)
                break;
            sleep_ms(5);
            waited += 5;
        }
        /* What it left running in its group goes with it. */
        kill(-a->pid, SIGKILL);
        if (!ended)
            kill(a->pid, SIGKILL);
        while (waitpid(a->pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (how != NULL && ended)
            describe_status(status, how, cap);
        else if (how != NULL)
            snprintf(how, cap, "was killed");
    }
    if (a->from_adapter >= 0)
        close(a->from_adapter);
    a->from_adapter = -1;
    a->pid = -1;
    a->have = 0;
}

static int set_nonblocking(int fd) {
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int start(batch_adapter *a, char *why, size_t cap) {
    int in[2], out[2];
    pid_t pid;
    if (pipe(in) != 0) {
        snprintf(why, cap, "pipe: %s", strerror(errno));
        return -1;
    }
    if (pipe(out) != 0) {
        snprintf(why, cap, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    fflush(NULL);
    pid = fork();
    if (pid < 0) {
        snprintf(why, cap, "fork: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return -1;
    }
    if (pid == 0) {
        /* Its own process group, so that a hang kills what it started. */
        setpgid(0, 0);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
            _exit(127);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", a->command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    set_nonblocking(in[1]);
    set_nonblocking(out[0]);
    a->pid = pid;
    a->to_adapter = in[1];
    a->from_adapter = out[0];
    a->have = 0;
    a->stats.starts++;
    return 0;
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static char *put_base64(char *o, const char *s, size_t len) {
    const unsigned char *p = (const unsigned char *)s;
    size_t i;
    for (i = 0; i + 2 < len; i += 3) {
        *o++ = b64[p[i] >> 2];
        *o++ = b64[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
        *o++ = b64[((p[i + 1] & 15) << 2) | (p[i + 2] >> 6)];
        *o++ = b64[p[i + 2] & 63];
    }
    if (len - i == 1) {
        *o++ = b64[p[i] >> 2];
        *o++ = b64[(p[i] & 3) << 4];
        *o++ = '=';
        *o++ = '=';
    } else if (len - i == 2) {
        *o++ = b64[p[i] >> 2];
        *o++ = b64[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
        *o++ = b64[(p[i + 1] & 15) << 2];
        *o++ = '=';
    }
    return o;
}

/* A word of the query line (profile, id): no tab, LF or control byte can
 * reach the adapter through it, whatever a case file holds. */
static char *put_word(char *o, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        *o++ = (c > 0x20 && c < 0x7f) ? (char)c : '?';
    }
    return o;
}

static size_t base64_len(size_t n) {
    return (n / 3 + (n % 3 != 0)) * 4;
}

/* Bytes of a usage query past the verdict query's: "usage\t", the field
 * lines ("-", or each in base64 with a comma between), the options. */
static size_t usage_extra(const batch_query *q) {
    size_t n;
    if (!q->usage)
        return 0;
    n = 6 + 2 + 1 + (q->options ? strlen(q->options) : 1);
    for (size_t k = 0; q->has_header && k < q->header_count; k++) {
        if (q->header[k].len > (size_t)-1 / 4)
            return (size_t)-1;
        n += base64_len(q->header[k].len) + 1;
    }
    return n;
}

/* "[usage\t]PROFILE\tID\tBASE64(robots)\tBASE64(agent)\tBASE64(url)
 * [\tHEADER\tOPTIONS]\n"; NULL when out of memory or too large. */
static char *query_line(const batch_query *q, size_t *len) {
    size_t n = strlen(q->profile) + strlen(q->id) + 5, part;
    const size_t parts[3] = {q->robots_len, q->agent_len, q->url_len};
    size_t extra = usage_extra(q);
    char *line, *o;
    for (int k = 0; k < 3; k++) {
        if (parts[k] > ((size_t)-1 - n) / 2)
            return NULL;
        part = base64_len(parts[k]);
        n += part;
    }
    if (extra > (size_t)-1 / 2 - n)
        return NULL;
    n += extra;
    line = malloc(n + 1);
    if (line == NULL)
        return NULL;
    o = line;
    if (q->usage) {
        memcpy(o, "usage\t", 6);
        o += 6;
    }
    o = put_word(o, q->profile);
    *o++ = '\t';
    o = put_word(o, q->id);
    *o++ = '\t';
    o = put_base64(o, q->robots, q->robots_len);
    *o++ = '\t';
    o = put_base64(o, q->agent, q->agent_len);
    *o++ = '\t';
    o = put_base64(o, q->url, q->url_len);
    if (q->usage) {
        *o++ = '\t';
        if (!q->has_header)
            *o++ = '-';
        for (size_t k = 0; q->has_header && k < q->header_count; k++) {
            if (k != 0)
                *o++ = ',';
            o = put_base64(o, q->header[k].ptr, q->header[k].len);
        }
        *o++ = '\t';
        o = put_word(o, q->options != NULL && q->options[0] ? q->options : "-");
    }
    *o++ = '\n';
    *len = (size_t)(o - line);
    return line;
}

/* Bytes the adapter wrote between two queries: none is the rule. Returns
 * 1 when there were some (described in *reply), 0 otherwise. */
static int unasked_output(batch_adapter *a, batch_reply *reply) {
    struct pollfd pf = {a->from_adapter, POLLIN, 0};
    char shown[BATCH_MESSAGE_CAP / 2];
    if (a->have == 0 && poll(&pf, 1, 0) > 0 && (pf.revents & POLLIN)) {
        ssize_t n = read(a->from_adapter, a->answer, BATCH_MAX_ANSWER_BYTES);
        if (n > 0)
            a->have = (size_t)n;
    }
    if (a->have == 0)
        return 0;
    show_bytes(shown, sizeof shown, a->answer, a->have);
    say(reply, BATCH_PROTOCOL,
        "protocol: the adapter wrote '%s' after answering %s, before this "
        "query was sent (one line per query)",
        shown, a->last_id[0] ? a->last_id : "nothing");
    return 1;
}

/* The adapter closed its stdout or ended, between two queries, without
 * being asked anything: reap it so that this query starts it again. */
static void reap_if_ended(batch_adapter *a) {
    struct pollfd pf = {a->from_adapter, POLLIN, 0};
    if (a->pid > 0 && a->have == 0 && poll(&pf, 1, 0) > 0 &&
        (pf.revents & POLLHUP) && !(pf.revents & POLLIN)) {
        char how[128];
        stop(a, 200, how, sizeof how);
        printf("note: the adapter %s after answering %s; started again\n", how,
               a->last_id[0] ? a->last_id : "nothing");
        a->stats.crashes++;
    }
}

/* Reads the answer of the query in `line`, writing the query as the
 * adapter reads it. Returns the problem. */
static batch_problem exchange(batch_adapter *a, const char *line, size_t len,
                              batch_reply *reply) {
    long long deadline = now_ms() + a->timeout_ms;
    size_t sent = 0;
    char how[128], shown[BATCH_MESSAGE_CAP / 2];
    for (;;) {
        struct pollfd pf[2];
        int nfds = 0, w = -1;
        long long left = deadline - now_ms();
        char *lf;
        if (left <= 0) {
            stop(a, 0, NULL, 0);
            say(reply, BATCH_HANG,
                "hang: no answer within %u ms (--batch-timeout)%s; the "
                "adapter was killed and is started again for the next query",
                a->timeout_ms,
                sent < len ? " and the query was not read whole" : "");
            return BATCH_HANG;
        }
        pf[nfds].fd = a->from_adapter;
        pf[nfds].events = POLLIN;
        pf[nfds].revents = 0;
        nfds++;
        if (sent < len && a->to_adapter >= 0) {
            w = nfds;
            pf[nfds].fd = a->to_adapter;
            pf[nfds].events = POLLOUT;
            pf[nfds].revents = 0;
            nfds++;
        }
        if (poll(pf, (nfds_t)nfds, (int)(left > 1000 ? 1000 : left)) < 0) {
            if (errno == EINTR)
                continue;
            stop(a, 0, NULL, 0);
            say(reply, BATCH_CRASH, "crash: poll: %s", strerror(errno));
            return BATCH_CRASH;
        }
        if (w >= 0 && (pf[w].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t n = write(a->to_adapter, line + sent, len - sent);
            if (n > 0) {
                sent += (size_t)n;
            } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
                /* It closed its stdin (or died): what it says, or its
                 * end, comes on its stdout. */
                close(a->to_adapter);
                a->to_adapter = -1;
            }
        }
        if (!(pf[0].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        {
            ssize_t n = read(a->from_adapter, a->answer + a->have,
                             BATCH_MAX_ANSWER_BYTES + 1 - a->have);
            if (n < 0) {
                if (errno == EAGAIN || errno == EINTR)
                    continue;
                n = 0;
            }
            if (n == 0) {
                show_bytes(shown, sizeof shown, a->answer, a->have);
                stop(a, 200, how, sizeof how);
                say(reply, BATCH_CRASH,
                    "crash: the adapter %s before answering this query%s%s%s",
                    how, shown[0] ? " (it had written '" : "", shown,
                    shown[0] ? "')" : "");
                return BATCH_CRASH;
            }
            a->have += (size_t)n;
        }
        lf = memchr(a->answer, '\n', a->have);
        if (lf == NULL) {
            if (a->have > BATCH_MAX_ANSWER_BYTES) {
                show_bytes(shown, sizeof shown, a->answer, 60);
                stop(a, 0, NULL, 0);
                say(reply, BATCH_PROTOCOL,
                    "protocol: an answer line longer than %d bytes ('%s')",
                    BATCH_MAX_ANSWER_BYTES, shown);
                return BATCH_PROTOCOL;
            }
            continue;
        }
        if (sent < len) {
            stop(a, 0, NULL, 0);
            say(reply, BATCH_PROTOCOL,
                "protocol: the adapter answered before reading the whole "
                "query (%zu of %zu bytes)",
                sent, len);
            return BATCH_PROTOCOL;
        }
        return BATCH_ANSWERED;
    }
}

/* A usage query's answer: "usage FIELDS" (kept for the caller to read),
 * or "unsupported" (": why" may follow). 1 when it is one of them. */
static int usage_answer(const char *s, size_t n, batch_reply *reply) {
    if (n >= 11 && memcmp(s, "unsupported", 11) == 0 &&
        (n == 11 || s[11] == ':')) {
        reply->problem = BATCH_ANSWERED;
        reply->unsupported = 1;
        snprintf(reply->message, sizeof reply->message, "unsupported");
        return 1;
    }
    if (n >= 6 && memcmp(s, "usage ", 6) == 0) {
        reply->problem = BATCH_ANSWERED;
        memcpy(reply->answer, s + 6, n - 6);
        reply->answer[n - 6] = '\0';
        snprintf(reply->message, sizeof reply->message, "usage");
        return 1;
    }
    return 0;
}

/* The answer line now in a->answer (it has an LF): its meaning. */
static void read_answer(batch_adapter *a, const batch_query *q,
                        batch_reply *reply) {
    char *lf = memchr(a->answer, '\n', a->have);
    size_t n = (size_t)(lf - a->answer), rest = a->have - n - 1;
    char shown[BATCH_MESSAGE_CAP / 2];
    if (n > 0 && a->answer[n - 1] == '\r')
        n--;
    if (rest > 0) {
        show_bytes(shown, sizeof shown, lf + 1, rest);
        stop(a, 0, NULL, 0);
        say(reply, BATCH_PROTOCOL,
            "protocol: more than one line for one query (then '%s')", shown);
        return;
    }
    a->have = 0;
    if (q->usage) {
        if (usage_answer(a->answer, n, reply))
            return;
    } else if (n == 7 && memcmp(a->answer, "allowed", 7) == 0) {
        reply->problem = BATCH_ANSWERED;
        reply->allowed = 1;
        snprintf(reply->message, sizeof reply->message, "allowed");
        return;
    } else if (n == 10 && memcmp(a->answer, "disallowed", 10) == 0) {
        reply->problem = BATCH_ANSWERED;
        reply->allowed = 0;
        snprintf(reply->message, sizeof reply->message, "disallowed");
        return;
    }
    if (n >= 6 && memcmp(a->answer, "error:", 6) == 0) {
        size_t skip = (n > 6 && a->answer[6] == ' ') ? 7 : 6;
        show_bytes(shown, sizeof shown, a->answer + skip, n - skip);
        say(reply, BATCH_ERROR, "error: %s", shown);
        return;
    }
    show_bytes(shown, sizeof shown, a->answer, n);
    stop(a, 0, NULL, 0);
    say(reply, BATCH_PROTOCOL,
        q->usage ? "protocol: the answer '%s' to a usage query is not "
                   "'usage ...', 'unsupported' or 'error: message'"
                 : "protocol: the answer '%s' is not 'allowed', 'disallowed' "
                   "or 'error: message'",
        shown);
}

static void count(batch_adapter *a, batch_problem p) {
    switch (p) {
    case BATCH_ANSWERED:
        a->stats.answers++;
        break;
    case BATCH_ERROR:
        a->stats.errors++;
        break;
    case BATCH_CRASH:
        a->stats.crashes++;
        break;
    case BATCH_HANG:
        a->stats.hangs++;
        break;
    case BATCH_PROTOCOL:
        a->stats.protocol_errors++;
        break;
    case BATCH_UNAVAILABLE:
        a->stats.unavailable++;
        break;
    }
}

void batch_ask(batch_adapter *a, const batch_query *query, batch_reply *reply) {
    char why[BATCH_MESSAGE_CAP / 2];
    char *line;
    size_t len = 0;
    memset(reply, 0, sizeof *reply);
    if (!a->ever_answered && a->failed_starts >= BATCH_MAX_FAILED_STARTS) {
        say(reply, BATCH_UNAVAILABLE,
            "unavailable: the adapter gave no valid answer in %d starts "
            "(last: %s)",
            BATCH_MAX_FAILED_STARTS, a->last_failure);
        count(a, reply->problem);
        return;
    }
    if (a->pid > 0)
        reap_if_ended(a);
    if (a->pid > 0 && unasked_output(a, reply)) {
        stop(a, 0, NULL, 0);
        goto failed;
    }
    if (a->pid < 0 && start(a, why, sizeof why) != 0) {
        say(reply, BATCH_CRASH, "crash: the adapter could not be started: %s",
            why);
        goto failed;
    }
    line = query_line(query, &len);
    if (line == NULL) {
        /* The runner's own limit, not the adapter's fault: no restart. */
        say(reply, BATCH_ERROR,
            "error: the runner could not build the query "
            "(out of memory)");
        count(a, reply->problem);
        return;
    }
    if (exchange(a, line, len, reply) == BATCH_ANSWERED)
        read_answer(a, query, reply);
    free(line);
    if (reply->problem == BATCH_ANSWERED && reply->unsupported)
        a->stats.unsupported++;
    if (reply->problem == BATCH_ANSWERED || reply->problem == BATCH_ERROR) {
        a->ever_answered = 1;
        a->failed_starts = 0;
        snprintf(a->last_id, sizeof a->last_id, "%s", query->id);
        count(a, reply->problem);
        return;
    }
failed:
    count(a, reply->problem);
    if (!a->ever_answered) {
        a->failed_starts++;
        snprintf(a->last_failure, sizeof a->last_failure, "%s", reply->message);
    }
}

void batch_close(batch_adapter *a) {
    if (a == NULL)
        return;
    stop(a, BATCH_EXIT_GRACE_MS, NULL, 0);
    free(a->command);
    free(a);
}
