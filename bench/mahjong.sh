#!/usr/bin/env bash
# bench/mahjong.sh - throughput of the mahjong simulator on a Release build.
#
#   bench/mahjong.sh [BUILD_DIR] [mahjong_bench args...]
#
# Configures and builds a Release tree (default /tmp/build-mahjong-bench),
# then simulates 10,000 generated decks in one process, 5 runs per cache
# mode, and prints the medians (games/s and distance evaluations/s).
#
# Paired with a baseline: BASE_SRC=<a checkout of another commit> (e.g. a
# worktree of 0be0d76) builds its mahjong_bench too (in BUILD_DIR-base) and
# runs the two alternately, RUNS times each (default 5), GAMES games per run
# (default 5000), cache per game; prints the medians of wall-clock and CPU
# games/s of both and their ratios, and the load average before and after.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-/tmp/build-mahjong-bench}
[ $# -gt 0 ] && shift
conf() {
  cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DDS_SANITIZE=OFF \
    -DDS_BUILD_FRONTEND=OFF -DBUILD_TESTING=ON > /dev/null 2>&1
  cmake --build "$2" --target mahjong_bench -j2 > /dev/null 2>&1
}
conf "$src" "$build"
if [ -n "${BASE_SRC:-}" ]; then
  conf "$BASE_SRC" "$build-base"
  runs=${RUNS:-5} games=${GAMES:-5000}
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  for ((i = 0; i < runs; i++)); do
    "$build-base/tests/mahjong_bench" --games "$games" --runs 1 | grep '^run' >> "$tmp/base"
    "$build/tests/mahjong_bench" --games "$games" --runs 1 | grep '^run' >> "$tmp/new"
  done
  echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 - "$tmp/base" "$tmp/new" "$games" "$runs" "$(cat "$BASE_SRC/.commit" 2>/dev/null || git -C "$BASE_SRC" rev-parse --short HEAD)" <<'PY'
import re, statistics, sys
def med(path):
    w, c = [], []
    for line in open(path):
        m = re.search(r': (\d+) games/s \(cpu (\d+)\)', line)
        w.append(int(m.group(1))); c.append(int(m.group(2)))
    return statistics.median(w), statistics.median(c)
bw, bc = med(sys.argv[1]); nw, nc = med(sys.argv[2])
print(f"mahjong games/s, {sys.argv[3]} games x {sys.argv[4]} alternated runs, cache per game")
print(f"  base {sys.argv[5]}: median {bw:.0f} wall, {bc:.0f} cpu")
print(f"  this tree:    median {nw:.0f} wall, {nc:.0f} cpu")
print(f"  ratio:        {nw / bw:.2f}x wall, {nc / bc:.2f}x cpu")
print(f"BENCH mahjong games/s, per-game cache (cpu) | {bc:.0f} | {nc:.0f} | {nc / bc:.2f}x")
print(f"BENCH mahjong games/s, per-game cache (wall) | {bw:.0f} | {nw:.0f} | {nw / bw:.2f}x")
PY
  exit 0
fi
if [ $# -gt 0 ]; then
  exec "$build/tests/mahjong_bench" "$@"
fi
for mode in game shared none; do
  games=10000
  [ $mode = none ] && games=2000
  "$build/tests/mahjong_bench" --games $games --runs 5 --cache $mode
  echo
done
