// dp_goudan.test.mjs - goudan's decision explorer in headless Chromium: open
// it with the `d` key from a known step of sample 2; the operations and win
// probabilities shown equal the native CLI's `deckscope goudan --explain`
// (and the engine's decision record in the trace); the chance tree of "play"
// expands, going into a child state shows that child's value (= the tree's)
// and the breadcrumb comes back; a typed start state is explained like the
// CLI explains it; a mid-play step explains the play's decision; the heat map
// holds the current state's value; the solve animation advances and the
// canvas changes (started by a click in the canvas, paused and resumed from
// the panel); no console errors anywhere.
// Issue 13, clear to a learner: every probability of the explorer, the why
// panel and the narration is a percentage with 2 decimals (the exact value
// in the title); the panel says what the numbers are and which seed drew the
// game on the canvas; with the DP view open the explorer and the why panel
// explain the same decision; the chance tree's colours tell 2 % from 8 %
// and its four columns are headed.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { LIMIT, artifact, ticks, loadView, openPage, pngStats, startBrowser } from './harness.mjs';
import { cli, frames, sample } from './page-helpers.mjs';

/** @typedef {import('playwright-core').Page} Page */
/**
 * The explorer's state as the page holds it (deckscope.dpGoudan.state, from
 * dsv_api_dp_goudan_json): the fields this test reads.
 * @typedef {{
 *   ok: boolean, step: number, decision_step: number, custom: boolean, expanded: boolean, O: number, value: number,
 *   decision: { chosen: string, chosen_index: number, candidates: { op: string, value: number }[] },
 *   heat: { done: number, hp_max: number, cells: number[][] },
 *   state: { players: { hp: number }[], winner: unknown },
 *   tree: { nodes: { value: number, outcome: string }[] } | null,
 *   tree_colors: (string | null)[] | null, tree_heads: number,
 *   solve: { playing: boolean, solved: number, total: number, done: boolean } | null,
 * }} DpGoudan
 */
/** An operation of the explorer's list, as the panel shows it or the CLI prints it. @typedef {{ op: string, value: number, chosen: boolean }} Op */

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// `deckscope goudan --explain`: per query, the operations best first
// ("* " marks the chosen one) with their values.
/** @param {string} input */
function cliExplain(input) {
  const out = cli(['goudan', '--explain'], input);
  const ops = [];
  for (const line of out.split('\n')) {
    const m = /^\s+(\*)?\s*([01]\.\d{9})\s+(.*)$/.exec(line);
    if (!m) continue;
    const text = m[3];
    // the operations by the engine's names (the record's words, docs/games/goudan.md)
    const op = /^play a card/.test(text) ? 'play' : /^use the skill/.test(text) ? 'skill' : /^trade/.test(text) ? 'trade'
      : /^attack/.test(text) ? 'face' : /^end the turn/.test(text) ? 'end_turn' : '?';
    ops.push({ chosen: !!m[1], value: Number(m[2]), op, text });
  }
  assert.ok(ops.length > 0, 'CLI --explain parsed:\n' + out);
  return ops;
}

/** @param {Page} page @returns {Promise<DpGoudan | null | undefined>} */
const dp = (page) => page.evaluate(() => window.deckscope.dpGoudan && window.deckscope.dpGoudan.state);
/** @param {Page} page @returns {Promise<DpGoudan>} */
const dpNow = async (page) => { const j = await dp(page); assert.ok(j, 'the explorer has a state'); return j; };
/** @param {Page} page */
const panel = (page) => page.evaluate(() => {
  const root = document.querySelector('[data-dp="goudan"]');
  if (!root) return null;
  const rows = /** @type {NodeListOf<HTMLTableRowElement>} */ (root.querySelectorAll('[data-dpg="ops"] tbody tr'));
  const children = /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.dpg-child'));
  return {
    visible: !window.__el('#dp-panel').hidden,
    ops: [...rows].map((r) => ({
      op: r.dataset.op, value: Number(r.dataset.value), chosen: r.dataset.chosen === '1',
      shown: r.lastChild?.textContent, exact: /** @type {HTMLElement | null} */ (r.lastChild)?.title,
    })),
    path: [...root.querySelectorAll('.dpg-crumb')].map((b) => b.textContent ?? ''),
    children: [...children].map((b) => ({ node: Number(b.dataset.node), value: Number(b.dataset.value) })),
    // (the first [data-dp="goudan"] is root: these are root's)
    error: window.__el('[data-dp="goudan"] [data-dpg="error"]').textContent ?? '',
    solve: window.__el('[data-dp="goudan"] [data-dpg="solve-info"]').textContent ?? '',
    value: window.__el('[data-dp="goudan"] [data-dpg="value"]').textContent ?? '',
  };
});

