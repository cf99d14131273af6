#!/usr/bin/env bash
# bench/cirno.sh [BUILD_DIR] - speed and memory of `deckscope cirno` on the
# largest game (n = 30, m = 100, k = 300000, about 3e5 plays).
#
#   BUILD_DIR   a Release build of deckscope (default: build/native). It is
#               configured and built if needed:
#                 cmake -S . -B BUILD_DIR -DCMAKE_BUILD_TYPE=Release \
#                       -DDS_BUILD_FRONTEND=OFF -DBUILD_TESTING=OFF
#   RUNS        hyperfine runs per command (default 30), SEED (default 1),
#   MEM_RUNS    /usr/bin/time -v runs for the peak RSS (default 5)
#
# Reports the median wall time of `deckscope cirno < max.in > /dev/null` and
# of the floor `cat max.out > /dev/null` (writing the same output), their
# ratio, the median CPU time and the median peak RSS. The whole trace (every event with its
# decision record, keyframes) is kept in memory while the output is written.
# Targets: median <= 60 ms, peak RSS <= 64 MB.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/native}
runs=${RUNS:-30}
seed=${SEED:-1}
mem_runs=${MEM_RUNS:-5}

need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "bench/cirno.sh: $1 not found; install it with: apt-get install -y $2" >&2
  exit 2
}
need hyperfine hyperfine
[ -x /usr/bin/time ] || { echo "bench/cirno.sh: /usr/bin/time not found; apt-get install -y time" >&2; exit 2; }
need python3 python3

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DDS_BUILD_FRONTEND=OFF -DBUILD_TESTING=OFF >/dev/null
fi
type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
if [ "$type" != "Release" ]; then
  echo "bench/cirno.sh: warning: $build is a '$type' build, not Release" >&2
fi
cmake --build "$build" -j2 --target deckscope >/dev/null
ds=$build/deckscope

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$ds" gen cirno --seed "$seed" --max > "$tmp/max.in"
"$ds" cirno < "$tmp/max.in" > "$tmp/max.out"

echo "input: $(head -1 "$tmp/max.in") (gen cirno --seed $seed --max), $(wc -c < "$tmp/max.in") bytes"
echo "output: $(wc -l < "$tmp/max.out") lines (one per event), $(wc -c < "$tmp/max.out") bytes"

# -N: no shell-startup correction (it turns a 1 ms cat into 0 ms); both
# commands run under the same `sh -c`, so the floor includes that too.
hyperfine -N --warmup 3 --runs "$runs" --export-json "$tmp/h.json" \
  "sh -c \"'$ds' cirno < '$tmp/max.in' > /dev/null\"" \
  "sh -c \"cat '$tmp/max.out' > /dev/null\"" > "$tmp/h.txt" 2>&1

# peak RSS and CPU time (user + system: less sensitive to other load than
# the wall time) from GNU time
mem=()
for ((i = 0; i < mem_runs; i++)); do
  mem+=("$(/usr/bin/time -v "$ds" cirno < "$tmp/max.in" 2>&1 >/dev/null |
           awk -F': ' '/Maximum resident set size/ {r=$2} /User time/ {u=$2} /System time/ {s=$2}
                       END {printf "%s:%.3f", r, u + s}')")
done

python3 - "$tmp/h.json" "${mem[@]}" <<'EOF'
import json, statistics, sys
res = json.load(open(sys.argv[1]))["results"]
sim, cat = res[0], res[1]
ms = lambda r: statistics.median(r["times"]) * 1000
rss = sorted(int(x.split(":")[0]) for x in sys.argv[2:])
cpu = sorted(float(x.split(":")[1]) * 1000 for x in sys.argv[2:])
print(f"deckscope cirno: median {ms(sim):.1f} ms (min {min(sim['times'])*1000:.1f}, "
      f"max {max(sim['times'])*1000:.1f}, {len(sim['times'])} runs)  target <= 60 ms")
print(f"cat (floor):     median {ms(cat):.1f} ms (sh -c 'cat max.out > /dev/null')")
print(f"ratio:           {ms(sim) / ms(cat):.1f}x cat")
print(f"CPU (user+sys):  median {statistics.median(cpu):.0f} ms (GNU time, 10 ms resolution)")
print(f"peak RSS:        median {statistics.median(rss) / 1024:.1f} MB "
      f"(runs: {', '.join(f'{x/1024:.1f}' for x in rss)})  target <= 64 MB")
EOF

# Seeking: ds_trace_seek to random steps of the same largest game.
cc -O2 -I"$root/engine/core" -I"$root/engine" "$root/bench/seek_bench.c" \
   "$root"/engine/core/*.c "$root"/engine/cirno/*.c -o "$tmp/seek_bench"
"$tmp/seek_bench" 100000
