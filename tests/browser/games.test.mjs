// games.test.mjs - every game in the page, against the native CLI:
// load a sample, step forward and back, the highlighted judge output line is
// the one the CLI's output has at that step, the canvas changes between steps
// and is never blank, a restored URL shows the same step and caption, and
// screenshots of every game (light, dark, phone) go to DS_ARTIFACTS_DIR.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, pngStats, startBrowser } from './harness.mjs';
import { GAMES, canvasShot, cli, frames, lines, pageState, sample, seekSettled, trace, uiSettled } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @param {import('./harness.mjs').TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');

// What the judge output line of an event must say (the judge's format, from
// the problem statements): checked whenever the event wrote a line.
/** @param {string} game @param {DeckscopeEvent} ev @param {string} text */
function lineMatchesEvent(game, ev, text) {
  if (game === 'cirno' && ev.type === 'play') return text.includes(`${ev.name} used ${ev.card}`);
  if (game === 'cirno' && ev.type === 'round') return text.includes(String(ev.round));
  // mahjong: "<player> IN|OUT|PONG|CHOW ... <tile>", wins "<player> RON|SELFDRAWN"
  if (game === 'mahjong' && ev.player && ev.tile) {
    return text.startsWith(ev.player + ' ') && (text.includes(ev.tile) || text.includes(' ' + ev.type.toUpperCase()));
  }
  return true;
}

for (const game of ['cirno', 'mahjong']) {
  test(`${game}: output pane, highlighted line and steps match the CLI`, { timeout: LIMIT }, async (t) => {
    const input = sample(game, 1);
    const judge = lines(cli([game], input));
    const events = trace(game, input);
    const page = await openPage(env.browser);
    await loadView(page, `${env.url}#game=${game}&sample=1`);
    await uiSettled(page);
    let st = await pageState(page);
    assert.equal(st.game, game);
    assert.equal(st.steps, events.length, 'steps = events of the CLI trace');
    assert.equal(st.step, 0);
    assert.equal(st.outputLine, null, 'no output line before the first event');
    // The whole output in the page's text = the CLI's (read through the pane's model).
    const paneLines = await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('output-count')).textContent);
    assert.match(paneLines, new RegExp(String(judge.length)));

    // Walk forward through a spread of steps, then back, checking each.
    const n = st.steps;
    const picks = [...new Set([1, 2, 3, Math.floor(n / 3), Math.floor(n / 2), n - 1, n, Math.floor(n / 2) - 1, 1, 0])]
      .filter((s) => s >= 0 && s <= n);
    let prevLine = 0;
    for (const s of picks) {
      await seekSettled(page, s);
      await uiSettled(page);
      st = await pageState(page);
      assert.equal(st.step, s);
      if (s === 0) { assert.equal(st.outputLine, null); assert.equal(st.current, null); continue; }
      assert.ok(st.outputLine !== null && st.current, `step ${s}: an output line is highlighted`);
      assert.ok(st.outputLine >= 1 && st.outputLine <= judge.length, `line ${st.outputLine} in 1..${judge.length}`);
      assert.equal(st.current.line, st.outputLine, 'the highlighted row is outputLine()');
      assert.equal(st.current.text, judge[st.outputLine - 1], `step ${s}: row text = CLI line ${st.outputLine}`);
      // The line belongs to the latest event that wrote output: find it by
      // asking the page for the line one step earlier.
      const before = await page.evaluate((k) => {
        const d = window.deckscope;
        return d.module.ccall('dsv_api_output_line', 'number', ['number'], [k]);
      }, s - 1);
      if (st.outputLine > before) {
        assert.ok(lineMatchesEvent(game, events[s - 1], st.current.text),
          `step ${s}: event ${JSON.stringify(events[s - 1]).slice(0, 120)} wrote "${st.current.text}"`);
      }
      prevLine = st.outputLine;
    }
    t.diagnostic(`checked steps ${picks.join(', ')} of ${n}; last line ${prevLine}`);
    // At the end the last line is highlighted.
    await seekSettled(page, n);
    await uiSettled(page);
    assert.equal((await pageState(page)).outputLine, judge.length);

    // Clicking a line seeks to the first step that wrote it.
    const target = Math.min(judge.length, 5);
    await seekSettled(page, 0);
    await page.evaluate(() => { /** @type {HTMLElement} */ (document.getElementById('output')).scrollTop = 0; });
    await frames(page, 2);
    await page.click(`#output .out-line[data-line="${target}"]`);
    await uiSettled(page);
    st = await pageState(page);
    assert.equal(st.outputLine, target);
    const prev = await page.evaluate((k) => window.deckscope.module.ccall('dsv_api_output_line', 'number', ['number'], [k]), st.step - 1);
    assert.ok(prev < target, `step ${st.step} is the first with line ${target} (step-1 has ${prev})`);
    noProblems(page);
    await page.closeAll();
  });
}

