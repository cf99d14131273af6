// dp_mahjong.test.mjs - mahjong's winning-distance DP view in headless
// Chromium: open it from a known step of the sample with the `d` key, the
// distance shown equals the native CLI's `deckscope mahjong --distance
// "<hand>" --melds N --explain` for the hand of the engine's state at that
// step (and the tiles to add / remove), the DP animation steps with the
// timeline's keys (forward, back, end, play) and the canvas changes with it,
// each candidate of the
// decision shows the DP of the hand it leads to (its distance equal to the
// engine's record and to the CLI), another player's hand, the claims after a
// discard, the embed page with view=dp, and no console errors anywhere.
// Issue 13, clear to a learner: numbers in the cells of at least 12 CSS px,
// the row labels said in words (a line in the panel, the canvas's tooltip),
// "How to read the table" open on the first visit only, one set of play
// controls (the timeline's keys drive the DP; the panel has none), and no
// missing glyph (tofu) in the Chinese panel.
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { LIMIT, SERVE_DIR, artifact, ticks, loadView, openPage, pngStats, startBrowser } from './harness.mjs';
import { cli, frames, sample } from './page-helpers.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** A player of mahjong's engine state (dsv_api_state_json). @typedef {{ name: string, hand: string[], melds: unknown[], dist: number }} MjPlayer */
/** What another player could do with a discard. @typedef {{ player: string, dist: number, pong_after?: number }} MjClaim */
/**
 * An event of mahjong's trace (dsv_api_event_json, docs/games/mahjong.md): the fields read here.
 * @typedef {{ type: string, player: string, tile?: string, dist?: number, claimed_by?: string, claimed_how?: string,
 *             claims: MjClaim[], decision: { candidates: { tile: string, value: number }[] } }} MjEvent
 */
/** dsv_api_dp_mahjong_info: the DP view's state. @typedef {{ ok: boolean, step: number, pos: number, player: string, playing: boolean,
 *  speed: number, cell_px: number, row_px: number, rows: number, table_x: number, table_y: number }} MjInfo */

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// The CLI's explanation of a hand: distance, tiles to add and to remove.
/** @param {string[]} hand @param {number} melds */
function cliExplain(hand, melds) {
  const out = cli(['mahjong', '--distance', hand.join(' '), '--melds', String(melds), '--explain']);
  const d = /^distance: (\d+) /m.exec(out);
  const add = /^add \d+:(.*)$/m.exec(out);
  const rem = /^remove \d+:(.*)$/m.exec(out);
  assert.ok(d && add && rem, 'CLI --explain output parsed:\n' + out);
  const list = (/** @type {string} */ s) => s.trim().split(/\s+/).filter(Boolean);
  return { distance: Number(d[1]), add: list(add[1]), remove: list(rem[1]) };
}

/** @param {Page} page @param {number} step @returns {Promise<{ players: MjPlayer[] }>} */
const stateAt = (page, step) => page.evaluate((s) =>
  JSON.parse(window.deckscope.module.ccall('dsv_api_state_json', 'string', ['number'], [s])), step);
/** @param {Page} page @param {number} i @returns {Promise<MjEvent>} */
const eventAt = (page, i) => page.evaluate((k) =>
  JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [k])), i);
/** @param {MjPlayer[]} players @param {string} name */
const playerOf = (players, name) => {
  const pl = players.find((x) => x.name === name);
  assert.ok(pl, `player ${name} in the engine's state`);
  return pl;
};

// What the panel shows.
/** @param {Page} page */
const panel = (page) => page.evaluate(() => {
  const r = document.getElementById('dpm');
  if (!r) return null;
  const cands = /** @type {NodeListOf<HTMLElement>} */ (r.querySelectorAll('.dpm-cand'));
  const code = (/** @type {string} */ id) => { const e = document.getElementById(id); return e ? e.textContent : null; };
  return {
    visible: !window.__el('#dp-panel').hidden,
    player: r.dataset.player, step: Number(r.dataset.step), source: Number(r.dataset.source),
    distance: r.dataset.distance === '' ? null : Number(r.dataset.distance),
    shown: code('dpm-distance'), pos: Number(r.dataset.pos), add: code('dpm-add'), remove: code('dpm-remove'),
    posText: code('dpm-pos'),
    cands: [...cands].map((b) => ({
      i: Number(b.dataset.i), dist: b.dataset.dist === '' ? null : Number(b.dataset.dist), tile: b.dataset.tile,
      kind: b.dataset.kind, chosen: b.classList.contains('chosen'), label: b.textContent ?? '',
    })),
  };
});
/** What the panel shows in its place. @typedef {NonNullable<Awaited<ReturnType<typeof panel>>>} Panel */
const tilesText = (/** @type {string[]} */ a) => (a.length ? a.join(' ') : null);

