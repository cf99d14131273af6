// marks.js - the marks behind the scrubber (#marks, a canvas under the range):
// one pixel column per range of steps, the most important mark in it (rounds,
// calls, the end; turns when there is room), and a variation's steps from its
// first forced choice on in another colour. Colours: style.css's --mark-*.
'use strict';
import { MARK } from '../core/viewer.js';

/**
 * Draws the marks of a line on `c`.
 * @param {HTMLCanvasElement} c
 * @param {Uint8Array | null} m  the mark kind of every event (MARK.*; 0: none)
 * @param {[number, string][]} variation  the forced choices of the line shown ([] = the main line)
 */
export function drawMarks(c, m, variation) {
  const w = c.clientWidth, h = c.clientHeight;
  if (!w || !h) return;
  const dpr = window.devicePixelRatio || 1;
  const pw = Math.round(w * dpr), ph = Math.round(h * dpr);
  if (c.width !== pw || c.height !== ph) { c.width = pw; c.height = ph; }
  const g = c.getContext('2d');
  if (!g) throw new Error('deckscope: #' + c.id + ' has no 2d context');
  g.clearRect(0, 0, pw, ph);
  if (!m || !m.length) return;
  const cs = getComputedStyle(document.documentElement);
  /** @type {Record<number, string>} */
  const col = {
    [MARK.TURN]: cs.getPropertyValue('--mark-turn').trim() || '#999',
    [MARK.ROUND]: cs.getPropertyValue('--mark-round').trim() || '#36c',
    [MARK.CALL]: cs.getPropertyValue('--mark-call').trim() || '#c80',
    [MARK.END]: cs.getPropertyValue('--mark-end').trim() || '#c22',
  };
  // The range thumb travels over [thumb/2, w - thumb/2].
  const pad = 8 * dpr;
  const span = Math.max(1, pw - 2 * pad);
  const n = m.length;
  const best = new Uint8Array(Math.ceil(span) + 1);
  const showTurns = n <= span / 3;
  for (let i = 0; i < n; i++) {
    const v = m[i];
    if (!v || (v === MARK.TURN && !showTurns)) continue;
    // Event i leads to step i + 1.
    const x = Math.round(((i + 1) / n) * span);
    if (v > best[x]) best[x] = v;
  }
  // a variation: its steps from the first forced choice on, in another colour
  if (variation.length) {
    const x0 = Math.round(((variation[0][0] + 1) / n) * span);
    g.fillStyle = cs.getPropertyValue('--variation-band').trim() || 'rgba(160, 60, 200, 0.25)';
    g.fillRect(pad + x0, 0, Math.max(1, span - x0), ph);
    g.fillStyle = cs.getPropertyValue('--variation').trim() || '#93c';
    for (const [i] of variation) {
      const xi = Math.round(((i + 1) / n) * span);
      g.beginPath();
      g.moveTo(pad + xi - 4 * dpr, 0); g.lineTo(pad + xi + 4 * dpr, 0); g.lineTo(pad + xi, 5 * dpr);
      g.fill();
    }
  }
  for (let x = 0; x < best.length; x++) {
    const v = best[x];
    if (!v) continue;
    g.fillStyle = col[v];
    const hh = v === MARK.TURN ? ph * 0.35 : v === MARK.ROUND ? ph * 0.7 : ph;
    g.fillRect(pad + x - Math.max(1, dpr) / 2, (ph - hh) / 2, Math.max(1, Math.round(dpr)), hh);
  }
}
