// play.test.mjs - "Play it yourself" (play.js): for every game the learner
// takes a seat; choosing the rule's label at every decision reproduces the
// main line's judge output; choosing other labels gives exactly the CLI's
// `--try` output for the same choices (which the page's variation lists);
// undo takes a move back; the keyboard alone plays; the summary's figures
// (moves, matches; goudan: the probability lost per move from the engine's
// own decision records) are right.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { cli, lines, sample } from './page-helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

const SEAT = { cirno: '1', thegame: '1', mahjong: 'A', goudan: 'E' };
const outputOf = (game, input, spec) => cli([game, ...(spec && game !== 'goudan' ? ['--try', spec] : [])], input);
const playoutOf = (input, spec) => lines(cli(['goudan', '--playout', '--seed', '1', ...(spec ? ['--try', spec] : [])], input))
  .slice(1).map((l) => JSON.parse(l));

for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
  test(`${game}: play a seat, with the rule's moves and with others`, { timeout: 300_000 }, async () => {
    const input = sample(game, 1);
    const page = await openPage(env.browser);
    await loadView(page, env.url + `#game=${game}&sample=1&lang=en`);
    const ds = (fn, arg) => page.evaluate(fn, arg);

    // 1. the rule's label at every decision: the main line
    let p = await ds((s) => window.deckscope.playAs(s, { instant: true }), SEAT[game]);
    assert.ok(p, 'the seat has a decision');
    let moves = 0;
    while (p) {
      assert.ok(p.labels.includes(p.chosen), 'the rule\'s choice is offered');
      p = await ds((l) => window.deckscope.choose(l), p.chosen);
      moves++;
    }
    let sum = await ds(() => window.deckscope.summary());
    assert.equal(sum.moves, moves);
    assert.equal(sum.matched, moves);
    assert.deepEqual(sum.variation, []);
    assert.equal(await ds(() => window.deckscope.output()), outputOf(game, input, ''));

    // 2. other labels at the first two decisions: the CLI's --try
    p = await ds((s) => window.deckscope.playAs(s, { instant: true }), SEAT[game]);
    const forced = [];
    let k = 0, lostAt = null;
    while (p) {
      const other = p.labels.filter((l) => l !== p.chosen);
      const pick = k < 2 && other.length ? other[other.length - 1] : p.chosen;
      if (pick !== p.chosen) forced.push([p.i, pick]);
      if (game === 'goudan' && pick !== p.chosen && lostAt === null) lostAt = [p.i, pick];
      p = await ds((l) => window.deckscope.choose(l), pick);
      k++;
    }
    assert.deepEqual(await ds(() => window.deckscope.variation), forced);
    const spec = forced.map(([i, l]) => `${i}:${l}`).join(',');
    sum = await ds(() => window.deckscope.summary());
    assert.equal(sum.moves, k);
    assert.equal(sum.matched, k - forced.length);
    if (game === 'goudan') {
      // the losses are the engine's values: best candidate minus the one taken
      const evs = playoutOf(input, spec);
      let total = 0;
      for (const [i, l] of forced) {
        const d = evs[i].decision;
        const best = Math.max(...d.candidates.map((c) => c.value));
        total += best - d.candidates.find((c) => c.label === l).value;
      }
      assert.ok(Math.abs(sum.totalLoss - total) < 1e-12, `${sum.totalLoss} vs ${total}`);
      const pageEv = await ds(() => window.deckscope.steps);
      assert.equal(pageEv, evs.length, 'the page plays the CLI playout');
    } else {
      assert.equal(await ds(() => window.deckscope.output()), outputOf(game, input, spec));
    }
    writeFileSync(artifact(`play-${game}.png`), await page.screenshot({ fullPage: true }));

    // 3. undo: back to the last forced decision, the variation without it
    if (forced.length) {
      await ds((s) => window.deckscope.playAs(s, { instant: true }), SEAT[game]);
      let q = await ds(() => window.deckscope.pending);
      const other = q.labels.filter((l) => l !== q.chosen);
      if (other.length) {
        await ds((l) => window.deckscope.choose(l), other[0]);
        assert.equal((await ds(() => window.deckscope.variation)).length, 1);
        const back = await ds(() => window.deckscope.undo());
        assert.equal(back.i, q.i);
        assert.deepEqual(back.labels, q.labels);
        assert.deepEqual(await ds(() => window.deckscope.variation), []);
        assert.equal(await ds(() => window.deckscope.step), q.i);
      }
    }
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

test('keyboard only: the Play button, the seat, 1-9 and Enter', { timeout: 180_000 }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=1&lang=en');
  await page.emulateMedia({ reducedMotion: 'reduce' }); // no animation between decisions
  await page.focus('#play-open');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#play-panel:not([hidden])');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'play-seat');
  await page.keyboard.press('Tab'); // Start
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.deckscope.pending !== null, null, { timeout: 30_000 });
  const p = await page.evaluate(() => window.deckscope.pending);
  // digit 1 takes the first option; the feedback is in a live region
  await page.keyboard.press('1');
  await page.waitForFunction((i) => !window.deckscope.pending || window.deckscope.pending.i !== i, p.i, { timeout: 30_000 });
  const fb = await page.$eval('.play-feedback', (e) => e.textContent);
  assert.ok(fb.includes(p.labels[0]), fb);
  assert.equal(await page.$eval('.play-feedback', (e) => e.getAttribute('aria-live')), 'polite');
  // every option is a tap target of at least 40 px
  const sizes = await page.$$eval('.play-opt', (bs) => bs.map((b) => [b.offsetWidth, b.offsetHeight]));
  for (const [w, hh] of sizes) assert.ok(w >= 40 && hh >= 40, `${w}x${hh}`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('&play=<seat> in the URL starts play mode', { timeout: 120_000 }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&lang=zh&play=1');
  await page.waitForFunction(() => window.deckscope.playSeat === '1' && window.deckscope.pending, null, { timeout: 120_000 });
  const head = await page.$eval('#play-head', (e) => e.textContent);
  assert.match(head, /轮到你/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
