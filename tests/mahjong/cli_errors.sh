#!/usr/bin/env bash
# cli_errors.sh DECKSCOPE SAMPLE_IN - bad input to `deckscope mahjong`: exit
# status 2, nothing on stdout, one line on stderr with "line L, column C" and
# the expected message.
set -u
ds=$1 sample=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0

# expect NAME LINE COL MESSAGE -- ARGS... (stdin from $tmp/in)
expect() {
  local name=$1 line=$2 col=$3 msg=$4; shift 5
  "$ds" "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  local nerr; nerr=$(wc -l < "$tmp/err")
  if [ $rc -ne 2 ]; then echo "$name: exit status $rc, want 2"; fail=$((fail+1)); return; fi
  if [ -s "$tmp/out" ]; then echo "$name: stdout not empty"; fail=$((fail+1)); return; fi
  if [ "$nerr" -ne 1 ]; then echo "$name: $nerr lines on stderr, want 1"; fail=$((fail+1)); return; fi
  if [ -n "$line" ] && ! grep -qF "line $line, column $col: " "$tmp/err"; then
    echo "$name: want 'line $line, column $col', got: $(cat "$tmp/err")"; fail=$((fail+1)); return; fi
  if ! grep -qF -- "$msg" "$tmp/err"; then
    echo "$name: want '$msg', got: $(cat "$tmp/err")"; fail=$((fail+1)); return; fi
  pass=$((pass+1))
}

head -n 147 "$sample" > "$tmp/in"
expect short 148 1 "expected 148 tiles (one per line), found end of input after 147" -- mahjong
: > "$tmp/in"
expect empty 1 1 "found end of input after 0" -- mahjong
{ cat "$sample"; echo Z; } > "$tmp/in"
expect long 149 1 "expected end of input after 148 tiles, found 'Z'" -- mahjong
sed '10s/.*/ XX/' "$sample" > "$tmp/in"
expect unknown 10 2 "found 'XX'" -- mahjong
sed '20s/.*/pass/' "$sample" > "$tmp/in"
expect lowercase 20 1 "expected a tile (1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE), found 'pass'" -- mahjong
sed '7s/.*/5P 5P/' "$sample" > "$tmp/in"
expect two_on_a_line 7 4 "expected end of line after the tile, found '5P'" -- mahjong
first=$(head -n 1 "$sample" | tr -d '\r')
sed "148s/.*/$first/" "$sample" > "$tmp/in"
expect fifth_copy 148 1 "expected at most 4 of each tile, found a fifth '$first'" -- mahjong

: > "$tmp/in"
expect dist_bad_tile 1 7 "found '0M'" -- mahjong --distance "1M 2M 0M"
expect dist_too_many 1 43 "expected 13 or 14 tiles with 0 melds, found a tile number 15 'E'" -- \
  mahjong --distance "1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P 3P 4P 5P E"
expect dist_too_few 1 3 "expected 7 or 8 tiles with 2 melds, found end of input after 1" -- \
  mahjong --distance "1M" --melds 2
expect dist_fifth 1 9 "found a fifth 'Z'" -- mahjong --distance "Z Z Z Z Z" --melds 3
expect melds_range "" "" "--melds must be an integer between 0 and 4" -- mahjong --distance "1M" --melds 5
expect unknown_arg "" "" "unknown option '--bogus' (see deckscope mahjong --help)" -- mahjong --bogus
expect explain_alone "" "" "need --distance" -- mahjong --explain
expect gen_bad_seed "" "" "--seed must be a non-negative integer" -- gen mahjong --seed x

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
