#!/usr/bin/env bash
# cli_errors.sh DECKSCOPE - bad input and bad usage of `deckscope cirno` and
# `deckscope gen cirno`: exit status 2, nothing on stdout, one line on stderr
# (with "line L, column C" for input errors). Prints "N passed, N failed".
set -u
ds=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# expect_input NAME WHERE INPUT: WHERE is "line L, column C"
expect_input() {
  local name=$1 where=$2
  printf '%b' "$3" > "$tmp/in"
  "$ds" cirno < "$tmp/in" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  local nerr; nerr=$(wc -l < "$tmp/err")
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$nerr" -eq 1 ] && grep -q "^deckscope cirno: $where: " "$tmp/err"; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL $name: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"
  fi
}

# expect_usage NAME ARGS...: exit 2, empty stdout, a message on stderr
expect_usage() {
  local name=$1; shift
  "$ds" "$@" < /dev/null > "$tmp/out" 2> "$tmp/err"; local rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ -s "$tmp/err" ]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL $name: exit $rc, stderr: $(cat "$tmp/err")"; fi
}

expect_input empty            "line 1, column 1"  ''
expect_input n_zero           "line 1, column 1"  '0 1 1\n'
expect_input n_big            "line 1, column 1"  '31 1 1\n'
expect_input m_big            "line 1, column 3"  '2 101 5\n'
expect_input k_zero           "line 1, column 5"  '1 1 0\n'
expect_input k_big            "line 1, column 5"  '1 1 300001\n'
expect_input k_missing        "line 1, column 4"  '1 1\n'
expect_input header_extra     "line 1, column 7"  '1 1 3 4\n'
expect_input too_few_cards    "line 2, column 10" '1 1 3\nBob A1 A2\nA1 A1 A1\n'
expect_input too_many_cards   "line 2, column 14" '1 1 3\nBob A1 A2 A5 A9\nA1 A1 A1\n'
expect_input unknown_card     "line 2, column 8"  '1 1 3\nBob A1 A3 A5\nA1 A1 A1\n'
expect_input unknown_deck     "line 3, column 4"  '1 1 3\nBob A1 A2 A5\nA1 X A1\n'
expect_input deck_short       "line 3, column 6"  '1 1 3\nBob A1 A2 A5\nA1 A1\n'
expect_input deck_long        "line 3, column 10" '1 1 3\nBob A1 A2 A5\nA1 A1 A1 A1\n'
expect_input bad_name         "line 2, column 1"  '1 1 3\nBob1 A1 A2 A5\nA1 A1 A1\n'
expect_input long_name        "line 2, column 1"  '1 1 3\nAbcdefghijKlmnopqrstU A1 A2 A5\nA1 A1 A1\n'
expect_input missing_player   "line 3, column 1"  '2 1 3\nBob A1 A2 A5\nA1 A1 A1\n'
expect_input missing_deck     "line 3, column 1"  '1 1 3\nBob A1 A2 A5\n'
expect_input trailing_garbage "line 4, column 1"  '1 1 3\nBob A1 A2 A5\nA1 A1 A1\nxyz\n'
expect_input deck_runs_out    "line 3, column 3"  '1 1 1\nBob A1 A2 A5\nA9\n'
expect_input deck_out_at_loss "line 3, column 12" '1 1 3\nBob A99 A99 A99\nA99 A99 A99'
expect_input control_byte     "line 2, column 5"  '1 1 3\nBob \001 A2 A5\nA1 A1 A1\n'

# the deck-out message names the round
printf '1 2 4\nBob A99 A99 A99\nA99 A99 A99 A99\n' > "$tmp/in"
if "$ds" cirno < "$tmp/in" 2>&1 >/dev/null | grep -q "line 3, column 16: the deck ran out in round 2"; then
  pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL deck_out_round"; fi

expect_usage unknown_flag     cirno --bogus
expect_usage gen_no_seed      gen cirno
expect_usage gen_bad_seed     gen cirno --seed x
expect_usage gen_unknown_flag gen cirno --seed 1 --huge

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
