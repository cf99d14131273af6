/* deckscope narration: the page's side of the engine's words (issue 21).
 * Every sentence is the engine's: the caption is dsv_api_narrate
 * (<game>_narrate), the caption of step 0, a state's headline and what a step
 * changed are dsv_api_start / dsv_api_headline / dsv_api_changes, and the why
 * panel and the quiz show the decision record of dsv_api_event_json
 * (decision.text, each candidate's name, value and note, chosen, rule_choice,
 * forced). This file only lays the record out: it never compares values,
 * re-sorts candidates or assumes the move taken is the rule's
 * (tests/js/norules.test.mjs), and holds no words about a game.
 *
 * An ES module (its default export; window.deckscope.narrate in the page) that
 * node imports too. See docs/narration.md.
 *
 *   dsNarrate.why(game, ev, lang)           -> null | {rule, measure, forced, only, chosenName, ruleName,
 *                                              candidates: [{label (name), key (label), value, chosen, ruleChoice, reason, note}], claims?}
 *   dsNarrate.quiz(game, ev, lang, ctx)     -> null | {question, options: [{label, key, correct, value, note}], reason}
 *   dsNarrate.quizzes(game, ev, lang, ctx)  -> [quiz...]
 *   dsNarrate.record(ev), dsNarrate.valueText(decision, candidate, lang), dsNarrate.percent(v)
 *
 * ctx = {headline, step, steps}: headline is the engine's headline of the
 * state before the event (dsv_api_headline(step)), put in front of the quiz's
 * question; every part may be missing.
 */
'use strict';
import { dsGames } from '../games/index.js';

