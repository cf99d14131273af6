// teach_check.test.mjs - "Check my output" on the main page, in headless
// Chromium, with a deliberately wrong output for each game (made from the
// statements' answers in assets/samples, or from the engine's output for a
// generated goudan input): the first difference is reported with both
// lines, and the view jumps to the step where the paths split, checked
// against the engine's own records (the output line of each step, the event
// JSON), not against the page's logic.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMIT, artifact, loadView, openPage, reloadView, settle, startBrowser } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = path.join(here, '..', '..', 'assets', 'samples');
/** @type {(game: string, n: number) => string} */
const ans = (game, n) => readFileSync(path.join(DATA, game, `sample-${n}.ans`), 'utf8');

/** @type {import('./harness.mjs').Env} */
let env;
/** @type {import('./harness.mjs').TestPage | undefined} */
let shared; // one page for the four games (a game is loaded through deckscope.load)
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

/** @typedef {import('./harness.mjs').TestPage} TestPage */
/** @param {TestPage} page */
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors / failed requests');
/** @type {(page: TestPage, name: string, ret: string, types: string[], args: unknown[]) => Promise<any>} */
const ccall = (page, name, ret, types, args) =>
  page.evaluate(([n, r, t, a]) => window.deckscope.module.ccall(n, r, t, a), /** @type {[string, string, string[], unknown[]]} */ ([name, ret, types, args]));

// The shared page with `game` loaded from `source` ({sample} or {seed}); a
// fresh page the first time (from the URL hash), deckscope.load after that.
/** @param {string} game @param {{ sample: number } | { seed: number }} source @returns {Promise<TestPage>} */
async function gamePage(game, source) {
  if (!shared) {
    shared = await openPage(env.browser);
    const hash = `game=${game}&` + Object.entries(source).map(([k, v]) => `${k}=${v}`).join('&');
    await loadView(shared, env.url + '#' + hash);
  } else {
    await shared.evaluate(() => { window.deckscope.lastCheck = null; });
    await shared.evaluate((o) => window.deckscope.load(o), { game, ...source });
  }
  await shared.waitForFunction((g) => window.deckscope.game === g && window.deckscope.steps > 0 && !window.deckscope.busy,
    game, { timeout: LIMIT });
  return shared;
}
/** @param {TestPage} page */
async function openCheck(page) {
  if (!(await page.locator('#teach-check-dialog').isVisible())) await page.click('#teach-check');
}
/** @param {TestPage} page @param {string} text */
async function paste(page, text) {
  await openCheck(page);
  await page.fill('#teach-check-text', text);
  await page.click('#teach-check-run');
}
/** @type {(page: TestPage, step: number) => Promise<unknown>} */
const settled = (page, step) => page.waitForFunction((s) => window.deckscope.step === s, step, { timeout: LIMIT });

test('cirno: right output, then a wrong line: the step that wrote it', { timeout: LIMIT }, async (t) => {
  const page = await gamePage('cirno', { sample: 2 });
  const right = ans('cirno', 2);
  // CRLF and trailing spaces are not differences.
  await paste(page, right.replace(/\n/g, ' \r\n'));
  assert.match(String(await page.locator('#teach-check-result').textContent()), /✓/);

  const lines = right.split('\n');
  const k = lines.findIndex((l, i) => i > 6 && / used /.test(l)); // a play, not the first
  const wrong = lines.slice();
  wrong[k] = wrong[k].replace(/p=(\d+)/, (m, p) => 'p=' + (Number(p) + 1));
  await paste(page, wrong.join('\n'));
  const res = await page.evaluate(() => window.deckscope.lastCheck);
  t.diagnostic(JSON.stringify(res));
  assert.equal(res.line, k + 1);
  assert.equal(await page.locator('#teach-expected').textContent(), lines[k]);
  assert.equal(await page.locator('#teach-got').textContent(), wrong[k]);
  assert.match(String(await page.locator('#teach-check-result').textContent()), new RegExp(`Line ${k + 1} differs`));
  await settled(page, res.step);
  // The engine: the step's output reaches line k+1, the one before does not,
  // and the event between them is the play that line prints.
  assert.ok(await ccall(page, 'dsv_api_output_line', 'number', ['number'], [res.step]) >= k + 1);
  assert.ok(await ccall(page, 'dsv_api_output_line', 'number', ['number'], [res.step - 1]) < k + 1);
  const ev = JSON.parse(await ccall(page, 'dsv_api_event_json', 'string', ['number'], [res.step - 1]));
  assert.equal(ev.type, 'play');
  assert.ok(lines[k].startsWith(`${ev.name} used ${ev.card},now p=${ev.p_after}`), `${lines[k]} is event ${JSON.stringify(ev).slice(0, 120)}`);
  writeFileSync(artifact('check-cirno.png'), await page.screenshot());

  // An output that stops early: the first missing line.
  await paste(page, lines.slice(0, 3).join('\n'));
  const cut = await page.evaluate(() => window.deckscope.lastCheck);
  assert.equal(cut.line, 4);
  assert.equal(cut.got, null);
  noProblems(page);
});

