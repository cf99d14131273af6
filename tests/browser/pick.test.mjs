// pick.test.mjs - choosing a move by clicking the canvas (web/shell/features/pick.js,
// docs/variations.md "Clicking the canvas"). For every game, at decision
// steps of sample 1: a click at the centre of a region with one label makes
// the variation [[step, label]] whose judge output is the CLI's `--try
// step:label`; a region with several labels opens the menu, and picking one
// of its buttons (by keyboard) takes it; in play mode a click is the
// learner's move (only its own candidates count); a click at a step that is
// not a decision does nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { cli, frames, lines, sample, seekSettled } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @type {Record<string, string>} */
const SEAT = { cirno: '1', thegame: '1', mahjong: 'A', goudan: 'E' };
/** @param {string} game */
const lineArgs = (game) => (game === 'goudan' ? ['--playout', '--seed', '1'] : []);
/** @type {(game: string, input: string) => DeckscopeEvent[]} */
const events = (game, input) => lines(cli([game, ...lineArgs(game), ...(game === 'goudan' ? [] : ['--trace'])], input))
  .slice(1).map((l) => JSON.parse(l));
// goudan's judge output answers the queries (a playout does not change it)
/** @param {string} game @param {string} input @param {string} [spec] */
const outputOf = (game, input, spec) => cli([game, ...(spec && game !== 'goudan' ? ['--try', spec] : [])], input);
/** @param {DeckscopeRegion} r */
const centre = (r) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
/** @param {import('./harness.mjs').TestPage} page @param {number} step */
const regionsAt = async (page, step) => {
  await seekSettled(page, step);
  return page.evaluate(() => window.deckscope.regions());
};
// The region on top at a point (the page's hit test answers the last drawn).
/** @param {DeckscopeRegion[]} regions @param {{x: number, y: number}} p */
const topAt = (regions, p) => regions.filter((r) => p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h).pop();

