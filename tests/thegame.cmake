# The Game (solo, CERC 2022): samples byte for byte, unit + property tests,
# bad-input CLI checks, variations (--try), native-vs-wasm cross check.
set(TG_DATA "${DS_SAMPLES_DIR}/thegame")
ds_add_cli_case(thegame_sample_1 "thegame" ${TG_DATA}/sample-1.in ${TG_DATA}/sample-1.ans)
ds_add_cli_case(thegame_sample_2 "thegame" ${TG_DATA}/sample-2.in ${TG_DATA}/sample-2.ans)
# parser errors, samples' positions, 3000 generated games replayed and re-decided,
# forced choices on 400 generated games
ds_add_unit_test(thegame_unit ${CMAKE_SOURCE_DIR}/tests/thegame/test_thegame.c)
add_test(NAME thegame_cli_errors
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/thegame/cli_errors.sh $<TARGET_FILE:deckscope> ${TG_DATA})
# --try / --compare: each error, the main line byte for byte, a variation's trace
add_test(NAME thegame_cli_try
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/thegame/cli_try.sh $<TARGET_FILE:deckscope> ${TG_DATA})
# dsv_try in the viewer model equals the engine's variation
if(TARGET ds_view_model)
  ds_add_unit_test(thegame_view_try ${CMAKE_SOURCE_DIR}/tests/thegame/test_view_try.c)
  target_link_libraries(thegame_view_try PRIVATE ds_view_api ds_view_model)
endif()
ds_add_cross_check(thegame 30)
# --narrate (one numbered sentence per event, en and zh) and --lang
add_test(NAME thegame_cli_narrate
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/thegame/cli_narrate.sh $<TARGET_FILE:deckscope> ${TG_DATA})
# issue 21: the decision records and sentences through thegame_game
# (tests/games/test_narration.c, 200 generated inputs)
ds_add_narration_test(thegame)