// Polls fn(page) each frame until pred holds of its (non-null) value, which it returns.
/**
 * @template T
 * @param {Page} page
 * @param {(page: Page) => Promise<T>} fn
 * @param {(x: NonNullable<T>) => unknown} pred
 * @param {string} what
 * @param {number} [ms]
 * @returns {Promise<NonNullable<T>>}
 */
async function waitFor(page, fn, pred, what, ms = LIMIT) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    last = await fn(page);
    if (last && pred(last)) return last;
    await ticks(page, 1); // the next frame, not a time
  }
  assert.fail(`never saw ${what}: ${JSON.stringify(last)?.slice(0, 2000)}`);
}

// The page's one format of a probability, the engine's (ds_say_pct): a
// percentage with at most 2 decimals, trailing zeros dropped, never 0 or 100
// unless certain; in English a space before % (the page's is non-breaking).
const SP = '\u00a0';
/** @type {(v: number, zh?: boolean) => string} */
const pct = (v, zh) => (!(v > 0) ? '0' : v >= 1 ? '100' : v < 0.00005 ? '<0.01' : v > 0.99995 ? '>99.99'
  : (v * 100).toFixed(2).replace(/0+$/, '').replace(/\.$/, '')) + (zh ? '' : SP) + '%';
const PCT = /^(\d{1,3}(\.\d{1,2})?|<0\.01|>99\.99)[ \u00a0]?%$/;
const PCT_IN = /[<>]?[\d.]+[ \u00a0]?%/g;

// The shown operations equal the CLI's list, value for value (exact to 9 decimals).
/**
 * @param {{ op?: string, value: number, chosen: boolean, shown?: string | null, exact?: string }[]} shown
 * @param {(Op & { text: string })[]} want
 * @param {string} what
 */
function sameAsCli(shown, want, what) {
  assert.equal(shown.length, want.length, `${what}: as many operations as the CLI`);
  shown.forEach((s, i) => {
    assert.equal(s.op, want[i].op, `${what}: operation ${i} (${want[i].text})`);
    assert.ok(Math.abs(s.value - want[i].value) <= 5e-10, `${what}: value ${i} ${s.value} vs CLI ${want[i].value}`);
    assert.equal(s.shown, pct(want[i].value), `${what}: printed value ${i}`);
    assert.equal(s.exact, want[i].value.toFixed(9), `${what}: its exact value in the title ${i}`);
    assert.equal(s.chosen, want[i].chosen, `${what}: chosen mark ${i}`);
  });
}

