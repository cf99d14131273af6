// perf.test.mjs - the page's performance targets (issue 6), measured in
// headless Chromium and printed as test diagnostics:
//   * navigation start -> first drawn frame (and -> first frame of the loaded
//     default game) <= 1.5 s on localhost, median of 5 fresh pages;
//   * autoplay >= 55 frames per second over 5 s (Module.onFrame calls; the
//     suite measures 1 s, or until 2 steps have played);
//   * seeking to random steps of the largest cirno game (the CLI's
//     `gen cirno --max`, 3e5 cards) <= 50 ms: the API round trip (seek + step,
//     output line and caption read back) and seek -> the canvas frame showing
//     that step; the judge output pane stays virtual (few DOM rows);
//   * the shipped site <= 1.5 MB gzip (scripts/site-size.sh), and what dominates.
// The time limits are asserted by the benchmark only (bench/web.sh, `make
// bench`: DS_PERF_STRICT=1, on a quiet machine). In the suite, which runs
// beside other tests on a machine that may be busy, the figures are measured
// and printed but a time is never a failure (a busy machine is no regression
// of the page: under two busy loops thegame drew 36 frames a second); what
// does not depend on the machine's speed is asserted here too: the first
// frame comes, autoplay draws and plays, every seek lands on its step, the
// output pane stays virtual, the site's size. DS_PERF_SLACK (default 1)
// multiplies the limits. The figures are written to DS_ARTIFACTS_DIR/perf.json.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMIT, SITE_DIR, artifact, loadView, openPage, startBrowser, withMotion } from './harness.mjs';

// about motion: tweens, autoplay, frames (harness.mjs: pages reduce motion otherwise)
withMotion();
import { REPO, cli, lines } from './page-helpers.mjs';

const SLACK = Number(process.env.DS_PERF_SLACK || 1);
const STRICT = process.env.DS_PERF_STRICT === '1';
// Whether this run asserts the time limits (the benchmark's run), else why not.
/** @param {import('node:test').TestContext} t */
function untimed(t) {
  if (STRICT) return false;
  t.diagnostic(`time limits not asserted in the suite (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores): bench/web.sh asserts them`);
  return true;
}
/**
 * The figures, written to perf.json.
 * @type {{firstFrameMs?: object, firstGameFrameMs?: object, loadAverage?: number, autoplay?: object,
 *   cirnoMax?: object, site?: object}}
 */
const results = {};
/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => {
  writeFileSync(artifact('perf.json'), JSON.stringify(results, null, 1) + '\n');
  if (env) await env.close();
});

/** @param {number[]} a */
const median = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
/** @param {number} x */
const round = (x) => Math.round(x * 10) / 10;

test('navigation to the first drawn frame (the benchmark: <= 1.5 s)', { timeout: LIMIT }, async (t) => {
  /** @type {number[]} */
  const first = [];
  /** @type {number[]} */
  const game = [];
  for (let k = 0; k < 5; k++) {
    const page = await openPage(env.browser);
    await loadView(page, env.url);
    await page.waitForFunction(() => window.deckscope.firstGameFrameMs !== null, null, { timeout: LIMIT });
    const r = await page.evaluate(() => ({ f: window.deckscope.firstFrameMs, g: window.deckscope.firstGameFrameMs }));
    if (r.f === null || r.g === null) throw new Error('no first frame'); // waited for above
    first.push(r.f); game.push(r.g);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  }
  results.firstFrameMs = { median: round(median(first)), all: first.map(round) };
  results.firstGameFrameMs = { median: round(median(game)), all: game.map(round) };
  t.diagnostic(`first frame: median ${round(median(first))} ms (${first.map(Math.round).join(', ')})`);
  t.diagnostic(`first frame of cirno sample 1: median ${round(median(game))} ms (${game.map(Math.round).join(', ')})`);
  results.loadAverage = os.loadavg()[0];
  if (untimed(t)) return;
  assert.ok(median(game) <= 1500 * SLACK, `median ${median(game)} ms <= ${1500 * SLACK} ms`);
});

test('autoplay draws and plays in every game (the benchmark: >= 55 frames per second over 5 s)', { timeout: LIMIT }, async (t) => {
  /** @type {Record<string, {fps: number, stepsPlayed: number, worstFrameMs: number}>} */
  const autoplay = {};
  results.autoplay = autoplay;
  const slow = [];
  for (const [game, k] of [['cirno', 1], ['thegame', 1], ['mahjong', 1], ['goudan', 2]]) {
    const page = await openPage(env.browser);
    await loadView(page, `${env.url}#game=${game}&sample=${k}`);
    // The benchmark measures 5 s; the suite 1 s, and longer until autoplay
    // has played 2 steps (a busy machine: as long as that takes).
    const r = await page.evaluate((windowMs) => new Promise(/** @param {(r: {fps: number, steps: number, playing: boolean, worstMs: number}) => void} res */ (res) => {
      const d = window.deckscope;
      d.setSpeed(4);
      d.seek(0, false);
      d.play();
      const f0 = d.frames, s0 = d.step, t0 = performance.now();
      let worst = 0, last = t0;
      const f = () => {
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
        if (now - t0 < windowMs || d.step - s0 < 2) return;
        d.off('frame', f);
        const dt = (now - t0) / 1000;
        const out = { fps: (d.frames - f0) / dt, steps: d.step - s0, playing: d.playing, worstMs: worst };
        d.pause();
        res(out);
      };
      d.on('frame', f);
    }), STRICT ? 5000 : 1000);
    autoplay[game] = { fps: round(r.fps), stepsPlayed: r.steps, worstFrameMs: round(r.worstMs) };
    t.diagnostic(`autoplay ${game}: ${r.fps.toFixed(1)} frames/s over ${STRICT ? 5 : 1} s or more, ${r.steps} steps played, worst frame gap ${r.worstMs.toFixed(1)} ms`);
    assert.ok(r.steps >= 2, `${game}: autoplay advanced (${r.steps} steps)`);
    assert.ok(r.fps > 0, `${game}: autoplay drew frames`);
    assert.deepEqual(page.problems, []);
    if (r.fps < 55 / SLACK) slow.push(`${game} ${r.fps.toFixed(1)} fps`);
    await page.closeAll();
  }
  const fps = Object.values(autoplay).map((a) => a.fps);
  results.autoplay = { ...autoplay, min: Math.min(...fps) };
  if (untimed(t)) return;
  assert.deepEqual(slow, [], `every game >= ${(55 / SLACK).toFixed(1)} fps`);
});

