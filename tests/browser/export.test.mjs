// export.test.mjs - PNG and GIF export of the page (web/shell/features/export.js over
// web/app/api/view_export.c) in headless Chromium:
//   - the Export dialog saves the current frame as PNG at 1x and 2x: the
//     downloaded files decode (by the browser) to the canvas's CSS size times
//     1 and 2, are not blank, and light differs from dark;
//   - it saves a range of steps as a GIF: the downloaded file has
//     1 + (to - from) * 6 frames of 640x360, counted by walking the GIF blocks
//     here AND decoded frame by frame by Chromium's own decoder (ImageDecoder);
//     the progress bar moves, the page keeps drawing frames during the export;
//   - the PNG of a step equals (nearly pixel for pixel) the native CLI's
//     `deckscope render <game> --step S` of the same size, when the CLI can render
//     (with DS_REQUIRE_ALL=1 a CLI that cannot render is a failure, not a skip);
//   - a bad range, cancelling, and loading another game during an export
//     fail cleanly, and the next export works;
//   - in the DP view (mahjong) the exports draw the DP scene and do not move
//     the view; the exported DP frame of a step is the DP canvas at that step
//     (mahjong at two animation positions, goudan with its heat map filled):
//     the PNG and a screenshot of the canvas, the same size (to a pixel of
//     rounding), differ in at most 3% of the pixels, a pixel matching one
//     of the other's within one pixel (the shares are printed);
//     no console errors;
//   - the caption (on by default): the GIF's and the PNG's strip under the
//     picture holds text in the theme's text colour, the caption of the step
//     each frame shows (the GIF's strip equals the page's PNG strip of that
//     step), follows the page's language, and goes with the checkbox; a 40-step
//     GIF is timed with and without it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, pngStats, startBrowser, withMotion } from './harness.mjs';

// about motion: tweens, autoplay, frames (harness.mjs: pages reduce motion otherwise)
withMotion();
import { CLI, DATA, cli } from './page-helpers.mjs';
import path from 'node:path';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @typedef {import('./harness.mjs').TestPage} TestPage */
/** @typedef {import('playwright-core').Page} Page */
/** What the export's gif() resolves with (docs/exports.md). @typedef {{ blob: Blob, width: number, height: number, frames: number, captionHeight: number }} GifResult */

/** @param {TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

/** @param {Page} page @param {string} hash */
async function openGame(page, hash) {
  await loadView(page, env.url + '#' + hash);
  await page.waitForFunction(() => window.deckscope.steps > 0 && !window.deckscope.busy &&
    document.getElementById('export-open'), null, { timeout: LIMIT });
}

// Frames and size of a GIF, by walking its blocks (independent of the encoder).
/** @param {Buffer} buf */
function gifInfo(buf) {
  assert.equal(buf.subarray(0, 6).toString('latin1'), 'GIF89a');
  const w = buf.readUInt16LE(6), h = buf.readUInt16LE(8), packed = buf[10];
  let i = 13 + (packed & 0x80 ? 3 * (2 << (packed & 7)) : 0);
  const skip = (/** @type {number} */ j) => { while (buf[j]) j += buf[j] + 1; return j + 1; };
  let frames = 0;
  for (;;) {
    const b = buf[i];
    if (b === 0x3b) break;
    if (b === 0x21) i = skip(i + 2);
    else if (b === 0x2c) {
      const fx = buf.readUInt16LE(i + 1), fy = buf.readUInt16LE(i + 3);
      const fw = buf.readUInt16LE(i + 5), fh = buf.readUInt16LE(i + 7), p = buf[i + 9];
      assert.ok(fx + fw <= w && fy + fh <= h, 'frame inside the screen');
      i = skip(i + 10 + (p & 0x80 ? 3 * (2 << (p & 7)) : 0) + 1);
      frames++;
    } else throw new Error(`unknown GIF block ${b} at ${i}`);
  }
  assert.equal(i, buf.length - 1, 'nothing after the trailer');
  return { w, h, frames };
}

