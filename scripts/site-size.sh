#!/usr/bin/env bash
# site-size.sh [DIR] - raw and gzip -9 sizes of the site's files (default build/dist, the shipped site).
set -euo pipefail
dir=${1:-build/dist}
total=0 gtotal=0
printf '%-24s %10s %10s\n' file bytes gzip
for f in "$dir"/*; do
  [ -f "$f" ] || continue
  n=$(stat -c %s "$f"); g=$(gzip -9c "$f" | wc -c)
  total=$((total + n)); gtotal=$((gtotal + g))
  printf '%-24s %10d %10d\n' "$(basename "$f")" "$n" "$g"
done
printf '%-24s %10d %10d\n' total "$total" "$gtotal"
