#!/usr/bin/env bash
# cli_common.sh - what every deckscope command has in common (issue 12):
#
#   cli_common.sh game DECKSCOPE SAMPLES_DIR GAME
#     every SAMPLES_DIR/GAME/sample-N.in (with .ans), in every mode of the game:
#     `deckscope GAME FILE` = `deckscope GAME < FILE` = `deckscope GAME - < FILE`
#     (= the .ans in the judge mode), options after FILE too; the same input
#     after a UTF-8 byte-order mark gives the same output, and a BOM before a
#     bad first token still reports column 1; --help and -h (usage naming the
#     game on stdout, nothing on stderr, exit 0), `gen GAME --help` likewise;
#     a FILE that cannot be opened (exit 2, nothing on stdout, one line
#     naming the file); two FILEs, an unknown option, a missing value: exit 2
#     with the one message shape "deckscope <cmd>: ... (see deckscope <cmd> --help)".
#   cli_common.sh args DECKSCOPE SAMPLES_DIR [DECKSCOPE_VIEW]
#     the shared option parser agrees across programs: `deckscope cirno
#     --bogus`, `deckscope render cirno --bogus` and `deckscope-view --bogus`
#     give the same message shape; missing values and bad numbers likewise;
#     `deckscope --help`, `gen --help`, `render --help`, `deckscope-view --help`.
#   cli_common.sh install CMAKE BUILD_DIR SAMPLES_DIR
#     `cmake --install BUILD_DIR --prefix TMP`, then TMP/bin/deckscope on a
#     sample equals its .ans and TMP/bin/deckscope render (which runs the
#     installed deckscope-view beside it) writes a PNG.
# Prints "N passed, N failed"; exit status 0 when nothing failed.
set -u
mode=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# SDL and X libraries keep memory until exit: no leak checks for the front end.
view_env() { ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$@"; }

# run NAME CMD... : runs CMD with stdin from $tmp/stdin (if any) into
# $tmp/out, $tmp/err, $rc
run() {
  local in=/dev/null
  [ -e "$tmp/stdin" ] && in=$tmp/stdin
  "$@" < "$in" > "$tmp/out" 2> "$tmp/err"
  rc=$?
}

# usage_error NAME PREFIX WORDS CMD...: exit 2, empty stdout, exactly one
# stderr line "PREFIX: ...WORDS... (see PREFIX --help)"
usage_error() {
  local name=$1 prefix=$2 words=$3
  shift 3
  run "$@"
  local line; line=$(head -n 1 "$tmp/err")
  if [ $rc -ne 2 ]; then bad "$name: exit $rc, want 2 ($(cat "$tmp/err"))"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: stdout not empty"; return; fi
  if [ "$(wc -l < "$tmp/err")" -ne 1 ]; then bad "$name: stderr is not one line: $(cat "$tmp/err")"; return; fi
  case $line in
    "$prefix: "*"$words"*" (see $prefix --help)") ok ;;
    *) bad "$name: want '$prefix: ...$words... (see $prefix --help)', got '$line'" ;;
  esac
}

# help NAME WANT CMD...: exit 0, stdout has a line starting with WANT, empty stderr
help() {
  local name=$1 want=$2
  shift 2
  run "$@"
  if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q "^$want" "$tmp/out"; then ok
  else bad "$name: exit $rc, stderr '$(head -c 200 "$tmp/err")', stdout starts '$(head -n 1 "$tmp/out")', want a line '$want...'"; fi
}

