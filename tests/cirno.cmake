# cirno (Cirno's Arithmetic Game, Luogu P7506): docs/games/cirno.md
set(CIRNO_DATA ${DS_SAMPLES_DIR}/cirno)
set(CIRNO_TESTS ${CMAKE_SOURCE_DIR}/tests/cirno)

# judge output byte for byte on the samples
ds_add_cli_case(cirno_sample_1 "cirno" ${CIRNO_DATA}/sample-1.in ${CIRNO_DATA}/sample-1.ans)
ds_add_cli_case(cirno_sample_2 "cirno" ${CIRNO_DATA}/sample-2.in ${CIRNO_DATA}/sample-2.ans)

# cards, floor division, the strategy on every hand, samples, scenarios, errors
ds_add_unit_test(cirno_unit ${CIRNO_TESTS}/test_cirno.c)

# properties over generated games: 3000 normal seeds (in two halves that can
# run in parallel) and one --max game (about 3e5 events)
ds_add_unit_test(cirno_property ${CIRNO_TESTS}/test_cirno_prop.c) # seeds 1..1500
add_test(NAME cirno_property_b COMMAND cirno_property 1501 1500)
add_test(NAME cirno_property_max COMMAND cirno_property --max 7)

# the CLI: bad input/usage -> exit 2, nothing on stdout, "line L, column C";
# --trace is valid JSON Lines; gen is reproducible
add_test(NAME cirno_cli_errors COMMAND bash ${CIRNO_TESTS}/cli_errors.sh $<TARGET_FILE:deckscope>)
add_test(NAME cirno_cli_trace COMMAND bash ${CIRNO_TESTS}/cli_trace.sh $<TARGET_FILE:deckscope>
  ${CIRNO_DATA})
# --narrate: one numbered sentence per event in en and zh; bad --lang: exit 2
add_test(NAME cirno_cli_narrate COMMAND bash ${CIRNO_TESTS}/cli_narrate.sh $<TARGET_FILE:deckscope>
  ${CIRNO_DATA})

# the decision records and sentences through cirno_game, forced moves
# included (tests/games/test_narration.c, 200 generated inputs).
ds_add_narration_test(cirno)

ds_add_cross_check(cirno 30)

# variations (forced choices): own card = main line byte for byte; other
# cards keep every invariant and the main line's prefix; chains; errors
ds_add_unit_test(cirno_try ${CIRNO_TESTS}/test_cirno_try.c) # seeds 1..300
add_test(NAME cirno_try_max COMMAND cirno_try --max 7)
add_test(NAME cirno_cli_try COMMAND bash ${CIRNO_TESTS}/cli_try.sh $<TARGET_FILE:deckscope>
  ${CIRNO_DATA})
# the viewer model: dsv_try shows the engine's variation, a bad one keeps the line
if(TARGET ds_view_model)
  ds_add_unit_test(cirno_view_try ${CIRNO_TESTS}/test_cirno_view.c)
  target_link_libraries(cirno_view_try PRIVATE ds_view_api ds_view_model)
endif()
