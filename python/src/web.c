/* SPDX-License-Identifier: MIT */
/*
 * web.c - the module functions of robots_web.h and the matching helpers of
 * robots.h: which robots.txt governs a URL and whether it applies, what a
 * fetch outcome means, how long a response may be cached, an HTTP date,
 * a rule pattern against a path, the path a check matches. Each is one
 * call to the library; this file only converts the arguments and results.
 */
#include "binding.h"

#include <limits.h>

static PyTypeObject *url_parts_type, *scope_type, *fetch_decision_type;
static PyTypeObject *cache_lifetime_type;

/* Text written by the buffer contract of robots_common.h, through
 * write(ctx, buf, cap, needed): asked for its length, then written. */
typedef robots_status (*text_writer)(const void *ctx, char *buf, size_t cap,
                                     size_t *needed);

static PyObject *written_text(text_writer write, const void *ctx,
                              const char *what, size_t given) {
    size_t needed = 0, again = 0;
    char *buf;
    PyObject *r;
    robots_status st = write(ctx, NULL, 0, &needed);
    if (st != ROBOTS_OK && st != ROBOTS_ERR_BUFFER_TOO_SMALL)
        return rbp_raise(st, what,
                         st == ROBOTS_ERR_URL_TOO_LONG ? given : (size_t)0);
    buf = PyMem_Malloc(needed + 1);
    if (buf == NULL)
        return PyErr_NoMemory();
    st = write(ctx, buf, needed + 1, &again);
    r = st == ROBOTS_OK ? rbp_str(buf, again) : rbp_raise(st, what, 0);
    PyMem_Free(buf);
    return r;
}

typedef struct url_and_profile {
    rbp_text text;
    robots_profile profile;
} url_and_profile;

static robots_status write_robots_url(const void *ctx, char *buf, size_t cap,
                                      size_t *needed) {
    const rbp_text *url = ctx;
    return robots_url_to_robots_txt(url->ptr, url->len, buf, cap, needed);
}

static robots_status write_url_path(const void *ctx, char *buf, size_t cap,
                                    size_t *needed) {
    const url_and_profile *u = ctx;
    return robots_url_to_path(u->profile, u->text.ptr, u->text.len, buf, cap,
                              needed);
}

static robots_status write_host(const void *ctx, char *buf, size_t cap,
                                size_t *needed) {
    const rbp_text *host = ctx;
    return robots_host_to_ascii(host->ptr, host->len, buf, cap, needed);
}

static PyObject *web_robots_url(PyObject *module, PyObject *url_obj) {
    rbp_text url = {NULL, 0};
    (void)module;
    if (rbp_text_arg(url_obj, "url", 1, &url) < 0)
        return NULL;
    return written_text(write_robots_url, &url, "url", url.len);
}

static PyObject *web_host_to_ascii(PyObject *module, PyObject *host_obj) {
    rbp_text host = {NULL, 0};
    (void)module;
    if (rbp_text_arg(host_obj, "host", 1, &host) < 0)
        return NULL;
    return written_text(write_host, &host, "host", 0);
}

static PyObject *web_url_to_path(PyObject *module, PyObject *args,
                                 PyObject *kwds) {
    static char *kwlist[] = {"url", "profile", NULL};
    PyObject *url_obj, *profile_obj = NULL;
    url_and_profile u = {{NULL, 0}, ROBOTS_PROFILE_RFC9309};
    (void)module;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O:url_to_path", kwlist,
                                     &url_obj, &profile_obj) ||
        (profile_obj != NULL && rbp_profile_arg(profile_obj, &u.profile) < 0) ||
        rbp_text_arg(url_obj, "url", 1, &u.text) < 0)
        return NULL;
    return written_text(write_url_path, &u, "url", u.text.len);
}

static PyObject *web_match_path(PyObject *module, PyObject *args,
                                PyObject *kwds) {
    static char *kwlist[] = {"pattern", "path", "profile", NULL};
    PyObject *pattern_obj, *path_obj, *profile_obj = NULL;
    robots_profile profile = ROBOTS_PROFILE_RFC9309;
    rbp_text pattern, path;
    robots_status st;
    int matched = 0;
    (void)module;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|O:match_path", kwlist,
                                     &pattern_obj, &path_obj, &profile_obj) ||
        (profile_obj != NULL && rbp_profile_arg(profile_obj, &profile) < 0) ||
        rbp_text_arg(pattern_obj, "pattern", 1, &pattern) < 0 ||
        rbp_text_arg(path_obj, "path", 1, &path) < 0)
        return NULL;
    st = robots_match_path(profile, pattern.ptr, pattern.len, path.ptr,
                           path.len, &matched);
    if (st != ROBOTS_OK)
        return rbp_raise(st, "match_path", 0);
    return PyBool_FromLong(matched);
}

