#!/usr/bin/env bash
# bench/web.sh [RUNS] - the page's performance targets (issue 6), measured in
# headless Chromium by tests/browser/perf.test.mjs against the built site,
# RUNS times (default 3) with the time limits asserted (DS_PERF_STRICT=1), then
# the median of each figure over the runs:
#   navigation -> first drawn frame (<= 1.5 s), autoplay frame rate
#   (>= 55 fps over 5 s), seeks in the largest cirno game (<= 50 ms), and the
#   site's gzip size (<= 1.5 MB). Run it on a quiet machine: Chromium draws
#   WebGL in software here (--disable-gpu), so other load shows directly.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
cd "$root"
make --no-print-directory web >/dev/null
[ -x build/native/deckscope ] || make --no-print-directory native >/dev/null
out=$(mktemp -d)
status=0
for i in $(seq 1 "$runs"); do
  mkdir -p "$out/$i"
  echo "web bench: run $i/$runs (load average $(cut -d' ' -f1 /proc/loadavg))"
  DS_PERF_STRICT=1 DS_PERF_SLACK=1 DS_SITE_DIR=build/site DS_ARTIFACTS_DIR="$out/$i" DS_CLI=build/native/deckscope \
    node --test tests/browser/perf.test.mjs >"$out/$i/log" 2>&1 || { status=1; grep -E "^not ok|AssertionError|>=|<=" "$out/$i/log" | head -5; }
done
node - "$out" "$runs" <<'JS'
const fs = require('fs');
const [dir, runs] = [process.argv[2], +process.argv[3]];
const all = [];
for (let i = 1; i <= runs; i++) {
  try { all.push(JSON.parse(fs.readFileSync(`${dir}/${i}/perf.json`, 'utf8'))); } catch { /* a run died */ }
}
const med = (a) => { const s = a.filter((x) => typeof x === 'number').sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const col = (f) => all.map(f).filter((x) => typeof x === 'number');
const row = (what, target, vals, unit) => console.log(`${what.padEnd(44)} ${target.padEnd(10)} median ${med(vals)} ${unit}  (runs: ${vals.join(', ')})`);
console.log(`web bench: ${all.length} runs`);
row('navigation -> first frame', '<= 1500', col((r) => r.firstFrameMs?.median), 'ms');
row('navigation -> first frame of the game', '<= 1500', col((r) => r.firstGameFrameMs?.median), 'ms');
for (const g of ['cirno', 'thegame', 'mahjong', 'goudan'])
  row(`autoplay ${g} (4x)`, '>= 55', col((r) => r.autoplay?.[g]?.fps), 'frames/s');
row('largest cirno: load (parse+simulate+output)', '', col((r) => r.cirnoMax?.loadMs), 'ms');
row('largest cirno: seek API round trip, median', '<= 50', col((r) => r.cirnoMax?.seekApi?.median), 'ms');
row('largest cirno: seek API round trip, max', '<= 50', col((r) => r.cirnoMax?.seekApi?.max), 'ms');
row('largest cirno: seek -> next drawn frame', '<= 50', col((r) => r.cirnoMax?.seekToFrame?.median), 'ms');
row('site, gzip', '<= 1572864', col((r) => r.site?.gzipBytes), 'bytes');
JS
rm -rf "$out"
exit $status
