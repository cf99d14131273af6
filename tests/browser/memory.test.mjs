// memory.test.mjs - the tab's memory does not grow over repeated loads
// (issue 26). The largest legal input of each game (the CLI's generator:
// cirno --max, goudan --max; thegame and mahjong are small anyway) is loaded
// LOADS times in one tab through deckscope.load({game, input}); after each
// load, the WebAssembly memory (deckscope.module.HEAPU8.buffer, which can
// only grow) and the JS heap after a garbage collection are read. From the
// second load on, the WebAssembly memory must be the same as after the
// second load (the first may grow it for the input; after that a load of the
// same input must find room in the memory the previous one freed), and the
// JS heap may not grow by more than JS_SLACK. Before issue 26's fix goudan's
// memory grew by a step (56 -> 67 MB) within a few loads: its solver's
// blocks were allocated while the page's copy of the input text was still
// in the heap, and the queries' array, grown by doubling, landed in the
// middle of the space the next solve needed (view_goudan.c, goudan_parse).
//
// The memory's size flat is not enough: the renderer's RSS counts the pages
// of the WebAssembly memory touched so far, and a load whose big blocks land
// at other addresses than the last one's touches new pages, so the tab's RSS
// grew with its memory's size unchanged (cirno's largest input: 29.6 MB of
// its 47.7 MB resident after load 1, 34.7 after load 2, 42.2 after load 5).
// So the resident part of the WebAssembly memory (the renderer's mapping of
// exactly the memory's size, /proc/<pid>/smaps; pages in it are never given
// back) may not grow from load 2 on by more than RESIDENT_SLACK. It does not
// depend on timing: the pages a load touches are those its blocks cover.
// And the JS heap: after each load the page works out the first STEPS_READ
// steps (caption, why), and its own objects in a heap snapshot (not V8's
// compiled code) after load LOADS may exceed those after load 2 by at most
// OBJECTS_SLACK (the caption and step caches kept up to 256 steps of old
// loads: about 1.3 KB more a load here).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';
import { GAMES, cli } from './page-helpers.mjs';

const LOADS = Number(process.env.DS_MEMORY_LOADS || 8);
const JS_SLACK = 1 << 20; // bytes: the JS heap after a collection moves by ~30 KB a load (issue 26: left)
/** @type {Record<string, string[]>} */
const GEN = {
  cirno: ['gen', 'cirno', '--seed', '1', '--max'],
  thegame: ['gen', 'thegame', '--seed', '1'],
  mahjong: ['gen', 'mahjong', '--seed', '1'],
  goudan: ['gen', 'goudan', '--seed', '2', '--max'],
};
const STEPS_READ = 30; // steps whose caption and why the page works out after each load (its caches held 256 steps of old loads: 30 a load shows it within 8)
// bytes: the page's own objects (JS objects, arrays, strings, closures of a
// heap snapshot: not V8's compiled code, which grows for the first ~10 loads
// as functions get hot, then stops) after load N against after load 2; they
// move by about 0.5 KB (the captions of old loads kept: about 10 KB)
const OBJECTS_SLACK = 4 << 10;
const RESIDENT_SLACK = 1 << 20; // bytes: a few small blocks a load may land on pages not used before
const MB = (/** @type {number} */ b) => (b / 1048576).toFixed(1);

/**
 * The self size of the page's own objects in a heap snapshot after a
 * collection: nodes of type object, array, string, concatenated/sliced
 * string, closure, regexp (not code, hidden, native, number, shapes).
 * @param {import('playwright-core').CDPSession} cdp
 */
async function pageObjects(cdp) {
  /** @type {string[]} */
  const chunks = [];
  const take = (/** @type {{chunk: string}} */ p) => { chunks.push(p.chunk); };
  cdp.on('HeapProfiler.addHeapSnapshotChunk', take);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', take);
  const snap = JSON.parse(chunks.join(''));
  const fields = /** @type {string[]} */ (snap.snapshot.meta.node_fields);
  const types = /** @type {string[]} */ (snap.snapshot.meta.node_types[0]);
  const nf = fields.length, ti = fields.indexOf('type'), si = fields.indexOf('self_size');
  const own = new Set(['object', 'array', 'string', 'concatenated string', 'sliced string', 'closure', 'regexp']);
  let bytes = 0;
  for (let i = 0; i < snap.nodes.length; i += nf) if (own.has(types[snap.nodes[i + ti]])) bytes += snap.nodes[i + si];
  return bytes;
}

/**
 * The renderers' memory (Linux: /proc/<pid>/smaps): the largest one's RSS,
 * and the resident bytes of every anonymous mapping of exactly `size` bytes
 * (the WebAssembly memory: V8 maps its accessible part on its own).
 * @param {number[]} pids @param {number} size
 * @returns {{rss: number, wasm: number[]}} wasm: one entry per mapping found
 */
function rendererMemory(pids, size) {
  let rss = 0;
  /** @type {number[]} */
  const wasm = [];
  for (const pid of pids) {
    let text;
    try { text = readFileSync(`/proc/${pid}/smaps`, 'utf8'); } catch { continue; }
    let total = 0, match = false;
    for (const line of text.split('\n')) {
      const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(\S*)/.exec(line);
      if (m) { match = !m[3] && Number(BigInt('0x' + m[2]) - BigInt('0x' + m[1])) === size; continue; }
      const r = /^Rss:\s+(\d+) kB/.exec(line);
      if (!r) continue;
      total += Number(r[1]) * 1024;
      if (match) wasm.push(Number(r[1]) * 1024);
    }
    rss = Math.max(rss, total);
  }
  return { rss, wasm };
}