test('thegame: two cards swapped in a row: the judge move that row does not contain', { timeout: LIMIT }, async (t) => {
  const page = await gamePage('thegame', { sample: 1 });
  const right = ans('thegame', 1);
  const lines = right.split('\n');
  const row = lines[1].split(' '); // up2
  const k = 5;
  const mine = row.slice();
  [mine[k], mine[k + 1]] = [mine[k + 1], mine[k]];
  const wrong = lines.slice();
  wrong[1] = mine.join(' ');
  // As a file, through the file picker.
  await openCheck(page);
  await page.setInputFiles('#teach-check-file', { name: 'out.txt', mimeType: 'text/plain', buffer: Buffer.from(wrong.join('\n')) });
  await page.waitForFunction(() => window.deckscope.lastCheck && window.deckscope.lastCheck.line === 2);
  const res = await page.evaluate(() => window.deckscope.lastCheck);
  t.diagnostic(JSON.stringify(res));
  assert.equal(await page.inputValue('#teach-check-text'), wrong.join('\n'));
  await settled(page, res.step);
  // The event just played is the judge putting row[k] on up2 (row 1).
  const ev = JSON.parse(await ccall(page, 'dsv_api_event_json', 'string', ['number'], [res.step - 1]));
  assert.equal(ev.type, 'play');
  assert.equal(ev.row, 1);
  assert.equal(ev.card, Number(row[k]));
  // And the state before it still agrees with the wrong row.
  const before = (await ccall(page, 'dsv_api_thegame_lines', 'string', ['number'], [res.step - 1])).split('\n')[1];
  assert.equal(before, row.slice(0, k).join(' '));
  writeFileSync(artifact('check-thegame.png'), await page.screenshot());
  noProblems(page);
});

test('mahjong: a wrong line dropped as a file: the step that wrote it', { timeout: LIMIT }, async (t) => {
  const page = await gamePage('mahjong', { sample: 1 });
  const lines = ans('mahjong', 1).split('\n');
  const k = Math.floor(lines.length * 0.6);
  const wrong = lines.slice();
  wrong[k] = 'A OUT 1M';
  if (wrong[k] === lines[k]) wrong[k] = 'B OUT 1M';
  await openCheck(page);
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'mine.out', { type: 'text/plain' }));
    /** @type {HTMLElement} */ (document.getElementById('teach-check-text'))
      .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, wrong.join('\n'));
  await page.waitForFunction(() => window.deckscope.lastCheck && !window.deckscope.lastCheck.same);
  const res = await page.evaluate(() => window.deckscope.lastCheck);
  t.diagnostic(JSON.stringify(res));
  assert.equal(res.line, k + 1);
  assert.equal(res.expected, lines[k]);
  await settled(page, res.step);
  assert.ok(await ccall(page, 'dsv_api_output_line', 'number', ['number'], [res.step]) >= k + 1);
  assert.ok(await ccall(page, 'dsv_api_output_line', 'number', ['number'], [res.step - 1]) < k + 1);
  noProblems(page);
});

