// variations.test.mjs - "Try another move" in the page (docs/variations.md):
// for every game, a decision of the main line is taken differently through
// the "why" panel's buttons and through window.deckscope.branch; the page and
// the CLI (`--try`) agree on the variation event by event and on the whole
// judge output; the URL (&try=) restores it in a fresh page; nested
// variations, "Back to the main line" and a refused choice (the CLI's
// message) work.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { CLI, cli, lines, sample, seekSettled } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// goudan's line is a playout: query 1 with seed 1, as the page shows it
/** @param {string} game */
const lineArgs = (game) => (game === 'goudan' ? ['--playout', '--seed', '1'] : []);
/** @param {string} game @param {string} input @param {string} spec the JSON lines of the line's events */
const traceOf = (game, input, spec) => lines(cli([game, ...lineArgs(game), ...(game === 'goudan' ? [] : ['--trace']),
  ...(spec ? ['--try', spec] : [])], input)).slice(1);
/** @param {string} game @param {string} input @param {string} [spec] */
const outputOf = (game, input, spec) => cli([game, ...(spec && game !== 'goudan' ? ['--try', spec] : [])], input);
// The CLI's message for a refused choice (stderr without "deckscope <game>: --try: ").
/** @param {string} game @param {string} input @param {string} spec */
function cliRefusal(game, input, spec) {
  if (!CLI) throw new Error('no native deckscope CLI found (set DS_CLI or build one under build/)');
  try {
    execFileSync(CLI, [game, ...lineArgs(game), '--try', spec], { input, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (err) {
    const e = /** @type {{status: number | null, stdout: Buffer, stderr: Buffer}} */ (err); // execFileSync's error
    assert.equal(e.status, 2);
    assert.equal(e.stdout.toString(), '', 'nothing on stdout');
    return e.stderr.toString().trim().replace(/^deckscope \w+: --try: /, '');
  }
  throw new Error('the CLI accepted ' + spec);
}
// Decisions with an alternative: [event index, chosen, another label].
/** @param {string[]} events the JSON lines @returns {[number, string, string][]} */
function decisions(events) {
  /** @type {[number, string, string][]} */
  const out = [];
  events.forEach((line, i) => {
    const e = JSON.parse(line);
    const d = e.decision;
    if (!d || !Array.isArray(d.candidates)) return;
    assert.equal(e.i, i, 'every event has its index');
    const other = d.candidates.map((/** @type {DeckscopeCandidate} */ c) => String(c.label)).filter((/** @type {string} */ l) => l !== String(d.chosen));
    if (other.length) out.push([i, String(d.chosen), other[other.length - 1]]);
  });
  return out;
}
/** @param {import('./harness.mjs').TestPage} page the JSON of every event of the line shown */
const pageEvents = (page) => page.evaluate(() => {
  const d = window.deckscope;
  /** @type {string[]} */
  const out = [];
  for (let i = 0; i < d.steps; i++) out.push(d.module.ccall('dsv_api_event_json', 'string', ['number'], [i]));
  return out;
});
/** @param {string} l */
const norm = (l) => JSON.stringify(JSON.parse(l));

for (const game of ['cirno', 'thegame', 'mahjong', 'goudan']) {
  test(`${game}: try another move, page and CLI agree, the URL keeps it`, { timeout: LIMIT }, async () => {
    const input = sample(game, 1);
    const main = traceOf(game, input, '');
    const ds = decisions(main);
    assert.ok(ds.length >= 2, 'the sample has decisions with alternatives');
    const [i, chosen, other] = ds[Math.floor(ds.length / 2)];
    const spec = `${i}:${other}`;
    const varTrace = traceOf(game, input, spec);
    assert.deepEqual(varTrace.slice(0, i), main.slice(0, i), 'the variation shares the first I events');
    assert.equal(JSON.parse(varTrace[i]).decision.chosen, other);

    const page = await openPage(env.browser);
    await loadView(page, env.url + `#game=${game}&sample=1&lang=en`);
    // the why panel of the decision step offers every other candidate
    await seekSettled(page, i + 1);
    await page.waitForSelector('#why .try-btn');
    const labels = await page.$$eval('#why .try-btn', (bs) => bs.map((b) => /** @type {HTMLElement} */ (b).dataset.label));
    const want = JSON.parse(main[i]).decision.candidates.map((/** @type {DeckscopeCandidate} */ c) => String(c.label)).filter((/** @type {string} */ l) => l !== chosen);
    assert.deepEqual(labels, want, 'one button per candidate not taken');
    await page.click(`#why .try-btn[data-label="${other.replace(/"/g, '\\"')}"]`);
    await page.waitForFunction((n) => window.deckscope.variation.length === n, 1);
    assert.deepEqual(await page.evaluate(() => window.deckscope.variation), [[i, other]]);
    assert.equal(await page.evaluate(() => window.deckscope.step), i + 1, 'shows the forced move');
    // event by event, the engine in the page and the CLI made the same line
    const got = await pageEvents(page);
    assert.equal(got.length, varTrace.length, 'as many events');
    for (let k = 0; k < got.length; k++) assert.equal(norm(got[k]), norm(varTrace[k]), `event ${k}`);
    assert.equal(await page.evaluate(() => window.deckscope.output()), outputOf(game, input, spec), 'the judge output');
    // the strip: both outcomes, the choice; the why panel says the move was forced
    await page.waitForSelector('#variation:not([hidden]) .var-compare');
    const strip = await page.$eval('#variation', (s) => s.textContent);
    assert.match(strip, /Main line/);
    assert.match(strip, /This variation/);
    // the forced move by its name in the engine's record (its label for a game on the older records)
    const forcedRec = JSON.parse(varTrace[i]).decision;
    const otherCand = forcedRec.candidates.find((/** @type {DeckscopeCandidate} */ c) => String(c.label) === other);
    assert.ok(strip.includes(otherCand && otherCand.name ? otherCand.name : other), strip);
    writeFileSync(artifact(`variation-${game}.png`), await page.screenshot({ fullPage: true }));
    // the judge output pane marks lines that differ (when the outputs differ)
    if (game !== 'goudan' && game !== 'thegame' && outputOf(game, input, spec) !== outputOf(game, input, '')) {
      await page.evaluate(() => window.deckscope.seek(window.deckscope.steps, false));
      await page.waitForSelector('#output .out-line.differs');
    }
    // the URL restores it in a fresh page
    await page.waitForFunction(() => /[#&]try=/.test(location.hash));
    const url = await page.evaluate(() => location.href);
    assert.ok(url.includes('try=' + encodeURIComponent(spec)), url);
    const fresh = await openPage(env.browser);
    await loadView(fresh, url);
    await fresh.waitForFunction((n) => window.deckscope.variation.length === n, 1);
    assert.deepEqual(await fresh.evaluate(() => window.deckscope.variation), [[i, other]]);
    assert.equal(await fresh.evaluate(() => window.deckscope.output()), outputOf(game, input, spec));
    assert.deepEqual(fresh.problems, []);
    await fresh.closeAll();
    // nested: a later decision of the variation
    const later = decisions(varTrace).filter(([k]) => k > i);
    if (later.length) {
      const [j, , other2] = later[0];
      const spec2 = `${spec},${j}:${other2}`;
      await page.evaluate(({ a, b }) => window.deckscope.branch(a, b), { a: j, b: other2 });
      assert.deepEqual(await page.evaluate(() => window.deckscope.variation), [[i, other], [j, other2]]);
      const t2 = traceOf(game, input, spec2);
      const got2 = await pageEvents(page);
      assert.equal(got2.length, t2.length);
      for (let k = 0; k < got2.length; k++) assert.equal(norm(got2[k]), norm(t2[k]), `nested event ${k}`);
    }
    // a refused choice: the CLI's message, and the line shown stays
    const before = await page.evaluate(() => window.deckscope.variation);
    const bad = await page.evaluate(([a]) => window.deckscope.branch(a, 'no-such-move').then(() => null, (/** @type {Error} */ e) => e.message), [i]);
    assert.equal(bad, cliRefusal(game, input, `${i}:no-such-move`));
    assert.deepEqual(await page.evaluate(() => window.deckscope.variation), before);
    // back to the main line
    await page.click('#variation .var-back');
    await page.waitForFunction(() => window.deckscope.variation.length === 0);
    assert.equal(await page.evaluate(() => window.deckscope.output()), outputOf(game, input, ''));
    const back = await pageEvents(page);
    assert.equal(back.length, main.length);
    assert.equal(norm(back[i]), norm(main[i]));
    assert.equal(await page.$eval('#variation', (s) => /** @type {HTMLElement} */ (s).hidden), true);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

test('zh: the strip and the buttons speak Chinese', { timeout: LIMIT }, async () => {
  const input = sample('cirno', 1);
  const [i, , other] = decisions(traceOf('cirno', input, ''))[0];
  const page = await openPage(env.browser);
  await loadView(page, env.url + `#game=cirno&sample=1&lang=zh&try=${encodeURIComponent(`${i}:${other}`)}&step=${i + 1}`);
  await page.waitForSelector('#variation:not([hidden])');
  const text = await page.$eval('#variation', (s) => s.textContent);
  assert.match(text, /主线/);
  assert.match(text, /回到主线/);
  // the strip's own words (the outcomes quote player names and card codes)
  const own = await page.$$eval('#variation strong, #variation dt, #variation button, #variation .hint',
    (es) => es.map((e) => e.textContent).join(' '));
  const words = (own.match(/[A-Za-z]{3,}/g) || []).filter((w) => !/^(PASS|TURN|DOUBLE)$/.test(w));
  assert.deepEqual(words, [], 'no English words: ' + own);
  const bad = await page.evaluate(() => window.deckscope.branch(0, 'no-such-move').then(() => null, (/** @type {Error} */ e) => e.message));
  assert.ok(bad, 'refused');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('embed.html: &try= shows the variation (the CLI\'s --try output)', { timeout: LIMIT }, async () => {
  const input = sample('mahjong', 1);
  const ds = decisions(traceOf('mahjong', input, ''));
  const [i, , other] = ds[Math.floor(ds.length / 3)];
  const spec = `${i}:${other}`;
  const page = await openPage(env.browser);
  await page.goto(env.url + `embed.html#game=mahjong&sample=1&try=${encodeURIComponent(spec)}&step=${i + 1}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.deckscope && window.deckscope.steps > 0, null, { timeout: LIMIT });
  const got = await page.evaluate(() => window.deckscope.module.ccall('dsv_api_output', 'string', [], []));
  assert.equal(got, outputOf('mahjong', input, spec));
  assert.equal(await page.evaluate(() => window.deckscope.module.ccall('dsv_api_variation', 'string', [], [])), spec);
  assert.equal(await page.evaluate(() => window.deckscope.step), i + 1);
  // a refused choice is an error in the embed, not a crash
  await page.goto('about:blank');
  await page.goto(env.url + 'embed.html#game=mahjong&sample=1&try=0%3Ano-such-move', { waitUntil: 'load' });
  await page.waitForFunction(() => /not a decision|not a choice/.test(document.body.textContent), null, { timeout: LIMIT });
  await page.closeAll();
});
