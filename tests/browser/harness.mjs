// harness.mjs - shared setup for the browser tests: the site server, Debian's
// Chromium through playwright-core, and a page that records every console
// error, page error, failed or 4xx/5xx request and Content-Security-Policy
// violation.
/// <reference path="./page-globals.d.ts" />
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../../scripts/static-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// The page as module files (the wasm build's build/site).
export const SITE_DIR = process.env.DS_SITE_DIR || path.join(here, '..', '..', 'build', 'site');
// The site as it ships (`make dist`: build/site bundled by scripts/site-bundle.mjs).
export const DIST_DIR = process.env.DS_DIST_DIR || path.join(here, '..', '..', 'build', 'dist');
// What the tests' server serves unless a test asks for another: the site as
// it ships (a page load costs 28 % less CPU than the module files': one
// script instead of 41); DS_SERVE_DIR=build/site runs them on the module
// files (readable stack traces, no bundling step while working).
export const SERVE_DIR = process.env.DS_SERVE_DIR || DIST_DIR;
export const ARTIFACTS = process.env.DS_ARTIFACTS_DIR || path.join(os.tmpdir(), 'deckscope-artifacts');
// Debian's Chromium headless shell (package chromium-headless-shell, installed
// by scripts/setup.sh test): the same Blink and V8 as /usr/bin/chromium without
// the browser's own UI, what Playwright itself runs for headless tests. A page
// load costs it about a third of the CPU that the full browser in its headless
// mode takes (12 loads: 8.6 s of CPU against 26 s), and a browser file 30-45 %
// less in all. Without the package, the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.DS_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
// The suite's own limit for one test file (DS_TEST_LIMIT_MS from
// tests/browser.cmake, DS_BROWSER_LIMIT; ctest stops the file a minute
// after it): every wait on the page and every test may take up to it, so a
// loaded machine makes a run slower, never a failure. A page's default
// timeout is the same.
export const LIMIT = Number(process.env.DS_TEST_LIMIT_MS) || 900_000;
mkdirSync(ARTIFACTS, { recursive: true });

// Flags from docs: headless, no sandbox (root), no GPU, and nothing that
// tries to reach the network. playwright-core starts every browser with a
// fresh temporary --user-data-dir of its own.
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage', // containers have a small /dev/shm
];

/**
 * A page of openPage: Playwright's Page with what it records.
 * @typedef {import('playwright-core').Page & {
 *   problems: string[], warnings: string[], closeAll: () => Promise<void>,
 * }} TestPage
 */
/** What startBrowser resolves to. @typedef {Awaited<ReturnType<typeof startBrowser>>} Env */

// serverOptions: startStaticServer's {prefix, hide} (a sub-path, a partial
// site); dir: the site served (default SERVE_DIR).
/**
 * @param {import('../../scripts/static-server.mjs').StaticServerOptions} [serverOptions]
 * @param {string} [dir]
 */
export async function startBrowser(serverOptions = {}, dir = SERVE_DIR) {
  if (path.resolve(dir) === path.resolve(DIST_DIR)) checkDistFresh();
  const site = await startStaticServer(dir, serverOptions);
  const browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: LIMIT,
  });
  return {
    url: site.url,
    browser,
    async close() { await browser.close(); await site.close(); },
  };
}

// build/dist is made from build/site by `make dist`: a page changed and built
// (`cmake --build build/wasm` updates build/site) but not bundled again would
// be tested as it was. Fails with what to run instead.
function checkDistFresh() {
  if (!existsSync(SITE_DIR)) return;
  const built = path.join(DIST_DIR, 'index.html');
  if (!existsSync(built)) throw new Error(`no ${built}: run make dist (make test does)`);
  const bundled = statSync(built).mtimeMs;
  const newer = readdirSync(SITE_DIR, { recursive: true }).map(String)
    .find((f) => statSync(path.join(SITE_DIR, f)).mtimeMs > bundled + 1000);
  if (newer) throw new Error(`${SITE_DIR}/${newer} is newer than ${DIST_DIR}: run make dist (or DS_SERVE_DIR=${SITE_DIR})`);
}

// Reports every Content-Security-Policy violation of the context's pages
// (and their frames) to onViolation(text): a securitypolicyviolation event,
// seen from an init script that runs before the page's own scripts. The
// binding is Playwright's (CDP), so the page's policy does not block it.
/**
 * @param {import('playwright-core').BrowserContext} context
 * @param {(text: string) => void} onViolation
 */