test('goudan: per query with 1e-6: jumps to the first query that is off', { timeout: LIMIT }, async (t) => {
  const page = await gamePage('goudan', { seed: 3 });
  const n = await ccall(page, 'dsv_api_goudan_count', 'number', [], []);
  assert.ok(n >= 4, `a generated input with several queries (${n})`);
  const judge = await page.evaluate(() => {
    const m = window.deckscope.module;
    return m.UTF8ToString(m.ccall('dsv_api_output', 'number', [], []), m.ccall('dsv_api_output_len', 'number', [], []));
  });
  const vals = judge.trim().split('\n').map(Number);
  const mine = vals.slice();
  mine[0] += vals[0] > 0.5 ? -6e-7 : 6e-7; // within the tolerance
  const off = n - 2;
  mine[off] += mine[off] > 0.5 ? -3e-6 : 3e-6; // off
  mine[n - 1] += mine[n - 1] > 0.5 ? -0.25 : 0.25; // off too
  await paste(page, mine.map((/** @type {number} */ x) => x.toFixed(9)).join('\n') + '\n');
  const res = await page.evaluate(() => window.deckscope.lastCheck);
  t.diagnostic(JSON.stringify(res));
  assert.equal(res.query, off);
  assert.equal(res.off, 2);
  assert.match(String(await page.locator('#teach-check-result').textContent()), new RegExp(`Query ${off + 1} is off \\(2 of ${n}`));
  // The page plays out that query now.
  await page.waitForFunction((/** @type {number} */ q) => window.deckscope.module.ccall('dsv_api_goudan_query', 'number', [], []) === q && !window.deckscope.busy,
    off, { timeout: LIMIT });
  await page.waitForFunction((/** @type {number} */ q) => location.hash.includes('query=' + (q + 1)), off);
  // Exactly the judge's answers (also written differently) are right.
  await paste(page, vals.map((/** @type {number} */ x) => x.toPrecision(12)).join('  '));
  assert.equal((await page.evaluate(() => window.deckscope.lastCheck)).same, true);
  noProblems(page);
});

// The rule of the decision at the step the view jumped to, as the why panel
// shows it there (deckscope.why()), and the engine's record of that event.
/** @param {TestPage} page @param {number} step */
async function ruleAt(page, step) {
  await settled(page, step);
  return page.evaluate((s) => ({
    why: window.deckscope.why(),
    ev: JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [s - 1])),
  }), step);
}
/** @typedef {{ top: number, bottom: number, left: number, right: number }} Box */
/** @type {(page: TestPage, sel: string) => Promise<Box & { width: number, height: number }>} */
const box = (page, sel) => page.locator(sel).evaluate((e) => {
  const r = e.getBoundingClientRect();
  return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width, height: r.height };
});
/** @type {(a: Box, b: Box) => boolean} */
const intersect = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('a wrong line names the rule of the judge\'s decision there; the result does not cover the why panel', { timeout: LIMIT }, async (t) => {
  for (const [game, n, pick] of /** @type {[string, number, RegExp][]} */ ([['mahjong', 1, / OUT (?!PASS|REVERSE|DOUBLE)/], ['cirno', 2, / used [A-E]\d/]])) {
    const page = await gamePage(game, { sample: n });
    const lines = ans(game, n).split('\n');
    const k = lines.findIndex((l, i) => i > lines.length / 3 && pick.test(l)); // a decision, not the first
    assert.ok(k > 0, `${game}: a line written by a decision`);
    const wrong = lines.slice();
    wrong[k] = wrong[k].replace(/.$/, (c) => (c === 'X' ? 'Y' : 'X'));
    await paste(page, wrong.join('\n'));
    const res = await page.evaluate(() => window.deckscope.lastCheck);
    assert.equal(res.line, k + 1);
    const { why, ev } = await ruleAt(page, res.step);
    t.diagnostic(`${game}: line ${k + 1} "${lines[k]}", step ${res.step}: ${ev.type} ${JSON.stringify(ev.decision).slice(0, 80)}`);
    // the engine's record of that event is a decision with a rule, and the panel names it
    assert.ok(ev.decision && ev.decision.rule && Array.isArray(ev.decision.candidates), `${game}: a decision record at step ${res.step - 1}`);
    assert.ok(why && why.rule && why.rule.length > 20, `${game}: the why panel has a rule there`);
    assert.equal(await page.locator('#teach-rule').textContent(), 'The rule your output does not follow:' + why.rule);
    assert.match(String(await page.locator('#teach-check-result').textContent()), new RegExp(`step ${res.step}`));
    // in Chinese too
    await page.evaluate(() => window.deckscope.setLang('zh'));
    const zhWhy = await page.evaluate(() => window.deckscope.why());
    assert.notEqual(zhWhy.rule, why.rule);
    assert.equal(await page.locator('#teach-rule').textContent(), '你的输出没有遵守的规则：' + zhWhy.rule);
    await page.evaluate(() => window.deckscope.setLang('en'));
    // (the panels take their English text and size at the page's next frames)
    await settle(page);
    // the result and the why panel side by side at 1100x800: no overlap, both on the page
    const dlg = await box(page, '#teach-check-dialog');
    const whyBox = await box(page, '#why-panel');
    assert.ok(dlg.height > 50 && whyBox.height > 50, JSON.stringify({ dlg, whyBox }));
    assert.ok(!intersect(dlg, whyBox), `the check result covers the why panel: ${JSON.stringify({ dlg, whyBox })}`);
    writeFileSync(artifact(`check-rule-${game}.png`), await page.screenshot({ fullPage: true }));
    noProblems(page);
  }
});

