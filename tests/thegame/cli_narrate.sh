#!/usr/bin/env bash
# cli_narrate.sh DECKSCOPE DATA_DIR - `deckscope thegame --narrate` (issue 21):
# on each sample and on a variation, in English (the default and --lang en)
# and in Chinese, one line "I<TAB>sentence" per event, I = 0, 1, ... and as
# many lines as --trace has events; the Chinese lines are Chinese; --lang
# changes the words of --trace, not its events; a bad --lang, and --narrate
# with --trace or --compare, are usage errors (exit 2, nothing on stdout, one
# line on stderr). The variation's event index is read from the main line.
set -u
ds=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# numbered FILE N: FILE has N lines, line k starts with "k<TAB>" and a sentence
numbered() {
  [ "$(wc -l < "$1")" -eq "$2" ] || return 1
  awk -F'\t' '$1 != NR - 1 || NF < 2 || length($2) == 0 { exit 1 }' "$1"
}
events() { grep -o '"events":[0-9]*' "$1" | head -1 | cut -d: -f2; }

for in in "$data"/sample-*.in; do
  name=$(basename "$in")
  "$ds" thegame --trace < "$in" > "$tmp/trace" || bad "$name: --trace failed"
  n=$(events "$tmp/trace")
  "$ds" thegame --narrate < "$in" > "$tmp/en" 2> "$tmp/err" && [ ! -s "$tmp/err" ] && ok || bad "$name: --narrate failed"
  numbered "$tmp/en" "$n" && ok || bad "$name: --narrate is not $n numbered lines"
  "$ds" thegame --narrate --lang en "$in" > "$tmp/en2" && cmp -s "$tmp/en" "$tmp/en2" && ok || bad "$name: --lang en differs from the default"
  "$ds" thegame --narrate --lang zh < "$in" > "$tmp/zh" || bad "$name: --narrate --lang zh failed"
  numbered "$tmp/zh" "$n" && ok || bad "$name: --narrate --lang zh is not $n numbered lines"
  cmp -s "$tmp/en" "$tmp/zh" && bad "$name: zh equals en" || ok
  [ "$(grep -cP '^\d+\t.*[\x{4e00}-\x{9fff}]' "$tmp/zh")" -eq "$n" ] && ok || bad "$name: a zh line without Chinese"
  [ "$(grep -cP '[\x{4e00}-\x{9fff}]' "$tmp/en")" -eq 0 ] && ok || bad "$name: Chinese in the English lines"
  # --lang changes the words of --trace, not its events
  "$ds" thegame --trace --lang zh < "$in" > "$tmp/trace_zh" || bad "$name: --trace --lang zh failed"
  [ "$(wc -l < "$tmp/trace_zh")" -eq "$(wc -l < "$tmp/trace")" ] && ok || bad "$name: --trace --lang zh has other lines"
  grep -q '"lang":"zh"' "$tmp/trace_zh" && grep -q '"lang":"en"' "$tmp/trace" && ok || bad "$name: the header's lang"
done

# a variation: the forced event's sentence says so (read from the main line)
in=$data/sample-1.in
"$ds" thegame --trace < "$in" > "$tmp/trace"
draw=$(grep -m1 '^{"type":"draw"' "$tmp/trace" | grep -o '"i":[0-9]*' | cut -d: -f2)
other=$(sed -n "$((draw + 2))p" "$tmp/trace" | grep -o '"label":"[^"]*"' | sed -n 2p | cut -d'"' -f4)
"$ds" thegame --try "$draw:$other" --trace < "$in" > "$tmp/vtrace" || bad "--try --trace failed"
"$ds" thegame --narrate --try "$draw:$other" < "$in" > "$tmp/ven" || bad "--narrate --try failed"
numbered "$tmp/ven" "$(events "$tmp/vtrace")" && ok || bad "--narrate --try: not one line per event"
sed -n "$((draw + 1))p" "$tmp/ven" | grep -q "your choice.*the rule's move: end the turn" && ok || bad "--narrate --try: $(sed -n "$((draw + 1))p" "$tmp/ven")"
"$ds" thegame --narrate --lang zh --try "$draw:$other" < "$in" | sed -n "$((draw + 1))p" | grep -q '你的选择.*规则的选择：结束本回合' && ok || bad "--narrate --try --lang zh"

# usage errors: exit 2, nothing on stdout, one line on stderr
usage() {
  local what=$1
  shift
  "$ds" thegame "$@" < "$in" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
    grep -q '^deckscope thegame: .*(see deckscope thegame --help)$' "$tmp/err" && ok ||
    bad "$what: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"
}
usage "bad --lang" --narrate --lang fr
usage "bad --lang with --trace" --trace --lang xx
usage "empty --lang" --narrate --lang ""
usage "--narrate --trace" --narrate --trace
usage "--narrate --compare" --narrate --try "$draw:end" --compare
"$ds" thegame --help | grep -q -- '--narrate' && ok || bad "--help does not name --narrate"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
