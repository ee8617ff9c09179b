/* SPDX-License-Identifier: MIT */
/*
 * binding.h - what the files of the CPython extension librobots._librobots
 * share: the Python types they define, the conversion of Python arguments
 * to the library's (pointer, length) inputs, and the one way a status of
 * the library becomes a Python exception. The extension binds the public
 * headers only (robots.h, robots_web.h): every answer is the library's,
 * nothing of a rule, a group or a match is decided here.
 */
#ifndef RBP_BINDING_H
#define RBP_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "robots.h"
#include "robots_web.h"

/* ------------------------------------------------------------ arguments */

/* Bytes of a text argument: into a str's cached UTF-8 or a bytes object,
 * valid while that object lives. */
typedef struct rbp_text {
    const char *ptr;
    size_t len;
} rbp_text;

/* A str (encoded as UTF-8) or bytes (as given). Raises TypeError for
 * another type, ValueError naming `what` for a lone surrogate and, when
 * `reject_nul`, for a NUL byte (a NUL is never part of a URL, an agent
 * name or a header value). Returns 0, or -1 with the exception set. */
int rbp_text_arg(PyObject *obj, const char *what, int reject_nul,
                 rbp_text *out);

/* A robots.txt body as a new bytes object: bytes as given, a str encoded
 * as UTF-8, any other bytes-like object copied. TypeError for another
 * type; librobots.Error (ROBOTS_ERR_TOO_LARGE) past ROBOTS_MAX_INPUT_BYTES,
 * before anything is copied. */
PyObject *rbp_body_arg(PyObject *obj);

/* The agents of a check: one name (str or bytes) or a sequence of names.
 * At most ROBOTS_MAX_QUERY_AGENTS + 1 names are read, so that the
 * library itself refuses a longer list. `keep` holds what the pointers
 * point into (a tuple the caller releases with Py_XDECREF; NULL for one
 * name, which the caller's argument keeps alive). */
typedef struct rbp_agents {
    robots_str names[ROBOTS_MAX_QUERY_AGENTS + 1];
    size_t count;
    PyObject *keep;
} rbp_agents;

int rbp_agents_arg(PyObject *obj, rbp_agents *out);

/* The exception for a check that failed with st: the agents (agents_obj
 * as given) or the URL, named url_what, with the size that was refused.
 * Returns NULL. */
PyObject *rbp_check_error(robots_status st, PyObject *agents_obj,
                          const rbp_agents *agents, const rbp_text *url,
                          const char *url_what);

/* A profile name ("rfc9309", "google", "legacy", any case). */
int rbp_profile_arg(PyObject *obj, robots_profile *out);

/* A non-negative integer that fits size_t, named `what` in errors. */
int rbp_size_arg(PyObject *obj, const char *what, size_t *out);

/* A string the library handed out (a pattern, a value as written): UTF-8,
 * any byte that is not decoded as surrogateescape, so the bytes as written
 * come back with .encode("utf-8", "surrogateescape"). NULL ptr: None. */
PyObject *rbp_str(const char *ptr, size_t len);

/* A static name from the library (an enum's name), or None for NULL. */
PyObject *rbp_name(const char *name);

/* A position of the library (a group, a rule) or None for
 * ROBOTS_NO_POSITION. */
PyObject *rbp_position(size_t position);

/* -------------------------------------------------------------- errors */

/* librobots.Error, a ValueError with a `status` attribute holding the
 * library's status name. */
extern PyObject *rbp_error;

/* Raises the exception for `st` about the argument `what`: MemoryError for
 * ROBOTS_ERR_NO_MEMORY, librobots.Error otherwise, its message the
 * library's with the limit it names and, when `got` is not 0, the size
 * that was given. Returns NULL for `return rbp_raise(...)`. */
PyObject *rbp_raise(robots_status st, const char *what, size_t got);

/* Raises librobots.Error for `st` with the message `msg` (a new reference,
 * consumed; NULL passes an error on). Returns NULL. */
PyObject *rbp_raise_message(robots_status st, PyObject *msg);

/* ------------------------------------------------------------- objects */

typedef struct rbp_document {
    PyObject ob_base; /* PyObject_HEAD */
    robots_txt *doc;
    PyObject *body; /* bytes: what was parsed, for pickling */
    robots_profile profile;
    size_t parse_limit;
    size_t memory_cap;
    int content_usage_ends_group; /* robots_options' (robots_usage.h) */
    int skip_diagnostics;         /* robots_options' */
} rbp_document;

extern PyTypeObject rbp_document_type;
extern PyTypeObject rbp_query_type;
extern PyTypeObject rbp_verdict_type;

/* A new Verdict; `owner` is the document its pattern points into. */
PyObject *rbp_verdict_new(const robots_verdict *v, PyObject *owner);

/* The records of a document (records.c): struct sequences. */
int rbp_records_init(PyObject *module);
PyObject *rbp_document_groups(rbp_document *self, void *closure);
PyObject *rbp_document_sitemaps(rbp_document *self, void *closure);
PyObject *rbp_document_extensions(rbp_document *self, void *closure);
PyObject *rbp_document_crawl_delays(rbp_document *self, void *closure);
PyObject *rbp_document_diagnostics(rbp_document *self, void *closure);
PyObject *rbp_document_cut(rbp_document *self, void *closure);
PyObject *rbp_diagnostic_kinds(PyObject *module, PyObject *unused);

/* AI usage preferences (usage.c): Document.usage() and the module's
 * USAGE_LABELS, usage_field() and record types. */
PyObject *rbp_document_usage(rbp_document *self, PyObject *args,
                             PyObject *kwds);
int rbp_usage_init(PyObject *module);

/* Many URLs for the same agents (query.c), shared by Document and Query:
 * `want_verdicts` 1 gives Verdicts, 0 booleans. The GIL is released while
 * the library checks. */
PyObject *rbp_check_many(PyObject *owner, const robots_query *query,
                         PyObject *urls, int want_verdicts);

/* The web around the file (web.c) and META tags (meta.c): module
 * functions, and their struct sequence types made at import. */
int rbp_web_init(PyObject *module);
extern PyMethodDef rbp_web_methods[];
int rbp_meta_init(PyObject *module);
extern PyMethodDef rbp_meta_methods[];

/* Struct sequence types (named tuples made in C) to add to the module
 * under their names (librobots.NAME), each stored into *type. */
typedef struct rbp_record_type {
    PyTypeObject **type;
    PyStructSequence_Desc *desc;
} rbp_record_type;

int rbp_add_record_types(PyObject *module, const rbp_record_type *types,
                         size_t count);

/* A record of `type` from its n values, new references the call consumes
 * (a NULL among them means an exception is set: the others are released
 * and NULL returned). rbp_record() takes them as arguments (at most 32). */
PyObject *rbp_record_of(PyTypeObject *type, PyObject *const *values, size_t n);
#define RBP_MAX_RECORD_FIELDS 32
PyObject *rbp_record(PyTypeObject *type, int n, ...);

/* The names of the bits set in `bits` (from 1 up to `top`), lowest first,
 * by name_of(bit): a tuple of str. */
PyObject *rbp_bit_names(unsigned bits, unsigned top,
                        const char *(*name_of)(unsigned));

/* Py_NewRef for Python 3.9. */
static inline PyObject *rbp_ref(PyObject *o) {
    Py_INCREF(o);
    return o;
}

#endif /* RBP_BINDING_H */
