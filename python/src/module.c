/* SPDX-License-Identifier: MIT */
/*
 * module.c - the module librobots._librobots: its types, functions,
 * exception and constants (the library's named limits, so that Python code
 * reads them rather than copying figures). The package librobots re-exports
 * all of it.
 */
#include "binding.h"

static PyObject *module_diagnostic_kinds(PyObject *module, PyObject *unused) {
    return rbp_diagnostic_kinds(module, unused);
}

static PyMethodDef module_methods[] = {
    {"diagnostic_kinds", module_diagnostic_kinds, METH_NOARGS,
     "diagnostic_kinds() -> tuple[DiagnosticKind]\n--\n\n"
     "Every kind of diagnostic the parser reports: its name, a sentence,\n"
     "and the most severe level it is reported at."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "librobots._librobots",
    .m_doc = "librobots, the Robots Exclusion Protocol (RFC 9309) in C: the "
             "extension the package librobots re-exports.",
    .m_size = -1,
    .m_methods = module_methods,
};

static int add_size(PyObject *module, const char *name, size_t value) {
    PyObject *v = PyLong_FromSize_t(value);
    if (v == NULL || PyModule_AddObject(module, name, v) < 0) {
        Py_XDECREF(v);
        return -1;
    }
    return 0;
}

static int add_constants(PyObject *module) {
    static const struct {
        const char *name;
        size_t value;
    } sizes[] = {
        {"DEFAULT_PARSE_LIMIT", ROBOTS_DEFAULT_PARSE_LIMIT},
        {"MAX_INPUT_BYTES", ROBOTS_MAX_INPUT_BYTES},
        {"MAX_LINE_BYTES", ROBOTS_MAX_LINE_BYTES},
        {"MAX_DIAGNOSTICS", ROBOTS_MAX_DIAGNOSTICS},
        {"MAX_URL_BYTES", ROBOTS_MAX_URL_BYTES},
        {"MAX_QUERY_AGENTS", ROBOTS_MAX_QUERY_AGENTS},
        {"MAX_AGENT_BYTES", ROBOTS_MAX_AGENT_BYTES},
        {"MAX_REDIRECTS", ROBOTS_MAX_REDIRECTS},
        {"UNREACHABLE_LIMIT_SECONDS", (size_t)ROBOTS_UNREACHABLE_LIMIT_SECONDS},
        {"META_MAX_SCAN_BYTES", ROBOTS_META_MAX_SCAN_BYTES},
        {"META_MAX_DIRECTIVES", ROBOTS_META_MAX_DIRECTIVES},
    };
    PyObject *profiles;
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (add_size(module, sizes[i].name, sizes[i].value) < 0)
            return -1;
    if (PyModule_AddStringConstant(module, "__version__", robots_version()) <
            0 ||
        PyModule_AddStringConstant(module, "LIBRARY_VERSION",
                                   robots_version()) < 0)
        return -1;
    profiles =
        Py_BuildValue("(sss)", robots_profile_name(ROBOTS_PROFILE_RFC9309),
                      robots_profile_name(ROBOTS_PROFILE_GOOGLE),
                      robots_profile_name(ROBOTS_PROFILE_LEGACY));
    if (profiles == NULL ||
        PyModule_AddObject(module, "PROFILES", profiles) < 0) {
        Py_XDECREF(profiles);
        return -1;
    }
    return 0;
}

static int add_error(PyObject *module) {
    rbp_error = PyErr_NewExceptionWithDoc(
        "librobots.Error",
        "A value the library refuses: a URL past MAX_URL_BYTES or neither a "
        "path nor an absolute URL, too many or too long agent names, a body "
        "past MAX_INPUT_BYTES or the memory cap, a malformed HTTP date... "
        "A ValueError; `status` holds the library's status name "
        "(\"ROBOTS_ERR_URL_TOO_LONG\", ...).",
        PyExc_ValueError, NULL);
    if (rbp_error == NULL)
        return -1;
    Py_INCREF(rbp_error);
    if (PyModule_AddObject(module, "Error", rbp_error) < 0) {
        Py_DECREF(rbp_error);
        return -1;
    }
    return 0;
}

/* The import hook CPython looks up by name; declared here only because no
 * header of the module names it (-Wmissing-prototypes). */
PyMODINIT_FUNC PyInit__librobots(void);

PyMODINIT_FUNC PyInit__librobots(void) {
    PyTypeObject *types[] = {&rbp_document_type, &rbp_query_type,
                             &rbp_verdict_type};
    PyObject *module;
    size_t i;
    for (i = 0; i < sizeof types / sizeof types[0]; i++)
        if (PyType_Ready(types[i]) < 0)
            return NULL;
    module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    for (i = 0; i < sizeof types / sizeof types[0]; i++)
        if (PyModule_AddType(module, types[i]) < 0)
            goto fail;
    if (add_error(module) < 0 || add_constants(module) < 0 ||
        rbp_records_init(module) < 0 || rbp_web_init(module) < 0 ||
        rbp_meta_init(module) < 0 || rbp_usage_init(module) < 0 ||
        PyModule_AddFunctions(module, rbp_web_methods) < 0 ||
        PyModule_AddFunctions(module, rbp_meta_methods) < 0)
        goto fail;
    return module;
fail:
    Py_DECREF(module);
    return NULL;
}