export async function watchCsp(context, onViolation) {
  await context.exposeBinding('__dsCspViolation', (_source, /** @type {string} */ text) => onViolation(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      // counted in the page too (window.__dsCspViolations): a wait can stop
      // on the first one instead of waiting the suite's limit for what the
      // blocked code would have done
      window.__dsCspViolations = (window.__dsCspViolations || 0) + 1;
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
      window.__dsCspViolation(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}${where}` +
        (e.sample ? ` [${e.sample}]` : '') + ` on ${location.href}`);
    });
  });
}

// Installs in every frame of the context's pages, before the page's own
// scripts, the helpers the tests' page.evaluate callbacks use
// (page-globals.d.ts): window.__el(sel, type), the element or an error that
// names the selector (instead of a TypeError on null further on).
/** @param {import('playwright-core').BrowserContext} context */
export async function pageHelpers(context) {
  await context.addInitScript(() => {
    /**
     * @template {Element} T
     * @param {string} sel
     * @param {abstract new () => T} [type]
     * @returns {T}
     */
    function el(sel, type) {
      const want = type ?? HTMLElement;
      const e = document.querySelector(sel);
      if (!e) throw new Error(`no element ${sel} in ${location.href}`);
      if (!(e instanceof want)) throw new Error(`${sel} is a ${e.constructor.name}, not a ${want.name}`);
      return /** @type {T} */ (e);
    }
    window.__el = el;
  });
}

// Pages open with prefers-reduced-motion: reduce (the page's own mode for it:
// a step is shown at once, no tween, autoplay still steps), unless the file
// is about motion and calls withMotion() first (view, export, video, gpu,
// idle, perf), or a test asks for { reducedMotion } itself. Every tween is
// frames of software WebGL: with motion, teach_check took 40 s of CPU and
// quiz 41 s; reduced, 29 s and 34 s (load 12-15), testing the same.
/** @type {'reduce' | 'no-preference'} */
let motion = 'reduce';
/** This file's pages animate as a page without the preference does. */
export function withMotion() { motion = 'no-preference'; }

// A new context + page that records problems in page.problems, among them
// every Content-Security-Policy violation (so every test that opens a page
// here fails on one).
/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('playwright-core').BrowserContextOptions} [options]
 * @returns {Promise<TestPage>}
 */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, reducedMotion: motion, ...options });
  context.setDefaultTimeout(LIMIT);
  /** @type {string[]} */
  const problems = [];
  await watchCsp(context, (text) => problems.push(text));
  await pageHelpers(context);
  const page = /** @type {TestPage} */ (await context.newPage());
  page.problems = problems;
  page.warnings = [];
  page.on('console', (m) => {
    const text = `console.${m.type()}: ${m.text()}`;
    if (m.type() === 'error') page.problems.push(text);
    else if (m.type() === 'warning') {
      page.warnings.push(text);
      // Emscripten falls back to slower paths with a warning (e.g. a wrong
      // MIME type for .wasm): treat those as failures too.
      if (/wasm|WebAssembly|MIME/i.test(m.text())) page.problems.push(text);
    }
  });
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText || '';
    // the browser's own favicon fetch is aborted when a test navigates away
    // before it completes: not a problem of the page
    if (why === 'net::ERR_ABORTED' && /\/favicon\.svg$/.test(r.url())) return;
    page.problems.push(`request failed: ${r.url()} (${why})`);
  });
  page.on('response', (r) => { if (r.status() >= 400) page.problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.closeAll = () => context.close();
  return page;
}

// Loads the page as a new document and waits for window.deckscope.ready
// (first frame drawn). When the page shows the same document and only the
// hash differs, a goto would be a same-document navigation: the old
// document's `ready` is resolved already and what it shows is the last
// hash's (a race a test lost: the caption read before the page applied the
// new hash). The same document by another name ('/' and '/index.html', or
// 'x.html' and 'x.html?', whose location.search is '' both ways) makes it a
// new document. What the site stored (localStorage) stays.
/**
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @returns {Promise<{firstFrameMs: number, wallMs: number}>}
 */
export async function loadView(page, url) {
  const start = Date.now();
  await page.goto(newDocument(page.url(), url), { waitUntil: 'load' });
  const ready = await page.evaluate((limit) =>
    Promise.race([
      window.deckscope.ready,
      new Promise((_, /** @type {(e: Error) => void} */ rej) => setTimeout(() => rej(new Error(`no frame within ${limit / 1000} s; state=` + window.deckscope.state + ' ' + (window.deckscope.error || ''))), limit)),
    ]), LIMIT);
  return { ...ready, wallMs: Date.now() - start };
}

// url, or the same document by another name when going from cur to url
// would only change the hash.
/** @param {string} cur @param {string} url */
export function newDocument(cur, url) {
  const cut = (/** @type {string} */ u) => { const k = u.indexOf('#'); return k < 0 ? [u, ''] : [u.slice(0, k), u.slice(k)]; };
  const [base, hash] = cut(url);
  if (!/^https?:/.test(cur) || cut(cur)[0] !== base) return url;
  let other;
  if (base.endsWith('/')) other = base + 'index.html';
  else if (base.endsWith('/index.html')) other = base.slice(0, -'index.html'.length);
  else if (base.endsWith('?')) other = base.slice(0, -1);
  else other = base + (base.includes('?') ? '&' : '?');
  return other + hash;
}

// loadView in a page that was used already, as a fresh page of openPage
// would see it: what the site stored in the context, localStorage and
// sessionStorage, is cleared; a new document, not a hash change (loadView),
// without a new browser context (a second or more on a loaded machine). The
// test's viewport and page.problems stay. Not through about:blank: the site's
// favicon fetch, when still under way, would then fail from an opaque origin
// (a CORS error in page.problems).
/**
 * @param {import('playwright-core').Page} page
 * @param {string} url
 */
export async function reloadView(page, url) {
  if (/^https?:/.test(page.url())) await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  return loadView(page, url);
}

// The RGBA pixels of PNG images (Buffers), decoded by the browser itself:
// [{width, height, data: Buffer of width * height * 4 bytes}].
/**
 * @param {import('playwright-core').Page} page
 * @param {...Buffer} pngs
 * @returns {Promise<{width: number, height: number, data: Buffer}[]>}
 */
export async function pngPixels(page, ...pngs) {
  const out = await page.evaluate(async (list) => {
    const res = [];
    for (const b64 of list) {
      const img = new Image();
      img.src = 'data:image/png;base64,' + b64;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d');
      if (!g) throw new Error('no 2d context for an OffscreenCanvas');
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      let s = '';
      for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode(...d.subarray(i, i + 0x8000));
      res.push({ width: img.width, height: img.height, b64: btoa(s) });
    }
    return res;
  }, pngs.map((p) => p.toString('base64')));
  return out.map((o) => ({ width: o.width, height: o.height, data: Buffer.from(o.b64, 'base64') }));
}

// Distinct RGB colours and mean brightness of a PNG.
/**
 * @param {import('playwright-core').Page} page
 * @param {Buffer} png
 */
export async function pngStats(page, png) {
  const [{ width, height, data: d }] = await pngPixels(page, png);
  const colours = new Set();
  let sum = 0;
  for (let i = 0; i < d.length; i += 4) {
    colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    sum += d[i] + d[i + 1] + d[i + 2];
  }
  return { width, height, distinct: colours.size, meanLuma: sum / (3 * width * height) };
}

/** @param {string} name */
export const artifact = (name) => path.join(ARTIFACTS, name);

// ---- waits on a condition, never on a time (issue 25; waits_lint.sh) ------------
// n more animation frames of the page (requestAnimationFrame, whether the
// view draws or not; page-helpers' frames() counts the view's drawn frames):
// what "let it settle for 300 ms" meant for a change shown on the next frame,
// and N chances to move for a check that something does not.
/** @param {import('playwright-core').Page} page @param {number} [n] @returns {Promise<void>} */
export function ticks(page, n = 2) {
  return page.evaluate((n) => new Promise(/** @param {(v?: void) => void} res */ (res) => {
    const tick = () => (--n <= 0 ? res() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}
// Two frames drawn, and no CSS transition or finite animation running
// (colours and layout have their final values), up to the suite's limit.
/** @param {import('playwright-core').Page} page */
export async function settle(page) {
  await ticks(page, 2);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'
    || a.effect?.getComputedTiming().iterations === Infinity), null, { timeout: LIMIT });
}
// Polls probe() (async, on the test's side: a screenshot, several page
// reads) until it returns a truthy value, which it returns; fails with `what`
// and the last value after the suite's limit.
const POLL_MS = 25;
/**
 * @template T
 * @param {() => Promise<T> | T} probe
 * @param {string} what
 * @returns {Promise<T>}
 */
export async function until(probe, what) {
  const end = Date.now() + LIMIT;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`never saw ${what} (${LIMIT / 1000} s): ${JSON.stringify(v)?.slice(0, 2000)}`);
    await delay(POLL_MS);
  }
}
