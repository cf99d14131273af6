#!/usr/bin/env bash
# cli_harden.sh - the CLI under hostile inputs and environments (issue 25):
#
#   cli_harden.sh input DECKSCOPE SAMPLES_DIR
#     bounded input: `deckscope cirno /dev/zero` and `yes | deckscope <game>`
#     end quickly with one "line L, column C" error, exit 2, nothing on
#     stdout; a NUL inside a sample is reported at its own line and column;
#     a legal input padded to just under its game's cap is still read, one
#     byte over the cap is refused with the cap's size in the message.
#   cli_harden.sh messages DECKSCOPE SAMPLES_DIR
#     a file name with control bytes is escaped (one stderr line); a message
#     quoting the input never cuts a UTF-8 character; a directory as FILE
#     says why; `gen <game>` without --seed is a usage error for every game.
#   cli_harden.sh fulldisk DECKSCOPE SAMPLES_DIR
#     every command writing to a full disk (>/dev/full): one message on
#     stderr naming the command, exit status 1.
#   cli_harden.sh explain DECKSCOPE SAMPLES_DIR
#     goudan --explain streams: its peak memory does not grow with the
#     output (T = 16,000 and T = 64,000 queries: the output grows by ~30 MB,
#     the peak RSS by less than a quarter of that), and the text is the same.
#   cli_harden.sh render DECKSCOPE SAMPLES_DIR
#     render: an image too large, an output that cannot be created, --query
#     for a game without queries: exit 2 with a reason; --input DIR gives the
#     reason; the GIF of the largest cirno game is capped by default, with a
#     message saying how to ask for more.
# Prints "N passed, N failed"; exit status 0 when nothing failed.
set -u
mode=$1
ds=$2
samples=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# A capped input is at most its cap in memory (64 MiB for cirno): under ASan a
# process past 1.5 GB of RSS is stopped (before the fix, cirno /dev/zero grew
# without end). SDL keeps memory until exit: no leak checks (render).
export ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0:hard_rss_limit_mb=1500
LIMIT=${DS_HARDEN_TIMEOUT:-120}

# expect_input_error NAME WANT_PREFIX CMD... (stdin from $tmp/in if present):
# exit 2, stdout empty, exactly one stderr line starting with WANT_PREFIX
expect_error() {
  local name=$1 want=$2
  shift 2
  local in=/dev/null
  [ -e "$tmp/in" ] && in=$tmp/in
  timeout "$LIMIT" "$@" < "$in" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  if [ $rc -eq 124 ]; then bad "$name: still running after ${LIMIT}s"; return; fi
  if [ $rc -ne 2 ]; then bad "$name: exit $rc, want 2 ($(head -c 300 "$tmp/err"))"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: stdout not empty"; return; fi
  if [ "$(wc -l < "$tmp/err")" -ne 1 ]; then bad "$name: stderr is not one line: $(head -c 300 "$tmp/err")"; return; fi
  case $(cat "$tmp/err") in
    "$want"*) ok ;;
    *) bad "$name: want '$want...', got '$(cat "$tmp/err")'" ;;
  esac
}

# the cap of each game, as the documentation (README, docs/security.md) gives it
cap_of() {
  case $1 in
    cirno) echo $((64 * 1024 * 1024)) ;;
    goudan) echo $((512 * 1024 * 1024)) ;;
    *) echo $((1024 * 1024)) ;;
  esac
}

