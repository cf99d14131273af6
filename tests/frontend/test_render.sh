#!/bin/bash
# test_render.sh CLI SHARED_DATA OUT_DIR
# `deckscope render` on the native build with no display (the CLI runs the
# sibling deckscope-view --render with SDL's dummy video driver; DISPLAY is
# unset here so nothing can reach an X server). Checks, with a GIF/PNG
# reader written in Python here (independent of the C encoder):
#   - a GIF of steps [from, to] has 1 + (to - from) * (T + 1) frames
#     (T tween frames per step, default 5; --tween 0 gives one per step),
#     640x360 by default, --size/--scale change the pixel size, something
#     moves between steps, the file is deterministic, "-o -" writes stdout;
#   - for every game, the whole game with --tween 0, n + 1 frames (n from the engine's own trace:
#     `deckscope <game> --trace` header "events");
#   - a PNG of one step has the right size at scale 1 and 2;
#   - bad input: exit 2, one line with line and column, no file written;
#     a step past the end, a bad extension, an unknown game: exit 2.
# The frames and a PNG are kept in OUT_DIR for a look.
set -u
CLI=$1
DATA=$2
OUT=$3
mkdir -p "$OUT"
unset DISPLAY WAYLAND_DISPLAY
export ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }

# info FILE -> "gif W H FRAMES MOVED" or "png W H" (MOVED: frames after the
# first whose changed rectangle is larger than one pixel)
info() {
  python3 - "$1" <<'EOF'
import struct, sys
d = open(sys.argv[1], 'rb').read()
if d[:8] == b'\x89PNG\r\n\x1a\n':
    w, h = struct.unpack('>II', d[16:24])
    print('png', w, h)
    sys.exit(0)
assert d[:6] == b'GIF89a', 'not a GIF89a'
w, h, packed = struct.unpack('<HHB', d[6:11])
i = 13 + (3 * (2 << (packed & 7)) if packed & 0x80 else 0)
frames = moved = 0
def skip_blocks(i):
    while d[i]:
        i += d[i] + 1
    return i + 1
while True:
    b = d[i]
    if b == 0x3B:
        break
    if b == 0x21:
        i = skip_blocks(i + 2)
    elif b == 0x2C:
        x, y, fw, fh, p = struct.unpack('<HHHHB', d[i + 1:i + 10])
        assert x + fw <= w and y + fh <= h, 'frame outside the screen'
        i += 10 + (3 * (2 << (p & 7)) if p & 0x80 else 0)
        i = skip_blocks(i + 1)  # LZW minimum code size, then data
        frames += 1
        if frames > 1 and fw * fh > 1:
            moved += 1
    else:
        raise SystemExit('unknown block %#x at %d' % (b, i))
assert i == len(d) - 1, 'data after the trailer'
print('gif', w, h, frames, moved)
EOF
}

steps_of() { # game input -> number of events (the engine's trace header)
  "$CLI" "$1" --trace < "$2" | head -1 | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["events"])'
}

MJ=$DATA/mahjong/sample-1.in
n=$(steps_of mahjong "$MJ")
to=$((n < 40 ? n : 40))
"$CLI" render mahjong --from 10 --to $to -o "$OUT/calls.gif" < "$MJ" 2> "$OUT/err.txt"
rc=$?
read -r kind w h frames moved < <(info "$OUT/calls.gif" 2>/dev/null)
want=$((1 + (to - 10) * 6))
if [ $rc = 0 ] && [ "$kind" = gif ] && [ "$w" = 640 ] && [ "$h" = 360 ] && [ "$frames" = $want ]; then
  ok "mahjong --from 10 --to $to: $frames frames, ${w}x$h"
else
  bad "mahjong --from 10 --to $to: rc=$rc, got '$kind $w $h $frames', want gif 640 360 $want: $(cat "$OUT/err.txt")"
fi
if [ "${moved:-0}" -ge $(((to - 10) / 2)) ]; then ok "frames change between steps ($moved moving frames)"
else bad "only ${moved:-0} frames change between steps"; fi

"$CLI" render mahjong --from 10 --to 14 -o "$OUT/short.gif" < "$MJ" 2>/dev/null
"$CLI" render mahjong --from 10 --to 14 -o - < "$MJ" 2>/dev/null > "$OUT/stdout.gif"
if [ -s "$OUT/short.gif" ] && cmp -s "$OUT/short.gif" "$OUT/stdout.gif"; then ok "deterministic, -o - writes stdout"
else bad "a second render (to stdout) differs"; fi

