/* SPDX-License-Identifier: MIT */
/*
 * convert.c - Python values to the library's inputs and back, and the
 * library's statuses to Python exceptions. Every argument of the extension
 * passes through here, so that a wrong type is a TypeError and a wrong
 * value a ValueError that names the argument and the limit, never a crash.
 */
#include "binding.h"

#include <stdarg.h>
#include <string.h>

PyObject *rbp_error;

/* The limit a status names, for its message. */
static const char *limit_of(robots_status st, size_t *value) {
    switch (st) {
    case ROBOTS_ERR_TOO_LARGE:
        *value = ROBOTS_MAX_INPUT_BYTES;
        return "ROBOTS_MAX_INPUT_BYTES";
    case ROBOTS_ERR_URL_TOO_LONG:
        *value = ROBOTS_MAX_URL_BYTES;
        return "ROBOTS_MAX_URL_BYTES";
    case ROBOTS_ERR_TOO_MANY_AGENTS:
        *value = ROBOTS_MAX_QUERY_AGENTS;
        return "ROBOTS_MAX_QUERY_AGENTS";
    case ROBOTS_ERR_AGENT_TOO_LONG:
        *value = ROBOTS_MAX_AGENT_BYTES;
        return "ROBOTS_MAX_AGENT_BYTES";
    default:
        *value = 0;
        return NULL;
    }
}

PyObject *rbp_raise_message(robots_status st, PyObject *msg) {
    const char *name = robots_status_name(st);
    PyObject *exc, *status;
    if (msg == NULL)
        return NULL;
    exc = PyObject_CallOneArg(rbp_error, msg);
    Py_DECREF(msg);
    if (exc == NULL)
        return NULL;
    status = PyUnicode_FromString(name != NULL ? name : "unknown");
    if (status == NULL || PyObject_SetAttrString(exc, "status", status) < 0) {
        Py_XDECREF(status);
        Py_DECREF(exc);
        return NULL;
    }
    Py_DECREF(status);
    PyErr_SetObject(rbp_error, exc);
    Py_DECREF(exc);
    return NULL;
}

PyObject *rbp_raise(robots_status st, const char *what, size_t got) {
    size_t limit = 0;
    const char *limit_name = limit_of(st, &limit);
    PyObject *msg;
    if (st == ROBOTS_ERR_NO_MEMORY)
        return PyErr_NoMemory();
    if (limit_name != NULL && got != 0)
        msg = PyUnicode_FromFormat("%s: %s (%s = %zu; given: %zu)", what,
                                   robots_status_message(st), limit_name, limit,
                                   got);
    else if (limit_name != NULL)
        msg =
            PyUnicode_FromFormat("%s: %s (%s = %zu)", what,
                                 robots_status_message(st), limit_name, limit);
    else
        msg = PyUnicode_FromFormat("%s: %s", what, robots_status_message(st));
    return rbp_raise_message(st, msg);
}

/* Replaces the UnicodeEncodeError of a str holding a lone surrogate by a
 * ValueError that names the argument, the code point and where it is. */
static int lone_surrogate(PyObject *obj, const char *what) {
    Py_ssize_t i, n = PyUnicode_GET_LENGTH(obj);
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
        return -1;
    for (i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ_CHAR(obj, i);
        if (c >= 0xD800 && c <= 0xDFFF) {
            PyErr_Format(PyExc_ValueError,
                         "%s: lone surrogate U+%04X at index %zd cannot be "
                         "encoded as UTF-8 (pass bytes for bytes that are not "
                         "text)",
                         what, (unsigned)c, i);
            return -1;
        }
    }
    return -1;
}

