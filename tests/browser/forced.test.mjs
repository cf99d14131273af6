// forced.test.mjs - at a forced decision the page says exactly what the
// engine says (issue 21, "A browser test"): the caption is the engine's
// sentence about the event (`deckscope GAME --narrate --try SPEC --lang L`),
// the why panel shows the decision record of that event (`--trace --try SPEC
// --lang L`): the rule's sentence, every candidate by its name with its note,
// the move taken and the rule's move by their names; and in play mode the
// feedback on the same move is that same sentence and the rule's sentence. In
// English and Chinese, one forced decision per game: mahjong sample 1, C
// discarding 3S at event 58 where the rule discards Z (the case of the
// issue), and in the other games the first decision of sample 1 where the
// rule leaves a move with a worse value.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';
import { cli, lines, sample } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// goudan's line is a playout: query 1 with seed 1, as the page shows it
/** @param {string} game */
const lineArgs = (game) => (game === 'goudan' ? ['--playout', '--seed', '1'] : []);
/** @type {(game: string, input: string, spec: string, lang: string) => DeckscopeEvent[]} */
const traceOf = (game, input, spec, lang) => lines(cli([game, ...lineArgs(game), ...(game === 'goudan' ? [] : ['--trace']),
  ...(spec ? ['--try', spec] : []), '--lang', lang], input)).slice(1).map((l) => JSON.parse(l));
// event index -> the engine's sentence
/** @param {string} game @param {string} input @param {string} spec @param {string} lang */
function narration(game, input, spec, lang) {
  /** @type {Map<number, string>} */
  const out = new Map();
  // (goudan: --narrate tells the playout of query 1 with --seed)
  for (const l of lines(cli([game, '--narrate', ...(game === 'goudan' ? ['--seed', '1'] : []), ...(spec ? ['--try', spec] : []), '--lang', lang], input))) {
    const k = l.indexOf('\t');
    out.set(Number(l.slice(0, k)), l.slice(k + 1));
  }
  return out;
}

// The forced decision of each game: [event, label].
/** @param {string} game @param {string} input @returns {[number, string]} */
function forcedOf(game, input) {
  if (game === 'mahjong') return [58, '3S'];
  const events = traceOf(game, input, '', 'en');
  for (const e of events) {
    const d = e.decision;
    if (!d || !Array.isArray(d.candidates) || d.only) continue;
    const worse = d.candidates.find((c) => c.reason === 'worse_value' && c.label !== d.rule_choice);
    if (worse) return [e.i, worse.label];
  }
  throw new Error(`${game}: no decision with a worse move in sample 1`);
}
// The seat that makes decision ev in play mode.
/** @param {string} game @param {DeckscopeEvent} ev */
function seatOf(game, ev) {
  if (game === 'cirno') return String(ev.player + 1);
  if (game === 'thegame') return '1';
  if (game === 'mahjong') return String(ev.player);
  return ev.player === 'E' ? 'E' : 'T';
}

/** @param {import('./harness.mjs').TestPage} page */
const whyPanel = (page) => page.evaluate(() => {
  const box = /** @type {HTMLElement} */ (document.getElementById('why'));
  const q = (/** @type {string} */ s) => { const e = box.querySelector(s); return e ? e.textContent : null; };
  const tb = /** @type {HTMLTableElement | null} */ (box.querySelector('table.cands'));
  return {
    step: Number(box.dataset.step),
    rule: q('.why-rule'),
    forced: q('.why-forced'),
    rows: tb ? [...tb.tBodies[0].rows].map((r) => ({ name: r.cells[0].textContent, value: r.cells[1].textContent,
      note: r.cells[2].textContent, label: r.dataset.label, chosen: r.classList.contains('chosen') })) : [],
  };
});

