// play_lines.test.mjs - play mode that teaches (issue 23), in every game:
// a pending decision belongs to its line (keys and choose() during a
// recomputation do nothing; undo() resolves at the learner's previous
// decision, on its own line), "Play" goes straight to the seat's first
// decision (the page's own timing), "Next decision" skips the others' moves,
// the play panel is in view next to the canvas at 1366x768 and 390x844 with
// one Undo, moves are shown by their names (no engine label in play mode's
// words), and summary().history lets a test recompute every verdict.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, settle, startBrowser } from './harness.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @type {Record<string, string>} */
const SEAT = { cirno: '1', thegame: '1', mahjong: 'A', goudan: 'E' };
const GAMES = Object.keys(SEAT);

// The line shown as its &try= spec, and the invariant of play mode: the
// learner's forced moves are the line's forced choices, and every move is a
// choice of the event it names on the line shown.
/** @param {import('./harness.mjs').TestPage} page */
async function consistent(page) {
  return page.evaluate(() => {
    /** @type {Deckscope} */
    const ds = window.deckscope;
    /** @type {(i: number) => DeckscopeEvent} */
    const ev = (i) => JSON.parse(ds.module.ccall('dsv_api_event_json', 'string', ['number'], [i]));
    const spec = ds.variation.map(([i, l]) => i + ':' + l).join(',');
    /** @type {string[]} */
    const bad = [];
    for (const m of ds.playHistory) {
      const d = ev(m.i).decision;
      if (!d || !(d.candidates || []).concat(d.declines || []).some((c) => String(c.label) === m.label)) bad.push(`move ${m.i}:${m.label} is no choice of event ${m.i} on '${spec}'`);
    }
    const forced = ds.variation.map(([i, l]) => i + ':' + l);
    const notRule = ds.playHistory.filter((m) => !m.match).map((m) => m.i + ':' + m.label);
    return { spec, pending: ds.pending, bad, forced, notRule };
  });
}