int rbp_text_arg(PyObject *obj, const char *what, int reject_nul,
                 rbp_text *out) {
    const char *nul;
    if (PyUnicode_Check(obj)) {
        Py_ssize_t len = 0;
        const char *p = PyUnicode_AsUTF8AndSize(obj, &len);
        if (p == NULL)
            return lone_surrogate(obj, what);
        out->ptr = p;
        out->len = (size_t)len;
    } else if (PyBytes_Check(obj)) {
        out->ptr = PyBytes_AS_STRING(obj);
        out->len = (size_t)PyBytes_GET_SIZE(obj);
    } else {
        PyErr_Format(PyExc_TypeError, "%s must be str or bytes, not %.100s",
                     what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (reject_nul && out->len > 0 &&
        (nul = memchr(out->ptr, '\0', out->len)) != NULL) {
        PyErr_Format(PyExc_ValueError, "%s: NUL byte at index %zd", what,
                     (Py_ssize_t)(nul - out->ptr));
        return -1;
    }
    return 0;
}

PyObject *rbp_body_arg(PyObject *obj) {
    Py_buffer view;
    PyObject *copy;
    if (PyBytes_Check(obj)) {
        if ((size_t)PyBytes_GET_SIZE(obj) > ROBOTS_MAX_INPUT_BYTES)
            return rbp_raise(ROBOTS_ERR_TOO_LARGE, "body",
                             (size_t)PyBytes_GET_SIZE(obj));
        return rbp_ref(obj);
    }
    if (PyUnicode_Check(obj)) {
        /* Each code point is at least one byte of UTF-8. */
        if ((size_t)PyUnicode_GET_LENGTH(obj) > ROBOTS_MAX_INPUT_BYTES)
            return rbp_raise(ROBOTS_ERR_TOO_LARGE, "body",
                             (size_t)PyUnicode_GET_LENGTH(obj));
        copy = PyUnicode_AsUTF8String(obj);
        if (copy == NULL) {
            lone_surrogate(obj, "body");
            return NULL;
        }
        if ((size_t)PyBytes_GET_SIZE(copy) > ROBOTS_MAX_INPUT_BYTES) {
            size_t got = (size_t)PyBytes_GET_SIZE(copy);
            Py_DECREF(copy);
            return rbp_raise(ROBOTS_ERR_TOO_LARGE, "body", got);
        }
        return copy;
    }
    if (!PyObject_CheckBuffer(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "body must be bytes or str (or a bytes-like object), "
                     "not %.100s",
                     Py_TYPE(obj)->tp_name);
        return NULL;
    }
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    if ((size_t)view.len > ROBOTS_MAX_INPUT_BYTES) {
        size_t got = (size_t)view.len;
        PyBuffer_Release(&view);
        return rbp_raise(ROBOTS_ERR_TOO_LARGE, "body", got);
    }
    copy = PyBytes_FromStringAndSize(view.buf, view.len);
    PyBuffer_Release(&view);
    return copy;
}

int rbp_agents_arg(PyObject *obj, rbp_agents *out) {
    Py_ssize_t n, i;
    out->count = 0;
    out->keep = NULL;
    if (PyUnicode_Check(obj) || PyBytes_Check(obj)) {
        rbp_text t = {NULL, 0};
        if (rbp_text_arg(obj, "agent", 1, &t) < 0)
            return -1;
        out->names[0].ptr = t.ptr;
        out->names[0].len = t.len;
        out->count = 1;
        return 0;
    }
    if (!PyList_Check(obj) && !PyTuple_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "agents must be str, bytes or a list or tuple of them, "
                     "not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    /* A tuple copy: a list changed by another thread cannot free a name
     * the library is reading. */
    out->keep = PySequence_Tuple(obj);
    if (out->keep == NULL)
        return -1;
    n = PyTuple_GET_SIZE(out->keep);
    if (n == 0) {
        PyErr_Format(PyExc_ValueError,
                     "agents: an empty list; a check needs 1 to %zu agent "
                     "names (ROBOTS_MAX_QUERY_AGENTS)",
                     ROBOTS_MAX_QUERY_AGENTS);
        goto fail;
    }
    if ((size_t)n > ROBOTS_MAX_QUERY_AGENTS + 1)
        n = (Py_ssize_t)ROBOTS_MAX_QUERY_AGENTS + 1;
    for (i = 0; i < n; i++) {
        rbp_text t = {NULL, 0};
        PyObject *item = PyTuple_GET_ITEM(out->keep, i);
        if (!PyUnicode_Check(item) && !PyBytes_Check(item)) {
            PyErr_Format(PyExc_TypeError,
                         "agents[%zd] must be str or bytes, not %.100s", i,
                         Py_TYPE(item)->tp_name);
            goto fail;
        }
        if (rbp_text_arg(item, "agent", 1, &t) < 0)
            goto fail;
        out->names[i].ptr = t.ptr;
        out->names[i].len = t.len;
    }
    out->count = (size_t)n;
    return 0;
fail:
    Py_CLEAR(out->keep);
    return -1;
}

/* Which argument a failed check or usage query names, and its size: the
 * agents' count, the longest name, or the URL's length. */
PyObject *rbp_check_error(robots_status st, PyObject *agents_obj,
                          const rbp_agents *agents, const rbp_text *url,
                          const char *url_what) {
    size_t longest = 0, i;
    switch (st) {
    case ROBOTS_ERR_TOO_MANY_AGENTS:
        return rbp_raise(st, "agents", (size_t)PyObject_Length(agents_obj));
    case ROBOTS_ERR_AGENT_TOO_LONG:
        for (i = 0; i < agents->count; i++)
            if (agents->names[i].len > longest)
                longest = agents->names[i].len;
        return rbp_raise(st, "agent", longest);
    case ROBOTS_ERR_URL_TOO_LONG:
        return rbp_raise(st, url_what, url->len);
    default:
        return rbp_raise(st, url_what, 0);
    }
}

int rbp_profile_arg(PyObject *obj, robots_profile *out) {
    rbp_text t = {NULL, 0};
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "profile must be a str (\"rfc9309\", \"google\" or "
                     "\"legacy\"), not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (rbp_text_arg(obj, "profile", 1, &t) < 0)
        return -1;
    if (robots_profile_from_name(t.ptr, t.len, out) != ROBOTS_OK) {
        PyErr_Format(PyExc_ValueError,
                     "unknown profile %R: expected \"rfc9309\", \"google\" "
                     "or \"legacy\"",
                     obj);
        return -1;
    }
    return 0;
}

int rbp_size_arg(PyObject *obj, const char *what, size_t *out) {
    size_t v;
    int negative;
    PyObject *zero;
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    zero = PyLong_FromLong(0);
    if (zero == NULL)
        return -1;
    negative = PyObject_RichCompareBool(obj, zero, Py_LT);
    Py_DECREF(zero);
    if (negative < 0)
        return -1;
    if (negative) {
        PyErr_Format(PyExc_ValueError, "%s must be >= 0, not %R", what, obj);
        return -1;
    }
    v = PyLong_AsSize_t(obj);
    if (v == (size_t)-1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "%s: %R does not fit in size_t", what,
                     obj);
        return -1;
    }
    *out = v;
    return 0;
}

PyObject *rbp_str(const char *ptr, size_t len) {
    if (ptr == NULL)
        Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(ptr, (Py_ssize_t)len, "surrogateescape");
}

PyObject *rbp_name(const char *name) {
    if (name == NULL)
        Py_RETURN_NONE;
    return PyUnicode_FromString(name);
}

PyObject *rbp_position(size_t position) {
    if (position == ROBOTS_NO_POSITION)
        Py_RETURN_NONE;
    return PyLong_FromSize_t(position);
}

PyObject *rbp_bit_names(unsigned bits, unsigned top,
                        const char *(*name_of)(unsigned)) {
    PyObject *list = PyList_New(0), *t;
    unsigned b;
    if (list == NULL)
        return NULL;
    for (b = 1; b != 0 && b <= top; b <<= 1) {
        PyObject *name;
        if (!(bits & b))
            continue;
        name = rbp_name(name_of(b));
        if (name == NULL || PyList_Append(list, name) < 0) {
            Py_XDECREF(name);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(name);
    }
    t = PyList_AsTuple(list);
    Py_DECREF(list);
    return t;
}

PyObject *rbp_record_of(PyTypeObject *type, PyObject *const *values, size_t n) {
    PyObject *rec = PyStructSequence_New(type);
    size_t i;
    int failed = rec == NULL;
    for (i = 0; i < n; i++) {
        if (values[i] == NULL || failed) {
            failed = 1;
            Py_XDECREF(values[i]);
            continue;
        }
        PyStructSequence_SET_ITEM(rec, (Py_ssize_t)i, values[i]);
    }
    if (failed) {
        Py_XDECREF(rec);
        return NULL;
    }
    return rec;
}

PyObject *rbp_record(PyTypeObject *type, int n, ...) {
    PyObject *values[RBP_MAX_RECORD_FIELDS];
    va_list ap;
    int i;
    if (n < 0) {
        PyErr_SetString(PyExc_SystemError, "rbp_record: a negative count");
        return NULL;
    }
    /* Every value is a reference the record takes: past the limit, the
     * extra ones are released here, never stored past the array. */
    va_start(ap, n);
    for (i = 0; i < n; i++) {
        PyObject *value = va_arg(ap, PyObject *);
        if (i < RBP_MAX_RECORD_FIELDS)
            values[i] = value;
        else
            Py_XDECREF(value);
    }
    va_end(ap);
    if (n > RBP_MAX_RECORD_FIELDS) {
        PyErr_SetString(PyExc_SystemError, "rbp_record: more than 32 fields");
        for (i = 0; i < RBP_MAX_RECORD_FIELDS; i++)
            Py_XDECREF(values[i]);
        return NULL;
    }
    return rbp_record_of(type, values, (size_t)n);
}

int rbp_add_record_types(PyObject *module, const rbp_record_type *types,
                         size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        PyTypeObject *type = PyStructSequence_NewType(types[i].desc);
        if (type == NULL)
            return -1;
        if (PyModule_AddType(module, type) < 0) {
            Py_DECREF(type);
            return -1;
        }
        *types[i].type = type;
    }
    return 0;
}
