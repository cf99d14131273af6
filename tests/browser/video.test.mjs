// video.test.mjs - "Export video" (docs/exports.md): a WebM of a step range,
// recorded from the canvas with MediaRecorder, plays in a <video> element
// with the expected duration (±10 %), its first and last frames differ, the
// dialog records and offers the file, and a recording can be cancelled.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { artifact, loadView, openPage, startBrowser } from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// A toolbar tool: in the bar, or (when the bar has no room for it) in "More".
async function tool(page, id) {
  if (!(await page.locator('#' + id).isVisible()) && await page.locator('#more-open').isVisible()) await page.click('#more-open');
  await page.click('#' + id);
}

// Plays the blob in a <video>: its duration and two frames' pixels.
const inspect = (page) => page.evaluate(async () => {
  const blob = window.__video;
  const v = document.createElement('video');
  v.muted = true;
  v.src = URL.createObjectURL(blob);
  await new Promise((res, rej) => { v.onloadedmetadata = res; v.onerror = () => rej(new Error('the video does not load: ' + (v.error && v.error.message))); });
  // MediaRecorder writes no duration: seeking far makes the element find it
  if (!isFinite(v.duration)) {
    await new Promise((res) => { v.ondurationchange = () => { if (isFinite(v.duration)) res(); }; v.currentTime = 1e7; });
  }
  const duration = v.duration;
  const frame = async (time) => {
    await new Promise((res) => { v.onseeked = res; v.currentTime = time; });
    const c = document.createElement('canvas');
    c.width = v.videoWidth; c.height = v.videoHeight;
    const g = c.getContext('2d');
    g.drawImage(v, 0, 0);
    return Array.from(g.getImageData(0, 0, c.width, c.height).data.filter((_, i) => i % 97 === 0));
  };
  const first = await frame(0.1), last = await frame(Math.max(0, duration - 0.1));
  // the last frame (the last step has a note), kept as an artifact to look at
  await new Promise((res) => { v.onseeked = res; v.currentTime = Math.max(0, duration - 0.1); });
  const c = document.createElement('canvas');
  c.width = v.videoWidth; c.height = v.videoHeight;
  c.getContext('2d').drawImage(v, 0, 0);
  const png = c.toDataURL('image/png');
  let diff = 0;
  for (let i = 0; i < first.length; i++) diff += Math.abs(first[i] - last[i]);
  const distinct = new Set(first).size;
  return { png, duration, type: blob.type, size: blob.size, w: v.videoWidth, h: v.videoHeight, diff: diff / first.length, distinct };
});

test('a WebM of a step range: plays, expected duration, first and last frames differ', { timeout: 180_000 }, async () => {
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

test('the dialog records at 60 fps and offers the file; cancel stops a recording', { timeout: 180_000 }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&step=2&lang=en');
  await tool(page, 'video-open');
  await page.fill('#video-to', '4');
  await page.selectOption('#video-fps', '60');
  await page.selectOption('#video-speed', '8');
  await page.click('#video-start');
  await page.waitForSelector('#video-save:not([hidden])', { timeout: 60_000 });
  const name = await page.getAttribute('#video-save', 'download');
  assert.match(name, /^thegame-steps-2-4\.webm$/);
  await page.screenshot({ path: artifact('video-dialog.png') });
  // cancel
  const msg = await page.evaluate(async () => {
    const d = window.deckscope;
    const p = d.exportVideo({ from: 0, to: d.steps, speed: 1 });
    setTimeout(() => d.cancelVideo(), 500);
    try { await p; return 'finished'; } catch (e) { return e.cancelled ? 'cancelled' : e.message; }
  });
  assert.equal(msg, 'cancelled');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
