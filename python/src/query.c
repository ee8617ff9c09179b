/* SPDX-License-Identifier: MIT */
/*
 * query.c - librobots.Query (robots_query: agents resolved against a
 * document once) and the batch check Document and Query share. A batch
 * takes the URLs a chunk at a time: it holds a reference to each URL of
 * the chunk, releases the GIL while the library checks them, then makes
 * the results. So any iterable works, memory stays bounded by the chunk,
 * and other threads run while the library works.
 */
#include "binding.h"

#include <stdio.h>

/* URLs checked per release of the GIL. */
#define CHUNK_URLS 256

typedef struct rbp_query {
    PyObject ob_base; /* PyObject_HEAD */
    robots_query *query;
    PyObject *document; /* must outlive the query */
    PyObject *agents;   /* as given, for pickling and repr */
} rbp_query;

typedef struct chunk {
    PyObject *items[CHUNK_URLS];
    rbp_text urls[CHUNK_URLS];
    robots_verdict verdicts[CHUNK_URLS];
} chunk;

/* Appends the results of the chunk's first n URLs to `out`. */
static int append_results(PyObject *out, PyObject *owner, const chunk *c,
                          size_t n, int want_verdicts) {
    size_t i;
    for (i = 0; i < n; i++) {
        PyObject *r = want_verdicts ? rbp_verdict_new(&c->verdicts[i], owner)
                                    : PyBool_FromLong(c->verdicts[i].allowed);
        if (r == NULL || PyList_Append(out, r) < 0) {
            Py_XDECREF(r);
            return -1;
        }
        Py_DECREF(r);
    }
    return 0;
}

PyObject *rbp_check_many(PyObject *owner, const robots_query *query,
                         PyObject *urls, int want_verdicts) {
    PyObject *it, *out = NULL;
    chunk *c;
    size_t base = 0, n = 0, i;
    char what[48];
    if (PyUnicode_Check(urls) || PyBytes_Check(urls)) {
        PyErr_Format(PyExc_TypeError,
                     "urls must be an iterable of URLs, not a single %.100s",
                     Py_TYPE(urls)->tp_name);
        return NULL;
    }
    it = PyObject_GetIter(urls);
    if (it == NULL)
        return NULL;
    c = PyMem_Malloc(sizeof *c);
    if (c == NULL) {
        Py_DECREF(it);
        return PyErr_NoMemory();
    }
    out = PyList_New(0);
    if (out == NULL)
        goto fail;
    for (;;) {
        robots_status st = ROBOTS_OK;
        size_t bad = 0;
        PyThreadState *ts;
        PyObject *item;
        n = 0;
        while (n < CHUNK_URLS && (item = PyIter_Next(it)) != NULL) {
            c->items[n++] = item;
            if (rbp_text_arg(item, "url", 1, &c->urls[n - 1]) < 0) {
                /* Again, to name the URL by its index: the error is the
                 * same, as the object is. */
                PyErr_Clear();
                snprintf(what, sizeof what, "urls[%zu]", base + n - 1);
                rbp_text_arg(item, what, 1, &c->urls[n - 1]);
                goto fail;
            }
        }
        if (PyErr_Occurred())
            goto fail;
        if (n == 0)
            break;
        ts = PyEval_SaveThread();
        for (i = 0; i < n; i++) {
            st = robots_query_check(query, c->urls[i].ptr, c->urls[i].len,
                                    &c->verdicts[i]);
            if (st != ROBOTS_OK) {
                bad = i;
                break;
            }
        }
        PyEval_RestoreThread(ts);
        if (st != ROBOTS_OK) {
            snprintf(what, sizeof what, "urls[%zu]", base + bad);
            rbp_raise(st, what,
                      st == ROBOTS_ERR_URL_TOO_LONG ? c->urls[bad].len : 0);
            goto fail;
        }
        if (append_results(out, owner, c, n, want_verdicts) < 0)
            goto fail;
        for (i = 0; i < n; i++)
            Py_DECREF(c->items[i]);
        base += n;
    }
    Py_DECREF(it);
    PyMem_Free(c);
    return out;
fail:
    for (i = 0; i < n; i++)
        Py_DECREF(c->items[i]);
    Py_XDECREF(out);
    Py_DECREF(it);
    PyMem_Free(c);
    return NULL;
}

