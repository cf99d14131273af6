#!/usr/bin/env bash
# cli_errors.sh DECKSCOPE - bad goudan inputs and usages: exit status 2, nothing
# on stdout, one line on stderr naming the line and column of the problem.
set -u
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # name input expected-location [args...]
  local name=$1 input=$2 loc=$3; shift 3
  printf '%b' "$input" > "$tmp/in"
  "$bin" goudan "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"; rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
     grep -q "^deckscope goudan: $loc" "$tmp/err"; then pass=$((pass+1))
  else fail=$((fail+1)); echo "FAIL $name: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"; fi
}
check empty ''                                      'line 1, column 1: expected T'
check o_high '1 6\n1 1\n0\n0\n0 1\n'               'line 1, column 3: O (operations per turn) must be between 3 and 5'
check o_low '1 2\n1 1\n0\n0\n0 1\n'                'line 1, column 3: O'
check hp_e_high '1 5\n21 1\n0\n0\n0 1\n'           'line 2, column 1: E'
check hp_s_zero '1 5\n1 0\n0\n0\n0 1\n'            'line 2, column 3: S'
check minions_5 '1 5\n1 1\n5 1 1 1 1 1\n0\n0 1\n'   'line 3, column 1: the number of the teacher.s minions must be between 0 and 4'
check minion_hp '1 5\n1 1\n0\n2 1 3\n0 1\n'        'line 4, column 5: the HP of 小E.s minion 2 must be between 1 and 2'
check minion_missing '1 5\n1 1\n2 1\n0\n0 1\n'     'line 3, column 4: expected the HP of the teacher.s minion 2, found end of line'
check hand_high '1 5\n1 1\n0\n0\n0 4\n'            'line 5, column 3: 小E.s hand size must be between 0 and 3'
check too_few '2 5\n1 1\n0\n0\n0 1\n'              'line 6, column 1: expected E'
check extra '1 5\n1 1\n0\n0\n0 1\n7\n'             'line 6, column 1: expected end of input'
check junk '1 5\n1 1\n0\n0\n0 x\n'                 "line 5, column 3: expected 小E's hand size (an integer), found 'x'"
check explain_bad '1 5\n1 99\n0\n0\n0 1\n'         'line 2, column 3' --explain
check playout_bad '1 5\n1 1\n0\n0\n0 1 1\n'        'line 5, column 5' --playout --seed 1
# usage errors: status 2, nothing on stdout
for args in "goudan --bogus" "goudan --seed" "goudan --seed x" "goudan --explain --playout" \
            "gen goudan --seed x" "gen goudan --all --max" "gen goudan --count 20000000"; do
  # shellcheck disable=SC2086
  "$bin" $args < /dev/null > "$tmp/out" 2> "$tmp/err"; rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ -s "$tmp/err" ]; then pass=$((pass+1))
  else fail=$((fail+1)); echo "FAIL usage '$args': exit $rc"; fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
