# goudan (THUPC 2021 pre, I) tests; files in tests/goudan/.
#  goudan_unit     properties: samples, table invariants, evaluator vs table,
#                  explanations and chance trees, playouts replayed with
#                  ds_trace_seek, progressive solver, generator, parse errors
#  goudan_ref      an independent memoised search (small HPs) vs the engine
#  goudan_sample_* the CLI on the samples, byte for byte
#  goudan_cli_*    bad input / usage (exit 2, line:column) and CLI modes
#  goudan_try      variations of the playout (forced choices) as properties
#  goudan_view_try variations in the viewer model (dsv_try) = the engine's
#  goudan_cli_try  --try / --compare: errors, reports, JSON Lines
ds_add_unit_test(goudan_unit ${CMAKE_SOURCE_DIR}/tests/goudan/test_goudan.c)
ds_add_unit_test(goudan_ref ${CMAKE_SOURCE_DIR}/tests/goudan/test_goudan_ref.c)
# every listed operation's value vs its successor built by hand from the rules
ds_add_unit_test(goudan_ops ${CMAKE_SOURCE_DIR}/tests/goudan/test_goudan_ops.c)
ds_add_unit_test(goudan_try ${CMAKE_SOURCE_DIR}/tests/goudan/test_goudan_try.c)
if(TARGET ds_view_model)
  ds_add_unit_test(goudan_view_try ${CMAKE_SOURCE_DIR}/tests/goudan/test_goudan_view_try.c)
  target_link_libraries(goudan_view_try PRIVATE ds_view_api ds_view_model)
endif()
add_test(NAME goudan_cli_try COMMAND bash ${CMAKE_SOURCE_DIR}/tests/goudan/cli_try.sh
  $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR}/goudan)
foreach(i 1 2)
  ds_add_cli_case(goudan_sample_${i} "goudan" ${DS_SAMPLES_DIR}/goudan/sample-${i}.in
    ${DS_SAMPLES_DIR}/goudan/sample-${i}.ans)
endforeach()
add_test(NAME goudan_cli_errors COMMAND bash ${CMAKE_SOURCE_DIR}/tests/goudan/cli_errors.sh
  $<TARGET_FILE:deckscope>)
add_test(NAME goudan_cli_modes COMMAND bash ${CMAKE_SOURCE_DIR}/tests/goudan/cli_modes.sh
  $<TARGET_FILE:deckscope>)
# each run solves the whole table (about 1 s under node, 1.7 s native under
# ASan), so 4 seeds rather than 10 keep the goudan tests under a minute
ds_add_cross_check(goudan 4)
# issue 21: the decision records and the sentences through goudan_game
# (tests/games/test_narration.c: 50 generated inputs, query 0 played out)
ds_add_narration_test(goudan)
# --narrate: one numbered sentence per event (as many as --trace has), en and
# zh, a variation's forced move; a bad --lang is a usage error
add_test(NAME goudan_cli_narrate COMMAND bash ${CMAKE_SOURCE_DIR}/tests/goudan/cli_narrate.sh
  $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR}/goudan)
