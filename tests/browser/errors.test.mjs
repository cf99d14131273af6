// errors.test.mjs - bad input in the page, in both languages. Inputs are
// made by mutating every sample of every game (a token replaced by a word, a
// negative or huge number, removed, duplicated, a stray token, a control
// byte, the input cut short); for each one the native CLI rejects (exit 2):
//   - English: the page says the CLI's own message, at its line and column;
//   - Chinese: the page says it in Chinese (i18n.errorText, from the error's
//     code and arguments): "第 L 行，第 C 列：..." and no English word of
//     three or more letters outside the quoted input and an allow-list.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { LIMIT, loadView, openPage, startBrowser } from './harness.mjs';
import { CLI, GAMES, sample, samplesOf } from './page-helpers.mjs';

/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// A small deterministic PRNG (mulberry32).
/** @param {number} seed @returns {() => number} in [0, 1) */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Mutations of a text; positions chosen by r.
/** @param {string} text @param {() => number} r @param {number} count */
function mutations(text, r, count) {
  const out = [''];
  /** @type {[number, number][]} */
  const spans = [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length]);
  const pick = () => spans[Math.floor(r() * spans.length)];
  const lines = text.split('\n');
  /** @type {((s: [number, number]) => string)[]} */
  const kinds = [
    (s) => text.slice(0, s[0]) + 'xyz' + text.slice(s[1]),
    (s) => text.slice(0, s[0]) + '-3' + text.slice(s[1]),
    (s) => text.slice(0, s[0]) + '100000' + text.slice(s[1]),
    (s) => text.slice(0, s[0]) + text.slice(s[1]),
    (s) => text.slice(0, s[1]) + ' Q7' + text.slice(s[1]),
    (s) => text.slice(0, s[1]),
    (s) => text.slice(0, s[0]) + '\x01' + text.slice(s[0]),
    () => { const k = Math.floor(r() * lines.length); return [...lines.slice(0, k + 1), ...lines.slice(k)].join('\n'); },
    () => text + 'extra\n',
  ];
  for (let i = 0; i < count; i++) out.push(kinds[i % kinds.length](pick()));
  return out;
}

/** @param {string} game @param {string} input */
function cliError(game, input) {
  if (!CLI) throw new Error('no native deckscope CLI found (set DS_CLI or build one under build/)');
  const p = spawnSync(CLI, [game], { input });
  if (p.status !== 2) return null;
  assert.equal(p.stdout.length, 0, 'nothing on stdout');
  const m = /^deckscope [a-z]+: (?:line (\d+), column (\d+): )?(.*)\n$/s.exec(p.stderr.toString('utf8'));
  assert.ok(m, 'one line on stderr: ' + p.stderr);
  return { line: Number(m[1] || 0), col: Number(m[2] || 0), msg: m[3] };
}

// Words that stay as they are in Chinese: card and tile codes, names, letters.
const ALLOW = new Set(['PASS', 'TURN', 'DOUBLE', 'REVERSE']);
/** @param {string} zh @param {Set<string>} names */
function englishWords(zh, names) {
  const bare = zh.replace(/“[^”]*”/g, ''); // quoted input removed
  return (bare.match(/[A-Za-z]{3,}/g) || []).filter((w) => !ALLOW.has(w) && !names.has(w));
}

test('bad input: the CLI\'s message in English, the same error in Chinese', { timeout: LIMIT }, async (t) => {
  const page = await openPage(env.browser);
  await loadView(page, env.url);
  let checked = 0;
  const seen = new Set();
  for (const game of GAMES) {
    for (let n = 1; n <= samplesOf(game); n++) {
      const text = sample(game, n);
      // cirno's player names are input too: they stay as they are
      const names = new Set(game === 'cirno' ? [...text.matchAll(/^([A-Za-z]+) /gm)].map((m) => m[1]) : []);
      for (const bad of mutations(text, rng(n * 31 + game.length), 12)) {
        const want = cliError(game, bad);
        if (!want) continue;
        const shown = await page.evaluate(async ([g, input]) => {
          /** @type {Record<string, {line: number, col: number, text: string | null} | null>} */
          const out = {};
          for (const lang of ['en', 'zh']) {
            window.deckscope.setLang(lang);
            try { await window.deckscope.load({ game: g, input }); out[lang] = null; } catch (e) {
              const err = /** @type {DeckscopeLoadError} */ (e);
              out[lang] = { line: err.line, col: err.col, text: /** @type {HTMLElement} */ (document.getElementById('input-error-msg')).textContent };
            }
          }
          return out;
        }, [game, bad]);
        assert.ok(shown.en && shown.zh, `${game}: the page rejects what the CLI rejects: ${JSON.stringify(bad.slice(0, 60))}`);
        assert.equal(shown.en.line, want.line);
        assert.equal(shown.en.col, want.col);
        const enWant = want.line ? `Line ${want.line}, column ${want.col}: ${want.msg}` : want.msg;
        assert.equal(shown.en.text, enWant, 'English: the CLI\'s message');
        const zh = String(shown.zh.text);
        if (want.line) assert.ok(zh.startsWith(`第 ${want.line} 行，第 ${want.col} 列：`), zh);
        assert.deepEqual(englishWords(zh, names), [], `Chinese, no English words: ${zh} (English: ${want.msg})`);
        assert.match(zh, /[\u4e00-\u9fff]/, 'Chinese characters');
        seen.add(`${game}: ${zh.replace(/\d+/g, 'N').slice(0, 40)}`);
        checked++;
      }
    }
  }
  t.diagnostic(`${checked} bad inputs checked, ${seen.size} kinds of message`);
  assert.ok(checked >= 80, `enough bad inputs (${checked})`);
  // The message follows the language switch while it is shown.
  await page.evaluate(() => window.deckscope.setLang('en'));
  await page.evaluate(() => window.deckscope.load({ game: 'thegame', input: '5 5\n' }).catch(() => {}));
  const en = await page.textContent('#input-error-msg');
  await page.evaluate(() => window.deckscope.setLang('zh'));
  const zh = await page.textContent('#input-error-msg');
  assert.notEqual(zh, en);
  assert.match(String(zh), /^第 1 行/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