/** @type {Awaited<ReturnType<typeof startBrowser>>} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

for (const game of GAMES) {
  test(`${game}: ${LOADS} loads of its largest input, the tab's memory and its resident part stay flat from load 2 on`, { timeout: LIMIT }, async (t) => {
    const input = cli(GEN[game]);
    const page = await openPage(env.browser);
    await loadView(page, `${env.url}#game=${game}&sample=1`);
    const cdp = await page.context().newCDPSession(page);
    const bcdp = await env.browser.newBrowserCDPSession();
    const first = await page.evaluate(() => window.deckscope.module.HEAPU8.buffer.byteLength);
    await page.evaluate((/** @type {string} */ text) => { /** @type {any} */ (window).__memInput = text; }, input);
    const mem = [];
    for (let i = 0; i < LOADS; i++) {
      const r = await page.evaluate((/** @type {string} */ g) =>
        window.deckscope.load({ game: g, input: /** @type {any} */ (window).__memInput }), game);
      assert.ok(r.steps > 0, `load ${i + 1}: ${JSON.stringify(r)}`);
      // what a reader stepping through the game makes the page work out
      // (caption, why, what changed; cached per step)
      await page.evaluate((/** @type {number} */ k) => {
        for (let j = 0; j <= Math.min(k, window.deckscope.steps); j++) window.deckscope.captionAt(j);
      }, STEPS_READ);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const wasm = await page.evaluate(() => window.deckscope.module.HEAPU8.buffer.byteLength);
      // what the page keeps per load in the browser's own lists: its
      // performance marks and measures (7 marks a load were never cleared);
      // resource and paint entries are the browser's, in a bounded buffer
      const entries = await page.evaluate(() => performance.getEntriesByType('mark').length + performance.getEntriesByType('measure').length);
      const { processInfo } = /** @type {{processInfo: {type: string, id: number}[]}} */ (await bcdp.send('SystemInfo.getProcessInfo'));
      const rm = rendererMemory(processInfo.filter((p) => p.type === 'renderer').map((p) => p.id), wasm);
      // (a heap snapshot costs the renderer some MB of its own: the RSS after
      // load 3 includes it; the resident part of the wasm memory does not)
      const objects = i === 1 || i === LOADS - 1 ? await pageObjects(cdp) : 0;
      mem.push({ wasm, js: usedSize, entries, objects, rss: rm.rss, resident: rm.wasm.length === 1 ? rm.wasm[0] : -1, mappings: rm.wasm.length });
    }
    await bcdp.detach();
    t.diagnostic(`${game} (${input.length} bytes): after loads 1..${LOADS}: wasm ${mem.map((m) => MB(m.wasm)).join(' ')} MB, ` +
      `of it resident ${mem.map((m) => m.resident < 0 ? `? (${m.mappings} mappings)` : MB(m.resident)).join(' ')} MB; ` +
      `JS heap ${mem.map((m) => MB(m.js)).join(' ')} MB, the page's objects ${mem[1].objects} -> ${mem[LOADS - 1].objects} bytes ` +
      `(loads 2 and ${LOADS}); renderer RSS ${mem.map((m) => MB(m.rss)).join(' ')} MB`);
    assert.ok(mem[LOADS - 1].objects <= mem[1].objects + OBJECTS_SLACK,
      `the page's objects grew from ${mem[1].objects} bytes after load 2 to ${mem[LOADS - 1].objects} after load ${LOADS}`);
    // the resident part is checked where the memory grew for the input: its
    // size then names one mapping (the first memory's, 16 MB, may be shared
    // by other mappings of the renderer)
    const resident = mem[1].wasm > first;
    for (let i = 2; i < LOADS; i++) {
      assert.equal(mem[i].wasm, mem[1].wasm,
        `the WebAssembly memory grew from ${MB(mem[1].wasm)} MB after load 2 to ${MB(mem[i].wasm)} MB after load ${i + 1}`);
      assert.equal(mem[i].entries, mem[1].entries,
        `the page's performance marks grew from ${mem[1].entries} after load 2 to ${mem[i].entries} after load ${i + 1}`);
      assert.ok(mem[i].js <= mem[1].js + JS_SLACK,
        `the JS heap grew from ${MB(mem[1].js)} MB after load 2 to ${MB(mem[i].js)} MB after load ${i + 1}`);
      if (!resident) continue;
      assert.ok(mem[1].resident > 0 && mem[i].resident > 0,
        `the renderer's mapping of the WebAssembly memory (${mem[i].wasm} bytes) not found once after load ${i + 1}: ${mem[i].mappings} found`);
      assert.ok(mem[i].resident <= mem[1].resident + RESIDENT_SLACK,
        `the WebAssembly memory's resident pages grew from ${MB(mem[1].resident)} MB after load 2 to ` +
        `${MB(mem[i].resident)} MB after load ${i + 1} (of ${MB(mem[i].wasm)} MB): a load touched pages the last one did not`);
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
