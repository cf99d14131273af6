# The one list of games (issue 17), files in tests/games/:
#   games_list  engine/core/ds_games.h: ids and numbers back and forth, the
#               usage words; the front end's DSV_* numbers, dsv_game_id and the
#               page's exports (dsv_api_games, dsv_api_mark_kinds) agree with it
# The CLI and web/shell/games/index.js against the same list: tests/js/games.test.mjs.
ds_add_unit_test(games_list ${CMAKE_SOURCE_DIR}/tests/games/test_games.c)
if(TARGET ds_view_model)
  target_link_libraries(games_list PRIVATE ds_view_api ds_view_model)
  target_compile_definitions(games_list PRIVATE DS_TEST_VIEW=1)
endif()


#   games_seats every decision record of every game says whose decision it is
#               ("seat", candidates' seats and "declines" in mahjong's claim
#               windows), as the trace has it (tests/games/test_seats.c)
ds_add_unit_test(games_seats ${CMAKE_SOURCE_DIR}/tests/games/test_seats.c)
