#!/usr/bin/env bash
# cli_try.sh DECKSCOPE SAMPLES_DIR - `deckscope goudan --playout --try` and
# `--compare` (docs/variations.md, docs/games/goudan.md): every error case
# exits 2 with one stderr line "deckscope goudan: --try: ..." (or a usage
# error) and nothing on stdout; --compare's four lines when the variation
# differs (an operation and a chance outcome) and when it is the main line;
# --try --trace is valid JSON Lines with "i" on every event, the main line's
# events before the forced one and "forced"/"rule_choice" at it; the rule's
# own choice at every decision at once is the main line byte for byte.
# --compare is the same with --playout, --trace or neither.
# Needs python3 for the JSON checks. Prints "N passed, N failed". The
# helpers: tests/try_common.sh.
set -u
. "$(dirname "$0")/../try_common.sh"
try_init goudan "$1"
data=$2
s2=$data/sample-2.in
play=(--playout --seed 3)

"$ds" goudan "${play[@]}" "$s2" > "$tmp/main"; [ $? -eq 0 ] && ok || bad "main line"
n=$(sed -n '1s/.*"events":\([0-9]*\).*/\1/p' "$tmp/main")
expect_err not_decision  "${p}event 0 is the start of a turn (a draw), not a decision" "${play[@]}" --try 0:play "$s2"
expect_err win_event     "${p}event $((n - 1)) is the end of the game (a win), not a decision" "${play[@]}" --try "$((n - 1)):play" "$s2"
expect_err past_end      "${p}the game has only $n events; event $((n + 3)) is past its end" "${play[@]}" --try "$((n + 3)):play" "$s2"
expect_err not_increasing "${p}event indices must increase: 3 after 5" "${play[@]}" --try 5:play,3:skill "$s2"
expect_err equal_indices "${p}event indices must increase: 5 after 5" "${play[@]}" --try 5:play,5:skill "$s2"
expect_err compare_errs  "${p}event 0 is the start of a turn (a draw), not a decision" "${play[@]}" --try 0:play --compare "$s2"
expect_fail malformed     "^${p}expected an event index" "${play[@]}" --try x "$s2"
expect_fail no_index      "^${p}expected an event index" "${play[@]}" --try :play "$s2"
expect_fail no_label      "^${p}empty label" "${play[@]}" --try 3: "$s2"
expect_fail trailing      "^${p}expected an event index" "${play[@]}" --try 3:play, "$s2"
expect_fail long_label    "^${p}labels are at most 39 bytes" "${play[@]}" --try "3:$(printf 'h%.0s' $(seq 40))" "$s2"
expect_fail no_playout    "^deckscope goudan: --try needs --playout" --try 1:play "$s2"
expect_fail explain_try   "^deckscope goudan: --try needs --playout" --explain --try 1:play "$s2"
expect_fail compare_alone "^deckscope goudan: --compare needs --try" "${play[@]}" --compare "$s2"
printf '1 5\n1 1\n0\n0\n0 9\n' > "$tmp/bad.in"
expect_fail bad_input     "^deckscope goudan: line 5, column 3: " "${play[@]}" --try 1:play "$tmp/bad.in"

have_python3 || { try_done; exit; }

# facts of the main line, read from its trace: a decision's labels (not a
# candidate), an operation and a hit with another candidate, every decision's
# own choice
python3 - "$tmp/main" > "$tmp/facts" <<'EOF' || bad "main line facts"
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])][1:]
dec = [e for e in ev if 'decision' in e]
op = next(e for e in dec if e['type'] != 'hit' and len(e['decision']['candidates']) > 1)
hit = next(e for e in dec if e['type'] == 'hit')
other = lambda e: [c['label'] for c in e['decision']['candidates'] if c['label'] != e['decision']['chosen']][-1]
print(op['i'], ', '.join(c['label'] for c in op['decision']['candidates']))
print(op['i'], op['decision']['chosen'], other(op))
print(hit['i'], hit['decision']['chosen'], other(hit))
print(','.join('%d:%s' % (e['i'], e['decision']['chosen']) for e in dec))
EOF
read -r i_op legal < <(sed -n 1p "$tmp/facts")
expect_err not_candidate "${p}'hit:E' is not a choice at event $i_op; the choices are: $legal" "${play[@]}" --try "$i_op:hit:E" "$s2"

# every decision's own choice at once: the main line, byte for byte
"$ds" goudan "${play[@]}" --try "$(sed -n 4p "$tmp/facts")" "$s2" > "$tmp/own"
if [ $? -eq 0 ] && cmp -s "$tmp/own" "$tmp/main"; then ok; else bad "own choices != main line"; fi

# a label as a literal in an extended regular expression
re() { printf '%s' "$1" | sed 's/[][().*+?^$|\\{}]/\\&/g'; }