case $mode in
input)
  rm -f "$tmp/in"
  expect_error "cirno /dev/zero" "deckscope cirno: line 1, column 1: a NUL byte" "$ds" cirno /dev/zero
  for g in thegame mahjong; do
    # `yes | deckscope G`: the pipe never ends; the cap stops it
    timeout "$LIMIT" bash -c 'yes | "$1" "$2"' _ "$ds" $g > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc -ne 2 ]; then bad "yes | $g: exit $rc, want 2 ($(head -c 300 "$tmp/err"))"
    elif [ -s "$tmp/out" ]; then bad "yes | $g: stdout not empty"
    else
      cap=$(cap_of $g)
      # byte cap+1 of "y\ny\n...": line cap/2+1, column 1
      want="deckscope $g: line $((cap / 2 + 1)), column 1: the input is longer than $cap bytes"
      case $(head -n 1 "$tmp/err") in "$want"*) ok ;; *) bad "yes | $g: got '$(head -n 1 "$tmp/err")', want '$want...'" ;; esac
    fi
  done
  for g in cirno thegame mahjong goudan; do
    f=$samples/$g/sample-1.in
    [ -e "$f" ] || { bad "$g: no $f"; continue; }
    # a NUL in the middle of line 2, column 2
    { head -n 1 "$f"; printf 'x\0y\n'; tail -n +2 "$f"; } > "$tmp/in"
    expect_error "$g: NUL at 2:2" "deckscope $g: line 2, column 2: a NUL byte" "$ds" $g
    expect_error "$g: NUL at 2:2 (FILE)" "deckscope $g: line 2, column 2: a NUL byte" "$ds" $g "$tmp/in"
    rm -f "$tmp/in"
  done
  # a legal input padded with blanks up to its cap is read; one byte more is not
  for g in thegame mahjong cirno; do
    f=$samples/$g/sample-1.in
    cap=$(cap_of $g)
    size=$(wc -c < "$f")
    { cat "$f"; head -c $((cap - size)) /dev/zero | tr '\0' ' '; } > "$tmp/pad"
    timeout "$LIMIT" "$ds" $g "$tmp/pad" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$tmp/out" "${f%.in}.ans"; then ok
    else bad "$g: a legal input of exactly $cap bytes: exit $rc $(head -c 200 "$tmp/err")"; fi
    printf ' ' >> "$tmp/pad"
    lines=$(wc -l < "$f")
    # the first byte past the cap is on the last line of the padding
    expect_error "$g: $((cap + 1)) bytes" "deckscope $g: line $((lines + 1)), column" "$ds" $g "$tmp/pad"
    grep -q "the input is longer than $cap bytes" "$tmp/err" && ok || bad "$g: cap message: $(cat "$tmp/err")"
  done
  rm -f "$tmp/pad"
  ;;

messages)
  # a file name with a newline, an escape and a tab: printed escaped, one line
  name=$(printf 'no\nsuch\033[31m\tfile')
  expect_error "cannot open (control bytes)" "deckscope cirno: cannot open 'no\\nsuch\\x1b[31m\\tfile': " "$ds" cirno "$name"
  # a directory as FILE: says why
  expect_error "directory" "deckscope thegame: cannot read '$tmp': Is a directory" "$ds" thegame "$tmp"
  # messages that quote the input are valid UTF-8 (no character cut in two)
  for g in cirno thegame mahjong goudan; do
    for pad in 0 1 2 3 4 21 22 23; do
      word=$(printf '%*s' $pad '' | tr ' ' 'a')$(printf 'é%.0s' $(seq 1 20))
      printf '%s\n' "$word" > "$tmp/in"
      timeout "$LIMIT" "$ds" $g < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
      if [ $? -ne 2 ]; then bad "$g: '$word': not exit 2"; continue; fi
      iconv -f UTF-8 -t UTF-8 < "$tmp/err" > /dev/null 2>&1 && ok || bad "$g: message cuts a UTF-8 character: $(od -c "$tmp/err" | head -3)"
    done
    # a player name in cirno's second line, where cirno quotes its own words
    printf '1 1 1\nab%s A1 A1 A1\nA1\n' "$(printf 'é%.0s' $(seq 1 20))" > "$tmp/in"
    timeout "$LIMIT" "$ds" $g < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
    iconv -f UTF-8 -t UTF-8 < "$tmp/err" > /dev/null 2>&1 && ok || bad "$g: message cuts a UTF-8 character: $(cat "$tmp/err")"
  done
  rm -f "$tmp/in"
  # gen requires --seed, as its help says, for every game
  for g in cirno thegame mahjong goudan; do
    expect_error "gen $g without --seed" "deckscope gen $g: --seed N (a non-negative integer) is required" "$ds" gen $g
    "$ds" gen $g --help | grep -q -- "--seed N .*required" && ok || bad "gen $g --help: --seed not marked required"
    a=$("$ds" gen $g --seed 5 | md5sum) && b=$("$ds" gen $g --seed 5 | md5sum) && [ "$a" = "$b" ] && ok || bad "gen $g --seed 5"
  done
  ;;

