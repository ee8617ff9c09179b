/* SPDX-License-Identifier: MIT */
/*
 * document.c - librobots.Document: one parsed robots.txt (robots_parse()),
 * immutable, queried from any number of threads. It keeps the body it was
 * parsed from, so that it pickles as (body, options) and is parsed again
 * where it lands: a document travels to multiprocessing, Dask or Spark
 * workers like any value. Parsing and batch checks release the GIL.
 */
#include "binding.h"

#include <stdio.h>

static const char document_doc[] =
    "Document(body, profile='rfc9309', parse_limit=512000, memory_cap=0,\n"
    "         content_usage_ends_group=False, skip_diagnostics=False)\n"
    "--\n\n"
    "A robots.txt parsed once, checked as often as asked.\n\n"
    "body: the bytes exactly as fetched (or a str, read as UTF-8; any\n"
    "bytes-like object is copied). At most MAX_INPUT_BYTES.\n"
    "profile: 'rfc9309' (RFC 9309, the default), 'google' (what\n"
    "google/robotstxt answers) or 'legacy' (the 1996 draft).\n"
    "parse_limit: bytes of the body that are read (0: all of it); content\n"
    "past it is ignored, and every verdict says so (Verdict.truncated).\n"
    "memory_cap: most bytes the document may take (0: no cap).\n"
    "content_usage_ends_group: read a Content-Usage line as a rule that\n"
    "ends a group's user-agent lines (draft-ietf-aipref-attach-05; off:\n"
    "an extension record, as the profiles read it).\n"
    "skip_diagnostics: a parse for verdicts only (a crawler's): no\n"
    "diagnostics are kept or counted (Document.diagnostics is empty);\n"
    "everything else is what the default parse makes of the body.\n\n"
    "Parsing never fails on content: odd lines become diagnostics. It\n"
    "raises TypeError for a body of another type, librobots.Error (a\n"
    "ValueError) past MAX_INPUT_BYTES or the memory cap, MemoryError when\n"
    "memory runs out. The GIL is released while the body is parsed.\n"
    "Documents are immutable: any number of threads may query one.\n"
    "They pickle as their body and options, and are parsed again on load.";

static PyObject *document_new(PyTypeObject *type, PyObject *args,
                              PyObject *kwds) {
    static char *kwlist[] = {"body",
                             "profile",
                             "parse_limit",
                             "memory_cap",
                             "content_usage_ends_group",
                             "skip_diagnostics",
                             NULL};
    PyObject *body_obj, *profile_obj = NULL, *limit_obj = NULL;
    PyObject *cap_obj = NULL, *body;
    int ends_group = 0, skip_diagnostics = 0;
    robots_options options;
    robots_status st;
    robots_txt *doc = NULL;
    rbp_document *self;
    PyThreadState *ts;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OOOpp:Document", kwlist,
                                     &body_obj, &profile_obj, &limit_obj,
                                     &cap_obj, &ends_group, &skip_diagnostics))
        return NULL;
    robots_options_init(&options);
    options.content_usage_ends_group = ends_group != 0;
    options.skip_diagnostics = skip_diagnostics != 0;
    if ((profile_obj != NULL &&
         rbp_profile_arg(profile_obj, &options.profile) < 0) ||
        (limit_obj != NULL &&
         rbp_size_arg(limit_obj, "parse_limit", &options.parse_limit) < 0) ||
        (cap_obj != NULL &&
         rbp_size_arg(cap_obj, "memory_cap", &options.memory_cap) < 0))
        return NULL;
    body = rbp_body_arg(body_obj);
    if (body == NULL)
        return NULL;
    ts = PyEval_SaveThread();
    st = robots_parse(PyBytes_AS_STRING(body), (size_t)PyBytes_GET_SIZE(body),
                      &options, &doc);
    PyEval_RestoreThread(ts);
    if (st != ROBOTS_OK) {
        size_t got = (size_t)PyBytes_GET_SIZE(body);
        Py_DECREF(body);
        if (st != ROBOTS_ERR_MEMORY_CAP)
            return rbp_raise(st, "body", got);
        /* Which cap, and what the body may need. */
        return rbp_raise_message(
            st, PyUnicode_FromFormat(
                    "body: the memory cap set in the options was reached "
                    "(memory_cap = %zu bytes; a body of %zu bytes may need "
                    "up to %zu, robots_parse_memory_bound())",
                    options.memory_cap, got, robots_parse_memory_bound(got)));
    }
    self = (rbp_document *)type->tp_alloc(type, 0);
    if (self == NULL) {
        robots_free(doc);
        Py_DECREF(body);
        return NULL;
    }
    self->doc = doc;
    self->body = body;
    self->profile = options.profile;
    self->parse_limit = options.parse_limit;
    self->memory_cap = options.memory_cap;
    self->content_usage_ends_group = ends_group != 0;
    self->skip_diagnostics = skip_diagnostics != 0;
    return (PyObject *)self;
}

