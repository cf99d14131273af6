#!/usr/bin/env bash
# cli_narrate.sh DECKSCOPE DATA_DIR - `deckscope cirno --narrate [--lang en|zh]`
# prints one line "I<TAB>sentence" per event, I = 0, 1, ... (as many lines as
# --trace has events), in English and in Chinese, also for a variation
# (--try); a bad --lang, or --narrate with --trace, is a usage error (exit 2,
# nothing on stdout). Prints "N passed, N failed".
set -u
ds=$1 data=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }

# check NAME INPUT [OPTIONS...]: --narrate in both languages against --trace
check() {
  local name=$1 in=$2 events lang
  shift 2
  if ! "$ds" cirno --trace "$@" "$in" > "$tmp/trace"; then bad "$name: --trace failed"; return; fi
  events=$(($(wc -l < "$tmp/trace") - 1))
  for lang in en zh; do
    if ! "$ds" cirno --narrate --lang $lang "$@" "$in" > "$tmp/n.$lang" 2> "$tmp/err"; then
      bad "$name ($lang): exit $?: $(cat "$tmp/err")"; continue
    fi
    if [ -s "$tmp/err" ]; then bad "$name ($lang): stderr: $(cat "$tmp/err")"; continue; fi
    # numbered 0..events-1, a tab, a sentence that is not empty
    if awk -F'\t' -v n="$events" 'NF < 2 || $1 != NR - 1 || $2 == "" { exit 1 } END { exit NR != n }' \
        "$tmp/n.$lang"; then ok; else bad "$name ($lang): not $events numbered lines"; fi
  done
  # the default is English; the Chinese lines are not the English ones
  "$ds" cirno --narrate "$@" "$in" > "$tmp/n.def"
  if cmp -s "$tmp/n.def" "$tmp/n.en"; then ok; else bad "$name: the default is not English"; fi
  if ! cmp -s "$tmp/n.en" "$tmp/n.zh" && grep -q '轮' "$tmp/n.zh"; then ok; else bad "$name: zh is not Chinese"; fi
}

check sample-1 "$data/sample-1.in"
check sample-2 "$data/sample-2.in"
check sample-1-try "$data/sample-1.in" --try 1:B9
for s in 1 2 3; do
  "$ds" gen cirno --seed $s > "$tmp/g$s" || { bad "gen seed $s"; continue; }
  check "seed $s" "$tmp/g$s"
done

# the forced move of the issue: the sentence names both moves and no superlative
line=$("$ds" cirno --narrate --try 1:B9 "$data/sample-1.in" | sed -n 2p)
case $line in
  *"play B9"*"the rule's move: play A99"*) ok ;;
  *) bad "--try 1:B9: '$line'" ;;
esac
case $line in *largest*) bad "--try 1:B9 says 'largest': '$line'" ;; *) ok ;; esac

# usage errors: exit 2, nothing on stdout, one line on stderr
usage() { # name args...
  local name=$1; shift
  "$ds" cirno "$@" "$data/sample-1.in" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
     grep -q "see deckscope cirno --help" "$tmp/err"; then ok
  else bad "$name: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr '$(cat "$tmp/err")'"; fi
}
usage bad_lang --narrate --lang fr
usage bad_lang_trace --trace --lang xx
usage empty_lang --narrate --lang ""
usage narrate_trace --narrate --trace
usage narrate_compare --narrate --try 1:B9 --compare

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
