#!/usr/bin/env bash
# fuzz.sh - coverage-guided fuzzing of every parser, simulation, variation,
# --distance and --explain (libFuzzer + ASan + UBSan), and native-vs-wasm
# differential runs. `make fuzz` runs it; it is not part of `make test`.
#
#   scripts/fuzz.sh [--only REGEX]     every harness (or those matching REGEX),
#                                      FUZZ_RUNS executions each, one at a time
#   scripts/fuzz.sh --diff N           N generated valid inputs per game through
#                                      the native and the wasm CLI, compared
#   scripts/fuzz.sh --list             the harness names
#
# Environment:
#   FUZZ_RUNS      executions per harness (default 1000000)
#   FUZZ_SECONDS   also stop each harness after this many seconds (unset: no
#                  limit; at least 2; ctest's short fuzz_inputs run uses it)
#   FUZZ_JOBS      harnesses fuzzed at the same time (default 1)
#   FUZZ_NICE      the fuzzers' niceness (default 19; ctest's fuzz_inputs: 0,
#                  a test of the suite like the others, not starved by a
#                  loaded machine)
#   FUZZ_DIR       work directory (default build/fuzz): the harnesses' build
#                  (build/, bin/), corpora (kept between runs), logs, crash
#                  artifacts
#   FUZZ_BIN       harnesses already built (the target ds_fuzz_harnesses of a
#                  ctest build: <build>/fuzz/bin); unset: built here with cmake
#   FUZZ_BUILD_JOBS  parallel jobs of that build (default 2)
#   DS_CLI         the native CLI for seeds and --diff (default: the first of
#                  build/native/deckscope, build/native-asan/deckscope)
#   DS_WASM_CLI    the wasm CLI for --diff (default build/wasm/deckscope.js)
#   FUZZ_DIFF_GOUDAN  --diff: goudan's input count (default N; each solves the
#                  whole value table, seconds per input under wasm)
#
# Each fuzzer runs under `nice -n $FUZZ_NICE` (19). The table: harness, executions, exec/s,
# coverage (cov: edges, libFuzzer's final count) and crashes (a crash, leak,
# sanitizer report, broken invariant or timeout; libFuzzer stops at the first,
# whose input is kept in FUZZ_DIR/artifacts/<harness>/; a timeout is an
# execution over 120 s: generous, for a machine shared by many). Exit 1 on any crash
# or differential mismatch. The harnesses and their invariants:
# tests/fuzz/fuzz_targets.c; docs/fuzzing.md has a recorded run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
FUZZ_RUNS=${FUZZ_RUNS:-1000000}
FUZZ_JOBS=${FUZZ_JOBS:-1}
FUZZ_DIR=${FUZZ_DIR:-$root/build/fuzz}
DS_WASM_CLI=${DS_WASM_CLI:-$root/build/wasm/deckscope.js}

# name:FUZZ_TARGET number:dictionary:seed kind, from tests/fuzz/harnesses.txt
# (the list tests/fuzz/CMakeLists.txt builds too)
HARNESSES=$(awk '/^[a-z]/ { print $1 ":" $2 ":" $3 ":" $4 }' "$root/tests/fuzz/harnesses.txt")

die() { echo "fuzz.sh: $*" >&2; exit 2; }

find_cli() {
  if [ -n "${DS_CLI:-}" ]; then echo "$DS_CLI"; return; fi
  for c in "$root/build/native/deckscope" "$root/build/native-asan/deckscope"; do
    [ -x "$c" ] && { echo "$c"; return; }
  done
  die "no native CLI: run 'make native' (or set DS_CLI)"
}