static void document_dealloc(rbp_document *self) {
    robots_free(self->doc);
    Py_XDECREF(self->body);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Reads (agents, url) of check() and allowed() and checks. Returns 0 with
 * *v filled, or -1 with an exception set. */
static int check_args(rbp_document *self, PyObject *const *args,
                      Py_ssize_t nargs, const char *name, robots_verdict *v) {
    rbp_agents agents;
    rbp_text url = {NULL, 0};
    robots_status st;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError,
                     "%s() takes 2 arguments (agents, url) (%zd given)", name,
                     nargs);
        return -1;
    }
    if (rbp_agents_arg(args[0], &agents) < 0)
        return -1;
    if (rbp_text_arg(args[1], "url", 1, &url) < 0) {
        Py_XDECREF(agents.keep);
        return -1;
    }
    st = robots_check(self->doc, agents.names, agents.count, url.ptr, url.len,
                      v);
    if (st != ROBOTS_OK)
        rbp_check_error(st, args[0], &agents, &url, "url");
    Py_XDECREF(agents.keep);
    return st == ROBOTS_OK ? 0 : -1;
}

static PyObject *document_check(rbp_document *self, PyObject *const *args,
                                Py_ssize_t nargs) {
    robots_verdict v;
    if (check_args(self, args, nargs, "check", &v) < 0)
        return NULL;
    return rbp_verdict_new(&v, (PyObject *)self);
}

static PyObject *document_allowed(rbp_document *self, PyObject *const *args,
                                  Py_ssize_t nargs) {
    robots_verdict v;
    if (check_args(self, args, nargs, "allowed", &v) < 0)
        return NULL;
    return PyBool_FromLong(v.allowed);
}

/* A robots_query for the agents, made with the GIL released (it may
 * compile the document's sets). NULL with an exception set on failure. */
static robots_query *new_query(rbp_document *self, PyObject *agents_obj) {
    rbp_agents agents;
    robots_query *query = NULL;
    robots_status st;
    PyThreadState *ts;
    if (rbp_agents_arg(agents_obj, &agents) < 0)
        return NULL;
    ts = PyEval_SaveThread();
    st = robots_query_new(self->doc, agents.names, agents.count, &query);
    PyEval_RestoreThread(ts);
    if (st != ROBOTS_OK) {
        rbp_text none = {NULL, 0};
        rbp_check_error(st, agents_obj, &agents, &none, "agents");
    }
    Py_XDECREF(agents.keep);
    return query;
}

static PyObject *check_many(rbp_document *self, PyObject *const *args,
                            Py_ssize_t nargs, const char *name,
                            int want_verdicts) {
    robots_query *query;
    PyObject *result;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError,
                     "%s() takes 2 arguments (agents, urls) (%zd given)", name,
                     nargs);
        return NULL;
    }
    query = new_query(self, args[0]);
    if (query == NULL)
        return NULL;
    result = rbp_check_many((PyObject *)self, query, args[1], want_verdicts);
    robots_query_free(query);
    return result;
}

