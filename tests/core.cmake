ds_add_unit_test(core_unit ${CMAKE_SOURCE_DIR}/tests/core/test_core.c)
# Every parser and simulation with err = NULL: the same answers, no crash.
ds_add_unit_test(core_null_err ${CMAKE_SOURCE_DIR}/tests/core/test_null_err.c)
# Every game's simulate_try frees and zeroes the trace on failure (no leak).
ds_add_unit_test(core_try_fail ${CMAKE_SOURCE_DIR}/tests/core/test_try_fail.c)
# CLI basics: --help works, unknown commands fail with status 2.
add_test(NAME cli_help COMMAND deckscope --help)
add_test(NAME cli_unknown_command COMMAND deckscope nosuchgame)
set_tests_properties(cli_unknown_command PROPERTIES WILL_FAIL TRUE)