const dsNarrate = (function () {

  var GAMES = dsGames.ids;

  /* ---------- helpers ---------- */

  /** @param {unknown} lang */
  function isZh(lang) { return typeof lang === 'string' && /^zh/i.test(lang); }
  /** @param {unknown} lang @param {string} en @param {string} zh */
  function T(lang, en, zh) { return isZh(lang) ? zh : en; }
  /** @template X @param {X} x @returns {x is NonNullable<X>} */
  function has(x) { return x !== undefined && x !== null; }
  /** @param {unknown} x @returns {x is number} */
  function num(x) { return typeof x === 'number' && isFinite(x); }
  /** @param {unknown} x */
  function str(x) { return has(x) ? String(x) : ''; }
  /** @template X @param {X} x @returns {(X & object) | null} */
  function obj(x) { return x && typeof x === 'object' ? x : null; }
  /** @template X @param {X[] | null | undefined} x @returns {X[]} */
  function arr(x) { return Array.isArray(x) ? x : []; }
  /** @param {unknown} game  a game's id or its index in dsGames.ids */
  function gameName(game) {
    if (typeof game === 'number') return GAMES[game] || '';
    return String(game || '').toLowerCase();
  }
  /* a win probability as a percentage with 2 decimals, the page's one format
   * for goudan (the DP panel and canvas write the same); never rounds a
   * non-certain value to 0 or 100 */
  /** @param {unknown} v */
  function pct(v) {
    if (!num(v)) return '';
    if (v <= 0) return '0.00%';
    if (v >= 1) return '100.00%';
    if (v < 0.00005) return '<0.01%';
    if (v > 0.99995) return '>99.99%';
    return (v * 100).toFixed(2) + '%';
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
  /** @param {DsEvent | null | undefined} ev @returns {DsDecision | null} */
  function record(ev) {
    var d = obj(ev && ev.decision);
    if (!d || !Array.isArray(d.candidates) || !('rule_choice' in d) || !('forced' in d)) return null;
    return d;
  }
  /* A value as the engine writes it in its sentences (ds_say_pct, ds_say_value):
   * probabilities as a percentage with at most two decimals, trailing zeros
   * dropped, never rounded to 0 or 100 unless certain; other measures as the
   * number. Only the layout of a number: nothing is compared. */
  /** @param {number} v @param {unknown} lang */
  function sayPct(v, lang) {
    var sp = isZh(lang) ? '' : '\u00a0';
    if (!(v > 0)) return '0' + sp + '%';
    if (v >= 1) return '100' + sp + '%';
    if (v < 0.00005) return '<0.01' + sp + '%';
    if (v > 0.99995) return '>99.99' + sp + '%';
    return (v * 100).toFixed(2).replace(/0+$/, '').replace(/\.$/, '') + sp + '%';
  }
  /**
   * @param {{ measure?: string | null }} d  the record (only its measure is read)
   * @param {{ value?: unknown } | null | undefined} c  a candidate
   * @param {unknown} lang
   */
  function valueText(d, c, lang) {
    if (!c || !num(c.value)) return '';
    if (d.measure === 'win_chance' || d.measure === 'chance') return sayPct(c.value, lang);
    return String(c.value);
  }
  /** @param {DsDecision} d @param {string} label @returns {DsCandidate | null} */
  function candOf(d, label) {
    return arr(d.candidates).filter(function (c) { return c && c.label === label; })[0] || null;
  }
  /** @param {DsCandidate | null} c */
  function nameOf(c) { return c ? str(c.name) || str(c.label) : ''; }
  /* The why panel from the record: {rule, measure, forced, chosenName,
   * ruleName, candidates: [{label (the name), key (the engine's label),
   * value, chosen, ruleChoice, reason, note}]}. */
  /** @param {DsDecision} d @param {unknown} lang @returns {DsWhy} */
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
  /** @param {DsDecision} d */
  function isChance(d) {
    var r = candOf(d, d.rule_choice);
    return !!r && r.reason === 'chance';
  }
  /* "Which move does the rule make?" over the record's candidates, by their
   * names; the answer is rule_choice; each option carries its note (what the
   * engine says of it against the rule's choice); the reason is the rule's
   * sentence. ctx.headline (optional, the engine's headline of the state
   * before the event) is put in front of the question. */
  /**
   * @param {string} g @param {DsDecision} d @param {unknown} lang @param {DsQuizCtx | null | undefined} ctx
   * @returns {DsQuiz | null}
   */
  function recordQuiz(g, d, lang, ctx) {
    if (d.only || isChance(d) || arr(d.candidates).length < 2) return null;
    var c = obj(ctx), h = c && typeof c.headline === 'string' ? c.headline.replace(/[.。!！:：\s]+$/, '') : '';
    return {
      question: (h ? h + T(lang, '. ', '。') : '') + T(lang, 'Which move does the rule make?', '规则会怎么走？'),
      options: arr(d.candidates).map(function (c) {
        return { label: nameOf(c), key: str(c.label), correct: c.label === d.rule_choice,
                 value: valueText(d, c, lang), note: str(c.note) };
      }),
      reason: str(d.text)
    };
  }

  /* ====================== dispatch ====================== */

  /* A text that leaked a missing field: shown to nobody (the fallback is used instead). */
  /** @param {unknown} x */
  function leaked(x) {
    var s = typeof x === 'string' ? x : JSON.stringify(x);
    return /undefined|NaN|\[object/.test(s || '');
  }
  /**
   * @template R
   * @param {(g: string, ev: DsEvent, lang: unknown, ctx: DsQuizCtx | null | undefined) => R} fn
   * @param {(g: string, lang: unknown, ev?: DsEvent) => R} fallback
   * @returns {(game: unknown, ev: DsEvent | null | undefined, lang?: unknown, ctx?: DsQuizCtx | null) => R}
   */
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
  /** @param {DsEvent} ev @returns {DsWhyRow[]} */
  function recordClaims(ev) {
    return arr(ev.claims).filter(function (c) { return c && has(c.player); }).map(function (c) {
      return { label: str(c.player), key: str(c.player), value: num(c.dist) ? String(c.dist) : '',
               chosen: has(ev.claimed_by) && c.player === ev.claimed_by, note: str(c.text) };
    });
  }

  var why = guard(/** @returns {DsWhy | null} */ function (g, ev, lang) {
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

  var quizzes = guard(/** @returns {DsQuiz[]} */ function (g, ev, lang, ctx) {
    var d = record(ev), q = d ? recordQuiz(g, d, lang, ctx) : null;
    return q ? [q] : [];
  }, function () { return []; });

  /** @param {unknown} game @param {DsEvent | null | undefined} ev @param {unknown} [lang] @param {DsQuizCtx | null} [ctx] */
  function quiz(game, ev, lang, ctx) { var q = quizzes(game, ev, lang, ctx); return q.length ? q[0] : null; }

  var api = {
    version: 1,
    games: GAMES.slice(), /* games.js's list */
    why: why,
    quiz: quiz,
    quizzes: quizzes,
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