static PyObject *document_check_many(rbp_document *self, PyObject *const *args,
                                     Py_ssize_t nargs) {
    return check_many(self, args, nargs, "check_many", 1);
}

static PyObject *document_allowed_many(rbp_document *self,
                                       PyObject *const *args,
                                       Py_ssize_t nargs) {
    return check_many(self, args, nargs, "allowed_many", 0);
}

static PyObject *document_query(rbp_document *self, PyObject *agents) {
    return PyObject_CallFunctionObjArgs((PyObject *)&rbp_query_type, self,
                                        agents, NULL);
}

/* robots_select_group() for the agents: 0, or -1 with an exception. */
static int select_group(rbp_document *self, PyObject *agents_obj, size_t *group,
                        int *specific) {
    rbp_agents agents;
    robots_status st;
    if (rbp_agents_arg(agents_obj, &agents) < 0)
        return -1;
    st = robots_select_group(self->doc, agents.names, agents.count, group,
                             specific);
    if (st != ROBOTS_OK) {
        rbp_text none = {NULL, 0};
        rbp_check_error(st, agents_obj, &agents, &none, "agents");
    }
    Py_XDECREF(agents.keep);
    return st == ROBOTS_OK ? 0 : -1;
}

static PyObject *document_select_group(rbp_document *self, PyObject *agents) {
    size_t group = ROBOTS_NO_POSITION;
    int specific = 0;
    if (select_group(self, agents, &group, &specific) < 0)
        return NULL;
    return Py_BuildValue("(NN)", rbp_position(group),
                         PyBool_FromLong(specific));
}

/* The crawl-delay of the agents: the first, in file order, of the groups
 * a check of them reads (robots_select_groups(): rfc9309 and google merge
 * every group naming an agent), or None. */
static PyObject *document_crawl_delay(rbp_document *self,
                                      PyObject *agents_obj) {
    rbp_agents agents;
    size_t needed = 0, *groups = NULL;
    int specific = 0;
    if (rbp_agents_arg(agents_obj, &agents) < 0)
        return NULL;
    robots_status st = robots_select_groups(
        self->doc, agents.names, agents.count, NULL, 0, &needed, &specific);
    if (st == ROBOTS_ERR_BUFFER_TOO_SMALL) {
        groups = PyMem_Malloc(needed * sizeof *groups);
        if (groups == NULL) {
            Py_XDECREF(agents.keep);
            return PyErr_NoMemory();
        }
        st = robots_select_groups(self->doc, agents.names, agents.count, groups,
                                  needed, &needed, &specific);
    }
    if (st != ROBOTS_OK) {
        rbp_text none = {NULL, 0};
        rbp_check_error(st, agents_obj, &agents, &none, "agents");
        PyMem_Free(groups);
        Py_XDECREF(agents.keep);
        return NULL;
    }
    Py_XDECREF(agents.keep);
    PyObject *result = NULL;
    for (size_t i = 0; i < needed && result == NULL; i++) {
        robots_group_info info;
        if (robots_group(self->doc, groups[i], &info) == ROBOTS_OK &&
            info.has_crawl_delay)
            result = PyFloat_FromDouble(info.crawl_delay);
    }
    PyMem_Free(groups);
    if (result == NULL)
        Py_RETURN_NONE;
    return result;
}

static PyObject *document_reduce(rbp_document *self,
                                 PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(O(OsNNNN))", Py_TYPE(self), self->body,
                         robots_profile_name(self->profile),
                         PyLong_FromSize_t(self->parse_limit),
                         PyLong_FromSize_t(self->memory_cap),
                         PyBool_FromLong(self->content_usage_ends_group),
                         PyBool_FromLong(self->skip_diagnostics));
}