// Chromium's own GIF decoder: frame count and every frame's size.
/** @param {Page} page @param {Buffer} buf */
function browserDecodeGif(page, buf) {
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dec = new ImageDecoder({ data: bytes, type: 'image/gif' });
    await dec.tracks.ready;
    await dec.completed;
    const track = dec.tracks.selectedTrack;
    if (!track) throw new Error('the GIF has no image track');
    const n = track.frameCount;
    const sizes = new Set();
    let distinctFirst = 0;
    for (let k = 0; k < n; k++) {
      const { image } = await dec.decode({ frameIndex: k });
      sizes.add(`${image.displayWidth}x${image.displayHeight}`);
      if (k === 0) {
        const c = new OffscreenCanvas(image.displayWidth, image.displayHeight);
        const g = c.getContext('2d');
        if (!g) throw new Error('no 2d context for an OffscreenCanvas');
        g.drawImage(image, 0, 0);
        const d = g.getImageData(0, 0, c.width, c.height).data;
        const s = new Set();
        for (let i = 0; i < d.length; i += 4) s.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
        distinctFirst = s.size;
      }
      image.close();
    }
    return { frames: n, sizes: [...sizes], distinctFirst };
  }, buf.toString('base64'));
}

/** @param {Page} page @param {() => Promise<unknown>} click */
async function download(page, click) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: LIMIT }), click()]);
  return { name: dl.suggestedFilename(), data: readFileSync(await dl.path()) };
}

test('PNG of the current frame at 1x and 2x, light and dark', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await openGame(page, 'game=mahjong&sample=1&step=12');
  await page.selectOption('#theme', 'dark');
  await page.click('#export-open');
  assert.ok(await page.locator('#export-dialog').isVisible(), 'the dialog opens');
  const css = await page.evaluate(() => {
    const c = window.__el('#canvas', HTMLCanvasElement);
    return { w: Math.round(c.clientWidth), h: Math.round(c.clientHeight) };
  });
  const one = await download(page, () => page.click('#export-png1'));
  const two = await download(page, () => page.click('#export-png2'));
  assert.match(one.name, /^deckscope-mahjong-step12\.png$/);
  assert.match(two.name, /@2x\.png$/);
  const s1 = await pngStats(page, one.data);
  const s2 = await pngStats(page, two.data);
  // the caption (on by default) adds a strip under the picture
  assert.equal(s1.width, css.w, '1x = the canvas CSS width');
  assert.ok(s1.height > css.h + 15 && s1.height < css.h + 120, `1x: the canvas height and a caption strip (${s1.height} vs ${css.h})`);
  assert.equal(s2.width, css.w * 2, '2x = twice that');
  assert.ok(Math.abs(s2.height - 2 * s1.height) <= 4, `2x: twice as tall (${s2.height} vs ${s1.height})`);
  assert.ok(s1.distinct > 8 && s2.distinct > 8, 'not blank');
  writeFileSync(artifact('export-mahjong-12.png'), one.data);
  writeFileSync(artifact('export-mahjong-12@2x.png'), two.data);

  // The other theme: the same frame, clearly lighter.
  await page.keyboard.press('Escape');
  await page.selectOption('#theme', 'light');
  const light = await page.evaluate(async () => {
    const r = await window.deckscope.export.png({ scale: 1, caption: false });
    const buf = new Uint8Array(await r.blob.arrayBuffer());
    let s = '';
    for (const b of buf) s += String.fromCharCode(b);
    return btoa(s);
  });
  const sl = await pngStats(page, Buffer.from(light, 'base64'));
  assert.ok(sl.meanLuma > s1.meanLuma + 40, `light (${sl.meanLuma}) is lighter than dark (${s1.meanLuma})`);
  writeFileSync(artifact('export-mahjong-12-light.png'), Buffer.from(light, 'base64'));
  noProblems(page);
  await page.closeAll();
});