static PyObject *web_parse_url(PyObject *module, PyObject *url_obj) {
    rbp_text url = {NULL, 0};
    robots_url_parts parts;
    robots_status st;
    (void)module;
    if (rbp_text_arg(url_obj, "url", 1, &url) < 0)
        return NULL;
    st = robots_url_parse(url.ptr, url.len, &parts);
    if (st != ROBOTS_OK)
        return rbp_raise(st, "url",
                         st == ROBOTS_ERR_URL_TOO_LONG ? url.len : 0);
    return rbp_record(
        url_parts_type, 9, rbp_str(parts.scheme, parts.scheme_len),
        rbp_str(parts.host, parts.host_len),
        rbp_name(robots_host_kind_name(parts.host_kind)),
        PyLong_FromUnsignedLong(parts.port), PyBool_FromLong(parts.port_given),
        PyBool_FromLong(parts.default_port),
        PyBool_FromLong(parts.had_userinfo),
        PyBool_FromLong(parts.host_converted),
        PyLong_FromSize_t(parts.path_offset));
}

static PyObject *web_scope(PyObject *module, PyObject *args) {
    PyObject *robots_obj, *url_obj;
    rbp_text robots_url, url;
    robots_scope scope;
    robots_status st;
    (void)module;
    if (!PyArg_ParseTuple(args, "OO:scope", &robots_obj, &url_obj) ||
        rbp_text_arg(robots_obj, "robots_url", 1, &robots_url) < 0 ||
        rbp_text_arg(url_obj, "url", 1, &url) < 0)
        return NULL;
    st = robots_scope_check(robots_url.ptr, robots_url.len, url.ptr, url.len,
                            &scope);
    if (st != ROBOTS_OK)
        return rbp_raise(st, "robots_url or url", 0);
    return rbp_record(scope_type, 2, PyBool_FromLong(scope.applies),
                      rbp_name(robots_scope_reason_name(scope.reason)));
}

static PyObject *web_fetch_policy(PyObject *module, PyObject *args,
                                  PyObject *kwds) {
    static char *kwlist[] = {
        "status",          "redirects", "network_error", "unreachable_seconds",
        "has_cached_copy", "profile",   "no_location",   NULL};
    PyObject *status_obj = Py_None, *redirects_obj = NULL, *error_obj = Py_None;
    PyObject *profile_obj = NULL;
    long long unreachable = 0;
    int cached = 0, no_location = 0;
    size_t redirects = 0;
    robots_profile profile = ROBOTS_PROFILE_RFC9309;
    robots_fetch_outcome in = {0};
    robots_fetch_decision d;
    robots_status st;
    (void)module;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O$OOLpOp:fetch_policy",
                                     kwlist, &status_obj, &redirects_obj,
                                     &error_obj, &unreachable, &cached,
                                     &profile_obj, &no_location) ||
        (profile_obj != NULL && rbp_profile_arg(profile_obj, &profile) < 0) ||
        (redirects_obj != NULL &&
         rbp_size_arg(redirects_obj, "redirects", &redirects) < 0))
        return NULL;
    if (redirects > UINT_MAX) {
        PyErr_Format(PyExc_ValueError, "redirects: %zu is too many", redirects);
        return NULL;
    }
    in.redirects = (unsigned)redirects;
    in.unreachable_seconds = (int64_t)unreachable;
    in.has_cached_copy = cached;
    in.no_location = no_location;
    if (error_obj != Py_None) {
        rbp_text name = {NULL, 0};
        if (rbp_text_arg(error_obj, "network_error", 1, &name) < 0)
            return NULL;
        if (robots_network_error_from_name(name.ptr, name.len,
                                           &in.network_error) != ROBOTS_OK) {
            PyErr_Format(PyExc_ValueError,
                         "unknown network_error %R: expected 'dns', "
                         "'connect', 'timeout', 'tls' or 'truncated'",
                         error_obj);
            return NULL;
        }
    }
    if (status_obj != Py_None) {
        int overflow = 0;
        long status;
        if (!PyLong_Check(status_obj) || PyBool_Check(status_obj)) {
            PyErr_Format(PyExc_TypeError, "status must be an int, not %.100s",
                         Py_TYPE(status_obj)->tp_name);
            return NULL;
        }
        status = PyLong_AsLongAndOverflow(status_obj, &overflow);
        in.status =
            overflow || status < INT_MIN || status > INT_MAX ? -1 : (int)status;
    } else if (in.network_error == ROBOTS_NET_NONE) {
        PyErr_SetString(PyExc_ValueError,
                        "fetch_policy needs the HTTP status, or a "
                        "network_error when none was received");
        return NULL;
    }
    st = robots_fetch_policy(&in, profile, &d);
    if (st == ROBOTS_ERR_INVALID_ARGUMENT)
        return rbp_raise_message(
            st, PyUnicode_FromFormat(
                    "fetch_policy: status %R is not an HTTP status "
                    "(100-999), or unreachable_seconds %lld is negative",
                    status_obj, unreachable));
    if (st != ROBOTS_OK)
        return rbp_raise(st, "fetch_policy", 0);
    return rbp_record(
        fetch_decision_type, 4, rbp_name(robots_fetch_action_name(d.action)),
        rbp_name(robots_fetch_basis_name(d.basis)), PyBool_FromLong(d.retry),
        PyBool_FromLong(d.long_unreachable));
}

