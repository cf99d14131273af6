# try_common.sh - the helpers every tests/<game>/cli_try.sh shares (sourced,
# not run): counting checks, the shape of a refused --try (exit 2, nothing on
# stdout, one line on stderr), python3 for the JSON checks, and the loop over
# a game's own decisions (the rule's own label is the main line byte for
# byte; another label is a valid variation, forced where it was asked).
#
#   try_init GAME DECKSCOPE     $game, $ds, $tmp (removed at exit), $p (the
#                               "deckscope GAME: --try: " prefix), counters
#   ok | bad MESSAGE            count a check (bad prints "FAIL MESSAGE")
#   expect_err NAME LINE ARGS...       `deckscope GAME ARGS`: exit 2, empty
#                                      stdout, stderr exactly LINE
#   expect_fail NAME PATTERN ARGS...   the same, the one line matching PATTERN
#   expect_try_error NAME WORDS ARGS...  the one line starts with $p and
#                                      contains WORDS (a fixed string)
#       (stdin is $TRY_STDIN, /dev/null unless set)
#   have_python3                0 when python3 is there; else 1, and under
#                               DS_REQUIRE_ALL=1 (CI) a failed check, not a skip
#   check_decisions FILE EVERY MAX [PY]  for every EVERY-th decision of FILE's
#                               main line (at most MAX): --try of its own label
#                               gives the main line's output and trace byte for
#                               byte; --try of another label (the last listed)
#                               gives JSON Lines with "i" and "step" on every
#                               event, distinct labels, the main line's lines
#                               before it and "forced"/"rule_choice" at it, no
#                               other forced event; PY: more Python checks with
#                               objs, i, lab and own in scope
#   try_done                    prints "N passed, N failed"; the exit status

try_init() {
  game=$1 ds=$2
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  pass=0 fail=0
  p="deckscope $game: --try: "
}
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }
try_done() { echo "$pass passed, $fail failed"; [ $fail -eq 0 ]; }

# run_refused ARGS...: runs deckscope GAME ARGS; 0 when it exited 2 with an
# empty stdout and exactly one line on stderr ($tmp/err), else says why in $why
run_refused() {
  "$ds" "$game" "$@" < "${TRY_STDIN:-/dev/null}" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  why="exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"
  [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ]
}
expect_err() {
  local name=$1 want=$2; shift 2
  if run_refused "$@" && [ "$(cat "$tmp/err")" = "$want" ]; then ok; else bad "$name: $why (want: $want)"; fi
}
expect_fail() {
  local name=$1 pat=$2; shift 2
  if run_refused "$@" && grep -q -- "$pat" "$tmp/err"; then ok; else bad "$name: $why (want: $pat)"; fi
}
expect_try_error() {
  local name=$1 words=$2; shift 2
  if run_refused "$@" && [ "$(head -c ${#p} "$tmp/err")" = "$p" ] && grep -qF -- "$words" "$tmp/err"; then ok
  else bad "$name: $why (want: $p... $words)"; fi
}

have_python3() {
  command -v python3 >/dev/null 2>&1 && return 0
  if [ "${DS_REQUIRE_ALL:-}" = 1 ]; then bad "python3 not found: the JSON checks cannot run (DS_REQUIRE_ALL=1 forbids skipping)"
  else echo "python3 not found: JSON checks skipped"; fi
  return 1
}

check_decisions() {
  local f=$1 every=$2 max=$3 extra=${4:-} i own other
  "$ds" "$game" "$f" > "$tmp/main.out"; "$ds" "$game" --trace "$f" > "$tmp/main.jsonl"
  python3 -c '
import json, sys
for l in open(sys.argv[1]).read().split("\n")[1:-1]:
    e = json.loads(l)
    if "decision" in e:
        d = e["decision"]
        others = [c["label"] for c in d["candidates"] if c["label"] != d["chosen"]]
        print("%d\t%s\t%s" % (e["i"], d["chosen"], others[-1] if others else "-"))
' "$tmp/main.jsonl" | awk -v k="$every" 'NR % k == 1 % k' | head -n "$max" > "$tmp/dec"
  [ -s "$tmp/dec" ] || bad "no decisions in $f"
  while IFS=$'\t' read -r i own other; do
    "$ds" "$game" --try "$i:$own" "$f" | cmp -s - "$tmp/main.out" || bad "own output $f $i:$own"
    "$ds" "$game" --try "$i:$own" --trace "$f" | cmp -s - "$tmp/main.jsonl" || bad "own trace $f $i:$own"
    [ "$other" = - ] && continue
    "$ds" "$game" --try "$i:$other" --trace "$f" > "$tmp/var.jsonl" 2> "$tmp/err" || bad "try $f $i:$other: $(cat "$tmp/err")"
    python3 -c '
import json, sys
main = open(sys.argv[1]).read().split("\n")
var = open(sys.argv[2]).read().split("\n")
i, lab, own = int(sys.argv[3]), sys.argv[4], sys.argv[5]
assert var[-1] == "", "no final newline"
objs = [json.loads(l) for l in var[:-1]]
assert objs[0]["type"] == "header" and objs[0]["events"] == len(objs) - 1
for k, e in enumerate(objs[1:]):
    assert e["i"] == k and e["step"] == k
    if "decision" in e:
        labels = [c["label"] for c in e["decision"]["candidates"]]
        assert len(set(labels)) == len(labels) and e["decision"]["chosen"] in labels
assert var[1:i + 1] == main[1:i + 1], "the lines before the forced event"
d = objs[i + 1]["decision"]
assert d["chosen"] == lab and d["forced"] is True and d["rule_choice"] == own, d
assert sum(e.get("decision", {}).get("forced") is True for e in objs[1:]) == 1
exec(sys.argv[6])
' "$tmp/main.jsonl" "$tmp/var.jsonl" "$i" "$other" "$own" "$extra" 2> "$tmp/py" ||
      bad "trace $f $i:$other: $(tail -1 "$tmp/py")"
    ok
  done < "$tmp/dec"
}
