# JavaScript unit tests: tests/js/*.test.mjs, run by node's test runner with
#   DS_CLI          the native `deckscope` CLI (generate inputs, traces)
#   DS_WEB_SHELL    web/shell (the page's modules under test)
find_program(DS_NODE_JS node)
file(GLOB DS_JS_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/js/*.test.mjs)
if(DS_NODE_JS)
  foreach(t ${DS_JS_TESTS})
    get_filename_component(n ${t} NAME_WE)
    add_test(NAME js_${n} COMMAND ${DS_NODE_JS} --test ${t})
    # a limit a loaded machine does not reach (js_record took 390 s at a
    # load average of 40 on 2 cores, 21 s of CPU): slower, never a failure
    set_tests_properties(js_${n} PROPERTIES TIMEOUT 900
      ENVIRONMENT "DS_CLI=$<TARGET_FILE:deckscope>;DS_WEB_SHELL=${CMAKE_SOURCE_DIR}/web/shell;ASAN_OPTIONS=detect_leaks=1")
  endforeach()
  # the page's one binding to the exports (issue 22): generated binding up to date, no hand calls
  set_tests_properties(js_binding PROPERTIES LABELS frontend)
  if(DS_SITE_DIR) # and the built module exports exactly the header's list
    set_property(TEST js_binding APPEND PROPERTY ENVIRONMENT "DS_SITE_DIR=${DS_SITE_DIR}")
  endif()
elseif(DS_JS_TESTS)
  ds_skip("node not found: JavaScript unit tests skipped")
endif()

# The page's types and lint (issue 22, `make typecheck`): tsc --noEmit --strict
# (checkJs) with no error, and ESLint with no problem,
# over web/shell and tests/browser (scripts/typecheck.mjs; needs npm ci).
if(DS_NODE_JS AND EXISTS "${CMAKE_SOURCE_DIR}/node_modules/.bin/tsc")
  add_test(NAME frontend_typecheck COMMAND ${DS_NODE_JS} ${CMAKE_SOURCE_DIR}/scripts/typecheck.mjs
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(frontend_typecheck PROPERTIES TIMEOUT 300 LABELS frontend)
elseif(DS_NODE_JS)
  ds_skip("node_modules/.bin/tsc not found (npm ci): frontend_typecheck skipped")
endif()