/* Immutable: a copy is the document itself. */
static PyObject *document_copy(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    return rbp_ref(self);
}

static PyObject *document_repr(rbp_document *self) {
    robots_cut_info cut;
    robots_txt_cut(self->doc, &cut);
    return PyUnicode_FromFormat(
        "<librobots.Document %s: %zu bytes, %zu groups, %zu sitemaps%s>",
        robots_profile_name(self->profile), robots_txt_input_bytes(self->doc),
        robots_group_count(self->doc), robots_sitemap_count(self->doc),
        cut.truncated ? ", cut at the parse limit" : "");
}

static PyObject *get_profile(rbp_document *self, void *closure) {
    (void)closure;
    return rbp_name(robots_profile_name(self->profile));
}

static PyObject *get_body(rbp_document *self, void *closure) {
    (void)closure;
    return rbp_ref(self->body);
}

static PyObject *get_parse_limit(rbp_document *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(self->parse_limit);
}

static PyObject *get_memory_cap(rbp_document *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(self->memory_cap);
}

static PyObject *get_parsed_bytes(rbp_document *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(robots_txt_parsed_bytes(self->doc));
}

static PyObject *get_input_bytes(rbp_document *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(robots_txt_input_bytes(self->doc));
}

static PyObject *get_memory_used(rbp_document *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(robots_txt_memory_used(self->doc));
}

static PyObject *get_truncated(rbp_document *self, void *closure) {
    robots_cut_info cut;
    (void)closure;
    robots_txt_cut(self->doc, &cut);
    return PyBool_FromLong(cut.truncated);
}

static PyObject *get_diagnostic_total(rbp_document *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(robots_diagnostic_total(self->doc));
}

