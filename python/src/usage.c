/* SPDX-License-Identifier: MIT */
/*
 * usage.c - AI usage preferences (robots_usage.h) in Python:
 * Document.usage(agent, url, content_usage=None), for one name or a
 * crawler's several (robots_usage_agents()), which returns a
 * librobots.Usage (robots_usage_result as a struct sequence), the
 * vocabulary's labels (USAGE_LABELS) and the HTTP Content-Usage field read
 * alone (usage_field()). Every value is the library's: labels and signals
 * by their names, a URL that may not be crawled with labels None (no
 * preferences, which is not "unknown").
 */
#include "binding.h"
#include "robots_usage.h"

/* Field lines of content_usage taken at most (as the C runner and the
 * robots command: a response has few). */
#define USAGE_MAX_FIELD_LINES 64

static PyTypeObject *usage_type, *unknown_label_type, *field_type;

/* {name(i): value name} for i < n. */
static PyObject *values_dict(const robots_usage_value *values, size_t n,
                             const char *(*name_of)(size_t)) {
    PyObject *d = PyDict_New();
    size_t i;
    if (d == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *v = rbp_name(robots_usage_value_name(values[i]));
        if (v == NULL || PyDict_SetItemString(d, name_of(i), v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(v);
    }
    return d;
}

static const char *signal_name_at(size_t i) {
    return robots_signal_name((robots_signal)i);
}

static PyObject *labels_of(const robots_usage_value *values) {
    return values_dict(values, robots_usage_label_count(), robots_usage_label);
}

/* A scope's signals, or None. */
static PyObject *signals_of(int has, const robots_usage_value *signal) {
    if (!has)
        Py_RETURN_NONE;
    return values_dict(signal, ROBOTS_SIGNAL_LAST + 1, signal_name_at);
}

/* A scope's signals read as labels (robots_signal_to_usage()), or None. */
static PyObject *signal_labels_of(int has, const robots_usage_value *signal) {
    robots_usage_value labels[ROBOTS_USAGE_MAX_LABELS];
    if (!has)
        Py_RETURN_NONE;
    if (robots_signal_to_usage(signal, labels) != ROBOTS_OK)
        return rbp_raise(ROBOTS_ERR_INVALID_ARGUMENT, "signal", 0);
    return labels_of(labels);
}

static PyObject *line_or_none(int has, size_t line) {
    if (!has)
        Py_RETURN_NONE;
    return PyLong_FromSize_t(line);
}

/* The unknown labels of the deciding lines, each an UnknownLabel(line,
 * label, status). */
static PyObject *unknown_labels_of(const robots_txt *doc,
                                   const robots_usage_result *r) {
    static const char *const statuses[] = {"unknown", "obsolete", "proposed"};
    size_t shown = r->line_count < ROBOTS_USAGE_MAX_LINES
                       ? r->line_count
                       : ROBOTS_USAGE_MAX_LINES;
    size_t l, k;
    PyObject *out = PyList_New(0), *t;
    if (out == NULL)
        return NULL;
    for (l = 0; l < shown; l++) {
        for (k = 0;; k++) {
            char buf[ROBOTS_MAX_LINE_BYTES + 1];
            size_t needed = 0;
            int status = 0;
            PyObject *rec;
            if (robots_usage_unknown_label(doc, r->lines[l], k, buf, sizeof buf,
                                           &needed, &status) != ROBOTS_OK)
                break;
            rec = rbp_record(
                unknown_label_type, 3, PyLong_FromSize_t(r->lines[l]),
                rbp_str(buf, needed < sizeof buf ? needed : 0),
                rbp_name(statuses[status >= 0 && status <= 2 ? status : 0]));
            if (rec == NULL || PyList_Append(out, rec) < 0) {
                Py_XDECREF(rec);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(rec);
        }
    }
    t = PyList_AsTuple(out);
    Py_DECREF(out);
    return t;
}

static PyObject *lines_of(const robots_usage_result *r) {
    size_t shown = r->line_count < ROBOTS_USAGE_MAX_LINES
                       ? r->line_count
                       : ROBOTS_USAGE_MAX_LINES;
    PyObject *t = PyTuple_New((Py_ssize_t)shown);
    size_t i;
    if (t == NULL)
        return NULL;
    for (i = 0; i < shown; i++) {
        PyObject *v = PyLong_FromSize_t(r->lines[i]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)i, v);
    }
    return t;
}

/* {label: ('header', 'file')}: where each label's value came from (bit i
 * of file_labels and field_labels), in the order the CLI's JSON gives. */
static PyObject *sources_of(const robots_usage_result *r) {
    PyObject *d = PyDict_New();
    size_t i;
    if (d == NULL)
        return NULL;
    for (i = 0; i < r->label_count; i++) {
        size_t bit = (size_t)1 << i;
        int field = (r->field_labels & bit) != 0;
        int file = (r->file_labels & bit) != 0;
        PyObject *t = field && file ? Py_BuildValue("(ss)", "header", "file")
                      : field       ? Py_BuildValue("(s)", "header")
                      : file        ? Py_BuildValue("(s)", "file")
                                    : PyTuple_New(0);
        if (t == NULL ||
            PyDict_SetItemString(d, robots_usage_label(i), t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(t);
    }
    return d;
}

static PyObject *usage_record(rbp_document *self,
                              const robots_usage_result *r) {
    PyObject *labels;
    if (r->crawlable) {
        labels = labels_of(r->values);
    } else {
        labels = Py_None;
        Py_INCREF(labels);
    }
    return rbp_record(
        usage_type, 15, PyBool_FromLong(r->crawlable),
        rbp_verdict_new(&r->verdict, (PyObject *)self), labels, lines_of(r),
        PyLong_FromSize_t(r->line_count), PyLong_FromSize_t(r->pattern_len),
        unknown_labels_of(self->doc, r), PyLong_FromSize_t(r->malformed_lines),
        signals_of(r->has_signal, r->signal),
        signal_labels_of(r->has_signal, r->signal),
        line_or_none(r->has_signal, r->signal_line),
        signals_of(r->has_file_signal, r->file_signal),
        signal_labels_of(r->has_file_signal, r->file_signal),
        line_or_none(r->has_file_signal, r->file_signal_line), sources_of(r));
}

/* The field lines of content_usage: one str or bytes, or an iterable of
 * them, into lines[] (pointing into *keep, a tuple the caller releases).
 * Returns the count, or -1 with an exception set. */
static Py_ssize_t field_lines(PyObject *obj, robots_str *lines,
                              PyObject **keep) {
    Py_ssize_t n, i;
    *keep = NULL;
    if (PyUnicode_Check(obj) || PyBytes_Check(obj))
        *keep = PyTuple_Pack(1, obj);
    else
        *keep = PySequence_Tuple(obj);
    if (*keep == NULL)
        return -1;
    n = PyTuple_GET_SIZE(*keep);
    if (n > USAGE_MAX_FIELD_LINES) {
        PyErr_Format(PyExc_ValueError,
                     "content_usage: at most %d field lines, not %zd",
                     USAGE_MAX_FIELD_LINES, n);
        return -1;
    }
    for (i = 0; i < n; i++) {
        rbp_text text;
        char what[40];
        PyOS_snprintf(what, sizeof what, "content_usage[%zd]", i);
        if (rbp_text_arg(PyTuple_GET_ITEM(*keep, i), what, 1, &text) < 0)
            return -1;
        lines[i].ptr = text.ptr;
        lines[i].len = text.len;
    }
    return n;
}

PyObject *rbp_document_usage(rbp_document *self, PyObject *args,
                             PyObject *kwds) {
    static char *kwlist[] = {"agent", "url", "content_usage", NULL};
    PyObject *agent_obj, *url_obj, *field_obj = Py_None, *keep = NULL;
    robots_str lines[USAGE_MAX_FIELD_LINES];
    Py_ssize_t count = 0;
    rbp_agents agents;
    rbp_text url = {NULL, 0};
    robots_usage_result r;
    robots_status st;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|O:usage", kwlist,
                                     &agent_obj, &url_obj, &field_obj))
        return NULL;
    /* One name, or a crawler's several names as check() takes them. */
    if (rbp_agents_arg(agent_obj, &agents) < 0)
        return NULL;
    if (rbp_text_arg(url_obj, "url", 1, &url) < 0 ||
        (field_obj != Py_None &&
         (count = field_lines(field_obj, lines, &keep)) < 0)) {
        Py_XDECREF(keep);
        Py_XDECREF(agents.keep);
        return NULL;
    }
    st = robots_usage_agents(self->doc, agents.names, agents.count, url.ptr,
                             url.len, &r);
    if (st == ROBOTS_OK && field_obj != Py_None)
        st = robots_usage_combine_field(&r, lines, (size_t)count, NULL);
    Py_XDECREF(keep);
    if (st == ROBOTS_ERR_TOO_MANY_AGENTS || st == ROBOTS_ERR_AGENT_TOO_LONG ||
        st == ROBOTS_ERR_URL_TOO_LONG || st == ROBOTS_ERR_URL_INVALID)
        rbp_check_error(st, agent_obj, &agents, &url, "url");
    else if (st != ROBOTS_OK)
        rbp_raise(st, "usage", 0);
    Py_XDECREF(agents.keep);
    return st == ROBOTS_OK ? usage_record(self, &r) : NULL;
}

/* usage_field(lines): the HTTP Content-Usage field read alone. */
static PyObject *usage_field(PyObject *module, PyObject *obj) {
    robots_str lines[USAGE_MAX_FIELD_LINES];
    robots_usage_value values[ROBOTS_USAGE_MAX_LABELS];
    PyObject *keep = NULL;
    int malformed = 0;
    robots_status st;
    Py_ssize_t count = field_lines(obj, lines, &keep);
    (void)module;
    if (count < 0) {
        Py_XDECREF(keep);
        return NULL;
    }
    st = robots_usage_parse_field(lines, (size_t)count, NULL, values,
                                  &malformed);
    Py_DECREF(keep);
    if (st != ROBOTS_OK)
        return rbp_raise(st, "content_usage", 0);
    return rbp_record(field_type, 2, labels_of(values),
                      PyBool_FromLong(malformed));
}

static PyMethodDef usage_methods[] = {
    {"usage_field", usage_field, METH_O,
     "usage_field(lines) -> UsageField(labels, malformed)\n--\n\n"
     "The HTTP Content-Usage field of a response read alone: its lines (a\n"
     "str or bytes, or a sequence of them, at most 64) joined with ', ' and\n"
     "read as one RFC 9651 Dictionary (a key repeated on a later line keeps\n"
     "its last value); labels {label: 'allowed'|'disallowed'|'unknown'};\n"
     "malformed True when the field is no Dictionary (every label\n"
     "unknown)."},
    {NULL, NULL, 0, NULL},
};

static PyStructSequence_Field usage_fields[] = {
    {"crawlable", "True when robots_check() allows the URL for the agent"},
    {"verdict", "robots_check()'s Verdict for the agent and URL"},
    {"labels", "{label: 'allowed'|'disallowed'|'unknown'}; None when the URL "
               "may not be crawled (no preferences)"},
    {"lines", "the deciding Content-Usage lines, ascending (at most 16)"},
    {"line_count", "how many deciding lines there were in all"},
    {"pattern_len", "bytes of the deciding rules' normalised pattern"},
    {"unknown_labels", "UnknownLabel(line, label, status) of the deciding "
                       "lines"},
    {"malformed", "deciding statements that are no RFC 9651 Dictionary"},
    {"signal", "{signal: value} of the groups' Content-Signal, or None"},
    {"signal_labels", "that signal read as labels (the project's mapping)"},
    {"signal_line", "the first Content-Signal line of the groups, or None"},
    {"file_signal", "{signal: value} of a Content-Signal before any group"},
    {"file_signal_labels", "that signal read as labels"},
    {"file_signal_line", "its first line, or None"},
    {"sources", "{label: ('header', 'file')}: where each label's value came "
                "from, the HTTP field, the deciding lines or both (they "
                "agree); () when neither set it"},
    {NULL, NULL},
};
static PyStructSequence_Desc usage_desc = {
    "librobots.Usage",
    "The AI usage preferences of a URL for one crawler (robots_usage()).",
    usage_fields, 15};

static PyStructSequence_Field unknown_label_fields[] = {
    {"line", "the Content-Usage line"},
    {"label", "the key, as written"},
    {"status", "'obsolete' (an earlier draft's), 'proposed' or 'unknown'"},
    {NULL, NULL},
};
static PyStructSequence_Desc unknown_label_desc = {
    "librobots.UnknownLabel",
    "A key of a deciding statement that names no label (ignored).",
    unknown_label_fields, 3};

static PyStructSequence_Field field_fields[] = {
    {"labels", "{label: 'allowed'|'disallowed'|'unknown'}"},
    {"malformed", "True when the field is no RFC 9651 Dictionary"},
    {NULL, NULL},
};
static PyStructSequence_Desc field_desc = {
    "librobots.UsageField", "The HTTP Content-Usage field read alone.",
    field_fields, 2};

int rbp_usage_init(PyObject *module) {
    static const rbp_record_type types[] = {
        {&usage_type, &usage_desc},
        {&unknown_label_type, &unknown_label_desc},
        {&field_type, &field_desc},
    };
    size_t n = robots_usage_label_count(), i;
    PyObject *labels = PyTuple_New((Py_ssize_t)n);
    if (labels == NULL)
        return -1;
    for (i = 0; i < n; i++) {
        PyObject *s = rbp_name(robots_usage_label(i));
        if (s == NULL) {
            Py_DECREF(labels);
            return -1;
        }
        PyTuple_SET_ITEM(labels, (Py_ssize_t)i, s);
    }
    if (PyModule_AddObject(module, "USAGE_LABELS", labels) < 0) {
        Py_DECREF(labels);
        return -1;
    }
    if (rbp_add_record_types(module, types, sizeof types / sizeof types[0]) < 0)
        return -1;
    return PyModule_AddFunctions(module, usage_methods);
}
