# Front end tests (web/ owns the front end):
#   frontend_text_atlas        the embedded font and the glyph atlas, no window
#   frontend_zh                every scene in Chinese: no English word on the canvas
#                              (tests/frontend/test_zh.c, the text recorder)
#   frontend_native_frames     the native deckscope-view under Xvfb draws 60
#                              frames, saves the last as artifacts/native-view.png
#                              (exit 3 if that frame is blank) and exits cleanly
#   frontend_gpu_reset         a GPU device reset under Xvfb: the frame after it
#                              equals the frame without it (test_gpu_reset.sh)
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
    # Every game's scene (and DP view) on a sample: load, go to a step in the
    # middle, autoplay a few steps, save the last frame (exit 3 if blank).
    foreach(spec "cirno;1;40" "thegame;1;20" "mahjong;1;60" "goudan;1;2")
      list(GET spec 0 g)
      list(GET spec 1 k)
      list(GET spec 2 step)
      foreach(mode game dp)
        if(mode STREQUAL "dp" AND NOT g MATCHES "mahjong|goudan")
          continue()
        endif()
        add_test(NAME frontend_scene_${g}_${mode}
          COMMAND ${DS_XVFB_RUN} -a -s "-screen 0 1280x800x24"
                  $<TARGET_FILE:deckscope-view> --game ${g} --input ${DS_SAMPLES_DIR}/${g}/sample-${k}.in
                  --step ${step} --play --speed 4 --mode ${mode} --size 1280x720 --frames 90
                  --screenshot ${CMAKE_BINARY_DIR}/artifacts/scene-${g}-${mode}.png)
        set_tests_properties(frontend_scene_${g}_${mode} PROPERTIES TIMEOUT 300
          ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_AUDIODRIVER=dummy")
      endforeach()
    endforeach()
    # A GPU device reset (SDL_RENDER_DEVICE_RESET): window, renderer and
    # glyph atlas made again; the last frame equals the run without it.
    add_test(NAME frontend_gpu_reset
      COMMAND ${DS_XVFB_RUN} -a -s "-screen 0 1280x800x24"
              bash ${CMAKE_SOURCE_DIR}/tests/frontend/test_gpu_reset.sh $<TARGET_FILE:deckscope-view>
              ${DS_SAMPLES_DIR} ${CMAKE_BINARY_DIR}/artifacts/gpu)
    set_tests_properties(frontend_gpu_reset PROPERTIES TIMEOUT 300
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_AUDIODRIVER=dummy")
  else()
    ds_skip("xvfb-run not found (apt-get install xvfb xauth): frontend_native_frames skipped")
  endif()
else()
  ds_skip("deckscope-view not built: native front end test skipped")
endif()

# The viewer model (web/app/model/) through the page's API (web/app/api/), no window.
if(TARGET ds_view_model)
  ds_add_unit_test(frontend_view ${CMAKE_SOURCE_DIR}/tests/frontend/test_view.c)
  target_link_libraries(frontend_view PRIVATE ds_view_api ds_view_model)
endif()

# The DP views' models (view_dp_<game>.c), against the engine, no window.
if(TARGET ds_view_model)
  foreach(t dp_mahjong dp_goudan)
    if(EXISTS ${CMAKE_SOURCE_DIR}/tests/frontend/test_${t}.c)
      ds_add_unit_test(frontend_${t} ${CMAKE_SOURCE_DIR}/tests/frontend/test_${t}.c)
      target_link_libraries(frontend_${t} PRIVATE ds_view_api ds_view_model)
      set_tests_properties(frontend_${t} PROPERTIES TIMEOUT 600)
    endif()
  endforeach()
endif()

# The cirno and thegame scenes drawn in SDL's software renderer (no window):
# never blank, every step changes the picture, tweens reverse exactly.
if(TARGET ds_view_scenes)
  ds_add_unit_test(frontend_scenes_cb ${CMAKE_SOURCE_DIR}/tests/frontend/test_scenes_cb.c)
  target_link_libraries(frontend_scenes_cb PRIVATE ds_view_scenes ds_view_api ds_view_model ds_view_text ds_sdl2)
  set_tests_properties(frontend_scenes_cb PROPERTIES TIMEOUT 900
    ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_VIDEODRIVER=dummy;SDL_AUDIODRIVER=dummy")
endif()

# "Chinese all the way through": every scene and DP view drawn in Chinese
# (ds_view.lang) with the text recorder on; no English word of 3+ letters
# outside the codes, the strings tables complete, every glyph in the atlas.
if(TARGET ds_view_scenes)
  ds_add_unit_test(frontend_zh ${CMAKE_SOURCE_DIR}/tests/frontend/test_zh.c)
  target_link_libraries(frontend_zh PRIVATE ds_view_scenes ds_view_api ds_view_model ds_view_text ds_sdl2)
  set_tests_properties(frontend_zh PROPERTIES TIMEOUT 900
    ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_VIDEODRIVER=dummy;SDL_AUDIODRIVER=dummy")
endif()

# "Readable at every size": every scene and DP view at 320x240, 480x270,
# 640x360 and 640x400 in both languages, with the box recorder on (ds_text.boxes);
# no two words overlap, no word is covered by a card, none leaves the canvas.
# Clicking the canvas: at every decision step the scenes' regions name
# exactly the decision's candidates, on the canvas, in CSS pixels; none elsewhere.
if(TARGET ds_view_scenes)
  # One test per game (test_hit [samples-dir [game]]): the whole run draws
  # ~7,700 frames up to 2560x1440 in software under ASan (331 s in one CI
  # run, over 900 s on a loaded machine), so the games run side by side.
  add_executable(frontend_hit ${CMAKE_SOURCE_DIR}/tests/frontend/test_hit.c)
  target_link_libraries(frontend_hit PRIVATE ds_engine ds_view_scenes ds_view_api ds_view_model ds_view_text ds_sdl2)
  target_include_directories(frontend_hit PRIVATE ${CMAKE_SOURCE_DIR}/tests)
  target_compile_definitions(frontend_hit PRIVATE DS_SAMPLES="${DS_SAMPLES_DIR}" DS_MJ_OFFICIAL="${DS_MJ_OFFICIAL_DIR}")
  foreach(game IN ITEMS cirno thegame mahjong goudan)
    add_test(NAME frontend_hit_${game} COMMAND frontend_hit ${DS_SAMPLES_DIR} ${game})
    set_tests_properties(frontend_hit_${game} PROPERTIES TIMEOUT 900
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_VIDEODRIVER=dummy;SDL_AUDIODRIVER=dummy")
  endforeach()
endif()

if(TARGET ds_view_scenes)
  # One test per game (the whole run is 7,600 frames under ASan: ~60 s of CPU
  # on a quiet machine, minutes on a loaded one; split, they run in parallel).
  add_executable(frontend_layout ${CMAKE_SOURCE_DIR}/tests/frontend/test_layout.c)
  target_link_libraries(frontend_layout PRIVATE ds_engine ds_view_scenes ds_view_api ds_view_model ds_view_text ds_sdl2)
  target_include_directories(frontend_layout PRIVATE ${CMAKE_SOURCE_DIR}/tests)
  target_compile_definitions(frontend_layout PRIVATE DS_SAMPLES="${DS_SAMPLES_DIR}" DS_MJ_OFFICIAL="${DS_MJ_OFFICIAL_DIR}")
  foreach(g cirno thegame mahjong goudan)
    add_test(NAME frontend_layout_${g} COMMAND frontend_layout --game ${g})
    set_tests_properties(frontend_layout_${g} PROPERTIES TIMEOUT 900
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_VIDEODRIVER=dummy;SDL_AUDIODRIVER=dummy")
  endforeach()
  # The same check on the DP views (scene_dp_*.c, laid out compact below
  # 560x300: shorter header, small-font rows, short tree headings).
  add_test(NAME frontend_layout_dp COMMAND frontend_layout --dp)
  set_tests_properties(frontend_layout_dp PROPERTIES TIMEOUT 600
    ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0;SDL_VIDEODRIVER=dummy;SDL_AUDIODRIVER=dummy")
endif()

# web/app's folders are its layers (docs/ARCHITECTURE.md): every #include
# stays within the rules, and each kind of violation, put into a copy of the
# tree, fails the check with its rule's message.
add_test(NAME frontend_include_rules
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/frontend/include_rules.sh ${CMAKE_SOURCE_DIR}/web/app)
add_test(NAME frontend_include_rules_selftest
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/frontend/include_rules.sh --self-test ${CMAKE_SOURCE_DIR}/web/app)
