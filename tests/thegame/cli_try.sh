#!/usr/bin/env bash
# cli_try.sh DECKSCOPE DATA_DIR - variations through `deckscope thegame --try`:
# every bad choice (not a decision, not a candidate with the list, indices not
# increasing, past the end, malformed) exits 2 with one line on stderr and
# nothing on stdout; --compare on a sample when the variation differs and when
# it is the main line; --try --trace is JSON Lines whose prefix is the main
# line's and whose forced event says so. The event indices and labels are
# read from the main line's trace, not hard-coded. The helpers:
# tests/try_common.sh.
set -u
. "$(dirname "$0")/../try_common.sh"
try_init thegame "$1"
in=$2/sample-1.in
TRY_STDIN=$in

# expect_try NAME SPEC WORDS [more args]: the --try SPEC refused with one
# stderr line 'deckscope thegame: --try: ...' containing WORDS
expect_try() { local name=$1 spec=$2 words=$3; shift 3; expect_try_error "$name" "$words" --try "$spec" "$@"; }

"$ds" thegame --trace < "$in" > "$tmp/main.jsonl" || bad "--trace failed"
"$ds" thegame < "$in" > "$tmp/main.out" || bad "main line failed"
n=$(grep -o '"events":[0-9]*' "$tmp/main.jsonl" | head -1 | cut -d: -f2)
# the i of the first play, the first draw (the end of a turn), the end event
first_play=$(grep -m1 '^{"type":"play"' "$tmp/main.jsonl" | grep -o '"i":[0-9]*' | cut -d: -f2)
first_draw=$(grep -m1 '^{"type":"draw"' "$tmp/main.jsonl" | grep -o '"i":[0-9]*' | cut -d: -f2)
end_i=$((n - 1))
# a decision's labels, in order: "chosen" and "candidates" of event line i
labels() { sed -n "$(($1 + 2))p" "$tmp/main.jsonl" | grep -o '"candidates":.*' | grep -o '"label":"[^"]*"' | cut -d'"' -f4; }
chosen() { sed -n "$(($1 + 2))p" "$tmp/main.jsonl" | grep -o '"chosen":"[^"]*"' | cut -d'"' -f4; }
labels "$first_play" > "$tmp/play_labels"
labels "$first_draw" > "$tmp/draw_labels"
[ -s "$tmp/play_labels" ] && [ "$(head -1 "$tmp/draw_labels")" = end ] && ok || bad "candidate labels not found"
grep -qx end "$tmp/play_labels" && bad "a turn's first play offers end" || ok

# --- errors ---
expect_try "the deal" "0:end" "event 0 is the deal, not a decision"
expect_try "the end" "$end_i:end" "event $end_i is the end of the game (lost: no card can be played), not a decision"
expect_try "past the end" "$((n + 5)):end" "the game has only $n events; event $((n + 5)) is past its end"
expect_try "not increasing" "$first_draw:end,$first_play:x" "event indices must increase: $first_play after $first_draw"
expect_try "equal indices" "$first_draw:end,$first_draw:end" "event indices must increase: $first_draw after $first_draw"
list=$(paste -sd, "$tmp/play_labels" | sed 's/,/, /g')
expect_try "end at a first play" "$first_play:end" "'end' is not a choice at event $first_play; the choices are: $list"
list=$(paste -sd, "$tmp/draw_labels" | sed 's/,/, /g')
expect_try "not a candidate" "$first_draw:100>up1" "'100>up1' is not a choice at event $first_draw; the choices are: $list"
expect_try "malformed" "x:end" "expected an event index and ':' then a label"
expect_try "empty label" "$first_play:" "empty label"
expect_try "bad with --compare" "0:end" "not a decision" --compare
expect_try "bad with --trace" "0:end" "not a decision" --trace
"$ds" thegame --compare < "$in" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && ok || bad "--compare without --try: exit $rc"
"$ds" thegame --try "$first_draw:end" --compare --trace < "$in" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && ok || bad "--compare --trace: exit $rc"