test('GIF of a range through the dialog: frame count, size, progress, page stays live', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await openGame(page, 'game=mahjong&sample=1&step=10');
  await page.click('#export-open');
  await page.fill('#export-from', '10');
  await page.fill('#export-to', '18');
  assert.match(await page.locator('#export-plan').textContent() ?? '', /49/, 'the plan announces 1 + 8 x 6 frames');
  // Record the progress bar and the page's animation frames while the export
  // runs (the canvas itself draws only when its picture changes: issue 25).
  await page.evaluate(() => {
    window.__progress = [];
    window.__ticks = 0;
    const tick = () => { window.__ticks++; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const bar = window.__el('#export-progress', HTMLProgressElement);
    new MutationObserver(() => window.__progress.push(Number(bar.value)))
      .observe(bar, { attributes: true, attributeFilter: ['value'] });
    const t0 = performance.now();
    window.__t0 = t0;
  });
  const gif = await download(page, () => page.click('#export-gif'));
  const seen = await page.evaluate(() => ({
    progress: window.__progress, frames: window.__ticks,
    ms: performance.now() - window.__t0, status: window.__el('#export-status').textContent ?? '',
  }));
  assert.equal(gif.name, 'deckscope-mahjong-10-18.gif');
  const info = gifInfo(gif.data);
  assert.deepEqual([info.w, info.frames], [640, 1 + 8 * 6]);
  assert.ok(info.h > 360 + 15 && info.h < 360 + 120, `640x360 and the caption strip (on by default): ${info.h}`);
  const dec = await browserDecodeGif(page, gif.data);
  assert.equal(dec.frames, 49, "Chromium's decoder sees every frame");
  assert.deepEqual(dec.sizes, [`640x${info.h}`]);
  assert.ok(dec.distinctFirst > 8, 'the first frame is not blank');
  writeFileSync(artifact('export-mahjong-10-18.gif'), gif.data);
  assert.ok(seen.progress.length >= 2, `the progress bar moved (${seen.progress.length} updates)`);
  for (let k = 1; k < seen.progress.length; k++) assert.ok(seen.progress[k] >= seen.progress[k - 1] || seen.progress[k] === 0);
  assert.equal(seen.progress.at(-1), 1);
  assert.ok(seen.frames >= 3, `the page kept running animation frames during the export (${seen.frames} in ${Math.round(seen.ms)} ms)`);
  assert.match(seen.status, /49/);
  console.log(`GIF 10..18: ${gif.data.length} bytes, ${Math.round(seen.ms)} ms, ${seen.frames} animation frames meanwhile`);
  noProblems(page);
  await page.closeAll();
});

test('the page PNG equals the CLI render of the same step', { timeout: LIMIT }, async (t) => {
  const game = 'thegame', step = 7, w = 640, h = 360;
  const input = readFileSync(path.join(DATA, game, 'sample-1.in'));
  let cliPng;
  try {
    if (!CLI) throw new Error('no native deckscope CLI found (set DS_CLI or build one under build/)');
    cliPng = execFileSync(CLI, ['render', game, '--step', String(step), '--size', `${w}x${h}`, '-o', artifact('cli-thegame-7.png')],
      // an ASan front end (make test) must not fail on SDL's own leaks at exit
      { input, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=0' } });
    cliPng = readFileSync(artifact('cli-thegame-7.png'));
  } catch (err) {
    const e = /** @type {Error & { stderr?: Buffer }} */ (err);
    const why = `the CLI cannot render here: ${String(e.stderr || e.message).split('\n')[0]}`;
    // In CI (DS_REQUIRE_ALL=1, .ci/run) nothing may be skipped.
    if (process.env.DS_REQUIRE_ALL === '1') assert.fail(`${why} (DS_REQUIRE_ALL=1 forbids skipping)`);
    t.skip(why);
    return;
  }
  const page = await openPage(env.browser);
  await openGame(page, `game=${game}&sample=1&step=${step}`);
  const same = await page.evaluate(async ([cliB64, w, h]) => {
    window.deckscope.module.dsHost.dark = true;
    window.deckscope.seek(window.deckscope.step, false);
    const r = await window.deckscope.export.png({ width: w, height: h, scale: 1, caption: false });
    const read = async (/** @type {string} */ src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d');
      if (!g) throw new Error('no 2d context for an OffscreenCanvas');
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, img.width, img.height);
    };
    const a = await read(URL.createObjectURL(r.blob));
    const b = await read('data:image/png;base64,' + cliB64);
    if (a.width !== b.width || a.height !== b.height) return { size: false, fraction: 0, exact: 0, distinct: 0 };
    let close = 0, exact = 0;
    const colours = new Set();
    for (let i = 0; i < a.data.length; i += 4) {
      const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
      if (d <= 24) close++;
      if (d === 0) exact++;
      colours.add((a.data[i] << 16) | (a.data[i + 1] << 8) | a.data[i + 2]);
    }
    const n = a.width * a.height;
    return { size: true, fraction: close / n, exact: exact / n, distinct: colours.size };
  }, [cliPng.toString('base64'), w, h]);
  assert.ok(same.size, 'same size');
  console.log(`page PNG vs CLI PNG: ${(same.fraction * 100).toFixed(3)}% of the pixels within 24, ${(same.exact * 100).toFixed(3)}% equal`);
  assert.ok(same.distinct > 8, `the picture is not blank (${same.distinct} colours)`);
  assert.ok(same.fraction > 0.995, `pixels equal to the CLI's: ${(same.fraction * 100).toFixed(2)}%`);
  noProblems(page);
  await page.closeAll();
});

test('bad ranges, cancel, a new game during an export; the next export works', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await openGame(page, 'game=thegame&sample=1');
  const big = cli(['gen', 'cirno', '--seed', '1', '--max']); // the largest cirno game
  const r = await page.evaluate(async (bigInput) => {
    const X = window.deckscope.export;
    /** @param {Promise<unknown>} p */
    const err = (p) => p.then(() => 'resolved', (/** @type {Error & { cancelled?: boolean }} */ e) => (e.cancelled ? 'cancelled' : 'error: ' + e.message));
    const backwards = await err(X.gif({ from: 9, to: 3 }));
    // cancel after the first slices
    /** @type {() => void} */
    let sliced = () => {};
    const firstSlice = new Promise((res) => { sliced = () => res(undefined); });
    const p = X.gif({ from: 0, to: 40, onProgress: () => sliced() });
    await firstSlice;
    X.cancel();
    const cancel = await err(p);
    const busyAfterCancel = X.busy;
    // another game loaded while a GIF is being made
    /** @type {() => void} */
    let sliced2 = () => {};
    const firstSlice2 = new Promise((res) => { sliced2 = () => res(undefined); });
    const q = X.gif({ from: 0, to: 40, onProgress: () => sliced2() });
    await firstSlice2;
    await window.deckscope.load({ game: 'cirno', input: bigInput });
    const reload = await err(q);
    const steps = window.deckscope.steps;
    const tooLong = await err(X.gif({ from: 10, to: 10 + X.MAX_STEPS + 1 }));
    // and then a normal export of the new game
    const ok = /** @type {GifResult} */ (await X.gif({ from: 0, to: 2, tween: 0, caption: false }));
    const after = { frames: ok.frames, w: ok.width, h: ok.height, type: ok.blob.type, size: ok.blob.size };
    return { backwards, cancel, busyAfterCancel, reload, steps, tooLong, after };
  }, big);
  assert.ok(r.steps > 1000, `the big game has ${r.steps} steps`);
  assert.match(r.backwards, /^error: /);
  assert.match(r.tooLong, /^error: .*600/);
  assert.equal(r.cancel, 'cancelled');
  assert.equal(r.busyAfterCancel, false);
  assert.match(r.reload, /^error: the game changed/);
  assert.equal(r.after.frames, 3);
  assert.deepEqual([r.after.w, r.after.h, r.after.type], [640, 360, 'image/gif']);
  noProblems(page);
  await page.closeAll();
});

