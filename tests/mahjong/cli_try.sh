#!/usr/bin/env bash
# cli_try.sh DECKSCOPE SAMPLE_IN - `deckscope mahjong --try` and `--compare`
# (docs/variations.md, docs/games/mahjong.md): every error case exits 2 with
# one stderr line "deckscope mahjong: --try: ..." and nothing on stdout;
# --compare's four lines when the variation differs and when it is the main
# line; the rule's own choice at decisions of the sample and of generated
# decks is the main line byte for byte (output and trace); another
# candidate: valid JSON Lines with "i" on every event, the main line's lines
# before the forced event, "forced" and "rule_choice" at it. Needs python3
# for the JSON checks. Prints "N passed, N failed". The helpers:
# tests/try_common.sh.
set -u
. "$(dirname "$0")/../try_common.sh"
try_init mahjong "$1"
s1=$2

"$ds" mahjong "$s1" > "$tmp/main.out"
"$ds" mahjong --trace "$s1" > "$tmp/main.jsonl"
events=$(head -n 1 "$tmp/main.jsonl" | sed 's/.*"events":\([0-9]*\),.*/\1/')
# the labels of a decision event, as the message lists them: the candidates,
# then the declines (written before the candidates in the record)
labels() {
  local l; l=$(sed -n "$(($1 + 2))p" "$tmp/main.jsonl" | sed 's/.*"decision"://')
  { echo "$l" | sed 's/.*"candidates":\[//' | grep -o '"label":"[^"]*"'
    echo "$l" | grep -o '"declines":\[[^]]*\]' | grep -o '"label":"[^"]*"'; } |
    sed 's/"label":"\(.*\)"/\1/' | paste -sd, - | sed 's/,/, /g'; }
first_dec=$(grep -n '"decision"' "$tmp/main.jsonl" | head -1 | cut -d: -f1); first_dec=$((first_dec - 2))
window=$(grep -n '"decision":{"rule":"pong_strict_drop"' "$tmp/main.jsonl" | head -1 | cut -d: -f1); window=$((window - 2))

expect_err not_decision   "${p}event 0 is a deal, not a decision" --try 0:Z "$s1"
expect_err not_decision_2 "${p}event 52 is a draw, not a decision" --try 52:pass "$s1"
expect_err not_candidate  "${p}'Q' is not a choice at event $first_dec; the choices are: $(labels $first_dec)" \
  --try "$first_dec:Q" "$s1"
expect_err not_candidate_w "${p}'B PONG' is not a choice at event $window; the choices are: $(labels $window)" \
  --try "$window:B PONG" "$s1"
expect_err pass_bare      "${p}'PASS' is not a choice at event $first_dec; the choices are: $(labels $first_dec)" \
  --try "$first_dec:PASS" "$s1"
expect_err not_increasing "${p}event indices must increase: 58 after 60" --try "60:Z,58:Z" "$s1"
expect_err same_index     "${p}event indices must increase: 60 after 60" --try "60:Z,60:Z" "$s1"
expect_err past_end       "${p}the game has only $events events; event $events is past its end" \
  --try "$events:pass" "$s1"
expect_err malformed      "${p}expected an event index and ':' then a label (I:LABEL), found 'Z'" --try Z "$s1"
expect_err empty_label    "${p}empty label after '5:'" --try 5: "$s1"
# usage errors
"$ds" mahjong --compare "$s1" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- "--compare needs --try" "$tmp/err" && ok || bad "compare alone"
"$ds" mahjong --try 60:Z --compare --trace "$s1" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "cannot be combined" "$tmp/err" && ok || bad "compare+trace"
"$ds" mahjong --try 60:Z --distance "1M" --melds 4 > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "cannot be combined with --distance" "$tmp/err" && ok || bad "try+distance"
# the input's own errors come first, in their own words
head -n 100 "$s1" > "$tmp/short.in"
expect_err bad_input "deckscope mahjong: line 101, column 1: expected 148 tiles (one per line), found end of input after 100" \
  --try 60:Z --compare "$tmp/short.in"

# --compare: the head and both outcomes; the main line's outcome is the judge's
outcome='^(main line|variation): ([ABCD] wins by (RON on [ABCD]'"'"'s discard [1-9A-Z]+|SELFDRAWN) \(event [0-9]+\)|DRAW: [ABCD] must draw and the wall is empty \(event [0-9]+\))$'
winner=$(tail -n 1 "$tmp/main.out" | cut -c1)
own=$(sed -n "$((window + 2))p" "$tmp/main.jsonl" | sed 's/.*"chosen":"\([^"]*\)".*/\1/')
"$ds" mahjong --try "$window:pass" --compare "$s1" > "$tmp/cmp" 2> "$tmp/err" || bad "compare: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/cmp")" -eq 4 ] && ok || bad "compare: $(wc -l < "$tmp/cmp") lines"
[ "$(sed -n 1p "$tmp/cmp")" = "variation: $window:pass" ] && ok || bad "compare line 1: $(sed -n 1p "$tmp/cmp")"
[ "$(sed -n 2p "$tmp/cmp")" = "first difference: event $window (main line: $own, variation: pass)" ] && ok ||
  bad "compare line 2: $(sed -n 2p "$tmp/cmp")"