game_checks() {
  local ds=$1 data=$2 game=$3 f ans modes m n=0
  # the modes of the game; every one must read FILE exactly as stdin
  case $game in
    goudan) modes=("" "--explain" "--playout --seed 3") ;;
    *) modes=("" "--trace") ;;
  esac
  printf '\357\273\277' > "$tmp/bom"
  for f in "$data/$game"/sample-*.in; do
    [ -e "$f" ] || continue
    ans=${f%.in}.ans
    n=$((n + 1))
    for m in "${modes[@]}"; do
      # goudan solves its whole table per run: the other modes on sample 1 only
      if [ -n "$m" ] && [ $game = goudan ] && [ $n -gt 1 ]; then continue; fi
      # shellcheck disable=SC2086
      "$ds" $game $m < "$f" > "$tmp/stdin.out" 2> "$tmp/err"
      local rc0=$?
      if [ $rc0 -ne 0 ] || [ -s "$tmp/err" ]; then bad "$game $m < $f: exit $rc0, $(head -c 300 "$tmp/err")"; continue; fi
      if [ -z "$m" ]; then
        cmp -s "$tmp/stdin.out" "$ans" && ok || bad "$game < $f differs from $ans"
      fi
      # shellcheck disable=SC2086
      "$ds" $game $m "$f" > "$tmp/file.out" 2> "$tmp/err"
      [ $? -eq 0 ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/file.out" "$tmp/stdin.out" && ok ||
        bad "$game $m FILE differs from $game $m < FILE ($f): $(head -c 300 "$tmp/err")"
      [ $game = goudan ] && [ -n "$m" ] && continue
      # shellcheck disable=SC2086
      "$ds" $game $m - < "$f" > "$tmp/dash.out" 2> "$tmp/err"
      [ $? -eq 0 ] && cmp -s "$tmp/dash.out" "$tmp/stdin.out" && ok ||
        bad "$game $m - < FILE differs from $game $m < FILE ($f)"
      if [ -n "$m" ]; then # options after the operand (GNU order)
        # shellcheck disable=SC2086
        "$ds" $game "$f" $m > "$tmp/after.out" 2> "$tmp/err"
        [ $? -eq 0 ] && cmp -s "$tmp/after.out" "$tmp/stdin.out" && ok ||
          bad "$game FILE $m differs from $game $m < FILE ($f)"
      fi
    done
    # a UTF-8 byte-order mark changes nothing, as FILE and on stdin
    cat "$tmp/bom" "$f" > "$tmp/bom.in"
    "$ds" $game "$tmp/bom.in" > "$tmp/bom.out" 2> "$tmp/err"
    [ $? -eq 0 ] && cmp -s "$tmp/bom.out" "$ans" && ok || bad "$game: BOM + $f (FILE): $(head -c 300 "$tmp/err")"
    if [ $game != goudan ]; then
      "$ds" $game < "$tmp/bom.in" > "$tmp/bom.out" 2> "$tmp/err"
      [ $? -eq 0 ] && cmp -s "$tmp/bom.out" "$ans" && ok || bad "$game: BOM + $f (stdin): $(head -c 300 "$tmp/err")"
    fi
  done
  [ $n -gt 0 ] && ok || bad "$game: no samples in $data/$game"

  # a BOM before a bad first token: still line 1, column 1
  printf '\357\273\277x 1 1\n' > "$tmp/stdin"
  run "$ds" $game
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
     grep -q "^deckscope $game: line 1, column 1: " "$tmp/err"; then ok
  else bad "$game: BOM + bad token: exit $rc, stderr '$(cat "$tmp/err")', want line 1, column 1"; fi
  rm -f "$tmp/stdin"

  help "$game --help" "usage: deckscope $game" "$ds" $game --help
  help "$game -h" "usage: deckscope $game" "$ds" $game -h
  help "$game --trace --help" "usage: deckscope $game" "$ds" $game --trace --help
  help "gen $game --help" "usage: deckscope gen $game" "$ds" gen $game --help

  # a FILE that cannot be opened: one line naming it, exit 2, nothing on stdout
  run "$ds" $game "$tmp/no such file.in"
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
     [ "$(cat "$tmp/err")" = "deckscope $game: cannot open '$tmp/no such file.in': No such file or directory" ]; then ok
  else bad "$game missing FILE: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr '$(cat "$tmp/err")'"; fi
  # a directory opens but cannot be read: the same shape, exit 2
  run "$ds" $game "$tmp"
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
     grep -q "^deckscope $game: cannot [a-z]* '$tmp': " "$tmp/err"; then ok
  else bad "$game FILE is a directory: exit $rc, stderr '$(cat "$tmp/err")'"; fi

  # (a short path: the message shows at most the first 60 bytes of an argument,
  # and the checkout may live anywhere)
  cp "$(ls "$data/$game"/sample-*.in | head -n 1)" "$tmp/two.in"
  f=$tmp/two.in
  usage_error "$game two FILEs" "deckscope $game" "unexpected argument '$f'" "$ds" $game "$f" "$f"
  usage_error "$game --bogus" "deckscope $game" "unknown option '--bogus'" "$ds" $game --bogus
  usage_error "$game -x" "deckscope $game" "unknown option '-x'" "$ds" $game -x
  usage_error "gen $game --bogus" "deckscope gen $game" "unknown option '--bogus'" "$ds" gen $game --bogus
  usage_error "gen $game --seed" "deckscope gen $game" "option '--seed' needs a value" "$ds" gen $game --seed
  usage_error "gen $game --seed x" "deckscope gen $game" "--seed must be a non-negative integer, found 'x'" \
    "$ds" gen $game --seed x
  usage_error "gen $game FILE" "deckscope gen $game" "unexpected argument 'extra'" "$ds" gen $game --seed 1 extra
}