test('on a phone the check result and the why panel are both reachable, one above the other', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
  await loadView(page, env.url + '#game=mahjong&sample=1');
  await page.waitForFunction(() => window.deckscope.steps > 0 && !window.deckscope.busy, null, { timeout: LIMIT });
  const lines = ans('mahjong', 1).split('\n');
  const k = lines.findIndex((l, i) => i > 40 && / OUT [1-9]/.test(l));
  const wrong = lines.slice();
  wrong[k] = wrong[k].replace(/.$/, 'X');
  // on a phone the tools are in the More menu
  if (await page.locator('#more-open').isVisible()) await page.click('#more-open');
  await page.click('#teach-check');
  const opened = await box(page, '#teach-check-dialog');
  const sy = await page.evaluate(() => scrollY);
  assert.ok(opened.top >= sy && opened.top < sy + 844, `the opened panel is in view: ${JSON.stringify(opened)} at ${sy}`);
  await page.fill('#teach-check-text', wrong.join('\n'));
  await page.click('#teach-check-run');
  const res = await page.evaluate(() => window.deckscope.lastCheck);
  await settled(page, res.step);
  const dlg = await box(page, '#teach-check-dialog');
  const whyBox = await box(page, '#why-panel');
  assert.ok(!intersect(dlg, whyBox), JSON.stringify({ dlg, whyBox }));
  assert.ok(dlg.right <= 390 + 0.5 && whyBox.right <= 390 + 0.5, 'no sideways scrolling');
  await page.locator('#teach-rule').scrollIntoViewIfNeeded();
  assert.ok(await page.locator('#teach-rule').isVisible());
  writeFileSync(artifact('check-rule-phone.png'), await page.screenshot());
  await page.locator('#why-panel').scrollIntoViewIfNeeded();
  assert.ok(await page.locator('#why-panel').isVisible());
  noProblems(page);
  await page.closeAll();
});

// Words of 3+ ASCII letters that are neither codes nor words of the input or
// of the judge output (the allow-list of zh.test.mjs, plus what the result
// quotes from the outputs).
const CODES = new Set(['PASS', 'TURN', 'DOUBLE', 'DBL', 'REVERSE', 'cirno', 'thegame', 'mahjong', 'goudan', 'deckscope']);
/** @param {string} text @param {Set<string>} allowed */
function englishWords(text, allowed) {
  const bad = [];
  for (const m of text.matchAll(/(?<![A-Za-z0-9])[A-Za-z]{3,}(?![A-Za-z0-9])/g)) {
    if (!CODES.has(m[0]) && !allowed.has(m[0])) bad.push(m[0]);
  }
  return bad;
}
/** @type {(game: string, n: number) => string} */
const sampleIn = (game, n) => readFileSync(path.join(DATA, game, `sample-${n}.in`), 'utf8');

