# mahjong (THUPC 2021 pre, L): judge-exact output on the sample and the 50
# official cases, the distance against a brute force, properties over
# generated decks, bad input, native vs wasm.
set(MJ_DATA ${DS_SAMPLES_DIR}/mahjong)
set(MJ_TESTS ${CMAKE_SOURCE_DIR}/tests/mahjong)

ds_add_unit_test(mahjong_distance ${MJ_TESTS}/test_mahjong_distance.c)
ds_add_unit_test(mahjong_unit ${MJ_TESTS}/test_mahjong.c)
# the same program, only the variation properties (forced choices)
add_test(NAME mahjong_variations COMMAND mahjong_unit variations)
# variations in the viewer model (dsv_try) against the engine
if(TARGET ds_view_model)
  ds_add_unit_test(mahjong_view ${MJ_TESTS}/test_mahjong_view.c)
  target_link_libraries(mahjong_view PRIVATE ds_view_api ds_view_model)
endif()

ds_add_cli_case(mahjong_sample_1 "mahjong" ${MJ_DATA}/sample-1.in ${MJ_DATA}/sample-1.ans)
foreach(i RANGE 1 50)
  ds_add_cli_case(mahjong_official_${i} "mahjong" ${DS_MJ_OFFICIAL_DIR}/${i}.in
    ${DS_MJ_OFFICIAL_DIR}/${i}.ans)
endforeach()

add_test(NAME mahjong_cli_errors
  COMMAND bash ${MJ_TESTS}/cli_errors.sh $<TARGET_FILE:deckscope> ${MJ_DATA}/sample-1.in)
add_test(NAME mahjong_cli_modes
  COMMAND bash ${MJ_TESTS}/cli_modes.sh $<TARGET_FILE:deckscope> ${MJ_DATA}/sample-1.in)
add_test(NAME mahjong_cli_try
  COMMAND bash ${MJ_TESTS}/cli_try.sh $<TARGET_FILE:deckscope> ${MJ_DATA}/sample-1.in)

ds_add_cross_check(mahjong 20)

# issue 21: the decision records and sentences through mahjong_game
# (tests/games/test_narration.c), --narrate and --lang
ds_add_narration_test(mahjong)
add_test(NAME mahjong_cli_narrate
  COMMAND bash ${MJ_TESTS}/cli_narrate.sh $<TARGET_FILE:deckscope> ${MJ_DATA}/sample-1.in)

# Benchmark program (not a test): bench/mahjong.sh builds and runs it.
add_executable(mahjong_bench ${CMAKE_SOURCE_DIR}/bench/mahjong_bench.c)
target_link_libraries(mahjong_bench PRIVATE ds_engine)
