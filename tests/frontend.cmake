# Front end tests (web/ owns the front end):
#   frontend_text_atlas        the embedded font and the glyph atlas, no window
#   frontend_native_frames     the native deckscope-view under Xvfb draws 60
#                              frames, saves the last as artifacts/native-view.png
#                              (exit 3 if that frame is blank) and exits cleanly
# The native front end exists only when SDL2 was found (web/CMakeLists.txt).
if(TARGET ds_view_text)
  add_executable(frontend_text_atlas ${CMAKE_SOURCE_DIR}/tests/frontend/test_text_atlas.c)
  target_link_libraries(frontend_text_atlas PRIVATE ds_view_text)
  target_include_directories(frontend_text_atlas PRIVATE ${CMAKE_SOURCE_DIR}/tests)
  add_test(NAME frontend_text_atlas COMMAND frontend_text_atlas)
endif()

if(TARGET deckscope-view)
  find_program(DS_XVFB_RUN xvfb-run)
  if(DS_XVFB_RUN)
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/artifacts)
    add_test(NAME frontend_native_frames
      COMMAND ${DS_XVFB_RUN} -a -s "-screen 0 1280x800x24"
              $<TARGET_FILE:deckscope-view> --frames 60
              --screenshot ${CMAKE_BINARY_DIR}/artifacts/native-view.png)
    # X11/GL libraries leak on purpose: no leak checking for this test only.
    set_tests_properties(frontend_native_frames PROPERTIES TIMEOUT 120
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_AUDIODRIVER=dummy")
  else()
    message(STATUS "xvfb-run not found (apt-get install xvfb xauth): frontend_native_frames skipped")
  endif()
else()
  message(STATUS "deckscope-view not built: native front end test skipped")
endif()