# another operation and another hit target: the variation's trace and --compare
for k in 2 3; do
  read -r i chosen other < <(sed -n ${k}p "$tmp/facts")
  rc_=$(re "$chosen") ro_=$(re "$other")
  "$ds" goudan --trace --seed 3 --try "$i:$other" "$s2" > "$tmp/var"; rc=$?
  if [ $rc -eq 0 ] && python3 - "$tmp/main" "$tmp/var" "$i" "$chosen" "$other" <<'EOF'; then ok; else bad "variation $i:$other: trace"; fi
import json, sys
main = open(sys.argv[1]).read().splitlines()
var = open(sys.argv[2]).read().splitlines()
i, chosen, other = int(sys.argv[3]), sys.argv[4], sys.argv[5]
objs = [json.loads(l) for l in var]
assert objs[0]['type'] == 'header' and objs[0]['events'] == len(var) - 1
assert all(o['i'] == k for k, o in enumerate(objs[1:]))
assert var[1:i + 1] == main[1:i + 1], 'the first I events are the main line'
d = objs[i + 1]['decision']
assert d['chosen'] == other and d['forced'] is True and d['rule_choice'] == chosen, d
assert [c['label'] for c in d['candidates']] == [c['label'] for c in json.loads(main[i + 1])['decision']['candidates']]
assert objs[-1]['type'] == 'win'
assert not any(o.get('decision', {}).get('forced') for o in objs[1:] if o['i'] != i)
EOF
  "$ds" goudan "${play[@]}" --try "$i:$other" --compare "$s2" > "$tmp/cmp" 2> "$tmp/err"; rc=$?
  if [ $rc -eq 0 ] && [ "$(wc -l < "$tmp/cmp")" -eq 4 ] &&
     [ "$(sed -n 1p "$tmp/cmp")" = "variation: $i:$other" ] &&
     [ "$(sed -n 2p "$tmp/cmp")" = "first difference: event $i (main line: $chosen, variation: $other)" ] &&
     sed -n 3p "$tmp/cmp" | grep -qE "^main line: $rc_ at event $i \((小E|the teacher)'s win probability [01]\.[0-9]{9}(, p = [0-9.]+)?\); (小E|the teacher) wins at event $((n - 1))\$" &&
     sed -n 4p "$tmp/cmp" | grep -qE "^variation: $ro_ at event $i \((小E|the teacher)'s win probability [01]\.[0-9]{9}(, p = [0-9.]+)?\); (小E|the teacher) wins at event [0-9]+\$"; then ok; else
    bad "compare $i:$other: $(cat "$tmp/cmp" "$tmp/err")"; fi
  # --compare is of the played game with or without --playout (or --trace)
  for alt in "--seed 3" "--trace --seed 3"; do
    # shellcheck disable=SC2086
    "$ds" goudan $alt --try "$i:$other" --compare "$s2" | cmp -s - "$tmp/cmp" && ok ||
      bad "compare $i:$other with '$alt' differs from --playout"
  done
  # the win probabilities printed are the candidates' values in the trace
  python3 - "$tmp/var" "$tmp/cmp" "$i" <<'EOF' && ok || bad "compare $i:$other: values"
import json, re, sys
var = [json.loads(l) for l in open(sys.argv[1])]
cmp = open(sys.argv[2]).read().splitlines()
d = var[int(sys.argv[3]) + 1]['decision']
# a hit's value is its probability (measure chance); its win probability is win_chance
val = {c['label']: c.get('win_chance', c['value']) for c in d['candidates']}
for line, label in ((cmp[2], d['rule_choice']), (cmp[3], d['chosen'])):
    got = float(re.search(r'win probability ([01]\.[0-9]{9})', line).group(1))
    assert abs(got - val[label]) <= 5e-10, (line, val[label])
EOF
done

# own choice with --compare: the main line
read -r i chosen other < <(sed -n 2p "$tmp/facts")
"$ds" goudan "${play[@]}" --try "$i:$chosen" --compare "$s2" > "$tmp/cmp" 2> "$tmp/err"
if [ $? -eq 0 ] && [ "$(wc -l < "$tmp/cmp")" -eq 4 ] &&
   [ "$(sed -n 2p "$tmp/cmp")" = "first difference: none (the variation is the main line)" ] &&
   [ "$(sed -n 3p "$tmp/cmp" | cut -c11-)" = "$(sed -n 4p "$tmp/cmp" | cut -c11-)" ] &&
   sed -n 3p "$tmp/cmp" | grep -qE "^main line: (小E|the teacher) wins at event $((n - 1))\$"; then ok; else
  bad "compare_same: $(cat "$tmp/cmp" "$tmp/err")"; fi

try_done