test('exports in the DP view draw the DP scene (mahjong)', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await openGame(page, 'game=mahjong&sample=1&step=20');
  const gamePng = await page.evaluate(async () => {
    const p = await window.deckscope.export.png({ width: 640, height: 360, caption: false });
    return [...new Uint8Array(await p.blob.arrayBuffer())].join(',');
  });
  await page.evaluate(() => window.deckscope.setMode(1));
  await page.waitForFunction(() => window.deckscope.mode === 1);
  const r = await page.evaluate(async () => {
    const p = await window.deckscope.export.png({ width: 640, height: 360, caption: false });
    const g = /** @type {GifResult} */ (await window.deckscope.export.gif({ from: 20, to: 22, tween: 1, caption: false }));
    const u8 = new Uint8Array(await p.blob.arrayBuffer());
    let s = '';
    for (const x of u8) s += String.fromCharCode(x);
    return { png: btoa(s), bytes: [...u8].join(','), frames: g.frames, w: g.width, h: g.height, mode: window.deckscope.mode, step: window.deckscope.step };
  });
  const st = await pngStats(page, Buffer.from(r.png, 'base64'));
  assert.deepEqual([st.width, st.height], [640, 360]);
  assert.ok(st.distinct > 8, 'the DP picture is not blank');
  assert.notEqual(r.bytes, gamePng, 'the DP picture is not the game scene');
  assert.deepEqual([r.frames, r.w, r.h], [1 + 2 * 2, 640, 360]);
  assert.deepEqual([r.mode, r.step], [1, 20], 'exporting does not move the view');
  writeFileSync(artifact('export-mahjong-dp-20.png'), Buffer.from(r.png, 'base64'));
  noProblems(page);
  await page.closeAll();
});

