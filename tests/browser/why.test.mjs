// why.test.mjs - the "why" panel shows what the engine's records hold:
// for a mahjong discard of a normal tile, the discard candidates AND what
// each of the three other players could do with the tile (one row each, the
// caller marked), in both languages; "What changed" says in the words of
// the game what the step changed (the engine's dsv_api_changes, every event of samples
// and generated games, both languages), and keeps the state's raw fields
// (without card sources and per-kind counts) behind a closed "Details" toggle.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LIMIT, artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { REPO, seekSettled, trace, sample } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

test('mahjong discards list the claims of the other players', { timeout: LIMIT }, async () => {
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
      const box = /** @type {HTMLElement} */ (document.getElementById('why'));
      const tables = /** @type {HTMLTableElement[]} */ ([...box.querySelectorAll('table.cands')]);
      return {
        heads: [...box.querySelectorAll('h3')].map((h) => h.textContent),
        tables: tables.map((tb) => [...tb.tBodies[0].rows].map((r) => ({
          label: r.cells[0].textContent, chosen: r.classList.contains('chosen') }))),
        changed: [...box.querySelectorAll('ul.changes code')].map((c) => c.textContent),
      };
    });
    const ev = events[i];
    assert.ok(ev.decision, `event ${i} is a decision`);
    assert.equal(why.tables.length, 2, `discard ${i}: candidates and claims`);
    // the candidates by their names in the engine's record (issue 21), the move taken marked
    assert.deepEqual(why.tables[0].map((r) => r.label), ev.decision.candidates.map((c) => c.name));
    assert.deepEqual(why.tables[0].filter((r) => r.chosen).map((r) => r.label), ev.decision.candidates.filter((c) => c.label === ev.decision?.chosen).map((c) => c.name));
    assert.deepEqual(why.tables[1].map((r) => r.label), ev.claims.map((/** @type {{player: string}} */ c) => c.player));
    assert.ok(why.heads.includes('What the others could do with this tile'));
    const marked = why.tables[1].filter((r) => r.chosen).map((r) => r.label);
    assert.deepEqual(marked, ev.claimed_by ? [ev.claimed_by] : []);
    assert.ok(why.changed.length > 0);
    assert.ok(!why.changed.some((p) => /(^|\.)(src|counts)(\[|$)/.test(p)), why.changed.join(' '));
  }
  await page.evaluate(() => window.deckscope.setLang('zh'));
  await seekSettled(page, plain + 1);
  const zh = await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('why')).textContent);
  assert.match(zh, /其他玩家对这张牌能做什么/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('cirno: what changed leaves out card sources', { timeout: LIMIT }, async () => {
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

test('a modal dialog keeps the arrow keys; the non-modal check panel does not', { timeout: LIMIT }, async () => {
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

// ---- "What changed" in the words of the game (the engine's dsv_api_changes) --------
// Field names and internal counters must never reach the sentences.
const FIELD = /\[|_|[A-Za-z]\.[A-Za-z]|\b(players|cur|dir|wall_pos|wall_left|hits_done|hand_n|deck_pos|deck_left|to_move|ops_left|made_op|playing|double_left|pile_left|phase|undefined|null|NaN|Infinity)\b|\[object/;
// Raw fields the sentences may leave out: turn and play counters, positions in
// the deck or wall, card sources, per-kind counts, hit counters, flags.
/** @type {Record<string, RegExp>} */
const INTERNAL = {
  cirno: /^(turn|plays|deck_pos|rounds)$|(^|\.)src(\[|$)/,
  thegame: /^(turn|plays_in_turn)$/,
  mahjong: /^(wall_pos|turns|phase|cur)$|^last_discard|\.(hand_n|taken_by)$|(^|\.)counts(\[|$)/,
  goudan: /^(turn|made_op|playing|hits_done)$/,
};
// ASCII words a Chinese sentence may hold: cards, tiles, calls, player names.
const ZH_ASCII = new Set(['PASS', 'TURN', 'DOUBLE', 'REVERSE', 'PONG', 'CHOW', 'RON', 'SELFDRAWN']);

// Runs in the page: for every event, the states before and after, the raw
// diff and the sentences in both languages.
function walkChanges() {
  const d = window.deckscope, M = d.module;
  /** @type {(f: string, i: number) => any} the engine's JSON */
  const J = (f, i) => JSON.parse(M.ccall(f, 'string', ['number'], [i]));
  /** @type {(o: any, prefix: string, out: Map<string, unknown>) => Map<string, unknown>} a state's fields, flattened */
  const flat = (o, prefix, out) => {
    if (o === null || typeof o !== 'object') { out.set(prefix, o); return out; }
    if (Array.isArray(o) && o.every((x) => x === null || typeof x !== 'object')) { out.set(prefix, o.join(' ')); return out; }
    for (const k of Object.keys(o)) flat(o[k], Array.isArray(o) ? `${prefix}[${k}]` : prefix ? `${prefix}.${k}` : k, out);
    return out;
  };
  // the caption: the engine's sentence in either language (the view's language set and restored)
  const was = M.ccall('dsv_api_lang', 'number', [], []);
  /** @type {(i: number, zh: number) => string} */
  const said = (i, zh) => {
    M.ccall('dsv_api_set_lang', null, ['number'], [zh]);
    const s = M.ccall('dsv_api_narrate', 'string', ['number'], [i]);
    M.ccall('dsv_api_set_lang', null, ['number'], [was]);
    return s;
  };
  // what the event changed: the engine's sentences (dsv_api_changes), one a line
  /** @type {(i: number, zh: number) => string[]} */
  const changed = (i, zh) => {
    M.ccall('dsv_api_set_lang', null, ['number'], [zh]);
    /** @type {string} */
    const s = M.ccall('dsv_api_changes', 'string', ['number'], [i]);
    M.ccall('dsv_api_set_lang', null, ['number'], [was]);
    return s.split('\n').filter((x) => x !== '');
  };
  /** @type {{i: number, type: string, raw: string[], en: string[], zh: string[], caption: {en: string, zh: string}, names: string[]}[]} */
  const out = [];
  let prev = J('dsv_api_state_json', 0);
  for (let i = 0; i < d.steps; i++) {
    const ev = J('dsv_api_event_json', i), next = J('dsv_api_state_json', i + 1);
    /** @type {string[]} */
    const raw = [];
    const fa = flat(prev, '', new Map()), fb = flat(next, '', new Map());
    for (const [k, v] of fb) if (fa.get(k) !== v) raw.push(k);
    for (const k of fa.keys()) if (!fb.has(k)) raw.push(k);
    // the caption: the engine's sentence (every game has its own; narrate.js has none)
    out.push({ i, type: ev.type, raw, en: changed(i, 0), zh: changed(i, 1),
               caption: { en: said(i, 0), zh: said(i, 1) },
               names: (next.players || []).map((/** @type {{name?: string} | null} */ p) => p && p.name).filter(Boolean) });
    prev = next;
  }
  return out;
}

/** @param {string} game @param {string} what @param {ReturnType<typeof walkChanges>} rows */
function checkChanges(game, what, rows) {
  let sentences = 0;
  for (const r of rows) {
    const w = `${what} event ${r.i} (${r.type})`;
    // a field counts with and without its "players[i]." prefix
    const shown = r.raw.filter((k) => !INTERNAL[game].test(k) && !INTERNAL[game].test(k.replace(/^players\[\d+\]\./, '')));
    for (const lang of /** @type {const} */ (['en', 'zh'])) {
      const list = r[lang];
      // a learner never sees a negative HP (a hit past 0 shows 0); goudan is the
      // game with HP (cirno's p may well go below 0: "p: 6 → -3")
      if (game === 'goudan') for (const s of [...list, String(r.caption[lang])])
        // (the engine's "HP-2 minion" is a minion's kind, not a negative number)
        assert.doesNotMatch(s, /(HP|体力)[^,，。;；]*?\s-\d|→\s*-\d/, `${w} ${lang}: a negative HP in "${s}"`);
      assert.ok(Array.isArray(list), `${w}: not a list`);
      if (shown.length) assert.ok(list.length > 0, `${w} ${lang}: no sentence for ${shown.join(' ')}`);
      for (const s of list) {
        sentences++;
        assert.ok(typeof s === 'string' && s.trim() !== '', `${w} ${lang}: empty sentence`);
        assert.doesNotMatch(s, FIELD, `${w} ${lang}: a field name or a JS value in "${s}"`);
        assert.ok(!/→\s*$|^\s*→|–/.test(s), `${w} ${lang}: an empty value in "${s}"`);
        if (lang === 'zh') {
          assert.match(s, /[\u4e00-\u9fff]/, `${w}: no Chinese in "${s}"`);
          for (const word of s.match(/[A-Za-z]{3,}/g) || [])
            assert.ok(ZH_ASCII.has(word) || r.names.includes(word), `${w}: English word "${word}" in "${s}"`);
        } else assert.doesNotMatch(s.replace(/小E/g, 'E'), /[\u4e00-\u9fff]/, `${w}: Chinese in "${s}"`); // 小E: goudan's name in both
      }
    }
  }
  return sentences;
}

/** @type {Record<string, {sample?: number, seed?: number, input?: string, name?: string}[]>} */
const SOURCES = {
  cirno: [{ sample: 1 }, { sample: 2 }, { seed: 1 }, { seed: 2 }, { seed: 3 }, { seed: 5 }],
  thegame: [{ sample: 1 }, { sample: 2 }, { seed: 1 }, { seed: 2 }],
  mahjong: [{ sample: 1 }, { seed: 1 }, { seed: 2 }, { seed: 4 }, { seed: 135 },
    { input: readFileSync(path.join(REPO, 'tests', 'data', 'mahjong-official', '28.in'), 'utf8'), name: 'official 28' }],
  goudan: [{ sample: 1 }, { sample: 2 }, { seed: 1 }, { seed: 3 }],
};
for (const game of Object.keys(SOURCES)) {
  test(`${game}: "what changed" in words for every event, both languages`, { timeout: LIMIT }, async (t) => {
    const page = await openPage(env.browser);
    await loadView(page, env.url + '#game=cirno&sample=1&lang=en');
    let events = 0, sentences = 0;
    for (const src of SOURCES[game]) {
      const { name, ...opts } = src;
      await page.evaluate(async (o) => {
        await window.deckscope.load(/** @type {DeckscopeLoadOptions} */ (o));
        while (window.deckscope.busy) await new Promise((r) => requestAnimationFrame(r));
      }, { game, ...opts });
      const rows = await page.evaluate(walkChanges);
      events += rows.length;
      sentences += checkChanges(game, `${game} ${name || JSON.stringify(opts)}`, rows);
    }
    assert.ok(events > 0 && sentences > events, `${game}: ${events} events, ${sentences} sentences`);
    t.diagnostic(`${game}: ${events} events, ${sentences} sentences`);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

// Rows of the why panel's "What changed": the sentences, and the raw list behind the toggle.
/** @param {import('./harness.mjs').TestPage} page */
const changedPanel = (page) => page.evaluate(() => {
  const box = /** @type {HTMLElement} */ (document.getElementById('why'));
  const det = /** @type {HTMLDetailsElement | null} */ (box.querySelector('details.changes-raw'));
  return {
    words: [...box.querySelectorAll('ul.changes-words li')].map((li) => li.textContent),
    summary: det ? /** @type {HTMLElement} */ (det.querySelector('summary')).textContent : null,
    open: det ? det.open : null,
    raw: det ? [...det.querySelectorAll('ul.changes li')].map((li) => li.textContent) : [],
  };
});

test('why panel: a mahjong PONG in words, the raw fields behind "Details"', { timeout: LIMIT }, async () => {
  const events = trace('mahjong', sample('mahjong', 1));
  const pong = events.findIndex((e) => e.type === 'pong');
  assert.equal(pong, 59, 'sample 1: A calls PONG on C’s Z at event 59');
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=mahjong&sample=1&lang=en');
  await seekSettled(page, pong + 1);
  let p = await changedPanel(page);
  // C discarded Z; A held Z Z and his distance drops from 3 to 2 (the statement's PONG rule)
  assert.deepEqual(p.words, ['A takes C’s Z for a PONG (Z Z Z)', 'A’s winning distance 3 → 2', 'Now A’s turn']);
  assert.equal(p.summary, 'Details (raw state)');
  assert.equal(p.open, false, 'the details are closed by default');
  assert.equal(await page.locator('#why ul.changes').isVisible(), false, 'the raw list is hidden');
  assert.ok(p.raw.some((l) => l.startsWith('players[0].melds[0].tiles')), p.raw.join(' | '));
  assert.ok(p.raw.every((l) => !/→\s*$/.test(l) && !/:\s*→/.test(l)), `no bare arrow: ${p.raw.join(' | ')}`);
  const box = page.locator('.why');
  await page.locator('#why details.changes-raw > summary').scrollIntoViewIfNeeded();
  await box.screenshot({ path: artifact('why-changes-en.png') });
  await page.click('#why details.changes-raw > summary');
  p = await changedPanel(page);
  assert.equal(p.open, true);
  assert.equal(await page.locator('#why ul.changes').isVisible(), true, 'the raw list is shown');
  await box.screenshot({ path: artifact('why-changes-en-open.png') });
  // the toggle stays open on the next step
  await seekSettled(page, pong + 2);
  assert.equal((await changedPanel(page)).open, true);
  await page.click('#why details.changes-raw > summary');
  await page.evaluate(() => window.deckscope.setLang('zh'));
  await seekSettled(page, pong + 1);
  p = await changedPanel(page);
  assert.deepEqual(p.words, ['A 碰 C 打出的 Z（Z Z Z）', 'A 的和牌距离 3 → 2', '轮到 A']);
  assert.equal(p.summary, '详情（原始状态）');
  assert.equal(p.open, false);
  await page.locator('#why details.changes-raw > summary').scrollIntoViewIfNeeded();
  await box.screenshot({ path: artifact('why-changes-zh.png') });
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('why panel: goudan and cirno steps in words, no bare arrow for an empty value', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, env.url + '#game=cirno&sample=2&lang=en');
  // cirno sample 2, event 16: Marisa plays DOUBLE at p = 41; Reimu must play two cards
  await seekSettled(page, 17);
  assert.deepEqual((await changedPanel(page)).words,
    ['Marisa plays DOUBLE, draws A99 (hand A99 A99 A99)', 'Reimu is under DOUBLE: must play two cards', 'Deck: 9 left']);
  await page.evaluate(async () => {
    await window.deckscope.load({ game: 'goudan', sample: 2 });
    while (window.deckscope.busy) await new Promise((r) => requestAnimationFrame(r));
  });
  // goudan sample 2, event 1: E's HP 1 minion attacks the teacher (HP 14) for 3
  await seekSettled(page, 2);
  assert.deepEqual((await changedPanel(page)).words, ['小E’s HP 1 minion has attacked (not again this turn)', 'The teacher’s HP 14 → 11']);
  // the first hit that empties a board: the raw list shows "(none)", not a bare arrow
  const steps = await page.evaluate(() => window.deckscope.steps);
  let found = false;
  for (let s = 1; s <= steps && !found; s++) {
    await seekSettled(page, s);
    const p = await changedPanel(page);
    const empty = p.raw.find((l) => /minions: /.test(l));
    if (!empty) continue;
    found = true;
    assert.match(empty, /→ \(none\)$|^players\[\d\]\.minions: \(none\) →/, empty);
    assert.ok(p.words.some((w) => /minion with HP \d is destroyed|gets a new HP 2 minion/.test(w)), p.words.join(' | '));
    await page.locator('.why').screenshot({ path: artifact('why-changes-goudan.png') });
  }
  assert.ok(found, 'a step that empties or fills a board');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
