// bench/web-load.mjs - the page's deckscope.load({game, input}) against the
// native CLI reading the same file (issue 26: "the page within 2x of the CLI"),
// on the largest legal input of every game, in one run:
//   cirno    k = 300,000 cards      (deckscope gen cirno --seed 1 --max)
//   thegame  98 cards               (deckscope gen thegame --seed 1)
//   mahjong  a deck of 148 tiles    (deckscope gen mahjong --seed 1)
//   goudan   T = 351,493 queries, O = 5 (deckscope gen goudan --seed 2 --max)
// Per game: one warm-up of each, then RUNS (default 5) alternated runs of
//   CLI   `deckscope <game> FILE > /dev/null`, wall time of the process;
//   page  `await deckscope.load({game, input})` in one headless Chromium tab
//         (the text is already in the page), from the call to its resolution;
//         also to the next two animation frames (the panels drawn: "settled").
// Medians, ratio page/CLI, and the tab's memory after every load of the
// input, the tab's first included (after a garbage collection): the JS heap,
// the WebAssembly memory and its resident part (the renderer's pages of it
// touched so far), and the renderer process's RSS, so growth across
// loads shows (the rows: after load 1 and the last; tests/browser/memory.test.mjs
// requires the WebAssembly memory flat from load 2 on).
// The page's phase marks (ds:load:* in web/shell/app.js: input copied into
// the wasm heap, engine, output read, panels) are reported per phase.
// --profile DIR: one more load per game under CDP's Profiler, the top
// functions by self time printed and the .cpuprofile written to DIR.
// Options: --runs N, --games a,b, --json FILE (all figures), --rows (only the
// table rows "figure | CLI | page | ratio", for bench/table.sh).
// Env: DS_SITE_DIR (default build/site), DS_CLI (default build/native/deckscope).
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
process.env.DS_SITE_DIR ||= path.join(root, 'build', 'site');
const { CHROMIUM, CHROMIUM_ARGS } = await import('../tests/browser/harness.mjs');
const { startStaticServer } = await import('../scripts/static-server.mjs');
const { chromium } = await import('playwright-core');

const argv = process.argv.slice(2);
const opt = (name, dflt) => { const k = argv.indexOf(name); return k >= 0 ? argv[k + 1] : dflt; };
const RUNS = Number(opt('--runs', process.env.RUNS || 5));
const GAMES = String(opt('--games', 'cirno,thegame,mahjong,goudan')).split(',');
const PROFILE = opt('--profile', null);
const JSON_OUT = opt('--json', null);
const ROWS = argv.includes('--rows');
const CLI = process.env.DS_CLI || path.join(root, 'build', 'native', 'deckscope');
const SITE = process.env.DS_SITE_DIR;

const GEN = {
  cirno: { args: ['gen', 'cirno', '--seed', '1', '--max'], what: 'cirno, k = 300,000 cards' },
  thegame: { args: ['gen', 'thegame', '--seed', '1'], what: 'thegame, 98 cards' },
  mahjong: { args: ['gen', 'mahjong', '--seed', '1'], what: 'mahjong, 148 tiles' },
  goudan: { args: ['gen', 'goudan', '--seed', '2', '--max'], what: 'goudan, T = 351,493 queries, O = 5' },
};

const median = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const r1 = (x) => Math.round(x * 10) / 10;
const log = (s) => { if (!ROWS) console.log(s); else console.error(s); };

function rssOf(pid) {
  try { return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024; } catch { return 0; }
}
// The resident bytes of the renderer's mapping of the WebAssembly memory: the
// anonymous mapping of exactly its size (Linux: /proc/<pid>/smaps); -1 when
// not exactly one mapping has that size (the first memory, 16 MB, may share
// it with others). Its pages are never given back: the part of the RSS that
// grows when a load puts its blocks where no load has been before.
function wasmResident(pids, size) {
  const found = [];
  for (const pid of pids) {
    let text;
    try { text = readFileSync(`/proc/${pid}/smaps`, 'utf8'); } catch { continue; }
    let match = false;
    for (const line of text.split('\n')) {
      const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(\S*)/.exec(line);
      if (m) { match = !m[3] && Number(BigInt('0x' + m[2]) - BigInt('0x' + m[1])) === size; continue; }
      const r = match && /^Rss:\s+(\d+) kB/.exec(line);
      if (r) found.push(Number(r[1]) * 1024);
    }
  }
  return found.length === 1 ? found[0] : -1;
}