# ---- build --------------------------------------------------------------------
# The harnesses are targets of tests/fuzz/CMakeLists.txt (clang): built here
# into FUZZ_DIR/build (bin/ beside it), or taken ready-made from FUZZ_BIN (the
# ctest build's <build>/fuzz/bin: fuzz_inputs). cmake rebuilds what changed.
build() {
  if [ -n "${FUZZ_BIN:-}" ]; then
    local h
    for h in $HARNESSES; do
      [ -x "$FUZZ_BIN/${h%%:*}" ] || die "no harness $FUZZ_BIN/${h%%:*}: build the target ds_fuzz_harnesses"
    done
    return 0
  fi
  command -v clang >/dev/null || die "clang not found: apt-get install clang libclang-rt-14-dev"
  FUZZ_BIN=$FUZZ_DIR/bin
  mkdir -p "$FUZZ_DIR"
  nice -n 19 cmake -S "$root/tests/fuzz" -B "$FUZZ_DIR/build" -DCMAKE_C_COMPILER=clang \
    -DDS_FUZZ_BIN_DIR="$FUZZ_BIN" > "$FUZZ_DIR/build.log" 2>&1 \
    || { cat "$FUZZ_DIR/build.log" >&2; die "configuring the harnesses failed"; }
  local h targets=()
  for h in $HARNESSES; do
    h=${h%%:*}
    [ -n "$only" ] && ! [[ $h =~ $only ]] && continue
    targets+=("$h")
  done
  nice -n 19 cmake --build "$FUZZ_DIR/build" -j "${FUZZ_BUILD_JOBS:-2}" --target "${targets[@]}" >> "$FUZZ_DIR/build.log" 2>&1 \
    || { tail -30 "$FUZZ_DIR/build.log" >&2; die "building the harnesses failed"; }
}

# ---- seed corpora: the samples and `deckscope gen` ------------------------------
# goudan's harnesses solve a value table for HPs up to 8: seeds with HPs folded
# into 1..8 reach the playout and --explain (the others test the refusal).
fold_hp() { awk 'NR > 1 && (NR - 2) % 4 == 0 { $1 = ($1 - 1) % 8 + 1; $2 = ($2 - 1) % 8 + 1 } { print }'; }
try_headers=('\000\000\000\000\000\000\000\000' '\001\007\003\000\000\000\000\001'
             '\003\002\001\011\002\005\001\002' '\002\377\005\020\000\000\000\003')
