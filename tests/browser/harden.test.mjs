// harden.test.mjs - the page and the embed under hostile links and windows
// (issue 25, items 4-7):
//   - embed.html?%=1 and #%E0%A4%A=1 (not URL encoding) send `ready`, then
//     an `error` saying the link is damaged (not "Loading…" forever);
//   - a `load` message with game NaN or 0.5 is refused ("unknown game");
//     cirno &play=99 and &play=<b> are refused ("No such seat"), as text;
//   - embed.html opened on its own obeys a window of its own origin, not
//     one of another origin (an opener's `seek`); a lesson_url error posted
//     to the host quotes none of the file;
//   - index.html with a shared &input= the engine refuses keeps the text in
//     the box with the error shown, and the URL keeps it; an &input= that is
//     not base64url says so.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LIMIT, SERVE_DIR, loadView, openPage, startBrowser } from './harness.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// A host page (served by the test at HOST_ORIGIN/host.html) that frames `src`
// and records the embed's messages in window.__msgs.
/** A message of the embed to its parent (docs/embedding.md). @typedef {{type: string, event: string, message?: string, cmd?: string}} EmbedMsg */
/** @param {import('./harness.mjs').TestPage} page @param {string} origin @param {string} src */
async function hostPage(page, origin, src) {
  await page.route(origin + '/host.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><title>host</title><iframe id="f" style="width:640px;height:420px" src="${src}"></iframe>
<script>window.__msgs = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'deckscope') window.__msgs.push(e.data); });</script>`,
  }));
  await page.goto(origin + '/host.html');
}
/** @param {import('./harness.mjs').TestPage} page @param {string} event @param {string} [extra] */
const waitMsg = (page, event, extra = '') => page.waitForFunction(
  ([ev, x]) => /** @type {EmbedMsg[]} */ (window.__msgs).find((m) => m.event === ev && (!x || String(m.message).includes(x))), [event, extra], { timeout: LIMIT });
// the same server under another origin: localhost instead of 127.0.0.1
const otherOrigin = () => env.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '');
const site = () => env.url.replace(/\/$/, '');

test('embed: a link that is not URL encoding sends ready, then error', async () => {
  for (const bad of ['embed.html?%=1', 'embed.html#%E0%A4%A=1', 'embed.html#game=cirno&%ZZ']) {
    const page = await openPage(env.browser);
    await hostPage(page, site(), bad);
    await waitMsg(page, 'ready');
    const err = await (await waitMsg(page, 'error', 'damaged')).jsonValue();
    assert.ok(err);
    assert.match(String(err.message), /the link is damaged/);
    assert.deepEqual(page.problems, [], bad);
    await page.closeAll();
  }
});

test('embed: load with game NaN or 0.5, and cirno &play=99 / &play=<b>, are refused', async () => {
  const page = await openPage(env.browser);
  await hostPage(page, site(), 'embed.html#game=cirno&sample=1');
  await waitMsg(page, 'load');
  for (const game of [NaN, 0.5, -1, 4, 'nosuch']) {
    await page.evaluate((g) => { /** @type {EmbedMsg[]} */ (window.__msgs).length = 0; /** @type {Window} */ (/** @type {HTMLIFrameElement} */ (document.getElementById('f')).contentWindow).postMessage({ type: 'deckscope', cmd: 'load', game: g, sample: 1 }, '*'); }, game);
    const e = await (await waitMsg(page, 'error')).jsonValue();
    assert.ok(e);
    assert.equal(e.cmd, 'load');
    assert.match(String(e.message), /^unknown game: /, String(game));
    assert.equal(await page.evaluate(() => /** @type {EmbedMsg[]} */ (window.__msgs).some((m) => m.event === 'load')), false, `game ${game}: no load`);
  }
  await page.closeAll();
  for (const seat of ['99', '0', '<b>x</b>']) {
    const p = await openPage(env.browser);
    await hostPage(p, site(), 'embed.html#game=cirno&sample=1&play=' + encodeURIComponent(seat));
    const e = await (await waitMsg(p, 'error', 'No such seat')).jsonValue();
    assert.ok(e && typeof e.message === 'string');
    assert.equal(e.cmd, 'play');
    assert.ok(e.message.includes(seat), e.message);
    const frame = p.frame({ url: /embed\.html/ });
    assert.ok(frame, 'the embed frame');
    assert.equal(await frame.evaluate(() => document.querySelectorAll('b').length), 0, 'the seat is text, never markup');
    assert.deepEqual(p.problems, []);
    await p.closeAll();
  }
});

test('embed on its own obeys its own origin only; lesson_url errors quote no file', async () => {
  // another window (a popup this one opened) of another origin, then one of
  // the same origin, sends `seek`: only the second is obeyed
  for (const [origin, obeyed] of [[otherOrigin(), false], [site(), true]]) {
    const page = await openPage(env.browser);
    await page.context().route(origin + '/sender.html', (route) => route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>sender</title><script>opener.postMessage({ type: "deckscope", cmd: "seek", step: 7, animate: false }, "*"); document.title = "sent";</script>',
    }));
    await loadView(page, site() + '/embed.html#game=mahjong&sample=1');
    await page.waitForFunction(() => window.deckscope.steps > 10, null, { timeout: LIMIT });
    await page.evaluate(() => { window.deckscope.on('state', (/** @type {unknown} */ m) => { window.__gotState = m; }); });
    const [sender] = await Promise.all([page.waitForEvent('popup'), page.evaluate((u) => { window.open(u); }, origin + '/sender.html')]);
    await sender.waitForFunction(() => document.title === 'sent', null, { timeout: LIMIT });
    // then the embed's own window asks for its state: commands run in the
    // order they came, so the answer comes after the seek, obeyed or not
    await page.evaluate(() => window.postMessage({ type: 'deckscope', cmd: 'get' }, location.origin));
    await page.waitForFunction(() => window.__gotState, null, { timeout: LIMIT });
    if (obeyed) await page.waitForFunction(() => window.deckscope.step === 7, null, { timeout: LIMIT });
    else {
      const step = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(window.deckscope.step)))));
      assert.equal(step, 0, 'a window of another origin is not obeyed');
    }
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  }
  // lesson_url of a site file that is no lesson: the error names no byte of it
  const css = readFileSync(path.join(SERVE_DIR, 'embed.css'), 'utf8');
  const page = await openPage(env.browser);
  await hostPage(page, site(), 'embed.html#lesson_url=embed.css');
  const e = await (await waitMsg(page, 'error')).jsonValue();
  assert.ok(e && typeof e.message === 'string');
  const head = css.trim().slice(0, 12);
  assert.ok(!e.message.includes(head) && !e.message.includes(css.trim().slice(0, 4)), `the error quotes the file: ${e.message}`);
  assert.match(e.message, /not JSON/);
  await page.closeAll();
});

test('index.html: a shared &input= that is refused stays in the box and in the URL', async () => {
  const b64 = (/** @type {string} */ s) => Buffer.from(s).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const bad = '2 1 1\nAlice A1 A2 A5\nBob A1 A2 nonsense\nA1\n';
  for (const [hash, boxText, words] of /** @type {[string, string, RegExp][]} */ ([
    [`#game=cirno&input=${b64(bad)}`, bad, /Line 3, column 11/],
    ['#game=cirno&input=@@not-base64@@', '@@not-base64@@', /not base64url/],
  ])) {
    const page = await openPage(env.browser);
    await loadView(page, site() + '/index.html' + hash);
    await page.waitForFunction(() => !/** @type {HTMLElement} */ (document.getElementById('input-error')).hidden, null, { timeout: LIMIT });
    assert.equal(await page.inputValue('#input'), boxText, 'the learner\'s input stays in the box');
    assert.match(String(await page.textContent('#input-error')), words);
    // the page writes its hash 250 ms after a change: past that, and after a
    // seek, the URL still carries the learner's input
    await page.evaluate(() => window.deckscope.seek && window.deckscope.seek(2));
    // (a timer of the page's clock, started after the page's own 250 ms one
    // and due later, runs after it: an order of timers, not a guess at a time)
    await page.evaluate(() => new Promise((r) => setTimeout(r, 251))); // lint-wait: after the page's hash timer
    assert.equal(await page.evaluate(() => location.hash), hash, 'the URL keeps the input');
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  }
});