test('thegame: the pane shows the six judge lines of the current state; at the end the answer', { timeout: LIMIT }, async () => {
  const input = sample('thegame', 1);
  const judge = lines(cli(['thegame'], input));
  assert.equal(judge.length, 6);
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}#game=thegame&sample=1`);
  const n = await page.evaluate(() => window.deckscope.steps);
  assert.equal(n, trace('thegame', input).length);
  const rows = () => page.$$eval('#output .out-line:not([hidden]) .tx', (r) => r.map((x) => x.textContent));
  await seekSettled(page, n);
  await uiSettled(page);
  assert.deepEqual(await rows(), judge, 'last step: the six lines are the CLI output');
  await seekSettled(page, 1);
  await uiSettled(page);
  const first = await rows();
  assert.equal(first.length, 6);
  assert.notDeepEqual(first, judge, 'step 1 shows an earlier state');
  // Step 1 played one card: the lines that changed are marked.
  const changed = await page.$$eval('#output .out-line.changed', (r) => r.length);
  assert.ok(changed >= 1, `${changed} changed lines marked`);
  noProblems(page);
  await page.closeAll();
});

test('goudan: all query answers, the current query highlighted, the query picker, busy progress', { timeout: LIMIT }, async () => {
  // A generated input with several queries (the samples have one each).
  const input = cli(['gen', 'goudan', '--seed', '5']);
  const judge = lines(cli(['goudan'], input));
  assert.ok(judge.length >= 2, `${judge.length} queries`);
  const page = await openPage(env.browser);
  // Load through the API and watch the progress reports while the table is solved.
  await loadView(page, `${env.url}#game=goudan&sample=1`);
  const seen = await page.evaluate(async (text) => {
    const d = window.deckscope;
    let busySeen = false, steps;
    const f = () => { if (d.busy) busySeen = true; };
    d.on('frame', f);
    const r = await d.load({ game: 'goudan', input: text });
    d.off('frame', f);
    steps = d.steps;
    return { busySeen, steps, r };
  }, input);
  assert.ok(seen.steps > 0, 'a played-out game is shown');
  const rows = await page.$$eval('#output .out-line:not([hidden]) .tx', (r) => r.map((x) => x.textContent));
  assert.deepEqual(rows.slice(0, judge.length), judge.slice(0, rows.length), 'answers = CLI output');
  let cur = await page.$eval('#output .out-line.current', (r) => Number(r.dataset.line));
  assert.equal(cur, 1, 'query 1 highlighted');
  // Pick query 2 with seed 7: the playout is the CLI's --playout of that query.
  {
    await page.fill('#goudan-query', '2');
    await page.fill('#goudan-seed', '7');
    await page.click('#goudan-play');
    await uiSettled(page);
    cur = await page.$eval('#output .out-line.current', (r) => Number(r.dataset.line));
    assert.equal(cur, 2);
    const steps = await page.evaluate(() => window.deckscope.steps);
    // The CLI plays out the first query of its input: give it query 2 alone.
    const events = lines(cli(['goudan', '--playout', '--seed', '7'], queryInput(input, 1))).slice(1);
    assert.equal(steps, events.length, 'steps = events of the CLI playout of query 2');
    const first = await page.evaluate(() => JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [0])));
    assert.equal(first.type, JSON.parse(events[0]).type);
    assert.match(await page.evaluate(() => location.hash), /query=2/);
  }
  noProblems(page);
  await page.closeAll();
});

