// video.test.mjs - "Export video" (docs/exports.md): a WebM of a step range,
// recorded from the canvas with MediaRecorder, plays in a <video> element
// with the expected duration (±10 %), its first and last frames differ, the
// dialog records and offers the file, and a recording can be cancelled; a
// range of the dialog lasts what the dialog says (within 0.1 s) on a busy
// page, and a note's **bold** and `code` are drawn as the page shows them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, startBrowser, withMotion } from './harness.mjs';

// about motion: tweens, autoplay, frames (harness.mjs: pages reduce motion otherwise)
withMotion();

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// A toolbar tool: in the bar, or (when the bar has no room for it) in "More".
/** @param {import('./harness.mjs').TestPage} page @param {string} id */
async function tool(page, id) {
  if (!(await page.locator('#' + id).isVisible()) && await page.locator('#more-open').isVisible()) await page.click('#more-open');
  await page.click('#' + id);
}

// Plays the blob in a <video>: its duration and two frames' pixels.
/** @param {import('./harness.mjs').TestPage} page */
const inspect = (page) => page.evaluate(async () => {
  const blob = window.__video;
  const v = document.createElement('video');
  v.muted = true;
  v.src = URL.createObjectURL(blob);
  await new Promise((res, rej) => { v.onloadedmetadata = res; v.onerror = () => rej(new Error('the video does not load: ' + (v.error && v.error.message))); });
  // the length as a player finds it at the end (MediaRecorder writes none in
  // the file: seeking far makes the element find it)
  await new Promise((res) => { v.onseeked = res; v.currentTime = 1e7; });
  const duration = v.duration;
  // a frame of another time: after 'seeked', the element may still show the
  // frame it had (under load); the frame callback says the new one is there
  const frame = async (/** @type {number} */ time) => {
    await Promise.all([
      new Promise((res) => { v.onseeked = res; v.currentTime = time; }),
      new Promise((res) => v.requestVideoFrameCallback(res)),
    ]);
    const c = document.createElement('canvas');
    c.width = v.videoWidth; c.height = v.videoHeight;
    const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    g.drawImage(v, 0, 0);
    return Array.from(g.getImageData(0, 0, c.width, c.height).data.filter((_, i) => i % 97 === 0));
  };
  const first = await frame(0.1), last = await frame(Math.max(0, duration - 0.1));
  // the last frame (the last step has a note), kept as an artifact to look at
  await new Promise((res) => { v.onseeked = res; v.currentTime = Math.max(0, duration - 0.1); });
  const c = document.createElement('canvas');
  c.width = v.videoWidth; c.height = v.videoHeight;
  /** @type {CanvasRenderingContext2D} */ (c.getContext('2d')).drawImage(v, 0, 0);
  const png = c.toDataURL('image/png');
  let diff = 0;
  for (let i = 0; i < first.length; i++) diff += Math.abs(first[i] - last[i]);
  const distinct = new Set(first).size;
  return { png, duration, type: blob.type, size: blob.size, w: v.videoWidth, h: v.videoHeight, diff: diff / first.length, distinct };
});

test('a WebM of a step range: plays, expected duration, first and last frames differ', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=1&lang=en');
  await page.evaluate(() => window.deckscope.addNote(7, 'A note in the **video**.'));
  const r0 = await page.evaluate(async () => {
    const d = window.deckscope;
    let calls = 0;
    const blob = await d.exportVideo({ from: 1, to: 7, fps: 30, speed: 4, onProgress: () => { calls++; } });
    window.__video = blob;
    return { expected: d.videoSeconds(1, 7, 4), calls };
  });
  const r = await inspect(page);
  writeFileSync(artifact('video.webm'), Buffer.from(await page.evaluate(async () => Array.from(new Uint8Array(await window.__video.arrayBuffer())))));
  writeFileSync(artifact('video-frame.png'), Buffer.from(r.png.split(',')[1], 'base64'));
  assert.equal(r.type, 'video/webm');
  assert.ok(r.size > 1000, `size ${r.size}`);
  assert.ok(r.w > 0 && r.h > 0);
  assert.ok(Math.abs(r.duration - r0.expected) <= r0.expected * 0.1, `duration ${r.duration} s, expected ${r0.expected} s`);
  assert.ok(r.distinct > 2, 'the frames are not blank');
  assert.ok(r.diff > 1, `first and last frames differ (${r.diff})`);
  assert.ok(r0.calls > 0, 'progress reported');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the dialog records at 60 fps and offers the file; cancel stops a recording', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&step=2&lang=en');
  await tool(page, 'video-open');
  await page.fill('#video-to', '4');
  await page.selectOption('#video-fps', '60');
  await page.selectOption('#video-speed', '8');
  await page.click('#video-start');
  await page.waitForSelector('#video-save:not([hidden])', { timeout: LIMIT });
  const name = await page.getAttribute('#video-save', 'download');
  assert.match(String(name), /^thegame-steps-2-4\.webm$/);
  await page.screenshot({ path: artifact('video-dialog.png') });
  // cancel
  const msg = await page.evaluate(async () => {
    const d = window.deckscope;
    // cancelled once it records (its first progress report)
    let once = false;
    const p = d.exportVideo({ from: 0, to: d.steps, speed: 1, onProgress: () => { if (!once) { once = true; d.cancelVideo(); } } });
    try { await p; return 'finished'; } catch (e) { const err = /** @type {Error & {cancelled?: boolean}} */ (e); return err.cancelled ? 'cancelled' : err.message; }
  });
  assert.equal(msg, 'cancelled');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// The file's length as a player measures it: loaded in a <video>, seeked to the end.
