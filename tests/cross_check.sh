#!/usr/bin/env bash
# cross_check.sh NATIVE WASM_JS GAME SEEDS [RUN_ARGS...]
# For seeds 1..SEEDS: generate an input with the native CLI (`gen GAME --seed N`),
# run it through the native CLI and through the WebAssembly CLI under node, and
# require identical stdout and exit status. Prints "N passed, N failed".
set -u
native=$1 wasm=$2 game=$3 seeds=$4
shift 4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for ((s = 1; s <= seeds; s++)); do
  "$native" gen "$game" --seed "$s" > "$tmp/in" || { echo "gen failed for seed $s"; fail=$((fail+1)); continue; }
  "$native" "$game" "$@" < "$tmp/in" > "$tmp/a"; ra=$?
  node --no-experimental-fetch "$wasm" "$game" "$@" < "$tmp/in" > "$tmp/b"; rb=$?
  if [ $ra -eq $rb ] && cmp -s "$tmp/a" "$tmp/b"; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "seed $s: native (exit $ra) and wasm (exit $rb) differ"; fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