seeds() { # seeds NAME GAME KIND DIR
  local name=$1 game=$2 kind=$3 dir=$4 ds s f i=0
  ds=$(find_cli)
  mkdir -p "$dir"
  [ -n "$(ls -A "$dir")" ] && return 0
  # the samples and 6 generated inputs per game, shared by its harnesses
  local tmp="$FUZZ_DIR/gen/$game"
  if [ ! -e "$tmp/.done" ]; then
    mkdir -p "$tmp"
    for f in "$root/assets/samples/$game"/*.in; do cp "$f" "$tmp/$(basename "$f")"; done
    for s in 1 2 3 4 5 6; do
      if [ "$game" = goudan ]; then "$ds" gen goudan --seed $s --count 3 > "$tmp/gen-$s"
      else "$ds" gen "$game" --seed $s > "$tmp/gen-$s"; fi
    done
    touch "$tmp/.done"
  fi
  for f in "$tmp"/*; do
    case $kind in
      text) cp "$f" "$dir/$(basename "$f")" ;;
      small) fold_hp < "$f" > "$dir/$(basename "$f")" ;;
      try)
        for h in "${try_headers[@]}"; do
          { printf "$h\n"; if [ "$game" = goudan ]; then fold_hp < "$f"; else cat "$f"; fi; } \
            > "$dir/$(basename "$f")-$((i++))"
        done ;;
      explain) { printf '\000'; fold_hp < "$f"; } > "$dir/$(basename "$f")" ;;
      hand) # 13 and 14 tiles of a generated deck, 0..4 melds
        [ "$game" = mahjong ] || continue
        for m in 0 1 2 3 4; do
          { printf "\\$(printf '%03o' $m)"; head -n $((13 - 3 * m)) "$f" | tr '\n' ' '; } > "$dir/$(basename "$f")-$m"
          { printf "\\$(printf '%03o' $m)"; head -n $((14 - 3 * m)) "$f" | tr '\n' ' '; } > "$dir/$(basename "$f")-$m-14"
        done ;;
    esac
  done
  if [ "$kind" = explain ]; then # raw turn states (mode 1): valid and not
    printf '\001\005\007\002\001\003\000\002\001\001\000\002\001\000\000\000\000\002\000\001\000\000\000\000\000' > "$dir/turn-1"
    printf '\003\024\024\003\003\005\001\004\004\002\001\002\001\001\001\002\000\002\000\002\000\001\000\001\000' > "$dir/turn-2"
  fi
}

# ---- one harness ------------------------------------------------------------------
# Writes FUZZ_DIR/result/<name>: "name executions exec/s cov crashes".
fuzz_one() {
  local name=$1 dict=$2 kind=$3 game=$4
  local corpus="$FUZZ_DIR/corpus/$name" seeddir="$FUZZ_DIR/seeds/$name"
  local art="$FUZZ_DIR/artifacts/$name/" log="$FUZZ_DIR/logs/$name.log"
  mkdir -p "$corpus" "$art" "$FUZZ_DIR/logs" "$FUZZ_DIR/result"
  seeds "$name" "$game" "$kind" "$seeddir"
  local rc=0 maxlen=4096 limit=()
  # libFuzzer stops at the first whole second past -max_total_time (a limit
  # of N runs N + 1 seconds: 3.1 s of wall for N = 2), so N = FUZZ_SECONDS - 1
  [ -n "${FUZZ_SECONDS:-}" ] && limit=(-max_total_time="$(( FUZZ_SECONDS > 2 ? FUZZ_SECONDS - 1 : 1 ))")
  case $name in sim_goudan|try_goudan|goudan_explain) maxlen=512 ;; esac
  (cd "$FUZZ_DIR" && nice -n "${FUZZ_NICE:-19}" "$FUZZ_BIN/$name" -runs="$FUZZ_RUNS" "${limit[@]}" -dict="$root/tests/fuzz/$dict.dict" \
     -max_len=$maxlen -timeout=120 -rss_limit_mb=2048 -print_final_stats=1 \
     -artifact_prefix="$art" "$corpus" "$seeddir") > "$log" 2>&1 || rc=$?
  local execs eps cov crashes=0
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1 || true)
  eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1 || true)
  cov=$(grep -oE '^#[0-9]+[[:space:]]+(DONE|INITED|pulse|NEW|REDUCE)[[:space:]]+cov: [0-9]+' "$log" | tail -1 | sed 's/.*cov: //' || true)
  [ $rc -ne 0 ] && crashes=1
  echo "$name ${execs:-?} ${eps:-?} ${cov:-?} $crashes" > "$FUZZ_DIR/result/$name"
  if [ $rc -ne 0 ]; then
    echo "== $name: exit $rc; the end of $log:" >&2
    grep -E 'ERROR|SUMMARY|runtime error|Test unit written|deadly signal' "$log" | head -8 >&2
  fi
}

run_fuzz() {
  build
  local h name num dict kind game running=0 fail=0
  rm -rf "$FUZZ_DIR/result"
  for h in $HARNESSES; do
    IFS=: read -r name num dict kind <<<"$h"
    [ -n "$only" ] && ! [[ $name =~ $only ]] && continue
    game=${name#*_}
    case $name in mahjong_distance) game=mahjong ;; goudan_explain) game=goudan ;; esac
    fuzz_one "$name" "$dict" "$kind" "$game" &
    running=$((running + 1))
    if [ $running -ge "$FUZZ_JOBS" ]; then wait -n || true; running=$((running - 1)); fi
  done
  wait || true
  printf '%-18s %12s %8s %7s %8s\n' harness executions exec/s cov crashes
  for h in $HARNESSES; do
    name=${h%%:*}
    [ -e "$FUZZ_DIR/result/$name" ] || continue
    read -r n e s c k < "$FUZZ_DIR/result/$name"
    printf '%-18s %12s %8s %7s %8s\n' "$n" "$e" "$s" "$c" "$k"
    [ "$k" = 0 ] || fail=1
  done
  [ $fail -eq 0 ] || { echo "fuzz: crashes (inputs in $FUZZ_DIR/artifacts/)"; return 1; }
  echo "fuzz: 0 crashes"
}

# ---- differential: native vs wasm ------------------------------------------------------
# For each game, N inputs from `deckscope gen --seed 1..N`, each run through
# both CLIs in the modes below; stdout, stderr and the exit status must be
# identical. node starts once per game and mode (tests/fuzz/wasm_batch.mjs).
diff_modes() { # the CLI arguments compared per game, one mode per line
  case $1 in
    cirno|thegame|mahjong) printf '%s\n' "$1" "$1 --trace" ;;
    goudan) printf '%s\n' "goudan" "goudan --playout --seed 7" "goudan --explain" ;;
  esac
}
run_diff() {
  local n=$1 ds game mode s tmp total=0 bad=0
  ds=$(find_cli)
  [ -e "$DS_WASM_CLI" ] || die "no wasm CLI at $DS_WASM_CLI: run 'make wasm' (or set DS_WASM_CLI)"
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' RETURN
  for game in cirno thegame mahjong goudan; do
    n=$1
    [ $game = goudan ] && n=${FUZZ_DIFF_GOUDAN:-$1}
    mkdir -p "$tmp/$game/in"
    for ((s = 1; s <= n; s++)); do
      if [ $game = goudan ]; then "$ds" gen goudan --seed $s --count 20 > "$tmp/$game/in/$s"
      else "$ds" gen $game --seed $s > "$tmp/$game/in/$s"; fi
    done
    while read -r mode; do
      local m=0 d=0 dir="$tmp/$game/$total"
      mkdir -p "$dir/wasm"
      # shellcheck disable=SC2086
      (cd "$tmp/$game/in" && ls | sort -n | sed "s|^|$tmp/$game/in/|" \
         | xargs nice -n 19 node "$root/tests/fuzz/wasm_batch.mjs" "$DS_WASM_CLI" "$dir/wasm" $mode --)
      for ((s = 1; s <= n; s++)); do
        local rc=0
        # shellcheck disable=SC2086
        ASAN_OPTIONS=detect_leaks=0 nice -n 19 "$ds" $mode < "$tmp/$game/in/$s" > "$dir/out" 2> "$dir/err" || rc=$?
        m=$((m + 1))
        if ! cmp -s "$dir/out" "$dir/wasm/$s.out" || ! cmp -s "$dir/err" "$dir/wasm/$s.err" \
           || [ "$rc" != "$(cat "$dir/wasm/$s.rc")" ]; then
          d=$((d + 1))
          [ $d -le 3 ] && echo "  differs: deckscope $mode < (gen $game --seed $s)"
        fi
      done
      printf 'diff %-32s %6d inputs %4d differ\n' "$mode" "$m" "$d"
      total=$((total + 1)); bad=$((bad + d))
    done < <(diff_modes $game)
  done
  [ $bad -eq 0 ] || { echo "diff: $bad outputs differ"; return 1; }
  echo "diff: native and wasm agree"
}

only=""
case ${1:-} in
  --diff) [[ ${2:-} =~ ^[0-9]+$ ]] || die "usage: fuzz.sh --diff N"; run_diff "$2" ;;
  --list) for h in $HARNESSES; do echo "${h%%:*}"; done ;;
  --only) [ -n "${2:-}" ] || die "usage: fuzz.sh --only REGEX"; only=$2; run_fuzz ;;
  "") run_fuzz ;;
  *) die "usage: fuzz.sh [--only REGEX | --diff N | --list]" ;;
esac
