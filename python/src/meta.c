/* SPDX-License-Identifier: MIT */
/*
 * meta.c - robots META tags of an HTML page and X-Robots-Tag header values
 * (robots_meta_scan_html(), robots_meta_add_header()) as librobots.MetaResult.
 * The library's result is a fixed-size struct with every string copied in;
 * it is filled on the heap (it is about 10 KiB) with the GIL released
 * while a page is scanned.
 */
#include "binding.h"

static PyTypeObject *meta_result_type, *meta_item_type;

static PyObject *text_or_none(int has, const char *text, size_t len) {
    if (!has)
        Py_RETURN_NONE;
    return rbp_str(text, len);
}

static PyObject *int_or_none(int has, int64_t value) {
    if (!has)
        Py_RETURN_NONE;
    return PyLong_FromLongLong((long long)value);
}

static const char *directive_name(unsigned bit) {
    unsigned d = 0;
    while (d < 32 && (1u << d) != bit)
        d++;
    return robots_meta_directive_name((robots_meta_directive)d);
}

static PyObject *items_tuple(const robots_meta_result *m) {
    PyObject *t = PyTuple_New((Py_ssize_t)m->item_count);
    size_t i;
    if (t == NULL)
        return NULL;
    for (i = 0; i < m->item_count; i++) {
        const robots_meta_item *it = &m->items[i];
        PyObject *rec = rbp_record(
            meta_item_type, 5,
            rbp_name(robots_meta_directive_name(it->directive)),
            rbp_name(robots_meta_source_name(it->source)),
            PyLong_FromLongLong((long long)it->value),
            PyBool_FromLong(it->malformed), rbp_str(it->text, it->text_len));
        if (rec == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)i, rec);
    }
    return t;
}

static PyObject *result_record(const robots_meta_result *m) {
    PyObject *values[] = {
        rbp_bit_names(m->restrictions, ROBOTS_META_R_NOIMAGEINDEX,
                      robots_meta_restriction_name),
        rbp_bit_names(m->conflicts, ROBOTS_META_C_UNAVAILABLE,
                      robots_meta_conflict_name),
        rbp_bit_names(m->seen, 1u << ROBOTS_META_DIRECTIVE_LAST,
                      directive_name),
        PyLong_FromSize_t(m->duplicates),
        int_or_none(m->has_max_snippet, m->max_snippet),
        m->max_image_preview == ROBOTS_IMAGE_PREVIEW_UNSET
            ? rbp_ref(Py_None)
            : rbp_name(robots_image_preview_name(m->max_image_preview)),
        int_or_none(m->has_max_video_preview, m->max_video_preview),
        int_or_none(m->has_unavailable_after, m->unavailable_after),
        text_or_none(m->has_unavailable_after, m->unavailable_after_text,
                     m->unavailable_after_text_len),
        items_tuple(m),
        PyLong_FromSize_t(m->directives_total),
        PyLong_FromSize_t(m->unknown),
        PyLong_FromSize_t(m->malformed),
        PyLong_FromSize_t(m->tags_applied),
        PyLong_FromSize_t(m->tags_other_agent),
        text_or_none(m->has_description, m->description, m->description_len),
        text_or_none(m->has_keywords, m->keywords, m->keywords_len),
        text_or_none(m->has_revisit_after, m->revisit_after,
                     m->revisit_after_len),
        PyBool_FromLong(m->truncated),
        PyLong_FromSize_t(m->bytes_scanned),
        PyBool_FromLong(m->head_ended),
        PyBool_FromLong(m->scan_cut),
    };
    return rbp_record_of(meta_result_type, values,
                         sizeof values / sizeof values[0]);
}

/* The optional agent of both functions: None, str or bytes. */
static int agent_arg(PyObject *obj, rbp_text *out) {
    out->ptr = NULL;
    out->len = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    return rbp_text_arg(obj, "agent", 1, out);
}

static PyObject *meta_tags(PyObject *module, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"html", "agent", NULL};
    PyObject *html_obj, *agent_obj = NULL, *r;
    rbp_text html, agent;
    robots_meta_result *m;
    robots_status st;
    PyThreadState *ts;
    (void)module;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O:meta_tags", kwlist,
                                     &html_obj, &agent_obj) ||
        rbp_text_arg(html_obj, "html", 0, &html) < 0 ||
        agent_arg(agent_obj, &agent) < 0)
        return NULL;
    m = PyMem_Malloc(sizeof *m);
    if (m == NULL)
        return PyErr_NoMemory();
    ts = PyEval_SaveThread();
    st = robots_meta_scan_html(html.ptr, html.len, agent.ptr, agent.len, m);
    PyEval_RestoreThread(ts);
    r = st == ROBOTS_OK ? result_record(m) : rbp_raise(st, "html", 0);
    PyMem_Free(m);
    return r;
}