static PyObject *web_cache_lifetime_block(PyObject *module, PyObject *args,
                                          PyObject *kwds) {
    static char *kwlist[] = {"block", "profile", NULL};
    PyObject *block_obj, *profile_obj = NULL;
    robots_profile profile = ROBOTS_PROFILE_RFC9309;
    robots_cache_info info;
    robots_status st;
    rbp_text block = {NULL, 0};
    (void)module;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O:cache_lifetime_block",
                                     kwlist, &block_obj, &profile_obj) ||
        (profile_obj != NULL && rbp_profile_arg(profile_obj, &profile) < 0) ||
        rbp_text_arg(block_obj, "headers", 1, &block) < 0)
        return NULL;
    st = robots_cache_lifetime_from_block(profile, block.ptr, block.len, &info);
    if (st != ROBOTS_OK)
        return rbp_raise(st, "headers", 0);
    return rbp_record(cache_lifetime_type, 4, PyLong_FromLongLong(info.seconds),
                      rbp_name(robots_cache_source_name(info.source)),
                      PyBool_FromLong(info.capped),
                      rbp_bit_names(info.malformed, ROBOTS_CACHE_BAD_AGE,
                                    robots_cache_flag_name));
}

static PyObject *web_http_date(PyObject *module, PyObject *text_obj) {
    rbp_text text = {NULL, 0};
    int64_t seconds = 0;
    robots_status st;
    (void)module;
    if (rbp_text_arg(text_obj, "date", 1, &text) < 0)
        return NULL;
    st = robots_http_date_parse(text.ptr, text.len, &seconds);
    if (st != ROBOTS_OK)
        return rbp_raise_message(
            st, PyUnicode_FromFormat("date %R: not an HTTP date (RFC 9110 "
                                     "section 5.6.7)",
                                     text_obj));
    return PyLong_FromLongLong((long long)seconds);
}

PyMethodDef rbp_web_methods[] = {
    {"robots_url", (PyCFunction)web_robots_url, METH_O,
     "robots_url(url, /) -> str\n--\n\n"
     "The robots.txt URL that governs url: scheme://host[:port]/robots.txt,\n"
     "scheme and host lowercased, the host in punycode, the default port\n"
     "dropped. Raises librobots.Error for a URL that is not absolute, has\n"
     "no or a bad host or port, or a scheme without robots.txt (only http,\n"
     "https and ftp have one)."},
    {"parse_url", (PyCFunction)web_parse_url, METH_O,
     "parse_url(url, /) -> URLParts\n--\n\n"
     "The parts of an absolute URL that decide which robots.txt governs "
     "it."},
    {"scope", (PyCFunction)web_scope, METH_VARARGS,
     "scope(robots_url, url, /) -> Scope\n--\n\n"
     "Does the robots.txt at robots_url govern url? Scope(applies, "
     "reason):\n"
     "'same-site', 'other-scheme', 'other-host', 'other-port' or\n"
     "'not-top-level' (robots_url is not at /robots.txt)."},
    {"fetch_policy", (PyCFunction)(void (*)(void))web_fetch_policy,
     METH_VARARGS | METH_KEYWORDS,
     "fetch_policy(status=None, *, redirects=0, network_error=None,\n"
     "             unreachable_seconds=0, has_cached_copy=False,\n"
     "             profile='rfc9309', no_location=False) -> FetchDecision\n"
     "--\n\n"
     "What a crawler does with a fetch of robots.txt (RFC 9309 section\n"
     "2.3.1): FetchDecision(action, basis, retry, long_unreachable), the\n"
     "action one of 'parse-body', 'allow-all', 'disallow-all',\n"
     "'disallow-all-retry', 'follow-redirect', 'use-cached', 'defer'.\n"
     "status: the HTTP status (100-999); redirects: those already followed\n"
     "in this chain; network_error: 'dns', 'connect', 'timeout', 'tls' or\n"
     "'truncated' when no (complete) response came; unreachable_seconds:\n"
     "how long the file has been unreachable; no_location: a 3xx came\n"
     "without a Location that is a URL (nothing to follow)."},
    {"cache_lifetime_block",
     (PyCFunction)(void (*)(void))web_cache_lifetime_block,
     METH_VARARGS | METH_KEYWORDS,
     "cache_lifetime_block(block, profile='rfc9309') -> CacheLifetime\n--\n\n"
     "cache_lifetime() of a header block ('Name: value' lines)."},
    {"http_date", (PyCFunction)web_http_date, METH_O,
     "http_date(text, /) -> int\n--\n\n"
     "An HTTP date (IMF-fixdate, RFC 850 or asctime) as seconds since\n"
     "1970-01-01T00:00:00Z. Raises librobots.Error otherwise."},
    {"match_path", (PyCFunction)(void (*)(void))web_match_path,
     METH_VARARGS | METH_KEYWORDS,
     "match_path(pattern, path, profile='rfc9309') -> bool\n--\n\n"
     "Does the rule pattern match the path (with ;params and ?query), as a\n"
     "check in this profile would compare them?"},
    {"url_to_path", (PyCFunction)(void (*)(void))web_url_to_path,
     METH_VARARGS | METH_KEYWORDS,
     "url_to_path(url, profile='rfc9309') -> str\n--\n\n"
     "The path (with ;params and ?query, without the fragment) a check\n"
     "matches for url, as given, before percent-normalisation."},
    {"host_to_ascii", (PyCFunction)web_host_to_ascii, METH_O,
     "host_to_ascii(host, /) -> str\n--\n\n"
     "IDNA ToASCII of a host name, label by label (punycode)."},
    {NULL, NULL, 0, NULL},
};

