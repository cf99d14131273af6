#!/usr/bin/env bash
# run_fuzz.sh SRC_DIR WORK_DIR SECONDS DECKSCOPE
# Builds tests/fuzz/fuzz_inputs.c with clang's libFuzzer + ASan + UBSan, seeds
# a corpus with generated valid inputs of every game (`deckscope gen`), and
# fuzzes for SECONDS. Any crash, sanitizer report or broken invariant fails.
set -euo pipefail
src=$1 work=$2 secs=$3 ds=$4
mkdir -p "$work/corpus"
command -v clang >/dev/null || { echo "clang not found: apt-get install clang libclang-rt-14-dev"; exit 1; }
clang -g -O1 -std=c11 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -I"$src/engine" -I"$src/engine/core" "$src/tests/fuzz/fuzz_inputs.c" \
  "$src"/engine/*/*.c -lm -o "$work/fuzz_inputs"
seed() { # seed FILE PREFIX_BYTE < text
  { printf "\\$(printf '%03o' "$2")"; cat; } > "$work/corpus/$1"
}
for s in 1 2 3; do
  "$ds" gen cirno --seed $s | seed cirno-$s 0
  "$ds" gen thegame --seed $s | seed thegame-$s 1
  "$ds" gen mahjong --seed $s | seed mahjong-$s 2
  "$ds" gen goudan --seed $s | head -c 4000 | seed goudan-$s 3
done
printf '\0011M 1M 2M 3M 4M 5M 6M 7M 8M 9M E E E' | seed hand-1 4
printf '\003 1M 1M' | seed hand-2 4
cd "$work"
# Only the fuzzer's summary lines; the full log stays in WORK_DIR/fuzz.log on failure.
if ./fuzz_inputs -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=20000 \
     -print_final_stats=1 corpus > fuzz.log 2>&1; then
  grep -E "^stat::number_of_executed_units|^Done" fuzz.log || true
  echo "fuzz_inputs: no crash in $secs s"
else
  tail -40 fuzz.log
  exit 1
fi