static PyObject *query_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"document", "agents", NULL};
    PyObject *document, *agents_obj;
    rbp_agents agents;
    robots_query *query = NULL;
    robots_status st;
    rbp_query *self;
    PyThreadState *ts;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O:Query", kwlist,
                                     &rbp_document_type, &document,
                                     &agents_obj))
        return NULL;
    if (rbp_agents_arg(agents_obj, &agents) < 0)
        return NULL;
    /* It may compile the document's sets for these agents. */
    ts = PyEval_SaveThread();
    st = robots_query_new(((rbp_document *)document)->doc, agents.names,
                          agents.count, &query);
    PyEval_RestoreThread(ts);
    Py_XDECREF(agents.keep);
    if (st != ROBOTS_OK) {
        size_t given = st == ROBOTS_ERR_TOO_MANY_AGENTS
                           ? (size_t)PyObject_Length(agents_obj)
                           : 0;
        return rbp_raise(st, "agents", given);
    }
    self = (rbp_query *)type->tp_alloc(type, 0);
    if (self == NULL) {
        robots_query_free(query);
        return NULL;
    }
    self->query = query;
    self->document = rbp_ref(document);
    self->agents = rbp_ref(agents_obj);
    return (PyObject *)self;
}

static void query_dealloc(rbp_query *self) {
    robots_query_free(self->query);
    Py_XDECREF(self->document);
    Py_XDECREF(self->agents);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One URL through the query: 0 with *v, or -1 with an exception. */
static int check_one(rbp_query *self, PyObject *url_obj, robots_verdict *v) {
    rbp_text url = {NULL, 0};
    robots_status st;
    if (rbp_text_arg(url_obj, "url", 1, &url) < 0)
        return -1;
    st = robots_query_check(self->query, url.ptr, url.len, v);
    if (st != ROBOTS_OK) {
        rbp_raise(st, "url", st == ROBOTS_ERR_URL_TOO_LONG ? url.len : 0);
        return -1;
    }
    return 0;
}

static PyObject *query_check(rbp_query *self, PyObject *url) {
    robots_verdict v;
    if (check_one(self, url, &v) < 0)
        return NULL;
    return rbp_verdict_new(&v, self->document);
}

static PyObject *query_allowed(rbp_query *self, PyObject *url) {
    robots_verdict v;
    if (check_one(self, url, &v) < 0)
        return NULL;
    return PyBool_FromLong(v.allowed);
}

static PyObject *query_check_many(rbp_query *self, PyObject *urls) {
    return rbp_check_many(self->document, self->query, urls, 1);
}

static PyObject *query_allowed_many(rbp_query *self, PyObject *urls) {
    return rbp_check_many(self->document, self->query, urls, 0);
}

static PyObject *query_reduce(rbp_query *self, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(O(OO))", Py_TYPE(self), self->document,
                         self->agents);
}

static PyObject *query_repr(rbp_query *self) {
    return PyUnicode_FromFormat("<librobots.Query %R of %R>", self->agents,
                                self->document);
}

static PyObject *get_document(rbp_query *self, void *closure) {
    (void)closure;
    return rbp_ref(self->document);
}

static PyObject *get_agents(rbp_query *self, void *closure) {
    (void)closure;
    return rbp_ref(self->agents);
}

static PyMethodDef query_methods[] = {
    {"check", (PyCFunction)query_check, METH_O,
     "check(url, /) -> Verdict\n--\n\nDocument.check() for the query's "
     "agents."},
    {"allowed", (PyCFunction)query_allowed, METH_O,
     "allowed(url, /) -> bool\n--\n\nDocument.allowed() for the query's "
     "agents."},
    {"check_many", (PyCFunction)query_check_many, METH_O,
     "check_many(urls, /) -> list[Verdict]\n--\n\n"
     "Document.check_many() for the query's agents (the GIL is released)."},
    {"allowed_many", (PyCFunction)query_allowed_many, METH_O,
     "allowed_many(urls, /) -> list[bool]\n--\n\n"
     "Document.allowed_many() for the query's agents."},
    {"__reduce__", (PyCFunction)query_reduce, METH_NOARGS,
     "Pickles as Query(document, agents)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef query_getset[] = {
    {"document", (getter)get_document, NULL, "The document it checks against.",
     NULL},
    {"agents", (getter)get_agents, NULL, "The agents, as given.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject rbp_query_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "librobots.Query",
    .tp_basicsize = sizeof(rbp_query),
    .tp_dealloc = (destructor)query_dealloc,
    .tp_repr = (reprfunc)query_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Query(document, agents)\n--\n\n"
              "The agents resolved against the document once, so that each "
              "check costs only the URL's part. Immutable; any number of "
              "threads may check through one. Its checks give the verdicts "
              "of Document.check().",
    .tp_methods = query_methods,
    .tp_getset = query_getset,
    .tp_new = query_new,
};
