#!/usr/bin/env bash
# run_fuzz.sh SRC_DIR WORK_DIR SECONDS DECKSCOPE BIN_DIR
# ctest's short fuzz run (fuzz_inputs): every harness of scripts/fuzz.sh
# (tests/fuzz/fuzz_targets.c: parsers, simulations, variations, --distance,
# --explain), as built by the build (target ds_fuzz_harnesses, in BIN_DIR),
# for an equal share of SECONDS, seeded from the samples and `DECKSCOPE gen`.
# Any crash, sanitizer report or broken invariant fails; the table
# (executions, exec/s, cov, crashes) is the test's output and the logs stay
# in WORK_DIR/logs. Not niced (FUZZ_NICE=0): on a loaded machine a fuzzer at
# nice 19 got almost no CPU and the test timed out. `make fuzz` is the long run.
set -euo pipefail
src=$1 work=$2 secs=$3 ds=$4 bin=$5
n=$(bash "$src/scripts/fuzz.sh" --list | wc -l)
per=$(( secs / n > 0 ? secs / n : 1 ))
FUZZ_DIR=$work FUZZ_BIN=$bin FUZZ_NICE=0 FUZZ_SECONDS=$per FUZZ_RUNS=1000000000 FUZZ_JOBS=1 DS_CLI=$ds \
  exec bash "$src/scripts/fuzz.sh"
