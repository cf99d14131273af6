ds_add_unit_test(core_unit ${CMAKE_SOURCE_DIR}/tests/core/test_core.c)
# ds_core.h's rules on all four games: err may be NULL (same answers, no
# crash); a failed simulate_try has freed and zeroed its trace (no leak).
ds_add_unit_test(core_contracts ${CMAKE_SOURCE_DIR}/tests/core/test_contracts.c)
# CLI basics: --help works, unknown commands fail with status 2.
add_test(NAME cli_help COMMAND deckscope --help)
add_test(NAME cli_unknown_command COMMAND deckscope nosuchgame)
set_tests_properties(cli_unknown_command PROPERTIES WILL_FAIL TRUE)
# the shared decision record, its sentences and goudan verdict scale (ds_decision.h)
ds_add_unit_test(core_decision ${CMAKE_SOURCE_DIR}/tests/core/test_decision.c)