// The DP view's export is the DP canvas (issue 17): the scenes draw from a
// read-only view, and the export's copy of the view carries the DP state of
// its step, so the PNG of step k equals what the canvas shows at step k. The
// canvas is WebGL, the export SDL's software renderer: they differ in the
// edge pixels of glyphs and lines (measured: about 1% of mahjong's DP table,
// a glyph-dense picture, with the one-pixel tolerance below; 5% without it),
// not in what is drawn (the old code's placeholder "d = – (60)" differed
// in 20.8%).
const DP_DIFF_MAX = 0.03;

/** @param {Page} page @param {number} n */
async function framesPass(page, n) {
  // a listener of 'frame' keeps the canvas drawing (it draws only on a change otherwise: issue 25)
  await page.evaluate((k) => new Promise((res) => {
    let c = 0;
    const f = () => { if (++c >= k) { window.deckscope.off('frame', f); res(undefined); } };
    window.deckscope.on('frame', f);
  }), n);
}

// The canvas as it is now (screenshot) against the PNG export of the current
// step at the canvas's CSS size: the share of pixels whose RGB differ by more
// than 48 in sum, and the export's colour count.
/** @param {Page} page @param {string} name */
async function dpExportVsCanvas(page, name) {
  // The page may place the canvas at a fractional CSS position (74.75 px),
  // where the compositor resamples it for the screenshot: move it onto whole
  // pixels (a transform, so nothing is laid out again).
  await page.evaluate(() => {
    const c = window.__el('#canvas', HTMLCanvasElement);
    c.style.transform = '';
    const r = c.getBoundingClientRect();
    c.style.transform = `translate(${Math.round(r.x) - r.x}px, ${Math.round(r.y) - r.y}px)`;
  });
  await framesPass(page, 3);
  const shot = await page.locator('#canvas').screenshot();
  const r = await page.evaluate(async (shotB64) => {
    // the size the scene is laid out for: the canvas's backing store (the
    // page runs at a device pixel ratio of 1)
    const c = window.__el('#canvas', HTMLCanvasElement);
    const p = await window.deckscope.export.png({ width: c.width, height: c.height, scale: 1, caption: false });
    const read = async (/** @type {Blob} */ blob) => {
      const bm = await createImageBitmap(blob);
      const oc = new OffscreenCanvas(bm.width, bm.height);
      const g = oc.getContext('2d');
      if (!g) throw new Error('no 2d context for an OffscreenCanvas');
      g.drawImage(bm, 0, 0);
      return g.getImageData(0, 0, bm.width, bm.height);
    };
    const a = await read(p.blob);
    const b = await read(new Blob([Uint8Array.from(atob(shotB64), (ch) => ch.charCodeAt(0))], { type: 'image/png' }));
    const u8 = new Uint8Array(await p.blob.arrayBuffer());
    let s = '';
    for (const x of u8) s += String.fromCharCode(x);
    const png = btoa(s), sizeA = [a.width, a.height], sizeB = [b.width, b.height];
    const step = window.deckscope.step, mode = window.deckscope.mode;
    // a canvas of a fractional CSS size: the screenshot rounds, the export
    // truncates; the rows and columns both have are compared
    const cw = Math.min(a.width, b.width), ch = Math.min(a.height, b.height);
    // A pixel of the export matches when the screenshot has a pixel within
    // 48 (sum of RGB) at the same place or one pixel away (WebGL and SDL's
    // software renderer may place an edge a pixel apart); a different
    // picture still differs widely.
    let differ = 0, differExact = 0;
    const colours = new Set();
    /** @param {number} i @param {number} x @param {number} y */
    const near = (i, x, y) => {
      if (x < 0 || y < 0 || x >= cw || y >= ch) return false;
      const j = (y * b.width + x) * 4;
      return Math.abs(a.data[i] - b.data[j]) + Math.abs(a.data[i + 1] - b.data[j + 1]) + Math.abs(a.data[i + 2] - b.data[j + 2]) <= 48;
    };
    for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) {
      const i = (y * a.width + x) * 4;
      if (!near(i, x, y)) {
        differExact++;
        let ok = false;
        for (let dy = -1; dy <= 1 && !ok; dy++) for (let dx = -1; dx <= 1 && !ok; dx++) ok = near(i, x + dx, y + dy);
        if (!ok) differ++;
      }
      colours.add((a.data[i] << 16) | (a.data[i + 1] << 8) | a.data[i + 2]);
    }
    return { png, a: sizeA, b: sizeB, step, mode, differ: differ / (cw * ch), differExact: differExact / (cw * ch),
             rect: JSON.stringify(c.getBoundingClientRect()), distinct: colours.size };
  }, shot.toString('base64'));
  await page.evaluate(() => { window.__el('#canvas').style.transform = ''; });
  writeFileSync(artifact(`${name}-export.png`), Buffer.from(r.png, 'base64'));
  writeFileSync(artifact(`${name}-canvas.png`), shot);
  console.log(`${name}: the export differs from the canvas in ${(r.differ * 100).toFixed(3)}% of the pixels ` +
              `(${(r.differExact * 100).toFixed(3)}% without the one-pixel tolerance; ${r.a[0]}x${r.a[1]}, ` +
              `${r.distinct} colours; canvas at ${r.rect})`);
  assert.ok(Math.abs(r.a[0] - r.b[0]) <= 1 && Math.abs(r.a[1] - r.b[1]) <= 1,
    `${name}: the export has the canvas's size (${r.a} vs ${r.b})`);
  assert.ok(r.distinct > 8, `${name}: the export is not blank (${r.distinct} colours)`);
  assert.ok(r.differ <= DP_DIFF_MAX, `${name}: the export is the canvas: ${(r.differ * 100).toFixed(3)}% of the pixels differ`);
  return r;
}

