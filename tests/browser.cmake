# Browser tests: tests/browser/*.test.mjs, run by node's test runner, drive
# Debian's /usr/bin/chromium through playwright-core (npm ci in
# scripts/setup.sh) against the site as it ships (build/dist, `make dist`;
# DS_SERVE_DIR=build/site: the module files), served by the test itself on
# 127.0.0.1. Registered only when DS_SITE_DIR points at a built site
# (the native-asan preset sets it to build/site). Screenshots go to
# <build>/artifacts/.
set(DS_SITE_DIR "" CACHE PATH "The built static site (build/site) for the browser tests; empty skips them")
if(DS_SITE_DIR)
  find_program(DS_NODE node)
  if(NOT DS_NODE)
    ds_skip("node not found: browser tests skipped")
  elseif(NOT EXISTS "${CMAKE_SOURCE_DIR}/node_modules/playwright-core")
    ds_skip("playwright-core not installed (run scripts/setup.sh test): browser tests skipped")
  else()
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/artifacts)
    file(GLOB DS_BROWSER_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/browser/*.test.mjs)
    # The suite's limit for one file: every wait on a page and every test in
    # it may take that long (harness.mjs LIMIT, each test's { timeout }), so
    # a loaded machine makes a run slower, not a failure (dp_goudan took over
    # 400 s at a load average of 28 on 2 cores); ctest stops the file a
    # minute later. (Not node's --test-timeout: `node --test FILE` applies it
    # to the whole file and then reports none of its tests.)
    set(DS_BROWSER_LIMIT 900 CACHE STRING "Seconds one browser test file, and any wait in it, may take")
    math(EXPR limit_ms "${DS_BROWSER_LIMIT} * 1000")
    math(EXPR ctest_limit "${DS_BROWSER_LIMIT} + 60")
    foreach(t ${DS_BROWSER_TESTS})
      get_filename_component(n ${t} NAME_WE)
      add_test(NAME browser_${n} COMMAND ${DS_NODE} --test ${t})
      # Browser files run beside each other and beside the C tests, as many
      # as ctest's -j (make test: JOBS=2): a file spends much of its time on
      # what runs at the page's own pace (tweens, autoplay, frames), and with
      # one Chromium at a time (the former RESOURCE_LOCK) the browser files,
      # most of the suite's time, left one core idle once the C tests were
      # done. Every wait may take the suite's limit, so a busy machine makes
      # them slower, not failures; the performance test too (it asserts no
      # time in the suite: bench/web.sh does, on a quiet machine).
      set_tests_properties(browser_${n} PROPERTIES TIMEOUT ${ctest_limit}
        ENVIRONMENT "DS_SITE_DIR=${DS_SITE_DIR};DS_ARTIFACTS_DIR=${CMAKE_BINARY_DIR}/artifacts;DS_CLI=$<TARGET_FILE:deckscope>;DS_OFFLINE_HTML=${CMAKE_SOURCE_DIR}/build/deckscope.html;DS_DIST_DIR=${CMAKE_SOURCE_DIR}/build/dist;DS_TEST_LIMIT_MS=${limit_ms}")
    endforeach()
  endif()
else()
  ds_skip("DS_SITE_DIR is empty: browser tests skipped")
endif()
# No browser needed: the browser tests' waits use the suite's limit, none a
# number of its own (tests/browser/waits_lint.sh); in make check.
add_test(NAME frontend_browser_waits COMMAND bash ${CMAKE_SOURCE_DIR}/tests/browser/waits_lint.sh
  ${CMAKE_SOURCE_DIR}/tests/browser)
