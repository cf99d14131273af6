#!/usr/bin/env bash
# cli_try.sh DECKSCOPE DATA_DIR - `deckscope cirno --try` and `--compare`
# (docs/variations.md): every error case exits 2 with one stderr line
# "deckscope cirno: --try: ..." and nothing on stdout; forcing the rule's own
# card at every decision of the samples gives the judge output byte for byte;
# --compare's four lines, when the variation differs and when it is the main
# line; --try --trace is valid JSON Lines with "i" on every event, the
# main line's lines before the forced event and "forced" at it. Needs
# python3 for the JSON checks. Prints "N passed, N failed". The helpers:
# tests/try_common.sh.
set -u
. "$(dirname "$0")/../try_common.sh"
try_init cirno "$1"
data=$2
s1=$data/sample-1.in s2=$data/sample-2.in

expect_err not_decision   "${p}event 0 is the start of round 1, not a decision" --try 0:A1 "$s1"
expect_err not_decision_2 "${p}event 18 is the start of round 2, not a decision" --try 18:A99 "$s2"
expect_err not_candidate  "${p}'Q9' is not a choice at event 1; the choices are: B9, A99, PASS" --try 1:Q9 "$s1"
expect_err not_held       "${p}'A1' is not a choice at event 5; the choices are: B9, PASS" --try 5:A1 "$s1"
expect_err one_candidate  "${p}'B9' is not a choice at event 17; the choices are: A99" --try 17:B9 "$s2"
expect_err not_increasing "${p}event indices must increase: 3 after 5" --try 5:B9,3:E49 "$s1"
expect_err equal_indices  "${p}event indices must increase: 5 after 5" --try 5:B9,5:PASS "$s1"
expect_err past_end       "${p}the game has only 9 events; event 9 is past its end" --try 9:A1 "$s1"
# the second choice is past the end of the line the first one made (C2 at p=99 loses at once)
expect_err past_variation "${p}the game has only 3 events; event 5 is past its end" --try 2:C2,5:PASS "$s1"
expect_err compare_errs   "${p}event 0 is the start of round 1, not a decision" --try 0:A1 --compare "$s1"
expect_fail malformed      "^${p}expected an event index" --try x "$s1"
expect_fail no_label       "^${p}empty label" --try 3: "$s1"
expect_fail trailing_comma "^${p}expected an event index" --try 3:A1, "$s1"
expect_fail neg_index      "^${p}expected an event index" --try -3:A1 "$s1"
expect_fail long_label     "^${p}labels are at most 39 bytes" --try "3:$(printf 'A%.0s' $(seq 40))" "$s1"
expect_fail compare_alone  "^deckscope cirno: --compare needs --try" --compare "$s1"
expect_fail compare_trace  "^deckscope cirno: --compare and --trace" --try 1:PASS --compare --trace "$s1"
# bad input stays an input error with its position, also with --try
printf '1 1 3\nBob A1 A3 A5\nA1 A1 A1\n' > "$tmp/bad.in"
expect_fail bad_input "^deckscope cirno: line 2, column 8: " --try 1:A1 "$tmp/bad.in"

# --compare: a variation that differs, and one that is the main line
"$ds" cirno --try 1:PASS --compare "$s1" > "$tmp/cmp" 2> "$tmp/err"
if [ $? -eq 0 ] && [ "$(wc -l < "$tmp/cmp")" -eq 4 ] &&
   [ "$(sed -n 1p "$tmp/cmp")" = "variation: 1:PASS" ] &&
   [ "$(sed -n 2p "$tmp/cmp")" = "first difference: event 1 (main line: A99, variation: PASS)" ] &&
   [ "$(sed -n 3p "$tmp/cmp")" = "main line: Cirno lost round 1 with A19 (p=108)" ] &&
   sed -n 4p "$tmp/cmp" | grep -q '^variation: Cirno lost round 1 with '; then ok; else
  bad "compare_differs: $(cat "$tmp/cmp" "$tmp/err")"; fi
"$ds" cirno --try 1:A99,4:C2 --compare "$s1" > "$tmp/cmp" 2> "$tmp/err"
if [ $? -eq 0 ] && [ "$(wc -l < "$tmp/cmp")" -eq 4 ] &&
   [ "$(sed -n 2p "$tmp/cmp")" = "first difference: none (the variation is the main line)" ] &&
   [ "$(sed -n 3p "$tmp/cmp" | cut -c11-)" = "$(sed -n 4p "$tmp/cmp" | cut -c11-)" ]; then ok; else
  bad "compare_same: $(cat "$tmp/cmp" "$tmp/err")"; fi
"$ds" cirno --try 3:D2 --compare "$s2" > "$tmp/cmp" 2> "$tmp/err"
if [ $? -eq 0 ] && [ "$(sed -n 3p "$tmp/cmp")" = "main line: Reimu lost round 1 with A99 (p=140), Marisa lost round 2 with A99 (p=198)" ]; then ok; else
  bad "compare_two_rounds: $(cat "$tmp/cmp" "$tmp/err")"; fi

# a variation stops without an error when the deck runs out or p reaches -10^4
"$ds" cirno --try 1:PASS --compare "$s1" | grep -q '^variation: .*and the deck ran out as she drew (1 of 3 cards)$' && ok || bad "deck_out_outcome"
printf '1 1 20\nBob B19 C2 D2\nC2 C2 C2 C2 C2 C2 C2 C2 C2 C2 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n' > "$tmp/p.in"
spec=1:B19; for i in 2 3 4 5 6 7 8 9 10 11; do spec="$spec,$i:C2"; done
"$ds" cirno --try "$spec" "$tmp/p.in" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ "$(tail -1 "$tmp/out")" = "Bob used C2,now p=-19456." ] && [ "$(wc -l < "$tmp/out")" -eq 12 ] && ok ||
  bad "p_limit_stop: $(cat "$tmp/err")"
"$ds" cirno --try "$spec" --compare "$tmp/p.in" | grep -qx "variation: the game stops after 12 events in round 1: p=-19456 is outside the judge's range |p| < 10000" &&
  ok || bad "p_limit_outcome"
expect_err p_limit_past "${p}the game has only 12 events; event 12 is past its end" --try "$spec,12:C2" "$tmp/p.in"

have_python3 || { try_done; exit; }

# the rule's own card at every third decision = the main line, byte for byte
# (judge output and trace); another card there: a valid variation whose
# forced event plays that card
"$ds" gen cirno --seed 11 > "$tmp/g.in"
for f in "$s1" "$s2" "$tmp/g.in"; do
  check_decisions "$f" 3 12 '
assert objs[i + 1]["card"] == lab
assert all("decision" in e for e in objs[1:] if e["type"] != "round")'
done

try_done