for (const game of ['mahjong', 'cirno', 'thegame', 'goudan']) {
  test(`${game}: a forced decision reads as the engine says it (caption, why panel, play mode; en and zh)`, { timeout: LIMIT }, async (t) => {
    const input = sample(game, 1);
    const [i, label] = forcedOf(game, input);
    const spec = `${i}:${label}`;
    const page = await openPage(env.browser);
    for (const lang of ['en', 'zh']) {
      const said = narration(game, input, spec, lang).get(i);
      const ev = traceOf(game, input, spec, lang)[i];
      const d = ev.decision;
      assert.ok(said && d, `${game} ${lang}: the engine narrates event ${i} and records its decision`);
      assert.equal(d.forced, true, 'the move is forced');
      assert.equal(d.chosen, label);
      const name = (/** @type {string} */ l) => {
        const c = d.candidates.find((c) => c.label === l);
        assert.ok(c, `${l} is a candidate`);
        return c.name;
      };
      // the forced sentence names both moves (the engine's catalog says so)
      assert.ok(said.includes(name(label)) && said.includes(name(d.rule_choice)), said);

      await loadView(page, env.url + `#game=${game}&sample=1&lang=${lang}&try=${encodeURIComponent(spec)}&step=${i + 1}`);
      await page.waitForFunction((s) => Number(/** @type {HTMLElement} */ (document.getElementById('why')).dataset.step) === s &&
        /** @type {HTMLElement} */ (document.getElementById('caption')).textContent !== '', i + 1, { timeout: LIMIT });
      // the caption
      assert.equal(await page.$eval('#caption', (e) => e.textContent), said, `${game} ${lang}: the caption`);
      // the why panel
      const w = await whyPanel(page);
      assert.equal(w.rule, d.text, `${game} ${lang}: the rule's sentence`);
      assert.deepEqual(w.rows.map((r) => r.name), d.candidates.map((c) => c.name), 'the candidates by their names, in the record\'s order');
      assert.deepEqual(w.rows.map((r) => r.label), d.candidates.map((c) => c.label), 'each row keeps its label in data-label');
      d.candidates.forEach((c, k) => assert.ok(w.rows[k].note.includes(c.note), `row ${k}: "${w.rows[k].note}" has the note "${c.note}"`));
      assert.deepEqual(w.rows.filter((r) => r.chosen).map((r) => r.label), [label], 'the move taken is marked');
      assert.ok(w.forced && w.forced.includes(name(label)) && w.forced.includes(name(d.rule_choice)), `the forced move and the rule's: ${w.forced}`);
      for (const r of w.rows) assert.ok(r.name === name(String(r.label)), 'no label shown for a name');

      // play mode: the rule's moves up to the decision, then the forced one
      await page.evaluate(() => window.deckscope.mainLine());
      let p = await page.evaluate((s) => window.deckscope.playAs(s, { instant: true }), seatOf(game, ev));
      while (p && p.i < i) p = await page.evaluate((l) => window.deckscope.choose(l), p.chosen);
      assert.ok(p && p.i === i, `${game}: play mode reaches decision ${i} (${JSON.stringify(p)})`);
      await page.evaluate((l) => window.deckscope.choose(l), label);
      const fb = await page.evaluate(() => ({
        said: (document.querySelector('#play-panel .play-said') || {}).textContent || null,
        rule: (document.querySelector('#play-panel .play-rule') || {}).textContent || '',
        head: (document.querySelector('#play-panel .play-bad') || {}).textContent || '',
      }));
      assert.equal(fb.said, said, `${game} ${lang}: play mode's feedback is the engine's sentence`);
      assert.ok(fb.rule.includes(d.text), `${game} ${lang}: play mode gives the rule's sentence: ${fb.rule}`);
      assert.ok(fb.head.includes(name(label)) && fb.head.includes(name(d.rule_choice)), `the moves by their names: ${fb.head}`);
      await page.evaluate(() => window.deckscope.stopPlay());
      t.diagnostic(`${game} ${lang} event ${i} (${label}): ${said}`);
    }
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}