fulldisk)
  [ -w /dev/full ] || { echo "no /dev/full: skipped"; exit 0; }
  check_full() {
    local name=$1 who=$2
    shift 2
    timeout "$LIMIT" "$@" > /dev/full 2> "$tmp/err"
    rc=$?
    if [ $rc -ne 1 ]; then bad "$name >/dev/full: exit $rc, want 1 ($(head -c 200 "$tmp/err"))"; return; fi
    local want="deckscope${who:+ $who}: cannot write standard output: No space left on device"
    case $(head -n 1 "$tmp/err") in
      "$want") ok ;;
      *) bad "$name >/dev/full: want '$want', got '$(cat "$tmp/err")'" ;;
    esac
  }
  for g in cirno thegame mahjong goudan; do
    f=$samples/$g/sample-1.in
    check_full "$g" $g "$ds" $g "$f"
    check_full "gen $g" "gen $g" "$ds" gen $g --seed 1
  done
  check_full "cirno --trace" cirno "$ds" cirno --trace "$samples/cirno/sample-1.in"
  check_full "thegame --trace" thegame "$ds" thegame --trace "$samples/thegame/sample-1.in"
  check_full "mahjong --trace" mahjong "$ds" mahjong --trace "$samples/mahjong/sample-1.in"
  check_full "goudan --explain" goudan "$ds" goudan --explain "$samples/goudan/sample-1.in"
  check_full "goudan --playout" goudan "$ds" goudan --playout "$samples/goudan/sample-1.in"
  check_full "mahjong --distance" mahjong "$ds" mahjong --distance "1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M"
  check_full "mahjong --distance --json" mahjong "$ds" mahjong --distance "1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M" --json
  check_full "--games" "" "$ds" --games
  check_full "cirno --help" "cirno" "$ds" cirno --help
  ;;

explain)
  # ASan keeps freed memory in quarantine (256 MB by default), which would
  # grow with the number of queries whatever the output does
  export ASAN_OPTIONS=$ASAN_OPTIONS:quarantine_size_mb=1
  # 50 random queries repeated (the evaluator's memo makes a repeat cheap)
  "$ds" gen goudan --seed 3 --count 50 > "$tmp/g50"
  make_input() {
    awk -v T="$1" 'NR == 1 { O = $2; next } NF { q[n++] = $0 }
      END { print T, O; for (i = 0; i < T; i++) for (j = 0; j < 4; j++) print q[(i % 50) * 4 + j] }' "$tmp/g50"
  }
  # the peak RSS (KB) and the output size of --explain on T queries
  measure() {
    make_input "$1" > "$tmp/in$1"
    python3 - "$ds" "$tmp/in$1" "$tmp/out$1" <<'PY'
import resource, subprocess, sys, os
with open(sys.argv[3], 'wb') as out:
    rc = subprocess.call([sys.argv[1], 'goudan', '--explain', sys.argv[2]], stdout=out)
print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, os.path.getsize(sys.argv[3]))
PY
  }
  read -r rc1 rss1 out1 < <(measure 16000)
  read -r rc2 rss2 out2 < <(measure 64000)
  grow=$(( (out2 - out1) / 1024 ))
  echo "T=16000: ${rss1} KB peak, $out1 bytes; T=64000: ${rss2} KB peak, $out2 bytes"
  [ "$rc1" = 0 ] && [ "$rc2" = 0 ] && ok || bad "--explain: exit $rc1 / $rc2"
  [ "$grow" -gt 20000 ] && ok || bad "--explain: the output grew by only $grow KB"
  [ $((rss2 - rss1)) -lt $((grow / 4)) ] && ok ||
    bad "--explain keeps its output: the peak RSS grew by $((rss2 - rss1)) KB with $grow KB more output"
  # the streamed text is the text: T=16000's output is the start of T=64000's
  cmp -s <(head -c "$out1" "$tmp/out64000") "$tmp/out16000" && ok || bad "--explain: the streamed text differs"
  ;;

