#!/usr/bin/env bash
# bench/goudan.sh [BUILD_DIR] [RUNS] - goudan benchmarks (native Release, -O3).
#  1. the full table solve (1,440,000 start states) for O = 3, 4, 5: median of
#     RUNS runs in one process, solver memory and process peak RSS;
#  2. the solver stepped in browser-sized slices (budget 20000): longest slice;
#  3. end to end: `deckscope goudan` on the largest input (T = 351493, O = 5,
#     made by `deckscope gen goudan --seed 2 --max`): median wall time and peak
#     RSS over RUNS runs (/usr/bin/time), and on all 1,440,000 start states
#     (`gen goudan --seed 1 --all`, O = 4) once.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-/tmp/build-goudan-bench}
runs=${2:-7}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DDS_BUILD_FRONTEND=OFF \
  -DBUILD_TESTING=OFF > /dev/null
cmake --build "$build" -j2 --target deckscope > /dev/null
cc -std=c11 -O3 -DNDEBUG -I"$root/engine" -I"$root/engine/core" "$root"/engine/*/*.c \
  "$root/bench/goudan_bench.c" -lm -o "$build/goudan_bench"
echo "== solve (median of $runs runs) =="
for O in 3 4 5; do "$build/goudan_bench" $O "$runs" | tail -1; done
echo "== progressive solver, budget 20000 per step =="
"$build/goudan_bench" 5 1 20000 | tail -1
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
endtoend() { # name input runs
  local name=$1 in=$2 n=$3 i
  : > "$build/goudan_times"
  for ((i = 0; i < n; i++)); do
    /usr/bin/time -f "%e %M" -a -o "$build/goudan_times" "$build/deckscope" goudan < "$in" > "$build/goudan.out"
  done
  echo "$name: median wall $(cut -d' ' -f1 "$build/goudan_times" | median) s," \
       "median peak RSS $(cut -d' ' -f2 "$build/goudan_times" | median | awk '{printf "%.1f", $1/1024}') MB" \
       "over $n runs; $(wc -l < "$build/goudan.out") lines out"
}
echo "== end to end =="
"$build/deckscope" gen goudan --seed 2 --max > "$build/goudan_max.in"
endtoend "T=351493 (gen --seed 2 --max)" "$build/goudan_max.in" "$runs"
"$build/deckscope" gen goudan --seed 1 --all > "$build/goudan_all.in"
endtoend "T=1440000 (gen --seed 1 --all)" "$build/goudan_all.in" 1
