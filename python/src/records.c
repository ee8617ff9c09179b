/* SPDX-License-Identifier: MIT */
/*
 * records.c - what the parser saw, as Python values: the groups with their
 * agents and rules, the sitemap and extension records, crawl-delays,
 * diagnostics and where the parse limit cut the body. Each is a struct
 * sequence (a named tuple made in C), read from the library's accessors
 * when asked; nothing is kept beside the document.
 */
#include "binding.h"

static PyTypeObject *group_type, *agent_type, *rule_type, *record_type;
static PyTypeObject *diagnostic_type, *cut_type, *crawl_delay_type;
static PyTypeObject *diagnostic_kind_type;

static PyObject *size_or_none(int has, size_t value) {
    if (!has)
        Py_RETURN_NONE;
    return PyLong_FromSize_t(value);
}

static PyObject *agent_record(const robots_agent_info *a) {
    return rbp_record(agent_type, 4, PyLong_FromSize_t(a->line),
                      rbp_str(a->value, a->value_len),
                      rbp_str(a->token, a->token_len),
                      PyBool_FromLong(a->is_wildcard));
}

static PyObject *rule_record(const robots_txt *doc, size_t g, size_t r,
                             const robots_rule_info *info) {
    size_t needed = 0, cap = info->normalized_len + 1;
    char *buf = PyMem_Malloc(cap);
    PyObject *normalized;
    if (buf == NULL)
        return PyErr_NoMemory();
    if (robots_group_rule_normalized(doc, g, r, buf, cap, &needed) !=
        ROBOTS_OK) {
        PyMem_Free(buf);
        PyErr_SetString(PyExc_RuntimeError,
                        "robots_group_rule_normalized() failed on a rule the "
                        "document listed");
        return NULL;
    }
    normalized = rbp_str(buf, needed);
    PyMem_Free(buf);
    return rbp_record(rule_type, 4, PyLong_FromSize_t(info->line),
                      rbp_name(robots_rule_kind_name(info->kind)),
                      rbp_str(info->pattern, info->pattern_len), normalized);
}

/* A tuple of n items made by item(doc, i, j); NULL on failure. */
static PyObject *tuple_of(const robots_txt *doc, size_t g, size_t n,
                          PyObject *(*item)(const robots_txt *, size_t,
                                            size_t)) {
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    size_t i;
    if (t == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *v = item(doc, g, i);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)i, v);
    }
    return t;
}

static PyObject *listing_failed(void) {
    PyErr_SetString(PyExc_RuntimeError,
                    "the library refused an index below its own count");
    return NULL;
}

static PyObject *group_agent(const robots_txt *doc, size_t g, size_t a) {
    robots_agent_info info;
    if (robots_group_agent(doc, g, a, &info) != ROBOTS_OK)
        return listing_failed();
    return agent_record(&info);
}

static PyObject *group_rule(const robots_txt *doc, size_t g, size_t r) {
    robots_rule_info info;
    if (robots_group_rule(doc, g, r, &info) != ROBOTS_OK)
        return listing_failed();
    return rule_record(doc, g, r, &info);
}

static PyObject *group_record(const robots_txt *doc, size_t unused, size_t g) {
    robots_group_info info;
    (void)unused;
    if (robots_group(doc, g, &info) != ROBOTS_OK)
        return listing_failed();
    return rbp_record(
        group_type, 6, PyLong_FromSize_t(g), PyLong_FromSize_t(info.line),
        tuple_of(doc, g, info.agent_count, group_agent),
        tuple_of(doc, g, info.rule_count, group_rule),
        info.has_crawl_delay ? PyFloat_FromDouble(info.crawl_delay)
                             : rbp_ref(Py_None),
        size_or_none(info.has_crawl_delay, info.crawl_delay_line));
}

static PyObject *record_record(const robots_record_info *r) {
    return rbp_record(record_type, 4, PyLong_FromSize_t(r->line),
                      rbp_str(r->key, r->key_len),
                      rbp_str(r->value, r->value_len), rbp_position(r->group));
}

static PyObject *sitemap(const robots_txt *doc, size_t unused, size_t i) {
    robots_record_info info;
    (void)unused;
    if (robots_sitemap(doc, i, &info) != ROBOTS_OK)
        return listing_failed();
    return record_record(&info);
}