render)
  f=$samples/cirno/sample-1.in
  cp "$f" "$tmp/in"
  expect_error "--size 4096x4096 --scale 4" "deckscope render: --size 4096x4096 at --scale 4 is 16384x16384 pixels" \
    env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render cirno --size 4096x4096 --scale 4 -o "$tmp/a.png"
  [ -e "$tmp/a.png" ] && bad "--size 4096x4096 --scale 4: a file was written" || ok
  expect_error "-o /nonexistent" "deckscope render: cannot open '/nonexistent/d/a.png': No such file or directory" \
    env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render cirno -o /nonexistent/d/a.png
  expect_error "-o /nonexistent gif" "deckscope render: cannot open '/nonexistent/d/a.gif': No such file or directory" \
    env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render cirno -o /nonexistent/d/a.gif
  for g in cirno thegame mahjong; do
    cp "$samples/$g/sample-1.in" "$tmp/in"
    expect_error "$g --query" "deckscope render: --query and --seed are for goudan (its queries); $g has none" \
      env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render $g --query 2 -o "$tmp/q.png"
    expect_error "$g --seed" "deckscope render: --query and --seed are for goudan (its queries); $g has none" \
      env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render $g --seed 2 -o "$tmp/q.png"
  done
  rm -f "$tmp/in"
  expect_error "--input DIR" "deckscope render: cannot read '$tmp': Is a directory" \
    env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render cirno --input "$tmp" -o "$tmp/d.png"
  expect_error "--input missing" "deckscope render: cannot open '$tmp/none': No such file or directory" \
    env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render cirno --input "$tmp/none" -o "$tmp/d.png"
  # the largest cirno game: the default GIF is capped, and says so
  "$ds" gen cirno --seed 1 --max > "$tmp/big"
  timeout "$LIMIT" env SDL_VIDEODRIVER=dummy "$ds" render cirno --size 64x64 --scale 0.25 --tween 0 \
    -o "$tmp/big.gif" "$tmp/big" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  if [ $rc -ne 0 ]; then bad "largest cirno GIF: exit $rc $(head -c 300 "$tmp/err")"
  else
    grep -q -- "--max-frames" "$tmp/err" && ok || bad "largest cirno GIF: no word on --max-frames: $(cat "$tmp/err")"
    frames=$(sed -n 's/.* \([0-9]*\) frames,.*/\1/p' "$tmp/err")
    [ -n "$frames" ] && [ "$frames" -le 3000 ] && ok || bad "largest cirno GIF: $frames frames ($(cat "$tmp/err"))"
  fi
  # asking for more works
  timeout "$LIMIT" env SDL_VIDEODRIVER=dummy "$ds" render cirno --size 64x64 --scale 0.25 --tween 0 \
    --max-frames 3500 --from 0 --to 3399 -o "$tmp/big.gif" "$tmp/big" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  frames=$(sed -n 's/.* \([0-9]*\) frames,.*/\1/p' "$tmp/err")
  [ $rc -eq 0 ] && [ "$frames" = 3400 ] && ok || bad "--max-frames 3500 --to 3399: exit $rc, $frames frames ($(cat "$tmp/err"))"
  expect_error "--max-frames 0" "deckscope render: --max-frames must be" env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$ds" render cirno --max-frames 0 -o "$tmp/x.gif" "$tmp/big"
  ;;
*) echo "usage: cli_harden.sh input|messages|fulldisk|explain|render DECKSCOPE SAMPLES_DIR"; exit 2 ;;
esac
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
