#!/usr/bin/env bash
# bench/table.sh [OUT_DIR] - the paired figures of issue 26 in one table:
# this tree against a baseline commit (BASE, default 0be0d76), measured in one
# run with the two builds alternated, RUNS runs each (default 5), medians of
# wall-clock and CPU time. Prints a Markdown table and the machine it ran on.
#   mahjong  games/s with the per-game distance cache (bench/mahjong.sh)
#   goudan   the full table solve, all 1.44 M start states at O = 5
#            (bench/goudan_bench.c), seconds and peak RSS
#   page     deckscope.load({game, input}) in headless Chromium against the
#            CLI on the same file, the largest input of each game, and the
#            tab's memory after the first and the last load (bench/web-load.mjs;
#            these rows compare the page with the CLI of this tree, not BASE)
# The baseline's sources are taken with `git archive BASE` into OUT_DIR/base-src
# (so a fresh clone with its history is enough).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench-table}
base=${BASE:-0be0d76}
runs=${RUNS:-5}
mkdir -p "$out"
if [ ! -f "$out/base-src/.commit" ] || [ "$(cat "$out/base-src/.commit")" != "$base" ]; then
  rm -rf "$out/base-src" && mkdir -p "$out/base-src"
  git -C "$root" archive "$base" | tar -x -C "$out/base-src"
  echo "$base" > "$out/base-src/.commit"
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
load0=$(cut -d' ' -f1-3 /proc/loadavg)

# mahjong: paired by bench/mahjong.sh itself
BASE_SRC=$out/base-src RUNS=$runs GAMES=${GAMES:-3000} \
  bash "$root/bench/mahjong.sh" "$out/mahjong" > "$tmp/mj.txt"
grep '^BENCH' "$tmp/mj.txt" | sed 's/^BENCH //' > "$tmp/rows"

# goudan: the solve at O = 5, one process per run, alternated
gbuild() { # src exe
  cc -std=c11 -O3 -DNDEBUG -I"$1/engine" -I"$1/engine/core" "$1"/engine/*/*.c \
    "$1/bench/goudan_bench.c" -lm -o "$2" 2>"$2.log" || { cat "$2.log" >&2; exit 1; }
}
gbuild "$out/base-src" "$out/goudan_bench_base"
gbuild "$root" "$out/goudan_bench_new"
for ((i = 0; i < runs; i++)); do
  "$out/goudan_bench_base" 5 1 | tail -1 >> "$tmp/gb"
  "$out/goudan_bench_new" 5 1 | tail -1 >> "$tmp/gn"
done
python3 - "$tmp/gb" "$tmp/gn" >> "$tmp/rows" <<'PY'
import re, statistics, sys
def med(path):
    w, c, r = [], [], []
    for line in open(path):
        m = re.search(r'median ([\d.]+) s wall \(([\d.]+) s cpu\).*peak RSS ([\d.]+) MB', line)
        w.append(float(m.group(1))); c.append(float(m.group(2))); r.append(float(m.group(3)))
    return statistics.median(w), statistics.median(c), statistics.median(r)
bw, bc, br = med(sys.argv[1]); nw, nc, nr = med(sys.argv[2])
print(f"goudan solve, 1.44 M start states, O = 5 (s, cpu) | {bc:.3f} | {nc:.3f} | {bc / nc:.2f}x faster")
print(f"goudan solve, 1.44 M start states, O = 5 (s, wall) | {bw:.3f} | {nw:.3f} | {bw / nw:.2f}x faster")
print(f"goudan solve peak RSS (MB) | {br:.1f} | {nr:.1f} | {nr / br:.2f}x")
PY

# the page against the CLI on the same file (bench/web-load.mjs): the built
# site in headless Chromium, the CLI of build/native, alternated, medians
if [ -d "$root/node_modules/playwright-core" ] && command -v node >/dev/null; then
  make -C "$root" --no-print-directory web >/dev/null
  [ -x "$root/build/native/deckscope" ] || make -C "$root" --no-print-directory native >/dev/null
  node "$root/bench/web-load.mjs" --rows --runs "$runs" --json "$out/web-load.json" \
    >> "$tmp/rows" 2> "$out/web-load.log" \
    || echo "page load vs CLI | not measured: see $out/web-load.log | | |" >> "$tmp/rows"
else
  echo "page load vs CLI | not measured: no playwright-core (scripts/setup.sh test) | | |" >> "$tmp/rows"
fi

echo
echo "## Paired benchmarks: this tree ($(git -C "$root" rev-parse --short HEAD)) against $base, $runs alternated runs each, medians"
echo
echo "| figure | $base | this tree | ratio |"
echo "|---|---|---|---|"
sed 's/^/| /; s/$/ |/' "$tmp/rows"
echo
echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores," \
     "load average $load0 before, $(cut -d' ' -f1-3 /proc/loadavg) after"