test('goudan decision explorer: CLI values, chance tree, children, typed state, heat map, solve', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
  await loadView(page, `${env.url}#game=goudan&sample=2`);
  await page.evaluate(() => window.deckscope.load({ game: 'goudan', sample: 2 }));
  await page.waitForFunction(() => !window.deckscope.busy && window.deckscope.steps > 0, null, { timeout: LIMIT });
  await page.evaluate(() => window.deckscope.seek(0, false));
  await frames(page, 3);

  // open with the `d` key
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('d');
  assert.equal(await page.evaluate(() => window.deckscope.mode), 1, 'd opens the DP mode');
  const want = cliExplain(sample('goudan', 2));
  let p = await waitFor(page, panel, (x) => x.visible && x.ops.length > 0, 'the operations at step 0');
  sameAsCli(p.ops, want, 'step 0');
  let J = await dpNow(page);
  assert.equal(J.decision_step, 1, 'step 0 (before the draw) explains the first decision (event 1)');
  const ev1 = await page.evaluate(() => /** @type {DeckscopeEvent} */ (JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [1]))));
  assert.ok(ev1.decision, 'event 1 is a decision');
  assert.deepEqual(J.decision.candidates.map((c) => c.value), ev1.decision.candidates.map((c) => c.value),
    'the same values as the decision record in the trace');
  assert.equal(J.decision.chosen, ev1.decision.chosen, "the same move chosen (its label)");

  // the heat map holds the current state's value (小E moves: her probability)
  J = await waitFor(page, dp, (x) => x.heat.done >= 1, 'a heat-map cell');
  const st = J.state.players;
  assert.ok(Math.abs(J.heat.cells[st[0].hp - 1][st[1].hp - 1] - J.value) <= 1e-12, 'heat cell at the current HPs = value');
  J = await waitFor(page, dp, (x) => x.heat.done === x.heat.hp_max * x.heat.hp_max, 'the whole heat map');
  for (const row of J.heat.cells) for (const c of row) assert.ok(c >= 0 && c <= 1, 'heat values are probabilities');
  const before = await page.locator('#canvas').screenshot();
  writeFileSync(artifact('dp-goudan-step0.png'), before);
  assert.ok((await pngStats(page, before)).distinct > 50, 'the explorer canvas is not blank');

  // the chance tree of play: its root is the play's value; enter the most likely child
  assert.ok(J.expanded && J.tree, 'the chance tree is shown');
  const tree = J.tree;
  const playOp = J.decision.candidates.find((c) => c.op === 'play');
  assert.ok(playOp, 'play is one of the operations');
  assert.ok(Math.abs(tree.nodes[0].value - playOp.value) <= 1e-12, 'tree root = value of play');
  p = await waitFor(page, panel, (x) => x.children.length > 0, 'children of the play');
  const child = p.children.find((c) => tree.nodes[c.node].outcome === 'continue') || p.children[0];
  await page.click(`.dpg-child[data-node="${child.node}"]`);
  await waitFor(page, panel, (x) => x.path.length === 2, 'the child state');
  J = await dpNow(page);
  assert.equal(J.custom, true);
  if (J.state.winner == null) {
    assert.ok(Math.abs(J.value - child.value) <= 1e-12, `child value ${J.value} = tree node ${child.value}`);
  }
  // back through the breadcrumb
  await page.click('.dpg-crumb[data-depth="0"]');
  p = await waitFor(page, panel, (x) => x.path.length === 1 && x.ops.length === want.length, 'back at the root');
  sameAsCli(p.ops, want, 'back at step 0');

  // a mid-play step: the play's decision (the event that started it)
  const steps = await page.evaluate(() => window.deckscope.steps);
  const events = await page.evaluate((n) => {
    /** @type {DeckscopeEvent[]} */
    const out = [];
    for (let i = 0; i < n; i++) out.push(JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [i])));
    return out;
  }, steps);
  const hit = events.findIndex((e) => e.type === 'hit');
  assert.ok(hit > 0, 'the game has a play');
  const playAt = events.slice(0, hit).map((e) => e.type).lastIndexOf('play');
  await page.evaluate((s) => window.deckscope.seek(s, false), hit + 1);
  J = await waitFor(page, dp, (x) => x.decision_step === playAt, `the play's decision (event ${playAt})`);
  const playDecision = events[playAt].decision;
  assert.ok(playDecision, `event ${playAt} is a decision`);
  assert.deepEqual(J.decision.candidates.map((c) => [c.op, c.value]), playDecision.candidates.map((c) => [c.op, c.value]));
  assert.equal(J.decision.candidates[J.decision.chosen_index].op, 'play');

  // a start state of our own, explained like the CLI explains it
  const O = J.O;
  await page.fill('[data-dpg="form"] input[name="e"]', '3');
  await page.fill('[data-dpg="form"] input[name="s"]', '4');
  await page.fill('[data-dpg="form"] input[name="sm"]', '2 1');
  await page.fill('[data-dpg="form"] input[name="em"]', '1');
  await page.fill('[data-dpg="form"] input[name="sh"]', '1');
  await page.fill('[data-dpg="form"] input[name="eh"]', '2');
  await page.click('[data-dpg="form"] button[type="submit"]');
  const typed = `1 ${O}\n3 4\n2 2 1\n1 1\n1 2\n`;
  p = await waitFor(page, panel, (x) => x.path.length === 1 && /typed/.test(x.path[0]) && x.ops.length > 0, 'the typed state');
  sameAsCli(p.ops, cliExplain(typed), 'typed state');
  // a bad one: an error, nothing breaks
  await page.fill('[data-dpg="form"] input[name="em"]', '1 3');
  await page.click('[data-dpg="form"] button[type="submit"]');
  p = await waitFor(page, panel, (x) => x.error.length > 0, 'an error for a minion of HP 3');
  assert.match(p.error, /line 4/);
  assert.equal(p.ops.length, cliExplain(typed).length, 'the last good state stays');
  // back to the timeline
  await page.click('[data-dpg="follow"]');
  await waitFor(page, dp, (x) => !x.custom && x.decision_step === playAt, 'following the timeline again');

  // the solve animation: a click on its box in the canvas (lower right) starts it
  const s0 = await page.locator('#canvas').screenshot();
  const box = await page.locator('#canvas').boundingBox();
  assert.ok(box, 'the canvas is shown');
  await page.locator('#canvas').click({ position: { x: box.width * 0.85, y: box.height * 0.88 } });
  // (each wait's value has a solve: the predicate read it)
  const solveOf = (/** @type {DpGoudan | null | undefined} */ x) => /** @type {NonNullable<DpGoudan['solve']>} */ (x?.solve);
  J = await waitFor(page, dp, (x) => x.solve && x.solve.playing && x.solve.solved > 0, 'the solve animation running');
  const first = solveOf(J).solved;
  J = await waitFor(page, dp, (x) => solveOf(x).solved > first, 'more states solved');
  assert.ok(solveOf(J).total > solveOf(J).solved || solveOf(J).done);
  // the panel's button pauses and plays it
  await page.click('[data-dpg="solve-play"]');
  J = await waitFor(page, dp, (x) => !solveOf(x).playing, 'the solve paused');
  const paused = solveOf(J).solved;
  await frames(page, 10);
  assert.equal(solveOf(await dp(page)).solved, paused, 'paused means paused');
  await page.click('[data-dpg="solve-play"]');
  await waitFor(page, dp, (x) => solveOf(x).playing && solveOf(x).solved > paused, 'the solve playing again');
  await frames(page, 10);
  const s1 = await page.locator('#canvas').screenshot();
  assert.notDeepEqual(s0, s1, 'the canvas changes while solving');
  writeFileSync(artifact('dp-goudan-solve.png'), s1);
  const shown = await panel(page);
  assert.ok(shown, 'the panel is shown');
  assert.match(shown.solve, /\d/);

  // language switch keeps working
  await page.evaluate(() => window.deckscope.setLang('zh'));
  await waitFor(page, panel, (x) => /胜率|获胜/.test(x.value), 'Chinese labels');

  // back to the game: the panel goes away
  await page.keyboard.press('d');
  await page.waitForFunction(() => !document.querySelector('[data-dp="goudan"]'), null, { timeout: LIMIT });
  assert.deepEqual(page.problems, [], 'no console errors');
  await page.closeAll();
});