for (const game of GAMES) {
  test(`${game}: a pending decision belongs to its line; keys during a recomputation do nothing`, { timeout: LIMIT }, async () => {
    const page = await openPage(env.browser);
    await loadView(page, env.url + `#game=${game}&sample=1&lang=en`);
    // the first decision with a move the rule does not make (in the page: one evaluate)
    const p = await page.evaluate(async (s) => {
      /** @type {Deckscope} */
      const d = window.deckscope;
      let p = await d.playAs(s, { instant: true });
      while (p && p.labels.length < 2) p = await d.choose(p.chosen);
      return p;
    }, SEAT[game]);
    assert.ok(p, 'the seat has a decision with a choice');
    assert.equal(p.line, '', 'the main line');
    const other = p.labels.find((l) => l !== p.chosen);
    assert.ok(other, 'another move');
    // the move, then keys and a choose() while the engine recomputes
    const during = await page.evaluate(async ([l, line]) => {
      const ds = window.deckscope;
      const c = ds.choose(l, line);
      /** @type {{pending: DeckscopePending | null, busy: string | null, second?: string, next?: DeckscopePending | null, moves?: number}} */
      const seen = { pending: ds.pending, busy: /** @type {HTMLElement} */ (document.getElementById('play-panel')).getAttribute('aria-busy') };
      for (const k of ['1', '2', '3']) document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      seen.second = await ds.choose(l, line).then(() => 'accepted', (/** @type {Error} */ e) => e.message);
      seen.next = await c;
      seen.moves = ds.playHistory.length;
      return seen;
    }, [other, p.line]);
    assert.equal(during.pending, null, 'no decision is pending while the line is recomputed');
    assert.equal(during.busy, 'true');
    assert.match(String(during.second), /no decision is waiting/);
    assert.equal(during.moves, 1, 'the keys pressed during the recomputation made no move');
    let c = await consistent(page);
    assert.deepEqual(c.bad, []);
    assert.deepEqual(c.forced, c.notRule);
    if (during.next) {
      assert.equal(during.next.line, c.spec, 'the next decision belongs to the line shown');
      // a choice for another line is refused
      const wrong = await page.evaluate((l) => window.deckscope.choose(l, 'no-such-line').then(() => 'accepted', (/** @type {Error} */ e) => e.message), during.next.labels[0]);
      assert.match(wrong, /not 'no-such-line'/);
    }
    // undo: keys and choose() while it recomputes do nothing; it resolves at the move undone, on the main line
    const u = await page.evaluate(async (l) => {
      const ds = window.deckscope;
      const pr = ds.undo();
      /** @type {{pending: DeckscopePending | null, second?: string, back?: DeckscopePending | null, moves?: number, step?: number}} */
      const seen = { pending: ds.pending };
      for (const k of ['1', '2', '3']) document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      seen.second = await ds.choose(l).then(() => 'accepted', (/** @type {Error} */ e) => e.message);
      seen.back = await pr;
      seen.moves = ds.playHistory.length;
      seen.step = ds.step;
      return seen;
    }, other);
    assert.equal(u.pending, null);
    assert.match(String(u.second), /no decision is waiting/);
    assert.equal(u.moves, 0);
    assert.ok(u.back, 'a decision after the undo');
    assert.equal(u.back.i, p.i);
    assert.equal(u.back.line, '');
    assert.deepEqual(u.back.labels, p.labels);
    assert.equal(u.step, p.i);
    c = await consistent(page);
    assert.equal(c.spec, '');
    assert.ok(c.pending, 'the decision undone waits again');
    assert.deepEqual(c.pending.labels, p.labels);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

// The case, with real key presses at the page's own pace (animated,
// 8x): goudan sample 2, 小E: 3, 2, 1, Undo, 2 at once. Whatever the keys
// did, the moves made are the line's and the decision waiting is its own.
test('goudan sample 2: 3, 2, 1, Undo, 2 fast: no stale choice', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=goudan&sample=2&lang=en&speed=8&play=E');
  const waitPending = () => page.waitForFunction(() => window.deckscope.pending !== null || window.deckscope.summary(), null, { timeout: LIMIT });
  await waitPending();
  for (const k of ['3', '2', '1']) {
    const before = await page.evaluate(() => window.deckscope.pending);
    if (!before) break;
    await page.keyboard.press(k);
    await page.waitForFunction((i) => { const p = window.deckscope.pending; return (p === null || p.i !== i) ; }, before.i, { timeout: LIMIT });
    await waitPending();
  }
  const movesBefore = await page.evaluate(() => window.deckscope.playHistory.length);
  assert.equal(movesBefore, 3);
  await page.click('#play-panel .play-undo');
  await page.keyboard.press('2');
  await page.keyboard.press('1');
  await waitPending();
  const c = await consistent(page);
  assert.deepEqual(c.bad, []);
  assert.deepEqual(c.forced, c.notRule, 'the line holds exactly the learner\'s moves that differ from the rule');
  if (c.pending) assert.equal(c.pending.line, c.spec);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// "Play" goes straight to the seat's first decision (no animation of what
// comes before it); the page reports how long it took and how many steps it
// showed on the way (playTiming). "Next decision" cuts
// the others' moves short.
test('mahjong sample 1, seat A: the first decision at once; Next decision', { timeout: LIMIT }, async () => {
  // animated (the others' moves play on, and Next decision skips them)
  const page = await openPage(env.browser, { reducedMotion: 'no-preference' });
  await loadView(page, env.url + '#game=mahjong&sample=1&lang=en&play=A');
  await page.waitForFunction(() => window.deckscope.pending !== null, null, { timeout: LIMIT });
  const t = await page.evaluate(() => ({ timing: window.deckscope.playTiming, step: window.deckscope.step, p: window.deckscope.pending }));
  assert.ok(t.p && t.timing, 'a decision, and how long it took to reach');
  console.log(`mahjong A: first decision (event ${t.p.i}) after ${t.timing.firstDecisionMs.toFixed(1)} ms, ${t.timing.stepsShown} step(s) shown`);
  // straight there: one step shown, not the ${t.p.i} on the way (a count, not
  // a time: a busy machine makes the jump slower, never an animation)
  assert.ok(t.timing.stepsShown <= 1, `${t.timing.stepsShown} steps shown on the way to event ${t.p.i}`);
  assert.equal(t.step, t.p.i, 'the view is at the decision');
  assert.ok(t.p.i > 10, 'events before the first decision');
  // the page's Play button does the same (not animated, at 1x)
  await page.evaluate(() => window.deckscope.stopPlay());
  await page.evaluate(() => window.deckscope.seek(0));
  await page.click('#play-open');
  await page.selectOption('#play-seat', 'A');
  await page.click('#play-panel button.primary');
  await page.waitForFunction(() => window.deckscope.pending !== null, null, { timeout: LIMIT });
  const t2 = await page.evaluate(() => ({ timing: window.deckscope.playTiming, step: window.deckscope.step, p: window.deckscope.pending }));
  assert.ok(t2.p && t2.timing, 'a decision, and how long it took to reach');
  assert.ok(t2.timing.stepsShown <= 1, `${t2.timing.stepsShown} steps shown on the way to event ${t2.p.i}`);
  assert.equal(t2.step, t2.p.i);
  // the rule's move: the others then play on, animated; Next decision jumps
  const first = t2.p;
  const chosen = page.evaluate((/** @type {string} */ l) => window.deckscope.choose(l), first.chosen);
  await page.waitForSelector('#play-panel .play-next:not([disabled])', { timeout: LIMIT });
  const was = await page.evaluate(() => window.deckscope.step);
  await page.click('#play-panel .play-next');
  const next = await chosen;
  assert.ok(next && next.i > first.i, 'the next decision');
  const now = await page.evaluate(() => ({ step: window.deckscope.step, playing: window.deckscope.playing }));
  assert.equal(now.step, next.i);
  assert.equal(now.playing, false);
  assert.ok(was < next.i, `the jump skipped the others' moves (${was} -> ${next.i})`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// The panel next to the canvas, in view, and one Undo.
for (const [w, hgt] of [[1366, 768], [390, 844]]) {
  for (const game of GAMES) {
    test(`${game} at ${w}x${hgt}: the decision, its choices and the feedback in view; one Undo`, { timeout: LIMIT }, async () => {
      const page = await openPage(env.browser, { viewport: { width: w, height: hgt } });
      await loadView(page, env.url + `#game=${game}&sample=1&lang=en&play=${SEAT[game]}`);
      await page.waitForFunction(() => window.deckscope.pending !== null, null, { timeout: LIMIT });
      /** @param {string} sel */
      const inView = async (sel) => {
        const b = await page.locator(sel).first().boundingBox();
        assert.ok(b, `${sel} is shown`);
        assert.ok(b.y >= 0 && b.y + b.height <= hgt && b.x >= 0 && b.x + b.width <= w, `${sel} at ${JSON.stringify(b)} in ${w}x${hgt}`);
        return b;
      };
      await inView('#play-head');
      const o = await inView('#play-panel .play-opt');
      const stage = await page.locator('#stage').boundingBox();
      assert.ok(stage, 'the canvas is shown');
      assert.ok(stage.y < hgt && stage.y + stage.height > 0, 'the canvas is in view too');
      if (w > 1000) assert.ok(o.x >= stage.x + stage.width, 'beside the canvas');
      // a move the rule does not make: the feedback in view, one Undo on the page
      let p = await page.evaluate(async () => {
        /** @type {Deckscope} */
        const d = window.deckscope;
        let p = d.pending;
        while (p && p.labels.length < 2) p = await d.choose(p.chosen);
        return p;
      });
      if (p) {
        const q = p;
        const other = q.labels.find((l) => l !== q.chosen);
        await page.evaluate((l) => window.deckscope.choose(l), other);
        await page.waitForFunction(() => window.deckscope.pending !== null || window.deckscope.summary(), null, { timeout: LIMIT });
        await inView('#play-panel .play-feedback p');
        const undos = await page.$$eval('button', (bs) => bs.filter((b) => b.offsetParent && /undo/i.test(b.textContent)).map((b) => b.textContent));
        assert.deepEqual(undos, ['Undo my last move']);
      }
      if (w < 600) {
        // a phone, after long feedback: three more moves the rule does not
        // make (where there is one), pressed like a learner; the canvas stays
        // wholly on screen, and the decision's heading and its first choice
        // lie between the canvas and the timeline, covered by neither
        for (let k = 0; k < 3 && p; k++) {
          p = await page.evaluate(() => window.deckscope.pending);
          if (!p) break;
          const q = p;
          const l = q.labels.find((x) => x !== q.chosen) || q.labels[0];
          await page.click(`#play-panel .play-opt[data-label="${l.replace(/["\\]/g, '\\$&')}"]`);
          await page.waitForFunction((i) => { const q = window.deckscope.pending; return window.deckscope.summary() || (q !== null && q.i > i); }, p.i, { timeout: LIMIT });
          await settle(page);
        }
        const st = await page.locator('#stage').boundingBox();
        assert.ok(st && st.y >= 0 && st.y + st.height <= hgt, `the canvas at ${JSON.stringify(st)} is on screen after the moves`);
        if (await page.evaluate(() => window.deckscope.pending !== null)) {
          const tl = await page.locator('#timeline').boundingBox();
          const head = await inView('#play-head'), first = await inView('#play-panel .play-opt');
          assert.ok(head.y >= st.y + st.height - 1, `the heading (${head.y}) is below the canvas (${st.y + st.height})`);
          assert.ok(!tl || first.y + first.height <= tl.y + 1, `the first choice (${first.y + first.height}) is above the timeline (${tl && tl.y})`);
        }
      }
      writeFileSync(artifact(`play-lines-${game}-${w}.png`), await page.screenshot());
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    });
  }
}

// The verdict scale, documented in docs/variations.md (a test may hold it:
// the page does not): r = (best - after) / min(best, 1 - best).
/** @param {number} best @param {number} after */
function verdictOf(best, after) {
  const scale = Math.min(best, 1 - best);
  const r = scale > 0 ? Math.max(0, (best - after) / scale) : 0;
  const v = best - after <= 1e-9 ? 'best' : r < 0.10 ? 'good' : r < 0.25 ? 'inaccuracy' : r < 0.50 ? 'mistake' : 'blunder';
  return { r, v };
}

// A label that reads as a label (not the card or tile its name says, as
// cirno's "A99" in "play A99 (p + 99)"): none may appear in play mode's words.
/** @param {string[]} texts @param {DeckscopeDecision[]} decisions */
function labelsIn(texts, decisions) {
  const found = [];
  for (const d of decisions) {
    for (const c of (d.candidates || []).concat(d.declines || [])) {
      const l = String(c.label);
      const names = (d.candidates || []).concat(d.declines || []).map((x) => String(x.name || ''));
      if (names.some((n) => n.includes(l))) continue;
      const re = new RegExp(`(^|[^\\w>:(])${l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w>:)])`);
      for (const tx of texts) if (re.test(tx)) found.push(`${l} in "${tx.slice(0, 120)}"`);
    }
  }
  return found;
}

// Which move play mode makes at each decision (JSON, for the page): at the
// learner's n-th move, the label at index atMove[n]; at event i, atEvent[i]
// when it is offered; among the first `others` moves, another move than the
// rule's (the (n mod count)-th of them) where there is one; else the rule's.
/** @typedef {{ atMove?: Record<number, number>, atEvent?: Record<number, string>, others?: number }} PickSpec */

// One game in play: at each decision the pick is made; everything play mode
// says (the buttons, the feedback, the summary, the variation strip's chips:
// the texts shown) before and after each move is recorded with the decision's
// record, and the feedback shown after each move (its verdict, its assessment
// text). All in the page, one evaluate; then every text is checked for labels.
/** @param {import('./harness.mjs').TestPage} page @param {string} seat @param {PickSpec} spec */
async function playThrough(page, seat, spec) {
  const got = await page.evaluate(async ([seat, spec]) => {
    const ds = window.deckscope;
    const words = () => {
      /** @type {string[]} */
      const texts = [];
      for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#play-panel button, #play-panel p, #play-panel dd, #play-panel h2, #variation button, #variation p, .pick-menu button'))) {
        if (e.offsetParent) texts.push(String(e.textContent));
      }
      return texts;
    };
    /** @param {DeckscopePending} p @param {number} n */
    const pick = (p, n) => {
      const atMove = spec.atMove && spec.atMove[n];
      if (atMove !== undefined) return p.labels[atMove];
      const atEvent = spec.atEvent && spec.atEvent[p.i];
      if (atEvent !== undefined && p.labels.includes(atEvent)) return atEvent;
      const o = p.labels.filter((l) => l !== p.chosen);
      return spec.others && n < spec.others && o.length ? o[n % o.length] : p.chosen;
    };
    /** @type {{ decision: DeckscopeDecision, before: string[], after: string[] }[]} */
    const moves = [];
    /** @type {{ verdict: string | null, verdictText: string | null, assessment: string | null }[]} */
    const shown = [];
    /** @type {DeckscopePending | null} */
    let p = await ds.playAs(seat, { instant: true });
    let n = 0;
    while (p) {
      const decision = JSON.parse(ds.module.ccall('dsv_api_event_json', 'string', ['number'], [p.i])).decision;
      const before = words();
      p = await ds.choose(pick(p, n++));
      const v = /** @type {HTMLElement | null} */ (document.querySelector('#play-panel .play-verdict'));
      shown.push({
        verdict: v?.dataset.verdict || null,
        verdictText: v?.textContent || null,
        assessment: document.querySelector('#play-panel .play-assessment')?.textContent || null,
      });
      moves.push({ decision, before, after: words() });
    }
    return { moves, shown, sum: /** @type {DeckscopeSummary} */ (ds.summary()), end: words() };
  }, /** @type {[string, PickSpec]} */ ([seat, spec]));
  /** @type {string[]} */
  const labelHits = [];
  for (const m of got.moves) labelHits.push(...labelsIn(m.before, [m.decision]), ...labelsIn(m.after, [m.decision]));
  labelHits.push(...labelsIn(got.end, []));
  return { sum: got.sum, shown: got.shown, labelHits };
}

test('goudan sample 2: every verdict recomputed from history; 4.19 % -> 2.53 % is a mistake, 0.05 % -> 0 a blunder', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=goudan&sample=2&lang=en');
  /** @type {DeckscopeMove[]} */
  const cases = [];
  // the first move (key 3: the third operation, skill, at 小E's first decision), then the rule
  // and the path to 0.05 % -> 0: play, then skill, play, skill at events 6, 7 and 12
  /** @type {PickSpec[]} */
  const paths = [{ atMove: { 0: 2 } }, { atEvent: { 1: 'play', 6: 'skill', 7: 'play', 12: 'skill' } }];
  for (const path of paths) {
    const { sum, shown, labelHits } = await playThrough(page, 'E', path);
    assert.deepEqual(labelHits, []);
    assert.equal(sum.history.length, shown.length);
    sum.history.forEach((m, k) => {
      for (const f of /** @type {(keyof DeckscopeMove)[]} */ (['i', 'label', 'name', 'before', 'best', 'after', 'loss', 'r', 'verdict'])) assert.ok(m[f] !== undefined && m[f] !== null, `${f} of ${JSON.stringify(m)}`);
      const [best, after, loss, r] = [Number(m.best), Number(m.after), Number(m.loss), Number(m.r)]; // numbers: checked just above
      const want = verdictOf(best, after);
      assert.equal(m.verdict, want.v, `event ${m.i}: ${m.best} -> ${m.after}`);
      assert.ok(Math.abs(r - want.r) < 1e-9, `r ${m.r} vs ${want.r}`);
      assert.ok(Math.abs(loss - (best - after)) < 1e-12);
      assert.equal(shown[k].verdict, m.verdict, 'the verdict shown is the history\'s');
      assert.ok(String(shown[k].verdictText).endsWith(`: ${m.verdict}`), String(shown[k].verdictText));
      cases.push(m);
    });
  }
  const pct = (/** @type {number | null | undefined} */ x) => (Number(x) * 100).toFixed(2);
  const mistake = cases.find((m) => pct(m.best) === '4.19' && pct(m.after) === '2.53');
  assert.ok(mistake, 'the 4.19 % -> 2.53 % move');
  assert.equal(mistake.verdict, 'mistake');
  const blunder = cases.find((m) => pct(m.best) === '0.05' && pct(m.after) === '0.00');
  assert.ok(blunder, 'the 0.05 % -> 0 % move');
  assert.equal(blunder.verdict, 'blunder');
  const text = await page.$eval('.play-summary', (e) => e.textContent);
  assert.match(text, /blunder ×1/);
  // the summary lists the moves that differ, in words, with the engine's assessment
  const listed = await page.$$eval('.play-summary .play-history li', (ls) => /** @type {HTMLElement[]} */ (ls).map((l) => /** @type {[number, string, string]} */ ([Number(l.dataset.i), String(l.dataset.verdict), String(l.textContent)])));
  const last = /** @type {DeckscopeSummary} */ (await page.evaluate(() => window.deckscope.summary())).history.filter((m) => !m.match);
  assert.deepEqual(listed.map(([i, v]) => [i, v]), last.map((m) => [m.i, m.verdict]));
  listed.forEach(([, , tx], k) => assert.ok(tx.includes(last[k].name) && tx.includes(last[k].ruleName) && tx.endsWith(last[k].text), tx));
  assert.ok(listed.some(([, v, tx]) => v === 'blunder' && /0\.05 % → 0(\.00)? %/.test(tx)), JSON.stringify(listed));
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

for (const game of ['cirno', 'thegame', 'mahjong']) {
  test(`${game}: history in the rule's measure, the assessment shown; no label in play mode's words`, { timeout: LIMIT }, async () => {
    const page = await openPage(env.browser);
    await loadView(page, env.url + `#game=${game}&sample=1&lang=en`);
    // another move than the rule's at the first three decisions
    const { sum, shown, labelHits } = await playThrough(page, SEAT[game], { others: 3 });
    assert.deepEqual(labelHits, [], 'moves are named, never labelled');
    assert.equal(sum.history.length, shown.length);
    sum.history.forEach((m, k) => {
      assert.ok(m.name && m.ruleName && m.measure, JSON.stringify(m));
      // (a record without an assessment: thegame's "end the turn", which has no value)
      if (m.cmp === null) assert.equal(m.text, '');
      else if (m.match) assert.equal(m.cmp, 'same');
      if (m.cmp === 'worse') { const by = Number(m.by); assert.ok(m.by !== null && m.value !== null && m.ruleValue !== null && Math.abs(by - Math.abs(m.value - m.ruleValue)) < 1e-9 && by > 0, JSON.stringify(m)); }
      if (m.cmp === 'equal') assert.equal(m.value, m.ruleValue);
      assert.equal(shown[k].assessment || '', m.text, 'the assessment shown is the history\'s (none when the record has none)');
    });
    console.log(`${game}: ${sum.history.length} moves, cmp ${sum.history.map((m) => m.cmp).join(' ')}`);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

test('Chinese: play mode names moves in Chinese', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&lang=zh');
  // another move than the rule's at the first decision
  const { sum, labelHits } = await playThrough(page, '1', { others: 1 });
  assert.equal(sum.history[0].match, false, 'the first move is not the rule\'s');
  assert.deepEqual(labelHits, []);
  assert.match(sum.history[0].name, /[\u4e00-\u9fff]/, sum.history[0].name);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
