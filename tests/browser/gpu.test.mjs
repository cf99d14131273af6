// gpu.test.mjs - a lost WebGL context (issue 17). A browser may take the
// canvas's WebGL context away (a GPU reset, a driver update, too many
// contexts in other tabs) and give it back; every texture, SDL's shaders and
// the glyph atlas are gone then. The page must come back by itself: nothing
// is drawn while the context is lost, and once it is restored the canvas
// draws the same picture as before (platform/i_video.c: window, renderer and
// atlas made again) and takes the pointer again (SDL's canvas handlers, which
// the old context's deletion removed, registered again). Without that the
// canvas stays black: the browser restores a context only when the page asked
// for it (preventDefault on webglcontextlost).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMIT, artifact, ticks, loadView, openPage, pngPixels, startBrowser, withMotion } from './harness.mjs';

// about motion: tweens, autoplay, frames (harness.mjs: pages reduce motion otherwise)
withMotion();
import { frames } from './page-helpers.mjs';
import { writeFileSync } from 'node:fs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// The share of pixels that differ by more than `tol` in some channel
// between two PNG screenshots (1 when their sizes differ).
/** @param {import('playwright-core').Page} page @param {Buffer} a @param {Buffer} b @param {number} [tol] */
async function diffShare(page, a, b, tol = 24) {
  const [x, y] = await pngPixels(page, a, b);
  if (x.width !== y.width || x.height !== y.height) return 1;
  let n = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    if (Math.abs(x.data[i] - y.data[i]) > tol || Math.abs(x.data[i + 1] - y.data[i + 1]) > tol ||
        Math.abs(x.data[i + 2] - y.data[i + 2]) > tol) n++;
  }
  return n / (x.width * x.height);
}

// Counts the canvas's drawn frames from now on (deckscope 'frame' events).
/** @param {import('playwright-core').Page} page */
const countFrames = (page) => page.evaluate(() => {
  window.__frames = 0;
  window.deckscope.on('frame', () => { window.__frames++; });
});

for (const spec of [
  { game: 'mahjong', step: 60, dp: true, what: 'mahjong DP view' },
  { game: 'thegame', step: 20, dp: false, what: 'thegame in Chinese', lang: 'zh' },
]) {
  test(`${spec.what}: the WebGL context lost and restored`, { timeout: LIMIT }, async () => {
    const page = await openPage(env.browser, { viewport: { width: 1100, height: 800 } });
    /** @type {string[]} */
    const logs = [];
    page.on('console', (m) => logs.push(m.text()));
    await loadView(page, `${env.url}#game=${spec.game}&sample=1&step=${spec.step}`);
    if (spec.lang) await page.evaluate((l) => window.deckscope.setLang(l), spec.lang);
    // the DP table settled at its end (its animation would change the picture)
    const settle = () => spec.dp && page.evaluate(() =>
      window.deckscope.module.ccall('dsv_api_dp_mahjong_seek', null, ['number', 'number'], [36, 0]));
    if (spec.dp) await page.evaluate(() => window.deckscope.setMode(1));
    await frames(page, 10);
    await settle();
    await frames(page, 5);
    const canvas = page.locator('#canvas');
    const before = await canvas.screenshot();
    writeFileSync(artifact(`gpu-${spec.game}-before.png`), before);

    // lose it: the page stops drawing, the timeline keeps working
    await countFrames(page);
    const lost = await page.evaluate(() => new Promise(/** @param {(v: {prevented: boolean}) => void} res */ (res) => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById('canvas'));
      c.addEventListener('webglcontextlost', (e) => res({ prevented: e.defaultPrevented }), { once: true });
      window.__lose = /** @type {WebGLRenderingContext} */ (c.getContext('webgl')).getExtension('WEBGL_lose_context');
      window.__lose.loseContext();
    }));
    assert.equal(lost.prevented, true, 'the page asks the browser to give the context back');
    await ticks(page, 2); // a frame already under way when it was lost
    await page.evaluate(() => { window.__frames = 0; });
    await ticks(page, 20); // 20 chances to draw
    assert.equal(await page.evaluate(() => window.__frames), 0, 'nothing is drawn while the context is lost');
    await page.evaluate((s) => window.deckscope.seek(s, false), spec.step + 1);
    await page.evaluate((s) => window.deckscope.seek(s, false), spec.step);

    // restore it: the same picture as before, drawn again
    await page.evaluate(() => window.__lose.restoreContext());
    await page.waitForFunction(() => window.__frames > 10, null, { timeout: LIMIT });
    await settle();
    await frames(page, 5);
    assert.ok(logs.some((l) => /GPU context reset/.test(l)), 'the front end made its renderer and atlas again');
    const after = await canvas.screenshot();
    writeFileSync(artifact(`gpu-${spec.game}-restored.png`), after);
    const share = await diffShare(page, before, after);
    console.log(`${spec.game}: ${(share * 100).toFixed(3)} % of pixels differ after the restore`);
    assert.ok(share < 0.01, `the restored canvas draws what it drew before (${(share * 100).toFixed(2)} % of pixels differ)`);

    if (spec.dp) {
      // SDL's pointer handlers work again: the DP table's row under the
      // pointer becomes the canvas's title (scenes/scene_dp_mahjong.c hover)
      const info = await page.evaluate(() => JSON.parse(window.deckscope.module.ccall('dsv_api_dp_mahjong_info', 'string', [], [])));
      const box = await canvas.boundingBox();
      assert.ok(box, 'the canvas is shown');
      await page.mouse.move(box.x + info.table_x + 4, box.y + info.table_y + info.row_px * 2.5);
      await page.mouse.move(box.x + info.table_x + 6, box.y + info.table_y + info.row_px * 2.5);
      await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('canvas')).title.length > 0, null, { timeout: LIMIT });
    }
    // a second loss works as the first (the handlers were registered again)
    await page.evaluate(() => new Promise((res) => {
      window.__frames = 0;
      /** @type {HTMLElement} */ (document.getElementById('canvas')).addEventListener('webglcontextlost', res, { once: true });
      window.__lose.loseContext();
    }));
    await page.evaluate(() => { window.__frames = 0; window.__lose.restoreContext(); });
    await page.waitForFunction(() => window.__frames > 10, null, { timeout: LIMIT });
    await settle();
    await frames(page, 5);
    const again = await canvas.screenshot();
    const share2 = await diffShare(page, before, again);
    assert.ok(share2 < 0.01, `after a second loss (${(share2 * 100).toFixed(2)} % of pixels differ)`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
