# SPDX-License-Identifier: MIT
# Tests of the AI usage preference modules (issue 24) beyond the unit tests
# that tests/CMakeLists.txt lists. Included by tests/CMakeLists.txt.

# The public structured-field test suite (httpwg/structured-field-tests),
# when a checkout of it is at ROBOTS_SF_TESTS_DIR: this repository keeps no
# copy (tests/tools/sf_vectors.py says why), so without one the test is not
# added.
set(ROBOTS_SF_TESTS_DIR "${PROJECT_SOURCE_DIR}/../shared/structured-field-tests"
    CACHE PATH "a checkout of httpwg/structured-field-tests (optional)")
find_package(Python3 COMPONENTS Interpreter QUIET)
if(EXISTS "${ROBOTS_SF_TESTS_DIR}/dictionary.json" AND Python3_Interpreter_FOUND)
  add_test(NAME unit-sf-vectors COMMAND sh -c "\"$0\" \"$1\" \"$2\" \"$3\" && \"$4\" --vectors \"$3\""
    ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/tools/sf_vectors.py
    ${ROBOTS_SF_TESTS_DIR} ${CMAKE_CURRENT_BINARY_DIR}/sf-vectors.txt
    $<TARGET_FILE:test_sf_dictionary>)
endif()