args_checks() {
  local ds=$1 data=$2 view=${3:-} shape
  help "--help" "usage:" "$ds" --help
  help "gen --help" "usage: deckscope gen" "$ds" gen --help
  usage_error "unknown command" "deckscope" "unknown command 'bogus'" "$ds" bogus
  usage_error "unknown top option" "deckscope" "unknown option '--bogus'" "$ds" --bogus
  usage_error "gen unknown game" "deckscope gen" "unknown game 'bogus'" "$ds" gen bogus
  usage_error "--trace=1" "deckscope cirno" "option '--trace' takes no value" "$ds" cirno --trace=1
  usage_error "mahjong --melds 5" "deckscope mahjong" "--melds must be an integer between 0 and 4, found '5'" \
    "$ds" mahjong --distance "1M" --melds 5
  usage_error "mahjong --distance (no value)" "deckscope mahjong" "option '--distance' needs a value" \
    "$ds" mahjong --distance
  # one message shape for the same mistake in all three programs
  run "$ds" cirno --bogus
  shape=$(sed 's/^deckscope cirno: //; s/deckscope cirno --help/CMD --help/' "$tmp/err")
  [ "$shape" = "unknown option '--bogus' (see CMD --help)" ] && ok || bad "deckscope cirno --bogus: '$(cat "$tmp/err")'"
  if [ -z "$view" ]; then
    echo "deckscope-view not built: render and deckscope-view checks skipped"
  else
    help "render --help" "usage: deckscope render" view_env "$ds" render --help
    help "deckscope-view --help" "usage: deckscope-view" view_env "$view" --help
    usage_error "render cirno --bogus" "deckscope render" "unknown option '--bogus'" view_env "$ds" render cirno --bogus
    [ "$(sed 's/^deckscope render: //; s/deckscope render --help/CMD --help/' "$tmp/err")" = "$shape" ] && ok ||
      bad "render: shape differs from the CLI's: '$(cat "$tmp/err")'"
    usage_error "deckscope-view --bogus" "deckscope-view" "unknown option '--bogus'" view_env "$view" --bogus
    [ "$(sed 's/^deckscope-view: //; s/deckscope-view --help/CMD --help/' "$tmp/err")" = "$shape" ] && ok ||
      bad "deckscope-view: shape differs from the CLI's: '$(cat "$tmp/err")'"
    usage_error "render --step (no value)" "deckscope render" "option '--step' needs a value" \
      view_env "$ds" render cirno -o "$tmp/x.png" --step
    usage_error "render -o (no value)" "deckscope render" "option '-o' needs a value" view_env "$ds" render cirno -o
    usage_error "deckscope-view --frames (no value)" "deckscope-view" "option '--frames' needs a value" \
      view_env "$view" --frames
    usage_error "render --step x" "deckscope render" "--step must be an integer between 0 and 1000000000, found 'x'" \
      view_env "$ds" render cirno -o "$tmp/x.png" --step x
    usage_error "deckscope-view --frames x" "deckscope-view" "--frames must be a positive integer, found 'x'" \
      view_env "$view" --frames x
    usage_error "render --seed -1" "deckscope render" "--seed must be a non-negative integer, found '-1'" \
      view_env "$ds" render goudan -o "$tmp/x.png" --seed -1
    usage_error "deckscope-view --seed -1" "deckscope-view" "--seed must be a non-negative integer, found '-1'" \
      view_env "$view" --seed -1
    # issue 17: no atoi/strtoull/"%d%c%d" leniency: junk after a size, a seed
    # past 2^64 - 1 and a query that is no number are refused
    usage_error "render --size junk" "deckscope render" "--size must be WxH with W and H between 64 and 4096, found '640x360junk'" \
      view_env "$ds" render cirno -o "$tmp/x.png" --size 640x360junk
    usage_error "deckscope-view --size 320x240x" "deckscope-view" "found '320x240x'" view_env "$view" --size 320x240x
    usage_error "deckscope-view --seed 2^64" "deckscope-view" "--seed must be a non-negative integer, found '18446744073709551616'" \
      view_env "$view" --seed 18446744073709551616
    usage_error "deckscope-view --query abc" "deckscope-view" "--query must be a positive integer, found 'abc'" \
      view_env "$view" --query abc
    usage_error "render unknown game" "deckscope render" "unknown game 'bogus'" view_env "$ds" render bogus -o "$tmp/x.gif"
    usage_error "deckscope-view unknown game" "deckscope-view" "unknown game 'bogus'" view_env "$view" --game bogus
    # render's input as a FILE operand, as --input, and on stdin: the same PNG
    local f=$data/cirno/sample-1.in
    view_env "$ds" render cirno --step 2 -o "$tmp/a.png" "$f" 2> /dev/null &&
      view_env "$ds" render cirno --step 2 -o "$tmp/b.png" --input "$f" 2> /dev/null &&
      view_env "$ds" render cirno --step 2 -o "$tmp/c.png" < "$f" 2> /dev/null &&
      cmp -s "$tmp/a.png" "$tmp/b.png" && cmp -s "$tmp/a.png" "$tmp/c.png" && ok ||
      bad "render FILE / --input FILE / stdin give different PNGs"
    run view_env "$ds" render cirno -o "$tmp/d.png" "$tmp/none.in"
    [ $rc -eq 2 ] && [ ! -e "$tmp/d.png" ] &&
      [ "$(cat "$tmp/err")" = "deckscope render: cannot open '$tmp/none.in': No such file or directory" ] && ok ||
      bad "render missing FILE: exit $rc, '$(cat "$tmp/err")'"
  fi
}