test('the DP export of a step is the DP canvas at that step (mahjong, goudan)', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  // mahjong: sample 1 at step 60, the DP animation at column 20, then at its end
  await openGame(page, 'game=mahjong&sample=1&step=60');
  await page.selectOption('#theme', 'dark');
  await page.evaluate(() => window.deckscope.setMode(1));
  await page.waitForFunction(() => window.deckscope.mode === 1);
  const mjInfo = () => page.evaluate(() => JSON.parse(window.deckscope.module.ccall('dsv_api_dp_mahjong_info', 'string', [], [])));
  await page.waitForFunction(() => JSON.parse(window.deckscope.module.ccall('dsv_api_dp_mahjong_info', 'string', [], [])).ok);
  await page.evaluate(() => window.deckscope.module.ccall('dsv_api_dp_mahjong_seek', null, ['number', 'number'], [20, 0]));
  let r = await dpExportVsCanvas(page, 'export-dp-mahjong-60-pos20');
  assert.deepEqual([r.step, r.mode], [60, 1], 'exporting does not move the view');
  assert.equal((await mjInfo()).pos, 20, 'exporting does not move the DP animation');
  await page.evaluate(() => window.deckscope.module.ccall('dsv_api_dp_mahjong_seek', null, ['number', 'number'], [36, 0]));
  await dpExportVsCanvas(page, 'export-dp-mahjong-60-end');
  // another player's hand at the same step: the export follows the choice
  await page.evaluate(() => window.deckscope.module.ccall('dsv_api_dp_mahjong_open', 'number', ['number', 'number'], [-1, 2]));
  await page.evaluate(() => window.deckscope.module.ccall('dsv_api_dp_mahjong_seek', null, ['number', 'number'], [36, 0]));
  assert.equal((await mjInfo()).player, 'C');
  await dpExportVsCanvas(page, 'export-dp-mahjong-60-C');

  // goudan: sample 1 at step 3, once the heat map is filled
  await openGame(page, 'game=goudan&sample=1&step=3');
  await page.evaluate(() => window.deckscope.setMode(1));
  await page.waitForFunction(() => window.deckscope.mode === 1);
  await page.waitForFunction(() => {
    const j = JSON.parse(window.deckscope.module.ccall('dsv_api_dp_goudan_json', 'string', [], []));
    return j && j.ok && j.heat.hp_max > 0 && j.heat.done === j.heat.hp_max * j.heat.hp_max;
  }, null, { timeout: LIMIT });
  r = await dpExportVsCanvas(page, 'export-dp-goudan-1-3');
  assert.deepEqual([r.step, r.mode], [3, 1], 'exporting does not move the view');
  noProblems(page);
  await page.closeAll();
});