# --- the rule's own choice: the main line, byte for byte ---
own=$(chosen "$first_play")
"$ds" thegame --try "$first_play:$own,$first_draw:end" < "$in" > "$tmp/o" && cmp -s "$tmp/o" "$tmp/main.out" && ok || bad "own choices change the output"
"$ds" thegame --try "$first_play:$own,$first_draw:end" --trace < "$in" > "$tmp/o" && cmp -s "$tmp/o" "$tmp/main.jsonl" && ok || bad "own choices change the trace"
"$ds" thegame --try "$first_draw:end" --compare < "$in" > "$tmp/c" || bad "--compare failed"
{ echo "variation: $first_draw:end"; echo "first difference: none (the variation is the main line)"; } > "$tmp/want"
head -2 "$tmp/c" | cmp -s - "$tmp/want" && ok || bad "--compare of the main line: $(cat "$tmp/c")"
[ "$(sed -n 3p "$tmp/c" | cut -d: -f2-)" = "$(sed -n 4p "$tmp/c" | cut -d: -f2-)" ] && ok || bad "--compare: outcomes differ for the main line"

# --- another candidate: a play instead of ending the first turn ---
other=$(sed -n 2p "$tmp/draw_labels")
spec="$first_draw:$other"
"$ds" thegame --try "$spec" --compare < "$in" > "$tmp/c" || bad "--compare failed"
[ "$(wc -l < "$tmp/c")" -eq 4 ] && ok || bad "--compare is not 4 lines"
[ "$(sed -n 1p "$tmp/c")" = "variation: $spec" ] && ok || bad "--compare line 1: $(sed -n 1p "$tmp/c")"
[ "$(sed -n 2p "$tmp/c")" = "first difference: event $first_draw (main line: end, variation: $other)" ] && ok || bad "--compare line 2: $(sed -n 2p "$tmp/c")"
# the outcomes agree with the judge lines of each line: hand + pile cards left
left() { sed -n '5,6p' "$1" | wc -w; }
"$ds" thegame --try "$spec" < "$in" > "$tmp/v.out" || bad "--try failed"
[ "$(wc -l < "$tmp/v.out")" -eq 6 ] && ok || bad "--try output is not 6 lines"
cmp -s "$tmp/v.out" "$tmp/main.out" && bad "the variation's output equals the main line's" || ok
sed -n 3p "$tmp/c" | grep -q "^main line: lost, $(left "$tmp/main.out") cards left" && ok || bad "--compare main line: $(sed -n 3p "$tmp/c")"
vleft=$(left "$tmp/v.out")
if [ "$vleft" -eq 0 ]; then want="^variation: won, 0 cards left"; else want="^variation: lost, $vleft card"; fi
sed -n 4p "$tmp/c" | grep -q "$want" && ok || bad "--compare variation: $(sed -n 4p "$tmp/c")"

# --- --try --trace: JSON Lines, the main line's first events, the forced event marked ---
"$ds" thegame --try "$spec" --trace < "$in" > "$tmp/v.jsonl" || bad "--try --trace failed"
vn=$(grep -o '"events":[0-9]*' "$tmp/v.jsonl" | head -1 | cut -d: -f2)
[ "$(wc -l < "$tmp/v.jsonl")" -eq $((vn + 1)) ] && ok || bad "--try --trace has not events+1 lines"
[ "$(grep -cv '^{"type":"[a-z]*",.*}$' "$tmp/v.jsonl")" -eq 0 ] && ok || bad "--try --trace line shape"
if have_python3; then
  python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$tmp/v.jsonl" && ok || bad "--try --trace is not JSON Lines"
fi
cmp -s <(sed -n "2,$((first_draw + 1))p" "$tmp/main.jsonl") <(sed -n "2,$((first_draw + 1))p" "$tmp/v.jsonl") && ok || bad "the first $first_draw events differ"
line=$(sed -n "$((first_draw + 2))p" "$tmp/v.jsonl")
case $line in
  '{"type":"play","i":'"$first_draw"','*'"rule_choice":"end","chosen":"'"$other"'","forced":true'*) ok ;;
  *) bad "event $first_draw of the variation: ${line:0:200}" ;;
esac

try_done
