# What every deckscope command has in common (issue 12), tests/cli_common.sh:
#   cli_common_<game>   the samples in every mode: `deckscope <game> FILE` =
#                       `< FILE` = `- < FILE` (= .ans), with a UTF-8 BOM too;
#                       --help/-h, gen <game> --help; a FILE that cannot be
#                       opened, two FILEs, unknown options, missing values
#   cli_common_args     the shared option parser (cli/ds_args.c) gives the same
#                       messages in deckscope, deckscope render and deckscope-view
#   cli_install         `cmake --install` into a temporary prefix, then the
#                       installed deckscope (and its render, through the
#                       installed deckscope-view beside it) works
set(DS_CLI_COMMON ${CMAKE_SOURCE_DIR}/tests/cli_common.sh)
foreach(game cirno thegame mahjong goudan)
  add_test(NAME cli_common_${game} COMMAND bash ${DS_CLI_COMMON} game
    $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR} ${game})
  set_tests_properties(cli_common_${game} PROPERTIES TIMEOUT 600)
endforeach()
if(TARGET deckscope-view)
  add_test(NAME cli_common_args COMMAND bash ${DS_CLI_COMMON} args
    $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR} $<TARGET_FILE:deckscope-view>)
  add_test(NAME cli_install COMMAND bash ${DS_CLI_COMMON} install
    ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR} ${DS_SAMPLES_DIR})
  set_tests_properties(cli_install PROPERTIES TIMEOUT 300)
else()
  add_test(NAME cli_common_args COMMAND bash ${DS_CLI_COMMON} args
    $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR})
  ds_skip("deckscope-view not built: cli_install skipped")
endif()
set_tests_properties(cli_common_args PROPERTIES TIMEOUT 300)

# The CLI under hostile inputs and environments (issue 25), tests/cli_harden.sh:
#   cli_harden_input     bounded input: NUL bytes, endless pipes, the per-game caps
#   cli_harden_messages  escaped file names, whole UTF-8 characters, gen --seed
#   cli_harden_fulldisk  every command on a full disk: a message and exit 1
#   cli_harden_explain   goudan --explain streams (peak memory flat as the output grows)
#   cli_harden_render    render's exit statuses, --query, --input DIR, the GIF cap
set(DS_CLI_HARDEN ${CMAKE_SOURCE_DIR}/tests/cli_harden.sh)
foreach(part input messages fulldisk explain)
  add_test(NAME cli_harden_${part} COMMAND bash ${DS_CLI_HARDEN} ${part}
    $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR})
  set_tests_properties(cli_harden_${part} PROPERTIES TIMEOUT 600)
endforeach()
# over ~10 s of CPU under ASan: 64 MiB of cirno input, goudan's table solved
# per full-disk command, 80,000 --explain queries (not in `make check`)
ds_label(cli_harden_input slow)
ds_label(cli_harden_fulldisk slow)
ds_label(cli_harden_explain slow)
if(TARGET deckscope-view)
  add_test(NAME cli_harden_render COMMAND bash ${DS_CLI_HARDEN} render
    $<TARGET_FILE:deckscope> ${DS_SAMPLES_DIR})
  set_tests_properties(cli_harden_render PROPERTIES TIMEOUT 600)
  ds_label(cli_harden_render slow)
endif()
