// export.js - "Export" in the toolbar slot <div id="teach-tools">: the
// current frame as PNG (1x or 2x) and a range of steps as an animated GIF,
// with a progress bar (docs/exports.md).
//
// Both are drawn by the C front end offscreen (web/app/api/view_export.c: SDL's
// software renderer on a bitmap, the same scenes as the canvas), so the
// result does not depend on the WebGL canvas or the screen's pixel ratio.
// The GIF is made in slices of about 20 ms between which the page keeps
// drawing and answering input. Nothing here knows a game rule.
//
// The caption (on by default): under the picture, a strip with the step's
// narration, the page's caption in the page's language (deckscope.captionAt),
// drawn here with the browser's own fonts on a 2D canvas, because the
// narration is JavaScript (narrate.js) and its Chinese needs glyphs that the
// canvas's built-in font subset does not have. For a GIF, the C encoder asks
// for the strip of each step it reaches (dsv_api_export_gif_work returns 2)
// and puts it under the scene's frame (render.h).
//
// window.deckscope.export (main.js; also used by the tests):
//   png({scale = 1, width, height, caption = true})  -> Promise<{blob, width, height, captionHeight}>
//        width/height: CSS pixels of the scene, default the canvas's size
//   gif({from, to, width = 640, height = 360, scale = 1, tween = 5, caption = true, onProgress})
//        -> Promise<{blob, frames, width, height, captionHeight}>; onProgress(fraction, done, total)
//        height (of the result) includes the caption strip, captionHeight pixels
//   cancel()   stops a running GIF (its promise rejects with {cancelled: true})
//   busy       true while a GIF is being made
//   MAX_STEPS  the longest range the page exports at once
'use strict';
import { dsv } from '../core/binding.js';
import { canvasCssSize, canvas2d } from './capture.js';

/**
 * @typedef {{ png(opts?: object): Promise<{ blob: Blob, width: number, height: number, captionHeight: number }>,
 *             gif(opts?: object): Promise<unknown>, MAX_STEPS: number, cancel(): void, readonly busy: boolean }} ExportApi
 *   (window.deckscope.export; gif's result: {blob, frames, width, height, from, to, captionHeight})
 */
/** @type {ExportApi | null} */
let exportApi = null;

