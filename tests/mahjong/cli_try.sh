#!/usr/bin/env bash
# cli_try.sh DECKSCOPE SAMPLE_IN - `deckscope mahjong --try` and `--compare`
# (docs/variations.md, docs/games/mahjong.md): every error case exits 2 with
# one stderr line "deckscope mahjong: --try: ..." and nothing on stdout;
# --compare's four lines when the variation differs and when it is the main
# line; the rule's own choice at decisions of the sample and of generated
# decks is the main line byte for byte (output and trace); another
# candidate: valid JSON Lines with "i" on every event, the main line's lines
# before the forced event, "forced" and "rule_choice" at it. Needs python3
# for the JSON checks. Prints "N passed, N failed".
set -u
ds=$1 s1=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }

# expect_err NAME MESSAGE ARGS...: exit 2, empty stdout, exactly the line
expect_err() {
  local name=$1 want=$2; shift 2
  "$ds" mahjong "$@" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
     [ "$(cat "$tmp/err")" = "$want" ]; then ok; else
    bad "$name: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err") (want: $want)"; fi
}

"$ds" mahjong "$s1" > "$tmp/main.out"
"$ds" mahjong --trace "$s1" > "$tmp/main.jsonl"
events=$(head -n 1 "$tmp/main.jsonl" | sed 's/.*"events":\([0-9]*\),.*/\1/')
# the labels of a decision event, as the message lists them
labels() { sed -n "$(($1 + 2))p" "$tmp/main.jsonl" | sed 's/.*"decision"://' |
  grep -o '"label":"[^"]*"' | sed 's/"label":"\(.*\)"/\1/' | paste -sd, - | sed 's/,/, /g'; }
first_dec=$(grep -n '"decision"' "$tmp/main.jsonl" | head -1 | cut -d: -f1); first_dec=$((first_dec - 2))
window=$(grep -n '"decision":{"rule":"pong_strict_drop"' "$tmp/main.jsonl" | head -1 | cut -d: -f1); window=$((window - 2))

p='deckscope mahjong: --try: '
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

if ! command -v python3 >/dev/null 2>&1; then
  echo "python3 not found: JSON checks skipped"; echo "$pass passed, $fail failed"; [ $fail -eq 0 ]; exit; fi

# the rule's own choice = the main line, byte for byte (output and trace);
# another candidate: valid JSON Lines, the main line before it, forced at it
"$ds" gen mahjong --seed 11 > "$tmp/g.in"
for f in "$s1" "$tmp/g.in"; do
  "$ds" mahjong "$f" > "$tmp/main.out"; "$ds" mahjong --trace "$f" > "$tmp/main.jsonl"
  python3 -c '
import json, sys
for l in open(sys.argv[1]).read().split("\n")[1:-1]:
    e = json.loads(l)
    if "decision" in e:
        d = e["decision"]
        others = [c["label"] for c in d["candidates"] if c["label"] != d["chosen"]]
        print("%d\t%s\t%s" % (e["i"], d["chosen"], others[-1] if others else "-"))
' "$tmp/main.jsonl" | awk 'NR % 4 == 1' | head -6 > "$tmp/dec"
  [ -s "$tmp/dec" ] || bad "no decisions in $f"
  while IFS=$'\t' read -r i own other; do
    "$ds" mahjong --try "$i:$own" "$f" | cmp -s - "$tmp/main.out" || bad "own output $f $i:$own"
    "$ds" mahjong --try "$i:$own" --trace "$f" | cmp -s - "$tmp/main.jsonl" || bad "own trace $f $i:$own"
    [ "$other" = - ] && continue
    "$ds" mahjong --try "$i:$other" --trace "$f" > "$tmp/var.jsonl" 2> "$tmp/err" || bad "try $f $i:$other: $(cat "$tmp/err")"
    python3 -c '
import json, sys
main = open(sys.argv[1]).read().split("\n")
var = open(sys.argv[2]).read().split("\n")
i, lab, own = int(sys.argv[3]), sys.argv[4], sys.argv[5]
assert var[-1] == "", "no final newline"
objs = [json.loads(l) for l in var[:-1]]
assert objs[0]["type"] == "header" and objs[0]["events"] == len(objs) - 1
for k, e in enumerate(objs[1:]):
    assert e["i"] == k and e["step"] == k
    if "decision" in e:
        labels = [c["label"] for c in e["decision"]["candidates"]]
        assert len(set(labels)) == len(labels) and e["decision"]["chosen"] in labels
assert var[1:i + 1] == main[1:i + 1], "the lines before the forced event"
d = objs[i + 1]["decision"]
assert d["chosen"] == lab and d["forced"] is True and d["rule_choice"] == own, d
assert sum("forced" in e.get("decision", {}) for e in objs[1:]) == 1
' "$tmp/main.jsonl" "$tmp/var.jsonl" "$i" "$other" "$own" 2> "$tmp/py" || bad "trace $f $i:$other: $(tail -1 "$tmp/py")"
    ok
  done < "$tmp/dec"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
