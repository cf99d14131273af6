// timeline.js - the page's timeline under the canvas: Start, Back, Play/Pause,
// Forward, End, the previous/next mark, the scrubber with its step label, the
// speed, and the busy bar (goudan solving). Its buttons ask the page (app.js)
// to move; render() shows where the view is.
'use strict';
import { SPEEDS } from '../core/viewer.js';
import { byId } from './dom.js';

/** @typedef {(key: string, vars?: Record<string, unknown> | null) => string} Words i18n.t */

/**
 * The timeline's controls.
 * @param {Words} t
 * @param {object} on  what its controls ask for
 * @param {(i: number | 'end', animate: boolean) => void} on.seek  a step ('end': the last one)
 * @param {(dir: number) => void} on.step  one step back (-1) or forward (1), animated
 * @param {(dir: number) => void} on.markJump  to the previous (-1) or next (1) mark
 * @param {() => void} on.playPause
 * @param {(x: number) => void} on.speed
 */
export function timeline(t, on) {
  const el = {
    start: byId('tl-start', HTMLButtonElement), back: byId('tl-back', HTMLButtonElement), play: byId('tl-play', HTMLButtonElement),
    playIcon: byId('tl-play-icon'), playText: byId('tl-play-text'), forward: byId('tl-forward', HTMLButtonElement),
    end: byId('tl-end', HTMLButtonElement), prevMark: byId('tl-prev-mark', HTMLButtonElement),
    nextMark: byId('tl-next-mark', HTMLButtonElement), stepLabel: byId('step-label'), speed: byId('speed', HTMLSelectElement),
    scrubber: byId('scrubber', HTMLInputElement), busy: byId('busy'), busyProgress: byId('busy-progress', HTMLProgressElement),
  };
  el.start.addEventListener('click', () => on.seek(0, false));
  el.end.addEventListener('click', () => on.seek('end', false));
  el.back.addEventListener('click', () => on.step(-1));
  el.forward.addEventListener('click', () => on.step(1));
  el.prevMark.addEventListener('click', () => on.markJump(-1));
  el.nextMark.addEventListener('click', () => on.markJump(1));
  el.play.addEventListener('click', () => on.playPause());
  el.speed.addEventListener('change', () => on.speed(Number(el.speed.value)));
  el.scrubber.addEventListener('input', () => on.seek(Number(el.scrubber.value), false));

  /**
   * Shows the view's place.
   * @param {{loaded: boolean, step: number, steps: number, playing: boolean, speed: number, busy: boolean, progress: number}} v
   */
  function render(v) {
    const { loaded, step, steps, playing } = v;
    const focused = document.activeElement;
    for (const b of [el.start, el.back, el.prevMark]) b.disabled = !loaded || step <= 0;
    for (const b of [el.forward, el.end, el.nextMark]) b.disabled = !loaded || step >= steps;
    el.play.disabled = !loaded || steps === 0;
    el.scrubber.disabled = !loaded;
    // A focused button just disabled (Start or Back at step 0, End at the
    // end) would drop the keyboard focus on <body>: it moves to Play (or
    // the scrubber) instead.
    const stepButton = [el.start, el.back, el.prevMark, el.forward, el.end, el.nextMark].find((b) => b === focused);
    if (stepButton && stepButton.disabled) {
      const next = [el.play, el.scrubber].find((b) => !b.disabled);
      if (next) next.focus();
    }
    if (Number(el.scrubber.max) !== steps) el.scrubber.max = String(steps);
    if (Number(el.scrubber.value) !== step) el.scrubber.value = String(step);
    el.scrubber.setAttribute('aria-valuetext', t('tl.step', { step, steps }));
    el.stepLabel.textContent = t('tl.step', { step, steps });
    el.play.setAttribute('aria-pressed', String(playing));
    el.play.classList.toggle('playing', playing);
    el.playIcon.dataset.icon = playing ? 'pause' : 'play';
    el.playText.textContent = playing ? t('tl.pause') : t('tl.play');
    el.play.setAttribute('aria-label', playing ? t('tl.pause') : t('tl.play'));
    const opt = SPEEDS.includes(v.speed) ? String(v.speed) : null;
    if (opt && el.speed.value !== opt) el.speed.value = opt;
    el.busy.hidden = !v.busy;
    el.busyProgress.value = v.progress || 0;
  }
  return { render };
}