static PyObject *extension(const robots_txt *doc, size_t unused, size_t i) {
    robots_record_info info;
    (void)unused;
    if (robots_extension(doc, i, &info) != ROBOTS_OK)
        return listing_failed();
    return record_record(&info);
}

static PyObject *diagnostic(const robots_txt *doc, size_t unused, size_t i) {
    robots_diagnostic_info d;
    (void)unused;
    if (robots_diagnostic(doc, i, &d) != ROBOTS_OK)
        return listing_failed();
    return rbp_record(diagnostic_type, 6, PyLong_FromSize_t(d.line),
                      PyLong_FromSize_t(d.column),
                      rbp_name(robots_diag_kind_name(d.kind)),
                      rbp_name(robots_severity_name(d.severity)),
                      rbp_str(d.message, d.message_len),
                      rbp_str(d.suggestion, d.suggestion_len));
}

PyObject *rbp_document_groups(rbp_document *self, void *closure) {
    (void)closure;
    return tuple_of(self->doc, 0, robots_group_count(self->doc), group_record);
}

PyObject *rbp_document_sitemaps(rbp_document *self, void *closure) {
    (void)closure;
    return tuple_of(self->doc, 0, robots_sitemap_count(self->doc), sitemap);
}

PyObject *rbp_document_extensions(rbp_document *self, void *closure) {
    (void)closure;
    return tuple_of(self->doc, 0, robots_extension_count(self->doc), extension);
}

PyObject *rbp_document_diagnostics(rbp_document *self, void *closure) {
    (void)closure;
    return tuple_of(self->doc, 0, robots_diagnostic_count(self->doc),
                    diagnostic);
}

