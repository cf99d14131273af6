// teach.js - teaching tools of the main page, in the toolbar slot
// <div id="teach-tools">:
//   * "Share / Embed": the permalink to the exact view (the URL hash with the
//     current step) and an <iframe> snippet for embed.html, each with a copy
//     button (navigator.clipboard, falling back to a selected text field).
//   * "Check my output": paste or drop your program's output for the current
//     input; it is compared with the judge output (dsv_api_output), the first
//     difference is shown (line, expected, got) and the animation jumps to the
//     step where the paths split (docs/teaching.md, "Check my output").
//
// The comparison logic is pure and has no DOM: under node it is exported
// (module.exports) for tests/js/teach_*.test.mjs; in the page it is
// window.deckscopeTeach. Nothing here knows a game rule: it compares text and
// asks the engine (through the dsv_api_* exports) which step wrote a line.
'use strict';

(function (root) {
  const GOUDAN_TOLERANCE = 1e-6; // the official statement: absolute error <= 1e-6
  const GAMES = ['cirno', 'thegame', 'mahjong', 'goudan'];

  // ---- pure logic --------------------------------------------------------

  // The lines of a judge-style output: CR LF or CR become LF, whitespace at
  // the end of a line and blank lines at the end of the text are ignored (as
  // line-based judges do). Leading whitespace and inner spaces count.
  function outputLines(text) {
    const lines = String(text == null ? '' : text).replace(/\r\n?/g, '\n').split('\n')
      .map((l) => l.replace(/[ \t\f\v]+$/, ''));
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  // The first line where `got` differs from `expected`:
  //   null when they are equal, else {line (1-based), expected, got}, where
  //   expected/got is null when that text has no such line.
  function firstLineDiff(expected, got) {
    const a = outputLines(expected);
    const b = outputLines(got);
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const x = i < a.length ? a[i] : null;
      const y = i < b.length ? b[i] : null;
      if (x !== y) return { line: i + 1, expected: x, got: y };
    }
    return null;
  }

  // Real-number tokens (goudan answers, one per query). A token that is not
  // a finite number stays a string (it can never match).
  function numberTokens(text) {
    const toks = String(text == null ? '' : text).split(/\s+/).filter((t) => t !== '');
    return toks.map((t) => {
      const x = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
      return { text: t, value: Number.isFinite(x) ? x : null };
    });
  }

  // goudan: query by query with an absolute tolerance. Returns
  //   {queries, off (how many are off), first: null | {query (0-based),
  //    expected, got (text or null when missing), error (|got - expected| or
  //    null when not a number)}}. Extra tokens after the last query count as
  //   off (first.query = their index, expected null).
  function compareNumbers(expected, got, tolerance = GOUDAN_TOLERANCE) {
    const a = numberTokens(expected);
    const b = numberTokens(got);
    const n = Math.max(a.length, b.length);
    let off = 0;
    let first = null;
    for (let i = 0; i < n; i++) {
      const x = a[i];
      const y = b[i];
      let bad;
      let error = null;
      if (!x || !y || y.value === null || x.value === null) bad = true;
      else {
        error = Math.abs(y.value - x.value);
        // The judge's tolerance, with a little slack for the 9-digit
        // rounding of the expected value itself being compared in binary.
        bad = !(error <= tolerance * (1 + 1e-9));
      }
      if (bad) {
        off++;
        if (!first) first = { query: i, expected: x ? x.text : null, got: y ? y.text : null, error };
      }
    }
    return { queries: a.length, off, first };
  }

  // The smallest step s in 0..steps with lineAt(s) >= line (lineAt is
  // non-decreasing: the 1-based judge line written at s or before it), or -1
  // when no step reaches that line. O(log steps) calls.
  function firstStepReaching(steps, lineAt, line) {
    if (steps < 0 || lineAt(steps) < line) return -1;
    let lo = 0;
    let hi = steps;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lineAt(mid) >= line) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  const words = (s) => String(s == null ? '' : s).trim().split(/\s+/).filter((t) => t !== '');

  // thegame: the judge output is the final position (4 rows, hand, pile), so
  // no line is "written" before the end. Given the first differing line L
  // (1-based) and linesAt(s) -> the six judge lines of the state at step s:
  //   rows (L 1..4) only grow: the paths split at the first event after
  //     which the judge's row is no longer a prefix of yours (the judge put a
  //     card there that your program did not, or not in that order); if the
  //     judge's final row is a prefix of yours, your program went on playing
  //     after the judge's game ended: the split is the end.
  //   hand / pile (L 5, 6; the four rows are then equal, so the same cards
  //     were played in the same order): the split is the last event that
  //     changed that line in the judge's game.
  // Returns the step just after the splitting event (1..steps), so the view
  // shows that event, or 0 when steps is 0.
  function thegameSplitStep(steps, linesAt, line, gotLine) {
    if (steps <= 0) return 0;
    const L = line - 1;
    const lineOf = (s) => {
      const ls = String(linesAt(s)).replace(/\r\n?/g, '\n').split('\n');
      return L < ls.length ? ls[L] : '';
    };
    if (L >= 0 && L < 4) {
      const mine = words(gotLine);
      const isPrefix = (s) => {
        const w = words(lineOf(s));
        if (w.length > mine.length) return false;
        for (let i = 0; i < w.length; i++) if (w[i] !== mine[i]) return false;
        return true;
      };
      // The row grows with the steps, so "prefix of yours" holds on an
      // initial range of steps: binary search its end.
      if (isPrefix(steps)) return steps;
      if (!isPrefix(0)) return 0;
      let lo = 0;
      let hi = steps; // isPrefix(lo) && !isPrefix(hi)
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (isPrefix(mid)) lo = mid; else hi = mid;
      }
      return hi;
    }
    const last = lineOf(steps);
    let s = steps;
    while (s > 0 && lineOf(s - 1) === last) s--;
    return s === 0 ? steps : s;
  }

  // Compares `got` with the loaded game's judge output through `api`:
  //   api.game (0..3), api.output() (the judge output), api.steps(),
  //   api.outputLine(step), api.thegameLines(step), and for goudan
  //   api.goudanQuery() (the query played out now, 0-based).
  // Returns {game, same, line?, expected?, got?, step?, query?, error?,
  //          queries?, off?}: `step` (or `query` for goudan) is where the
  //   animation should go.
  function check(api, got) {
    const game = GAMES[api.game];
    const expected = api.output();
    if (game === 'goudan') {
      const r = compareNumbers(expected, got);
      const res = { game, same: !r.first, queries: r.queries, off: r.off };
      if (r.first) Object.assign(res, { line: r.first.query + 1, query: r.first.query,
                                        expected: r.first.expected, got: r.first.got, error: r.first.error });
      return res;
    }
    const d = firstLineDiff(expected, got);
    if (!d) return { game, same: true };
    const steps = api.steps();
    let step;
    if (game === 'thegame') step = thegameSplitStep(steps, api.thegameLines, d.line, d.got);
    else {
      step = firstStepReaching(steps, api.outputLine, d.line);
      if (step < 0) step = steps; // your output is longer than the judge's
    }
    return { game, same: false, line: d.line, expected: d.expected, got: d.got, step };
  }

  const logic = { GOUDAN_TOLERANCE, outputLines, firstLineDiff, numberTokens, compareNumbers,
                  firstStepReaching, thegameSplitStep, check };

  if (typeof module !== 'undefined' && module.exports) { module.exports = logic; return; }
  root.deckscopeTeach = logic;
  if (typeof document === 'undefined') return;

  // ---- the page --------------------------------------------------------------
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => setupPage(root, logic));
  else setupPage(root, logic);

  function setupPage() { /* filled in below (page integration) */ }
})(typeof window !== 'undefined' ? window : globalThis);
