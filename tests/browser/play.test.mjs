// play.test.mjs - "Play it yourself" (play.js): for every game the learner
// takes a seat; choosing the rule's label at every decision reproduces the
// main line's judge output; choosing other labels gives exactly the CLI's
// `--try` output for the same choices (which the page's variation lists);
// undo takes a move back; the keyboard alone plays a whole game (and the
// pending decision and the feedback are in one aria-live region); the
// summary's figures are right; goudan's win chances before and after each
// move, the loss and the verdict equal the CLI's `--explain` values on the
// same states (the states at a turn's start, which a query can state; the
// others against the CLI's played-out variation); mahjong's "A declines"
// lets another player claim by the rule where "pass" would not; embed.html
// with &play= plays a seat too (40 px targets).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { cli, cliAsync, frames, lines, sample, REPO } from './page-helpers.mjs';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

const SEAT = { cirno: '1', thegame: '1', mahjong: 'A', goudan: 'E' };
const outputOf = (game, input, spec) => cli([game, ...(spec && game !== 'goudan' ? ['--try', spec] : [])], input);
const playoutOf = (input, spec) => lines(cli(['goudan', '--playout', '--seed', '1', ...(spec ? ['--try', spec] : [])], input))
  .slice(1).map((l) => JSON.parse(l));