// The postMessage handler, property-based (fast-check): DS_PROP_RUNS random
// messages (default 2,000; `make fuzz` sends 100,000) from the parent, in
// batches: never an exception out of the handler (no page error), every
// answer is a `deckscope` event whose `error` has a message string and the
// command's name, and the embed still answers a `get` at the end.
test('postMessage handler: random commands never throw and always answer in shape', { timeout: LIMIT }, async () => {
  const { default: fc } = await import('fast-check');
  const runs = Number(process.env.DS_PROP_RUNS) || 2000;
  const anyValue = fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 12 }), fc.boolean(), fc.constant(null),
    fc.constant(undefined), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
  const cmd = fc.record({
    type: fc.oneof(fc.constant('deckscope'), fc.constant('deckscope'), fc.string({ maxLength: 6 })),
    cmd: fc.oneof(fc.constantFrom('seek', 'play', 'pause', 'speed', 'range', 'get', 'load', 'bogus', '__proto__', 'constructor'), fc.string({ maxLength: 8 }), anyValue),
    step: anyValue, animate: anyValue, speed: anyValue, from: anyValue, to: anyValue,
    game: fc.oneof(fc.constantFrom('cirno', 'thegame', 'mahjong', 'goudan', 0, 1, 2, 3, NaN, 0.5, -1, 4), anyValue),
    input: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('3 1 1\nA A1 A1 A1\nB A1 A1 A1\nC A1 A1 A1\nA1\n')),
  }, { requiredKeys: ['type', 'cmd'] }).map((m) => {
    // a load reads its input only from `input` here (a sample fetch that 404s
    // or a seed that solves goudan's table would test the network, not the handler)
    if (m.cmd === 'load' && m.input === undefined) m.input = ''; // (the record has no sample or seed)
    return m;
  });
  const msgs = fc.sample(cmd, { numRuns: runs, seed: Number(process.env.DS_PROP_SEED) || 25 });
  const page = await openPage(env.browser);
  await hostPage(page, site(), 'embed.html#game=cirno&sample=1');
  await waitMsg(page, 'load');
  const BATCH = 200;
  for (let i = 0; i < msgs.length; i += BATCH) {
    const bad = await page.evaluate(async (batch) => {
      const f = /** @type {Window} */ (/** @type {HTMLIFrameElement} */ (document.getElementById('f')).contentWindow);
      /** @type {EmbedMsg[]} */ (window.__msgs).length = 0;
      for (const m of batch) f.postMessage(m, '*');
      // commands run in order: the answer to this `get` comes after the batch's
      f.postMessage({ type: 'deckscope', cmd: 'get' }, '*');
      await new Promise(/** @param {(v?: void) => void} res */ (res) => { const t = setInterval(() => { if (/** @type {EmbedMsg[]} */ (window.__msgs).some((m) => m.event === 'state')) { clearInterval(t); res(); } }, 5); });
      return /** @type {EmbedMsg[]} */ (window.__msgs).filter((m) => m.type !== 'deckscope' || typeof m.event !== 'string' ||
        (m.event === 'error' && (typeof m.message !== 'string' || !m.message || typeof m.cmd !== 'string')));
    }, msgs.slice(i, i + BATCH));
    assert.deepEqual(bad, [], `batch at ${i}`);
    assert.deepEqual(page.problems, [], `batch at ${i}`);
  }
  await page.closeAll();
});