static PyStructSequence_Field url_parts_fields[] = {
    {"scheme", "lowercased"},
    {"host", "lowercased; punycode for an internationalised name; an IPv6 "
             "literal with its brackets"},
    {"host_kind", "'name', 'ipv4' or 'ipv6'"},
    {"port", "the port used: the scheme's default if none is given"},
    {"port_given", "True when the URL names a port"},
    {"default_port", "True when the port is the scheme's default"},
    {"had_userinfo", "True when user:pass@ was present (dropped)"},
    {"host_converted", "True when a label was converted to punycode"},
    {"path_offset", "where the path, query or fragment starts"},
    {NULL, NULL},
};
static PyStructSequence_Desc url_parts_desc = {
    "librobots.URLParts",
    "The parts of an absolute URL that decide which robots.txt governs it.",
    url_parts_fields, 9};

static PyStructSequence_Field scope_fields[] = {
    {"applies", "True when the robots.txt governs the URL"},
    {"reason", "'same-site', 'other-scheme', 'other-host', 'other-port' or "
               "'not-top-level'"},
    {NULL, NULL},
};
static PyStructSequence_Desc scope_desc = {
    "librobots.Scope", "Whether a robots.txt governs a URL, and why.",
    scope_fields, 2};

static PyStructSequence_Field fetch_decision_fields[] = {
    {"action", "what to do: 'parse-body', 'allow-all', 'disallow-all', "
               "'disallow-all-retry', 'follow-redirect', 'use-cached', "
               "'defer'"},
    {"basis", "what the outcome was read as: 'success', 'redirect', "
              "'redirect-limit', 'client-error', 'access-restricted', "
              "'rate-limited', 'server-error', 'network-error', "
              "'other-status'"},
    {"retry", "True when the file should be fetched again soon"},
    {"long_unreachable", "True when a long outage changed the action"},
    {NULL, NULL},
};
static PyStructSequence_Desc fetch_decision_desc = {
    "librobots.FetchDecision", "What a crawler does with a fetch outcome.",
    fetch_decision_fields, 4};

static PyStructSequence_Field cache_lifetime_fields[] = {
    {"seconds", "how long the copy may be used; 0: not at all"},
    {"source", "'default', 'max-age', 'expires', 'no-store' or 'no-cache'"},
    {"capped", "True when the profile's bound shortened it"},
    {"malformed", "names of what was malformed and ignored ('bad-max-age', "
                  "...)"},
    {NULL, NULL},
};
static PyStructSequence_Desc cache_lifetime_desc = {
    "librobots.CacheLifetime", "How long a fetched robots.txt may be cached.",
    cache_lifetime_fields, 4};

int rbp_web_init(PyObject *module) {
    static const rbp_record_type types[] = {
        {&url_parts_type, &url_parts_desc},
        {&scope_type, &scope_desc},
        {&fetch_decision_type, &fetch_decision_desc},
        {&cache_lifetime_type, &cache_lifetime_desc},
    };
    return rbp_add_record_types(module, types, sizeof types / sizeof types[0]);
}
