# Coverage-guided fuzzing of every parser and simulation (libFuzzer, clang).
# DS_FUZZ_SECONDS: how long ctest fuzzes (0 disables the test).
set(DS_FUZZ_SECONDS 45 CACHE STRING "Seconds of fuzzing in the fuzz_inputs test (0 = off)")
if(DS_FUZZ_SECONDS GREATER 0)
  add_test(NAME fuzz_inputs COMMAND bash ${CMAKE_SOURCE_DIR}/tests/fuzz/run_fuzz.sh
    ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz ${DS_FUZZ_SECONDS} $<TARGET_FILE:deckscope>)
  set_tests_properties(fuzz_inputs PROPERTIES TIMEOUT 600)
endif()