/** @param {import('./harness.mjs').TestPage} page @param {string} url */
const measure = (page, url) => page.evaluate(async (url) => {
  const v = document.createElement('video');
  v.muted = true;
  v.src = url;
  await new Promise((res, rej) => { v.onloadedmetadata = res; v.onerror = () => rej(new Error('the video does not load')); });
  await new Promise((res) => { v.onseeked = res; v.currentTime = 1e7; });
  return { duration: v.duration, end: v.currentTime };
}, url);

test('steps 58-64 at 2x on a busy page: the file lasts what the dialog says; notes keep bold and code', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  // what the strip draws: every fillText of a 2D canvas, with its font
  await page.addInitScript(() => {
    const fill = CanvasRenderingContext2D.prototype.fillText;
    window.__drawn = [];
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      if (window.__drawn.length < 20000) window.__drawn.push({ text: String(text), font: this.font });
      return fill.call(this, text, ...rest);
    };
  });
  await loadView(page, env.url + '#game=mahjong&sample=1&lang=en');
  await page.evaluate(() => window.deckscope.addNote(61, 'Keep **the pair** and look at `d = 2` here.'));
  await tool(page, 'video-open');
  await page.fill('#video-from', '58');
  await page.fill('#video-to', '64');
  await page.selectOption('#video-speed', '2');
  const plan = String(await page.textContent('#video-plan'));
  const promised = Number((plan.match(/([0-9.]+) s(?![a-z])/) || [])[1]);
  assert.ok(promised > 0, plan);
  // the page is busy while it records: the main thread stalls for 150-400 ms
  // again and again (a slow machine, a long task of another script)
  await page.evaluate(() => {
    window.__stalls = setInterval(() => { const end = performance.now() + 150 + Math.random() * 250; while (performance.now() < end); }, 500);
  });
  await page.click('#video-start');
  await page.waitForSelector('#video-save:not([hidden])', { timeout: LIMIT });
  await page.evaluate(() => clearInterval(window.__stalls));
  const m = await measure(page, String(await page.getAttribute('#video-save', 'href')));
  t.diagnostic(`dialog: "${plan}" ${await page.textContent('#video-status')}; the file: ${JSON.stringify(m)}`);
  assert.ok(Math.abs(m.duration - promised) <= 0.1, `the file lasts ${m.duration} s, the dialog says ${promised} s`);
  assert.ok(Math.abs(m.end - promised) <= 0.1, `the end is at ${m.end} s`);
  const expected = await page.evaluate(() => window.deckscope.videoSeconds(58, 64, 2));
  assert.ok(Math.abs(promised - expected) < 0.05, `the dialog says ${promised} s, the timeline is ${expected} s`);
  assert.match(String(await page.textContent('#video-status')), new RegExp(`${promised.toFixed(1)} s`));

  // the note as the page shows it: "the pair" bold, "d = 2" in a monospace
  // font, the rest in the normal weight
  /** @type {{text: string, font: string}[]} */
  const drawn = await page.evaluate(() => window.__drawn);
  const bold = (/** @type {string} */ f) => /\b(bold|[6-9]00)\b/.test(f);
  const with_ = (/** @type {string} */ s) => drawn.filter((d) => d.text.includes(s));
  assert.ok(with_('the pair').length > 0, 'the note is drawn');
  for (const d of with_('the pair')) assert.ok(bold(d.font) && !d.text.includes('Keep'), `"the pair" alone in bold: ${JSON.stringify(d)}`);
  for (const d of with_('d = 2')) assert.ok(/monospace/.test(d.font) && !bold(d.font) && !d.text.includes('look'), `code: ${JSON.stringify(d)}`);
  assert.ok(with_('d = 2').length > 0, 'the code is drawn');
  for (const d of with_('Keep')) assert.ok(!bold(d.font) && !/monospace/.test(d.font), `plain words: ${JSON.stringify(d)}`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