test('in Chinese the check result says everything in Chinese, also at a step that is not a choice', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=mahjong&sample=1&lang=zh');
  await page.waitForFunction(() => window.deckscope.steps > 0 && !window.deckscope.busy && window.deckscope.lang === 'zh', null, { timeout: LIMIT });
  const lines = ans('mahjong', 1).split('\n');
  const allowed = new Set([...(sampleIn('mahjong', 1) + '\n' + ans('mahjong', 1)).matchAll(/[A-Za-z]+/g)].map((m) => m[0]));
  // a deal line (the record of a deal is no choice), a draw, a discard (a decision)
  const picks = [lines.findIndex((l) => / IN /.test(l)), lines.findIndex((l, i) => i > 60 && / IN /.test(l)),
                 lines.findIndex((l, i) => i > 40 && / OUT [1-9]/.test(l))];
  let notChoice = 0;
  for (const k of picks) {
    assert.ok(k >= 0);
    const wrong = lines.slice();
    wrong[k] += 'X';
    await paste(page, wrong.join('\n'));
    const res = await page.evaluate(() => window.deckscope.lastCheck);
    await settled(page, res.step);
    // the engine's English record of the event (the view speaks Chinese: ask in English, then back)
    const ev = await page.evaluate((s) => {
      const M = window.deckscope.module;
      M.ccall('dsv_api_set_lang', null, ['number'], [0]);
      const j = JSON.parse(M.ccall('dsv_api_event_json', 'string', ['number'], [s - 1]));
      M.ccall('dsv_api_set_lang', null, ['number'], [1]);
      return j;
    }, res.step);
    const zhWhy = await page.evaluate(() => window.deckscope.why());
    if (!(zhWhy && zhWhy.rule)) notChoice++;
    // the result's own words (the quoted lines in <dl> are the outputs themselves)
    const said = await page.locator('#teach-check-result').evaluate((e) => {
      const c = /** @type {Element} */ (e.cloneNode(true));
      c.querySelectorAll('dl').forEach((d) => d.remove());
      return String(c.textContent);
    });
    t.diagnostic(`line ${k + 1} (${ev.type}): ${said}`);
    assert.match(said, /[\u4e00-\u9fff]/, 'Chinese');
    assert.deepEqual(englishWords(said, allowed), [], `no English word in: ${said}`);
    // the engine's English record is not quoted
    const rec = ev.decision;
    if (rec && rec.text) assert.ok(!said.includes(rec.text), 'the English record is not quoted');
  }
  assert.ok(notChoice >= 1, 'at least one of the steps is not a choice');
  writeFileSync(artifact('check-zh-not-choice.png'), await page.screenshot());
  noProblems(page);
  await page.closeAll();
});

