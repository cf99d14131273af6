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
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
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
const MB = (/** @type {number} */ b) => (b / 1048576).toFixed(1);

/** @type {Awaited<ReturnType<typeof startBrowser>>} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

for (const game of GAMES) {
  test(`${game}: ${LOADS} loads of its largest input, the tab's memory stays flat from load 2 on`, { timeout: LIMIT }, async (t) => {
    const input = cli(GEN[game]);
    const page = await openPage(env.browser);
    await loadView(page, `${env.url}#game=${game}&sample=1`);
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate((/** @type {string} */ text) => { /** @type {any} */ (window).__memInput = text; }, input);
    const mem = [];
    for (let i = 0; i < LOADS; i++) {
      const r = await page.evaluate((/** @type {string} */ g) =>
        window.deckscope.load({ game: g, input: /** @type {any} */ (window).__memInput }), game);
      assert.ok(r.steps > 0, `load ${i + 1}: ${JSON.stringify(r)}`);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const wasm = await page.evaluate(() => window.deckscope.module.HEAPU8.buffer.byteLength);
      // what the page keeps per load in the browser's own lists: its
      // performance marks and measures (7 marks a load were never cleared);
      // resource and paint entries are the browser's, in a bounded buffer
      const entries = await page.evaluate(() => performance.getEntriesByType('mark').length + performance.getEntriesByType('measure').length);
      mem.push({ wasm, js: usedSize, entries });
    }
    t.diagnostic(`${game} (${input.length} bytes): after loads 1..${LOADS}: wasm ${mem.map((m) => MB(m.wasm)).join(' ')} MB; ` +
      `JS heap ${mem.map((m) => MB(m.js)).join(' ')} MB`);
    for (let i = 2; i < LOADS; i++) {
      assert.equal(mem[i].wasm, mem[1].wasm,
        `the WebAssembly memory grew from ${MB(mem[1].wasm)} MB after load 2 to ${MB(mem[i].wasm)} MB after load ${i + 1}`);
      assert.equal(mem[i].entries, mem[1].entries,
        `the page's performance marks grew from ${mem[1].entries} after load 2 to ${mem[i].entries} after load ${i + 1}`);
      assert.ok(mem[i].js <= mem[1].js + JS_SLACK,
        `the JS heap grew from ${MB(mem[1].js)} MB after load 2 to ${MB(mem[i].js)} MB after load ${i + 1}`);
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
