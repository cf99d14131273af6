#!/usr/bin/env bash
# bench/mahjong.sh - throughput of the mahjong simulator on a Release build.
#
#   bench/mahjong.sh [BUILD_DIR] [mahjong_bench args...]
#
# Configures and builds a Release tree (default /tmp/build-mahjong-bench),
# then simulates 10,000 generated decks in one process, 5 runs per cache
# mode, and prints the medians (games/s and distance evaluations/s).
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-/tmp/build-mahjong-bench}
[ $# -gt 0 ] && shift
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DDS_SANITIZE=OFF \
  -DDS_BUILD_FRONTEND=OFF -DBUILD_TESTING=ON > /dev/null
cmake --build "$build" --target mahjong_bench -j2 > /dev/null
if [ $# -gt 0 ]; then
  exec "$build/tests/mahjong_bench" "$@"
fi
for mode in game shared none; do
  games=10000
  [ $mode = none ] && games=2000
  "$build/tests/mahjong_bench" --games $games --runs 5 --cache $mode
  echo
done