"$CLI" render mahjong --from 3 --to 7 --tween 0 --size 320x200 --scale 2 --light -o "$OUT/small.gif" < "$MJ" 2>/dev/null
read -r kind w h frames moved < <(info "$OUT/small.gif" 2>/dev/null)
if [ "$kind $w $h $frames" = "gif 640 400 5" ]; then ok "--tween 0 --size 320x200 --scale 2: 5 frames, 640x400"
else bad "--tween 0 --size 320x200 --scale 2: got '$kind $w $h $frames', want gif 640 400 5"; fi

for game in cirno thegame mahjong goudan; do
  in=$DATA/$game/sample-1.in
  if [ $game = goudan ]; then
    n=$("$CLI" goudan --playout --seed 7 < "$in" | head -1 |
        python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["events"])')
    extra="--query 1 --seed 7"
  else
    n=$(steps_of $game "$in")
    extra=""
  fi
  # shellcheck disable=SC2086
  "$CLI" render $game $extra --tween 0 -o "$OUT/$game.gif" < "$in" 2> "$OUT/err.txt"
  rc=$?
  read -r kind w h frames moved < <(info "$OUT/$game.gif" 2>/dev/null)
  want=$((1 + n))
  if [ $rc = 0 ] && [ "$kind $w $h $frames" = "gif 640 360 $want" ]; then ok "$game: whole game, $n steps, $frames frames"
  else bad "$game: rc=$rc got '$kind $w $h $frames', want gif 640 360 $want ($n steps): $(cat "$OUT/err.txt")"; fi
done

"$CLI" render cirno --step 3 -o "$OUT/cirno-3.png" < "$DATA/cirno/sample-1.in" 2>/dev/null
"$CLI" render cirno --step 3 --light --scale 2 -o "$OUT/cirno-3-light.png" < "$DATA/cirno/sample-1.in" 2>/dev/null
a=$(info "$OUT/cirno-3.png" 2>/dev/null)
b=$(info "$OUT/cirno-3-light.png" 2>/dev/null)
if [ "$a" = "png 640 360" ] && [ "$b" = "png 1280 720" ]; then ok "PNG of a step at scale 1 and 2"
else bad "PNG sizes: '$a', '$b'"; fi

# bad input and arguments
rm -f "$OUT/bad.gif"
printf '2 1 x\n' | "$CLI" render cirno -o "$OUT/bad.gif" 2> "$OUT/err.txt"
rc=$?
if [ $rc = 2 ] && [ ! -e "$OUT/bad.gif" ] && [ "$(wc -l < "$OUT/err.txt")" = 1 ] &&
   grep -q 'line 1, column 5' "$OUT/err.txt"; then ok "bad input: exit 2, line:column, no file"
else bad "bad input: rc=$rc, $(cat "$OUT/err.txt")"; fi
for args in "cirno --from 0 --to 99999 -o $OUT/bad.gif" "cirno -o $OUT/bad.txt" "nosuchgame -o $OUT/bad.gif" \
            "cirno --step 2 -o $OUT/bad.gif" "cirno --size 5x5 -o $OUT/bad.gif" "cirno --from 5 --to 2 -o $OUT/bad.gif" \
            "cirno"; do
  # shellcheck disable=SC2086
  "$CLI" render $args < "$DATA/cirno/sample-1.in" > /dev/null 2> "$OUT/err.txt"
  rc=$?
  if [ $rc = 2 ] && [ ! -e "$OUT/bad.gif" ] && [ -s "$OUT/err.txt" ]; then ok "render $args: exit 2"
  else bad "render $args: rc=$rc"; fi
done

if command -v gifsicle > /dev/null; then
  if gifsicle --info "$OUT/calls.gif" > "$OUT/gifsicle.txt" 2>&1 && ! grep -qi 'warning\|error\|corrupt' "$OUT/gifsicle.txt" &&
     head -1 "$OUT/gifsicle.txt" | grep -q " $((1 + (to - 10) * 6)) images"; then ok "gifsicle reads calls.gif"
  else bad "gifsicle: $(head -3 "$OUT/gifsicle.txt")"; fi
fi

echo "$fails failed"
[ $fails = 0 ]