[ "$(sed -n '3,4p' "$tmp/cmp" | grep -cE "$outcome")" -eq 2 ] && ok || bad "compare outcomes: $(sed -n '3,4p' "$tmp/cmp")"
sed -n 3p "$tmp/cmp" | grep -q "^main line: $winner wins" && ok || bad "compare main winner: $(sed -n 3p "$tmp/cmp")"
"$ds" mahjong --try "$window:$own" --compare "$s1" > "$tmp/cmp2"
[ "$(sed -n 2p "$tmp/cmp2")" = "first difference: none (the variation is the main line)" ] && ok || bad "compare own: $(sed -n 2p "$tmp/cmp2")"
[ "$(sed -n 3p "$tmp/cmp2" | cut -d: -f2-)" = "$(sed -n 4p "$tmp/cmp2" | cut -d: -f2-)" ] && ok || bad "compare own outcomes differ"
# the variation's outcome is its own judge output's
"$ds" mahjong --try "$window:pass" "$s1" > "$tmp/var.out"
vw=$(tail -n 1 "$tmp/var.out")
case "$vw" in
  DRAW) sed -n 4p "$tmp/cmp" | grep -q '^variation: DRAW' && ok || bad "variation outcome vs DRAW";;
  *) sed -n 4p "$tmp/cmp" | grep -q "^variation: ${vw%% *} wins by $(tail -n 2 "$tmp/var.out" | head -1 | cut -d' ' -f2)" &&
     ok || bad "variation outcome $(sed -n 4p "$tmp/cmp") vs $(tail -n 2 "$tmp/var.out" | tr '\n' ' ')";;
esac

have_python3 || { try_done; exit; }

# the rule's own choice = the main line, byte for byte (output and trace);
# another candidate: valid JSON Lines, the main line before it, forced at it
"$ds" gen mahjong --seed 11 > "$tmp/g.in"
for f in "$s1" "$tmp/g.in"; do check_decisions "$f" 4 6; done

# "B declines" (docs/games/mahjong.md): at every claim window of the
# official cases whose decline leads to another player's claim (neither the
# rule's choice nor pass), and at the first few of the sample, --try
# 'I:B declines' is --try 'I:<its "then">' byte for byte (output and trace);
# a decline of the rule's claimer is forced in the trace ("rule_choice" the
# rule's claim); a player with no candidate cannot decline.
official=$(dirname "$0")/../data/mahjong-official
declines() { python3 -c '
import json, sys
lines = open(sys.argv[1]).read().split("\n")[1:-1]
evs = [json.loads(l) for l in lines]
rows, shown = [], 0
for e in evs:
    d = e.get("decision")
    if not d or "declines" not in d: continue
    for x in d["declines"]:
        other = x["then"] not in ("pass", d["chosen"])
        if other or shown < int(sys.argv[2]):
            rows.append("%d\t%s\t%s\t%s" % (e["i"], x["label"], x["then"], d["chosen"])); shown += 1
print("\n".join(rows))
' "$1" "$2"; }
nother=0
for f in "$s1" "$official"/*.in; do
  [ -f "$f" ] || continue
  "$ds" mahjong --trace "$f" > "$tmp/d.jsonl"
  declines "$tmp/d.jsonl" "$([ "$f" = "$s1" ] && echo 3 || echo 0)" > "$tmp/decl"
  while IFS=$'\t' read -r i label then rule; do
    [ -n "$i" ] || continue
    "$ds" mahjong --try "$i:$label" "$f" > "$tmp/a.out" 2> "$tmp/err" || { bad "decline $f $i:$label: $(cat "$tmp/err")"; continue; }
    "$ds" mahjong --try "$i:$then" "$f" | cmp -s - "$tmp/a.out" && ok || bad "decline output $f $i:$label vs $then"
    "$ds" mahjong --try "$i:$label" --trace "$f" > "$tmp/a.jsonl"
    "$ds" mahjong --try "$i:$then" --trace "$f" | cmp -s - "$tmp/a.jsonl" && ok || bad "decline trace $f $i:$label vs $then"
    if [ "$then" != "$rule" ]; then
      sed -n "$((i + 2))p" "$tmp/a.jsonl" | grep -q "\"rule_choice\":\"$rule\",\"chosen\":\"$then\",\"forced\":true" && ok ||
        bad "decline not forced: $f $i:$label"
      [ "$then" != pass ] && nother=$((nother + 1))
    fi
  done < "$tmp/decl"
done
[ $nother -gt 0 ] && ok || bad "no decline led to another player's claim"
# a player with no candidate in the window cannot decline; the message lists the declines
"$ds" mahjong --trace "$s1" > "$tmp/s1.jsonl"
w=$(python3 -c '
import json, sys
for l in open(sys.argv[1]).read().split("\n")[1:-1]:
    e = json.loads(l); d = e.get("decision")
    if d and "declines" in d:
        who = {x["seat"] for x in d["declines"]}
        idle = [p for p in "ABCD" if p not in who]
        print(e["i"], idle[0], ", ".join([c["label"] for c in d["candidates"]] + [x["label"] for x in d["declines"]])); break
' "$tmp/s1.jsonl")
read -r wi widle wrest <<< "$w"
expect_err decline_idle "${p}'$widle declines' is not a choice at event $wi; the choices are: $wrest" --try "$wi:$widle declines" "$s1"

try_done
