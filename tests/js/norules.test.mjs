// norules.test.mjs - the page holds no game rule (issue 21, "The JavaScript
// contains no game rule"). Every fact about a game lives in the engine
// (engine/<game>/): the page shows the decision records and the sentences of
// <game>_narrate. This test reads every script of web/shell/ and fails if one
// of the tables or comparisons that used to restate a rule in JavaScript comes
// back: a tie order or a discard order, the wall or hand size, candidates
// re-sorted or compared by their values, the older `why` records read, a
// tolerance of the engine, a rule's sentence kept in the page, or whose
// decision an event is and what a seat may do in it worked out per game (the
// record's "seat", candidates' "seat" and "declines" say it).
//
// Each pattern is also checked against a line that restates a rule the way
// the page once did (the SHOULD_CATCH list), so that a pattern that matches
// nothing cannot pass unnoticed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHELL = process.env.DS_WEB_SHELL || path.join(here, '..', '..', 'web', 'shell');

// [name, pattern, a line the pattern must catch]
const RULES = [
  ['mahjong\'s discard order', /Z F B N W S E|9S\s*(…|\.\.)\s*1[SM]/,
    "const MJ_ORDER = 'Z F B N W S E 9S…1S 9P…1P 9M…1M';"],
  ['cirno\'s tie order of card kinds', /\[\s*'C',\s*'A',\s*'B',\s*'D',\s*'E'\s*\]|\[\s*'D',\s*'B',\s*'A',\s*'C',\s*'E'\s*\]|multiplication\s*>\s*addition|division\s*>\s*subtraction/,
    "const CIRNO_ORDER_MAX = ['C', 'A', 'B', 'D', 'E'];"],
  ['the order of counter cards', /(order|依次)[^.。'"]*PASS(,\s*|\s+then\s+|、)(then\s+)?TURN|PASS,?\s+then\s+TURN|PASS、TURN、DOUBLE\s*的顺序/,
    "'counter cards go in the order PASS, TURN, DOUBLE'"],
  ['thegame\'s tie order (leftmost card, topmost row)', /leftmost card|topmost row|最左侧的牌|最上面的行/,
    "note = 'same difference, but not the leftmost card or topmost row'"],
  ['mahjong\'s wall size', /\b148\b/, "var w = arr(h.wall).length || 148;"],
  ['thegame\'s hand size', /\b(top|up to|refills?[^'"]*to)\s+8\b|最上面\s*8\s*张|补到\s*8\s*张/,
    "' will take the top 8 as his hand'"],
  ['candidates re-sorted', /(candidates|moves|normal|cands|pick)\b[^;\n]*\.sort\(|\.diff\s*-\s*\w+\.diff/,
    'normal.sort(function (a, b) { return a.diff - b.diff || a.k - b.k; });'],
  // (a state compared with the state before it, "what changed", is not a
  // candidate: equality there says what changed, it ranks nothing)
  ['candidates\' values compared', /\.(value|dist|diff|p)\s*[<>]=?\s*\w+\.(value|dist|diff|p|best_diff)\b|\.(value|dist|diff)\s*[!=]==\s*\w*\.?best|Math\.(max|min)\(\s*\.\.\.[^)]*(candidates|distOf|\.value)/,
    'if (a.dist > b.dist) return explain(b, a);'],
  ['the older why records read', /\bev\.why\b|\.why\.candidates|why\.rule\s*===|\blost_tie\b/,
    'var why = obj(ev.why) || {}, rule = why.rule;'],
  ['the engine\'s tie tolerance', /1e-12|GOUDAN_TIE_EPS/, "if (loss < 1e-12) return 'best';"],
  // whose decision an event is and what a seat may do there are the record's
  // ("seat", each candidate's "seat", "declines"), never worked out per game
  ['a claim window recognised by its candidates', /\.kind\s*[!=]==?\s*['"](pass|decline)['"]|claimWindow/,
    "const claimWindow = (d) => d.candidates.some((c) => c.kind === 'pass');"],
  ['a game deciding whose decision it is', /\bmine\s*:\s*(\(|function)|\.mine\(|\.player\s*===\s*seat\b|\(ev\.player\s*===\s*'E'|\.rule\s*===\s*'chance'/,
    "mine: (ev, seat) => (ev.player === 'E' ? 'E' : 'T') === seat,"],
  ['a move\'s label read for its meaning (the record names it)', /\/\^?\(?\[A-D\]\)?\s*declines|\\bdeclines\$/,
    "const m = /^([A-D]) declines$/.exec(String(l));"],
  ['a seat\'s decline made up in the page', /kind:\s*'decline'|dist_before/,
    "own.concat([{ label: x.label, kind: 'decline', player: seat, value: own[0].dist_before }])"],
  ['a rule\'s sentence kept in the page', /'(cirno|thegame|mahjong|goudan)\.(max_p|closest|backwards|tie_order|min_distance|special_first|max_win|pong_strict_drop)'\s*:/,
    "'mahjong.tie_order': ['Discard the tile that leaves the smallest winning distance', ''],"],
];

// Lines that only quote the engine: its error messages' printf formats (the
// Chinese page translates them by their English format, i18n.js).
const QUOTES_ENGINE = /%[0-9.*]*(d|s|u|zu|lld)\b/;

function scripts() {
  return readdirSync(SHELL, { recursive: true }).filter((f) => f.endsWith('.js')).sort()
    .map((f) => ({ file: f, lines: readFileSync(path.join(SHELL, f), 'utf8').split('\n') }));
}

test('every pattern catches the rule it stands for', () => {
  for (const [name, re, line] of RULES) assert.match(line, re, `the pattern of "${name}" misses its example`);
});

test('web/shell restates no game rule', () => {
  const files = scripts();
  assert.ok(files.length >= 10, `the page's scripts: ${files.map((f) => f.file).join(' ')}`);
  const found = [];
  for (const { file, lines } of files) {
    lines.forEach((text, k) => {
      if (QUOTES_ENGINE.test(text)) return;
      for (const [name, re] of RULES) if (re.test(text)) found.push(`${file}:${k + 1}: ${name}: ${text.trim().slice(0, 140)}`);
    });
  }
  assert.deepEqual(found, [], `rules restated in JavaScript (they belong in engine/<game>/):\n${found.join('\n')}`);
});
