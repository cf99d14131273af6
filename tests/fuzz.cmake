# Coverage-guided fuzzing (libFuzzer, clang). The harnesses of
# tests/fuzz/fuzz_targets.c (the list: tests/fuzz/harnesses.txt) are targets
# of their own clang-configured project (tests/fuzz/CMakeLists.txt), built
# with the rest of this build as the target ds_fuzz_harnesses, into
# <build>/fuzz/bin. The test fuzz_inputs is a short run of every harness
# already built, SECONDS shared between them; `make fuzz` is the long run.
# DS_FUZZ_SECONDS: 0 disables the test (and the harnesses' build). 28: two
# seconds per harness (14), each after its seed corpus and the corpus kept
# from earlier runs, a smoke run (issue 25: it was 45, 61 s of the suite's
# CPU; the long run is `make fuzz`).
set(DS_FUZZ_SECONDS 28 CACHE STRING "Seconds of fuzzing in the fuzz_inputs test, all harnesses (0 = off)")
if(DS_FUZZ_SECONDS GREATER 0)
  find_program(DS_CLANG clang)
  if(DS_CLANG)
    include(ExternalProject)
    set(DS_FUZZ_BIN ${CMAKE_BINARY_DIR}/fuzz/bin)
    # BUILD_ALWAYS: the sub-build runs on every build and checks its own
    # dependencies (a changed engine file rebuilds what uses it, nothing else).
    ExternalProject_Add(ds_fuzz_harnesses
      SOURCE_DIR ${CMAKE_SOURCE_DIR}/tests/fuzz
      BINARY_DIR ${CMAKE_BINARY_DIR}/fuzz/build
      CMAKE_ARGS -DCMAKE_C_COMPILER=${DS_CLANG} -DDS_FUZZ_BIN_DIR=${DS_FUZZ_BIN}
      BUILD_ALWAYS TRUE
      INSTALL_COMMAND ""
      USES_TERMINAL_BUILD FALSE)
    add_test(NAME fuzz_inputs COMMAND bash ${CMAKE_SOURCE_DIR}/tests/fuzz/run_fuzz.sh
      ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz ${DS_FUZZ_SECONDS} $<TARGET_FILE:deckscope> ${DS_FUZZ_BIN})
    # SECONDS of fuzzing plus the seeds (deckscope gen) and the harnesses'
    # start-up, with room for a loaded machine
    math(EXPR t "${DS_FUZZ_SECONDS} * 4 + 720")
    set_tests_properties(fuzz_inputs PROPERTIES TIMEOUT ${t})
    ds_label(fuzz_inputs engine slow)
  else()
    ds_skip("clang not found (apt-get install clang libclang-rt-14-dev): fuzz harnesses and fuzz_inputs skipped")
  endif()
endif()