(function () {
  const MAX_STEPS = 600;
  const SLICE_MS = 20;
  const SIZES = [[480, 270], [640, 360], [800, 450], [960, 540]];

  let busy = false;
  let cancelRequested = false;

  const ds = () => window.deckscope;
  const M = () => ds() && ds().module;
  const C = () => dsv(M()); // the exports (core/binding.js)
  const dark = () => {
    const m = M();
    if (m && m.dsHost && typeof m.dsHost.dark !== 'undefined') return m.dsHost.dark ? 1 : 0;
    return document.documentElement.dataset.theme === 'light' ? 0 : 1;
  };
  const errorText = () => C().export_error();

  // ---- the caption strip ---------------------------------------------------
  const CAPTION_MAX_LINES = 3;
  // The canvas's theme colours (C's ds_theme_make), so the strip matches them.
  /** @param {number} isDark @param {number} which  a colour of ds_theme */
  function themeColour(isDark, which) {
    const v = C().export_theme_color(isDark, which) >>> 0;
    return '#' + v.toString(16).padStart(6, '0');
  }
  // The caption shown at step i (step 0: the game's headline rather than the
  // page's "press Play" hint, which means nothing in a picture).
  /** @param {number} i */
  function captionText(i) {
    const d = ds();
    if (i <= 0) {
      try {
        const h = C().headline(0); // the engine's (<game>_headline)
        if (h) return String(h);
      } catch (e) { /* the page's caption then */ }
    }
    return d.captionAt ? String(d.captionAt(i) || '') : (i === d.step ? String(d.caption || '') : '');
  }
  // Units a line may break between: one CJK character, or a word with its spaces.
  const UNITS = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f](?:[，。、；：！？）」』】\uff09]*)|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+\s*|\s+/g;
  /** @param {CanvasRenderingContext2D} g @param {string} text @param {number} maxW */
  function wrap(g, text, maxW) {
    const lines = [];
    let line = '';
    for (const u of String(text).replace(/\s+/g, ' ').trim().match(UNITS) || []) {
      if (line === '' || g.measureText((line + u).trimEnd()).width <= maxW) { line += u; continue; }
      lines.push(line.trimEnd());
      line = u.trimStart();
    }
    if (line.trim()) lines.push(line.trimEnd());
    // a unit wider than the line (a long token): cut it by characters
    const out = [];
    for (let l of lines) {
      while (g.measureText(l).width > maxW && l.length > 1) {
        let k = l.length - 1;
        while (k > 1 && g.measureText(l.slice(0, k)).width > maxW) k--;
        out.push(l.slice(0, k));
        l = l.slice(k);
      }
      out.push(l);
    }
    return out;
  }
  // A painter of strips pixW wide for the given captions: the strip is as
  // tall as the longest of them needs (1 to 3 lines; longer ones end with
  // an ellipsis). The font scales with the picture: 16 px at 640 CSS pixels.
  /** @param {number} cssW @param {number} pixW @param {number} scale @param {number} isDark @param {Iterable<string>} texts */
  function captionPainter(cssW, pixW, scale, isDark, texts) {
    const fs = Math.max(8, Math.round(Math.min(24, Math.max(12, cssW / 40)) * scale));
    const lineH = Math.round(fs * 1.3);
    const pad = Math.round(fs * 0.45);
    const { canvas: c, g: g0 } = canvas2d(pixW, 1); // (no 2D context: an Error)
    const family = getComputedStyle(document.getElementById('caption') || document.body).fontFamily || 'sans-serif';
    const font = `${fs}px ${family}`;
    g0.font = font;
    const maxW = pixW - 2 * pad;
    let n = 1;
    for (const t of texts) n = Math.max(n, Math.min(CAPTION_MAX_LINES, wrap(g0, t, maxW).length));
    const height = 2 * pad + n * lineH;
    c.height = height;
    const g2 = c.getContext('2d', { willReadFrequently: true });
    if (!g2) throw new Error('no 2D canvas');
    const g = g2; // (checked: draw() sees it as it is)
    const colours = { bg: themeColour(isDark, 4), edge: themeColour(isDark, 5), fg: themeColour(isDark, 1) };
    /** @param {string} text */
    function draw(text) {
      g.fillStyle = colours.bg;
      g.fillRect(0, 0, pixW, height);
      g.fillStyle = colours.edge;
      g.fillRect(0, 0, pixW, Math.max(1, Math.round(scale)));
      g.font = font;
      g.fillStyle = colours.fg;
      g.textBaseline = 'middle';
      let lines = wrap(g, text, maxW);
      if (lines.length > n) {
        lines = lines.slice(0, n);
        let last = lines[n - 1];
        while (last.length > 1 && g.measureText(last + '…').width > maxW) last = last.slice(0, -1);
        lines[n - 1] = last.trimEnd() + '…';
      }
      lines.forEach((l, i) => g.fillText(l, pad, pad + i * lineH + lineH / 2));
      return c;
    }
    return { height, draw, canvas: c, rgba: (/** @type {string} */ text) => { draw(text); return g.getImageData(0, 0, pixW, height).data; } };
  }

  function ensureLoaded() {
    const d = ds();
    if (!d || !M() || !d.game || d.busy) throw new Error('no game is loaded');
  }

  // The current frame as a PNG Blob.
  /** @param {{ scale?: number, width?: number, height?: number, caption?: boolean }} [opts] */
  async function png(opts = {}) {
    ensureLoaded();
    const [cw, ch] = canvasCssSize();
    const scale = Number(opts.scale) || 1;
    const w = Math.round(opts.width || cw);
    const h = Math.round(opts.height || ch);
    if (C().export_frame(w, h, scale, dark()) !== 0)
      throw new Error(errorText());
    let image;
    try {
      const pw = C().export_width();
      const ph = C().export_height();
      const pitch = C().export_pitch();
      const ptr = C().export_pixels();
      const rgba = new Uint8ClampedArray(pw * ph * 4);
      const heap = M().HEAPU8; // read after the calls: memory may have grown
      for (let y = 0; y < ph; y++) rgba.set(heap.subarray(ptr + y * pitch, ptr + y * pitch + pw * 4), y * pw * 4);
      image = new ImageData(rgba, pw, ph);
    } finally {
      C().export_free();
    }
    let strip = null, stripH = 0;
    if (opts.caption !== false) {
      const text = captionText(ds().step);
      const p = captionPainter(w, image.width, scale, dark(), [text]);
      strip = p.draw(text);
      stripH = p.height;
    }
    const { canvas: c, g } = canvas2d(image.width, image.height + stripH);
    g.putImageData(image, 0, 0);
    if (strip) g.drawImage(strip, 0, image.height);
    const blob = await new Promise((res, rej) => c.toBlob((b) => (b ? res(b) : rej(new Error('PNG encoding failed'))), 'image/png'));
    return { blob, width: c.width, height: c.height, captionHeight: stripH };
  }

  // Steps [from, to] as an animated GIF Blob, made in slices.
  /**
   * @param {{ from?: number, to?: number, width?: number, height?: number, scale?: number, tween?: number, caption?: boolean,
   *           onProgress?: (progress: number, done: number, total: number) => void }} [opts]
   */
  function gif(opts = {}) {
    return new Promise((resolve, reject) => {
      try { ensureLoaded(); } catch (e) { reject(e); return; }
      if (busy) { reject(new Error('an export is already running')); return; }
      const steps = ds().steps;
      const from = Math.max(0, Math.min(steps, Math.floor(Number(opts.from ?? 0))));
      const to = Math.max(0, Math.min(steps, Math.floor(Number(opts.to ?? steps))));
      if (!(to >= from)) { reject(new Error('the last step is before the first')); return; }
      if (to - from > MAX_STEPS) { reject(new Error(`at most ${MAX_STEPS} steps per GIF`)); return; }
      const width = Math.round(opts.width || 640);
      const height = Math.round(opts.height || 360);
      const scale = Number(opts.scale) || 1;
      const tween = opts.tween === undefined ? 5 : Math.max(0, Math.min(30, Math.floor(opts.tween)));
      const isDark = dark();
      let painter = null;
      const captions = new Map();
      if (opts.caption !== false) {
        for (let i = from; i <= to; i++) captions.set(i, captionText(i));
        painter = captionPainter(width, Math.round(width * scale), scale, isDark, captions.values());
      }
      const rc = C().export_gif_begin(from, to, width, height, scale, isDark, tween, painter ? painter.height : 0);
      if (rc !== 0) { reject(new Error(errorText())); return; }
      busy = true;
      cancelRequested = false;
      const total = C().export_frames();
      /** @param {(value: unknown) => void} fn  resolve or reject @param {unknown} value */
      const finish = (fn, value) => {
        busy = false;
        C().export_free();
        fn(value);
      };
      const slice = () => {
        if (cancelRequested) {
          const e = Object.assign(new Error('cancelled'), { cancelled: true });
          finish(reject, e);
          return;
        }
        let r;
        const t0 = performance.now();
        try {
          r = C().export_gif_work(SLICE_MS);
          // the encoder wants the caption strip of another step: draw it, go on
          while (r === 2 && painter) {
            const step = C().export_gif_need_step();
            const px = painter.rgba(captions.has(step) ? captions.get(step) : captionText(step));
            M().HEAPU8.set(px, C().export_gif_caption());
            if (C().export_gif_caption_ready(step) !== 0) { r = -1; break; }
            r = performance.now() - t0 < SLICE_MS ? C().export_gif_work(SLICE_MS) : 1;
          }
        } catch (e) { finish(reject, e); return; }
        const done = C().export_frames_done();
        if (opts.onProgress) {
          try { opts.onProgress(C().export_progress(), done, total); } catch (e) { console.error(e); }
        }
        if (r === 1) { setTimeout(slice, 0); return; }
        if (r !== 0) { finish(reject, new Error(errorText())); return; }
        const ptr = C().export_data();
        const size = C().export_size();
        const w = C().export_width();
        const h = C().export_height();
        const bytes = M().HEAPU8.slice(ptr, ptr + size);
        finish(resolve, { blob: new Blob([bytes], { type: 'image/gif' }), frames: total, width: w, height: h, from, to,
                          captionHeight: painter ? painter.height : 0 });
      };
      setTimeout(slice, 0);
    });
  }

  const api = {
    png, gif, MAX_STEPS,
    cancel() { if (busy) cancelRequested = true; },
    get busy() { return busy; },
  };
  exportApi = api;

  // ---- the page's UI ---------------------------------------------------------
  function setup() {
    const tools = document.getElementById('teach-tools');
    const d = ds();
    if (!tools || !d) return;
    const i18n = d.i18n || { t: (/** @type {string} */ k) => k, add() {}, apply() {}, onChange() {} };
    i18n.add({
      en: {
        'export.button': 'Export',
        'export.title': 'Export a picture or an animation',
        'export.png': 'Picture of the current frame (PNG)',
        'export.png1': 'PNG 1×',
        'export.png2': 'PNG 2×',
        'export.gif': 'Animated GIF of a range of steps',
        'export.from': 'From step',
        'export.to': 'to step',
        'export.size': 'Size',
        'export.smooth': 'Smooth motion (5 in-between frames per step)',
        'export.caption': 'Caption: the step’s narration under the picture (PNG and GIF)',
        'export.planCaption': '{frames} frames, {seconds} s, {w}×{h} pixels and a caption strip',
        'export.plan': '{frames} frames, {seconds} s, {w}×{h} pixels',
        'export.make': 'Make GIF',
        'export.cancel': 'Cancel',
        'export.close': 'Close',
        'export.progress': 'Frame {done} of {total}…',
        'export.done': 'Saved {name}: {frames} frames, {kb} KB.',
        'export.savedPng': 'Saved {name}: {w}×{h} pixels.',
        'export.failed': 'Export failed: {msg}',
        'export.cancelled': 'Cancelled.',
        'export.tooLong': 'At most {max} steps per GIF: shorten the range.',
        'export.none': 'Load a game first.',
        'export.download': 'Download again',
      },
      zh: {
        'export.button': '导出',
        'export.title': '导出图片或动画',
        'export.png': '当前画面的图片（PNG）',
        'export.png1': 'PNG 1×',
        'export.png2': 'PNG 2×',
        'export.gif': '一段步骤的 GIF 动画',
        'export.from': '从第',
        'export.to': '步到第',
        'export.size': '尺寸',
        'export.smooth': '平滑动画（每步 5 个过渡帧）',
        'export.caption': '字幕：在画面下方附上这一步的解说（PNG 和 GIF）',
        'export.planCaption': '{frames} 帧，{seconds} 秒，{w}×{h} 像素，另加字幕条',
        'export.plan': '{frames} 帧，{seconds} 秒，{w}×{h} 像素',
        'export.make': '生成 GIF',
        'export.cancel': '取消',
        'export.close': '关闭',
        'export.progress': '第 {done} / {total} 帧…',
        'export.done': '已保存 {name}：{frames} 帧，{kb} KB。',
        'export.savedPng': '已保存 {name}：{w}×{h} 像素。',
        'export.failed': '导出失败：{msg}',
        'export.cancelled': '已取消。',
        'export.tooLong': '每个 GIF 最多 {max} 步，请缩短范围。',
        'export.none': '请先载入一局游戏。',
        'export.download': '再次下载',
      },
    });
    /** @param {string} k @param {Record<string, unknown>} [v] @returns {string} */
    const t = (k, v) => i18n.t(k, v);
    const h = i18n.el;

    // A constructed stylesheet, not a <style> element: the page's
    // Content-Security-Policy (style-src 'self') blocks inline <style>.
    const style = new CSSStyleSheet();
    style.replaceSync(`
.export-dialog { width: min(34rem, 94vw); }
.export-dialog h2 { margin: 0 0 .6rem; font-size: 1.1rem; }
.export-dialog h3 { margin: .9rem 0 .4rem; font-size: .95rem; }
.export-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .35rem 0; }
.export-row input[type=number] { width: 6.5rem; }
.export-dialog progress { width: 100%; height: .8rem; }
.export-status { min-height: 1.3em; margin: .3rem 0 0; }
.export-status.error { color: #e57373; }
.export-plan { opacity: .8; font-size: .9em; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, style];

    const button = h('button', { type: 'button', id: 'export-open', 'aria-haspopup': 'dialog', i18n: 'export.button' });
    tools.append(button);

    const png1 = h('button', { type: 'button', id: 'export-png1', i18n: 'export.png1' });
    const png2 = h('button', { type: 'button', id: 'export-png2', i18n: 'export.png2' });
    const from = h('input', { type: 'number', id: 'export-from', min: '0', step: '1', inputmode: 'numeric' });
    const to = h('input', { type: 'number', id: 'export-to', min: '0', step: '1', inputmode: 'numeric' });
    const size = h('select', { id: 'export-size' });
    SIZES.forEach(([w, hh], i) => size.append(h('option', { value: String(i) }, `${w} × ${hh}`)));
    size.value = '1';
    const smooth = h('input', { type: 'checkbox', id: 'export-smooth', checked: true });
    const withCaption = h('input', { type: 'checkbox', id: 'export-caption', checked: true });
    const plan = h('p', { class: 'export-plan', id: 'export-plan', 'aria-live': 'polite' });
    const make = h('button', { type: 'button', id: 'export-gif', class: 'primary', i18n: 'export.make' });
    const cancel = h('button', { type: 'button', id: 'export-cancel', hidden: true, i18n: 'export.cancel' });
    const bar = h('progress', { id: 'export-progress', max: '1', value: '0', hidden: true });
    const status = h('p', { class: 'export-status', id: 'export-status', role: 'status' });
    const again = h('a', { id: 'export-again', hidden: true, i18n: 'export.download' });

    const dialog = h('dialog', { id: 'export-dialog', class: 'export-dialog', 'aria-labelledby': 'export-title' },
      h('h2', { id: 'export-title', i18n: 'export.title' }),
      h('div', { class: 'export-row' }, withCaption, h('label', { for: 'export-caption', i18n: 'export.caption' })),
      h('h3', { i18n: 'export.png' }),
      h('div', { class: 'export-row' }, png1, png2),
      h('h3', { i18n: 'export.gif' }),
      h('div', { class: 'export-row' },
        h('label', { for: 'export-from', i18n: 'export.from' }), from,
        h('label', { for: 'export-to', i18n: 'export.to' }), to),
      h('div', { class: 'export-row' },
        h('label', { for: 'export-size', i18n: 'export.size' }), size),
      h('div', { class: 'export-row' }, smooth, h('label', { for: 'export-smooth', i18n: 'export.smooth' })),
      plan,
      h('div', { class: 'export-row' }, make, cancel),
      bar, status, again,
      h('form', { method: 'dialog' }, h('button', { id: 'export-close', i18n: 'export.close' })));
    document.body.append(dialog);

    /** @param {string} text @param {boolean} [isError] */
    const setStatus = (text, isError) => {
      status.textContent = text;
      status.classList.toggle('error', !!isError);
    };
    const fileBase = () => `deckscope-${ds().game || 'view'}`;
    /** @type {string | null} */
    let lastUrl = null;
    /** @param {Blob} blob @param {string} name */
    function save(blob, name) {
      if (lastUrl) URL.revokeObjectURL(lastUrl);
      lastUrl = URL.createObjectURL(blob);
      again.href = lastUrl;
      again.download = name;
      again.hidden = false;
      const a = document.createElement('a');
      a.href = lastUrl;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
    }
    function range() {
      const steps = ds().steps || 0;
      let a = Math.floor(Number(from.value));
      let b = Math.floor(Number(to.value));
      if (!Number.isFinite(a)) a = 0;
      if (!Number.isFinite(b)) b = steps;
      a = Math.max(0, Math.min(steps, a));
      b = Math.max(0, Math.min(steps, b));
      return [a, b];
    }
    function updatePlan() {
      const [a, b] = range();
      const [w, hh] = SIZES[Number(size.value)] || SIZES[1];
      const tw = smooth.checked ? 5 : 0;
      const frames = b >= a ? 1 + (b - a) * (tw + 1) : 0;
      // render.h: the first state 0.5 s, then per step tw x 0.1 s + 0.5 s
      const seconds = b >= a ? 0.5 + (b - a) * (tw * 0.1 + 0.5) : 0;
      plan.textContent = t(withCaption.checked ? 'export.planCaption' : 'export.plan', { frames, seconds: Math.round(seconds * 10) / 10, w, h: hh });
      const tooLong = b - a > MAX_STEPS;
      make.disabled = busy || b < a || tooLong || !ds().game;
      if (tooLong) setStatus(t('export.tooLong', { max: MAX_STEPS }), true);
    }
    function openDialog() {
      const d2 = ds();
      const steps = d2.steps || 0;
      const cur = d2.step || 0;
      let a = cur;
      let b = Math.min(steps, cur + 10);
      if (b === a) a = Math.max(0, steps - 10);
      from.max = to.max = String(steps);
      from.value = String(a);
      to.value = String(b);
      if (!busy) { setStatus(d2.game ? '' : t('export.none'), !d2.game); bar.hidden = true; }
      png1.disabled = png2.disabled = !d2.game;
      updatePlan();
      if (!dialog.open) dialog.showModal();
    }
    /** @param {number} scale */
    async function doPng(scale) {
      try {
        const r = await png({ scale, caption: withCaption.checked });
        const name = `${fileBase()}-step${ds().step}${scale === 2 ? '@2x' : ''}.png`;
        save(r.blob, name);
        setStatus(t('export.savedPng', { name, w: r.width, h: r.height }));
      } catch (e) {
        setStatus(t('export.failed', { msg: /** @type {Error} */ (e).message }), true);
      }
    }
    async function doGif() {
      const [a, b] = range();
      const [w, hh] = SIZES[Number(size.value)] || SIZES[1];
      bar.hidden = false;
      bar.value = 0;
      cancel.hidden = false;
      make.disabled = true;
      again.hidden = true;
      setStatus(t('export.progress', { done: 0, total: 1 + (b - a) * (smooth.checked ? 6 : 1) }));
      try {
        const r = await gif({
          from: a, to: b, width: w, height: hh, tween: smooth.checked ? 5 : 0, caption: withCaption.checked,
          onProgress: (/** @type {number} */ p, /** @type {number} */ done, /** @type {number} */ total) => { bar.value = p; setStatus(t('export.progress', { done, total })); },
        });
        const name = `${fileBase()}-${a}-${b}.gif`;
        save(r.blob, name);
        setStatus(t('export.done', { name, frames: r.frames, kb: Math.max(1, Math.round(r.blob.size / 1024)) }));
        bar.value = 1;
      } catch (err) {
        const e = /** @type {Error & { cancelled?: boolean }} */ (err);
        setStatus(e.cancelled ? t('export.cancelled') : t('export.failed', { msg: e.message }), !e.cancelled);
        bar.hidden = true;
      } finally {
        cancel.hidden = true;
        updatePlan();
      }
    }

    button.addEventListener('click', openDialog);
    png1.addEventListener('click', () => doPng(1));
    png2.addEventListener('click', () => doPng(2));
    make.addEventListener('click', doGif);
    cancel.addEventListener('click', () => api.cancel());
    for (const e of [from, to, size, smooth, withCaption]) e.addEventListener('input', () => { setStatus(''); updatePlan(); });
    // Keys typed in the dialog stay in the dialog (the page has shortcuts).
    dialog.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => { if (e.key !== 'Escape') e.stopPropagation(); });
    if (i18n.onChange) i18n.onChange(() => { if (i18n.apply) i18n.apply(dialog); i18n.apply && i18n.apply(tools); updatePlan(); });
    if (d.on) d.on('load', () => { if (dialog.open) openDialog(); });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
}());
export { exportApi as default };
