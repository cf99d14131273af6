#!/usr/bin/env bash
# cli_modes.sh DECKSCOPE - the goudan CLI modes agree with each other on
# generated inputs: judge output format, --explain (the chosen operation's
# value and the printed answer equal the judge output), --playout (JSON Lines,
# deterministic per seed, ends with a win), gen determinism.
set -u
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if "$@"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: $*"; fi; }
for seed in 11; do
  "$bin" gen goudan --seed $seed --count 10 > "$tmp/in"; ok test $? -eq 0
  "$bin" gen goudan --seed $seed --count 10 | cmp -s - "$tmp/in"; ok test $? -eq 0
  ok test "$(head -1 "$tmp/in")" = "10 $((3 + seed % 3))"
  "$bin" goudan < "$tmp/in" > "$tmp/judge"; ok test $? -eq 0
  ok test "$(wc -l < "$tmp/judge")" -eq 10
  ok test "$(grep -cE '^[01]\.[0-9]{9}$' "$tmp/judge")" -eq 10
  "$bin" goudan --explain < "$tmp/in" > "$tmp/explain"; ok test $? -eq 0
  grep -E '^  answer ' "$tmp/explain" | sed 's/^  answer //' > "$tmp/answers"
  grep -E '^  \* ' "$tmp/explain" | awk '{print $2}' > "$tmp/chosen"
  ok cmp -s "$tmp/answers" "$tmp/judge"
  ok cmp -s "$tmp/chosen" "$tmp/judge"
  "$bin" goudan --playout --seed $seed < "$tmp/in" > "$tmp/p1"; ok test $? -eq 0
  "$bin" goudan --trace --seed $seed < "$tmp/in" > "$tmp/p2"; ok cmp -s "$tmp/p1" "$tmp/p2"
  ok test "$(head -c 33 "$tmp/p1")" = '{"type":"header","game":"goudan",'
  ok test "$(grep -vc '^{"type":"' "$tmp/p1")" -eq 0
  ok grep -q '^{"type":"win"' <(tail -1 "$tmp/p1")
  n=$(sed -n 's/.*"events":\([0-9]*\).*/\1/p' "$tmp/p1" | head -1)
  ok test "$(wc -l < "$tmp/p1")" -eq $((n + 1))
done
"$bin" gen goudan --seed 3 --max | head -1 > "$tmp/h"; ok test "$(cat "$tmp/h")" = "351493 3"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
