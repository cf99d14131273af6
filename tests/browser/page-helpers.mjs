// page-helpers.mjs - what the page tests (view, games, perf) share: the
// native CLI as the reference (judge output, traces, generated inputs), the
// problems. samples from assets/samples, and small waits on the page.
import { execFile, execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMIT } from './harness.mjs';

/** @typedef {import('playwright-core').Page} Page */

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.join(here, '..', '..');
export const DATA = path.join(REPO, 'assets', 'samples');
export const GAMES = ['cirno', 'thegame', 'mahjong', 'goudan'];

// The native CLI: $DS_CLI, else the one of the build tree ctest runs in
// (its working directory is <build>/tests or <build>), else the most
// recently built build/*/deckscope.
function findCli() {
  if (process.env.DS_CLI && existsSync(process.env.DS_CLI)) return process.env.DS_CLI;
  for (const d of [process.cwd(), path.join(process.cwd(), '..')]) {
    const f = path.join(d, 'deckscope');
    try { if (statSync(f).isFile() && existsSync(path.join(d, 'CMakeCache.txt'))) return f; } catch { /* not there */ }
  }
  const build = path.join(REPO, 'build');
  let best = null, bestTime = 0;
  for (const d of existsSync(build) ? readdirSync(build) : []) {
    const f = path.join(build, d, 'deckscope');
    try {
      const s = statSync(f);
      if (s.isFile() && (s.mode & 0o111) && s.mtimeMs > bestTime) { best = f; bestTime = s.mtimeMs; }
    } catch { /* not there */ }
  }
  return best;
}
export const CLI = findCli();

/** @param {string[]} args @param {string} [input] @returns {string} stdout */
export function cli(args, input) {
  if (!CLI) throw new Error('no native deckscope CLI found (set DS_CLI or build one under build/)');
  return execFileSync(CLI, args, { input: input ?? '', maxBuffer: 256 << 20 }).toString('utf8');
}
// The same, asynchronous, a few at a time (2 x cores, at most 8): for a test
// that needs many answers of the sanitized CLI, each cheap in CPU, which one
// after another wait on the scheduler for each start (and keep an open page
// drawing frames meanwhile).
const CLI_RUNNING = Math.max(2, Math.min(8, 2 * availableParallelism()));
let cliRunning = 0;
/** @type {(() => void)[]} */
const cliQueue = [];
/**
 * @param {string[]} args
 * @param {string} [input]
 * @returns {Promise<string>}
 */
export function cliAsync(args, input) {
  if (!CLI) return Promise.reject(new Error('no native deckscope CLI found (set DS_CLI or build one under build/)'));
  return new Promise((resolve, reject) => {
    const start = () => {
      cliRunning++;
      const p = execFile(CLI, args, { maxBuffer: 256 << 20 }, (err, out, errOut) => {
        cliRunning--;
        cliQueue.shift()?.();
        if (err) reject(new Error(`${CLI} ${args.join(' ')}: ${err.message} ${errOut}`));
        else resolve(out);
      });
      p.stdin?.on('error', () => {});
      p.stdin?.end(input ?? '');
    };
    if (cliRunning < CLI_RUNNING) start(); else cliQueue.push(start);
  });
}
/** @type {(game: string, n: number | string) => string} */
export const sample = (game, n) => readFileSync(path.join(DATA, game, `sample-${n}.in`), 'utf8');
/** @type {(game: string) => number} */
export const samplesOf = (game) => readdirSync(path.join(DATA, game))
  .filter((f) => /^sample-\d+\.in$/.test(f)).length;
/** @type {(text: string) => string[]} */
export const lines = (text) => text.replace(/\n$/, '').split('\n');
// Events of a trace (JSON Lines; line 1 is the header).
/** @type {(game: string, input: string, extra?: string[]) => DeckscopeEvent[]} */
export const trace = (game, input, extra = []) =>
  lines(cli([game, '--trace', ...extra], input)).slice(1).map((l) => JSON.parse(l));

// Resolves after n more frames drawn by the canvas.
/** @param {Page} page @param {number} [n] @returns {Promise<void>} */
export function frames(page, n = 3) {
  return page.evaluate((k) => new Promise(/** @param {(v?: void) => void} res */ (res) => {
    let c = 0;
    const f = () => { if (++c >= k) { window.deckscope.off('frame', f); res(); } };
    window.deckscope.on('frame', f);
  }), n);
}
// Seeks without a tween and waits until the page has drawn the result.
/** @param {Page} page @param {number} step */
export async function seekSettled(page, step) {
  await page.evaluate((s) => window.deckscope.seek(s, false), step);
  await frames(page, 3);
}
/** @type {(page: Page) => Promise<Buffer>} */
export const canvasShot = (page) => page.locator('#canvas').screenshot();
/** @param {Page} page */
export const pageState = (page) => page.evaluate(() => {
  const d = window.deckscope;
  const cur = /** @type {HTMLElement | null} */ (document.querySelector('#output .out-line.current'));
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  return {
    game: d.game, step: d.step, steps: d.steps, caption: d.caption, outputLine: d.outputLine(),
    shownCaption: byId('caption').textContent,
    live: byId('live').textContent,
    current: cur ? { line: Number(cur.dataset.line), text: /** @type {Element} */ (cur.querySelector('.tx')).textContent } : null,
    hash: location.hash,
  };
});
// Waits until the page shows what the API says (the UI renders on the next
// animation frame).
/** @param {Page} page */
export async function uiSettled(page) {
  await page.waitForFunction(() => {
    const d = window.deckscope;
    const cur = /** @type {HTMLElement | null} */ (document.querySelector('#output .out-line.current'));
    const want = d.game === 'goudan' ? d.query : d.outputLine();
    return /** @type {HTMLElement} */ (document.getElementById('caption')).textContent === d.caption &&
      Number(/** @type {HTMLInputElement} */ (document.getElementById('scrubber')).value) === d.step &&
      (want === null ? !cur : !!cur && Number(cur.dataset.line) === want);
  }, null, { timeout: LIMIT });
}