test('seeking anywhere in the largest cirno game lands on its step; the output pane stays virtual (the benchmark: <= 50 ms)', { timeout: LIMIT }, async (t) => {
  const input = cli(['gen', 'cirno', '--max', '--seed', '1']);
  const judge = lines(cli(['cirno'], input));
  const page = await openPage(env.browser);
  await loadView(page, env.url);
  const r = await page.evaluate(async (text) => {
    const d = window.deckscope;
    const t0 = performance.now();
    await d.load({ game: 'cirno', input: text });
    const loadMs = performance.now() - t0;
    // A fixed pseudo-random sequence of steps.
    let x = 12345;
    const rnd = (/** @type {number} */ n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % (n + 1); };
    const n = d.steps;
    const api = [];
    for (let k = 0; k < 300; k++) {
      const s = rnd(n);
      const a = performance.now();
      d.seek(s, false);
      const ok = d.step === s;
      d.outputLine();
      d.caption; // narration of the event that led here (engine JSON, parsed)
      api.push(performance.now() - a);
      if (!ok) return { error: `seek(${s}) gave ${d.step}` };
    }
    // Seek -> the first frame drawn after it (the canvas shows that step).
    const frame = [];
    for (let k = 0; k < 40; k++) {
      const s = rnd(n);
      const a = performance.now();
      await new Promise(/** @param {(v?: void) => void} res */ (res) => {
        const f = () => { d.off('frame', f); res(); };
        d.on('frame', f);
        d.seek(s, false);
      });
      frame.push(performance.now() - a);
    }
    await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
    const rows = document.querySelectorAll('#output .out-line').length;
    const cur = /** @type {HTMLElement | null} */ (document.querySelector('#output .out-line.current'));
    return { n, loadMs, api, frame, rows, line: d.outputLine(), cur: cur && { line: Number(cur.dataset.line), text: /** @type {Element} */ (cur.querySelector('.tx')).textContent } };
  }, input);
  if ('error' in r) assert.fail(r.error);
  /** @param {number[]} a */
  const st = (a) => ({ median: round(median(a)), max: round(Math.max(...a)) });
  results.cirnoMax = { steps: r.n, loadMs: round(r.loadMs), seekApi: st(r.api), seekToFrame: st(r.frame), domRows: r.rows };
  t.diagnostic(`largest cirno: ${r.n} steps, load ${Math.round(r.loadMs)} ms (parse + simulate + output, in wasm)`);
  t.diagnostic(`seek API round trip (seek, step, outputLine, caption): median ${st(r.api).median} ms, max ${st(r.api).max} ms over ${r.api.length}`);
  t.diagnostic(`seek -> next drawn frame: median ${st(r.frame).median} ms, max ${st(r.frame).max} ms over ${r.frame.length}`);
  t.diagnostic(`judge output: ${judge.length} lines, ${r.rows} DOM rows`);
  assert.ok(r.n > 290000, `${r.n} steps`);
  assert.ok(r.rows < 200, `virtualised: ${r.rows} rows for ${judge.length} lines`);
  assert.ok(r.cur && r.line !== null, 'a current output line');
  assert.equal(r.cur.line, r.line);
  assert.equal(r.cur.text, judge[r.line - 1]);
  assert.deepEqual(page.problems, []);
  if (untimed(t)) { await page.closeAll(); return; }
  assert.ok(median(r.api) <= 50 * SLACK && Math.max(...r.api) <= 50 * SLACK, 'seek API <= 50 ms');
  assert.ok(median(r.frame) <= 50 * SLACK, 'seek -> frame median <= 50 ms');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the shipped site is <= 1.5 MB gzip', () => {
  const out = execFileSync('bash', [path.join(REPO, 'scripts', 'site-size.sh'), SITE_DIR]).toString();
  const rows = out.trim().split('\n').slice(1).map((l) => l.trim().split(/\s+/)).map(([f, b, g]) => ({ f, b: +b, g: +g }));
  const total = rows.find((r) => r.f === 'total');
  assert.ok(total, 'site-size.sh gives a total');
  const files = rows.filter((r) => r.f !== 'total').sort((a, b) => b.g - a.g);
  results.site = { gzipBytes: total.g, bytes: total.b, largest: files.slice(0, 3).map((r) => ({ file: r.f, gzip: r.g })) };
  console.log(`# site: ${total.b} bytes, ${total.g} bytes gzip; largest: ` +
    files.slice(0, 3).map((r) => `${r.f} ${r.g} (${Math.round((100 * r.g) / total.g)} %)`).join(', '));
  assert.ok(total.g <= 1.5 * 1024 * 1024, `${total.g} bytes gzip`);
});
