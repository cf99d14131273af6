// tree.test.mjs - the variation tree (variation.js, docs/variations.md):
// three nested variations make a chain of children, each node says the move
// taken and the rule's by their names with the rule's measure of both and
// the line's outcome (the engine's); the current line is highlighted; every
// node's line round-trips through &try= in a fresh page (same line, same
// record at the branch point, same outcome); nodes open, take a note and
// are deleted; the whole tree goes into a lesson and comes back from it;
// the strip says what differs (thegame: cards left; goudan: the win chances
// at the branch and who won).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { LIMIT, artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { cli, sample } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// the first decision after event `from` on the line shown with a move the rule does not make
/** @param {import('./harness.mjs').TestPage} page @param {number} from @returns {Promise<{i: number, label: string} | null>} */
const nextBranch = (page, from) => page.evaluate((f) => {
  const ds = window.deckscope;
  for (let i = f + 1; i < ds.steps; i++) {
    const ev = JSON.parse(ds.module.ccall('dsv_api_event_json', 'string', ['number'], [i]));
    const d = ev && ev.decision;
    if (!d || d.rule === 'chance' || !Array.isArray(d.candidates)) continue;
    // (a decision whose rule's move has a value: the tree shows both measures)
    const r = d.candidates.find((/** @type {DeckscopeCandidate} */ c) => String(c.label) === String(d.rule_choice));
    const o = d.candidates.find((/** @type {DeckscopeCandidate} */ c) => String(c.label) !== String(d.chosen) && c.reason !== 'not_legal');
    if (o && r && typeof r.value === 'number') return { i, label: String(o.label) };
  }
  return null;
}, from);
/** @param {import('./harness.mjs').TestPage} page */
const tree = (page) => page.evaluate(() => window.deckscope.variationTree);
/** @type {(page: import('./harness.mjs').TestPage) => Promise<string>} the engine's outcome of the line shown */
const outcome = (page) => page.evaluate(() => window.deckscope.module.ccall('dsv_api_outcome', 'string', [], []));
/** @param {DeckscopeTreeNode} t the nodes of its first branch, in order */
const chain = (t) => { const out = []; for (let n = t.children[0]; n; n = n.children[0]) out.push(n); return out; };