static PyMethodDef document_methods[] = {
    {"check", (PyCFunction)(void (*)(void))document_check, METH_FASTCALL,
     "check(agents, url, /) -> Verdict\n--\n\n"
     "May the agent fetch url? agents: one name (str or bytes) or a list or\n"
     "tuple of 1 to MAX_QUERY_AGENTS names (a group naming any of them\n"
     "applies). url: an absolute URL or a path, str (sent as UTF-8) or\n"
     "bytes. The Verdict says why: the reason, the deciding rule's line,\n"
     "pattern and kind, the group. Raises librobots.Error (a ValueError)\n"
     "for a URL that is neither a path nor an absolute URL (google: any\n"
     "string is read), past MAX_URL_BYTES, more than MAX_QUERY_AGENTS\n"
     "names or one past MAX_AGENT_BYTES; ValueError for a NUL byte or a\n"
     "lone surrogate; TypeError for other types."},
    {"allowed", (PyCFunction)(void (*)(void))document_allowed, METH_FASTCALL,
     "allowed(agents, url, /) -> bool\n--\n\n"
     "check(agents, url).allowed, without making the Verdict."},
    {"check_many", (PyCFunction)(void (*)(void))document_check_many,
     METH_FASTCALL,
     "check_many(agents, urls, /) -> list[Verdict]\n--\n\n"
     "check() for every URL of the iterable urls, the agents resolved once\n"
     "(robots_query). The GIL is released while the library checks. An\n"
     "invalid URL raises, naming its index (urls[i])."},
    {"allowed_many", (PyCFunction)(void (*)(void))document_allowed_many,
     METH_FASTCALL,
     "allowed_many(agents, urls, /) -> list[bool]\n--\n\n"
     "check_many() giving only each verdict's allowed."},
    {"usage", (PyCFunction)(void (*)(void))rbp_document_usage,
     METH_VARARGS | METH_KEYWORDS,
     "usage(agent, url, content_usage=None) -> Usage\n--\n\n"
     "The AI usage preferences of url for the crawler named agent, one\n"
     "name or a list or tuple of a crawler's names as check() takes them:\n"
     "robots_usage_agents(), and with content_usage (the lines of the\n"
     "response's Content-Usage field) robots_usage_combine_field()."},
    {"query", (PyCFunction)document_query, METH_O,
     "query(agents, /) -> Query\n--\n\n"
     "The agents resolved against this document once, to check many URLs\n"
     "(Query(self, agents))."},
    {"select_group", (PyCFunction)document_select_group, METH_O,
     "select_group(agents, /) -> tuple[int | None, bool]\n--\n\n"
     "The group the agents would use, as check() chooses it: the index of\n"
     "the first group that applies (None when none does) and whether it\n"
     "names one of the agents (False for the '*' group)."},
    {"crawl_delay", (PyCFunction)document_crawl_delay, METH_O,
     "crawl_delay(agents, /) -> float | None\n--\n\n"
     "The crawl-delay, in seconds, that applies to the agents: the first,\n"
     "in file order, of the groups a check of them reads (rfc9309 and\n"
     "google merge every group naming an agent). None when none of them\n"
     "has one or no group applies. Document.crawl_delays lists each\n"
     "group's."},
    {"__reduce__", (PyCFunction)document_reduce, METH_NOARGS,
     "Pickles as Document(body, profile, parse_limit, memory_cap,\n"
     "content_usage_ends_group, skip_diagnostics)."},
    {"__copy__", document_copy, METH_NOARGS, "Immutable: the document."},
    {"__deepcopy__", document_copy, METH_O, "Immutable: the document."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef document_getset[] = {
    {"profile", (getter)get_profile, NULL,
     "The profile it was parsed for: 'rfc9309', 'google' or 'legacy'.", NULL},
    {"body", (getter)get_body, NULL, "The bytes that were parsed.", NULL},
    {"parse_limit", (getter)get_parse_limit, NULL,
     "The parse limit it was parsed with (0: none).", NULL},
    {"memory_cap", (getter)get_memory_cap, NULL,
     "The memory cap it was parsed with (0: none).", NULL},
    {"parsed_bytes", (getter)get_parsed_bytes, NULL,
     "Bytes of the body that were read (up to the parse limit).", NULL},
    {"input_bytes", (getter)get_input_bytes, NULL, "Bytes of the body given.",
     NULL},
    {"memory_used", (getter)get_memory_used, NULL,
     "Bytes the document holds, its compiled indexes included.", NULL},
    {"truncated", (getter)get_truncated, NULL,
     "True when the parse limit cut the body (see cut).", NULL},
    {"cut", (getter)rbp_document_cut, NULL,
     "Where the parse limit cut the body (Cut), or None.", NULL},
    {"groups", (getter)rbp_document_groups, NULL,
     "The groups in file order: tuple[Group] with their agents, rules and "
     "crawl-delay.",
     NULL},
    {"sitemaps", (getter)rbp_document_sitemaps, NULL,
     "The sitemap records, in file order: tuple[Record].", NULL},
    {"extensions", (getter)rbp_document_extensions, NULL,
     "Records with a key the profile does not act on (crawl-delay, host, "
     "...), in file order: tuple[Record].",
     NULL},
    {"crawl_delays", (getter)rbp_document_crawl_delays, NULL,
     "Each group's valid crawl-delay: tuple[CrawlDelay].", NULL},
    {"diagnostics", (getter)rbp_document_diagnostics, NULL,
     "What was odd about the file: tuple[Diagnostic] (at most "
     "MAX_DIAGNOSTICS + 1 are kept).",
     NULL},
    {"diagnostic_total", (getter)get_diagnostic_total, NULL,
     "Diagnostics found, those not kept included.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject rbp_document_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "librobots.Document",
    .tp_basicsize = sizeof(rbp_document),
    .tp_dealloc = (destructor)document_dealloc,
    .tp_repr = (reprfunc)document_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = document_doc,
    .tp_methods = document_methods,
    .tp_getset = document_getset,
    .tp_new = document_new,
};
