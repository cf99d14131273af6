/* deckscope narration: the page's side of the engine's words (issue 21).
 * Every sentence about a move is the engine's: the caption is
 * dsv_api_narrate (<game>_narrate), the why panel and the quiz show the
 * decision record of dsv_api_event_json (decision.text, each candidate's
 * name, value and note, chosen, rule_choice, forced). This file lays the
 * record out and keeps only sentences about a state that state no rule and
 * decide nothing: the caption of step 0, a state's headline and what a step
 * changed. It never compares values, re-sorts candidates or assumes the move
 * taken is the rule's (tests/js/norules.test.mjs).
 *
 * An ES module (its default export; window.deckscope.narrate in the page) that
 * node imports too. See docs/narration.md.
 *
 *   dsNarrate.why(game, ev, lang)           -> null | {rule, measure, forced, only, chosenName, ruleName,
 *                                              candidates: [{label (name), key (label), value, chosen, ruleChoice, reason, note}], claims?}
 *   dsNarrate.quiz(game, ev, lang, ctx)     -> null | {question, options: [{label, key, correct, value, note}], reason}
 *   dsNarrate.quizzes(game, ev, lang, ctx)  -> [quiz...]
 *   dsNarrate.start(game, header, lang)     -> string (the caption of step 0)
 *   dsNarrate.headline(game, state, lang)   -> string (a short summary of a state)
 *   dsNarrate.changes(game, before, after, lang, ev, ctx) -> [string] (what a step changed, in words)
 *   dsNarrate.record(ev), dsNarrate.valueText(decision, candidate, lang)
 *
 * ctx = {stateBefore, stateAfter, header, step, steps}; every part may be
 * missing, the sentences then leave out what they would have read there.
 */
'use strict';
import { dsGames } from '../games/index.js';