test('with a result, the result and the why panel are both in view without scrolling (1100x800, 1280x800, 1440x900)', { timeout: LIMIT }, async (t) => {
  /** @type {[string, number, RegExp]} */
  const DISCARD = ['mahjong', 1, / OUT (?!PASS|REVERSE|DOUBLE)/];
  // every case at 1100x800 (a discard, a cirno play, a deal that is no choice), a discard at the others
  /** @type {[number, number, [string, number, RegExp]][]} */
  const cases = [[1100, 800, DISCARD], [1100, 800, ['cirno', 2, / used [A-E]\d/]], [1100, 800, ['mahjong', 1, / IN /]],
                 [1280, 800, DISCARD], [1440, 900, DISCARD]];
  // one page for the ten cases: each a new document at its size (reloadView)
  const page = await openPage(env.browser);
  for (const [w, h, [game, n, pick]] of cases) {
    {
      for (const lang of ['en', 'zh']) {
        await page.setViewportSize({ width: w, height: h });
        await reloadView(page, env.url + `#game=${game}&sample=${n}&lang=${lang}`);
        await page.waitForFunction(() => window.deckscope.steps > 0 && !window.deckscope.busy, null, { timeout: LIMIT });
        const lines = ans(game, n).split('\n');
        const k = lines.findIndex((l, i) => i > Math.min(20, lines.length / 3) && pick.test(l));
        assert.ok(k > 0, `${game}: a line to change`);
        const wrong = lines.slice();
        wrong[k] += 'X';
        await paste(page, wrong.join('\n'));
        const res = await page.evaluate(() => window.deckscope.lastCheck);
        await settled(page, res.step);
        await settle(page);
        const b = await page.evaluate(() => {
          const r = (/** @type {Element} */ e) => { const x = e.getBoundingClientRect(); return { top: x.top, bottom: x.bottom, left: x.left, right: x.right }; };
          const why = /** @type {HTMLElement} */ (document.getElementById('why'));
          // the why panel's heading and its first statement (the rule, or "not a decision")
          const first = why.querySelector('.why-rule') || why.querySelector('p');
          return { result: r(/** @type {HTMLElement} */ (document.getElementById('teach-check-dialog'))), why: r(/** @type {HTMLElement} */ (document.getElementById('why-panel'))),
                   whyText: first ? r(first) : null, vw: innerWidth, vh: innerHeight, scrollY };
        });
        const tag = `${game} line ${k + 1} ${w}x${h} ${lang}`;
        t.diagnostic(`${tag}: ${JSON.stringify(b)}`);
        const inside = (/** @type {Box | null} */ x) => x && x.top >= 0 && x.left >= 0 && x.bottom <= b.vh + 0.5 && x.right <= b.vw + 0.5;
        assert.ok(inside(b.result), `${tag}: the check result is in view ${JSON.stringify(b)}`);
        assert.ok(b.why.top >= 0 && b.why.top < b.vh - 60 && inside(b.whyText), `${tag}: the why panel and its rule are in view ${JSON.stringify(b)}`);
        assert.ok(!intersect(b.result, b.why), `${tag}: no overlap`);
        if (w === 1100 && game === 'mahjong' && k > 40) writeFileSync(artifact(`check-fold-${lang}.png`), await page.screenshot());
        noProblems(page);
      }
    }
  }
  await page.closeAll();
});

test('share dialog: permalink with the step, iframe snippet, copy, Esc closes', { timeout: LIMIT }, async () => {
  const page = await gamePage('cirno', { sample: 1 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
  await page.evaluate(() => window.deckscope.seek(4, false));
  await settled(page, 4);
  if (await page.locator('#teach-check-dialog').isVisible()) await page.click('#teach-check-close');
  await page.click('#teach-share');
  assert.ok(await page.locator('#teach-share-dialog').isVisible());
  const link = await page.inputValue('#teach-link');
  assert.match(link, /#.*game=cirno/);
  assert.match(link, /[#&]step=4(&|$)/);
  await page.click('#teach-link-copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  assert.match(String(await page.locator('#teach-share-status').textContent()), /Copied/);

  await page.selectOption('#teach-controls', 'mini');
  await page.check('#teach-autoplay');
  await page.fill('#teach-from', '2');
  await page.fill('#teach-to', '6');
  const snippet = await page.inputValue('#teach-snippet');
  const src = String(/<iframe src="([^"]+)"/.exec(snippet)?.[1]).replace(/&amp;/g, '&');
  assert.match(src, /\/embed\.html#/);
  for (const p of ['game=cirno', 'controls=mini', 'autoplay=1', 'from=2', 'to=6']) assert.ok(src.includes(p), `${p} in ${src}`);
  await page.click('#teach-snippet-copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#teach-share-dialog').isVisible(), false, 'Esc closes the dialog');

  // The permalink restores the view in a fresh page, and the snippet's src is a working embed.
  const p2 = await openPage(env.browser);
  await loadView(p2, link);
  await p2.waitForFunction(() => window.deckscope.game === 'cirno' && window.deckscope.step === 4, null, { timeout: LIMIT });
  await p2.goto(src);
  await p2.waitForFunction(() => window.deckscope.embed && window.deckscope.steps > 0, null, { timeout: LIMIT });
  await p2.waitForFunction(() => !window.deckscope.playing && window.deckscope.step === 6, null, { timeout: LIMIT });
  noProblems(p2);
  await p2.closeAll();
  noProblems(page);
  await page.closeAll();
});