for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
  test(`${game}: play a seat, with the rule's moves and with others`, { timeout: LIMIT }, async () => {
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
    // the summary's figures: one entry per move, matches counted, the card says them
    assert.deepEqual(sum.history.map((m) => [m.i, m.label, m.match]), sum.history.map((m) => [m.i, m.label, m.label === m.rule]));
    assert.equal(sum.history.filter((m) => !m.match).length, forced.length);
    const card = await page.$eval('.play-summary', (e) => e.textContent);
    assert.ok(card.includes(`You made ${k} move`) && card.includes(`${k - forced.length} matched`), card);
    if (game === 'goudan') {
      // the totals are the sums of the moves' losses (each checked against
      // --explain in its own test below); the page plays the CLI's playout
      const total = sum.history.reduce((a, m) => a + m.loss, 0);
      assert.ok(Math.abs(sum.totalLoss - total) < 1e-12, `${sum.totalLoss} vs ${total}`);
      assert.equal(sum.maxLoss, Math.max(...sum.history.map((m) => m.loss)));
      const counted = {};
      for (const m of sum.history) counted[m.verdict] = (counted[m.verdict] || 0) + 1;
      assert.deepEqual(sum.verdicts, counted);
      const evs = playoutOf(input, spec);
      assert.equal(await ds(() => window.deckscope.steps), evs.length, 'the page plays the CLI playout');
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

// The keyboard alone: the Play button, the seat, Start, then digits and
// arrows + Enter to the end of the game; every decision announced in the
// live region, every move's feedback too; the summary card at the end.
for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
  test(`${game}: keyboard only, a whole game; the live region`, { timeout: LIMIT }, async () => {
    const page = await openPage(env.browser, { reducedMotion: 'reduce' }); // no animation between decisions
    await loadView(page, env.url + `#game=${game}&sample=1&lang=en`);
    await page.focus('#play-open');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#play-panel:not([hidden])');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'play-seat');
    const seats = await page.$$eval('#play-seat option', (os) => os.map((o) => o.value));
    assert.ok(seats.includes(SEAT[game]), seats.join());
    await page.keyboard.press('Tab'); // Start
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.deckscope.pending !== null || window.deckscope.summary(), null, { timeout: LIMIT });
    let p = await page.evaluate(() => window.deckscope.pending);
    const live = () => page.$eval('#play-panel [aria-live="polite"]', (e) => e.textContent);
    let n = 0, presses = 0, rule = 0;
    while (p) {
      // the decision waiting is announced: the seat and the number of choices
      // (the panel shows it when the page has drawn the step: wait for it)
      const want = `Your move (${SEAT[game]}): choose one of ${p.labels.length}`;
      await page.waitForFunction((w) => { const e = document.querySelector('#play-panel [aria-live="polite"]'); return !!e && (e.textContent || '').includes(w); },
        want, { timeout: LIMIT }).catch(() => {});
      assert.ok((await live()).includes(want), await live());
      // alternately a digit and the arrows + Enter (the list's own keys)
      let k;
      if (n % 2 === 0 || p.labels.length < 2) {
        k = Math.min(p.labels.length, 1 + (n % 3)) - 1;
        await page.keyboard.press(String(k + 1));
      } else {
        await page.focus('.play-opt'); // the first option, as Tab would reach it
        await page.keyboard.press('ArrowDown');
        k = 1;
        assert.equal(await page.evaluate(() => document.activeElement?.dataset.label), p.labels[1]);
        await page.keyboard.press('Enter');
      }
      presses++;
      if (p.labels[k] === p.chosen) rule++;
      await page.waitForFunction((i) => !window.deckscope.pending || window.deckscope.pending.i !== i, p.i, { timeout: LIMIT });
      // the feedback names the move (by its name in the engine's record), in the same live region
      // (written when the page has drawn the move: wait for it, as for the decision above)
      await page.waitForFunction((w) => { const e = document.querySelector('#play-panel [aria-live="polite"]'); return !!e && (e.textContent || '').includes(w); },
        p.names[k], { timeout: LIMIT }).catch(() => {});
      assert.ok((await live()).includes(p.names[k]), await live());
      p = await page.evaluate(() => window.deckscope.pending);
      n++;
      if (n > 200) break;
    }
    const sum = await page.evaluate(() => window.deckscope.summary());
    assert.ok(sum, 'the game ended');
    assert.equal(sum.moves, presses);
    assert.equal(sum.matched, rule);
    assert.match(await page.$eval('.play-summary', (e) => e.textContent), new RegExp(`You made ${presses} moves?; ${rule} matched`));
    // every option is a tap target of at least 40 px (the summary's buttons too)
    const sizes = await page.$$eval('.play-summary button, #play-panel button', (bs) => bs.filter((b) => b.offsetParent).map((b) => [b.offsetWidth, b.offsetHeight, b.textContent]));
    for (const [w, hh, tx] of sizes) assert.ok(w >= 40 && hh >= 40, `${tx}: ${w}x${hh}`);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

// goudan: the learner's win chance before each move (the best operation's),
// after it, the loss and the verdict, against the CLI. At a turn's start the
// state is a query ("小E" the mover, the hand before the draw), so
// `deckscope goudan --explain` evaluates it afresh; other states (later in a
// turn) are compared with the CLI's played-out variation.
/** @typedef {{ i: number, label: string, verdict: string, loss: number, before: number, after: number }} PlayedMove */
/** @typedef {{ history: PlayedMove[], variation: [number, string][] }} PlaySummary */
async function explainState(st, O) {
  // st: the engine's state before the turn_start event; players[0] is 小E
  const mover = st.players.find((q) => (q.name === 'E' ? 'E' : 'T') === (st.to_move === 'E' ? 'E' : 'T'));
  const other = st.players.find((q) => q !== mover);
  const mins = (q) => [q.minions.length, ...q.minions.map((m) => m.hp)].join(' ');
  const query = `1 ${O}\n${mover.hp} ${other.hp}\n${mins(other)}\n${mins(mover)}\n${other.hand} ${mover.hand}\n`;
  const out = lines(await cliAsync(['goudan', '--explain'], query));
  const vals = {};
  for (const l of out.slice(1, -1)) {
    // "  * 0.041879441  attack the teacher with your HP-1 minion" (then, for the
    // others, their note in parentheses): the operation by its name in the record
    const m = /^\s+\*?\s*([0-9.]+)\s+(.*?)(?: \(win chance [^)]*\))?$/.exec(l);
    assert.ok(m, l);
    vals[m[2]] = Math.max(vals[m[2]] ?? -1, Number(m[1]));
  }
  return { query, vals };
}

for (const [name, input] of [
  ['sample 2', () => sample('goudan', 2)],
  ['generated, seed 6', () => cli(['gen', 'goudan', '--seed', '6'])],
]) {
  test(`goudan (${name}): the learner's win chances and losses equal the CLI's --explain`, { timeout: LIMIT }, async () => {
    const text = input();
    const O = Number(text.trim().split(/\s+/)[1]);
    const page = await openPage(env.browser);
    await loadView(page, env.url + '#game=goudan&sample=1&lang=en');
    await page.evaluate((t) => window.deckscope.load({ game: 'goudan', input: t }), text); // the CLI's text
    await page.waitForFunction(() => !window.deckscope.busy, null, { timeout: LIMIT });
    let explained = 0, fromTrace = 0;
    const verdicts = new Set();
    // the page first (each seat's game and the states before its moves),
    // then the CLI's answers, asked a few at a time with the page closed
    /** @type {{ seat: string, sum: PlaySummary, states: any[] }[]} */
    const played = [];
    for (const seat of ['E', 'T']) {
      let p = await page.evaluate((s) => window.deckscope.playAs(s, { instant: true }), seat);
      let n = 0;
      while (p) {
        // the worst operation, the rule's, the second best, in turn
        const pick = n % 3 === 1 || p.labels.length < 2 ? p.chosen : n % 3 === 0 ? p.labels[p.labels.length - 1] : p.labels[1];
        p = await page.evaluate((l) => window.deckscope.choose(l), pick);
        n++;
      }
      const sum = /** @type {PlaySummary} */ (await page.evaluate(() => window.deckscope.summary()));
      const states = await page.evaluate((/** @type {number[]} */ ks) => ks.map((k) => (k < 0 ? null : JSON.parse(window.deckscope.module.ccall('dsv_api_state_json', 'string', ['number'], [k])))),
        sum.history.map((m) => m.i - 1));
      played.push({ seat, sum, states });
    }
    assert.deepEqual(page.problems, []);
    await page.closeAll();
    const answers = await Promise.all(played.map(async ({ sum, states }) => {
      const spec = sum.variation.map(([i, l]) => `${i}:${l}`).join(',');
      const evs = lines(await cliAsync(['goudan', '--playout', '--seed', '1', ...(spec ? ['--try', spec] : [])], text)).slice(1).map((/** @type {string} */ l) => JSON.parse(l));
      const explained = await Promise.all(sum.history.map((m, k) =>
        (m.i > 0 && evs[m.i - 1].type === 'turn_start' ? explainState(states[k], O) : null)));
      return { evs, explained };
    }));
    for (const [r, { seat, sum }] of played.entries()) {
      const { evs, explained: ex } = answers[r];
      sum.history.forEach((m, k) => {
        assert.ok(m.verdict, 'every goudan move has a verdict');
        assert.ok(Math.abs(m.loss - (m.before - m.after)) < 1e-12 && m.loss >= 0);
        // the verdict is the engine's (the assessment in the record of the played-out variation)
        const a = evs[m.i].decision && evs[m.i].decision.assessment;
        assert.ok(a && a.verdict, `event ${m.i}: the engine's assessment has a verdict`);
        assert.equal(m.verdict, a.verdict);
        verdicts.add(m.verdict);
        let want;
        if (ex[k]) {
          const { query, vals } = ex[k];
          // --explain names the operations as the record does
          const nm = evs[m.i].decision.candidates.find((c) => c.label === m.label).name;
          assert.ok(nm in vals, `${m.label} (${nm}) is an operation of --explain for\n${query}`);
          want = { before: Math.max(...Object.values(vals)), after: vals[nm] };
          explained++;
        } else {
          const d = evs[m.i].decision;
          want = { before: Math.max(...d.candidates.map((c) => c.value)), after: d.candidates.find((c) => c.label === m.label).value };
          fromTrace++;
        }
        const msg = `${seat} event ${m.i} ${m.label}: page ${m.before}/${m.after}, CLI ${want.before}/${want.after}`;
        assert.ok(Math.abs(m.before - want.before) <= 1e-9, msg);
        assert.ok(Math.abs(m.after - want.after) <= 1e-9, msg);
        assert.ok(Math.abs(m.loss - (want.before - want.after)) <= 2e-9, msg);
      });
    }
    console.log(`goudan ${name}: ${explained} moves checked against --explain, ${fromTrace} against the played-out variation; verdicts ${[...verdicts].join(', ')}`);
    assert.ok(explained >= 2, `${explained} states checked against --explain`);
  });
}

// mahjong: declining the seat's own claim is "A declines" (the engine's
// label): another player may still claim by the rule, which "pass" (nobody
// claims) would not give. Found in the official cases, where it happens.
test('mahjong: declining a claim lets the others claim by the rule', { timeout: LIMIT }, async () => {
  const dir = path.join(REPO, 'tests', 'data', 'mahjong-official');
  let found = null;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.in')).sort((a, b) => parseInt(a) - parseInt(b))) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    const evs = lines(cli(['mahjong', '--trace'], text)).slice(1).map((l) => JSON.parse(l));
    for (const e of evs) {
      const d = e.decision;
      const x = d && (d.declines || []).find((y) => y.then !== 'pass' && y.then !== d.chosen);
      if (x) { found = { f, text, i: e.i, seat: x.player, label: x.label, then: x.then, rule: d.chosen }; break; }
    }
    if (found) break;
  }
  assert.ok(found, 'an official case where a decline leads to another claim');
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=mahjong&sample=1&lang=en');
  await page.evaluate((t) => window.deckscope.load({ game: 'mahjong', input: t }), found.text);
  let p = await page.evaluate((s) => window.deckscope.playAs(s, { instant: true }), found.seat);
  let seen = false;
  while (p) {
    let pick = p.chosen;
    if (p.i === found.i) {
      // the seat's own claims and its decline; nobody else's, no "pass"
      assert.equal(p.chosen, found.rule);
      assert.ok(p.labels.includes(found.label) && !p.labels.includes('pass'), p.labels.join());
      assert.ok(p.labels.every((l) => l === found.label || l.startsWith(found.seat + ' ')), p.labels.join());
      // declined on the canvas: a click on the seat opens its claims and
      // its decline (in words: "A declines"), the decline is taken
      await frames(page, 3);
      const regs = await page.evaluate(() => window.deckscope.regions());
      const seat = regs.find((r) => r.labels.includes(found.label));
      assert.ok(seat, `a region means ${found.label}: ${JSON.stringify(regs.map((r) => r.labels))}`);
      assert.ok(seat.labels.every((l) => l.startsWith(found.seat + ' ')), 'the seat\'s region: its claims and its decline');
      await page.locator('#canvas').click({ position: { x: seat.x + 4, y: seat.y + seat.h / 2 } });
      await page.waitForSelector('.pick-menu button');
      const btn = page.locator(`.pick-menu button[data-label="${found.label}"]`);
      // the decline by its name in the engine's record ("A lets the tile go")
      const declineName = await page.evaluate(([i, l]) => {
        const d = JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [i])).decision;
        return (d.declines || []).find((x) => x.label === l).name;
      }, [p.i, found.label]);
      assert.ok(declineName && declineName !== found.label, declineName);
      assert.equal(await btn.textContent(), declineName);
      const before = p.i;
      await btn.click();
      await page.waitForFunction((i) => { const d = window.deckscope; return !d.pending || d.pending.i !== i; }, before);
      p = await page.evaluate(() => window.deckscope.pending);
      seen = true;
      continue;
    }
    p = await page.evaluate((l) => window.deckscope.choose(l), pick);
  }
  assert.ok(seen, 'the learner reached the window');
  const fb = await page.evaluate(() => window.deckscope.summary());
  assert.deepEqual(fb.variation, [[found.i, found.label]]);
  const out = await page.evaluate(() => window.deckscope.output());
  assert.equal(out, cli(['mahjong', '--try', `${found.i}:${found.label}`], found.text));
  assert.equal(out, cli(['mahjong', '--try', `${found.i}:${found.then}`], found.text), 'the decline is the rule among the others');
  assert.notEqual(out, cli(['mahjong', '--try', `${found.i}:pass`], found.text), 'not "nobody claims"');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// embed.html#...&play=<seat>: the same mode in an iframe's compact panel.
for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
  test(`${game}: embed.html with &play= plays a seat`, { timeout: LIMIT }, async () => {
    const input = sample(game, 1);
    const page = await openPage(env.browser, { viewport: { width: 640, height: 480 }, reducedMotion: 'reduce' });
    await page.goto(env.url + `embed.html#game=${game}&sample=1&lang=en&play=${SEAT[game]}`);
    await page.waitForFunction(() => window.deckscope.pending || (window.deckscope.summary && window.deckscope.summary()), null, { timeout: LIMIT });
    const ds = (fn, arg) => page.evaluate(fn, arg);
    assert.ok(await page.$eval('#e-learn', (e) => !e.hidden), 'the play panel is shown');
    // the decision and the feedback are in one live region; targets of 40 px
    assert.match(await page.$eval('#e-learn [aria-live="polite"]', (e) => e.textContent), /Your move/);
    const sizes = await page.$$eval('#e-learn button', (bs) => bs.filter((b) => b.offsetParent).map((b) => [b.offsetWidth, b.offsetHeight, b.textContent]));
    assert.ok(sizes.length >= 2);
    for (const [w, hh, tx] of sizes) assert.ok(w >= 40 && hh >= 40, `${tx}: ${w}x${hh}`);
    // the rule's labels: the main line
    let p = await ds(() => window.deckscope.pending);
    while (p) p = await ds((l) => window.deckscope.choose(l), p.chosen);
    let sum = await ds(() => window.deckscope.summary());
    assert.equal(sum.matched, sum.moves);
    assert.deepEqual(sum.variation, []);
    if (game !== 'goudan') assert.equal(await ds(() => window.deckscope.output()), outputOf(game, input, ''));
    writeFileSync(artifact(`play-embed-${game}.png`), await page.screenshot());
    // Play again, one other label at the first decision: the CLI's --try
    await page.click('#e-learn .play-summary button:not(.primary)');
    await page.waitForFunction(() => window.deckscope.pending, null, { timeout: LIMIT });
    p = await ds(() => window.deckscope.pending);
    const other = p.labels.filter((l) => l !== p.chosen);
    assert.ok(other.length, 'the first decision has another move');
    const spec = `${p.i}:${other[0]}`;
    // by the keyboard: its digit
    await page.keyboard.press(String(p.labels.indexOf(other[0]) + 1));
    await page.waitForFunction((i) => !window.deckscope.pending || window.deckscope.pending.i !== i, p.i, { timeout: LIMIT });
    const otherName = p.names[p.labels.indexOf(other[0])];
    assert.match(await page.$eval('#e-learn [aria-live="polite"]', (e) => e.textContent), new RegExp('Your move: ' + otherName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.deepEqual(await ds(() => window.deckscope.variation), [[p.i, other[0]]]);
    // undo in the embed
    await page.click('#e-learn .play-undo');
    await page.waitForFunction((i) => window.deckscope.pending && window.deckscope.pending.i === i && !window.deckscope.variation.length, p.i);
    await ds((l) => window.deckscope.choose(l), other[0]);
    p = await ds(() => window.deckscope.pending);
    while (p) p = await ds((l) => window.deckscope.choose(l), p.chosen);
    sum = await ds(() => window.deckscope.summary());
    assert.deepEqual(sum.variation, [[Number(spec.split(':')[0]), other[0]]]);
    if (game === 'goudan') assert.equal(await ds(() => window.deckscope.steps), playoutOf(input, spec).length);
    else assert.equal(await ds(() => window.deckscope.output()), outputOf(game, input, spec));
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

test('&play=<seat> in the URL starts play mode', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&lang=zh&play=1');
  await page.waitForFunction(() => window.deckscope.playSeat === '1' && window.deckscope.pending, null, { timeout: LIMIT });
  const head = await page.$eval('#play-head', (e) => e.textContent);
  assert.match(head, /轮到你/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
