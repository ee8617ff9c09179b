/* SPDX-License-Identifier: MIT */
/*
 * internal.h - a transitional umbrella: every private header of the
 * robotstxt modules, for the tests, fuzzers, benchmarks and bindings
 * outside lib/ that reach module functions directly. No file in lib/
 * includes it (ci/include_graph.py fails one that does): a module
 * includes the headers it uses, so that its include lines are the module
 * graph.
 */
#ifndef ROBOTS_INTERNAL_H
#define ROBOTS_INTERNAL_H

#include "agent.h"
#include "ascii.h"
#include "body.h"
#include "byte_class.h"
#include "check.h"
#include "compiler.h"
#include "diagnostics.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "match.h"
#include "memory.h"
#include "multi.h"
#include "names_index.h"
#include "normalize.h"
#include "records.h"
#include "urlpath.h"
#include "words.h"

#endif
