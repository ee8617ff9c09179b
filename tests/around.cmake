# SPDX-License-Identifier: MIT
# Unit tests of the modules around the file (issue 4): location and scope,
# punycode, fetch policy, cache lifetime, robots META. Included by
# tests/CMakeLists.txt.
foreach(_name location punycode policy cache meta)
  add_executable(test_${_name} ${CMAKE_CURRENT_LIST_DIR}/test_${_name}.c)
  target_link_libraries(test_${_name} PRIVATE robots_static)
  target_include_directories(test_${_name} PRIVATE
    ${ROBOTS_INTERNAL_INCLUDE_DIRS} ${CMAKE_CURRENT_LIST_DIR})
  add_test(NAME unit-${_name} COMMAND test_${_name})
endforeach()

# The subcommands url, scope, policy, cache-lifetime and meta.
if(ROBOTS_BUILD_CLI)
  add_test(NAME cli-around COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/cli_around_test.sh
    $<TARGET_FILE:robots_cli>)
endif()
