/* SPDX-License-Identifier: MIT */
/*
 * verdict.c - librobots.Verdict: the answer of one check (robots_verdict)
 * and why. It keeps the library's struct as it came and makes each Python
 * value when it is read, so a check costs one small object; its pattern
 * points into the document, which the verdict keeps alive. A verdict
 * pickles as its values (Verdict(allowed, reason, ...)), so it can come
 * back from a worker process.
 */
#include "binding.h"

#include <string.h>

typedef struct rbp_verdict {
    PyObject ob_base; /* PyObject_HEAD */
    robots_verdict v;
    PyObject *owner;   /* the document v.rule_pattern points into */
    PyObject *pattern; /* str, when made from values (unpickled) */
} rbp_verdict;

PyObject *rbp_verdict_new(const robots_verdict *v, PyObject *owner) {
    rbp_verdict *self = PyObject_New(rbp_verdict, &rbp_verdict_type);
    if (self == NULL)
        return NULL;
    self->v = *v;
    self->owner = rbp_ref(owner);
    self->pattern = NULL;
    return (PyObject *)self;
}

static void verdict_dealloc(rbp_verdict *self) {
    Py_XDECREF(self->owner);
    Py_XDECREF(self->pattern);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int has_rule(const rbp_verdict *self) {
    return self->v.rule != ROBOTS_NO_POSITION;
}

static PyObject *get_allowed(rbp_verdict *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->v.allowed);
}

static PyObject *get_reason(rbp_verdict *self, void *closure) {
    (void)closure;
    return rbp_name(robots_reason_name(self->v.reason));
}

static PyObject *get_specific(rbp_verdict *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->v.specific);
}

static PyObject *get_group(rbp_verdict *self, void *closure) {
    (void)closure;
    return rbp_position(self->v.group);
}

static PyObject *get_rule(rbp_verdict *self, void *closure) {
    (void)closure;
    return rbp_position(self->v.rule);
}

static PyObject *get_rule_kind(rbp_verdict *self, void *closure) {
    (void)closure;
    if (!has_rule(self))
        Py_RETURN_NONE;
    return rbp_name(robots_rule_kind_name(self->v.rule_kind));
}

static PyObject *get_line(rbp_verdict *self, void *closure) {
    (void)closure;
    if (!has_rule(self))
        Py_RETURN_NONE;
    return PyLong_FromSize_t(self->v.rule_line);
}

static PyObject *get_pattern(rbp_verdict *self, void *closure) {
    (void)closure;
    if (self->pattern != NULL)
        return rbp_ref(self->pattern);
    if (!has_rule(self))
        Py_RETURN_NONE;
    return rbp_str(self->v.rule_pattern, self->v.rule_pattern_len);
}

static PyObject *get_truncated(rbp_verdict *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->v.truncated);
}

/* The values, in the order of Verdict(...)'s arguments. */
static PyObject *as_tuple(rbp_verdict *self) {
    return Py_BuildValue("(NNNNNNNNN)", get_allowed(self, NULL),
                         get_reason(self, NULL), get_specific(self, NULL),
                         get_group(self, NULL), get_rule(self, NULL),
                         get_rule_kind(self, NULL), get_line(self, NULL),
                         get_pattern(self, NULL), get_truncated(self, NULL));
}

/* An enum's value from its name, through the library's name function. */
static int enum_from_name(PyObject *obj, const char *what,
                          const char *(*name_of)(int), int last, int *out) {
    const char *text;
    int i;
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a str, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    text = PyUnicode_AsUTF8(obj);
    if (text == NULL)
        return -1;
    for (i = 0; i <= last; i++) {
        if (strcmp(name_of(i), text) == 0) {
            *out = i;
            return 0;
        }
    }
    PyErr_Format(PyExc_ValueError, "unknown %s %R", what, obj);
    return -1;
}

static const char *reason_name(int i) {
    return robots_reason_name((robots_reason)i);
}

static const char *rule_kind_name(int i) {
    return robots_rule_kind_name((robots_rule_kind)i);
}

/* None, or an index (rule, group) or a line number. */
static int optional_size(PyObject *obj, const char *what, size_t none,
                         size_t *out) {
    if (obj == Py_None) {
        *out = none;
        return 0;
    }
    return rbp_size_arg(obj, what, out);
}

static PyObject *verdict_new_from_values(PyTypeObject *type, PyObject *args,
                                         PyObject *kwds) {
    static char *kwlist[] = {"allowed",   "reason",    "specific", "group",
                             "rule",      "rule_kind", "line",     "pattern",
                             "truncated", NULL};
    int allowed, specific, truncated, reason = 0, kind = 0;
    PyObject *reason_obj, *group_obj, *rule_obj, *kind_obj, *line_obj;
    PyObject *pattern_obj;
    robots_verdict v;
    rbp_verdict *self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "pOpOOOOOp:Verdict", kwlist,
                                     &allowed, &reason_obj, &specific,
                                     &group_obj, &rule_obj, &kind_obj,
                                     &line_obj, &pattern_obj, &truncated))
        return NULL;
    memset(&v, 0, sizeof v);
    if (enum_from_name(reason_obj, "reason", reason_name, ROBOTS_REASON_LAST,
                       &reason) < 0 ||
        optional_size(group_obj, "group", ROBOTS_NO_POSITION, &v.group) < 0 ||
        optional_size(rule_obj, "rule", ROBOTS_NO_POSITION, &v.rule) < 0 ||
        optional_size(line_obj, "line", 0, &v.rule_line) < 0)
        return NULL;
    if ((v.rule == ROBOTS_NO_POSITION) !=
        (kind_obj == Py_None || pattern_obj == Py_None ||
         line_obj == Py_None)) {
        PyErr_SetString(PyExc_ValueError,
                        "rule, rule_kind, line and pattern are all None (no "
                        "rule decided) or all given");
        return NULL;
    }
    if (kind_obj != Py_None &&
        enum_from_name(kind_obj, "rule_kind", rule_kind_name,
                       ROBOTS_RULE_KIND_LAST, &kind) < 0)
        return NULL;
    if (pattern_obj != Py_None && !PyUnicode_Check(pattern_obj)) {
        PyErr_Format(PyExc_TypeError, "pattern must be a str, not %.100s",
                     Py_TYPE(pattern_obj)->tp_name);
        return NULL;
    }
    v.allowed = allowed;
    v.reason = (robots_reason)reason;
    v.specific = specific;
    v.rule_kind = (robots_rule_kind)kind;
    v.truncated = truncated;
    self = (rbp_verdict *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->v = v;
    self->owner = NULL;
    self->pattern = rbp_ref(pattern_obj);
    return (PyObject *)self;
}

