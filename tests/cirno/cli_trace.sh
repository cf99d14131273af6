#!/usr/bin/env bash
# cli_trace.sh DECKSCOPE DATA_DIR - `deckscope cirno --trace` writes valid JSON
# Lines (a header, then one object per event, as many as the header says,
# one play/loss per judge line that is not "Round r:"), and `gen cirno` is
# reproducible from its seed. Prints "N passed, N failed".
set -u
ds=$1 data=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }

if command -v python3 >/dev/null 2>&1 && python3 -c 'import json' 2>/dev/null; then
  validate() { python3 -c '
import json, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[-1] == "", "no final newline"
objs = [json.loads(l) for l in lines[:-1]]
h = objs[0]
assert h["type"] == "header" and h["game"] == "cirno", "header"
assert h["events"] == len(objs) - 1, "event count"
for i, e in enumerate(objs[1:]):
    assert e["type"] in ("round", "play", "loss"), e["type"]
    assert e["step"] == i
    if e["type"] != "round":
        assert "why" not in e, "the older record is gone (issue 21)"
        d = e["decision"]
        labels = [c["label"] for c in d["candidates"]]
        assert d["rule"] in [r["name"] for r in h["rules"]] and d["measure"] == "p" and d["forced"] is False
        assert d["chosen"] == e["card"] and d["rule_choice"] == e["card"] and d["chosen"] in labels
        assert [c["reason"] for c in d["candidates"]].count("rule_choice") == 1
        assert all(c["name"] and c["note"] for c in d["candidates"])
        zh = sys.argv[2] == "zh"
        assert all(("出 " in c["name"]) == zh for c in d["candidates"]), "the names in the language"
print(sum(e["type"] != "round" for e in objs[1:]))
' "$1" "${2:-en}"; }
elif command -v jq >/dev/null 2>&1; then
  validate() { jq -e . "$1" > /dev/null && grep -vc '"type":"round"\|"type":"header"' "$1"; }
else
  validate() { echo "no python3/jq: JSON not validated" >&2; grep -vc '"type":"round"\|"type":"header"' "$1"; }
fi

check_trace() { # name input
  local name=$1 in=$2 plays judge_plays
  if ! "$ds" cirno --trace < "$in" > "$tmp/trace"; then bad "$name: --trace failed"; return; fi
  if ! "$ds" cirno < "$in" > "$tmp/judge"; then bad "$name: judge run failed"; return; fi
  if ! plays=$(validate "$tmp/trace"); then bad "$name: invalid trace"; return; fi
  if ! "$ds" cirno --trace --lang zh < "$in" > "$tmp/trace.zh" || ! validate "$tmp/trace.zh" zh > /dev/null; then
    bad "$name: invalid --lang zh trace"; return
  fi
  judge_plays=$(grep -vc '^Round [0-9]*:$' "$tmp/judge")
  if [ "$plays" = "$judge_plays" ]; then ok; else bad "$name: $plays play/loss events, $judge_plays judge lines"; fi
}

check_trace sample-1 "$data/sample-1.in"
check_trace sample-2 "$data/sample-2.in"
for s in 1 2 3 4 5 6 7 8; do
  "$ds" gen cirno --seed $s > "$tmp/g$s" || { bad "gen seed $s"; continue; }
  check_trace "seed $s" "$tmp/g$s"
done

# reproducible, and different seeds give different games
"$ds" gen cirno --seed 5 > "$tmp/again"
if cmp -s "$tmp/g5" "$tmp/again"; then ok; else bad "gen --seed 5 differs between runs"; fi
if ! cmp -s "$tmp/g5" "$tmp/g6"; then ok; else bad "seeds 5 and 6 give the same input"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