/** @param {Page} page @param {(p: Panel) => unknown} pred @param {string} what @returns {Promise<Panel>} */
async function waitPanel(page, pred, what) {
  for (const end = Date.now() + LIMIT; Date.now() < end;) {
    const p = await panel(page);
    if (p && pred(p)) return p;
    await ticks(page, 1); // polled once a frame
  }
  assert.fail('panel never showed ' + what + ': ' + JSON.stringify(await panel(page)));
}

// The hand of `player` in the engine's state at `step`, checked against the CLI.
/** @param {Page} page @param {Panel} p @param {number} step */
async function checkHand(page, p, step) {
  const st = await stateAt(page, step);
  const pl = playerOf(st.players, String(p.player));
  const want = cliExplain(pl.hand, pl.melds.length);
  assert.equal(p.distance, want.distance, `${p.player} at step ${step}: shown distance = CLI's`);
  assert.equal(pl.dist, want.distance, 'the engine state agrees');
  assert.match(p.shown ?? '', new RegExp(`\\b${want.distance}\\b`));
  return { pl, want };
}

test('mahjong DP view: open with d, distance equals the CLI, animation, candidates, claims', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
  await loadView(page, `${env.url}#game=mahjong&sample=1`);
  await page.evaluate(() => window.deckscope.load({ game: 'mahjong', sample: 1 }));
  const steps = await page.evaluate(() => window.deckscope.steps);
  assert.equal(steps, cli(['mahjong', '--trace'], sample('mahjong', 1)).trim().split('\n').length - 1);

  // Step 60 of the sample: A has ponged Z and is about to discard.
  const STEP = 60;
  await page.evaluate((s) => window.deckscope.seek(s, false), STEP);
  await frames(page, 3);
  const ev = await eventAt(page, STEP);
  assert.equal(ev.type, 'discard');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('d');
  let p = await waitPanel(page, (x) => x.visible && x.step === STEP && x.distance !== null, 'the DP of step 60');
  assert.equal(await page.evaluate(() => window.deckscope.mode), 1, 'd switches to the DP mode');
  assert.equal(p.player, ev.player, 'by default the hand of the player to act');
  const { want } = await checkHand(page, p, STEP);
  assert.equal(p.add, tilesText(want.add) ?? p.add, 'tiles to add = CLI');
  if (want.add.length) assert.equal(p.add, want.add.join(' '));
  if (want.remove.length) assert.equal(p.remove, want.remove.join(' '));

  // The candidates: the engine's decision record of the discard (the tile and
  // its winning distance), one chosen (the discarded tile).
  const want_c = ev.decision.candidates.map((c) => ({ tile: c.tile, dist: c.value }));
  assert.equal(p.cands.length, want_c.length);
  for (const c of want_c) {
    const got = p.cands.find((x) => x.tile === c.tile);
    assert.ok(got, `candidate ${c.tile} listed`);
    assert.equal(got.dist, c.dist, `candidate ${c.tile}: the engine's distance`);
    assert.equal(got.chosen, c.tile === ev.tile);
  }

  // The DP animation with the timeline's keys: Home, right x3, left, End;
  // the canvas follows and the game stays at its step.
  const key = async (/** @type {string} */ k) => { await page.locator('body').click({ position: { x: 5, y: 5 } }); await page.keyboard.press(k); };
  await key('Home');
  await waitPanel(page, (x) => x.pos === 0, 'pos 0');
  for (let k = 0; k < 3; k++) await key('ArrowRight');
  p = await waitPanel(page, (x) => x.pos === 3, 'pos 3');
  assert.equal(await page.evaluate(() => window.deckscope.step), STEP, 'the keys moved the DP, not the game');
  assert.match(p.posText ?? '', /3/);
  await frames(page, 40);
  const shot3 = await page.locator('#canvas').screenshot();
  await key('ArrowRight');
  await waitPanel(page, (x) => x.pos === 4, 'pos 4');
  await frames(page, 40);
  const shot4 = await page.locator('#canvas').screenshot();
  assert.notDeepEqual(shot3, shot4, 'the canvas changes with the DP animation');
  await key('ArrowLeft');
  await waitPanel(page, (x) => x.pos === 3, 'back to pos 3');
  await key('End');
  p = await waitPanel(page, (x) => x.pos === 36, 'the end (target hand)');
  await frames(page, 40);
  const shotEnd = await page.locator('#canvas').screenshot();
  writeFileSync(artifact('dp-mahjong-target.png'), shotEnd);
  const stats = await pngStats(page, shotEnd);
  assert.ok(stats.distinct > 50, 'the DP canvas is not blank');
  // play: Space runs it on by itself (the game does not move)
  await key('Home');
  await waitPanel(page, (x) => x.pos === 0, 'pos 0 again');
  await key(' ');
  await waitPanel(page, (x) => x.pos >= 3, 'playing');
  assert.equal(await page.evaluate(() => window.deckscope.step), STEP, 'Space played the DP, not the game');

  // Click a candidate that was not chosen: the DP of the hand after discarding it.
  const other = p.cands.find((x) => !x.chosen && x.dist !== null);
  assert.ok(other, 'a candidate that was not chosen');
  await page.click(`.dpm-cand[data-i="${other.i}"]`);
  p = await waitPanel(page, (x) => x.source === other.i, 'the candidate DP');
  assert.equal(p.distance, other.dist, 'candidate DP distance = the engine decision record');
  {
    const st = await stateAt(page, STEP);
    const pl = playerOf(st.players, ev.player);
    const hand = [...pl.hand];
    hand.splice(hand.indexOf(String(other.tile)), 1);
    assert.equal(p.distance, cliExplain(hand, pl.melds.length).distance, 'candidate DP distance = CLI');
  }
  writeFileSync(artifact('dp-mahjong-candidate.png'), await page.locator('#canvas').screenshot());

  // Another player's hand.
  const otherPlayer = ['A', 'B', 'C', 'D'].find((x) => x !== ev.player);
  await page.click(`.dpm-player[data-player="${otherPlayer}"]`);
  p = await waitPanel(page, (x) => x.player === otherPlayer && x.source === -1, 'player ' + otherPlayer);
  await checkHand(page, p, STEP);

  // The claims after a discard: the first step after a discard somebody claimed.
  const claimStep = await page.evaluate(() => {
    const d = window.deckscope, M = d.module;
    for (let i = 60; i < d.steps; i++) {
      const e = /** @type {DeckscopeEvent} */ (JSON.parse(M.ccall('dsv_api_event_json', 'string', ['number'], [i])));
      if (e.type === 'discard' && e.claimed_by) return i + 1;
    }
    return -1;
  });
  assert.ok(claimStep > 0, 'the sample has a claimed discard after step 60');
  await page.evaluate((s) => window.deckscope.seek(s, false), claimStep);
  p = await waitPanel(page, (x) => x.step === claimStep && x.cands.length > 0, 'the claims at ' + claimStep);
  const disc = await eventAt(page, claimStep - 1);
  const call = p.cands.find((x) => x.chosen && x.kind !== 'keep');
  assert.ok(call, 'the call that was made is marked');
  assert.equal(call.kind, disc.claimed_how);
  for (const c of p.cands) {
    const cl = disc.claims.find((x) => c.label.startsWith(x.player));
    assert.ok(cl, 'claim option of a listed player: ' + c.label);
    if (c.kind === 'keep') assert.equal(c.dist, cl.dist);
    if (c.kind === 'pong') assert.equal(c.dist, cl.pong_after);
  }
  await page.click(`.dpm-cand[data-i="${call.i}"]`);
  p = await waitPanel(page, (x) => x.source === call.i, 'the call DP');
  assert.equal(p.distance, call.dist, 'call DP distance = the engine claim record');
  const next = await eventAt(page, claimStep);
  assert.equal(p.distance, next.dist, 'and = the distance after the call in the trace');

  // The language switch re-labels the panel (Chinese), numbers unchanged.
  await page.evaluate(() => window.deckscope.setLang('zh'));
  const zh = await waitPanel(page, (x) => /距离/.test(x.shown || ''), 'Chinese labels');
  assert.equal(zh.distance, p.distance);
  await page.evaluate(() => window.deckscope.setLang('en'));

  // d again: back to the game; the panel is gone.
  await page.keyboard.press('d');
  await page.waitForFunction(() => window.deckscope.mode === 0 && !document.getElementById('dpm'));

  assert.deepEqual(page.problems, [], 'no console errors');
  await page.closeAll();
});