install_checks() {
  local cmake=$1 build=$2 data=$3 prefix=$tmp/prefix f
  if ! "$cmake" --install "$build" --prefix "$prefix" > "$tmp/install.log" 2>&1; then
    bad "cmake --install $build: $(tail -5 "$tmp/install.log")"
    return
  fi
  for f in deckscope deckscope-view; do
    [ -x "$prefix/bin/$f" ] && ok || bad "no $prefix/bin/$f"
  done
  f=$data/cirno/sample-1.in
  (unset DECKSCOPE_VIEW DISPLAY WAYLAND_DISPLAY
   view_env "$prefix/bin/deckscope" render cirno --step 3 -o "$tmp/x.png" < "$f") > "$tmp/out" 2> "$tmp/err"
  rc=$?
  if [ $rc -eq 0 ] && [ "$(head -c 4 "$tmp/x.png" 2> /dev/null | tail -c 3)" = PNG ]; then ok
  else bad "installed deckscope render: exit $rc, $(cat "$tmp/err")"; fi
  "$prefix/bin/deckscope" cirno "$f" > "$tmp/out" 2> "$tmp/err" && cmp -s "$tmp/out" "${f%.in}.ans" && ok ||
    bad "installed deckscope cirno FILE differs from ${f%.in}.ans: $(cat "$tmp/err")"
}

case $mode in
  game) game_checks "$@" ;;
  args) args_checks "$@" ;;
  install) install_checks "$@" ;;
  *) echo "usage: cli_common.sh game|args|install ..." >&2; exit 2 ;;
esac
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