for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
  test(`${game}: a click on the canvas takes a candidate`, { timeout: LIMIT }, async () => {
    const input = sample(game, 1);
    const evs = events(game, input);
    const decisionSteps = evs.map((e, i) => (e.decision && Array.isArray(e.decision.candidates) ? i : -1)).filter((i) => i >= 0);
    assert.ok(decisionSteps.length >= 2);
    const page = await openPage(env.browser);
    await loadView(page, env.url + `#game=${game}&sample=1&lang=en`);
    const canvas = page.locator('#canvas');

    // a step that is not a decision: no region, a click changes nothing
    const plain = evs.findIndex((e) => !(e.decision && Array.isArray(e.decision.candidates)));
    if (plain >= 0) {
      assert.deepEqual(await regionsAt(page, plain), [], `no regions at step ${plain}`);
      await canvas.click({ position: { x: 20, y: 20 } });
      await frames(page, 2);
      assert.deepEqual(await page.evaluate(() => window.deckscope.variation), []);
    }

    // one label: a region whose label is not the rule's choice (a real variation)
    let done = false, multi = null;
    for (const s of decisionSteps.slice(Math.floor(decisionSteps.length / 3))) {
      const regs = await regionsAt(page, s);
      // the candidates and, in mahjong's claim windows, the seats' declines
      const dec = evs[s].decision;
      assert.ok(dec, `step ${s} is a decision`);
      const cands = [...dec.candidates, ...(dec.declines || [])].map((c) => String(c.label));
      const union = new Set(regs.flatMap((/** @type {DeckscopeRegion} */ r) => r.labels));
      assert.deepEqual([...union].sort(), [...cands].sort(), `step ${s}: the regions name every candidate and decline`);
      if (!multi) {
        const m = regs.find((/** @type {DeckscopeRegion} */ r) => r.labels.length > 1 && topAt(regs, centre(r)) === r);
        if (m) multi = { s, r: m };
      }
      if (done) { if (multi) break; continue; }
      const one = regs.find((/** @type {DeckscopeRegion} */ r) => r.labels.length === 1 && r.labels[0] !== String(dec.chosen) &&
        topAt(regs, centre(r)) === r);
      if (!one) continue;
      const label = one.labels[0];
      await canvas.click({ position: centre(one) });
      await page.waitForFunction(() => window.deckscope.variation.length === 1);
      assert.deepEqual(await page.evaluate(() => window.deckscope.variation), [[s, label]]);
      assert.equal(await page.evaluate(() => window.deckscope.output()), outputOf(game, input, `${s}:${label}`),
        `the judge output of --try ${s}:${label}`);
      writeFileSync(artifact(`pick-${game}.png`), await canvas.screenshot());
      await page.evaluate(() => window.deckscope.mainLine());
      await page.waitForFunction(() => window.deckscope.variation.length === 0);
      done = true;
    }
    assert.ok(done, 'some decision has a one-label region');

    // several labels: the menu, then a keyboard choice
    if (game === 'thegame') assert.ok(multi, 'a hand card means all its plays');
    if (multi) {
      await regionsAt(page, multi.s);
      await canvas.click({ position: centre(multi.r) });
      await page.waitForSelector('.pick-menu button');
      const shown = await page.$$eval('.pick-menu button', (bs) => bs.map((b) => /** @type {HTMLElement} */ (b).dataset.label));
      assert.deepEqual(shown, multi.r.labels, 'one button per label of the region');
      const hgt = await page.$$eval('.pick-menu button', (bs) => Math.min(...bs.map((b) => b.getBoundingClientRect().height)));
      assert.ok(hgt >= 40, `buttons of 40 px at least (${hgt})`);
      writeFileSync(artifact(`pick-menu-${game}.png`), await page.screenshot());
      // Esc closes it; open it again and take the last label with the keyboard
      await page.keyboard.press('Escape');
      await page.waitForSelector('.pick-menu', { state: 'detached' });
      assert.deepEqual(await page.evaluate(() => window.deckscope.variation), []);
      await canvas.click({ position: centre(multi.r) });
      await page.waitForSelector('.pick-menu button');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      const last = multi.r.labels[multi.r.labels.length - 1];
      const dec = evs[multi.s].decision;
      assert.ok(dec, `step ${multi.s} is a decision`);
      const chosen = String(dec.chosen);
      if (last === chosen) {
        await page.waitForFunction(() => !document.querySelector('.pick-menu'));
        await frames(page, 2);
        const v = await page.evaluate(() => window.deckscope.variation);
        assert.ok(v.length === 0 || (v.length === 1 && v[0][1] === last), JSON.stringify(v));
      } else {
        await page.waitForFunction(() => window.deckscope.variation.length === 1);
        assert.deepEqual(await page.evaluate(() => window.deckscope.variation), [[multi.s, last]]);
        assert.equal(await page.evaluate(() => window.deckscope.output()), outputOf(game, input, `${multi.s}:${last}`));
      }
      await page.evaluate(() => window.deckscope.mainLine());
      await page.waitForFunction(() => window.deckscope.variation.length === 0);
    }

    // play mode: a click is the learner's move
    const p = await page.evaluate((s) => window.deckscope.playAs(s, { instant: true }), SEAT[game]);
    assert.ok(p && Array.isArray(p.labels), 'the learner has a decision');
    await frames(page, 3);
    const regs = await page.evaluate(() => window.deckscope.regions());
    // a region with one of the learner's own moves (prefer one, not the rule's);
    // thegame's regions all mean several plays: then the menu, of the learner's moves only
    /** @type {DeckscopeRegion | null} */
    let pickR = null;
    /** @type {string | null} */
    let pickL = null;
    /** @type {string[]} */
    let mineOf = [];
    for (const r of regs) {
      if (topAt(regs, centre(r)) !== r) continue;
      const mine = r.labels.filter((/** @type {string} */ l) => p.labels.includes(l));
      if (!mine.length) continue;
      const better = !pickR || (mine.length === 1 && (mineOf.length > 1 || (pickL === p.chosen && mine[0] !== p.chosen)));
      if (better) { pickR = r; mineOf = mine; pickL = mine.find((/** @type {string} */ l) => l !== p.chosen) || mine[0]; }
    }
    assert.ok(pickR, 'a region with one of the learner\'s own moves');
    await canvas.click({ position: centre(pickR) });
    if (mineOf.length > 1) {
      await page.waitForSelector('.pick-menu button');
      const shown = await page.$$eval('.pick-menu button', (bs) => bs.map((b) => /** @type {HTMLElement} */ (b).dataset.label));
      assert.deepEqual(shown, mineOf, 'the menu offers the learner\'s own moves of the region');
      assert.ok(pickL, 'a move of the learner to pick');
      await page.click(`.pick-menu button[data-label="${pickL.replace(/"/g, '\\"')}"]`);
    }
    // the move is taken once it is in the learner's history (pending is
    // cleared at once, before the engine has played the variation on)
    await page.waitForFunction((i) => (window.deckscope.playHistory || []).some((/** @type {DeckscopeMove} */ m) => m.i === i), p.i);
    const v = await page.evaluate(() => window.deckscope.variation);
    if (pickL !== p.chosen) assert.deepEqual(v[0], [p.i, pickL], 'the click was the learner\'s move');
    else assert.ok(!v.some((/** @type {[number, string]} */ [i]) => i === p.i), 'the rule\'s move: no forced choice');
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}