test('goudan DP view, clear to a learner: one number format, what the numbers are, the seed, the same decision as the why panel, the tree', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  await loadView(page, `${env.url}#game=goudan&sample=2&lang=en`);
  await page.waitForFunction(() => !window.deckscope.busy && window.deckscope.steps > 0, null, { timeout: LIMIT });
  await page.evaluate(() => { window.deckscope.seek(0, false); window.deckscope.setMode(1); });
  await waitFor(page, dp, (x) => x.ok && x.expanded && x.tree, 'the explorer at step 0');

  // what the numbers are, and where the game on the canvas comes from
  /** @param {string} sel @returns {Promise<string | null>} its text, null while it is not there */
  const text = (sel) => page.evaluate((s) => { const e = document.querySelector(s); return e ? e.textContent : null; }, sel);
  /** @param {string} sel @returns {Promise<string>} */
  const textNow = async (sel) => { const t = await text(sel); assert.ok(t !== null, `${sel} is on the page`); return t; };
  assert.match(await textNow('[data-dpg="intro"]'), /probability that 小E wins .*optimal play by both/);
  assert.match(await textNow('[data-dpg="seed"]'), /one game of query 1: its random hits are drawn with the playout seed 1\b/);
  await page.evaluate(() => window.deckscope.selectQuery(1, 7));
  await waitFor(page, () => text('[data-dpg="seed"]'), (s) => /playout seed 7\b/.test(s), 'the seed 7 in the panel');
  await page.evaluate(() => window.deckscope.selectQuery(1, 1));

  // one number format: percentages with 2 decimals, the exact value in the title
  /** @param {string} what */
  async function checkFormat(what) {
    const r = await page.evaluate(() => {
      const p = window.__el('#dp-panel');
      const nums = /** @type {NodeListOf<HTMLElement>} */ (p.querySelectorAll('.dpg-pct, td.dpg-num-cell'));
      return {
        text: p.innerText,
        nums: [...nums].map((e) => [e.textContent ?? '', e.title]),
      };
    });
    assert.ok(r.nums.length >= 2, `${what}: numbers in the panel`);
    for (const [shown, exact] of r.nums) {
      assert.match(shown, PCT, `${what}: ${shown}`);
      assert.match(exact, /^[01]\.\d{9}$/, `${what}: exact value of ${shown}`);
      assert.equal(shown, pct(Number(exact), what === 'zh'), `${what}: ${shown} is ${exact}`);
    }
    assert.doesNotMatch(r.text, /\d\.\d{3,}/, `${what}: no long decimals in the panel`);
    for (const m of r.text.matchAll(PCT_IN)) assert.match(m[0], PCT, `${what}: ${m[0]} in the panel`);
    return r.text;
  }
  await checkFormat('step 0');

  // the chance tree: four headed columns, colours that tell 2 % from 8 %
  let J = await waitFor(page, dp, (x) => x.tree_colors && x.tree_colors[0], 'the tree drawn');
  assert.equal(J.tree_heads, 4, 'every column of the tree has its heading');
  const colors = J.tree_colors ?? [], nodes = J.tree?.nodes ?? [];
  const rgb = (/** @type {string} */ h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const live = nodes.map((n, i) => ({ i, v: n.value, c: colors[i] ?? '' }))
    .filter((n) => nodes[n.i].outcome === 'continue' && n.c);
  const low = live.find((n) => n.v >= 0.01 && n.v <= 0.03), high = live.find((n) => n.v >= 0.06 && n.v <= 0.1);
  assert.ok(low && high, 'sample 2 has boxes near 2 % and 8 %');
  const dist = Math.hypot(...rgb(low.c).map((x, k) => x - rgb(high.c)[k]));
  assert.ok(dist >= 60, `${pct(low.v)} ${low.c} and ${pct(high.v)} ${high.c} differ by ${dist.toFixed(0)} (RGB)`);
  writeFileSync(artifact('dp-goudan-learner.png'), await page.locator('#canvas').screenshot());

  // every step after an operation: the explorer explains the decision the why
  // panel explains, with the same numbers in the same format
  const events = await page.evaluate(() => {
    const d = window.deckscope;
    /** @type {DeckscopeEvent[]} */
    const out = [];
    for (let i = 0; i < d.steps; i++) out.push(JSON.parse(d.module.ccall('dsv_api_event_json', 'string', ['number'], [i])));
    return out;
  });
  let checked = 0;
  for (let s = 1; s <= events.length; s++) {
    if (!['face', 'trade', 'play', 'skill', 'end_turn'].includes(events[s - 1].type)) continue;
    await page.evaluate((k) => window.deckscope.seek(k, false), s);
    J = await waitFor(page, dp, (x) => x.step === s, `the explorer at step ${s}`);
    assert.equal(J.decision_step, s - 1, `step ${s}: the decision of event ${s - 1}, the why panel's`);
    const why = await waitFor(page, () => page.evaluate((k) => {
      const box = window.__el('#why');
      if (box.dataset.step !== String(k)) return []; // still the previous step's panel
      const rows = /** @type {NodeListOf<HTMLTableRowElement>} */ (box.querySelectorAll('table.cands tbody tr'));
      return [...rows].map((r) => [r.cells[1].textContent, r.cells[1].title]);
    }, s), (x) => x.length > 0, `the why panel at step ${s}`);
    assert.deepEqual(why, J.decision.candidates.map((c) => [pct(c.value), c.value.toFixed(9)]), `step ${s}: why panel = explorer`);
    const caption = await textNow('#caption');
    for (const m of caption.matchAll(PCT_IN)) assert.match(m[0], PCT, `step ${s}: ${m[0]} in "${caption}"`);
    await checkFormat(`step ${s}`);
    checked++;
  }
  assert.ok(checked >= 5, `${checked} decisions checked`);

  // Chinese: the same format, the names 小E and 老师
  await page.evaluate(() => window.deckscope.seek(0, false));
  await page.evaluate(() => window.deckscope.setLang('zh'));
  await waitFor(page, () => text('[data-dpg="intro"]'), (s) => /小E获胜的概率/.test(s), 'the Chinese panel');
  const zh = await checkFormat('zh');
  assert.match(zh, /老师/);
  assert.doesNotMatch(zh, /teacher/);
  assert.deepEqual(page.problems, [], 'no console errors');
  await page.closeAll();
});
