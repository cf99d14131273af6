#!/usr/bin/env bash
# cli_errors.sh DECKSCOPE DATA_DIR - bad input and bad usage of `deckscope thegame`:
# exit status 2, nothing on stdout, one line on stderr naming line and column.
# Also: --trace is valid JSON Lines-shaped output and `gen` is deterministic.
set -u
ds=$1 data=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }

# expect_error NAME "line L, column C" WORDS < input   (never in a pipeline:
# the counters must survive, so inputs go through "$tmp/in")
expect_error() {
  local name=$1 where=$2 words=$3
  "$ds" thegame > "$tmp/out" 2> "$tmp/err"; local rc=$?
  if [ $rc -ne 2 ]; then bad "$name: exit $rc, want 2"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: stdout not empty"; return; fi
  if [ "$(wc -l < "$tmp/err")" -ne 1 ]; then bad "$name: stderr is not one line: $(cat "$tmp/err")"; return; fi
  if ! grep -q "^deckscope thegame: $where: " "$tmp/err"; then bad "$name: want '$where', got: $(cat "$tmp/err")"; return; fi
  if ! grep -qF -- "$words" "$tmp/err"; then bad "$name: want '$words', got: $(cat "$tmp/err")"; return; fi
  ok
}

"$ds" gen thegame --seed 77 > "$tmp/deck" || bad "gen failed"
read -r -a d < "$tmp/deck"
[ ${#d[@]} -eq 98 ] && ok || bad "gen gave ${#d[@]} numbers"
# replace the k-th number (0-based) and print the deck on one line
with() { local k=$1 v=$2 i out=""; for ((i = 0; i < 98; i++)); do
  if [ $i -eq $k ]; then out+="$v"; else out+="${d[i]}"; fi; [ $i -lt 97 ] && out+=" "; done; echo "$out"; }
col_of() { local k=$1 i c=1; for ((i = 0; i < k; i++)); do c=$((c + ${#d[i]} + 1)); done; echo $c; }

with 10 abc > "$tmp/in"; expect_error "not an integer" "line 1, column $(col_of 10)" "expected card 11 of 98 (an integer from 2 to 99), found 'abc'" < "$tmp/in"
with 0 100 > "$tmp/in"; expect_error "too large" "line 1, column 1" "expected card 1 of 98 between 2 and 99, found '100'" < "$tmp/in"
with 97 1 > "$tmp/in"; expect_error "too small" "line 1, column $(col_of 97)" "found '1'" < "$tmp/in"
with 50 -7 > "$tmp/in"; expect_error "negative" "line 1, column $(col_of 50)" "found '-7'" < "$tmp/in"
with 40 "${d[3]}" > "$tmp/in"; expect_error "duplicate" "line 1, column $(col_of 40)" "found ${d[3]} again as card 41 (first seen as card 4 at line 1, column $(col_of 3))" < "$tmp/in"
# too few: the first 97 numbers; the error is at the end of the input
printf '%s' "$(with 97 "" | sed 's/ *$//')" > "$tmp/few"
expect_error "too few" "line 1, column $(( $(wc -c < "$tmp/few") + 1 ))" "found end of input after 97 numbers" < "$tmp/few"
printf '%s\n' "${d[@]}" > "$tmp/many"; echo 42 >> "$tmp/many"   # one number per line
expect_error "too many" "line 99, column 1" "expected end of input after 98 cards, found '42'" < "$tmp/many"
printf '' > "$tmp/in"; expect_error "empty" "line 1, column 1" "found end of input after 0 numbers" < "$tmp/in"
printf '2 3\n\n  x' > "$tmp/in"; expect_error "later line" "line 3, column 3" "expected card 3 of 98" < "$tmp/in"

# lenient whitespace: one number per line, CRLF, tabs -> same output as one line
"$ds" thegame < "$tmp/deck" > "$tmp/a" || bad "valid deck rejected"
printf '%s\r\n' "${d[@]}" | sed 's/^/\t /' > "$tmp/in"
"$ds" thegame < "$tmp/in" > "$tmp/b" 2>&1 && cmp -s "$tmp/a" "$tmp/b" && ok || bad "whitespace leniency"
[ "$(wc -l < "$tmp/a")" -eq 6 ] && ok || bad "output is not 6 lines"

# bad usage
"$ds" thegame --bogus < "$tmp/deck" > "$tmp/out" 2>/dev/null; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && ok || bad "unknown option: exit $rc"
"$ds" gen thegame --seed x > "$tmp/out" 2>/dev/null; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && ok || bad "bad seed: exit $rc"

# gen: deterministic, a permutation of 2..99, different seeds differ
"$ds" gen thegame --seed 77 > "$tmp/g" && cmp -s "$tmp/g" "$tmp/deck" && ok || bad "gen not deterministic"
[ "$(tr ' ' '\n' < "$tmp/deck" | sort -n | tr '\n' ' ')" = "$(seq 2 99 | tr '\n' ' ')" ] && ok || bad "gen is not a permutation"
"$ds" gen thegame --seed 78 > "$tmp/g" && cmp -s "$tmp/g" "$tmp/deck" && bad "seeds 77 and 78 give the same deck" || ok

# --trace: a header, then one {"type":...} object per line, ending with the end event
"$ds" thegame --trace < "$data/sample-1.in" > "$tmp/t" || bad "--trace failed"
head -c 40 "$tmp/t" | grep -q '^{"type":"header","game":"thegame"' && ok || bad "--trace header"
[ "$(grep -cv '^{"type":"[a-z]*",.*}$' "$tmp/t")" -eq 0 ] && ok || bad "--trace line shape"
tail -n 1 "$tmp/t" | grep -q '^{"type":"end",.*"result":"loss"' && ok || bad "--trace does not end with the end event"
n=$(grep -o '"events":[0-9]*' "$tmp/t" | head -1 | cut -d: -f2)
[ "$(wc -l < "$tmp/t")" -eq $((n + 1)) ] && ok || bad "--trace has not events+1 lines"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