// The caption strip (docs/exports.md): a GIF and a PNG carry the step's
// narration under the picture, on by default, in the page's language. In the
// page: the GIF's frames are decoded by Chromium's ImageDecoder; the strip of
// each settled frame is compared with the strip of the page's PNG export at
// that step (the PNG is composed in JavaScript, the GIF by the C encoder
// asking for the strip of each step it reaches: the same caption must land on
// the same step).
/** @param {Page} page @param {number} from @param {number} to */
async function captionCheck(page, from, to) {
  return page.evaluate(async ([from, to]) => {
    const X = window.deckscope.export, d = window.deckscope;
    const fg = d.module.ccall('dsv_api_export_theme_color', 'number', ['number', 'number'], [1, 1]) >>> 0;
    const FG = [fg >> 16 & 255, fg >> 8 & 255, fg & 255];
    const T = 1;
    const on = /** @type {GifResult} */ (await X.gif({ from, to, tween: T }));
    const off = /** @type {GifResult} */ (await X.gif({ from, to, tween: T, caption: false }));
    /** @param {OffscreenCanvas} c */
    const ctx = (c) => {
      const g = c.getContext('2d');
      if (!g) throw new Error('no 2d context for an OffscreenCanvas');
      return g;
    };
    const frames = async (/** @type {Blob} */ blob) => {
      const dec = new ImageDecoder({ data: new Uint8Array(await blob.arrayBuffer()), type: 'image/gif' });
      await dec.tracks.ready;
      await dec.completed;
      const track = dec.tracks.selectedTrack;
      if (!track) throw new Error('the GIF has no image track');
      const out = [];
      for (let k = 0; k < track.frameCount; k++) {
        const { image } = await dec.decode({ frameIndex: k });
        const c = new OffscreenCanvas(image.displayWidth, image.displayHeight);
        const g = ctx(c);
        g.drawImage(image, 0, 0);
        out.push(g.getImageData(0, 0, c.width, c.height));
        image.close();
      }
      return out;
    };
    const fOn = await frames(on.blob), fOff = await frames(off.blob);
    /** @param {Uint8ClampedArray} a @param {number} i @param {number[]} b @param {number} tol */
    const near = (a, i, b, tol) => Math.abs(a[i] - b[0]) + Math.abs(a[i + 1] - b[1]) + Math.abs(a[i + 2] - b[2]) <= tol;
    // rows [y0, y1) of two pictures of the same width: the share of pixels within 48
    /** @param {ImageData} a @param {ImageData} b @param {number} y0 @param {number} y1 */
    const same = (a, b, y0, y1) => {
      let n = 0, ok = 0;
      for (let y = y0; y < y1; y++) for (let x = 0; x < a.width; x++) {
        const i = (y * a.width + x) * 4, j = i;
        n++;
        if (Math.abs(a.data[i] - b.data[j]) + Math.abs(a.data[i + 1] - b.data[j + 1]) + Math.abs(a.data[i + 2] - b.data[j + 2]) <= 48) ok++;
      }
      return n ? ok / n : 0;
    };
    /** @param {ImageData} img @param {number} h0 */
    const strip = (img, h0) => { // the strip as its own ImageData
      const h = img.height - h0;
      return new ImageData(img.data.slice(h0 * img.width * 4), img.width, h);
    };
    const readPng = async (/** @type {Blob} */ blob) => {
      const bm = await createImageBitmap(blob);
      const c = new OffscreenCanvas(bm.width, bm.height);
      const g = ctx(c);
      g.drawImage(bm, 0, 0);
      return g.getImageData(0, 0, bm.width, bm.height);
    };
    /** @type {{ s: number, caption: string, text: number, own: number, other: number, scene: number }[]} */
    const steps = [];
    /** @type {Record<number, ImageData>} */
    const pngStrips = {};
    for (let s = from; s <= to; s++) {
      d.seek(s, false);
      const p = await X.png({ width: 640, height: 360, scale: 1 });
      pngStrips[s] = strip(await readPng(p.blob), 360);
    }
    for (let s = from; s <= to; s++) {
      const k = (s - from) * (T + 1); // the settled frame of step s
      const g = fOn[k], st = strip(g, 360);
      let text = 0;
      for (let i = 0; i < st.data.length; i += 4) if (near(st.data, i, FG, 60)) text++;
      const h = Math.min(st.height, pngStrips[s].height);
      const own = same(st, pngStrips[s], 0, h);
      // the best match among the other steps' captions (when they differ from this one)
      let other = 0;
      for (let u = from; u <= to; u++) {
        if (u === s || d.captionAt(u) === d.captionAt(s)) continue;
        other = Math.max(other, same(st, pngStrips[u], 0, Math.min(st.height, pngStrips[u].height)));
      }
      steps.push({ s, caption: d.captionAt(s), text, own, other, scene: same(g, fOff[k], 0, 360) });
    }
    // the page's language: the strip of the same step in Chinese differs
    d.seek(to, false);
    const en = strip(await readPng((await X.png({ width: 640, height: 360 })).blob), 360);
    d.setLang('zh');
    const zh = strip(await readPng((await X.png({ width: 640, height: 360 })).blob), 360);
    const zhCaption = d.caption;
    const zhVsEn = same(zh, en, 0, Math.min(zh.height, en.height));
    d.setLang('en');
    return { on: [on.width, on.height, on.frames, on.captionHeight], off: [off.width, off.height, off.frames, off.captionHeight],
             steps, zhCaption, zhVsEn };
  }, [from, to]);
}