const dsNarrate = (function () {

  var ARROW = '→';
  // A player's HP as a learner sees it: a hit past 0 still shows 0, never a negative number.
  function hpOf(p) { return Math.max(0, Number(p.hp)); }
  var GAMES = dsGames.ids;

  /* ---------- helpers ---------- */

  function isZh(lang) { return typeof lang === 'string' && /^zh/i.test(lang); }
  function T(lang, en, zh) { return isZh(lang) ? zh : en; }
  function has(x) { return x !== undefined && x !== null; }
  function num(x) { return typeof x === 'number' && isFinite(x); }
  function str(x) { return has(x) ? String(x) : ''; }
  function obj(x) { return x && typeof x === 'object' ? x : null; }
  function arr(x) { return Array.isArray(x) ? x : []; }
  function cap(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : s; }
  function gameName(game) {
    if (typeof game === 'number') return GAMES[game] || '';
    return String(game || '').toLowerCase();
  }
  /* "a, b and c" / "a、b 和 c" */
  function list(lang, items) {
    items = items.filter(function (s) { return s !== ''; });
    if (items.length <= 1) return items.join('');
    var last = items[items.length - 1], head = items.slice(0, -1);
    return isZh(lang) ? head.join('、') + ' 和 ' + last
                      : head.join(', ') + ' and ' + last;
  }
  /* a win probability as a percentage with 2 decimals, the page's one format
   * for goudan (the DP panel and canvas write the same); never rounds a
   * non-certain value to 0 or 100 */
  function pct(v) {
    if (!num(v)) return '';
    if (v <= 0) return '0.00%';
    if (v >= 1) return '100.00%';
    if (v < 0.00005) return '<0.01%';
    if (v > 0.99995) return '>99.99%';
    return (v * 100).toFixed(2) + '%';
  }
  function states(ctx) {
    ctx = obj(ctx) || {};
    return { before: obj(ctx.stateBefore), after: obj(ctx.stateAfter), header: obj(ctx.header) };
  }

  /* ====================== the engine's decision record ====================== */
  /* Issue 21: every word about a decision comes from the engine's record
   * (engine/core/ds_decision.h, docs/trace-format.md):
   *   "decision": {"rule", "text", "measure", "better", "rule_choice", "chosen",
   *                "forced", "only", "candidates": [{"label", "name", "value",
   *                "reason", "note", ...}]}
   * in the language the view was asked for. This file only lays it out: the
   * moves by their names, the rule's sentence, each note; it never compares
   * values, re-sorts candidates or assumes the move taken is the rule's. */
  function record(ev) {
    var d = obj(ev && ev.decision);
    if (!d || !Array.isArray(d.candidates) || !('rule_choice' in d) || !('forced' in d)) return null;
    return d;
  }
  /* A value as the engine writes it in its sentences (ds_say_pct, ds_say_value):
   * probabilities as a percentage with at most two decimals, trailing zeros
   * dropped, never rounded to 0 or 100 unless certain; other measures as the
   * number. Only the layout of a number: nothing is compared. */
  function sayPct(v, lang) {
    var sp = isZh(lang) ? '' : '\u00a0';
    if (!(v > 0)) return '0' + sp + '%';
    if (v >= 1) return '100' + sp + '%';
    if (v < 0.00005) return '<0.01' + sp + '%';
    if (v > 0.99995) return '>99.99' + sp + '%';
    return (v * 100).toFixed(2).replace(/0+$/, '').replace(/\.$/, '') + sp + '%';
  }
  function valueText(d, c, lang) {
    if (!c || !num(c.value)) return '';
    if (d.measure === 'win_chance' || d.measure === 'chance') return sayPct(c.value, lang);
    return String(c.value);
  }
  function candOf(d, label) {
    return arr(d.candidates).filter(function (c) { return c && c.label === label; })[0] || null;
  }
  function nameOf(c) { return c ? str(c.name) || str(c.label) : ''; }
  /* The why panel from the record: {rule, measure, forced, chosenName,
   * ruleName, candidates: [{label (the name), key (the engine's label),
   * value, chosen, ruleChoice, reason, note}]}. */
  function recordWhy(d, lang) {
    return {
      rule: str(d.text),
      measure: has(d.measure) ? str(d.measure) : '',
      forced: !!d.forced,
      only: !!d.only,
      chosenName: nameOf(candOf(d, d.chosen)),
      ruleName: nameOf(candOf(d, d.rule_choice)),
      candidates: arr(d.candidates).map(function (c) {
        return { label: nameOf(c), key: str(c.label), value: valueText(d, c, lang),
                 chosen: c.label === d.chosen, ruleChoice: c.label === d.rule_choice,
                 reason: str(c.reason), note: str(c.note) };
      })
    };
  }
  /* A chance outcome (goudan's hits) is nobody's choice: no question. */
  function isChance(d) {
    var r = candOf(d, d.rule_choice);
    return !!r && r.reason === 'chance';
  }
  /* "Which move does the rule make?" over the record's candidates, by their
   * names; the answer is rule_choice; each option carries its note (what the
   * engine says of it against the rule's choice); the reason is the rule's
   * sentence. ctx.stateBefore (optional) gives the question a headline. */
  function recordQuiz(g, d, lang, ctx) {
    if (d.only || isChance(d) || arr(d.candidates).length < 2) return null;
    var s = states(ctx), h = s.before ? headline(g, s.before, lang) : '';
    return {
      question: (h ? h + T(lang, '. ', '。') : '') + T(lang, 'Which move does the rule make?', '规则会怎么走？'),
      options: arr(d.candidates).map(function (c) {
        return { label: nameOf(c), key: str(c.label), correct: c.label === d.rule_choice,
                 value: valueText(d, c, lang), note: str(c.note) };
      }),
      reason: str(d.text)
    };
  }

  /* ====================== cirno ====================== */

  function cirnoPlayerName(lang, i, ev, ctx) {
    var s = states(ctx), sources = [s.after, s.before, s.header && s.header.state];
    for (var j = 0; j < sources.length; j++) {
      var p = sources[j] && arr(sources[j].players)[i];
      if (p && p.name) return p.name;
    }
    if (s.header && arr(s.header.players)[i]) return String(s.header.players[i]);
    if (ev && ev.player === i && ev.name) return ev.name;
    return num(i) ? T(lang, 'player ' + (i + 1), (i + 1) + ' 号玩家') : T(lang, 'the next player', '下一名玩家');
  }
  function cirnoDir(lang, d) {
    return d === 'counterclockwise' ? T(lang, 'counterclockwise', '逆时针')
                                    : T(lang, 'clockwise', '顺时针');
  }



  function cirnoStart(h, lang) {
    var names = arr(h.players).map(String), shown = names.slice(0, 6);
    var who = shown.join(T(lang, ', ', '、')) + (names.length > shown.length ? T(lang, ', …', '……') : '');
    return T(lang, names.length + (names.length === 1 ? ' player (' : ' players (') + who + '), ' + h.m + (h.m === 1 ? ' round, ' : ' rounds, ') + h.k + ' cards in the deck; ' + names[0] + ' plays first',
             names.length + ' 名玩家（' + who + '），共 ' + h.m + ' 轮，牌堆 ' + h.k + ' 张；' + names[0] + ' 先出牌');
  }
  function cirnoHeadline(s, lang) {
    var cur = arr(s.players)[s.current], nm = cur && cur.name ? cur.name : '';
    if (s.phase === 'setup') return T(lang, 'Before round 1', '第 1 轮之前');
    var parts = [T(lang, 'Round ' + s.round + ' of ' + s.rounds, '第 ' + s.round + '/' + s.rounds + ' 轮'), 'p = ' + s.p, cirnoDir(lang, s.direction)];
    if (s.phase === 'game_over') parts.push(T(lang, 'game over', '游戏结束'));
    else if (nm) parts.push(T(lang, nm + ' to play', '轮到 ' + nm) + (s.double_left === 2 ? ' (DOUBLE)' : ''));
    parts.push(T(lang, s.deck_left + ' in the deck', '牌堆 ' + s.deck_left + ' 张'));
    return parts.join(' · ');
  }

  /* ====================== thegame ====================== */

  var TG_PLAYER = 'Vladimir';
  /* a row by the engine's name (row_name, row_names, a state's rows[].name:
   * "up1" ... "down2", its direction and its number); Chinese says the
   * direction in words. Nothing here numbers the rows itself. */
  function tgRowName(lang, name) {
    var m = /^(up|down)(\d+)$/.exec(str(name));
    if (!m || !isZh(lang)) return str(name);
    return (m[1] === 'up' ? '递增行 ' : '递减行 ') + m[2];
  }




  function tgStart(h, lang) {
    var deck = arr(h.deck);
    return T(lang, deck.length + ' cards in the draw pile, ' + deck[0] + ' on top; ' + TG_PLAYER + ' takes his hand from the top',
             '抽牌堆共 ' + deck.length + ' 张，堆顶是 ' + deck[0] + '；' + TG_PLAYER + ' 从堆顶取手牌');
  }
  function tgHeadline(s, lang) {
    var parts = [T(lang, 'Turn ' + s.turn, '第 ' + s.turn + ' 回合'),
                 T(lang, arr(s.hand).length + ' in hand', '手牌 ' + arr(s.hand).length + ' 张'),
                 T(lang, s.pile_left + ' in the pile', '抽牌堆 ' + s.pile_left + ' 张')];
    if (s.result === 'win') parts.push(T(lang, 'won', '胜利'));
    if (s.result === 'loss') parts.push(T(lang, 'lost', '失败'));
    return parts.join(' · ');
  }

  /* ====================== mahjong ====================== */






  /* the wall's size as the engine's header or state gives it (no number of its own) */
  function mjStart(h, lang) {
    var w = arr(h.wall).length || (num(h.wall_left) ? h.wall_left : 0);
    return w ? T(lang, w + ' tiles in the wall; A, B, C and D are dealt their hands one tile at a time, starting with A',
                 '牌堆共 ' + w + ' 张；从 A 开始按 A B C D 的顺序每人依次摸起手牌')
             : T(lang, 'A, B, C and D are dealt their hands one tile at a time, starting with A', '从 A 开始按 A B C D 的顺序每人依次摸起手牌');
  }
  function mjHeadline(s, lang) {
    var parts = [T(lang, 'Wall ' + s.wall_left, '牌堆 ' + s.wall_left + ' 张'), T(lang, 'order ' + s.dir, '顺序 ' + s.dir)];
    if (has(s.winner)) parts.push(T(lang, s.winner + ' won', s.winner + ' 和牌'));
    else if (s.phase === 'over') parts.push(T(lang, 'draw', '流局'));
    else if (has(s.cur) && s.phase !== 'deal') parts.push(T(lang, 'ABCD'.charAt(s.cur) + ' to play', '轮到 ' + 'ABCD'.charAt(s.cur)));
    var ds = arr(s.players).map(function (pl, i) { return 'ABCD'.charAt(i) + ':' + (num(pl.dist) ? pl.dist : '-'); });
    if (ds.length) parts.push(T(lang, 'distances ', '和牌距离 ') + ds.join(' '));
    return parts.join(' · ');
  }

  /* ====================== goudan ====================== */

  /* names: 小E / "the teacher", 小E / 老师 (the DP panel's words, dp_goudan.js,
   * and the canvas's); the cards placed in front of a player are "minions" /
   * 随从 (the statement's 面前的牌) */
  function gdName(lang, who, capital) {
    if (who === 'E') return '小E';
    if (who === 'teacher') return T(lang, capital ? 'The teacher' : 'the teacher', '老师');
    return str(who);
  }
  function gdPoss(lang, who, capital) { return isZh(lang) ? gdName(lang, who) + '的' : gdName(lang, who, capital) + '’s'; }
  function gdSide(s, who) { var i = who === 'E' ? 0 : who === 'teacher' ? 1 : -1; return s && i >= 0 ? arr(s.players)[i] || null : null; }




  function gdDesc(lang, p) {
    var m = arr(p.minions).length;
    return T(lang, 'HP ' + hpOf(p) + ', ' + p.hand + (p.hand === 1 ? ' card, ' : ' cards, ') + m + (m === 1 ? ' minion' : ' minions'),
             '体力 ' + hpOf(p) + '，手牌 ' + p.hand + ' 张，随从 ' + m + ' 个');
  }


  function gdStart(h, lang) {
    var s = obj(h.state), e = gdSide(s, 'E'), t = gdSide(s, 'teacher');
    if (!e || !t) return T(lang, 'The position right before 小E’s turn', '小E的回合开始前的局面');
    return T(lang, 'Before 小E’s turn: 小E has ' + gdDesc('en', e) + '; the teacher has ' + gdDesc('en', t) + '; at most ' + s.O + ' skills and plays per turn',
             '小E的回合开始前：小E ' + gdDesc('zh', e) + '；老师 ' + gdDesc('zh', t) + '；每回合技能与打牌合计最多 ' + s.O + ' 次');
  }
  function gdHeadline(s, lang) {
    var e = gdSide(s, 'E'), t = gdSide(s, 'teacher'), parts = [];
    if (e) parts.push(T(lang, '小E HP ' + hpOf(e), '小E 体力 ' + hpOf(e)));
    if (t) parts.push(T(lang, 'teacher HP ' + hpOf(t), '老师 体力 ' + hpOf(t)));
    if (has(s.winner)) parts.push(T(lang, gdName('en', s.winner) + ' won', gdName('zh', s.winner) + '获胜'));
    else if (s.to_move && s.turn > 0) parts.push(T(lang, gdName('en', s.to_move) + ' to move, ' + s.ops_left + (s.ops_left === 1 ? ' operation left' : ' operations left'), '轮到' + gdName('zh', s.to_move) + '，剩 ' + s.ops_left + ' 次操作'));
    else if (s.to_move) parts.push(T(lang, gdName('en', s.to_move) + ' to move', '轮到' + gdName('zh', s.to_move)));
    return parts.join(' · ');
  }

  /* ====================== what changed ====================== */

  /* changes(game, before, after, lang, ev): what an event changed, as short
   * sentences in the words of the game (no field names, no internal counters:
   * turn numbers, positions in the deck or wall, card sources, hit counters).
   * Read from the two states; the event only says who did it and how. */

  /* the items of a that are not in b, as a multiset (order of a kept) */
  function bagMinus(a, b) {
    var rest = arr(b).map(String), out = [];
    arr(a).forEach(function (x) {
      var k = rest.indexOf(String(x));
      if (k >= 0) rest.splice(k, 1); else out.push(String(x));
    });
    return out;
  }
  function arrow(b, a) { return b + ' ' + ARROW + ' ' + a; }
  function words(lang, items) { return list(lang, items.map(String)); }

  function cirnoChanges(ev, b, a, lang, ctx) {
    var out = [], c = { stateBefore: b, stateAfter: a, header: states(ctx).header };
    var nm = function (i) { return cirnoPlayerName(lang, i, null, c); };
    var newRound = a.round !== b.round && a.phase === 'playing';
    if (newRound) out.push(T(lang, 'round ' + a.round + ' begins, ' + nm(a.current) + ' plays first', '第 ' + a.round + ' 轮开始，' + nm(a.current) + ' 先出牌'));
    if (a.p !== b.p) out.push(T(lang, 'p: ', 'p：') + arrow(b.p, a.p));
    if (a.direction !== b.direction)
      out.push(newRound ? T(lang, 'the order of play is clockwise again', '出牌方向恢复为顺时针')
                        : T(lang, 'the order of play reverses (now ' + cirnoDir('en', a.direction) + ')', '出牌方向反转（现在' + cirnoDir('zh', a.direction) + '）'));
    arr(a.players).forEach(function (pa, i) {
      var pb = arr(b.players)[i];
      if (!pa || !pb) return;
      var mine = ev && ev.player === i && (ev.type === 'play' || ev.type === 'loss');
      var played = mine ? [str(ev.card)] : bagMinus(pb.hand, pa.hand);
      var drawn = mine ? (Array.isArray(ev.drawn) ? ev.drawn.map(String) : has(ev.drawn) ? [str(ev.drawn)] : []) : bagMinus(pa.hand, pb.hand);
      var disc = mine && ev.type === 'loss' ? arr(ev.discarded).map(String) : [];
      if (!played.length && !drawn.length) return;
      var en = [], zh = [];
      if (played.length) { en.push('plays ' + words('en', played)); zh.push('打出 ' + words('zh', played)); }
      if (disc.length) { en.push('discards ' + words('en', disc)); zh.push('弃掉 ' + words('zh', disc)); }
      if (drawn.length) { en.push('draws ' + words('en', drawn)); zh.push('摸到 ' + words('zh', drawn)); }
      var hand = arr(pa.hand).join(' ');
      out.push(T(lang, nm(i) + ' ' + en.join(', ') + ' (hand ' + hand + ')', nm(i) + ' ' + zh.join('，') + '（手牌 ' + hand + '）'));
    });
    /* DOUBLE: given, passed on by a counter card (the same state, another player), used up */
    if (a.double_left !== b.double_left || (a.double_left === 2 && a.current !== b.current)) {
      if (a.double_left === 2) out.push(T(lang, nm(a.current) + ' is under DOUBLE: must play two cards', nm(a.current) + ' 被施加了 DOUBLE：要出两张牌'));
      else if (a.double_left === 1) out.push(T(lang, nm(a.current) + ' plays one more card (DOUBLE)', nm(a.current) + ' 还要再出一张牌（DOUBLE）'));
      else out.push(T(lang, 'DOUBLE is over', 'DOUBLE 解除'));
    }
    if (a.phase !== b.phase && (a.phase === 'round_over' || a.phase === 'game_over') && has(a.loser))
      out.push(T(lang, nm(a.loser) + ' loses round ' + a.round, nm(a.loser) + ' 输掉了第 ' + a.round + ' 轮'));
    if (a.phase !== b.phase && a.phase === 'game_over') out.push(T(lang, 'the game is over', '游戏结束'));
    if (a.current !== b.current && a.phase === 'playing' && !newRound && a.double_left !== 2)
      out.push(T(lang, nm(a.current) + ' plays next', '轮到 ' + nm(a.current)));
    if (a.deck_left !== b.deck_left && num(a.deck_left))
      out.push(T(lang, 'deck: ' + a.deck_left + ' left', '牌堆：剩 ' + a.deck_left + ' 张'));
    return out;
  }

  function tgChanges(ev, b, a, lang) {
    var out = [];
    arr(a.rows).forEach(function (ra, r) {
      var rb = arr(b.rows)[r], ca = arr(ra && ra.cards), cb = arr(rb && rb.cards);
      if (ca.length && cb.length && (ca.length !== cb.length || ca[ca.length - 1] !== cb[cb.length - 1]))
        out.push(T(lang, tgRowName('en', ra.name) + ': last card ' + arrow(cb[cb.length - 1], ca[ca.length - 1]), tgRowName('zh', ra.name) + '：末张 ' + arrow(cb[cb.length - 1], ca[ca.length - 1])));
    });
    var played = bagMinus(b.hand, a.hand), got = bagMinus(a.hand, b.hand), n = arr(a.hand).length;
    var cards = function (k) { return T(lang, k + (k === 1 ? ' card' : ' cards'), k + ' 张'); };
    if (played.length) out.push(T(lang, 'hand: ' + words('en', played) + ' played (' + cards(n) + ' left)', '手牌：打出 ' + words('zh', played) + '（剩 ' + cards(n) + '）'));
    if (got.length) {
      if (!arr(b.hand).length) out.push(T(lang, 'hand: ' + got.join(' ') + ' (' + cards(n) + ')', '手牌：' + got.join(' ') + '（' + cards(n) + '）'));
      else out.push(T(lang, 'hand: ' + words('en', got) + ' drawn (' + cards(n) + ')', '手牌：摸到 ' + words('zh', got) + '（共 ' + cards(n) + '）'));
    }
    if (a.pile_left !== b.pile_left && num(a.pile_left))
      out.push(T(lang, 'pile: ' + a.pile_left + ' left', '抽牌堆：剩 ' + a.pile_left + ' 张'));
    if (a.result !== b.result) {
      if (a.result === 'win') out.push(T(lang, 'every card is played: the game is won', '所有牌都已打出：游戏胜利'));
      else if (a.result === 'loss') out.push(T(lang, 'no card fits any row: the game is lost', '没有牌能放上任何一行：游戏失败'));
    }
    return out;
  }

  function mjChanges(ev, b, a, lang) {
    var out = [], L = 'ABCD';
    var who = function (i, p) { return p && p.name ? String(p.name) : L.charAt(i); };
    var wall = num(a.wall_left) && a.wall_left !== b.wall_left ? a.wall_left : null, wallSaid = false;
    var from = b.last_discard && b.last_discard.player ? String(b.last_discard.player) : ev && ev.from ? str(ev.from) : '';
    arr(a.players).forEach(function (pa, i) {
      var pb = arr(b.players)[i];
      if (!pa || !pb) return;
      var P = who(i, pa), add = bagMinus(pa.hand, pb.hand), rem = bagMinus(pb.hand, pa.hand);
      var melds = arr(pa.melds).slice(arr(pb.melds).length), pond = arr(pa.pond).slice(arr(pb.pond).length);
      melds.forEach(function (m) {
        var pong = m.kind === 'pong', f = str(m.from), t = str(m.called), tiles = arr(m.tiles).join(' ');
        out.push(T(lang, P + ' takes ' + f + '’s ' + t + ' for a ' + (pong ? 'PONG' : 'CHOW') + ' (' + tiles + ')',
                   P + (pong ? ' 碰 ' : ' 吃 ') + f + ' 打出的 ' + t + '（' + tiles + '）'));
      });
      pond.forEach(function (d) { out.push(T(lang, P + ' discards ' + str(d.tile), P + ' 打出 ' + str(d.tile))); });
      if (!melds.length && !pond.length && rem.length)
        out.push(T(lang, P + ': ' + words('en', rem) + ' ' + (rem.length > 1 ? 'leave' : 'leaves') + ' the hand', P + '：' + words('zh', rem) + ' 离开手牌'));
      if (add.length) {
        if (a.winner === P && a.win_how === 'ron')
          out.push(T(lang, P + ' takes ' + (from ? from + '’s ' : '') + add.join(' ') + ' to complete the hand (RON)', P + ' 荣和' + (from ? ' ' + from + ' 打出的' : '') + ' ' + add.join(' ')));
        else {
          var deal = b.phase === 'deal' || (ev && ev.type === 'deal'), w = has(wall) ? wall : null;
          wallSaid = wallSaid || has(w);
          if (deal) out.push(T(lang, P + ' is dealt ' + words('en', add) + (has(w) ? ' (wall: ' + w + ' left)' : ''), P + ' 摸到起手牌 ' + words('zh', add) + (has(w) ? '（牌堆剩 ' + w + ' 张）' : '')));
          else out.push(T(lang, P + ' draws ' + words('en', add) + (has(w) ? ' (wall: ' + w + ' left)' : ''), P + ' 摸到 ' + words('zh', add) + (has(w) ? '（牌堆剩 ' + w + ' 张）' : '')));
        }
      }
      if (pa.dist !== pb.dist && num(pa.dist)) {
        var d = pa.dist === 0 ? T(lang, '0, a winning hand', '0，已能和牌') : String(pa.dist);
        out.push(num(pb.dist) ? T(lang, P + '’s winning distance ' + arrow(pb.dist, d), P + ' 的和牌距离 ' + arrow(pb.dist, d))
                              : T(lang, P + '’s winning distance: ' + d, P + ' 的和牌距离：' + d));
      }
      if (pa.skip !== pb.skip)
        out.push(pa.skip ? T(lang, P + '’s next turn will be skipped', P + ' 的下一个回合将被跳过')
                         : T(lang, P + '’s turn is skipped', P + ' 的回合被跳过'));
    });
    if (has(wall) && !wallSaid) out.push(T(lang, 'wall: ' + wall + ' left', '牌堆：剩 ' + wall + ' 张'));
    if (a.dir !== b.dir && a.dir)
      out.push(T(lang, 'the turn order reverses: ' + String(a.dir).split('').join(' '), '回合顺序反转：' + String(a.dir).split('').join(' ')));
    if (a.winner !== b.winner && has(a.winner)) {
      var how = str(a.win_how).toUpperCase();
      out.push(T(lang, a.winner + ' wins' + (how ? ' by ' + how : ''), a.winner + ' ' + (how === 'RON' ? '荣和（RON）' : how === 'SELFDRAWN' ? '自摸（SELFDRAWN）' : '和牌') + '胜出'));
    }
    if (a.phase !== b.phase && a.phase === 'over')
      out.push(has(a.winner) ? T(lang, 'the game is over', '游戏结束') : T(lang, 'the wall is empty: the game ends in a draw', '牌堆已空：流局'));
    if (a.cur !== b.cur && has(a.cur) && a.phase !== 'deal' && a.phase !== 'won' && a.phase !== 'over' && b.phase !== 'deal')
      out.push(T(lang, 'now ' + a.cur + '’s turn', '轮到 ' + a.cur));
    return out;
  }

  function gdMinionKey(m) { return (m && m.hp) + (m && m.attacked ? 'a' : 'r'); }
  function gdChanges(ev, b, a, lang) {
    var out = [];
    ['E', 'teacher'].forEach(function (w) {
      var pb = gdSide(b, w), pa = gdSide(a, w);
      if (!pa || !pb) return;
      var P = gdName(lang, w, false), Pp = gdPoss(lang, w, false);
      if (hpOf(pa) !== hpOf(pb)) out.push(T(lang, Pp + ' HP ' + arrow(hpOf(pb), hpOf(pa)), P + '体力 ' + arrow(hpOf(pb), hpOf(pa))));
      if (pa.hand !== pb.hand)
        out.push(T(lang, Pp + ' hand: ' + arrow(pb.hand, pa.hand) + (pa.hand === 1 ? ' card' : ' cards'), Pp + '手牌 ' + arrow(pb.hand, pa.hand) + ' 张'));
      /* minions: the ones that did not change cancel out; destroyed ones are removed, the rest shift left */
      var mb = arr(pb.minions), ma = arr(pa.minions);
      var kb = mb.map(gdMinionKey), ka = ma.map(gdMinionKey);
      var gone = bagMinus(kb, ka), come = bagMinus(ka, kb);
      var hp = function (k) { return parseInt(k, 10); }, att = function (k) { return /a$/.test(k); };
      gone.sort(); come.sort();
      if (ma.length < mb.length) {
        /* destroyed: those not accounted for by a changed survivor */
        gone.slice(0, mb.length - ma.length).forEach(function (k) {
          out.push(T(lang, Pp + ' minion with HP ' + hp(k) + ' is destroyed', P + '体力为 ' + hp(k) + ' 的随从被摧毁'));
        });
        gone = gone.slice(mb.length - ma.length);
      } else if (ma.length > mb.length) {
        come.slice(0, ma.length - mb.length).forEach(function (k) {
          out.push(T(lang, P + ' gets a new HP ' + hp(k) + ' minion' + (att(k) ? ' (it cannot attack this turn)' : ''), P + '多了一个体力 ' + hp(k) + ' 的随从' + (att(k) ? '（本回合不能攻击）' : '')));
        });
        come = come.slice(ma.length - mb.length);
      }
      var ready = 0;
      gone.forEach(function (k, j) {
        var n = come[j];
        if (!n) return;
        if (hp(k) !== hp(n)) out.push(T(lang, Pp + ' minion: HP ' + arrow(hp(k), hp(n)), P + '的随从体力 ' + arrow(hp(k), hp(n))));
        else if (!att(k) && att(n)) out.push(T(lang, Pp + ' HP ' + hp(n) + ' minion has attacked (not again this turn)', P + '体力为 ' + hp(n) + ' 的随从已攻击（本回合不能再攻击）'));
        else if (att(k) && !att(n)) ready++;
      });
      if (ready) out.push(T(lang, Pp + (ready === 1 ? ' minion can attack again' : ' minions can attack again'), P + '的随从可以再次攻击'));
    });
    var turnChanged = a.to_move !== b.to_move && has(a.to_move);
    if (turnChanged) out.push(T(lang, 'now ' + gdPoss('en', a.to_move) + ' turn', '轮到' + gdName('zh', a.to_move)));
    if (a.ops_left !== b.ops_left && num(a.ops_left) && num(b.ops_left) && !turnChanged) {
      if (a.ops_left > b.ops_left) out.push(T(lang, gdName('en', a.to_move, true) + ' may use the skill or play a card ' + a.ops_left + (a.ops_left === 1 ? ' time' : ' times') + ' this turn',
                                               gdName('zh', a.to_move) + '本回合最多可使用技能或打牌 ' + a.ops_left + ' 次'));
      else out.push(T(lang, 'skills and plays left this turn: ' + arrow(b.ops_left, a.ops_left), '本回合剩余技能与打牌次数 ' + arrow(b.ops_left, a.ops_left)));
    }
    if (a.playing && !b.playing) {
      var who = ev && ev.player ? str(ev.player) : a.to_move;
      out.push(T(lang, gdPoss('en', who, true) + ' card is in play: random hits come next', gdName('zh', who) + '的牌生效：接下来是随机伤害'));
    }
    if (a.winner !== b.winner && has(a.winner)) out.push(T(lang, gdName('en', a.winner, true) + ' wins the game', gdName('zh', a.winner) + '赢得了游戏'));
    return out;
  }

  function changes(game, before, after, lang, ev, ctx) {
    var g = gameName(game), b = obj(before), a = obj(after), e = obj(ev), out;
    if (!b || !a) return [];
    try {
      if (g === 'cirno') out = cirnoChanges(e, b, a, lang, ctx);
      else if (g === 'thegame') out = tgChanges(e, b, a, lang);
      else if (g === 'mahjong') out = mjChanges(e, b, a, lang);
      else if (g === 'goudan') out = gdChanges(e, b, a, lang);
      else out = [];
    } catch (x) { return []; }
    return out.filter(function (s) { return typeof s === 'string' && s !== '' && !leaked(s) && !/\bnull\b/.test(s); })
              .map(function (s) { return isZh(lang) || /^(p:|up\d|down\d)/.test(s) ? s : cap(s); });
  }

  /* ====================== dispatch ====================== */

  /* A text that leaked a missing field: shown to nobody (the fallback is used instead). */
  function leaked(x) {
    var s = typeof x === 'string' ? x : JSON.stringify(x);
    return /undefined|NaN|\[object/.test(s || '');
  }
  function guard(fn, fallback) {
    return function (game, ev, lang, ctx) {
      var g = gameName(game), r;
      ev = obj(ev);
      if (!ev) return fallback(g, lang);
      try { r = fn(g, ev, lang, ctx); } catch (e) { return fallback(g, lang, ev); }
      return leaked(r) ? fallback(g, lang, ev) : r;
    };
  }

  /* mahjong: what each other player could do with a discarded tile, as the
   * engine says it (the event's "claims", each with its own sentence) */
  function recordClaims(ev) {
    return arr(ev.claims).filter(function (c) { return c && has(c.player); }).map(function (c) {
      return { label: str(c.player), key: str(c.player), value: num(c.dist) ? String(c.dist) : '',
               chosen: has(ev.claimed_by) && c.player === ev.claimed_by, note: str(c.text) };
    });
  }

  var why = guard(function (g, ev, lang, ctx) {
    var d = record(ev);
    if (d) {
      var w = recordWhy(d, lang);
      if (arr(ev.claims).length) w.claims = recordClaims(ev);
      return w;
    }
    /* an event that ends the game without a choice (thegame's "stuck"): the engine's sentence */
    var stuck = obj(ev.stuck);
    if (stuck && stuck.text) return { rule: str(stuck.text), candidates: [] };
    return null;
  }, function () { return null; });

  var quizzes = guard(function (g, ev, lang, ctx) {
    var d = record(ev), q = d ? recordQuiz(g, d, lang, ctx) : null;
    return q ? [q] : [];
  }, function () { return []; });

  function quiz(game, ev, lang, ctx) { var q = quizzes(game, ev, lang, ctx); return q.length ? q[0] : null; }

  /* start() takes the trace header, or the state at step 0 (dsv_api_state_json(0)) */
  function asHeader(g, h) {
    if (!h || h.type === 'header' || !arr(h.players).length && !arr(h.pile).length && !has(h.wall_left)) return h;
    if (g === 'cirno') return { players: arr(h.players).map(function (p) { return p && p.name; }), m: h.rounds, k: h.deck_left, state: h };
    if (g === 'thegame') return { deck: arr(h.pile), state: h };
    if (g === 'mahjong') return { wall: arr(h.wall), wall_left: h.wall_left, state: h };
    return { state: h };
  }
  function start(game, header, lang) {
    var g = gameName(game), h = asHeader(g, obj(header));
    try {
      if (h) {
        if (g === 'cirno' && arr(h.players).length) return cirnoStart(h, lang);
        if (g === 'thegame' && arr(h.deck).length) return tgStart(h, lang);
        if (g === 'mahjong') return mjStart(h, lang);
        if (g === 'goudan') return gdStart(h, lang);
      }
    } catch (e) { /* fall through to the generic text */ }
    return T(lang, 'The start: press play or step forward', '开始：按播放或单步前进');
  }

  function headline(game, state, lang) {
    var g = gameName(game), s = obj(state);
    if (!s) return '';
    try {
      if (g === 'cirno') return cirnoHeadline(s, lang);
      if (g === 'thegame') return tgHeadline(s, lang);
      if (g === 'mahjong') return mjHeadline(s, lang);
      if (g === 'goudan') return gdHeadline(s, lang);
    } catch (e) { /* no headline */ }
    return '';
  }

  var api = {
    version: 1,
    games: GAMES.slice(), /* games.js's list */
    why: why,
    quiz: quiz,
    quizzes: quizzes,
    start: start,
    headline: headline,
    changes: changes,
    /* for tests and other modules: the words used for a rule / a percentage */
    percent: pct,
    /* the engine's decision record of an event (null for an older shape) and
     * a value of it as the engine's sentences write it */
    record: record,
    valueText: valueText
  };
  return api;
})();
export default dsNarrate;
export { dsNarrate };
