// lesson.js - lessons for teachers (docs/teaching.md, "Lessons"): notes at
// steps, a lesson that travels in the URL, in a file and in embed.html, and a
// guided tour that stops at each note.
//
//   * A note is a short text at a step of a line (the main line or a
//     variation, docs/variations.md). Its text allows line breaks, **bold**
//     and `code` and nothing else: it is turned into text nodes, <strong> and
//     <code> here, never parsed as HTML. A note may keep view settings (DP
//     view, why panel, speed) that are applied when the note is reached.
//   * A lesson is the game, its input (sample, seed or text), the line shown,
//     the notes in order and a title: the JSON object of the versioned schema
//     "deckscope-lesson" version 1 (validate() below is its definition).
//   * In the URL it is &lesson= : the JSON, compressed with the browser's
//     CompressionStream('deflate-raw'), in base64url, prefixed with 'z'
//     ('j' + plain base64url where CompressionStream is missing).
//
// The pure part (validate, encode/decode, the note markup) has no page
// state; in the page it is window.deckscope.lessons (main.js). The same file runs in
// index.html (notes, the "Lesson" dialog, the tour) and in embed.html (the
// note under the caption, "Next note" in the controls). Nothing here knows a
// game rule.
'use strict';
import { dsGames } from '../games/index.js';
import { feature } from '../core/viewer.js';

/**
 * The lesson file (docs/teaching.md, "The lesson file"): the JSON object of schema
 * "deckscope-lesson" version 1, as validate() returns it (validate() is its definition:
 * unknown fields are dropped, `variation` and `notes` are always there).
 * @typedef {object} Lesson
 * @property {string} format  "deckscope-lesson"
 * @property {number} version  1
 * @property {string} [title]  up to 200 characters
 * @property {string} game  a game's id (games/index.js)
 * @property {DeckscopeSource} source  one of {sample}, {seed}, {input}
 * @property {number} [query]  goudan: the query played out (1-based)
 * @property {number} [qseed]  goudan: its playout seed
 * @property {number} [step]  the step shown when the lesson opens (0 when missing)
 * @property {'en' | 'zh'} [lang]  the page's language when it opens
 * @property {string} variation  the line shown when it opens ('12:A99,30:PASS'; '' the main line)
 * @property {LessonTreeLine[]} [tree]  the variation tree (features/variation.js)
 * @property {LessonNote[]} notes  in the lesson's order (the tour's)
 */
/** A line of the variation tree, with its name in the tree. @typedef {{line: string, note?: string}} LessonTreeLine */
/** A note: its step and line ('' the main line), its text (line breaks, **bold**, `code`). @typedef {{step: number, line: string, text: string, view?: LessonView}} LessonNote */
/** What a note makes the page show when it is reached. @typedef {{dp?: boolean, why?: boolean, speed?: number}} LessonView */

/** A lesson that cannot be opened: its message says what is wrong, in English. */
class LessonError extends Error {
  /** @param {string} msg */
  constructor(msg) { super(msg); this.lesson = true; }
}
/** @param {unknown} e @returns {string} an error's message */
const messageOf = (e) => (e instanceof Error ? e.message : String(e));

/** @type {LessonApi | null} */
let lessonApi = null;

/**
 * The pure part (window.deckscope.lessons); embed.html's page adds embedStart.
 * @typedef {object} LessonApi
 * @property {string} FORMAT
 * @property {number} VERSION
 * @property {number} MAX_URL_LESSON
 * @property {number} MAX_LESSON
 * @property {(obj: unknown) => Lesson} validate  a lesson (an object or its JSON text) checked, or a LessonError
 * @property {(lesson: unknown) => Promise<string>} encode  the value of &lesson=
 * @property {(s: unknown) => Promise<Lesson>} decode  the lesson of a value of &lesson=
 * @property {(text: unknown) => NoteRun[][]} parseNote
 * @property {(text: string, doc?: Document) => DocumentFragment} noteNodes
 * @property {(text: string) => string} notePlain
 * @property {(v: unknown) => string} lineSpec
 * @property {(game: string, lang: string) => string | null} shippedUrl
 * @property {(params: {lesson?: string, lesson_url?: string}) => Promise<Lesson>} [embedStart]
 *   embed.html: opens &lesson= or lesson_url= (embed.js calls it instead of its own load)
 */
/** A run of a note's line: its kind ('' plain, 'b' bold, 'code') and its text. @typedef {['' | 'b' | 'code', string]} NoteRun */

