/* deckscope narration: one sentence per trace event, the "why" panel and the
 * quiz, in English and Chinese (zh-CN), built only from the engine's JSON
 * (the event objects of `deckscope <game> --trace` / dsv_api_event_json and
 * the states of dsv_api_state_json). Nothing here decides anything: every
 * choice, value and verdict is read from the engine's decision records.
 *
 * A classic script for the page (defines window.dsNarrate) that node can also
 * load with require() (module.exports). See docs/narration.md.
 *
 *   dsNarrate.narrate(game, ev, lang, ctx)  -> string (one sentence)
 *   dsNarrate.why(game, ev, lang, ctx)      -> null | {title, rule, candidates:[{label, value, chosen, note}], claims?}
 *   dsNarrate.quiz(game, ev, lang, ctx)     -> null | {question, options:[{label, correct}], reason}
 *   dsNarrate.quizzes(game, ev, lang, ctx)  -> [quiz...] (mahjong discards also ask about each call)
 *   dsNarrate.start(game, header, lang)     -> string (the caption of step 0)
 *   dsNarrate.headline(game, state, lang)   -> string (a short summary of a state)
 *   dsNarrate.changes(game, before, after, lang, ev, ctx) -> [string] (what a step changed, in words)
 *
 * ctx = {stateBefore, stateAfter, header, step, steps}; every part may be
 * missing, the sentences then leave out what they would have read there.
 *
 * The facts come from one place each: the game ids from games.js, a rule's
 * sentence from its code (decision.rule) through i18n.js, ties and row
 * directions from the engine's records ("tie", "row_dir", "row_names").
 */
