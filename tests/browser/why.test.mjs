// why.test.mjs - the "why" panel shows what the engine's records hold:
// for a mahjong discard of a normal tile, the discard candidates AND what
// each of the three other players could do with the tile (one row each, the
// caller marked), in both languages; "What changed" lists the state's
// fields that changed, without bookkeeping (card sources, per-kind counts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadView, openPage, startBrowser } from './harness.mjs';
import { seekSettled, trace, sample } from './page-helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

test('mahjong discards list the claims of the other players', { timeout: 240_000 }, async () => {
  const events = trace('mahjong', sample('mahjong', 1));
  // the first discard with claims, and the first one some player called
  const plain = events.findIndex((e) => e.type === 'discard' && (e.claims || []).length === 3);
  const called = events.findIndex((e) => e.type === 'discard' && (e.claims || []).length === 3 && e.claimed_by);
  assert.ok(plain >= 0, 'the sample has a discard of a normal tile');
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=mahjong&sample=1&lang=en');
  for (const i of [plain, called].filter((x) => x >= 0)) {
    await seekSettled(page, i + 1); // step i+1 shows event i
    const why = await page.evaluate(() => {
      const box = document.getElementById('why');
      const tables = [...box.querySelectorAll('table.cands')];
      return {
        heads: [...box.querySelectorAll('h3')].map((h) => h.textContent),
        tables: tables.map((tb) => [...tb.tBodies[0].rows].map((r) => ({
          label: r.cells[0].textContent, chosen: r.classList.contains('chosen') }))),
        changed: [...box.querySelectorAll('ul.changes code')].map((c) => c.textContent),
      };
    });
    const ev = events[i];
    assert.equal(why.tables.length, 2, `discard ${i}: candidates and claims`);
    assert.deepEqual(why.tables[0].map((r) => r.label), ev.why.candidates.map((c) => c.tile));
    assert.deepEqual(why.tables[1].map((r) => r.label), ev.claims.map((c) => c.player));
    assert.ok(why.heads.includes('What the others could do with this tile'));
    const marked = why.tables[1].filter((r) => r.chosen).map((r) => r.label);
    assert.deepEqual(marked, ev.claimed_by ? [ev.claimed_by] : []);
    assert.ok(why.changed.length > 0);
    assert.ok(!why.changed.some((p) => /(^|\.)(src|counts)(\[|$)/.test(p)), why.changed.join(' '));
  }
  await page.evaluate(() => window.deckscope.setLang('zh'));
  await seekSettled(page, plain + 1);
  const zh = await page.evaluate(() => document.getElementById('why').textContent);
  assert.match(zh, /其他玩家对这张牌能做什么/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('cirno: what changed leaves out card sources', { timeout: 120_000 }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=2&step=4&lang=en');
  await seekSettled(page, 5);
  const changed = await page.evaluate(() =>
    [...document.querySelectorAll('#why ul.changes code')].map((c) => c.textContent));
  assert.ok(changed.includes('p'), changed.join(' '));
  assert.ok(!changed.some((p) => /src/.test(p)), changed.join(' '));
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a modal dialog keeps the arrow keys; the non-modal check panel does not', { timeout: 120_000 }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=1&step=3&lang=en');
  await page.click('#teach-share');
  await page.locator('#teach-share-dialog button').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.deckscope.step), 3, 'the view behind the share dialog did not move');
  await page.keyboard.press('Escape');
  await page.click('#teach-check');
  await page.locator('#stage').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.deckscope.step), 4, 'with the check panel open the view still steps');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
