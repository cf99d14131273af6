#!/usr/bin/env bash
# thegame_bench.sh [GAMES] [RUNS] - engine throughput of `thegame`, medians over RUNS.
#   bash bench/thegame_bench.sh 20000 5
# Builds bench/thegame_bench.c with -O2 against the engine sources (no CMake
# needed), runs it RUNS times, prints each run and the median of each phase.
# Then times the Release CLI end to end (`deckscope thegame < sample-1.in`,
# 200 runs) if DS_CLI points to one (default: build/native/cli/deckscope or
# build/native/deckscope).
set -eu
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
games=${1:-20000} runs=${2:-5}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -std=c11 -I"$root/engine" -I"$root/engine/core" "$here/thegame_bench.c" \
  "$root"/engine/core/*.c "$root"/engine/thegame/*.c -o "$tmp/bench" -lm
for ((i = 1; i <= runs; i++)); do "$tmp/bench" "$games" | tee -a "$tmp/runs"; done
med() { grep -o "$1 [0-9.]*" "$tmp/runs" | awk '{print $2}' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "median us/game over $runs runs of $games games: parse $(med parse) simulate $(med simulate)" \
  "format $(med format) trace_jsonl $(med trace_jsonl)"
cli=${DS_CLI:-}
[ -z "$cli" ] && for c in "$root/build/native/deckscope" "$root/build/native/cli/deckscope"; do [ -x "$c" ] && cli=$c && break; done
data=$root/assets/samples/thegame/sample-1.in
if [ -n "$cli" ] && [ -x "$cli" ] && [ -f "$data" ]; then
  s=$(date +%s.%N); for ((i = 0; i < 200; i++)); do "$cli" thegame < "$data" > /dev/null; done; e=$(date +%s.%N)
  echo "CLI end to end ($cli): $(echo "($e - $s) * 1000 / 200" | bc -l | cut -c1-6) ms per run (200 runs, incl. process start)"
fi
