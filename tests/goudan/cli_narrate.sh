#!/usr/bin/env bash
# cli_narrate.sh DECKSCOPE SAMPLES - deckscope goudan --narrate (issue 21):
# one line "I<TAB>sentence" per event of the game of query 1, numbered 0..n-1
# in order, as many as --trace has events, in English and Chinese, for the
# main line and a variation; a bad --lang is a usage error (exit 2, nothing
# on stdout); --try needs --playout or --narrate.
set -u
bin=$1 samples=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if "$@"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: $*"; fi; }
# lines numbered 0..n-1, one tab each, a sentence after it
numbered() {
  awk -F'\t' -v n="$2" 'NF != 2 || $1 != NR - 1 || $2 == "" { bad = 1 } END { exit bad || NR != n }' "$1"
}
"$bin" gen goudan --seed 5 --count 2 > "$tmp/in"
for input in "$tmp/in" "$samples/sample-2.in"; do
  for seed in 4; do
    "$bin" goudan --trace --seed $seed "$input" > "$tmp/trace"; ok test $? -eq 0
    n=$(($(wc -l < "$tmp/trace") - 1))
    ok test "$n" -gt 0
    for lang in en zh; do
      "$bin" goudan --narrate --seed $seed --lang $lang "$input" > "$tmp/n.$lang"; ok test $? -eq 0
      ok numbered "$tmp/n.$lang" "$n"
    done
    "$bin" goudan --narrate --seed $seed "$input" | cmp -s - "$tmp/n.en"; ok test $? -eq 0
    # the Chinese lines are Chinese, the English ones are not
    ok test "$(grep -cP '\t.*[\x{4e00}-\x{9fff}]{2}' "$tmp/n.zh")" -eq "$n"
    ok test "$(grep -c '老师\|小E' "$tmp/n.en")" -ge 1
    ok test "$(grep -cP '[\x{4e00}-\x{9fff}]{2}' "$tmp/n.en")" -eq 0
    # no engine label in any sentence
    ok test "$(grep -cE 'face\(|trade\(|end_turn|hit:[ET]|1e-' "$tmp/n.en" "$tmp/n.zh" | awk -F: '{s+=$2} END {print s}')" -eq 0
  done
done
# a variation: the first operation with another candidate, forced
python3 - "$tmp/trace" > "$tmp/pick" <<'PY'
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])][1:]
for e in ev:
    d = e.get('decision')
    if d and d['rule'] == 'max_win' and len(d['candidates']) > 1:
        other = [c for c in d['candidates'] if c['label'] != d['rule_choice']][0]
        print(e['i'], other['label'], other['name'], next(c['name'] for c in d['candidates'] if c['label'] == d['rule_choice']))
        break
PY
if [ -s "$tmp/pick" ]; then
  read -r i label names < "$tmp/pick"
  "$bin" goudan --trace --seed 4 --try "$i:$label" "$samples/sample-2.in" > "$tmp/vtrace"; ok test $? -eq 0
  "$bin" goudan --narrate --seed 4 --try "$i:$label" "$samples/sample-2.in" > "$tmp/vn"; ok test $? -eq 0
  ok numbered "$tmp/vn" $(($(wc -l < "$tmp/vtrace") - 1))
  ok grep -q "^$i	Your move for .*(your choice, win chance .*; the rule's move: " "$tmp/vn"
fi
# usage errors: exit 2, nothing on stdout, one line on stderr
for args in "--narrate --lang fr" "--trace --lang xx" "--narrate --lang" "--explain --narrate" \
            "--narrate --compare --try 1:play" "--json" "--playout --json"; do
  "$bin" goudan $args "$samples/sample-1.in" > "$tmp/out" 2> "$tmp/err"
  ok test $? -eq 2
  ok test ! -s "$tmp/out"
  ok test "$(wc -l < "$tmp/err")" -eq 1
done
ok grep -q "^deckscope goudan: --lang: expected en or zh, found 'fr'" <("$bin" goudan --narrate --lang fr "$samples/sample-1.in" 2>&1)
# --explain --json: one line per query, the decision record of the trace's
# shape, its rule's choice the '*' line of the text form, in both languages
"$bin" goudan --explain --json "$tmp/in" > "$tmp/ej"; ok test $? -eq 0
"$bin" goudan --explain --lang zh "$tmp/in" > "$tmp/ez"; ok test $? -eq 0
ok python3 - "$tmp/ej" "$tmp/ez" "$(head -1 "$tmp/in" | cut -d' ' -f1)" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
text = open(sys.argv[2]).read().splitlines()
stars = [l for l in text if l.startswith('  * ')]
assert len(lines) == int(sys.argv[3]) == len(stars), (len(lines), len(stars))
for j, star in zip(lines, stars):
    d = j['decision']
    assert d['rule'] == 'max_win' and d['measure'] == 'win_chance' and d['forced'] is False
    r = [c for c in d['candidates'] if c['label'] == d['rule_choice']][0]
    assert r['reason'] == 'rule_choice' and '%.9f' % r['value'] == j['answer'], (r, j['answer'])
    assert all(c['reason'] in ('rule_choice', 'worse_value', 'tie_later_in_order') for c in d['candidates'])
    zh = star.split('  ', 2)[2]
    assert any('\u4e00' <= ch <= '\u9fff' for ch in zh), star
PY
# a bad --try with --narrate: exit 2, the choice's error
"$bin" goudan --narrate --try 0:play "$samples/sample-2.in" > "$tmp/out" 2> "$tmp/err"
ok test $? -eq 2
ok test ! -s "$tmp/out"
ok grep -q "event 0 is the start of a turn (a draw), not a decision" "$tmp/err"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