function runCli(game, file) {
  const out = openSync('/dev/null', 'w');
  try {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(CLI, [game, file], { stdio: ['ignore', out, 'pipe'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${CLI} ${game} ${file}: exit ${r.status}: ${r.stderr}`);
    return ms;
  } finally { closeSync(out); }
}

// The self time of a CDP cpuProfile per function, the largest first.
function topFunctions(profile, n) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const dt = profile.timeDeltas;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const d = (dt[i + 1] ?? 0) / 1000; // the sample lasts until the next one
    const cf = node.callFrame;
    const file = cf.url ? cf.url.replace(/^.*\//, '') : '';
    const key = `${cf.functionName || '(anonymous)'}${file ? ' ' + file : ''}`;
    self.set(key, (self.get(key) || 0) + d);
    total += d;
  }
  return { total, top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n) };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'ds-web-load-'));
const site = await startStaticServer(SITE);
const browser = await chromium.launch({
  executablePath: CHROMIUM, headless: true, timeout: 60_000,
  args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
});
const results = { runs: RUNS, cli: CLI, loadAverage: os.loadavg()[0], games: {} };
try {
  for (const game of GAMES) {
    const g = GEN[game];
    const file = path.join(tmp, `${game}.in`);
    const text = execFileSync(CLI, g.args, { maxBuffer: 64 << 20 }).toString('utf8');
    writeFileSync(file, text);
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await page.goto(`${site.url}#game=${game}&sample=1`, { waitUntil: 'load' });
    await page.evaluate(() => window.deckscope.ready);
    const cdp = await context.newCDPSession(page);
    const bcdp = await browser.newBrowserCDPSession();
    await page.evaluate((t) => { window.__benchInput = t; }, text);
    const pageLoad = () => page.evaluate(async (gm) => {
      const d = window.deckscope;
      performance.clearMarks();
      const t0 = performance.now();
      const r = await d.load({ game: gm, input: window.__benchInput });
      const t1 = performance.now();
      await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
      const t2 = performance.now();
      const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('ds:load:'))
        .map((m) => [m.name.slice(8), m.startTime - t0]);
      return { ms: t1 - t0, settledMs: t2 - t0, steps: r.steps, marks };
    }, game);
    const memory = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      const dom = await cdp.send('Memory.getDOMCounters');
      const wasm = await page.evaluate(() => window.deckscope.module.HEAPU8.buffer.byteLength);
      const info = await bcdp.send('SystemInfo.getProcessInfo');
      const renderers = info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
      const rss = Math.max(0, ...renderers.map(rssOf));
      return { jsHeap: heap.usedSize, wasm, wasmResident: wasmResident(renderers, wasm), rss, nodes: dom.nodes };
    };
    // the first load of the tab (its WebAssembly memory grows for the input) and
    // the first CLI run: reported, not in the medians
    const coldCli = runCli(game, file), cold = await pageLoad();
    const cli = [], pg = [], settled = [], mem = [await memory()], phases = {};
    let steps = 0;
    for (let i = 0; i < RUNS; i++) {
      cli.push(runCli(game, file));
      const r = await pageLoad();
      pg.push(r.ms); settled.push(r.settledMs); steps = r.steps;
      let prev = 0;
      for (const [name, t] of r.marks) { (phases[name] ||= []).push(t - prev); prev = t; }
      mem.push(await memory());
    }
    const res = {
      what: g.what, inputBytes: Buffer.byteLength(text), steps,
      cliMs: r1(median(cli)), pageMs: r1(median(pg)), settledMs: r1(median(settled)),
      firstCliMs: r1(coldCli), firstPageMs: r1(cold.ms),
      ratio: Math.round((median(pg) / median(cli)) * 100) / 100,
      cliAll: cli.map(r1), pageAll: pg.map(r1),
      phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, r1(median(v))])),
      memory: mem, problems,
    };
    results.games[game] = res;
    const mb = (b) => (b / 1048576).toFixed(1);
    log(`${g.what} (${res.inputBytes} bytes, ${steps} steps): CLI median ${res.cliMs} ms (${res.cliAll.join(', ')}), ` +
      `page median ${res.pageMs} ms (${res.pageAll.join(', ')}), ${res.ratio}x; settled ${res.settledMs} ms; ` +
      `first load of the tab ${res.firstPageMs} ms (first CLI run ${res.firstCliMs} ms)`);
    log(`  phases (median ms): ${Object.entries(res.phases).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    log(`  memory after load 1..${mem.length}: JS heap ${mem.map((m) => mb(m.jsHeap)).join(' ')} MB; ` +
      `wasm ${mem.map((m) => mb(m.wasm)).join(' ')} MB, of it resident ${mem.map((m) => m.wasmResident < 0 ? '?' : mb(m.wasmResident)).join(' ')} MB; renderer RSS ${mem.map((m) => mb(m.rss)).join(' ')} MB; ` +
      `DOM nodes ${mem.map((m) => m.nodes).join(' ')}`);
    if (problems.length) log(`  page problems: ${problems.join('; ')}`);
    if (PROFILE) {
      mkdirSync(PROFILE, { recursive: true });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await pageLoad();
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(path.join(PROFILE, `${game}.cpuprofile`), JSON.stringify(profile));
      const { total, top } = topFunctions(profile, 14);
      res.profile = { totalMs: r1(total), top: top.map(([k, v]) => [k, r1(v)]) };
      log(`  profile of one load (${r1(total)} ms sampled, self time):`);
      for (const [k, v] of top) log(`    ${r1(v).toString().padStart(8)} ms ${(100 * v / total).toFixed(1).padStart(5)} %  ${k}`);
    }
    await bcdp.detach();
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
  rmSync(tmp, { recursive: true, force: true });
}
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 1) + '\n');
if (ROWS) {
  for (const [, r] of Object.entries(results.games)) {
    const m = r.memory, mb = (b) => (b / 1048576).toFixed(1);
    console.log(`page load vs CLI, ${r.what} (ms) | CLI ${r.cliMs} | page ${r.pageMs} | ${r.ratio}x the CLI`);
    console.log(`tab memory after load 1 and ${m.length}, ${r.what.split(',')[0]} (MB: JS heap, wasm, renderer RSS) | ` +
      `${mb(m[0].jsHeap)}, ${mb(m[0].wasm)}, ${mb(m[0].rss)} | ${mb(m.at(-1).jsHeap)}, ${mb(m.at(-1).wasm)}, ${mb(m.at(-1).rss)} | ` +
      `${(m.at(-1).rss / m[0].rss).toFixed(2)}x RSS`);
  }
}