test('mahjong DP view in embed mode (view=dp) and on a phone', { timeout: LIMIT }, async () => {
  { // the embed half always runs: a site without embed.html is a failure, never a skip
    assert.ok(existsSync(path.join(SERVE_DIR, 'embed.html')), `the site has embed.html (${SERVE_DIR})`);
    const page = await openPage(env.browser, { viewport: { width: 800, height: 600 } });
    await loadView(page, `${env.url}embed.html#game=mahjong&sample=1&step=60&view=dp`);
    await page.waitForFunction(() => window.deckscope && window.deckscope.module &&
      window.deckscope.module.ccall('dsv_api_mode', 'number', [], []) === 1, null, { timeout: LIMIT });
    const info = await page.evaluate(() =>
      /** @type {MjInfo} */ (JSON.parse(window.deckscope.module.ccall('dsv_api_dp_mahjong_info', 'string', [], []))));
    assert.ok(info && info.ok, 'the DP is shown in embed mode');
    assert.equal(info.step, 60);
    // the embed page has no frame events: the canvas until it is drawn (not a
    // fixed 800 ms, too short on a loaded machine), up to the suite's limit
    /** @type {Buffer} */
    let shot;
    for (const end = Date.now() + LIMIT; ;) {
      shot = await page.locator('canvas').first().screenshot();
      if ((await pngStats(page, shot)).distinct > 20 || Date.now() > end) break;
      await ticks(page, 1);
    }
    writeFileSync(artifact('dp-mahjong-embed.png'), shot);
    assert.ok((await pngStats(page, shot)).distinct > 20, 'embed DP canvas not blank');
    assert.deepEqual(page.problems, [], 'no console errors (embed)');
    await page.closeAll();
  }
  const page = await openPage(env.browser, { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  await loadView(page, `${env.url}#game=mahjong&sample=1&step=60`);
  await page.evaluate(() => window.deckscope.load({ game: 'mahjong', sample: 1 }));
  await page.evaluate(() => { window.deckscope.seek(60, false); window.deckscope.setMode(1); });
  const p = await waitPanel(page, (x) => x.visible && x.distance !== null, 'the DP on a phone');
  await checkHand(page, p, 60);
  await page.keyboard.press('End');
  await frames(page, 30);
  writeFileSync(artifact('dp-mahjong-phone.png'), await page.screenshot({ fullPage: true }));
  assert.deepEqual(page.problems, [], 'no console errors (phone)');
  await page.closeAll();
});

// Characters of `text` that no font of the page has (drawn as the same box
// as a private-use code point, the "tofu"), in the page's body font.
/** @param {Page} page @param {string} text */
const tofu = (page, text) => page.evaluate((s) => {
  const font = getComputedStyle(document.body).fontFamily;
  const c = document.createElement('canvas');
  c.width = c.height = 64;
  const g = c.getContext('2d', { willReadFrequently: true });
  if (!g) throw new Error('no 2d context for a canvas');
  const shot = (/** @type {string} */ ch) => {
    g.clearRect(0, 0, 64, 64);
    g.font = `40px ${font}`;
    g.fillText(ch, 4, 48);
    return Array.from(g.getImageData(0, 0, 64, 64).data).join(',');
  };
  const box = shot('\uE000');
  return [...new Set([...s].filter((ch) => Number(ch.codePointAt(0)) > 0x7f && !/\s/.test(ch)))].filter((ch) => shot(ch) === box);
}, text);

/** @param {Page} page @returns {Promise<MjInfo>} */
const info = (page) => page.evaluate(() => JSON.parse(window.deckscope.module.ccall('dsv_api_dp_mahjong_info', 'string', [], [])));

test('mahjong DP view, clear to a learner: legible cells, rows in words, first-visit legend, one set of controls, no tofu', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  const open = async (/** @type {string} */ lang) => {
    await loadView(page, `${env.url}#game=mahjong&sample=1&step=60&lang=${lang}`);
    await page.waitForFunction(() => window.deckscope.steps > 0 && !window.deckscope.busy, null, { timeout: LIMIT });
    await page.evaluate(() => { window.deckscope.seek(60, false); window.deckscope.setMode(1); });
    return waitPanel(page, (x) => x.visible && x.distance !== null, 'the DP at step 60 in ' + lang);
  };
  await open('en');

  // "How to read the table": open on the first visit, remembered, closed on the next
  assert.equal(await page.evaluate(() => window.__el('#dpm-legend', HTMLDetailsElement).open), true, 'legend open on the first visit');
  await open('zh'); // (a new document: loadView)
  assert.equal(await page.evaluate(() => window.__el('#dpm-legend', HTMLDetailsElement).open), false, 'legend closed on the next visit');
  await page.click('#dpm-legend summary');
  assert.equal(await page.evaluate(() => window.__el('#dpm-legend', HTMLDetailsElement).open), true, 'and opens on a click');

  // no glyph of the Chinese panel is missing from the page's fonts
  const zhText = await page.evaluate(() => window.__el('#dp-panel').innerText);
  assert.match(zhText, /和牌距离/);
  assert.deepEqual(await tofu(page, zhText), [], 'characters drawn as tofu in the zh panel');

  // one set of play controls: the panel has none (no play / pause / step / speed)
  const controls = await page.evaluate(() => [...document.querySelectorAll('#dpm button, #dpm select')]
    .filter((b) => !b.classList.contains('dpm-player') && !b.classList.contains('dpm-cand') && b.id !== 'dpm-back-hand')
    .map((b) => b.outerHTML));
  assert.deepEqual(controls, [], 'no controls but the players and the candidates');
  // ... the timeline's keys drive the DP: End, Home, right, Space; its speed is the timeline's
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (const [k, want] of /** @type {[string, number][]} */ ([['End', 36], ['Home', 0], ['ArrowRight', 1], ['ArrowRight', 2], ['ArrowLeft', 1]])) {
    await page.keyboard.press(k);
    await waitPanel(page, (x) => x.pos === want, `pos ${want} after ${k}`);
  }
  assert.equal(await page.evaluate(() => window.deckscope.step), 60, 'the game stays at step 60');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => JSON.parse(window.deckscope.module.ccall('dsv_api_dp_mahjong_info', 'string', [], [])).playing);
  assert.equal(await page.evaluate(() => window.deckscope.playing), false, 'Space plays the DP, not the game');
  await page.evaluate(() => window.deckscope.setSpeed(4));
  assert.equal((await info(page)).speed, 4, 'the DP runs at the timeline speed');
  await page.keyboard.press(' ');
  await page.keyboard.press('End');
  await waitPanel(page, (x) => x.pos === 36, 'the end');
  await frames(page, 10);

  // numbers in the cells of at least 12 CSS px, in rows that hold them
  let I = await info(page);
  assert.ok(I.cell_px >= 12, `cell numbers of ${I.cell_px} px`);
  assert.ok(I.row_px >= I.cell_px, `rows of ${I.row_px} px hold them`);

  // the row labels in words: a line of the panel and the tooltip of the row under the pointer
  const rowKey = await page.evaluate(() => window.__el('#dpm-rowkey').textContent ?? '');
  assert.match(rowKey, /“\d \d \d \d” = 已放 \d 组面子，(已放雀头|还没有雀头)，\d 个顺子/);
  // (the pointer glides there, as a hand does: SDL takes motion with a movement)
  await page.locator('#canvas').scrollIntoViewIfNeeded();
  const box = await page.locator('#canvas').boundingBox();
  assert.ok(box, 'the canvas is shown');
  /** @param {number} x @param {number} y */
  const glide = (x, y) => page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  /** @type {string[]} */
  const rows = [];
  for (const r of [0, Math.floor(I.rows / 2), I.rows - 1]) {
    await glide(I.table_x + 8, I.table_y + (r + 0.5) * I.row_px);
    await page.waitForFunction(() => !!window.__el('#canvas').title, null, { timeout: LIMIT });
    rows.push(await page.evaluate(() => window.__el('#canvas').title));
    await glide(2, 2); // off the table: no tooltip
    await page.waitForFunction(() => !window.__el('#canvas').title, null, { timeout: LIMIT });
  }
  for (const t of rows) assert.match(t, /^\d \d \d \d: 已放 \d 组面子/, 'tooltip: ' + t);
  assert.equal(rows[0].slice(0, 7), '0 0 0 0', 'the first row is the start state');
  await page.evaluate(() => window.deckscope.setLang('en'));
  await glide(I.table_x + 8, I.table_y + 1.5 * I.row_px);
  await page.waitForFunction(() => /groups? placed/.test(window.__el('#canvas').title), null, { timeout: LIMIT });
  writeFileSync(artifact('dp-mahjong-learner.png'), await page.screenshot({ fullPage: true }));

  // closing the view gives the stage its size back and takes the tooltip away
  await page.keyboard.press('d');
  await page.waitForFunction(() => !window.__el('#stage').style.height && !window.__el('#canvas').title);
  assert.deepEqual(page.problems, [], 'no console errors');
  await page.closeAll();
});