// goudan input: "T O" then T queries of 4 lines each (docs/games/goudan.md);
// returns an input holding only query q (0-based).
/** @param {string} text @param {number} q */
function queryInput(text, q) {
  const ls = lines(text);
  const [T, O] = ls[0].trim().split(/\s+/);
  assert.ok(Number(T) > q);
  return `1 ${O}\n${ls.slice(1 + 4 * q, 5 + 4 * q).join('\n')}\n`;
}

for (const game of GAMES) {
  test(`${game}: canvas changes between steps, never blank; restored URL; screenshots`, { timeout: LIMIT }, async (t) => {
    const page = await openPage(env.browser, { colorScheme: 'light' });
    await loadView(page, `${env.url}#game=${game}&sample=1`);
    const n = await page.evaluate(() => window.deckscope.steps);
    assert.ok(n >= 3, `${game} sample 1 has ${n} steps`);
    const s1 = Math.min(n, Math.max(2, Math.floor(n / 2)));
    const shots = [];
    for (const s of [s1 - 1, s1, s1 - 1]) {
      await seekSettled(page, s);
      shots.push(await canvasShot(page));
    }
    for (const sh of shots) {
      const st = await pngStats(page, sh);
      assert.ok(st.distinct >= 20, `not blank (${st.distinct} colours)`);
    }
    assert.notDeepEqual(shots[0], shots[1], `step ${s1 - 1} and ${s1} draw differently`);
    t.diagnostic(`steps ${n}; compared ${s1 - 1} <-> ${s1}`);
    await seekSettled(page, s1);
    await uiSettled(page);
    const a = await pageState(page);
    writeFileSync(artifact(`page-${game}-light.png`), await page.screenshot({ fullPage: true }));
    assert.match(a.hash, new RegExp(`game=${game}`));
    await page.waitForFunction((s) => location.hash.includes(`step=${s}`), s1);
    const url = await page.evaluate(() => location.href);
    assert.equal(a.shownCaption, a.caption);
    assert.equal(a.live, a.caption, 'the live region says the caption');
    assert.ok(a.caption.length > 3);
    noProblems(page);
    await page.closeAll();

    // The same URL in a fresh page (dark) restores the same view.
    const dark = await openPage(env.browser, { colorScheme: 'dark' });
    await loadView(dark, url);
    await uiSettled(dark);
    const b = await pageState(dark);
    assert.equal(b.game, game);
    assert.equal(b.step, s1, 'same step');
    assert.equal(b.caption, a.caption, 'same caption');
    assert.equal(b.outputLine, a.outputLine, 'same output line');
    await frames(dark, 3);
    const ds = await pngStats(dark, await canvasShot(dark));
    assert.ok(ds.distinct >= 20 && ds.meanLuma < 120, `dark canvas (mean ${ds.meanLuma.toFixed(0)})`);
    writeFileSync(artifact(`page-${game}-dark.png`), await dark.screenshot({ fullPage: true }));
    // Phone size: the same page narrowed to 360 CSS px.
    const w0 = await dark.evaluate(() => /** @type {HTMLCanvasElement} */ (document.getElementById('canvas')).width);
    await dark.setViewportSize({ width: 360, height: 740 });
    await dark.waitForFunction((w) => /** @type {HTMLCanvasElement} */ (document.getElementById('canvas')).width !== w, w0);
    await frames(dark, 3);
    assert.equal((await pageState(dark)).step, s1);
    const overflow = await dark.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling at 360 px (${overflow} px too wide)`);
    const ps = await pngStats(dark, await canvasShot(dark));
    assert.ok(ps.distinct >= 20, `phone canvas not blank (${ps.distinct} colours)`);
    writeFileSync(artifact(`page-${game}-phone.png`), await dark.screenshot({ fullPage: false }));
    noProblems(dark);
    await dark.closeAll();
  });
}