PyObject *rbp_document_crawl_delays(rbp_document *self, void *closure) {
    size_t g, n = robots_group_count(self->doc);
    PyObject *list = PyList_New(0), *t;
    (void)closure;
    if (list == NULL)
        return NULL;
    for (g = 0; g < n; g++) {
        robots_group_info info;
        PyObject *rec;
        if (robots_group(self->doc, g, &info) != ROBOTS_OK) {
            Py_DECREF(list);
            return listing_failed();
        }
        if (!info.has_crawl_delay)
            continue;
        rec = rbp_record(crawl_delay_type, 4, PyLong_FromSize_t(g),
                         PyLong_FromSize_t(info.line),
                         PyFloat_FromDouble(info.crawl_delay),
                         PyLong_FromSize_t(info.crawl_delay_line));
        if (rec == NULL || PyList_Append(list, rec) < 0) {
            Py_XDECREF(rec);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(rec);
    }
    t = PyList_AsTuple(list);
    Py_DECREF(list);
    return t;
}

PyObject *rbp_document_cut(rbp_document *self, void *closure) {
    robots_cut_info cut;
    (void)closure;
    robots_txt_cut(self->doc, &cut);
    if (!cut.truncated)
        Py_RETURN_NONE;
    return rbp_record(cut_type, 5, PyLong_FromSize_t(cut.limit),
                      PyLong_FromSize_t(cut.offset),
                      PyLong_FromSize_t(cut.line),
                      PyLong_FromSize_t(cut.lines_not_read),
                      PyLong_FromSize_t(cut.bytes_not_read));
}

PyObject *rbp_diagnostic_kinds(PyObject *module, PyObject *unused) {
    PyObject *t = PyTuple_New(ROBOTS_DIAG_KIND_LAST + 1);
    int k;
    (void)module;
    (void)unused;
    if (t == NULL)
        return NULL;
    for (k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++) {
        robots_diag_kind_info info;
        PyObject *rec;
        if (robots_diag_kind_describe((robots_diag_kind)k, &info) !=
            ROBOTS_OK) {
            Py_DECREF(t);
            return listing_failed();
        }
        rec = rbp_record(diagnostic_kind_type, 3, rbp_name(info.name),
                         rbp_name(info.description),
                         rbp_name(robots_severity_name(info.severity)));
        if (rec == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, k, rec);
    }
    return t;
}

/* ------------------------------------------------------------- types */

static PyStructSequence_Field group_fields[] = {
    {"index", "its index in Document.groups"},
    {"line", "line of its first user-agent line"},
    {"agents", "tuple[Agent]: its user-agent lines"},
    {"rules", "tuple[Rule]: its allow and disallow rules, in file order"},
    {"crawl_delay", "seconds, or None"},
    {"crawl_delay_line", "the crawl-delay's line, or None"},
    {NULL, NULL},
};
static PyStructSequence_Desc group_desc = {
    "librobots.Group", "A group: user-agent lines and the rules after them.",
    group_fields, 6};

static PyStructSequence_Field agent_fields[] = {
    {"line", "its line"},
    {"value", "the value as written, trimmed"},
    {"token", "the product token it is reduced to (rfc9309, google); the "
              "whole value in legacy"},
    {"is_wildcard", "True for '*'"},
    {NULL, NULL},
};
static PyStructSequence_Desc agent_desc = {
    "librobots.Agent", "A user-agent line of a group.", agent_fields, 4};

static PyStructSequence_Field rule_fields[] = {
    {"line", "its line"},
    {"kind", "'allow' or 'disallow'"},
    {"pattern", "the pattern as written, trimmed"},
    {"normalized", "what a check matches: the pattern after the profile's "
                   "percent-normalisation"},
    {NULL, NULL},
};
static PyStructSequence_Desc rule_desc = {
    "librobots.Rule", "An allow or disallow rule.", rule_fields, 4};

static PyStructSequence_Field record_fields[] = {
    {"line", "its line"},
    {"key", "the key as written ('Sitemap', 'Crawl-delay', ...)"},
    {"value", "the value as written, trimmed"},
    {"group", "index of the group it appeared in, or None"},
    {NULL, NULL},
};
static PyStructSequence_Desc record_desc = {
    "librobots.Record", "A sitemap or extension line.", record_fields, 4};

static PyStructSequence_Field diagnostic_fields[] = {
    {"line", "1-based line"},
    {"column", "1-based byte column; 0 when the whole line"},
    {"kind", "its kind's stable name ('typo-key', ...)"},
    {"severity", "'note', 'warning' or 'error'"},
    {"message", "one English sentence"},
    {"suggestion", "what was probably meant ('Disallow'), or None"},
    {NULL, NULL},
};
static PyStructSequence_Desc diagnostic_desc = {
    "librobots.Diagnostic", "Something odd about a line. Never fatal.",
    diagnostic_fields, 6};

static PyStructSequence_Field cut_fields[] = {
    {"limit", "the parse limit applied"},
    {"offset", "0-based byte offset of the first line not read"},
    {"line", "1-based number of the first line not read"},
    {"lines_not_read", "lines from there to the end"},
    {"bytes_not_read", "bytes from there to the end"},
    {NULL, NULL},
};
static PyStructSequence_Desc cut_desc = {
    "librobots.Cut", "Where the parse limit cut the body.", cut_fields, 5};

static PyStructSequence_Field crawl_delay_fields[] = {
    {"group", "index of the group"},
    {"group_line", "line of the group's first user-agent line"},
    {"seconds", "the delay"},
    {"line", "the crawl-delay's line"},
    {NULL, NULL},
};
static PyStructSequence_Desc crawl_delay_desc = {
    "librobots.CrawlDelay", "A group's crawl-delay.", crawl_delay_fields, 4};

static PyStructSequence_Field diagnostic_kind_fields[] = {
    {"name", "the stable name"},
    {"description", "one English sentence"},
    {"severity", "the most severe level it is reported at"},
    {NULL, NULL},
};
static PyStructSequence_Desc diagnostic_kind_desc = {"librobots.DiagnosticKind",
                                                     "A kind of diagnostic.",
                                                     diagnostic_kind_fields, 3};

int rbp_records_init(PyObject *module) {
    static const rbp_record_type types[] = {
        {&group_type, &group_desc},
        {&agent_type, &agent_desc},
        {&rule_type, &rule_desc},
        {&record_type, &record_desc},
        {&diagnostic_type, &diagnostic_desc},
        {&cut_type, &cut_desc},
        {&crawl_delay_type, &crawl_delay_desc},
        {&diagnostic_kind_type, &diagnostic_kind_desc},
    };
    return rbp_add_record_types(module, types, sizeof types / sizeof types[0]);
}
