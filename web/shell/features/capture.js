// capture.js - what the page's exports share when they draw a picture of the
// game: the C view's canvas (#canvas) and its size, and a 2D canvas of their
// own to compose a picture on (features/export.js: the PNG and its caption
// strip; features/video.js: every frame of a WebM, the canvas copied with a
// strip under it). Nothing here knows a game or a rule.
//
//   pageCanvas()                  the C view's canvas, or null
//   canvasCssSize()               its size in CSS pixels [w, h] (at least 64 each way; 960x540 without one)
//   canvas2d(w, h, settings)      {canvas, g}: a new canvas w x h and its 2D context (throws without one)
//   captureSize(src, maxW)        [w, h]: src's pixels scaled to at most maxW wide, both even (encoders want even sizes)
//   drawCapture(g, src, w, h)     copies src into g at 0,0 (w x h); false when it could not (a lost context)
'use strict';

/** The C view's canvas (#canvas), or null when the page has none. @returns {HTMLCanvasElement | null} */
export function pageCanvas() {
  const c = document.getElementById('canvas');
  return c instanceof HTMLCanvasElement ? c : null;
}

/** The size of the page's canvas in CSS pixels, at least 64 each way (960 x 540 without one). @returns {[number, number]} */
export function canvasCssSize() {
  const c = pageCanvas();
  const w = Math.round((c && c.clientWidth) || 960);
  const h = Math.round((c && c.clientHeight) || 540);
  return [Math.max(64, w), Math.max(64, h)];
}

/**
 * A new canvas of width x height pixels and its 2D context.
 * @param {number} width @param {number} height @param {CanvasRenderingContext2DSettings} [settings]
 * @returns {{ canvas: HTMLCanvasElement, g: CanvasRenderingContext2D }}
 */
export function canvas2d(width, height, settings) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d', settings);
  if (!g) throw new Error('no 2D canvas');
  return { canvas, g };
}

/**
 * The size of a copy of `src`: its pixels, scaled down to at most maxW wide, both even.
 * @param {HTMLCanvasElement} src @param {number} maxW @returns {[number, number]}
 */
export function captureSize(src, maxW) {
  let w = src.width, h = src.height;
  if (w > maxW) { h = Math.round(h * maxW / w); w = maxW; }
  w -= w % 2; h -= h % 2;
  return [w, h];
}

/**
 * Copies `src` (the page's canvas) into `g` at 0,0, w x h: false when the browser could not
 * (a lost WebGL context), the picture's place then stays as it was.
 * @param {CanvasRenderingContext2D} g @param {CanvasImageSource} src @param {number} w @param {number} h
 */
export function drawCapture(g, src, w, h) {
  try { g.drawImage(src, 0, 0, w, h); return true; } catch (e) { return false; }
}
