#!/usr/bin/env bash
# cli_narrate.sh DECKSCOPE SAMPLE_IN - `deckscope mahjong --narrate` (issue 21,
# docs/narration.md): one line "I<TAB>sentence" per event of --trace, numbered
# 0..n-1, in English and in Chinese (the same count, Chinese characters in
# every zh line), also for a variation (--try); the headline case (sample 1,
# event 58 forced to 3S) names both moves with both distances; --lang for
# --trace; a bad --lang is a usage error (exit 2, nothing on stdout).
set -u
ds=$1 sample=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass+1)); }
bad() { echo "$1"; fail=$((fail+1)); }

numbered() { # FILE EVENTS: lines 0..EVENTS-1, each "I<TAB>non-empty"
  awk -F'\t' -v n="$2" 'NF < 2 || $1 != NR - 1 || $2 == "" { bad = 1 } END { exit bad || NR != n }' "$1"
}
for args in "" "--try 58:3S"; do
  "$ds" mahjong --trace $args "$sample" > "$tmp/trace" || bad "trace $args: exit $?"
  events=$(head -n 1 "$tmp/trace" | sed 's/.*"events":\([0-9]*\),.*/\1/')
  [ "$events" -gt 0 ] && ok || bad "no events ($args)"
  for lang in en zh; do
    "$ds" mahjong --narrate --lang $lang $args "$sample" > "$tmp/n.$lang" 2> "$tmp/err" || bad "narrate $lang $args: exit $? $(cat "$tmp/err")"
    numbered "$tmp/n.$lang" "$events" && ok || bad "narrate $lang $args: not $events numbered lines"
  done
  # default language: English
  "$ds" mahjong --narrate $args "$sample" | cmp -s - "$tmp/n.en" && ok || bad "narrate default is not en ($args)"
  # every Chinese line has Chinese characters; no English line has them
  [ "$(LC_ALL=C.UTF-8 grep -cP '\t.*[\x{4e00}-\x{9fff}]' "$tmp/n.zh")" -eq "$events" ] && ok || bad "zh lines without Chinese ($args)"
  LC_ALL=C.UTF-8 grep -qP '[\x{4e00}-\x{9fff}]' "$tmp/n.en" && bad "Chinese in the English lines ($args)" || ok
done
# the headline case of issue 21: forcing 3S at event 58 of sample 1
grep -qxF "58	C’s move: discard 3S (your choice, distance 5; the rule's move: discard Z, distance 4)" "$tmp/n.en" && ok ||
  bad "headline en: $(sed -n 59p "$tmp/n.en")"
grep -qxF "58	C 打出 3S（你的选择，距离 5；规则的选择：打出 Z，距离 4）" "$tmp/n.zh" && ok ||
  bad "headline zh: $(sed -n 59p "$tmp/n.zh")"
# --lang for --trace: the names in the decision records
"$ds" mahjong --trace --lang zh "$sample" | grep -q '"name":"打出 ' && ok || bad "trace --lang zh: no Chinese names"
"$ds" mahjong --trace "$sample" | grep -q '"name":"discard ' && ok || bad "trace: no English names"
# the claims' sentences (why each other player could or could not call) in the language asked for
zclaims=$("$ds" mahjong --trace --lang zh "$sample" | grep -o '"verdict":"[a-z_]*","text":"[^"]*"' | sort -u)
[ -n "$zclaims" ] && ok || bad "trace --lang zh: no claim texts"
if printf '%s\n' "$zclaims" | LC_ALL=C grep -v $'"text":"[^"]*[\xe4-\xe9]' | grep -q .; then
  bad "trace --lang zh: a claim's text is not Chinese: $(printf '%s\n' "$zclaims" | LC_ALL=C grep -v $'"text":"[^"]*[\xe4-\xe9]' | head -n 1)"
else ok; fi
"$ds" mahjong --trace "$sample" | grep -q '"verdict":"nothing","text":"cannot win with it' && ok || bad "trace: no English claim text"
# a bad --lang: usage error, exit 2, nothing on stdout
for bad_lang in fr "" EN; do
  "$ds" mahjong --narrate --lang "$bad_lang" "$sample" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- "--lang" "$tmp/err" && ok || bad "bad --lang '$bad_lang': exit $rc, $(wc -c < "$tmp/out") bytes"
done
"$ds" mahjong --narrate --trace "$sample" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && ok || bad "--narrate --trace accepted"
"$ds" mahjong --lang zh "$sample" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && ok || bad "--lang without --trace/--narrate accepted"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