static PyObject *verdict_reduce(rbp_verdict *self,
                                PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(ON)", Py_TYPE(self), as_tuple(self));
}

static PyObject *verdict_richcompare(PyObject *a, PyObject *b, int op) {
    PyObject *ta, *tb, *r;
    if (!PyObject_TypeCheck(b, &rbp_verdict_type) ||
        (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    ta = as_tuple((rbp_verdict *)a);
    tb = ta ? as_tuple((rbp_verdict *)b) : NULL;
    r = tb ? PyObject_RichCompare(ta, tb, op) : NULL;
    Py_XDECREF(ta);
    Py_XDECREF(tb);
    return r;
}

static Py_hash_t verdict_hash(rbp_verdict *self) {
    PyObject *t = as_tuple(self);
    Py_hash_t h;
    if (t == NULL)
        return -1;
    h = PyObject_Hash(t);
    Py_DECREF(t);
    return h;
}

static int verdict_bool(rbp_verdict *self) {
    return self->v.allowed != 0;
}

static PyObject *verdict_repr(rbp_verdict *self) {
    PyObject *pattern, *r;
    if (!has_rule(self)) {
        PyObject *group = rbp_position(self->v.group);
        if (group == NULL)
            return NULL;
        r = PyUnicode_FromFormat("Verdict(allowed=%s, reason='%s', group=%R%s)",
                                 self->v.allowed ? "True" : "False",
                                 robots_reason_name(self->v.reason), group,
                                 self->v.truncated ? ", truncated=True" : "");
        Py_DECREF(group);
        return r;
    }
    pattern = get_pattern(self, NULL);
    if (pattern == NULL)
        return NULL;
    r = PyUnicode_FromFormat(
        "Verdict(allowed=%s, reason='%s', line=%zu, rule_kind='%s', "
        "pattern=%R%s)",
        self->v.allowed ? "True" : "False", robots_reason_name(self->v.reason),
        self->v.rule_line, robots_rule_kind_name(self->v.rule_kind), pattern,
        self->v.truncated ? ", truncated=True" : "");
    Py_DECREF(pattern);
    return r;
}

static PyGetSetDef verdict_getset[] = {
    {"allowed", (getter)get_allowed, NULL, "True when the URL may be fetched.",
     NULL},
    {"reason", (getter)get_reason, NULL,
     "Why: 'no-group', 'no-rule-matched', 'longest-match', 'tie-allow', "
     "'first-match' (legacy) or 'robots-txt' (/robots.txt itself).",
     NULL},
    {"specific", (getter)get_specific, NULL,
     "True when the groups used name one of the agents (not '*').", NULL},
    {"group", (getter)get_group, NULL,
     "Index (in Document.groups) of the deciding rule's group, or of the "
     "first group that applied; None when none applied.",
     NULL},
    {"rule", (getter)get_rule, NULL,
     "Index of the deciding rule in its group's rules; None when no rule "
     "decided.",
     NULL},
    {"rule_kind", (getter)get_rule_kind, NULL,
     "'allow' or 'disallow': the deciding rule's kind; None when no rule "
     "decided.",
     NULL},
    {"line", (getter)get_line, NULL,
     "1-based line of the deciding rule; None when no rule decided.", NULL},
    {"pattern", (getter)get_pattern, NULL,
     "The deciding rule's pattern as written (bytes that are not UTF-8 as "
     "surrogateescape); None when no rule decided.",
     NULL},
    {"truncated", (getter)get_truncated, NULL,
     "True when the document was cut at its parse limit: a line not read "
     "might have decided otherwise.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef verdict_methods[] = {
    {"__reduce__", (PyCFunction)verdict_reduce, METH_NOARGS,
     "Pickles as its values."},
    {NULL, NULL, 0, NULL},
};

static PyNumberMethods verdict_as_number = {
    .nb_bool = (inquiry)verdict_bool,
};

PyTypeObject rbp_verdict_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "librobots.Verdict",
    .tp_basicsize = sizeof(rbp_verdict),
    .tp_dealloc = (destructor)verdict_dealloc,
    .tp_repr = (reprfunc)verdict_repr,
    .tp_as_number = &verdict_as_number,
    .tp_hash = (hashfunc)verdict_hash,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc =
        "Verdict(allowed, reason, specific, group, rule, rule_kind, line, "
        "pattern, truncated)\n--\n\n"
        "The answer of a check, and why. True in a boolean context when the "
        "URL is allowed. Verdicts compare and hash by their values.",
    .tp_richcompare = verdict_richcompare,
    .tp_methods = verdict_methods,
    .tp_getset = verdict_getset,
    .tp_new = verdict_new_from_values,
};