test('caption strip: GIF and PNG carry the narration of each step, on by default, off on request', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser, { colorScheme: 'dark' });
  await openGame(page, 'game=mahjong&sample=1&step=58');
  await page.selectOption('#theme', 'dark');
  const r = await captionCheck(page, 57, 62);
  t.diagnostic(JSON.stringify(r));
  const [w, h, n, ch] = r.on;
  assert.deepEqual(r.off, [640, 360, n, 0], 'without the caption: 640x360, same frames');
  assert.equal(w, 640);
  assert.ok(ch >= 20 && h === 360 + ch, `the strip adds ${ch} rows`);
  for (const st of r.steps) {
    assert.ok(st.text > 80, `step ${st.s}: text pixels in the theme's text colour under the picture (${st.text}): "${st.caption}"`);
    assert.ok(st.own > 0.97, `step ${st.s}: the GIF's strip is the caption of that step (${st.own})`);
    if (st.other) assert.ok(st.other < st.own - 0.005, `step ${st.s}: ... and not that of another step (${st.other} vs ${st.own})`);
    assert.ok(st.scene > 0.97, `step ${st.s}: the picture above the strip is the same with and without it (${st.scene})`);
  }
  assert.ok(new Set(r.steps.map((s) => s.caption)).size >= 3, 'the range has several captions');
  assert.match(r.zhCaption, /[\u4e00-\u9fff]/);
  assert.ok(r.zhVsEn < 0.99, `the strip follows the page's language (${r.zhVsEn})`);

  // The dialog: the option is on by default and switches the strip off.
  await page.click('#export-open');
  assert.equal(await page.isChecked('#export-caption'), true);
  await page.fill('#export-from', '60');
  await page.fill('#export-to', '61');
  const withCap = await download(page, () => page.click('#export-gif'));
  writeFileSync(artifact('export-caption-mahjong-60-61.gif'), withCap.data);
  await page.uncheck('#export-caption');
  const without = await download(page, () => page.click('#export-gif'));
  assert.equal(gifInfo(without.data).h, 360);
  assert.ok(gifInfo(withCap.data).h > 380, 'the dialog GIF has the strip');
  const png = await download(page, () => page.click('#export-png1'));
  const css = await page.evaluate(() => Math.round(window.__el('#canvas').clientHeight));
  assert.equal((await pngStats(page, png.data)).height, css, 'PNG without the strip when unchecked');
  await page.check('#export-caption');
  const png2 = await download(page, () => page.click('#export-png1'));
  assert.ok((await pngStats(page, png2.data)).height > css + 15, 'PNG with the strip when checked');
  writeFileSync(artifact('export-caption-mahjong-step.png'), png2.data);
  noProblems(page);
  await page.closeAll();
});

test('caption strip: the time of a 40-step GIF with and without it', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  await openGame(page, 'game=mahjong&sample=1&step=10');
  const r = await page.evaluate(async () => {
    const X = window.deckscope.export;
    /** @param {boolean} caption */
    const timed = async (caption) => {
      const t0 = performance.now();
      const g = /** @type {GifResult} */ (await X.gif({ from: 10, to: 50, caption }));
      return { ms: Math.round(performance.now() - t0), frames: g.frames, bytes: g.blob.size, h: g.height };
    };
    // one of each (a diagnostic: the medians of repeated runs are the
    // benchmark's business; four 241-frame GIFs cost this file 230 s of wall
    // at a load of 26)
    const off = await timed(false), on = await timed(true);
    return { off, on };
  });
  console.log(`40-step GIF (241 frames, 640x360): without caption ${r.off.ms} ms, ${r.off.bytes} bytes; ` +
              `with caption ${r.on.ms} ms, ${r.on.bytes} bytes, ${r.on.h} px tall`);
  t.diagnostic(JSON.stringify(r));
  assert.equal(r.on.frames, 241);
  assert.equal(r.off.frames, 241);
  assert.ok(r.on.h > r.off.h);
  noProblems(page);
  await page.closeAll();
});
