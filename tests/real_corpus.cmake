# SPDX-License-Identifier: MIT
# lint on the real-sites corpus (corpus/real/README.md), included by
# tests/CMakeLists.txt: real-corpus-tools tests the scripts on small inputs
# of their own; real-corpus-lint-run runs `robots lint --json` on
# every file in every profile once (the fixture of the other two);
# real-corpus-lint-summary compares the counts of its findings with the
# committed corpus/real/lint-summary.md; real-corpus-lint-claims checks by
# experiment every claim that a line may go or has no effect;
# real-corpus-lint-fix runs lint --fix on every file and checks what it
# writes.
#
# The corpus archive is not kept in the repository (corpus/real/README.md
# says why, and how to build it with corpus/real/collect.py). Point
# ROBOTS_REAL_CORPUS at it; without it ctest reports the test
# real-corpus-not-run as skipped, so that a green ctest never hides checks
# that did not run.
# Looked for beside the manifest, then in ../shared/real-corpus/ (where the
# steering repository keeps data it provides, beside a CI checkout).
set(_real_default "${PROJECT_SOURCE_DIR}/corpus/real/robots-real.tar.xz")
if(NOT EXISTS "${_real_default}" AND EXISTS
   "${PROJECT_SOURCE_DIR}/../shared/real-corpus/robots-real.tar.xz")
  get_filename_component(_real_default
    "${PROJECT_SOURCE_DIR}/../shared/real-corpus/robots-real.tar.xz" ABSOLUTE)
endif()
set(ROBOTS_REAL_CORPUS "${_real_default}"
    CACHE FILEPATH "The real-sites corpus archive (corpus/real/README.md)")

set(_real_src ${PROJECT_SOURCE_DIR}/corpus/real)
set(_real_out ${CMAKE_CURRENT_BINARY_DIR}/real-corpus)

# The tools themselves, on small inputs of their own: needs no archive.
add_test(NAME real-corpus-tools
  COMMAND ${Python3_EXECUTABLE} ${_real_src}/test_tools.py
          $<TARGET_FILE:robots_cli>)
if(NOT EXISTS "${ROBOTS_REAL_CORPUS}")
  add_test(NAME real-corpus-not-run
    COMMAND ${CMAKE_COMMAND} -E echo
            "the real-sites corpus checks (lint summary, lint claims, "
            "lint --fix) did NOT run: no archive at "
            "${ROBOTS_REAL_CORPUS} (corpus/real/README.md says how to "
            "build it, and configure with -DROBOTS_REAL_CORPUS=PATH)")
  set_tests_properties(real-corpus-not-run PROPERTIES
    SKIP_REGULAR_EXPRESSION "did NOT run")
  return()
endif()

# The command is given as --robots=PATH, one argument, so that
# ci/valgrind_suite.py does not run it under valgrind: these tests start the
# command some 35,000 times, hours under valgrind; the valgrind gate checks
# the command on the rest of the suite.
add_test(NAME real-corpus-lint-run
  COMMAND ${Python3_EXECUTABLE} ${_real_src}/lint_run.py
          --robots=$<TARGET_FILE:robots_cli> --corpus ${ROBOTS_REAL_CORPUS}
          --out ${_real_out}/lint.jsonl)
add_test(NAME real-corpus-lint-summary
  COMMAND ${Python3_EXECUTABLE} ${_real_src}/lint_summary.py
          --lint ${_real_out}/lint.jsonl --out ${_real_out}/lint-summary.md
          --check ${_real_src}/lint-summary.md)
add_test(NAME real-corpus-lint-claims
  COMMAND ${Python3_EXECUTABLE} ${_real_src}/lint_claims.py
          --robots=$<TARGET_FILE:robots_cli> --corpus ${ROBOTS_REAL_CORPUS}
          --lint ${_real_out}/lint.jsonl --work ${_real_out}/claims)
# robots lint --fix on every file in every profile: what it writes parses,
# is not fixed again, and where it says no verdict changes, none does
# (corpus/real/lint_fix_run.py); the fixes per code, written, refuted by
# the proof and not tried, are printed.
add_test(NAME real-corpus-lint-fix
  COMMAND ${Python3_EXECUTABLE} ${_real_src}/lint_fix_run.py
          --robots=$<TARGET_FILE:robots_cli> --corpus ${ROBOTS_REAL_CORPUS}
          --work ${_real_out}/fix)
set_tests_properties(real-corpus-lint-run PROPERTIES
  FIXTURES_SETUP real_corpus_lint)
set_tests_properties(real-corpus-lint-summary real-corpus-lint-claims
  PROPERTIES FIXTURES_REQUIRED real_corpus_lint)