static PyObject *x_robots_tag(PyObject *module, PyObject *args,
                              PyObject *kwds) {
    static char *kwlist[] = {"values", "agent", NULL};
    PyObject *values_obj, *agent_obj = NULL, *seq, *r = NULL;
    rbp_text agent = {NULL, 0};
    robots_meta_result *m;
    Py_ssize_t i, n;
    (void)module;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O:x_robots_tag", kwlist,
                                     &values_obj, &agent_obj) ||
        agent_arg(agent_obj, &agent) < 0)
        return NULL;
    if (PyUnicode_Check(values_obj) || PyBytes_Check(values_obj))
        seq = PyTuple_Pack(1, values_obj);
    else
        seq = PySequence_Tuple(values_obj);
    if (seq == NULL)
        return NULL;
    m = PyMem_Malloc(sizeof *m);
    if (m == NULL) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    robots_meta_result_init(m);
    n = PyTuple_GET_SIZE(seq);
    for (i = 0; i < n; i++) {
        rbp_text value = {NULL, 0};
        robots_status st;
        if (rbp_text_arg(PyTuple_GET_ITEM(seq, i), "X-Robots-Tag value", 1,
                         &value) < 0)
            goto done;
        st = robots_meta_add_header(value.ptr, value.len, agent.ptr, agent.len,
                                    m);
        if (st != ROBOTS_OK) {
            rbp_raise(st, "X-Robots-Tag value", 0);
            goto done;
        }
    }
    r = result_record(m);
done:
    PyMem_Free(m);
    Py_DECREF(seq);
    return r;
}

PyMethodDef rbp_meta_methods[] = {
    {"meta_tags", (PyCFunction)(void (*)(void))meta_tags,
     METH_VARARGS | METH_KEYWORDS,
     "meta_tags(html, agent=None) -> MetaResult\n--\n\n"
     "The robots META tags of an HTML page (str or bytes) for one crawler:\n"
     "<meta name=\"robots\"> and <meta name=\"AGENT\">, up to </head> or\n"
     "<body>, at most META_MAX_SCAN_BYTES read. The GIL is released."},
    {"x_robots_tag", (PyCFunction)(void (*)(void))x_robots_tag,
     METH_VARARGS | METH_KEYWORDS,
     "x_robots_tag(values, agent=None) -> MetaResult\n--\n\n"
     "X-Robots-Tag header values (one str or bytes, or a sequence of them),\n"
     "each 'noindex, nofollow' or 'googlebot: noindex'; a value for another\n"
     "crawler is counted in tags_other_agent and not applied."},
    {NULL, NULL, 0, NULL},
};

static PyStructSequence_Field meta_item_fields[] = {
    {"directive", "its name ('noindex', 'max-snippet', ..., 'unknown')"},
    {"source", "'meta-robots', 'meta-agent' or 'x-robots-tag'"},
    {"value", "max-snippet or max-video-preview N, the image preview level, "
              "unavailable_after's date (0 if unread)"},
    {"malformed", "True when its value could not be read (not applied)"},
    {"text", "as written, lowercased and trimmed"},
    {NULL, NULL},
};
static PyStructSequence_Desc meta_item_desc = {
    "librobots.MetaItem", "One directive as found.", meta_item_fields, 5};

static PyStructSequence_Field meta_result_fields[] = {
    {"restrictions", "the effective restrictions: names among 'noindex', "
                     "'nofollow', 'noarchive', 'nosnippet', 'noimageindex'"},
    {"conflicts", "contradicting directives, resolved to the more "
                  "restrictive one: names among 'index', 'follow', ..."},
    {"seen", "names of every directive seen, unknown included"},
    {"duplicates", "directives repeated"},
    {"max_snippet", "-1 (no limit) or characters; None when not given"},
    {"max_image_preview", "'none', 'standard' or 'large'; None when unset"},
    {"max_video_preview", "-1 (no limit) or seconds; None when not given"},
    {"unavailable_after", "the earliest date, seconds since 1970 (0 when "
                          "unread); None when not given"},
    {"unavailable_after_text", "that date as written; None when not given"},
    {"items", "tuple[MetaItem], at most META_MAX_DIRECTIVES"},
    {"directives_total", "directives seen and applied"},
    {"unknown", "directives not recognised (ignored)"},
    {"malformed", "directives with an unreadable value"},
    {"tags_applied", "meta tags or header values for this agent"},
    {"tags_other_agent", "for another crawler: ignored"},
    {"description", "<meta name=description> (Table 9-5), or None"},
    {"keywords", "<meta name=keywords>, or None"},
    {"revisit_after", "<meta name=revisit-after>, or None"},
    {"truncated", "True when a limit cut the input"},
    {"bytes_scanned", "HTML bytes read"},
    {"head_ended", "True when </head> or <body> ended the scan"},
    {"scan_cut", "True when META_MAX_SCAN_BYTES stopped the scan inside the "
                 "head: a tag past it was not read"},
    {NULL, NULL},
};
static PyStructSequence_Desc meta_result_desc = {
    "librobots.MetaResult",
    "What a page's robots META tags or X-Robots-Tag values say.",
    meta_result_fields, 22};

int rbp_meta_init(PyObject *module) {
    static const rbp_record_type types[] = {
        {&meta_item_type, &meta_item_desc},
        {&meta_result_type, &meta_result_desc},
    };
    return rbp_add_record_types(module, types, sizeof types / sizeof types[0]);
}
