# Exports (issue 8: PNG/GIF export, `deckscope render`), owned by the export
# area; the sources of its tests live in tests/frontend/:
#   frontend_gif      the GIF encoder (web/app/export/gif.c) against an independent
#                     decoder in the test: exact round trips, frame counts,
#                     sizes, delays, changed rectangles, palette choice
#   frontend_render   `deckscope render` on the native build with no display
#                     (SDL dummy video driver): GIF frame count and size, PNG
#                     size, bad arguments (tests/frontend/test_render.sh)
add_executable(frontend_gif ${CMAKE_SOURCE_DIR}/tests/frontend/test_gif.c
                            ${CMAKE_SOURCE_DIR}/web/app/export/gif.c)
target_link_libraries(frontend_gif PRIVATE ds_engine)
target_include_directories(frontend_gif PRIVATE ${CMAKE_SOURCE_DIR}/tests ${CMAKE_SOURCE_DIR}/web/app)
add_test(NAME frontend_gif COMMAND frontend_gif)

# `deckscope render` runs `deckscope-view --render` (web/app/export/render_main.c).
if(TARGET deckscope-view)
  add_test(NAME frontend_render COMMAND bash ${CMAKE_SOURCE_DIR}/tests/frontend/test_render.sh
    $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR} ${CMAKE_BINARY_DIR}/artifacts/render)
  set_tests_properties(frontend_render PROPERTIES TIMEOUT 300)
endif()
