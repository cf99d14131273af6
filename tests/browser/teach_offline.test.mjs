// teach_offline.test.mjs - `make offline`: scripts/offline.mjs builds the
// one-file page (the wasm build's module with its WebAssembly as base64,
// every script, style and sample inlined); the file, copied alone into an
// empty folder, is opened from file:// in headless Chromium: it loads a
// sample, steps, loads another game, with no console error and no request
// for anything but the file itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LIMIT, artifact, pngStats, settle } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
// DS_OFFLINE_HTML: a page `make offline` has just built (make test builds it
// first); otherwise the test runs the same script itself (incremental, but a
// relink of the WebAssembly takes minutes on a busy 2-core machine).
const given = process.env.DS_OFFLINE_HTML && existsSync(process.env.DS_OFFLINE_HTML) ? process.env.DS_OFFLINE_HTML : null;
const built = given || path.join(ARTIFACTS, 'deckscope.html');
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {string} */
let fileUrl;

before(async () => {
  if (!given) {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'offline.mjs'), '--out', built],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deckscope-offline-'));
  const alone = path.join(dir, 'deckscope.html');
  copyFileSync(built, alone);
  fileUrl = pathToFileURL(alone).href;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: LIMIT });
});
after(async () => { if (browser) await browser.close(); });

test('the one file has everything inline', () => {
  const html = readFileSync(built, 'utf8');
  const size = statSync(built).size;
  writeFileSync(artifact('offline-size.json'), JSON.stringify({ bytes: size }) + '\n');
  assert.ok(size > 200_000, `the WebAssembly is inside (${size} bytes)`);
  assert.match(html, /data:application\/octet-stream;base64,/, 'wasm as base64');
  const refs = [...html.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)="([^"]+)"/gi)].map((m) => m[1]);
  assert.deepEqual(refs.filter((r) => !r.startsWith('data:')), [], 'no script, style or image loaded from elsewhere');
  for (const f of ['main.js', 'deckscope-view.js', 'style.css']) {
    assert.ok(html.includes(`data-file="${f}"`), `${f} is inlined`);
  }
  // the entry module is one bundle: every module of the page is in it
  const mods = (html.match(/data-modules="([^"]*)"/) || ['', ''])[1].split(' ');
  for (const f of ['app.js', 'core/i18n.js', 'features/teach.js', 'features/lesson.js', 'games/index.js']) {
    assert.ok(mods.includes(f), `${f} is bundled into the page (data-modules: ${mods.join(' ')})`);
  }
});

test('from file://: loads a sample, steps, loads another game; no network, no errors', { timeout: LIMIT }, async (t) => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console.error: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('request', (r) => requests.push(r.url()));

  await page.goto(fileUrl + '#game=thegame&sample=2&step=3', { waitUntil: 'load' });
  const ready = await page.evaluate((limit) => Promise.race([
    window.deckscope.ready.then(() => 'ready'),
    new Promise((res) => setTimeout(() => res('timeout: ' + window.deckscope.state + ' ' + (window.deckscope.error || '')), limit)),
  ]), LIMIT);
  assert.equal(ready, 'ready');
  const firstFrameMs = await page.evaluate(() => window.deckscope.firstFrameMs);
  t.diagnostic(`first frame from file:// ${Math.round(Number(firstFrameMs))} ms after navigation start`);
  writeFileSync(artifact('offline-timing.json'), JSON.stringify({ firstFrameMs: Math.round(Number(firstFrameMs)) }) + '\n');
  await page.waitForFunction(() => window.deckscope.game === 'thegame' && window.deckscope.steps > 0 && window.deckscope.step === 3,
    null, { timeout: LIMIT });
  const steps = await page.evaluate(() => window.deckscope.steps);
  t.diagnostic(`thegame sample 2 from file://: ${steps} steps`);

  // Step with the page's keyboard and API.
  await page.locator('#canvas').click();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.deckscope.step === 4);
  await page.evaluate(() => window.deckscope.seek(window.deckscope.steps, false));
  await page.waitForFunction(() => window.deckscope.step === window.deckscope.steps);
  // The judge output at the end is the sample's answer (thegame: the final position).
  const lines = await page.evaluate(() => window.deckscope.module.ccall('dsv_api_thegame_lines', 'string', ['number'], [window.deckscope.steps]));
  const ans = readFileSync(path.join(root, 'assets', 'samples', 'thegame', 'sample-2.ans'), 'utf8');
  assert.equal(lines, ans);

  // Another game, by the page's API (its samples come from the file too).
  await page.evaluate(() => window.deckscope.load({ game: 'cirno', sample: 1 }));
  await page.waitForFunction(() => window.deckscope.game === 'cirno' && window.deckscope.steps > 0);
  await page.evaluate(() => window.deckscope.seek(5, false));
  await settle(page);
  const shot = await page.locator('#canvas').screenshot();
  writeFileSync(artifact('offline-cirno.png'), shot);
  const s = await pngStats(page, shot);
  assert.ok(s.distinct >= 20, `the canvas draws (${s.distinct} colours)`);

  // Share: the permalink is this file with the view's hash; embedding needs the web version.
  await page.click('#teach-share');
  assert.match(await page.inputValue('#teach-link'), /^file:\/\/.*deckscope\.html#.*game=cirno.*step=5/);
  assert.equal(await page.locator('#teach-snippet').count(), 0);
  await page.keyboard.press('Escape');

  const foreign = requests.filter((u) => !u.startsWith('data:') && u.split('#')[0] !== fileUrl);
  t.diagnostic(`${requests.length} requests, all the file itself or data: URLs`);
  assert.deepEqual(foreign, [], 'no request for anything else (network or other files)');
  assert.deepEqual(problems, []);
  await context.close();
});