(function (root) {
  'use strict';

  var ARROW = '→';
  // A player's HP as a learner sees it: a hit past 0 still shows 0, never a negative number.
  function hpOf(p) { return Math.max(0, Number(p.hp)); }
  /* the page's scripts (games.js and i18n.js load first), or node's require */
  function load(name, file) {
    if (root[name]) return root[name];
    if (typeof require === 'function') return require(file);
    return null;
  }
  var GAMES = load('dsGames', './games.js').ids;
  var I18N = (root.deckscope && root.deckscope.i18n) || load('dsI18nRules', './i18n.js');
  /* a rule code's sentence (i18n.js, the one table); '' if it has none */
  function ruleText(game, code, lang) { return I18N && I18N.rule ? I18N.rule(game, code, isZh(lang) ? 'zh' : 'en') : ''; }

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

  function mjRuleText(lang, why) {
    var r = ruleText('mahjong', why && why.rule, lang);
    if (r) return r;
    return str(why && (why.text || why.rule));
  }
  function mjDist(lang, d) {
    if (!num(d)) return '';
    return d === 0 ? T(lang, 'a winning hand', '已能和牌') : T(lang, 'winning distance ' + d, '和牌距离 ' + d);
  }
  function mjPlayerState(s, p) {
    if (!s) return null;
    var i = 'ABCD'.indexOf(p);
    return i >= 0 ? arr(s.players)[i] || null : null;
  }

  function mjNarrate(ev, lang, ctx) {
    var p = str(ev.player), t = str(ev.tile), s = states(ctx);
    switch (ev.type) {
      case 'deal': {
        var pa = mjPlayerState(s.after, p), k = pa && num(pa.hand_n) ? pa.hand_n : 0;
        if (num(ev.dist))
          return T(lang, p + ' is dealt ' + t + ', the 13th tile: ' + mjDist('en', ev.dist),
                   p + ' 摸到第 13 张起手牌 ' + t + '：' + mjDist('zh', ev.dist));
        return T(lang, p + ' is dealt ' + t + (k ? ' (tile ' + k + ' of 13)' : ''),
                 p + ' 摸到起手牌 ' + t + (k ? '（第 ' + k + '/13 张）' : ''));
      }
      case 'draw': {
        var pb = mjPlayerState(s.before, p), was = pb && num(pb.dist) && num(ev.dist) && pb.dist !== ev.dist ? pb.dist : null;
        return T(lang, p + ' draws ' + t + ': ' + (has(was) ? 'winning distance ' + was + ' ' + ARROW + ' ' + ev.dist : mjDist('en', ev.dist)),
                 p + ' 摸到 ' + t + '：' + (has(was) ? '和牌距离 ' + was + ' ' + ARROW + ' ' + ev.dist : mjDist('zh', ev.dist)));
      }
      case 'skip':
        return T(lang, p + '’s turn is skipped by a PASS: ' + str(ev.next) + ' plays instead',
                 p + ' 的回合被 PASS 跳过，轮到 ' + str(ev.next));
      case 'selfdrawn':
        return T(lang, p + ' declares SELFDRAWN: the drawn tile completes the hand',
                 p + ' 自摸（SELFDRAWN）：摸到的牌使手牌和了');
      case 'discard': {
        var why = obj(ev.why) || {};
        if (why.rule === 'special_first') {
          if (t === 'PASS')
            return T(lang, p + ' discards PASS (special tiles go first): ' + str(ev.pass_target) + '’s next turn is skipped',
                     p + ' 打出 PASS（特殊牌优先）：跳过 ' + str(ev.pass_target) + ' 的下一个回合');
          if (t === 'REVERSE') {
            var dir = s.after && s.after.dir ? s.after.dir : '';
            return T(lang, p + ' discards REVERSE (special tiles go first): the turn order is reversed' + (dir ? ' to ' + dir : ''),
                     p + ' 打出 REVERSE（特殊牌优先）：回合顺序反转' + (dir ? '为 ' + dir : ''));
          }
          return T(lang, p + ' discards ' + t + ' (special tiles go first): ' + p + ' takes another turn at once',
                   p + ' 打出 ' + t + '（特殊牌优先）：' + p + ' 立即再进行一个回合');
        }
        var cands = arr(why.candidates), mine = cands.filter(function (c) { return c.tile === t; })[0];
        var d = mine && num(mine.dist) ? mine.dist : ev.dist;
        if (why.rule === 'tie_order') {
          var k2 = cands.filter(function (c) { return c.dist === d; }).length;
          return T(lang, p + ' discards ' + t + ': ' + k2 + ' tiles leave winning distance ' + d + ', and ' + t + ' comes first in the order Z F B N W S E 9S…1M',
                   p + ' 打出 ' + t + '：有 ' + k2 + ' 种牌打出后和牌距离都是 ' + d + '，按 Z F B N W S E 9S…1M 的顺序先打 ' + t);
        }
        return T(lang, p + ' discards ' + t + ': the only tile that leaves winning distance ' + d,
                 p + ' 打出 ' + t + '：只有打这张牌能使和牌距离最小（' + d + '）');
      }
      case 'ron': {
        var cut = arr(ev.cut_off).map(String);
        var en = p + ' declares RON on ' + str(ev.from) + '’s ' + t, zh = p + ' 荣和（RON）' + str(ev.from) + ' 打出的 ' + t;
        if (cut.length) { en += '; ' + list('en', cut) + ' could win too but ' + (cut.length > 1 ? 'are' : 'is') + ' cut off'; zh += '；' + list('zh', cut) + ' 也能和，但被截和'; }
        return T(lang, en, zh);
      }
      case 'pong':
      case 'chow': {
        var tiles = arr(ev.tiles).join(' '), pong = ev.type === 'pong';
        return T(lang, p + (pong ? ' calls PONG on ' : ' calls CHOW on ') + str(ev.from) + '’s ' + t + ' (' + tiles + '): winning distance ' + ev.dist_before + ' ' + ARROW + ' ' + ev.dist,
                 p + (pong ? ' 碰 ' : ' 吃 ') + str(ev.from) + ' 打出的 ' + t + '（' + tiles + '）：和牌距离 ' + ev.dist_before + ' ' + ARROW + ' ' + ev.dist);
      }
      case 'win': {
        var how = s.after && s.after.win_how ? String(s.after.win_how).toUpperCase() : '';
        var howZh = how === 'RON' ? '荣和（RON）' : how === 'SELFDRAWN' ? '自摸（SELFDRAWN）' : how;
        return T(lang, p + ' wins the game' + (how ? ' by ' + how : ''),
                 p + ' ' + (how ? howZh : '和牌') + '胜出，游戏结束');
      }
      case 'exhausted':
        return T(lang, 'The wall is empty when ' + str(ev.must_draw) + ' must draw: the game ends in a draw',
                 str(ev.must_draw) + ' 摸牌时牌堆已空：流局');
    }
    return T(lang, 'Event: ' + str(ev.type), '事件：' + str(ev.type));
  }

  var MJ_VERDICT = {
    nothing: ['no option', '无可操作'],
    ron: ['wins by RON', '荣和'],
    ron_cut_off: ['could RON, but is cut off by an earlier player', '能和，但被截和'],
    pong: ['calls PONG', '碰'],
    chow: ['calls CHOW', '吃'],
    declined: ['declines: no option lowers the distance strictly', '不副露：没有方案能使距离严格减小'],
    preempted: ['would call, but a RON or PONG comes first', '可以副露，但被荣和或碰抢先']
  };
  function mjClaimOptions(lang, c) {
    var opts = [];
    if (c.ron) opts.push('RON');
    if (num(c.pong_after)) opts.push(T(lang, 'PONG ' + ARROW + ' ', '碰 ' + ARROW + ' ') + c.pong_after);
    arr(c.chow).forEach(function (o) { opts.push(T(lang, 'CHOW ', '吃 ') + arr(o.tiles).join(' ') + ' ' + ARROW + ' ' + o.after); });
    return opts;
  }
  function mjClaims(ev, lang) {
    return arr(ev.claims).map(function (c) {
      var v = MJ_VERDICT[c.verdict], opts = mjClaimOptions(lang, c);
      return {
        label: str(c.player),
        value: T(lang, 'distance ', '距离 ') + c.dist + (opts.length ? T(lang, '; ', '；') + opts.join(T(lang, '; ', '；')) : ''),
        chosen: has(ev.claimed_by) && c.player === ev.claimed_by,
        note: v ? (isZh(lang) ? v[1] : v[0]) : str(c.verdict)
      };
    });
  }

  function mjWhy(ev, lang, ctx) {
    var p = str(ev.player), t = str(ev.tile), why = obj(ev.why);
    if (!why) return null;
    if (ev.type === 'discard') {
      var cands = arr(why.candidates);
      var best = cands.filter(function (c) { return c.tile === t; })[0];
      var out = cands.map(function (c) {
        var chosen = c.tile === t, note = '';
        if (!chosen && why.rule !== 'special_first')
          note = best && c.dist === best.dist ? T(lang, 'same distance, later in the order', '距离相同，顺序靠后')
                                              : T(lang, 'larger distance', '距离更大');
        if (!chosen && why.rule === 'special_first') note = T(lang, 'later in the order PASS, REVERSE, DOUBLE', '在 PASS、REVERSE、DOUBLE 中顺序靠后');
        return { label: str(c.tile), value: num(c.dist) ? T(lang, 'distance\u00a0', '距离\u00a0') + c.dist : T(lang, 'special tile', '特殊牌'), chosen: chosen, note: note };
      });
      var res = { title: T(lang, 'Why ' + p + ' discards ' + t, '为什么 ' + p + ' 打出 ' + t), rule: mjRuleText(lang, why), candidates: out };
      if (arr(ev.claims).length) res.claims = mjClaims(ev, lang);
      return res;
    }
    if (ev.type === 'pong' || ev.type === 'chow') {
      var pong = ev.type === 'pong';
      return {
        title: T(lang, 'Why ' + p + (pong ? ' calls PONG' : ' calls CHOW'), '为什么 ' + p + (pong ? ' 碰' : ' 吃')),
        rule: mjRuleText(lang, why),
        candidates: [
          { label: (pong ? 'PONG ' : 'CHOW ') + arr(ev.tiles).join(' '), value: T(lang, 'distance ', '距离 ') + ev.dist, chosen: true,
            note: T(lang, 'strictly lower than ' + ev.dist_before, '严格小于 ' + ev.dist_before) },
          { label: T(lang, 'let it pass', '不' + (pong ? '碰' : '吃')), value: T(lang, 'distance ', '距离 ') + ev.dist_before, chosen: false, note: '' }
        ]
      };
    }
    if (ev.type === 'ron') {
      var cands2 = [{ label: p + ' RON', value: T(lang, 'wins', '和牌'), chosen: true, note: T(lang, 'first along the turn order from ' + str(ev.from), '从 ' + str(ev.from) + ' 起沿回合顺序的第一人') }];
      arr(ev.cut_off).forEach(function (q) { cands2.push({ label: q + ' RON', value: T(lang, 'cut off', '被截和'), chosen: false, note: T(lang, 'later along the turn order', '在回合顺序中靠后') }); });
      return { title: T(lang, 'Why ' + p + ' wins', '为什么 ' + p + ' 和牌'), rule: mjRuleText(lang, why), candidates: cands2 };
    }
    return null;
  }

  function mjQuizzes(ev, lang, ctx) {
    var why = obj(ev.why), out = [];
    if (ev.type !== 'discard' || !why || why.rule === 'special_first') return out;
    var p = str(ev.player), t = str(ev.tile), cands = arr(why.candidates);
    var ps = mjPlayerState(states(ctx).before, p), hand = ps ? arr(ps.hand).join(' ') : cands.map(function (c) { return c.tile; }).join(' ');
    if (cands.length >= 2)
      out.push({
        question: T(lang, p + '’s hand: ' + hand + '. Which tile does ' + p + ' discard?', p + ' 的手牌：' + hand + '。' + p + ' 会打出哪张？'),
        options: cands.map(function (c) { return { label: str(c.tile), correct: c.tile === t }; }),
        reason: mjRuleText(lang, why) + ' ' + mjNarrate(ev, lang, ctx) + T(lang, '.', '。')
      });
    arr(ev.claims).forEach(function (c) {
      /* "does this player call?": asked of every player who holds a PONG or CHOW shape (not of a RON);
       * the answer is the engine's claimed_by / claimed_how */
      var canPong = num(c.pong_after), canChow = arr(c.chow).length > 0;
      if ((!canPong && !canChow) || c.ron) return;
      var took = has(ev.claimed_by) && ev.claimed_by === c.player ? ev.claimed_how : null;
      var options = [];
      if (canPong) options.push({ label: 'PONG ' + t + ' ' + t + ' ' + t, correct: took === 'pong' });
      if (canChow) options.push({ label: 'CHOW (' + arr(c.chow).map(function (o) { return arr(o.tiles).join(' '); }).join(T(lang, ' or ', ' 或 ')) + ')', correct: took === 'chow' });
      options.push({ label: T(lang, 'no call', '不副露'), correct: !took });
      var v = MJ_VERDICT[c.verdict];
      out.push({
        question: T(lang, p + ' discards ' + t + '. What does ' + c.player + ' (winning distance ' + c.dist + ') do?',
                    p + ' 打出 ' + t + '。' + c.player + '（和牌距离 ' + c.dist + '）会怎么做？'),
        options: options,
        reason: (v ? cap(isZh(lang) ? v[1] : v[0]) + T(lang, '. ', '。') : '') +
                T(lang, 'Options: ', '可选：') + mjClaimOptions(lang, c).join(T(lang, '; ', '；')) + T(lang, '. ', '。') +
                mjRuleText(lang, { rule: canPong ? 'pong_strict_drop' : 'chow_highest_strict_drop' })
      });
    });
    return out;
  }

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
  function gdOther(who) { return who === 'E' ? 'teacher' : who === 'teacher' ? 'E' : ''; }
  function gdSide(s, who) { var i = who === 'E' ? 0 : who === 'teacher' ? 1 : -1; return s && i >= 0 ? arr(s.players)[i] || null : null; }
  /* the index of the candidate taken (chosen_index; chosen is its label in the uniform record) */
  function gdIdx(d) {
    if (num(d.chosen_index)) return d.chosen_index;
    if (num(d.chosen)) return d.chosen;
    return arr(d.candidates).findIndex(function (c) { return c && c.label === d.chosen; });
  }
  function gdChosen(ev) {
    var d = obj(ev.decision);
    return d ? arr(d.candidates)[gdIdx(d)] || null : null;
  }
  function gdChance(lang, ev, who) {
    var d = obj(ev.decision);
    if (!d || !num(d.value)) return '';
    return T(lang, '; ' + gdPoss('en', who) + ' win chance ' + pct(d.value), '；' + gdName('zh', who) + '胜率 ' + pct(d.value));
  }
  function gdRuleText(lang, d) { return ruleText('goudan', d && d.rule || 'max_win', lang) || str(d && d.text); }
  function gdOpLabel(lang, c, who) {
    var opp = gdOther(who);
    switch (c.op) {
      case 'face': return T(lang, 'attack ' + gdName('en', opp) + ' with an HP ' + c.attacker_hp + ' minion', '用体力为 ' + c.attacker_hp + ' 的随从攻击' + gdName('zh', opp));
      case 'trade': return T(lang, 'trade an HP ' + c.attacker_hp + ' minion for an HP ' + c.target_hp + ' one', '体力为 ' + c.attacker_hp + ' 的随从与对方体力为 ' + c.target_hp + ' 的随从同归于尽');
      case 'play': return T(lang, 'play a card', '打牌');
      case 'skill': return T(lang, 'use the skill', '使用技能');
      case 'end_turn': return T(lang, 'end the turn', '结束回合');
    }
    return str(c.op);
  }
  function gdHpChange(lang, b, a) {
    return b && a && num(b.hp) && num(a.hp) ? T(lang, ' (HP ' + hpOf(b) + ' ' + ARROW + ' ' + hpOf(a) + ')', '（体力 ' + hpOf(b) + ' ' + ARROW + ' ' + hpOf(a) + '）') : '';
  }

  function gdNarrate(ev, lang, ctx) {
    var who = str(ev.player), s = states(ctx), opp = gdOther(who);
    var P = gdName(lang, who, true), Pposs = gdPoss(lang, who, true);
    var before = gdSide(s.before, who), after = gdSide(s.after, who);
    var oBefore = gdSide(s.before, opp), oAfter = gdSide(s.after, opp);
    var c = gdChosen(ev) || {};
    switch (ev.type) {
      case 'turn_start': {
        var h = after && num(after.hand) ? after.hand : null;
        if (ev.drew)
          return T(lang, Pposs + ' turn begins with a draw' + (has(h) ? ' (' + h + (h === 1 ? ' card' : ' cards') + ' in hand)' : ''),
                   P + '的回合开始：摸一张牌' + (has(h) ? '（手牌 ' + h + ' 张）' : ''));
        return T(lang, Pposs + ' turn begins: the hand is full (3 cards), no draw', P + '的回合开始：手牌已满 3 张，不摸牌');
      }
      case 'skill': {
        var drew = before && after ? after.hand > before.hand : null;
        var hp = gdHpChange(lang, before, after) || T(lang, ' (HP − 2)', '（体力 − 2）');
        return T(lang, P + ' uses the skill' + hp + (drew === false ? ', no draw (3 cards in hand)' : ', then draws a card') + gdChance('en', ev, who),
                 P + '使用技能' + hp + (drew === false ? '，手牌已满不摸牌' : '，摸一张牌') + gdChance('zh', ev, who));
      }
      case 'face': {
        var ah = num(c.attacker_hp) ? c.attacker_hp : null;
        return T(lang, Pposs + (has(ah) ? ' HP ' + ah + ' minion' : ' minion') + ' attacks ' + gdName('en', opp) + ' for 3' + gdHpChange('en', oBefore, oAfter) + gdChance('en', ev, who),
                 (has(ah) ? P + '体力为 ' + ah + ' 的随从' : Pposs + '随从') + '攻击' + gdName('zh', opp) + '，造成 3 点伤害' + gdHpChange('zh', oBefore, oAfter) + gdChance('zh', ev, who));
      }
      case 'trade': {
        var a = num(c.attacker_hp), tg = num(c.target_hp);
        return T(lang, Pposs + (a ? ' HP ' + c.attacker_hp : '') + ' minion trades with ' + gdPoss('en', opp) + (tg ? ' HP ' + c.target_hp : '') + ' minion: both are destroyed' + gdChance('en', ev, who),
                 (a ? P + '体力为 ' + c.attacker_hp + ' 的' : Pposs) + '随从与' + (tg ? gdName('zh', opp) + '体力为 ' + c.target_hp + ' 的' : gdPoss('zh', opp)) + '随从同归于尽' + gdChance('zh', ev, who));
      }
      case 'play':
        return T(lang, P + ' plays a card: 3 random hits, then it becomes an HP 2 minion' + gdChance('en', ev, who),
                 P + '打出一张牌：先随机造成 3 次 1 点伤害，再成为体力 2 的随从' + gdChance('zh', ev, who));
      case 'hit': {
        var n = s.before && num(s.before.hits_done) ? s.before.hits_done + 1 : null;
        var side = str(ev.target_side), tb = gdSide(s.before, side), ta = gdSide(s.after, side);
        var k = num(ev.characters) ? ev.characters : null;
        var headEn = (n ? 'Hit ' + n + ' of 3' : 'A hit') + ' from ' + gdPoss('en', who) + ' card' + (k ? ' (1 in ' + k + ' for each character)' : '') + ': ';
        var headZh = gdPoss('zh', who) + '牌' + (n ? '的第 ' + n + '/3 次伤害' : '的一次伤害') + (k ? '（' + k + ' 个角色各 1/' + k + '）' : '') + '：';
        if (ev.target === 'player')
          return T(lang, headEn + gdName('en', side) + ' loses 1 HP' + (tb && ta ? ' (' + hpOf(tb) + ' ' + ARROW + ' ' + hpOf(ta) + ')' : ''),
                   headZh + gdName('zh', side) + '体力 − 1' + (tb && ta ? '（' + hpOf(tb) + ' ' + ARROW + ' ' + hpOf(ta) + '）' : ''));
        var slot = num(ev.target) ? ev.target : 0, m = tb ? arr(tb.minions)[slot] : null;
        var destroyed = tb && ta ? arr(ta.minions).length < arr(tb.minions).length : false;
        return T(lang, headEn + gdPoss('en', side) + ' minion ' + (slot + 1) + (m ? ' (HP ' + m.hp + ')' : '') + (destroyed ? ' is destroyed' : ' loses 1 HP'),
                 headZh + gdPoss('zh', side) + '第 ' + (slot + 1) + ' 个随从' + (m ? '（体力 ' + m.hp + '）' : '') + (destroyed ? '被摧毁' : '体力 − 1'));
      }
      case 'place':
        return T(lang, Pposs + ' card becomes an HP 2 minion (it cannot attack this turn)', P + '的牌成为体力 2 的随从（本回合不能攻击）');
      case 'end_turn':
        return T(lang, P + ' ends the turn' + gdChance('en', ev, who), P + '结束回合' + gdChance('zh', ev, who));
      case 'win':
        return T(lang, P + ' wins the game', P + '赢得了游戏');
    }
    return T(lang, 'Event: ' + str(ev.type), '事件：' + str(ev.type));
  }

  /* a chance outcome's label: hit:E, hit:T, hit:E2 (a minion, 1-based) */
  function gdHitLabel(lang, label) {
    var m = /^hit:(E|T)(\d*)$/.exec(str(label));
    if (!m) return str(label);
    var who = m[1] === 'E' ? 'E' : 'teacher';
    return m[2] ? T(lang, gdPoss('en', who) + ' minion ' + m[2], gdName('zh', who) + '的第 ' + m[2] + ' 个随从') : gdName(lang, who);
  }
  /* a hit's target is chance, not a choice: the outcomes, their probabilities and 小E's chances after each */
  function gdChanceWhy(ev, lang, d) {
    var cands = arr(d.candidates).map(function (c, i) {
      var v = num(c.e_value) ? c.e_value : c.value;
      return { label: gdHitLabel(lang, c.label), value: pct(v), chosen: i === gdIdx(d),
               note: num(c.p) ? T(lang, 'probability ', '概率 ') + pct(c.p) : '' };
    });
    return {
      title: T(lang, 'Where the hit lands', '这一击落在哪里'),
      rule: gdRuleText(lang, d),
      candidates: cands
    };
  }

  function gdWhy(ev, lang) {
    var d = obj(ev.decision);
    if (!d) return null;
    if (d.rule === 'chance') return gdChanceWhy(ev, lang, d);
    var who = str(ev.player);
    var cands = arr(d.candidates).map(function (c, i) {
      var chosen = i === gdIdx(d), note = '';
      /* "tie": the engine's own test (within GOUDAN_TIE_EPS of the best) */
      if (!chosen && c.tie === true) note = T(lang, 'equal chance, later in the fixed order', '胜率相同，固定顺序靠后');
      else if (!chosen) note = T(lang, 'lower win chance', '胜率更低');
      return { label: gdOpLabel(lang, c, who), value: pct(c.value), chosen: chosen, note: note };
    });
    var ch = arr(d.candidates)[gdIdx(d)];
    return {
      title: T(lang, 'Why ' + gdName('en', who) + ' chooses to ' + (ch ? gdOpLabel('en', ch, who) : str(ev.type)),
               '为什么' + gdName('zh', who) + '选择' + (ch ? gdOpLabel('zh', ch, who) : str(ev.type))),
      rule: gdRuleText(lang, d) + T(lang, ' The chances are ' + gdPoss('en', who) + ' win probabilities.', '胜率指' + gdName('zh', who) + '的获胜概率。'),
      candidates: cands
    };
  }

  function gdDesc(lang, p) {
    var m = arr(p.minions).length;
    return T(lang, 'HP ' + hpOf(p) + ', ' + p.hand + (p.hand === 1 ? ' card, ' : ' cards, ') + m + (m === 1 ? ' minion' : ' minions'),
             '体力 ' + hpOf(p) + '，手牌 ' + p.hand + ' 张，随从 ' + m + ' 个');
  }

  function gdQuiz(ev, lang, ctx) {
    var d = obj(ev.decision);
    if (!d || d.rule === 'chance' || arr(d.candidates).length < 2) return null;
    var who = str(ev.player), opp = gdOther(who), s = states(ctx), me = gdSide(s.before, who), op = gdSide(s.before, opp);
    var pos = me && op ? T(lang, ' (' + gdName('en', who) + ': ' + gdDesc('en', me) + '; ' + gdName('en', opp) + ': ' + gdDesc('en', op) + ')',
                                 '（' + gdName('zh', who) + '：' + gdDesc('zh', me) + '；' + gdName('zh', opp) + '：' + gdDesc('zh', op) + '）') : '';
    var ch = arr(d.candidates)[gdIdx(d)];
    return {
      question: T(lang, 'Which operation gives ' + gdName('en', who) + ' the best chance to win?' + pos, '哪个操作能让' + gdName('zh', who) + '的胜率最大？' + pos),
      options: arr(d.candidates).map(function (c, i) { return { label: gdOpLabel(lang, c, who), correct: i === gdIdx(d) }; }),
      reason: gdRuleText(lang, d) + (ch ? T(lang, ' Best: ' + gdOpLabel('en', ch, who) + ', win chance ' + pct(ch.value) + '.', '最优：' + gdOpLabel('zh', ch, who) + '，胜率 ' + pct(ch.value) + '。') : '')
    };
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

  var narrate = guard(function (g, ev, lang, ctx) {
    if (g === 'mahjong') return mjNarrate(ev, lang, ctx);
    if (g === 'goudan') return gdNarrate(ev, lang, ctx);
    return T(lang, 'Event: ' + str(ev.type), '事件：' + str(ev.type));
  }, function (g, lang, ev) {
    return ev && typeof ev.type === 'string' && !leaked(ev.type) ? T(lang, 'Event: ' + ev.type, '事件：' + ev.type) : '';
  });

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
    if (g === 'mahjong') return mjWhy(ev, lang, ctx);
    if (g === 'goudan') return gdWhy(ev, lang, ctx);
    return null;
  }, function () { return null; });

  var quizzes = guard(function (g, ev, lang, ctx) {
    var q = null, d = record(ev);
    if (d) { q = recordQuiz(g, d, lang, ctx); return q ? [q] : []; }
    if (g === 'mahjong') return mjQuizzes(ev, lang, ctx);
    else if (g === 'goudan') q = gdQuiz(ev, lang, ctx);
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
    narrate: narrate,
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
  root.dsNarrate = api;
  if (typeof module === 'object' && module && module.exports) module.exports = api;
})(typeof globalThis !== 'undefined' ? globalThis : typeof window !== 'undefined' ? window : this);
