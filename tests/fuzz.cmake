# Coverage-guided fuzzing (libFuzzer, clang): a short run of every harness of
# scripts/fuzz.sh (tests/fuzz/fuzz_targets.c), SECONDS shared between them.
# `make fuzz` is the long run. DS_FUZZ_SECONDS: 0 disables the test. The
# timeout leaves room for building the 14 harnesses with clang on a busy machine.
set(DS_FUZZ_SECONDS 45 CACHE STRING "Seconds of fuzzing in the fuzz_inputs test, all harnesses (0 = off)")
if(DS_FUZZ_SECONDS GREATER 0)
  add_test(NAME fuzz_inputs COMMAND bash ${CMAKE_SOURCE_DIR}/tests/fuzz/run_fuzz.sh
    ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz ${DS_FUZZ_SECONDS} $<TARGET_FILE:deckscope>)
  set_tests_properties(fuzz_inputs PROPERTIES TIMEOUT 1800)
endif()
