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
// window.deckscope.teach. Nothing here knows a game rule: it compares text and
// asks the engine (through the dsv_api_* exports) which step wrote a line.
'use strict';
import { dsGames } from '../games/index.js';
import dsNarrate from '../core/narrate.js';
import { dsv } from '../core/binding.js';

// The module's API (window.deckscope.teach): the checker's logic (also under
// node, for tests and tools); the page part adds the Check and Share tools.
const teachApi = (function (/** @type {Window | typeof globalThis} */ root) {
  const GOUDAN_TOLERANCE = 1e-6; // the official statement: absolute error <= 1e-6
  const GAMES = dsGames.ids; // games.js: the one list

  // ---- pure logic --------------------------------------------------------

  // The lines of a judge-style output: CR LF or CR become LF, whitespace at
  // the end of a line and blank lines at the end of the text are ignored (as
  // line-based judges do). Leading whitespace and inner spaces count.
  /** @param {unknown} text @returns {string[]} */
  function outputLines(text) {
    const lines = String(text == null ? '' : text).replace(/\r\n?/g, '\n').split('\n')
      .map((l) => l.replace(/[ \t\f\v]+$/, ''));
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  // Reads the same lines as outputLines, one at a time, without building an
  // array (a cirno output can have 3e5 lines): next() is the next line with
  // its end trimmed, or null after the last.
  /** @param {unknown} text */
  function lineReader(text) {
    let s = String(text == null ? '' : text);
    if (s.indexOf('\r') >= 0) s = s.replace(/\r\n?/g, '\n');
    let pos = 0;
    return {
      /** @returns {string | null} */
      next() {
        if (pos > s.length) return null;
        let e = s.indexOf('\n', pos);
        if (e < 0) e = s.length;
        let end = e;
        for (;;) {
          const c = end > pos ? s.charCodeAt(end - 1) : -1;
          if (c === 32 || c === 9 || c === 11 || c === 12) end--; else break;
        }
        const line = s.slice(pos, end);
        pos = e + 1;
        return line;
      },
      // 1 when every line left is blank.
      restBlank() {
        for (let l = this.next(); l !== null; l = this.next()) if (l !== '') return false;
        return true;
      },
    };
  }

  // The first line where `got` differs from `expected`:
  //   null when they are equal, else {line (1-based), expected, got}, where
  //   expected/got is null when that text has no such line.
  /**
   * @param {unknown} expected @param {unknown} got
   * @returns {{ line: number, expected: string | null, got: string | null } | null}
   */
  function firstLineDiff(expected, got) {
    const a = lineReader(expected);
    const b = lineReader(got);
    let run = -1; // first index of the blank lines both have just before i
    for (let i = 0; ; i++) {
      const x = a.next();
      const y = b.next();
      if (x === y) {
        if (x === null) return null;
        if (x !== '') run = -1; else if (run < 0) run = i;
        continue;
      }
      // A blank line followed by blank lines only is the end of the text.
      const xEnd = x === null || (x === '' && a.restBlank());
      const yEnd = y === null || (y === '' && b.restBlank());
      if (xEnd && yEnd) return null;
      // If one text ended, its blank lines since `run` were its end too.
      if (xEnd && run >= 0) return { line: run + 1, expected: null, got: '' };
      if (yEnd && run >= 0) return { line: run + 1, expected: '', got: null };
      return { line: i + 1, expected: xEnd ? null : x, got: yEnd ? null : y };
    }
  }

  // How many lines outputLines(text) has.
  /** @param {unknown} text */
  function countLines(text) {
    const r = lineReader(text);
    let n = 0;
    let blanks = 0;
    for (let l = r.next(); l !== null; l = r.next()) {
      if (l === '') blanks++;
      else { n += blanks + 1; blanks = 0; }
    }
    return n;
  }

  // Real-number tokens (goudan answers, one per query). A token that is not
  // a finite number stays a string (it can never match).
  /** @param {unknown} text @returns {{ text: string, value: number | null }[]} */
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
  /**
   * @param {unknown} expected @param {unknown} got @param {number} [tolerance]
   * @returns {{ queries: number, off: number,
   *             first: { query: number, expected: string | null, got: string | null, error: number | null } | null }}
   */
  function compareNumbers(expected, got, tolerance = GOUDAN_TOLERANCE) {
    const a = numberTokens(expected);
    const b = numberTokens(got);
    const n = Math.max(a.length, b.length);
    let off = 0;
    /** @type {{ query: number, expected: string | null, got: string | null, error: number | null } | null} */
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
  /** @param {number} steps @param {(step: number) => number} lineAt @param {number} line */
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

  /** @param {unknown} s */
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
  /**
   * @param {number} steps @param {(step: number) => unknown} linesAt @param {number} line
   * @param {string | null} gotLine
   */
  function thegameSplitStep(steps, linesAt, line, gotLine) {
    if (steps <= 0) return 0;
    const L = line - 1;
    /** @param {number} s */
    const lineOf = (s) => {
      const ls = String(linesAt(s)).replace(/\r\n?/g, '\n').split('\n');
      return L < ls.length ? ls[L] : '';
    };
    if (L >= 0 && L < 4) {
      const mine = words(gotLine);
      /** @param {number} s */
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
  /**
   * @typedef {{ game: number, output(): string, steps(): number, outputLine(step: number): number,
   *             thegameLines(step: number): string, goudanQuery?(): number }} CheckApi
   * @typedef {{ game: string, same: boolean, line?: number, expected?: string | null, got?: string | null,
   *             step?: number, query?: number, error?: number | null, queries?: number, off?: number }} CheckResult
   */
  /** @param {CheckApi} api @param {unknown} got @returns {CheckResult} */
  function check(api, got) {
    const game = GAMES[api.game];
    const output = (dsGames.get(game) || { output: 'lines' }).output;
    const expected = api.output();
    if (output === 'queries') {
      const r = compareNumbers(expected, got);
      /** @type {CheckResult} */
      const res = { game, same: !r.first, queries: r.queries, off: r.off };
      if (r.first) Object.assign(res, { line: r.first.query + 1, query: r.first.query,
                                        expected: r.first.expected, got: r.first.got, error: r.first.error });
      return res;
    }
    const d = firstLineDiff(expected, got);
    if (!d) return { game, same: true };
    const steps = api.steps();
    let step;
    if (output === 'state') step = thegameSplitStep(steps, api.thegameLines, d.line, d.got);
    else {
      step = firstStepReaching(steps, api.outputLine, d.line);
      if (step < 0) step = steps; // your output is longer than the judge's
    }
    return { game, same: false, line: d.line, expected: d.expected, got: d.got, step };
  }

  const logic = { GOUDAN_TOLERANCE, outputLines, countLines, firstLineDiff, numberTokens, compareNumbers,
                  firstStepReaching, thegameSplitStep, check };

  if (typeof document === 'undefined') return logic;

  // ---- the page --------------------------------------------------------------
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => setupPage());
  else setupPage();

  function setupPage() {
    const found = 'deckscope' in root ? root.deckscope : undefined; // (under node there is none)
    const tools = document.getElementById('teach-tools');
    if (!found || !tools) return;
    /** @type {DeckscopePage} the page's API as this module starts (main.js's other modules may not have run yet) */
    const ds = found;
    const i18n = ds.i18n || { t: (/** @type {string} */ k) => k, add() {}, lang: 'en', onChange() {} };
    i18n.add({
      en: {
        'teach.share': 'Share / Embed',
        'teach.shareTitle': 'Share this view',
        'teach.link': 'Link to this exact view (game, input, step)',
        'teach.copy': 'Copy',
        'teach.longInput': 'This input is too long for a link: the link opens the game with a sample instead; share the input file with it.',
        'teach.localHost': 'This page runs on this computer ({host}): these links work only here. To share them, publish the site (make web, then copy build/dist to any web server, or use the project\'s GitHub Pages), or serve it to a classroom network with HOST=0.0.0.0 make serve.',
        'teach.copied': 'Copied to the clipboard.',
        'teach.copyManual': 'Selected: press Ctrl+C (⌘C) to copy.',
        'teach.embed': 'Embed it in a page (iframe)',
        'teach.controls': 'Controls',
        'teach.controlsFull': 'full',
        'teach.controlsMini': 'play and scrubber',
        'teach.controlsNone': 'none',
        'teach.autoplay': 'Autoplay',
        'teach.loop': 'Loop',
        'teach.dpView': 'DP view',
        'teach.from': 'From step',
        'teach.to': 'to',
        'teach.size': 'Size (px)',
        'teach.heightLabel': 'Height (px)',
        'teach.preview': 'Open the embed',
        'teach.offlineEmbed': 'Embedding needs the web version of deckscope (embed.html beside index.html); this page is the one-file offline copy.',
        'teach.close': 'Close',
        'teach.check': 'Check my output',
        'teach.checkTitle': 'Check my output',
        'teach.checkHint': 'Paste what your program prints for the current input, or drop its output file here. It is compared with the judge output line by line (spaces at line ends and blank lines at the end do not count).',
        'teach.checkHintGoudan': 'Paste what your program prints for the current input, or drop its output file here. Each query’s answer is right within an absolute error of 1e-6.',
        'teach.checkText': 'Your output',
        'teach.openFile': 'Open a file…',
        'teach.compare': 'Compare',
        'teach.jumpAgain': 'Show that step again',
        'teach.noGame': 'Load a game first.',
        'teach.busy': 'Still solving: try again when the game is ready.',
        'teach.same': '✓ Same as the judge output ({n} lines).',
        'teach.sameGoudan': '✓ All {n} answers are within 1e-6 of the judge’s.',
        'teach.differs': '✗ Line {line} differs.',
        'teach.expected': 'Judge',
        'teach.got': 'Yours',
        'teach.missing': '(no such line)',
        'teach.jumped': 'The view moved to step {step}: the judge’s step that your output does not follow.',
        'teach.jumpedStart': 'The view moved to the start: the difference is there from the beginning.',
        'teach.jumpedEnd': 'The view moved to the end (step {step}): your output goes on after the judge’s ends.',
        'teach.thegameRow': 'thegame prints the final position: the view moved to step {step}, the first judge move that your row {line} does not contain.',
        'teach.thegameOther': 'thegame prints the final position: the rows are equal; the view moved to step {step}, where the judge’s line {line} last changed.',
        'teach.goudanOff': '✗ Query {q} is off ({off} of {n} answers are off).',
        'teach.goudanError': 'Error {e}, allowed 1e-6.',
        'teach.goudanJump': 'The view now plays out query {q} under optimal play.',
        'teach.judgeStep': 'The judge’s move there: {caption}.',
        'teach.jumpedMove': 'The view moved to step {step}, the judge’s move your output does not follow: {caption}.',
        'teach.ruleBroken': 'The rule your output does not follow:',
        'teach.ruleRecord': 'That step is not a choice; the engine’s record says:',
        'teach.ruleChanges': 'That step is not a choice; what it changed:',
        'teach.ruleNone': 'No rule chooses anything at that step: compare your program’s state with the one on the canvas.',
      },
      zh: {
        'teach.share': '分享 / 嵌入',
        'teach.shareTitle': '分享当前视图',
        'teach.link': '指向当前视图的链接（游戏、输入、步数）',
        'teach.copy': '复制',
        'teach.longInput': '输入太长，无法放进链接：链接会打开样例；请把输入文件一起分享。',
        'teach.localHost': '本页运行在这台电脑上（{host}）：这些链接只在本机有效。要分享，请先发布网站（make web，再把 build/dist 复制到任意网页服务器，或使用项目的 GitHub Pages），或用 HOST=0.0.0.0 make serve 在教室网络中提供。',
        'teach.copied': '已复制到剪贴板。',
        'teach.copyManual': '已选中：按 Ctrl+C（⌘C）复制。',
        'teach.embed': '嵌入网页（iframe）',
        'teach.controls': '控件',
        'teach.controlsFull': '完整',
        'teach.controlsMini': '播放和进度条',
        'teach.controlsNone': '无',
        'teach.autoplay': '自动播放',
        'teach.loop': '循环',
        'teach.dpView': 'DP 视图',
        'teach.from': '从第',
        'teach.to': '步到',
        'teach.size': '尺寸（像素）',
        'teach.heightLabel': '高度（像素）',
        'teach.preview': '打开嵌入页',
        'teach.offlineEmbed': '嵌入需要网页版 deckscope（index.html 旁的 embed.html）；本页是单文件离线版。',
        'teach.close': '关闭',
        'teach.check': '检查我的输出',
        'teach.checkTitle': '检查我的输出',
        'teach.checkHint': '粘贴你的程序对当前输入的输出，或把输出文件拖到这里。逐行与标准输出比较（行末空格和末尾空行不计）。',
        'teach.checkHintGoudan': '粘贴你的程序对当前输入的输出，或把输出文件拖到这里。每个询问的答案绝对误差不超过 1e-6 即为正确。',
        'teach.checkText': '你的输出',
        'teach.openFile': '打开文件…',
        'teach.compare': '比较',
        'teach.jumpAgain': '再次显示那一步',
        'teach.noGame': '请先载入一局游戏。',
        'teach.busy': '仍在求解：请在完成后再试。',
        'teach.same': '✓ 与标准输出相同（{n} 行）。',
        'teach.sameGoudan': '✓ 全部 {n} 个答案与标准答案的误差都在 1e-6 以内。',
        'teach.differs': '✗ 第 {line} 行不同。',
        'teach.expected': '标准',
        'teach.got': '你的',
        'teach.missing': '（没有这一行）',
        'teach.jumped': '视图已跳到第 {step} 步：你的输出没有跟上标准程序的这一步。',
        'teach.jumpedStart': '视图已跳到开头：差异从一开始就存在。',
        'teach.jumpedEnd': '视图已跳到结尾（第 {step} 步）：标准输出结束后你的输出还在继续。',
        'teach.thegameRow': 'thegame 输出最终局面：视图已跳到第 {step} 步，即你的第 {line} 行没有包含的第一个标准操作。',
        'teach.thegameOther': 'thegame 输出最终局面：四行相同；视图已跳到第 {step} 步，即标准第 {line} 行最后一次改变的地方。',
        'teach.goudanOff': '✗ 第 {q} 个询问不对（{n} 个中有 {off} 个不对）。',
        'teach.goudanError': '误差 {e}，允许 1e-6。',
        'teach.goudanJump': '视图现在演示第 {q} 个询问在最优策略下的对局。',
        'teach.judgeStep': '标准程序在这一步：{caption}。',
        'teach.jumpedMove': '视图已跳到第 {step} 步，即你的输出没有跟上的标准操作：{caption}。',
        'teach.ruleBroken': '你的输出没有遵守的规则：',
        'teach.ruleRecord': '这一步不是决策；引擎的记录：',
        'teach.ruleChanges': '这一步不是决策；它带来的变化：',
        'teach.ruleNone': '这一步没有规则做出选择：请把你的程序的状态与画布上的对比。',
      },
    });
    /** @param {string} k @param {Record<string, unknown>} [v] @returns {string} */
    const t = (k, v) => i18n.t(k, v);
    const h = i18n.el;
    // A constructed stylesheet, not a <style> element: the page's
    // Content-Security-Policy (style-src 'self') blocks inline <style>.
    const style = new CSSStyleSheet();
    style.replaceSync(`
.teach-tools { display: inline-flex; gap: .4rem; }
.teach-dialog { width: min(40rem, 94vw); }
.teach-dialog h2 { margin: 0 0 .6rem; font-size: 1.1rem; }
.teach-dialog h3 { margin: .9rem 0 .3rem; font-size: .95rem; }
.teach-row { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
.teach-row input[type=text], .teach-dialog textarea { flex: 1 1 16rem; min-width: 0; font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace;
  color: inherit; background: transparent; border: 1px solid var(--edge, #ccc); border-radius: 6px; padding: .35rem .5rem; }
.teach-dialog textarea { width: 100%; resize: vertical; }
.teach-row input[type=number] { width: 4.6rem; font: inherit; }
.teach-row select { width: auto; }
.teach-row .teach-size { display: inline-flex; gap: .3rem; align-items: center; white-space: nowrap; }
.teach-row label { display: inline-flex; gap: .3rem; align-items: center; font-size: .9rem; }
.teach-note { color: var(--muted, #666); font-size: .85rem; margin: .3rem 0; }
.teach-status { min-height: 1.2em; font-size: .85rem; color: var(--muted, #666); margin: .2rem 0 0; }
.teach-warn { color: inherit; border-left: 4px solid var(--bad, #c62828); padding: .2rem .5rem; }
#teach-check-dialog { position: fixed; inset: auto 1rem 1rem auto; margin: 0; z-index: 20; box-shadow: 0 8px 30px rgba(0,0,0,.3); }
/* In the main page the check panel is docked in the side column, right above
   the why panel (which explains the judge's move at the step it jumps to):
   in the flow, so it never covers it. */
#teach-check-dialog.docked { position: static; inset: auto; z-index: auto; width: auto; max-width: none; box-shadow: none;
  border-radius: 10px; padding: .7rem .8rem; border-color: var(--accent, #1f6fd1); }
#teach-check-dialog.docked h2 { font-size: .95rem; margin: 0 0 .3rem; }
#teach-check-dialog.docked #teach-check-text { height: 7.5rem; min-height: 3rem; }
#teach-check-dialog.docked.has-result #teach-check-text { height: 3.2rem; }
#teach-check-dialog.docked.has-result #teach-check-hint { display: none; }
/* With a result, the panel and then the why panel come first in the side
   column, the judge output after them (the result quotes the judge's line):
   both are in view without scrolling on a 1100x800 screen. */
.check-first > #teach-check-dialog { order: -2; }
.check-first > #why-panel { order: -1; }
/* (and the judge output, whose current line moves with every step, is no
   scroll anchor: the browser would follow it down the page) */
.check-first > #output-panel { overflow-anchor: none; }
#teach-check-dialog.docked .teach-result { font-size: .9rem; }
.teach-result .teach-rule { border-left: 4px solid var(--bad, #c62828); padding: .15rem .5rem; }
.teach-result .teach-rule strong { display: block; }
#teach-check-text.drag { outline: 2px dashed var(--accent, #1f6fd1); }
.teach-result { margin-top: .6rem; }
.teach-result .ok { color: #2e7d32; font-weight: 600; }
.teach-result .bad { color: var(--bad, #c62828); font-weight: 600; }
.teach-result dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem .6rem; margin: .4rem 0; }
.teach-result dt { color: var(--muted, #666); }
.teach-result dd { margin: 0; font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; word-break: break-all; }
.teach-result p { margin: .3rem 0; }
.teach-result mark { background: rgba(229, 57, 53, .22); color: inherit; border-radius: 2px; }
@media (prefers-color-scheme: dark) { .teach-result .ok { color: #81c784; } }
:root[data-theme="dark"] .teach-result .ok { color: #81c784; }
:root[data-theme="light"] .teach-result .ok { color: #2e7d32; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, style];

    const offline = location.protocol === 'file:' || document.documentElement.dataset.offline === '1';
    const M = () => ds.module;
    const C = () => dsv(M()); // the exports (core/binding.js)

    // ---- the buttons ----------------------------------------------------------
    const shareBtn = h('button', { type: 'button', id: 'teach-share', 'aria-haspopup': 'dialog', i18n: 'teach.share' }, t('teach.share'));
    const checkBtn = h('button', { type: 'button', id: 'teach-check', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', i18n: 'teach.check' }, t('teach.check'));
    tools.append(shareBtn, checkBtn);

    // ---- hash helpers ------------------------------------------------------------
    /** @typedef {[string, string | number]} Param */
    /** @returns {Param[]} */
    function hashParams() {
      /** @type {Param[]} */
      const out = [];
      for (const part of location.hash.replace(/^#/, '').split('&')) {
        if (!part) continue;
        const k = part.indexOf('=');
        out.push([k < 0 ? part : part.slice(0, k), k < 0 ? '' : part.slice(k + 1)]);
      }
      return out;
    }
    /** @param {Param[]} list @param {Record<string, unknown>} set  null/undefined/false: left out */
    function withParams(list, set) {
      const out = list.filter(([k]) => !(k in set));
      for (const [k, v] of Object.entries(set)) if (v !== null && v !== undefined && v !== false) out.push([k, String(v)]);
      return out.map(([k, v]) => (v === '' ? k : k + '=' + v)).join('&');
    }
    const MAX_LINK_INPUT = 6000; // as the page: longer inputs are not put in URLs
    /** @param {string} text */
    function b64url(text) {
      const bytes = new TextEncoder().encode(text);
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 0x8000)));
      return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    }
    // The view as URL hash parameters, from window.deckscope itself (the
    // page writes location.hash a moment after each change, so it may lag).
    let inputTooLong = false;
    function viewParams() {
      inputTooLong = false;
      const src = ds.source;
      if (!ds.game || !src) return hashParams();
      const now = new Map(hashParams());
      /** @type {Param[]} */
      const list = [['game', ds.game]];
      if ('sample' in src && src.sample) list.push(['sample', src.sample]);
      else if ('seed' in src && src.seed !== undefined) list.push(['seed', src.seed]);
      else if ('input' in src && src.input !== undefined) {
        const enc = b64url(src.input);
        if (enc.length <= MAX_LINK_INPUT) list.push(['input', enc]); else inputTooLong = true;
      }
      if (dsGames.queries(ds.game) && !ds.busy) {
        const q = C().goudan_query() + 1;
        if (q > 1) list.push(['query', q]);
        const qseed = now.get('qseed'); // (a Map of strings: has() is get() !== undefined)
        if (now.get('game') === ds.game && qseed !== undefined) list.push(['qseed', qseed]);
      }
      if (ds.steps) list.push(['step', ds.step]);
      if (ds.speed && ds.speed !== 1) list.push(['speed', ds.speed]);
      if (i18n.lang) list.push(['lang', i18n.lang]);
      return list;
    }
    const viewHash = () => withParams(viewParams(), {});

    // ---- share / embed dialog ------------------------------------------------------
    const link = h('input', { type: 'text', id: 'teach-link', readonly: true, 'aria-labelledby': 'teach-link-label' });
    const linkCopy = h('button', { type: 'button', id: 'teach-link-copy', i18n: 'teach.copy' }, t('teach.copy'));
    const snippet = h('textarea', { id: 'teach-snippet', rows: '3', readonly: true, 'aria-labelledby': 'teach-embed-label' });
    const snippetCopy = h('button', { type: 'button', id: 'teach-snippet-copy', i18n: 'teach.copy' }, t('teach.copy'));
    const controlsSel = h('select', { id: 'teach-controls' },
      h('option', { value: 'full', i18n: 'teach.controlsFull' }, t('teach.controlsFull')),
      h('option', { value: 'mini', i18n: 'teach.controlsMini' }, t('teach.controlsMini')),
      h('option', { value: 'none', i18n: 'teach.controlsNone' }, t('teach.controlsNone')));
    const autoplay = h('input', { type: 'checkbox', id: 'teach-autoplay' });
    const loop = h('input', { type: 'checkbox', id: 'teach-loop' });
    const dpView = h('input', { type: 'checkbox', id: 'teach-dp' });
    const from = h('input', { type: 'number', id: 'teach-from', min: '0', placeholder: '0' });
    const to = h('input', { type: 'number', id: 'teach-to', min: '0' });
    const width = h('input', { type: 'number', id: 'teach-width', min: '200', value: '800' });
    const height = h('input', { type: 'number', id: 'teach-height', min: '150', value: '500',
      'aria-label': t('teach.heightLabel'), 'data-i18n-aria': 'teach.heightLabel' });
    const preview = h('a', { id: 'teach-preview', target: '_blank', rel: 'noopener', i18n: 'teach.preview' }, t('teach.preview'));
    const shareStatus = h('p', { class: 'teach-status', id: 'teach-share-status', role: 'status', 'aria-live': 'polite' });
    const longNote = h('p', { class: 'teach-note', id: 'teach-long-input', hidden: true, i18n: 'teach.longInput' }, t('teach.longInput'));
    // Links to 127.0.0.1 / localhost work for nobody else: say so, and how to publish.
    const localHost = /^(localhost|127(\.\d+){3}|\[::1\])$/.test(location.hostname);
    const localNote = h('p', { class: 'teach-note teach-warn', id: 'teach-local-host', hidden: !localHost || offline });
    /** @param {string} key @param {HTMLElement} input */
    const lbl = (key, input) => h('label', {}, h('span', { i18n: key }, t(key)), input);
    const embedPart = offline
      ? h('p', { class: 'teach-note', i18n: 'teach.offlineEmbed' }, t('teach.offlineEmbed'))
      : h('div', {},
        h('div', { class: 'teach-row' }, lbl('teach.controls', controlsSel), lbl('teach.autoplay', autoplay),
          lbl('teach.loop', loop), lbl('teach.dpView', dpView)),
        h('div', { class: 'teach-row' }, lbl('teach.from', from), lbl('teach.to', to),
          h('span', { class: 'teach-size' }, lbl('teach.size', width), '×', height)),
        h('div', { class: 'teach-row' }, snippet, snippetCopy), preview);
    const shareDialog = h('dialog', { id: 'teach-share-dialog', class: 'teach-dialog', 'aria-labelledby': 'teach-share-title' },
      h('h2', { id: 'teach-share-title', i18n: 'teach.shareTitle' }, t('teach.shareTitle')),
      h('h3', { id: 'teach-link-label', i18n: 'teach.link' }, t('teach.link')),
      localNote,
      h('div', { class: 'teach-row' }, link, linkCopy),
      longNote,
      h('h3', { id: 'teach-embed-label', i18n: 'teach.embed' }, t('teach.embed')),
      embedPart, shareStatus,
      h('form', { method: 'dialog' }, h('button', { id: 'teach-share-close', i18n: 'teach.close' }, t('teach.close'))));
    document.body.appendChild(shareDialog);

    /** @param {string} s */
    const escAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    function embedUrl() {
      /** @type {Record<string, unknown>} */
      const set = {
        controls: controlsSel.value === 'full' ? null : controlsSel.value,
        autoplay: autoplay.checked ? 1 : null,
        loop: loop.checked ? 1 : null,
        view: dpView.checked ? 'dp' : null,
        from: from.value !== '' ? Math.max(0, Math.floor(Number(from.value))) : null,
        to: to.value !== '' ? Math.max(0, Math.floor(Number(to.value))) : null,
      };
      if (set.from !== null) set.step = null; // the range opens at its start
      const hash = withParams(viewParams(), set);
      return new URL('embed.html', location.href).href.replace(/#.*$/, '') + (hash ? '#' + hash : '');
    }
    function refreshShare() {
      const base = location.href.replace(/#.*$/, '');
      const hash = viewHash();
      link.value = base + (hash ? '#' + hash : '');
      longNote.hidden = !inputTooLong;
      localNote.textContent = t('teach.localHost', { host: location.host });
      if (offline) return;
      const url = embedUrl();
      const w = Math.max(200, Number(width.value) || 800);
      const hh = Math.max(150, Number(height.value) || 500);
      snippet.value = `<iframe src="${escAttr(url)}" width="${w}" height="${hh}" style="border:0;max-width:100%" ` +
        `title="deckscope${ds.game ? ': ' + ds.game : ''}" loading="lazy" allow="clipboard-write"></iframe>`;
      preview.href = url;
    }
    for (const e of [controlsSel, autoplay, loop, dpView, from, to, width, height]) {
      e.addEventListener('input', refreshShare);
      e.addEventListener('change', refreshShare);
    }
    /** @param {string} text @param {HTMLInputElement | HTMLTextAreaElement} field */
    async function copy(text, field) {
      try {
        if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        shareStatus.textContent = t('teach.copied');
      } catch (e) {
        // Fallback: select the text (and try the old copy command).
        field.focus();
        field.select();
        let ok;
        try { ok = document.execCommand('copy'); } catch (e2) { ok = false; }
        shareStatus.textContent = t(ok ? 'teach.copied' : 'teach.copyManual');
      }
    }
    linkCopy.addEventListener('click', () => copy(link.value, link));
    snippetCopy.addEventListener('click', () => copy(snippet.value, snippet));
    /** @type {HTMLOrSVGElement | null} */
    let shareReturn = null;
    shareBtn.addEventListener('click', () => {
      shareReturn = /** @type {HTMLOrSVGElement | null} */ (document.activeElement); // (.focus checked when used)
      dpView.checked = ds.mode === 1;
      shareStatus.textContent = '';
      refreshShare();
      shareDialog.showModal();
      link.focus();
      link.select();
    });
    shareDialog.addEventListener('close', () => { if (shareReturn && shareReturn.focus) shareReturn.focus(); });
    for (const ev of ['step', 'load', 'speed', 'lang']) ds.on(ev, () => { if (shareDialog.open) refreshShare(); });

    // ---- check my output ---------------------------------------------------------------
    const checkText = h('textarea', { id: 'teach-check-text', rows: '8', spellcheck: 'false', 'aria-labelledby': 'teach-check-label' });
    const fileInput = h('input', { type: 'file', id: 'teach-check-file', accept: '.txt,.out,.ans,text/plain', hidden: true });
    const fileBtn = h('button', { type: 'button', id: 'teach-check-open', i18n: 'teach.openFile' }, t('teach.openFile'));
    const runBtn = h('button', { type: 'button', id: 'teach-check-run', i18n: 'teach.compare' }, t('teach.compare'));
    const hint = h('p', { class: 'teach-note', id: 'teach-check-hint' });
    const result = h('div', { class: 'teach-result', id: 'teach-check-result', role: 'status', 'aria-live': 'polite' });
    const closeBtn = h('button', { type: 'button', id: 'teach-check-close', i18n: 'teach.close' }, t('teach.close'));
    const checkDialog = h('dialog', { id: 'teach-check-dialog', class: 'teach-dialog', 'aria-labelledby': 'teach-check-title' },
      h('h2', { id: 'teach-check-title', i18n: 'teach.checkTitle' }, t('teach.checkTitle')),
      hint,
      h('label', { id: 'teach-check-label', class: 'sr-only', i18n: 'teach.checkText' }, t('teach.checkText')),
      checkText,
      h('div', { class: 'teach-row' }, runBtn, fileBtn, fileInput, h('span', { style: 'flex:1' }), closeBtn),
      result);
    const whyPanel = document.getElementById('why-panel');
    if (whyPanel && whyPanel.parentNode) { checkDialog.classList.add('docked'); whyPanel.before(checkDialog); }
    else document.body.appendChild(checkDialog);

    const setHint = () => { hint.textContent = t(dsGames.queries(ds.game) ? 'teach.checkHintGoudan' : 'teach.checkHint'); };
    /** @typedef {CheckResult | { message: string }} Shown  a verdict, or why there is none */
    /** @type {Shown | null} */
    let lastResult = null;
    function openCheck() {
      setHint();
      if (!checkDialog.open) checkDialog.show(); // not modal: the canvas stays usable
      placeFirst();
      checkBtn.setAttribute('aria-expanded', 'true');
      checkText.focus({ preventScroll: true });
      // docked below the judge output: bring it into view (on a phone it is far down)
      if (checkDialog.classList.contains('docked')) {
        const r = checkDialog.getBoundingClientRect();
        if (r.top < 0 || r.top > window.innerHeight - 120) checkDialog.scrollIntoView({ block: 'start', behavior: 'instant' });
      }
    }
    function closeCheck() {
      if (checkDialog.open) checkDialog.close();
    }
    checkDialog.addEventListener('close', () => {
      placeFirst();
      checkBtn.setAttribute('aria-expanded', 'false');
      checkBtn.focus({ preventScroll: true });
    });
    checkBtn.addEventListener('click', () => (checkDialog.open ? closeCheck() : openCheck()));
    closeBtn.addEventListener('click', closeCheck);
    checkDialog.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); closeCheck(); }
    });
    fileBtn.addEventListener('click', () => fileInput.click());
    fileInput.addEventListener('change', async () => {
      const f = fileInput.files && fileInput.files[0];
      if (f) { checkText.value = await f.text(); runCheck(); }
      fileInput.value = '';
    });
    checkText.addEventListener('dragover', (/** @type {DragEvent} */ e) => { e.preventDefault(); checkText.classList.add('drag'); });
    checkText.addEventListener('dragleave', () => checkText.classList.remove('drag'));
    checkText.addEventListener('drop', async (/** @type {DragEvent} */ e) => {
      const f = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
      checkText.classList.remove('drag');
      if (!f) return;
      e.preventDefault();
      checkText.value = await f.text();
      runCheck();
    });
    runBtn.addEventListener('click', () => runCheck());
    checkText.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); e.stopPropagation(); runCheck(); }
    });

    // What check() needs, read from the engine through the page's module.
    // The judge output only changes with a load: decoded once per load.
    /** @type {string | null} */
    let judgeText = null;
    /** @returns {CheckApi} */
    function engineApi() {
      return {
        game: ds.game ? GAMES.indexOf(ds.game) : -1,
        output() {
          let text = judgeText;
          if (text === null) {
            const len = C().output_len();
            const ptr = C().output();
            text = judgeText = len > 0 ? String(M().UTF8ToString(ptr, len)) : '';
          }
          return text;
        },
        steps: () => C().steps(),
        outputLine: (/** @type {number} */ s) => C().output_line(s),
        thegameLines: (/** @type {number} */ s) => C().thegame_lines(s),
      };
    }
    /** @param {number} step */
    function showStep(step) {
      ds.pause();
      // Land just before the splitting event, then play it.
      if (step > 0) { ds.seek(step - 1, false); ds.seek(step, true); } else ds.seek(0, false);
    }
    /** @param {number} q  0-based */
    function showQuery(q) {
      const list = hashParams().filter(([k]) => k !== 'step');
      location.hash = withParams(list, { query: q + 1 });
    }
    /** @param {string | null | undefined} s */
    const codeText = (s) => (s === null || s === undefined ? t('teach.missing') : s === '' ? '""' : s);
    // The judge's move at the step the view jumps to (the event step-1 ->
    // step, which wrote the first differing line) and the rule of its
    // decision record, as the why panel shows it there (deckscope.why() at
    // that step: narrate.js's why() of the same event and states).
    /** @param {string | null | undefined} x */
    const parseJson = (x) => { try { return x ? JSON.parse(x) : null; } catch (e) { return null; } };
    /** @typedef {{ rule: string, raw: string, caption: string, changes: string[] }} JudgeStep */
    /** @param {number | undefined} step @returns {JudgeStep | null} */
    function decisionAt(step) {
      if (step === undefined || !(step > 0) || step > C().steps()) return null;
      const ev = parseJson(C().event_json(step - 1));
      if (!ev) return null;
      const N = dsNarrate;
      const ctx = { stateBefore: parseJson(C().state_json(step - 1)),
                    stateAfter: parseJson(C().state_json(step)),
                    step, steps: ds.steps };
      /** @type {DsWhy | null} */
      let why = null;
      /** @type {unknown} */
      let caption = '';
      /** @type {string[]} */
      let changes = [];
      if (N) {
        try { why = N.why ? N.why(ds.game, ev, i18n.lang, ctx) : null; } catch (e) { why = null; }
        // the page's caption at that step: the engine's sentence (app.js)
        try { caption = ds.captionAt ? ds.captionAt(step) : ''; } catch (e) { caption = ''; }
        // what the event changed, the engine's sentences (<game>_changes, one a line)
        try { changes = String(C().changes(step - 1) || '').split('\n').filter((s) => s !== ''); } catch (e) { changes = []; }
      }
      // The engine's record of that event, in the view's language: its sentence.
      const rec = ev.decision;
      const raw = rec && typeof rec === 'object' ? String(rec.text || '') : '';
      return { rule: why && why.rule ? String(why.rule) : '', raw, caption: String(caption || ''),
               changes: Array.isArray(changes) ? changes.map(String) : [] };
    }
    /** @param {unknown} x */
    const noStop = (x) => String(x).replace(/[.。]$/, '');
    /** @param {JudgeStep | null} d @param {boolean} said */
    function renderRule(d, said) {
      if (!d) return;
      if (d.caption && !said) result.append(h('p', { id: 'teach-judge-step' }, t('teach.judgeStep', { caption: noStop(d.caption) })));
      if (d.rule) result.append(h('p', { id: 'teach-rule', class: 'teach-rule' }, h('strong', {}, t('teach.ruleBroken')), d.rule));
      else if (d.raw) result.append(h('p', { id: 'teach-rule', class: 'teach-rule teach-note' }, h('strong', {}, t('teach.ruleRecord')), d.raw));
      else if (d.changes.length) {
        result.append(h('p', { id: 'teach-rule', class: 'teach-rule teach-note' }, h('strong', {}, t('teach.ruleChanges')),
          d.changes.join(/^zh/i.test(i18n.lang) ? '；' : '; ')));
      }
      else result.append(h('p', { id: 'teach-rule', class: 'teach-note' }, t('teach.ruleNone')));
    }
    function placeFirst() {
      const col = checkDialog.classList.contains('docked') && checkDialog.parentElement;
      if (col && col.classList) col.classList.toggle('check-first', checkDialog.open && checkDialog.classList.contains('has-result'));
    }
    // (a message is never empty: 'message' in r is r.message)
    /** @param {Shown | null} r */
    function render(r) {
      result.textContent = '';
      checkDialog.classList.toggle('has-result', !!r && !('message' in r));
      placeFirst();
      if (!r) return;
      if ('message' in r) { result.append(h('p', { class: 'bad' }, r.message)); return; }
      const output = (dsGames.get(r.game) || { output: 'lines' }).output, queries = output === 'queries';
      if (r.same) {
        const n = queries ? r.queries : logic.countLines(engineApi().output());
        result.append(h('p', { class: 'ok' }, t(queries ? 'teach.sameGoudan' : 'teach.same', { n })));
        return;
      }
      // (a verdict that differs has its query (goudan), else its line and step: check())
      const query = r.query ?? 0, line = r.line ?? 0, step = r.step ?? 0;
      if (queries) {
        result.append(h('p', { class: 'bad' }, t('teach.goudanOff', { q: query + 1, off: r.off, n: r.queries })));
      } else {
        result.append(h('p', { class: 'bad' }, t('teach.differs', { line: r.line })));
      }
      // The common beginning plain, where they part marked.
      let same = 0;
      if (typeof r.expected === 'string' && typeof r.got === 'string') {
        while (same < r.expected.length && same < r.got.length && r.expected[same] === r.got[same]) same++;
      }
      /** @param {string} id @param {string | null | undefined} s */
      const dd = (id, s) => {
        const e = h('dd', { id });
        if (typeof s !== 'string' || s === '') { e.textContent = codeText(s); return e; }
        e.append(s.slice(0, same));
        if (same < s.length) e.append(h('mark', {}, s.slice(same)));
        return e;
      };
      result.append(h('dl', {},
        h('dt', {}, t('teach.expected')), dd('teach-expected', r.expected),
        h('dt', {}, t('teach.got')), dd('teach-got', r.got)));
      let why;
      const d = !queries && r.expected !== null ? decisionAt(r.step) : null;
      let said = false;
      if (queries) {
        if (r.error !== null && r.error !== undefined) result.append(h('p', {}, t('teach.goudanError', { e: r.error.toExponential(2) })));
        why = t('teach.goudanJump', { q: query + 1 });
      } else if (output === 'state') {
        why = t(line <= 4 ? 'teach.thegameRow' : 'teach.thegameOther', { step: r.step, line: r.line });
      } else if (r.step === 0) why = t('teach.jumpedStart');
      else if (r.expected === null) why = t('teach.jumpedEnd', { step: r.step });
      else if (d && d.caption) { why = t('teach.jumpedMove', { step: r.step, caption: noStop(d.caption) }); said = true; }
      else why = t('teach.jumped', { step: r.step });
      result.append(h('p', { id: 'teach-why' }, why));
      renderRule(d, said);
      if (!queries) {
        const again = h('button', { type: 'button', id: 'teach-check-jump' }, t('teach.jumpAgain'));
        again.addEventListener('click', () => showStep(step));
        result.append(again);
      }
    }
    /** @returns {Shown} */
    function runCheck() {
      /** @type {Shown} */
      let r;
      if (!ds.game || !ds.steps && !dsGames.queries(ds.game)) r = { message: t('teach.noGame') };
      else if (ds.busy) r = { message: t('teach.busy') };
      else {
        const v = logic.check(engineApi(), checkText.value);
        r = v;
        // (a verdict that differs has its query (goudan) or its step)
        if (!v.same) {
          if (dsGames.queries(v.game)) { if (v.query !== undefined && v.query < C().goudan_count()) showQuery(v.query); }
          else if (v.step !== undefined) showStep(v.step);
        }
      }
      lastResult = r;
      render(r);
      ds.lastCheck = r;
      // the result moved the panel to the top of the side column: keep it in view
      if (checkDialog.open && checkDialog.classList.contains('docked')) {
        const b = checkDialog.getBoundingClientRect();
        if (b.top < 0 || b.top > window.innerHeight - 120) checkDialog.scrollIntoView({ block: 'start', behavior: 'instant' });
      }
      return r;
    }
    ds.checkOutput = (/** @type {unknown} */ text) => { checkText.value = String(text); return runCheck(); };
    // A new game makes an old verdict meaningless (but keep the pasted text).
    ds.on('load', () => {
      judgeText = null;
      setHint();
      if (lastResult && 'game' in lastResult && lastResult.game === ds.game && dsGames.queries(ds.game)) return; // a query was selected
      lastResult = null;
      render(null);
    });
    if (i18n.onChange) i18n.onChange(() => { setHint(); render(lastResult); refreshShare(); });
  }
  return logic;
})(typeof window !== 'undefined' ? window : globalThis);
export { teachApi as default };
