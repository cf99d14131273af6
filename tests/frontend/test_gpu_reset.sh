#!/usr/bin/env bash
# test_gpu_reset.sh VIEW SAMPLES OUTDIR - a GPU device reset natively
# (SDL_RENDER_DEVICE_RESET, which deckscope-view --reset-gpu N pushes before
# frame N): the window, the renderer and the glyph atlas are made again
# (platform/i_video.c), and the last frame is pixel for pixel the frame of
# the same run without the reset. Run under xvfb-run.
set -u
view=$1 samples=$2 out=$3
mkdir -p "$out"
fails=0 checks=0
for spec in "mahjong 1 60 game" "goudan 1 2 dp" "cirno 1 40 game"; do
  read -r game k step mode <<<"$spec"
  args=(--game "$game" --input "$samples/$game/sample-$k.in" --step "$step" --mode "$mode"
        --size 640x360 --frames 40 --lang zh)
  plain=$out/gpu-$game-$mode-plain.png reset=$out/gpu-$game-$mode-reset.png
  if ! "$view" "${args[@]}" --screenshot "$plain" 2>"$out/plain.log"; then
    echo "FAIL $game $mode: the run without a reset failed:"; cat "$out/plain.log"; fails=$((fails + 1)); continue
  fi
  if ! "$view" "${args[@]}" --reset-gpu 20 --screenshot "$reset" 2>"$out/reset.log"; then
    echo "FAIL $game $mode: the run with a reset failed:"; cat "$out/reset.log"; fails=$((fails + 1)); continue
  fi
  checks=$((checks + 2))
  if ! grep -q 'GPU context reset' "$out/reset.log"; then
    echo "FAIL $game $mode: no reset happened (no 'GPU context reset' in the log)"; fails=$((fails + 1))
  fi
  if ! cmp -s "$plain" "$reset"; then
    echo "FAIL $game $mode: the frame after the reset differs from the frame without it ($plain, $reset)"
    fails=$((fails + 1))
  fi
done
echo "gpu reset: $checks checks, $fails failed"
[ "$checks" -gt 0 ] && [ "$fails" -eq 0 ]