test('thegame: three nested variations, a tree that round-trips through &try= and a lesson', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&lang=en');
  const mainOut = await outcome(page);
  /** @type {{i: number, label: string}[]} */
  const made = [];
  let from = -1;
  for (let k = 0; k < 3; k++) {
    const b = await nextBranch(page, from + (k ? 3 : 0));
    assert.ok(b, `a branch point after event ${from}`);
    await page.evaluate(({ i, l }) => window.deckscope.branch(i, l), { i: b.i, l: b.label });
    made.push(b);
    from = b.i;
  }
  const t = await tree(page);
  assert.equal(t.outcome, mainOut, 'the main line\'s outcome');
  assert.equal(t.children.length, 1);
  const nodes = chain(t);
  assert.equal(nodes.length, 3, 'a variation of a variation is a child');
  nodes.forEach((n, k) => {
    assert.equal(n.line, made.slice(0, k + 1).map((b) => `${b.i}:${b.label}`).join(','));
    assert.equal(n.children.length, k < 2 ? 1 : 0);
    assert.equal(n.current, k === 2);
    assert.ok(n.name && n.name !== n.label && n.ruleName && n.ruleName !== n.rule, JSON.stringify(n));
    assert.match(n.value, /^difference \d+$/, n.value);
    assert.match(n.ruleValue, /^difference \d+$/, n.ruleValue);
    assert.ok(n.ruleValue !== '', 'the rule\'s measure');
    assert.match(n.outcome, /(lost|won)/, n.outcome);
  });
  // the list: nested three deep, the current line highlighted; moves in words
  const dom = await page.evaluate(() => ({
    current: [...document.querySelectorAll('#var-tree .var-node.current')].map((e) => /** @type {HTMLElement} */ (e).dataset.line),
    deep: document.querySelectorAll('#var-tree li li li li .var-node').length,
    text: /** @type {HTMLElement} */ (document.getElementById('var-tree')).textContent,
  }));
  assert.deepEqual(dom.current, [nodes[2].line]);
  assert.equal(dom.deep, 1, 'main line > A > B > C');
  for (const n of nodes) {
    assert.ok(dom.text.includes(n.name) && dom.text.includes(n.ruleName) && dom.text.includes(n.outcome), n.name);
    assert.ok(!dom.text.includes(n.label), `no label (${n.label}) in the tree`);
  }
  // the current line in the URL (the page writes its hash a moment after a change)
  await page.waitForFunction((l) => location.hash.includes('try=' + encodeURIComponent(l)), nodes[2].line, { timeout: LIMIT });
  writeFileSync(artifact('tree-thegame.png'), await page.screenshot({ fullPage: true }));

  // &try= round trips: every node's line in a fresh page, and the CLI agrees on the outcome
  for (const n of nodes) {
    const fresh = await openPage(env.browser);
    await loadView(fresh, env.url + `#game=thegame&sample=1&lang=en&try=${encodeURIComponent(n.line)}`);
    await fresh.waitForFunction((l) => window.deckscope.variation.map((/** @type {[number, string]} */ [i, x]) => i + ':' + x).join(',') === l, n.line, { timeout: LIMIT });
    const ft = await tree(fresh);
    const leaf = chain(ft).find((x) => x.line === n.line);
    assert.ok(leaf && leaf.current, `the fresh tree has ${n.line}, current`);
    for (const f of /** @type {const} */ (['i', 'label', 'name', 'rule', 'ruleName', 'value', 'ruleValue', 'outcome'])) assert.equal(leaf[f], n[f], `${n.line}: ${f}`);
    const cmp = cli(['thegame', '--try', n.line, '--compare'], sample('thegame', 1)).split('\n');
    assert.deepEqual(cmp[3].match(/\d+/g), n.outcome.match(/\d+/g), `the CLI's --compare counts the same cards: ${cmp[3]} / ${n.outcome}`);
    assert.deepEqual(fresh.problems, []);
    await fresh.closeAll();
  }

  // open A: the tree stays, A is current; a note renames B; the lesson keeps the tree
  await page.click(`#var-tree .var-node[data-line="${nodes[0].line}"] .var-open`);
  await page.waitForSelector(`#var-tree .var-node.current[data-line="${nodes[0].line}"]`, { timeout: LIMIT });
  assert.equal(chain(await tree(page)).length, 3);
  await page.click(`#var-tree .var-node[data-line="${nodes[1].line}"] .var-noteit`);
  await page.fill('#var-tree .var-note-input', 'the greedy idea');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#var-tree .var-note', { timeout: LIMIT });
  assert.equal(chain(await tree(page))[1].note, 'the greedy idea');
  const lesson = await page.evaluate(() => window.deckscope.lesson());
  assert.deepEqual(lesson.tree, [{ line: nodes[0].line }, { line: nodes[1].line, note: 'the greedy idea' }, { line: nodes[2].line }]);
  assert.equal(lesson.variation, nodes[0].line);
  const other = await openPage(env.browser);
  await loadView(other, env.url + '#game=cirno&sample=1&lang=en');
  await other.evaluate((l) => window.deckscope.loadLesson(l), lesson);
  const lt = chain(await tree(other));
  assert.deepEqual(lt.map((n) => [n.line, n.note, n.name, n.outcome, n.current]), nodes.map((n, k) => [n.line, k === 1 ? 'the greedy idea' : '', n.name, n.outcome, k === 0]));
  assert.deepEqual(other.problems, []);
  await other.closeAll();

  // delete B while C is shown: C goes with it, the line shown is A
  await page.evaluate((l) => window.deckscope.openVariation(l), nodes[2].line);
  await page.click(`#var-tree .var-node[data-line="${nodes[1].line}"] .var-del`);
  await page.waitForFunction((l) => window.deckscope.variation.map((/** @type {[number, string]} */ [i, x]) => i + ':' + x).join(',') === l, nodes[0].line, { timeout: LIMIT });
  const after = chain(await tree(page));
  assert.deepEqual(after.map((n) => [n.line, n.current]), [[nodes[0].line, true]]);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('goudan sample 2: the strip and the tree say the win chances at the branch and who won', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=goudan&sample=2&lang=en');
  const b = await nextBranch(page, -1);
  assert.ok(b, 'a decision to branch at');
  await page.evaluate(({ i, l }) => window.deckscope.branch(i, l), { i: b.i, l: b.label });
  await page.waitForSelector('#variation:not([hidden]) .var-at', { timeout: LIMIT });
  const strip = await page.evaluate(() => ({
    at: /** @type {HTMLElement} */ (document.querySelector('#variation .var-at')).textContent,
    outs: [...document.querySelectorAll('#variation .var-outcome')].map((e) => e.textContent),
  }));
  const d = await page.evaluate((i) => JSON.parse(window.deckscope.module.ccall('dsv_api_event_json', 'string', ['number'], [i])).decision, b.i);
  const pct = (/** @type {string} */ l) => (d.candidates.find((/** @type {DeckscopeCandidate} */ c) => c.label === l).value * 100).toFixed(2);
  assert.ok(strip.at.includes(pct(b.label)) && strip.at.includes(pct(d.rule_choice)), `${strip.at}: ${pct(b.label)} and ${pct(d.rule_choice)}`);
  assert.equal(strip.outs.length, 2, 'both lines\' outcomes');
  for (const o of strip.outs) assert.match(o, /wins after \d+ turns?/, o);
  const t = await tree(page);
  assert.match(t.children[0].value, /%/);
  assert.match(t.children[0].outcome, /wins after/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('Chinese: the tree in Chinese', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=thegame&sample=1&lang=zh');
  const b = await nextBranch(page, -1);
  assert.ok(b, 'a decision to branch at');
  await page.evaluate(({ i, l }) => window.deckscope.branch(i, l), { i: b.i, l: b.label });
  await page.waitForSelector('#var-tree:not([hidden])', { timeout: LIMIT });
  const text = await page.$eval('#var-tree', (e) => e.textContent);
  assert.match(text, /变化树/);
  assert.match(text, /主线/);
  const t = await tree(page);
  assert.match(t.children[0].name, /[\u4e00-\u9fff]/);
  assert.match(t.children[0].outcome, /[\u4e00-\u9fff]/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
