#!/usr/bin/env bash
# cli_modes.sh DECKSCOPE SAMPLE_IN - the other modes of `deckscope mahjong`:
# --trace, --distance (plain, --explain, --json) and `gen mahjong`.
set -u
ds=$1 sample=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass+1)); }
bad() { echo "$1"; fail=$((fail+1)); }

# --trace: a header line, then one JSON object per event; the judge output
# has one line per event except the (silent) skipped turns
"$ds" mahjong --trace < "$sample" > "$tmp/trace" || bad "trace: exit $?"
"$ds" mahjong < "$sample" > "$tmp/out" || bad "judge: exit $?"
head -n 1 "$tmp/trace" | grep -q '^{"type":"header","game":"mahjong","events":[0-9]*,"wall":\[' && ok || bad "trace: header"
events=$(head -n 1 "$tmp/trace" | sed 's/.*"events":\([0-9]*\),.*/\1/')
[ "$(wc -l < "$tmp/trace")" -eq $((events + 1)) ] && ok || bad "trace: line count"
skips=$(grep -c '^{"type":"skip"' "$tmp/trace")
[ "$(wc -l < "$tmp/out")" -eq $((events - skips)) ] && ok || bad "trace: events vs output lines"
tail -n 1 "$tmp/trace" | grep -q '^{"type":"win","step":' && ok || bad "trace: last event"
grep -q '"decision":{"rule":"special_first"' "$tmp/trace" && ok || bad "trace: special discard"
grep -q '"why":' "$tmp/trace" && bad "trace: the older why record is gone (issue 21)" || ok
grep -q '"verdict":"pong"' "$tmp/trace" && ok || bad "trace: pong verdict"

# --distance
nine="1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M"
[ "$("$ds" mahjong --distance "$nine")" = 1 ] && ok || bad "distance: nine gates"
"$ds" mahjong --distance "$nine" --explain > "$tmp/explain" || bad "explain: exit $?"
grep -q '^distance: 1 = 14 - 13' "$tmp/explain" && ok || bad "explain: distance line"
grep -q '^target winning hand:' "$tmp/explain" && ok || bad "explain: target"
grep -q '^  after 9M (have 3):' "$tmp/explain" && ok || bad "explain: table rows"
"$ds" mahjong --distance "$nine" --json | grep -q '^{"melds":0,"groups":4,"hand_tiles":13,"distance":1,' && ok || bad "json"
# melds change the target size: 1M 1M 1M 1M with 3 melds is not ready (5th 1M)
[ "$("$ds" mahjong --distance "1M 1M 1M 1M" --melds 3)" = 2 ] && ok || bad "distance: four 1M"

# gen: 148 lines, deterministic, playable
"$ds" gen mahjong --seed 7 > "$tmp/g1" || bad "gen: exit $?"
"$ds" gen mahjong --seed 7 > "$tmp/g2"
"$ds" gen mahjong --seed 8 > "$tmp/g3"
[ "$(wc -l < "$tmp/g1")" -eq 148 ] && ok || bad "gen: 148 lines"
cmp -s "$tmp/g1" "$tmp/g2" && ok || bad "gen: not deterministic"
cmp -s "$tmp/g1" "$tmp/g3" && bad "gen: seeds 7 and 8 agree" || ok
[ "$(sort "$tmp/g1" | uniq -c | awk '$1 != 4' | wc -l)" -eq 0 ] && ok || bad "gen: not 4 of each"
"$ds" mahjong < "$tmp/g1" > "$tmp/o1" && tail -n 1 "$tmp/o1" | grep -qE '^([ABCD] WIN|DRAW)$' && ok || bad "gen: game"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