(function () {
  const FORMAT = 'deckscope-lesson';
  const VERSION = 1;
  const GAMES = dsGames.ids; // games.js: the one list
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
  const MAX_NOTE = 2000;     // characters of one note
  const MAX_NOTES = 500;
  const MAX_TITLE = 200;
  const MAX_INPUT = 2e6;     // characters of an input text in a lesson file
  const MAX_URL_LESSON = 6000; // characters of &lesson= (as the page's input limit)
  // Bytes of a lesson's JSON once inflated (or fetched): far above the largest
  // valid lesson (an input of MAX_INPUT characters and MAX_NOTES notes of
  // MAX_NOTE, JSON-escaped), so a small link that inflates to a GiB stops here
  // at once, with no more inflated than this.
  const MAX_LESSON = 16 * 1024 * 1024;
  /** @type {() => never} */
  const tooLarge = () => fail(`it is larger than ${MAX_LESSON / 1048576} MB once inflated, more than any lesson: it is not one`);

  // ---- the schema ------------------------------------------------------------
  // A bad lesson throws an Error whose message says what is wrong, in English
  // (the page shows it after "This lesson cannot be opened:").
  /** @param {string} msg @returns {never} */
  function fail(msg) { throw new LessonError(msg); }
  /** @param {unknown} x @returns {x is number} */
  const isInt = (x) => typeof x === 'number' && Number.isInteger(x);
  // The fields of a value that must be a JSON object (else `msg`).
  /** @param {unknown} x @param {string} msg @returns {Record<string, unknown>} */
  function fields(x, msg) {
    if (!x || typeof x !== 'object') fail(msg);
    return /** @type {Record<string, unknown>} */ (x);
  }
  // A line as the URL writes it ('12:A99,30:PASS'); '' is the main line.
  /** @param {unknown} v @returns {string} */
  function lineSpec(v) {
    if (v === undefined || v === null || v === '') return '';
    if (Array.isArray(v)) {
      return v.map((/** @type {unknown} */ c) => {
        if (!Array.isArray(c) || c.length !== 2 || !isInt(c[0]) || c[0] < 0) fail('a variation is a list of [event, label] pairs');
        return c[0] + ':' + String(c[1]);
      }).join(',');
    }
    if (typeof v !== 'string') fail('"variation" must be a string like "12:A99" or a list of [event, label]');
    for (const part of v.split(',')) if (!/^\d+:./.test(part)) fail(`"${part}" is not a forced choice (EVENT:LABEL)`);
    return v;
  }
  /** @param {unknown} input a lesson object, or its JSON text @returns {Lesson} */
  function validate(input) {
    let obj = input;
    if (typeof obj === 'string') {
      if (obj.length > MAX_LESSON) tooLarge();
      // the parser's own message quotes the text: only the position is said
      // (an error may be posted to another window: no file content in it)
      try { obj = JSON.parse(obj); } catch (e) {
        const at = /position (\d+)/.exec(String(e instanceof Error ? e.message : undefined));
        fail('it is not JSON' + (at ? ` (at character ${at[1]})` : ''));
      }
    }
    if (Array.isArray(obj)) fail('it is not a JSON object');
    const o = fields(obj, 'it is not a JSON object');
    if (o.format !== FORMAT) fail(`"format" is not "${FORMAT}"`);
    if (o.version === undefined || o.version === null) fail('"version" is missing');
    if (!isInt(o.version) || o.version < 1) {
      fail(typeof o.version === 'number'
        ? `it is version ${String(o.version).slice(0, 24)}, which is not supported: this deckscope reads version ${VERSION}`
        : `"version" must be a whole number: this deckscope reads version ${VERSION}`);
    }
    if (o.version > VERSION) fail(`it is version ${o.version}; this deckscope reads version ${VERSION}: update deckscope`);
    const game = o.game;
    if (typeof game !== 'string' || !GAMES.includes(game)) fail(`"game" must be one of ${GAMES.join(', ')}`);
    const s = fields(o.source, '"source" is missing: {"sample": N}, {"seed": N} or {"input": "..."}');
    /** @type {DeckscopeSource} */
    let source;
    if (s.input !== undefined) {
      if (typeof s.input !== 'string' || s.input.length > MAX_INPUT) fail('"source.input" must be the input text');
      source = { input: s.input };
    } else if (s.seed !== undefined) {
      if (!isInt(s.seed) || s.seed < 0) fail('"source.seed" must be a whole number ≥ 0');
      source = { seed: s.seed };
    } else if (s.sample !== undefined) {
      if (!isInt(s.sample) || s.sample < 1) fail('"source.sample" must be a whole number ≥ 1');
      source = { sample: s.sample };
    } else fail('"source" needs "sample", "seed" or "input"');
    let title;
    if (o.title !== undefined) {
      if (typeof o.title !== 'string') fail('"title" must be text');
      title = o.title.slice(0, MAX_TITLE);
    }
    /** @param {'query' | 'qseed' | 'step'} k */
    const whole = (k) => {
      const v = o[k];
      if (v === undefined) return undefined;
      if (!isInt(v) || v < (k === 'query' ? 1 : 0)) fail(`"${k}" must be a whole number`);
      return v;
    };
    const query = whole('query'), qseed = whole('qseed'), step = whole('step');
    const lang = o.lang === undefined ? undefined : o.lang === 'zh' ? 'zh' : 'en';
    const variation = lineSpec(o.variation);
    // the variation tree (variation.js): every line explored, each with an
    // optional note (its name in the tree)
    /** @type {LessonTreeLine[] | undefined} */
    let tree;
    if (o.tree !== undefined) {
      if (!Array.isArray(o.tree)) fail('"tree" must be a list of {"line": "12:A99", "note": "..."}');
      /** @type {unknown[]} */
      const lines = o.tree;
      if (lines.length > MAX_NOTES) fail(`"tree" has ${lines.length} lines; at most ${MAX_NOTES}`);
      tree = lines.map((x0, k) => {
        const x = fields(x0, `line ${k + 1} of "tree" is not an object`);
        const line = lineSpec(x.line);
        if (!line) fail(`line ${k + 1} of "tree": "line" is empty`);
        if (x.note !== undefined && typeof x.note !== 'string') fail(`line ${k + 1} of "tree": "note" must be text`);
        return x.note ? { line, note: x.note.slice(0, 80) } : { line };
      });
    }
    if (o.notes === undefined) o.notes = [];
    if (!Array.isArray(o.notes)) fail('"notes" must be a list');
    /** @type {unknown[]} */
    const list = o.notes;
    if (list.length > MAX_NOTES) fail(`it has ${list.length} notes; at most ${MAX_NOTES}`);
    const notes = list.map((n0, k) => {
      const n = fields(n0, `note ${k + 1} is not an object`);
      if (!isInt(n.step) || n.step < 0) fail(`note ${k + 1}: "step" must be a whole number ≥ 0`);
      if (typeof n.text !== 'string' || !n.text.trim()) fail(`note ${k + 1}: "text" is empty`);
      if (n.text.length > MAX_NOTE) fail(`note ${k + 1} is longer than ${MAX_NOTE} characters`);
      /** @type {LessonNote} */
      const note = { step: n.step, line: lineSpec(n.line), text: n.text };
      if (n.view !== undefined) {
        const v = fields(n.view, `note ${k + 1}: "view" must be an object`);
        /** @type {LessonView} */
        const view = {};
        if (v.dp !== undefined) view.dp = !!v.dp;
        if (v.why !== undefined) view.why = !!v.why;
        if (v.speed !== undefined) {
          if (typeof v.speed !== 'number' || !SPEEDS.includes(v.speed)) fail(`note ${k + 1}: "view.speed" must be one of ${SPEEDS.join(', ')}`);
          view.speed = v.speed;
        }
        if (Object.keys(view).length) note.view = view;
      }
      return note;
    });
    // the fields in the file's order; an optional one only when it is there
    return {
      format: FORMAT, version: VERSION, game, source,
      ...(title !== undefined ? { title } : {}),
      ...(query !== undefined ? { query } : {}),
      ...(qseed !== undefined ? { qseed } : {}),
      ...(step !== undefined ? { step } : {}),
      ...(lang !== undefined ? { lang } : {}),
      variation,
      ...(tree !== undefined ? { tree } : {}),
      notes,
    };
  }

  // ---- &lesson= : deflate-raw + base64url --------------------------------------
  /** @param {Uint8Array} bytes */
  function b64url(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  /** @param {string} s */
  function unb64url(s) {
    const b = atob(String(s).replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(b.length);
    for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
    return bytes;
  }
  /** @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream} stream */
  async function pipe(bytes, stream) {
    const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await out.arrayBuffer());
  }
  // Inflates at most MAX_LESSON bytes: past it the stream is cancelled (a
  // 1.4 MB link that would inflate to 1 GiB costs a few ms, not 3 GB).
  /** @param {Uint8Array<ArrayBuffer>} bytes */
  async function inflate(bytes) {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
    const parts = [];
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.length;
      if (n > MAX_LESSON) {
        reader.cancel().catch(() => {});
        tooLarge();
      }
      parts.push(value);
    }
    const out = new Uint8Array(n);
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  }
  const canCompress = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';
  /** @param {unknown} lesson */
  async function encode(lesson) {
    const json = new TextEncoder().encode(JSON.stringify(validate(lesson)));
    if (!canCompress()) return 'j' + b64url(json);
    return 'z' + b64url(await pipe(json, new CompressionStream('deflate-raw')));
  }
  /** @param {unknown} s */
  async function decode(s) {
    const str = String(s || '');
    let bytes;
    try {
      if (str[0] === 'j') {
        bytes = unb64url(str.slice(1));
        if (bytes.length > MAX_LESSON) tooLarge();
      }
      else if (str[0] === 'z') {
        if (!canCompress()) fail('this browser cannot decompress it (no DecompressionStream)');
        bytes = await inflate(unb64url(str.slice(1)));
      } else fail('it is not a lesson');
    } catch (e) {
      if (e instanceof LessonError) throw e;
      fail('the link is damaged or cut short');
    }
    return validate(new TextDecoder().decode(bytes));
  }

  // ---- the note's markup: line breaks, **bold**, `code` ------------------------------
  // A list of lines, each a list of [kind, text] runs (kind: '', 'b', 'code').
  /** @param {unknown} text @returns {NoteRun[][]} */
  function parseNote(text) {
    return String(text).replace(/\r\n?/g, '\n').split('\n').map((line) => {
      /** @type {NoteRun[]} */
      const runs = [];
      const re = /`([^`]+)`|\*\*([^*]+(?:\*(?!\*)[^*]*)*)\*\*/g;
      let at = 0, m;
      while ((m = re.exec(line))) {
        if (m.index > at) runs.push(['', line.slice(at, m.index)]);
        runs.push(m[1] !== undefined ? ['code', m[1]] : ['b', m[2]]);
        at = re.lastIndex;
      }
      if (at < line.length) runs.push(['', line.slice(at)]);
      return runs;
    });
  }
  // The note as DOM nodes (text nodes, <strong>, <code>, <br>): never HTML.
  /** @param {string} text @param {Document} [doc] */
  function noteNodes(text, doc) {
    const d = doc || document;
    const frag = d.createDocumentFragment();
    parseNote(text).forEach((runs, k) => {
      if (k) frag.appendChild(d.createElement('br'));
      for (const [kind, s] of runs) {
        if (!kind) { frag.appendChild(d.createTextNode(s)); continue; }
        const e = d.createElement(kind === 'b' ? 'strong' : 'code');
        e.textContent = s;
        frag.appendChild(e);
      }
    });
    return frag;
  }
  // The plain words (the live region, a video's frames).
  /** @param {string} text */
  const notePlain = (text) => parseNote(text).map((runs) => runs.map((r) => r[1]).join('')).join('\n');

  // The lessons shipped with deckscope (assets/lessons/<game>.<lang>.json, copied
  // to the site's lessons/ and inlined in the offline page): &lesson=<game>,
  // ?lesson=<game> and "Take the tour" open the one of the page's language.
  /** @param {string} game @param {string} lang */
  const shippedUrl = (game, lang) => (GAMES.includes(game) ? `lessons/${game}.${lang === 'zh' ? 'zh' : 'en'}.json` : null);
  /** @param {string} game @param {string} lang */
  async function fetchShipped(game, lang) {
    const url = shippedUrl(game, lang);
    if (!url) fail(`there is no shipped lesson "${game}"`);
    let r;
    try { r = await fetch(url); } catch (e) { fail('cannot fetch ' + url); }
    if (!r.ok) fail(`cannot fetch ${url} (HTTP ${r.status})`);
    return validate(await r.text());
  }
  /** @type {LessonApi} */
  const pure = { FORMAT, VERSION, MAX_URL_LESSON, MAX_LESSON, validate, encode, decode, parseNote, noteNodes, notePlain, lineSpec, shippedUrl };
  lessonApi = pure;
  if (typeof document === 'undefined') return; // node: the pure part only

  const f = feature(); // the page's API object and its words (core/viewer.js)
  if (!f) return;
  /** @type {Deckscope} */
  const ds = f.ds;
  const i18n = ds.i18n;
  /** @type {DsI18n['t']} */
  const t = (k, v) => i18n.t(k, v);
  const h = i18n.el;

  i18n.add({
    en: {
      'lesson.add': 'Add note',
      'lesson.addTitle': 'Note at step {step}',
      'lesson.addTitleVar': 'Note at step {step} of this variation',
      'lesson.text': 'Note (line breaks, **bold** and `code`)',
      'lesson.keepView': 'Apply when this note is reached:',
      'lesson.viewDp': 'DP view on',
      'lesson.viewWhy': 'open the why panel',
      'lesson.viewSpeed': 'speed',
      'lesson.viewKeep': 'as it is',
      'lesson.save': 'Save',
      'lesson.delete': 'Delete note',
      'lesson.cancel': 'Cancel',
      'lesson.button': 'Lesson',
      'lesson.dialog': 'Lesson',
      'lesson.title': 'Title',
      'lesson.notes': 'Notes ({n})',
      'lesson.none': 'No notes yet: go to a step and press "Add note" (or N).',
      'lesson.at': 'step {step}',
      'lesson.atVar': 'step {step}, variation {line}',
      'lesson.link': 'Link to this lesson',
      'lesson.copy': 'Copy',
      'lesson.copied': 'Copied to the clipboard.',
      'lesson.tooLong': 'This lesson is too long for a link ({n} characters, at most {max}): download it as a file and share the file.',
      'lesson.download': 'Download lesson',
      'lesson.open': 'Open lesson…',
      'lesson.opened': 'Opened the lesson "{title}" ({n} notes).',
      'lesson.openedUntitled': 'Opened a lesson with {n} notes.',
      'lesson.bad': 'This lesson cannot be opened: {msg}',
      'lesson.close': 'Close',
      'lesson.tour': 'Tour',
      'lesson.tourTitle': 'Play the lesson: stop at each note',
      'lesson.continue': 'Continue',
      'lesson.prev': 'Previous note',
      'lesson.end': 'End tour',
      'lesson.count': 'Note {k} of {n}',
      'lesson.done': 'End of the lesson.',
      'lesson.noteLabel': 'Note',
      'lesson.live': 'Note: {text}',
      'lesson.edit': 'Edit',
      'lesson.next': 'Next note',
      'lesson.keyNote': 'Next / previous note',
      'lesson.marks': 'Notes',
    },
    zh: {
      'lesson.add': '添加注释',
      'lesson.addTitle': '第 {step} 步的注释',
      'lesson.addTitleVar': '本变化第 {step} 步的注释',
      'lesson.text': '注释（可换行，**粗体**，`代码`）',
      'lesson.keepView': '到达此注释时：',
      'lesson.viewDp': '打开 DP 视图',
      'lesson.viewWhy': '打开“为什么”面板',
      'lesson.viewSpeed': '速度',
      'lesson.viewKeep': '不变',
      'lesson.save': '保存',
      'lesson.delete': '删除注释',
      'lesson.cancel': '取消',
      'lesson.button': '课程',
      'lesson.dialog': '课程',
      'lesson.title': '标题',
      'lesson.notes': '注释（{n}）',
      'lesson.none': '还没有注释：转到某一步，按“添加注释”（或 N）。',
      'lesson.at': '第 {step} 步',
      'lesson.atVar': '第 {step} 步，变化 {line}',
      'lesson.link': '本课程的链接',
      'lesson.copy': '复制',
      'lesson.copied': '已复制到剪贴板。',
      'lesson.tooLong': '课程太长，无法放进链接（{n} 个字符，最多 {max}）：请下载为文件再分享。',
      'lesson.download': '下载课程',
      'lesson.open': '打开课程…',
      'lesson.opened': '已打开课程“{title}”（{n} 条注释）。',
      'lesson.openedUntitled': '已打开课程（{n} 条注释）。',
      'lesson.bad': '无法打开此课程：{msg}',
      'lesson.close': '关闭',
      'lesson.tour': '导览',
      'lesson.tourTitle': '播放课程：在每条注释处停下',
      'lesson.continue': '继续',
      'lesson.prev': '上一条注释',
      'lesson.end': '结束导览',
      'lesson.count': '第 {k} 条，共 {n} 条',
      'lesson.done': '课程结束。',
      'lesson.noteLabel': '注释',
      'lesson.live': '注释：{text}',
      'lesson.edit': '编辑',
      'lesson.next': '下一条注释',
      'lesson.keyNote': '下一条 / 上一条注释',
      'lesson.marks': '注释',
    },
  });

  // A constructed stylesheet (the pages' Content-Security-Policy blocks inline <style>).
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`
.lesson-note { position: relative; margin: .5rem 0 .2rem; padding: .55rem .8rem; border: 2px solid var(--accent, #1f6fd1);
  border-radius: 8px; background: var(--panel, #fff); color: var(--fg, #111); font-size: 1rem; line-height: 1.45; }
.lesson-note::before { content: ""; position: absolute; top: -9px; left: 1.4rem; border: 8px solid transparent;
  border-top: 0; border-bottom-color: var(--accent, #1f6fd1); }
.lesson-note[hidden], #e-next-note[hidden] { display: none; }
.lesson-note code { font: .92em ui-monospace, "DejaVu Sans Mono", monospace; background: rgba(127,127,127,.15); padding: 0 .2em; border-radius: 3px; }
.lesson-top { display: flex; justify-content: space-between; gap: .5rem; align-items: baseline; }
.lesson-head { margin: 0 0 .2rem; font-size: .8em; color: var(--muted, #555); }
.lesson-tour { display: flex; gap: .4rem; margin-top: .5rem; flex-wrap: wrap; }
.lesson-tour[hidden] { display: none; }
button.link { background: none; border: 0; padding: 0; color: var(--accent, #1f6fd1); text-decoration: underline; cursor: pointer; font: inherit; }
.lesson-marks { position: absolute; inset: 0; pointer-events: none; }
.lesson-mark { position: absolute; top: -3px; width: 9px; height: 9px; margin-left: -4.5px; transform: rotate(45deg);
  background: var(--accent, #1f6fd1); border: 1px solid var(--panel, #fff); }
.lesson-list { padding-left: 1.4rem; max-height: 14rem; overflow: auto; }
.lesson-list li { margin: .2rem 0; }
.lesson-list-text { white-space: normal; }
a.button { display: inline-block; padding: .3rem .7rem; border: 1px solid var(--edge, #ccc); border-radius: 6px; color: inherit; text-decoration: none; }
.teach-status.bad { color: var(--bad, #c62828); }
/* Two columns: a note (and the tour's buttons) under the caption take room
   from the stage, so the timeline stays on a laptop's screen (1100x800). */
@media (min-width: 981px) {
  :root:not([data-present]) .main-col:has(> #lesson-note:not([hidden])) > .stage { max-height: calc(100vh - 24rem); }
  :root:not([data-present]) .main-col:has(> #lesson-note:not([hidden]) #lesson-tour-row:not([hidden])) > .stage { max-height: calc(100vh - 27rem); }
}
/* One column (phones: the timeline sticks to the bottom): likewise, so the
   tour's buttons stay above the timeline instead of under it. */
@media (max-width: 980px) {
  :root:not([data-present]) .main-col:has(> #lesson-note:not([hidden])) > .stage { max-height: min(70vh, calc(100vh - 27rem)); }
  :root:not([data-present]) .main-col:has(> #lesson-note:not([hidden]) #lesson-tour-row:not([hidden])) > .stage { max-height: min(70vh, calc(100vh - 30rem)); }
}
`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch (e) { /* old browsers: unstyled */ }

  // ---- the lesson in memory --------------------------------------------------------
  /** @type {{title: string, notes: LessonNote[]}} */
  const L = { title: '', notes: [] }; // notes in lesson order
  /** @type {Set<() => void>} */
  const listeners = new Set();
  let embedLine = ''; // embed.html: the line loaded (&try=)
  const currentLine = () => (ds.embed ? embedLine : lineSpec(ds.variation || []));
  const lineNotes = () => L.notes.filter((n) => n.line === currentLine());
  /** @param {number} step @param {string} [line] */
  const noteAt = (step, line) => L.notes.find((n) => n.step === step && n.line === (line === undefined ? currentLine() : line));
  function changed() { for (const fn of listeners) { try { fn(); } catch (e) { console.error(e); } } }
  // Notes in order: by step, a variation's notes after the main line's at the same step.
  function sortNotes() { L.notes.sort((a, b) => a.step - b.step || (a.line === '' ? 0 : 1) - (b.line === '' ? 0 : 1)); }
  /** @param {unknown} step @param {unknown} text @param {LessonView} [view] @returns {LessonNote | null} */
  function addNote(step, text, view) {
    const s = Math.max(0, Math.min(ds.steps || 0, Math.floor(Number(step)) || 0));
    const txt = String(text == null ? '' : text).slice(0, MAX_NOTE);
    const old = noteAt(s);
    if (!txt.trim()) { if (old) removeNote(s); return null; }
    /** @type {LessonNote} */
    const note = old || { step: s, line: currentLine(), text: '' };
    note.text = txt;
    if (view && Object.keys(view).length) note.view = { ...view }; else if (view !== undefined) delete note.view;
    if (!old) { L.notes.push(note); sortNotes(); }
    changed();
    return { ...note };
  }
  /** @param {unknown} step */
  function removeNote(step) {
    const n = noteAt(Math.floor(Number(step)));
    if (!n) return false;
    L.notes.splice(L.notes.indexOf(n), 1);
    changed();
    return true;
  }
  /** @returns {Lesson} */
  function lessonObject() {
    const src = ds.source || (ds.lessonSource && ds.lessonSource()) || { sample: 1 };
    const game = ds.game || dsGames.first;
    const query = dsGames.queries(game) && ds.query ? ds.query : 0;
    const variation = currentLine();
    const tree = !ds.embed && ds.variationTreeList ? ds.variationTreeList() : [];
    // the fields in the file's order; an optional one only when it is there
    return {
      format: FORMAT, version: VERSION,
      ...(L.title ? { title: L.title } : {}),
      game, source: src,
      ...(query ? { query } : {}),
      variation,
      ...(tree.length ? { tree } : {}),
      step: ds.step || 0,
      lang: i18n.lang === 'zh' ? 'zh' : 'en',
      notes: L.notes.map((n) => ({ step: n.step, line: n.line, text: n.text, ...(n.view ? { view: { ...n.view } } : {}) })),
    };
  }
  // The view settings a note keeps, applied when it is reached.
  /** @param {LessonNote | null | undefined} note */
  function applyView(note) {
    const v = note && note.view;
    if (!v) return;
    if (v.speed && ds.setSpeed) ds.setSpeed(v.speed);
    if (v.dp !== undefined && ds.setMode) ds.setMode(v.dp ? 1 : 0);
    if (v.why !== undefined) {
      document.documentElement.toggleAttribute('data-lesson-why', !!v.why);
      const why = document.getElementById('why-panel');
      if (v.why && why && !document.documentElement.hasAttribute('data-present')) why.scrollIntoView({ block: 'nearest' });
    }
  }
  // Shows the line of a note: the main line, or the variation (from the main line).
  /** @param {string} spec */
  async function showLine(spec) {
    if (spec === currentLine()) return;
    if (ds.embed) return; // embed.js reloads with &try= (embedGo)
    await ds.mainLine();
    for (const part of spec ? spec.split(',') : []) {
      const k = part.indexOf(':');
      await ds.branch(Number(part.slice(0, k)), part.slice(k + 1));
    }
  }

  const api = {
    get notes() { return lineNotes().map((n) => ({ step: n.step, text: n.text, ...(n.view ? { view: { ...n.view } } : {}) })); },
    get allNotes() { return L.notes.map((n) => ({ ...n })); },
    /** @param {number} step @param {string} text @param {LessonView} [view] */
    addNote(step, text, view) { return addNote(step, text, view); },
    /** @param {number} step */
    removeNote(step) { return removeNote(step); },
    lesson() { return lessonObject(); },
    lessonUrl() { return lessonUrl(); },
  };
  for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(api))) Object.defineProperty(ds, k, { ...d, configurable: true });

  // The offline page (scripts/offline.mjs) runs its scripts inline while the
  // document is parsed: start once it is parsed, after the modules before
  // this one, so the tools keep the site's order (present.js and video.js
  // wait alike and come after: present.js chains ds.hashExtra set here).
  const start = () => (ds.embed ? setupEmbed() : setupPage());
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();

  // ---- the lesson link ----------------------------------------------------------------
  let encoded = '';  // &lesson= of the lesson in memory ('' = no notes, or too long)
  let encodedLen = 0;
  let encodeSeq = 0;
  async function refreshEncoded() {
    const seq = ++encodeSeq;
    if (!L.notes.length && !L.title) { encoded = ''; encodedLen = 0; }
    else {
      let e = '';
      try { e = await encode(lessonObject()); } catch (err) { console.warn('deckscope lesson: ' + messageOf(err)); }
      if (seq !== encodeSeq) return;
      encodedLen = e.length;
      encoded = e.length <= MAX_URL_LESSON ? e : '';
    }
    if (ds.touchHash) ds.touchHash();
  }
  async function lessonUrl() {
    await refreshEncoded();
    if (!encoded) return null;
    const base = location.href.replace(/#.*$/, '');
    const h = location.hash.replace(/^#/, '').split('&').filter((p) => p && !/^lesson=/.test(p));
    return base + '#' + h.concat(['lesson=' + encoded]).join('&');
  }

  // ---- the page ------------------------------------------------------------------------
  function setupPage() {
    /** @param {string} id */
    const $ = (id) => document.getElementById(id);
    const tools = $('teach-tools');
    const stage = $('stage'), caption = $('caption'), scrub = document.querySelector('.scrub');
    if (!tools || !stage || !caption) return;
    const firstHash = location.hash; // app.js rewrites the hash soon; the lesson is read from this
    ds.hashExtra = () => (encoded ? 'lesson=' + encoded : '');

    // the note's callout, next to the canvas, and its live region
    const calloutText = h('div', { class: 'lesson-text', id: 'lesson-note-text' });
    const calloutHead = h('p', { class: 'lesson-head' });
    const editBtn = h('button', { type: 'button', id: 'lesson-edit', class: 'link', i18n: 'lesson.edit' });
    const prevBtn = h('button', { type: 'button', id: 'lesson-prev', i18n: 'lesson.prev' });
    const contBtn = h('button', { type: 'button', id: 'lesson-continue', class: 'primary', i18n: 'lesson.continue' });
    const endBtn = h('button', { type: 'button', id: 'lesson-end', i18n: 'lesson.end' });
    const tourRow = h('div', { class: 'lesson-tour', id: 'lesson-tour-row', hidden: true }, prevBtn, contBtn, endBtn);
    const callout = h('aside', { class: 'lesson-note', id: 'lesson-note', hidden: true, 'aria-labelledby': 'lesson-note-head' },
      h('div', { class: 'lesson-top' }, calloutHead, editBtn), calloutText, tourRow);
    calloutHead.id = 'lesson-note-head';
    const live = h('div', { class: 'sr-only', id: 'lesson-live', role: 'status', 'aria-live': 'polite' });
    caption.after(callout, live);
    // marks on the scrubber (over app.js's #marks canvas)
    const marks = h('div', { class: 'lesson-marks', id: 'lesson-marks', 'aria-hidden': 'true' });
    if (scrub) scrub.appendChild(marks);

    // the buttons
    const addBtn = h('button', { type: 'button', id: 'lesson-add', 'aria-haspopup': 'dialog', i18n: 'lesson.add' });
    const tourBtn = h('button', { type: 'button', id: 'lesson-tour', 'data-i18n-title': 'lesson.tourTitle', title: t('lesson.tourTitle'), i18n: 'lesson.tour', hidden: true });
    const lessonBtn = h('button', { type: 'button', id: 'lesson-open', 'aria-haspopup': 'dialog', i18n: 'lesson.button' });
    tools.append(addBtn, tourBtn, lessonBtn);

    // ---- "Add note" dialog
    const noteText = h('textarea', { id: 'lesson-text', rows: '5', maxlength: String(MAX_NOTE), 'aria-labelledby': 'lesson-text-label' });
    const vDp = h('input', { type: 'checkbox', id: 'lesson-view-dp' });
    const vWhy = h('input', { type: 'checkbox', id: 'lesson-view-why' });
    const vSpeed = h('select', { id: 'lesson-view-speed' }, h('option', { value: '', i18n: 'lesson.viewKeep' }),
      ...SPEEDS.map((s) => h('option', { value: String(s) }, s + '×')));
    const noteTitle = h('h2', { id: 'lesson-note-title' });
    const delBtn = h('button', { type: 'button', id: 'lesson-delete', i18n: 'lesson.delete' });
    const noteDialog = h('dialog', { id: 'lesson-note-dialog', class: 'teach-dialog', 'aria-labelledby': 'lesson-note-title' },
      noteTitle,
      h('label', { class: 'field' }, h('span', { id: 'lesson-text-label', i18n: 'lesson.text' }), noteText),
      h('p', { class: 'hint', i18n: 'lesson.keepView' }),
      h('div', { class: 'teach-row' },
        h('label', {}, vDp, h('span', { i18n: 'lesson.viewDp' })),
        h('label', {}, vWhy, h('span', { i18n: 'lesson.viewWhy' })),
        h('label', {}, h('span', { i18n: 'lesson.viewSpeed' }), ' ', vSpeed)),
      h('div', { class: 'teach-row' },
        h('button', { type: 'button', id: 'lesson-save', class: 'primary', i18n: 'lesson.save', onclick: saveNote }),
        delBtn,
        h('button', { type: 'button', id: 'lesson-cancel', i18n: 'lesson.cancel', onclick: () => noteDialog.close() })));
    document.body.appendChild(noteDialog);
    /** @type {{step: number, line: string} | null} */
    let editing = null;
    function openNote() {
      if (!ds.game || ds.busy) return;
      const step = ds.step;
      const old = noteAt(step);
      editing = { step, line: currentLine() };
      noteTitle.textContent = t(editing.line ? 'lesson.addTitleVar' : 'lesson.addTitle', { step });
      noteText.value = old ? old.text : '';
      const v = (old && old.view) || {};
      vDp.checked = !!v.dp;
      vDp.disabled = !dsGames.dp(ds.game);
      vWhy.checked = !!v.why;
      vSpeed.value = v.speed ? String(v.speed) : '';
      delBtn.hidden = !old;
      if (typeof noteDialog.showModal === 'function') noteDialog.showModal(); else noteDialog.setAttribute('open', '');
      noteText.focus();
    }
    function saveNote() {
      if (!editing) return;
      if (editing.line !== currentLine() || !ds.game) { noteDialog.close(); return; }
      /** @type {LessonView} */
      const view = {};
      if (vDp.checked && !vDp.disabled) view.dp = true;
      if (vWhy.checked) view.why = true;
      if (vSpeed.value) view.speed = Number(vSpeed.value);
      addNote(editing.step, noteText.value, view);
      noteDialog.close();
    }
    noteText.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); saveNote(); } });
    delBtn.addEventListener('click', () => { if (editing) removeNote(editing.step); noteDialog.close(); });
    addBtn.addEventListener('click', openNote);
    editBtn.addEventListener('click', openNote);

    // ---- "Lesson" dialog: title, notes, link, file
    const titleIn = h('input', { type: 'text', id: 'lesson-title', maxlength: String(MAX_TITLE) });
    const list = h('ol', { class: 'lesson-list', id: 'lesson-list' });
    const notesHead = h('h3', { id: 'lesson-notes-head' });
    const link = h('input', { type: 'text', id: 'lesson-link', readonly: true, 'aria-labelledby': 'lesson-link-label' });
    const linkCopy = h('button', { type: 'button', id: 'lesson-link-copy', i18n: 'lesson.copy' });
    const linkRow = h('div', { class: 'teach-row', id: 'lesson-link-row' }, link, linkCopy);
    const tooLong = h('p', { class: 'teach-note teach-warn', id: 'lesson-too-long', hidden: true });
    const download = h('a', { id: 'lesson-download', class: 'button', href: '#', download: 'lesson.deckscope.json', i18n: 'lesson.download' });
    const fileIn = h('input', { type: 'file', id: 'lesson-file', accept: '.json,application/json', class: 'sr-only', tabindex: '-1',
      'aria-label': t('lesson.open'), 'data-i18n-aria': 'lesson.open' });
    const openBtn = h('button', { type: 'button', id: 'lesson-file-open', i18n: 'lesson.open', onclick: () => fileIn.click() });
    const status = h('p', { class: 'teach-status', id: 'lesson-status', role: 'status', 'aria-live': 'polite' });
    const lessonDialog = h('dialog', { id: 'lesson-dialog', class: 'teach-dialog', 'aria-labelledby': 'lesson-dialog-title' },
      h('h2', { id: 'lesson-dialog-title', i18n: 'lesson.dialog' }),
      h('label', { class: 'field' }, h('span', { i18n: 'lesson.title' }), titleIn),
      notesHead, list,
      h('h3', { id: 'lesson-link-label', i18n: 'lesson.link' }), linkRow, tooLong,
      h('div', { class: 'teach-row' }, download, openBtn, fileIn),
      status,
      h('form', { method: 'dialog' }, h('button', { id: 'lesson-close', i18n: 'lesson.close' })));
    document.body.appendChild(lessonDialog);
    /** @type {string | null} */
    let blobUrl = null;
    async function refreshDialog() {
      titleIn.value = L.title;
      notesHead.textContent = t('lesson.notes', { n: L.notes.length });
      list.textContent = '';
      if (!L.notes.length) list.appendChild(h('li', { class: 'hint', i18n: 'lesson.none' }));
      L.notes.forEach((n) => {
        const go = h('button', { type: 'button', class: 'link' },
          t(n.line ? 'lesson.atVar' : 'lesson.at', { step: n.step, line: n.line }));
        go.addEventListener('click', () => { lessonDialog.close(); goToNote(L.notes.indexOf(n)); });
        const txt = h('span', { class: 'lesson-list-text' });
        txt.appendChild(noteNodes(n.text));
        list.appendChild(h('li', {}, go, ' ', txt));
      });
      refreshDownload();
      const url = await lessonUrl();
      link.value = url || '';
      linkRow.hidden = !url && (L.notes.length > 0 || !!L.title);
      tooLong.hidden = !!url || (!L.notes.length && !L.title);
      tooLong.textContent = t('lesson.tooLong', { n: encodedLen, max: MAX_URL_LESSON });
      if (!L.notes.length && !L.title) link.value = location.href;
    }
    // The file is made again from the lesson as it is when the link is clicked
    // (and whenever the title changes): a title typed in the dialog is in it.
    function refreshDownload() {
      const json = JSON.stringify(lessonObject(), null, 2) + '\n';
      if (blobUrl) URL.revokeObjectURL(blobUrl);
      blobUrl = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      download.href = blobUrl;
      download.download = (L.title ? L.title.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) : '') ||
        (ds.game || 'lesson');
      download.download += '.deckscope.json';
    }
    download.addEventListener('click', refreshDownload);
    titleIn.addEventListener('input', () => { L.title = titleIn.value.slice(0, MAX_TITLE); changed(); refreshDownload(); });
    lessonBtn.addEventListener('click', () => {
      status.textContent = '';
      refreshDialog();
      if (typeof lessonDialog.showModal === 'function') lessonDialog.showModal(); else lessonDialog.setAttribute('open', '');
    });
    linkCopy.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(link.value); status.textContent = t('lesson.copied'); } catch (e) { link.select(); }
    });
    fileIn.addEventListener('change', async () => {
      const f = fileIn.files && fileIn.files[0];
      fileIn.value = '';
      if (!f) return;
      await openText(await f.text()).catch(() => {}); // the message is in the dialog
    });
    /** @param {string} text */
    async function openText(text) {
      status.textContent = '';
      status.classList.remove('bad');
      try {
        const r = await loadLesson(text);
        status.textContent = r.title ? t('lesson.opened', { title: r.title, n: r.notes.length }) : t('lesson.openedUntitled', { n: r.notes.length });
        if (lessonDialog.open) refreshDialog();
        return r;
      } catch (e) {
        status.classList.add('bad');
        status.textContent = t('lesson.bad', { msg: messageOf(e) });
        if (!lessonDialog.open && typeof lessonDialog.showModal === 'function') lessonDialog.showModal();
        throw e;
      }
    }
    ds.openLessonText = (text) => openText(text).catch(() => null);
    // a lesson file dropped on the stage
    stage.addEventListener('dragover', (e) => { if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault(); });
    stage.addEventListener('drop', async (e) => {
      const f = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
      if (!f || !/\.json$/i.test(f.name)) return;
      e.preventDefault();
      lessonBtn.click();
      openText(await f.text()).catch(() => {});
    });

    // ---- loading a lesson
    /** @param {unknown} obj */
    async function loadLesson(obj) {
      const les = validate(obj);
      await ds.ready;
      if (les.lang && ds.setLang) ds.setLang(les.lang);
      const same = ds.game === les.game && JSON.stringify(ds.source) === JSON.stringify(les.source);
      if (!same) await ds.load({ game: les.game, ...les.source });
      if (dsGames.queries(les.game) && les.query && ds.selectQuery && les.query !== ds.query) ds.selectQuery(les.query, les.qseed);
      await showLine(les.variation);
      if (les.tree && ds.setVariationTree) await ds.setVariationTree(les.tree);
      L.title = les.title || '';
      L.notes = les.notes.map((n) => ({ ...n }));
      tour.stop();
      ds.seek(les.step !== undefined ? les.step : 0, false);
      changed();
      show(true);
      return lessonObject();
    }
    Object.defineProperty(ds, 'loadLesson', { value: (/** @type {unknown} */ obj) => loadLesson(obj), configurable: true, writable: true });

    // ---- the callout and the marks
    let shownKey = '';
    /** @param {boolean} force */
    function show(force) {
      const n = ds.game && !ds.busy ? noteAt(ds.step) : null;
      const key = n ? n.line + ':' + n.step + ':' + n.text : '';
      if (!force && key === shownKey && !tour.active) { renderTour(); return; }
      const arrived = key && key !== shownKey;
      shownKey = key;
      callout.hidden = !n && !tour.active;
      calloutText.textContent = '';
      if (n) {
        calloutText.appendChild(noteNodes(n.text));
        calloutHead.textContent = t('lesson.noteLabel') + ' · ' + t(n.line ? 'lesson.atVar' : 'lesson.at', { step: n.step, line: n.line });
        if (arrived) {
          live.textContent = t('lesson.live', { text: notePlain(n.text) });
          if (!ds.playing) applyView(n);
        }
      } else if (tour.active && tour.index >= L.notes.length) {
        calloutHead.textContent = t('lesson.done');
      } else calloutHead.textContent = '';
      if (tour.active && tour.index >= L.notes.length) calloutHead.textContent = t('lesson.done');
      editBtn.hidden = !n;
      renderTour();
    }
    function renderTour() {
      tourRow.hidden = !tour.active;
      tourBtn.hidden = !L.notes.length;
      tourBtn.setAttribute('aria-pressed', String(tour.active));
      if (!tour.active) return;
      const k = tour.index, n = L.notes.length;
      prevBtn.disabled = k <= 0 || tour.moving;
      contBtn.disabled = tour.moving || k >= n;
      contBtn.textContent = t('lesson.continue');
      if (k >= 0 && k < n) calloutHead.textContent = t('lesson.count', { k: k + 1, n }) + ' · ' + (calloutHead.textContent || '').replace(/^.*? · /, '');
    }
    function drawMarks() {
      marks.textContent = '';
      const steps = ds.steps;
      if (!steps || !ds.game) return;
      const w = marks.clientWidth;
      const pad = 8;
      const span = Math.max(1, w - 2 * pad);
      for (const n of lineNotes()) {
        const m = h('span', { class: 'lesson-mark' });
        m.style.left = (pad + (Math.min(n.step, steps) / steps) * span) + 'px';
        m.dataset.step = String(n.step);
        marks.appendChild(m);
      }
    }
    new ResizeObserver(drawMarks).observe(marks);
    listeners.add(() => { drawMarks(); show(true); refreshEncoded(); });
    for (const ev of ['step', 'load', 'variation']) ds.on(ev, () => show(false));
    for (const ev of ['load', 'variation']) ds.on(ev, drawMarks);
    ds.on('pause', () => show(true));
    i18n.onChange(() => show(true));

    // ---- jumping between notes (n / Shift+N) and the tour
    /** @param {number} k @param {boolean} [animate] */
    async function goToNote(k, animate) {
      const n = L.notes[k];
      if (!n) return false;
      await showLine(n.line);
      if (animate && n.step > ds.step) await ds.playTo(n.step);
      else ds.seek(n.step, false);
      show(true);
      if (ds.step === n.step) applyView(n);
      return ds.step === n.step && currentLine() === n.line;
    }
    /** @param {number} dir */
    function jump(dir) {
      if (!L.notes.length || !ds.game) return;
      const line = currentLine(), step = ds.step;
      // the notes of the line shown, then the lesson's order for other lines
      const here = L.notes.filter((n) => n.line === line);
      let target = dir > 0 ? here.find((n) => n.step > step) : here.slice().reverse().find((n) => n.step < step);
      if (!target) {
        const cur = L.notes.findIndex((n) => n.line === line && n.step === step);
        const k = cur >= 0 ? cur + dir : dir > 0 ? L.notes.findIndex((n) => n.line !== line) : -1;
        target = L.notes[k];
      }
      if (target) goToNote(L.notes.indexOf(target), false);
    }
    /** @type {DeckscopeTour} */
    const tour = {
      active: false, index: -1, moving: false,
      async start() {
        if (!L.notes.length) return;
        tour.active = true; tour.index = -1;
        const first = L.notes[0];
        await showLine(first.line);
        ds.seek(0, false);
        return tour.next();
      },
      async next() {
        if (!tour.active || tour.moving) return;
        if (tour.index >= L.notes.length - 1) { tour.index = L.notes.length; show(true); return; }
        tour.index++;
        tour.moving = true;
        renderTour();
        try {
          const n = L.notes[tour.index];
          // a note of another line (or behind): straight there; else played to
          const ok = await goToNote(tour.index, n.line === currentLine());
          if (!ok && tour.active) await goToNote(tour.index, false);
        } finally {
          tour.moving = false;
          show(true);
        }
        if (tour.active) contBtn.focus({ preventScroll: true });
      },
      async prev() {
        if (!tour.active || tour.moving || tour.index <= 0) return;
        tour.index = Math.min(tour.index, L.notes.length) - 1;
        await goToNote(tour.index, false);
      },
      stop() {
        if (!tour.active) return;
        tour.active = false; tour.index = -1;
        if (ds.playing) ds.pause();
        show(true);
      },
    };
    Object.defineProperty(ds, 'tour', { value: tour, configurable: true });
    Object.defineProperty(ds, 'nextNote', { value: () => jump(1), configurable: true });
    Object.defineProperty(ds, 'prevNote', { value: () => jump(-1), configurable: true });
    tourBtn.addEventListener('click', () => (tour.active ? tour.stop() : tour.start()));
    contBtn.addEventListener('click', () => tour.next());
    prevBtn.addEventListener('click', () => tour.prev());
    endBtn.addEventListener('click', () => tour.stop());

    /** @param {KeyboardEvent} e */
    const typing = (e) => {
      const x = e.target;
      if (!(x instanceof HTMLElement) || x === document.body) return false;
      if (x.isContentEditable || x.tagName === 'TEXTAREA' || x.tagName === 'SELECT') return true;
      return x instanceof HTMLInputElement && !['range', 'button', 'checkbox'].includes(x.type);
    };
    // Capture phase: in a tour, the clicker's PageDown/PageUp and the arrows
    // move between notes (app.js would step or jump to round marks).
    window.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
      if ([...document.querySelectorAll('dialog[open]')].some((d) => d.matches(':modal'))) return;
      const present = document.documentElement.hasAttribute('data-present');
      let done = true;
      if (e.key === 'n') jump(1);
      else if (e.key === 'N') jump(-1);
      else if (tour.active && (e.key === 'PageDown' || (present && e.key === 'ArrowRight'))) tour.next();
      else if (tour.active && (e.key === 'PageUp' || (present && e.key === 'ArrowLeft'))) tour.prev();
      else if (tour.active && e.key === 'Escape') tour.stop();
      else if (present && L.notes.length && !tour.active && (e.key === 'PageDown' || e.key === 'PageUp')) jump(e.key === 'PageDown' ? 1 : -1);
      else done = false;
      if (done) { e.preventDefault(); e.stopPropagation(); }
    }, true);
    // the shortcut in the help dialog
    const keys = document.querySelector('#help table.keys');
    if (keys) keys.appendChild(h('tr', {}, h('td', {}, h('kbd', {}, 'n'), ' ', h('kbd', {}, 'Shift'), '+', h('kbd', {}, 'n')), h('td', { i18n: 'lesson.keyNote' })));

    // ---- a lesson in the URL: &lesson= (read once the page has its game)
    /** @param {string} hash */
    async function fromHash(hash) {
      const m = /(?:^#|&)lesson=([^&]*)/.exec(hash || '');
      if (!m) return;
      let v = m[1];
      try { v = decodeURIComponent(v); } catch (e) { /* as it is */ }
      if (v === encoded) return;
      try {
        const les = GAMES.includes(v) ? await fetchShipped(v, i18n.lang) : await decode(v);
        await loadLesson(les);
      } catch (e) {
        console.warn('deckscope: &lesson= ' + messageOf(e));
        status.textContent = t('lesson.bad', { msg: messageOf(e) });
        status.classList.add('bad');
        if (typeof lessonDialog.showModal === 'function') { refreshDialog(); lessonDialog.showModal(); }
      }
    }
    // ?lesson=<game> (the query string) is read like &lesson=<game> in the hash
    const q = /[?&]lesson=([a-z]+)(?:&|$)/.exec(location.search);
    ds.ready.then(() => fromHash(/(?:^#|&)lesson=/.test(firstHash) || !q ? firstHash : '#lesson=' + q[1]), () => {});
    // "Take the tour" (the welcome panel): the shipped lesson of a game, played
    Object.defineProperty(ds, 'takeTour', { configurable: true, value: async (/** @type {string} */ game) => {
      await ds.ready;
      await loadLesson(await fetchShipped(game, i18n.lang));
      tour.start();
    } });
    window.addEventListener('hashchange', () => { ds.ready.then(() => fromHash(location.hash), () => {}); });
  }

  // ---- embed.html ----------------------------------------------------------------------------
  function setupEmbed() {
    /** @param {string} id */
    const $ = (id) => document.getElementById(id);
    const caption = $('e-caption'), controls = $('controls');
    /** @type {Lesson | null} */
    let les = null;
    const callout = h('aside', { class: 'lesson-note', id: 'lesson-note', hidden: true, role: 'note' });
    const live = h('div', { class: 'sr-only', id: 'lesson-live', role: 'status', 'aria-live': 'polite' });
    if (caption) caption.after(callout, live); else document.body.appendChild(callout);
    const nextBtn = h('button', { type: 'button', id: 'e-next-note', 'data-i18n-title': 'lesson.next', title: t('lesson.next'),
      'aria-label': t('lesson.next'), 'data-i18n-aria': 'lesson.next', hidden: true }, h('span', { 'aria-hidden': 'true' }, '✎▸'));
    if (controls) {
      const step = $('e-step');
      if (step) step.before(nextBtn); else controls.appendChild(nextBtn);
    }
    let shownKey = '';
    function show() {
      const n = L.notes.find((x) => x.line === embedLine && x.step === ds.step);
      const key = n ? n.step + ':' + n.text : '';
      if (key === shownKey) return;
      shownKey = key;
      callout.hidden = !n;
      callout.textContent = '';
      if (!n) return;
      callout.appendChild(noteNodes(n.text));
      live.textContent = t('lesson.live', { text: notePlain(n.text) });
    }
    /** @param {Lesson} les2 @param {string} ln @param {number | undefined} step */
    const req = (les2, ln, step) => ({ game: les2.game, ...les2.source, try: ln || undefined, step, query: les2.query, qseed: les2.qseed });
    /** @param {number} k */
    async function go(k) {
      const n = L.notes[k];
      if (!n || !les) return;
      if (n.line !== embedLine) { await ds.load(req(les, n.line, n.step)); embedLine = n.line; }
      ds.seek(n.step, false);
      show();
    }
    /** @param {number} dir */
    function next(dir) {
      const cur = L.notes.findIndex((n) => n.line === embedLine && n.step === ds.step);
      let k;
      if (cur >= 0) k = cur + dir;
      else if (dir > 0) k = L.notes.findIndex((n) => n.line !== embedLine || n.step > ds.step);
      else { k = -1; L.notes.forEach((n, i) => { if (n.line === embedLine && n.step < ds.step) k = i; }); }
      if (k >= 0 && k < L.notes.length) return go(k);
      return Promise.resolve();
    }
    /** @param {unknown} obj */
    async function loadLesson(obj) {
      les = validate(obj);
      if (les.lang && i18n.setLang) i18n.setLang(les.lang);
      L.title = les.title || '';
      L.notes = les.notes.map((n) => ({ ...n }));
      embedLine = les.variation;
      await ds.load(req(les, embedLine, les.step !== undefined ? les.step : undefined));
      nextBtn.hidden = !L.notes.length;
      shownKey = '';
      show();
      return lessonObject();
    }
    ds.lessonSource = () => (les ? les.source : null);
    Object.defineProperty(ds, 'loadLesson', { value: (/** @type {unknown} */ obj) => loadLesson(obj), configurable: true, writable: true });
    Object.defineProperty(ds, 'nextNote', { value: () => next(1), configurable: true });
    Object.defineProperty(ds, 'prevNote', { value: () => next(-1), configurable: true });
    Object.defineProperty(ds, 'notes', { get: () => L.notes.filter((n) => n.line === embedLine).map((n) => ({ step: n.step, text: n.text })), configurable: true });
    nextBtn.addEventListener('click', () => next(1));
    ds.on('step', show);
    ds.on('load', show);
    document.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'n' || e.key === 'N') { e.preventDefault(); next(e.key === 'n' ? 1 : -1); }
    });
    // embed.js asks for this when the URL has &lesson= or lesson_url= (instead of its own load).
    pure.embedStart = async (params) => {
      let obj;
      if (params.lesson && GAMES.includes(params.lesson)) obj = await fetchShipped(params.lesson, i18n.lang);
      else if (params.lesson) obj = await decode(params.lesson);
      else {
        if (!params.lesson_url) fail('the embed\'s URL has no lesson= or lesson_url=');
        const u = new URL(params.lesson_url, location.href);
        if (u.origin !== location.origin) fail('lesson_url must be on the same site as the embed (' + location.origin + ')');
        let r;
        try { r = await fetch(u.href, { credentials: 'same-origin' }); } catch (e) { fail('cannot fetch ' + u.pathname); }
        if (!r.ok) fail(`cannot fetch ${u.pathname} (HTTP ${r.status})`);
        obj = await r.text();
      }
      return loadLesson(obj);
    };
  }
})();
export { lessonApi as default };
