// variation.js - "Try another move": the page's side of variations
// (docs/variations.md). app.js keeps the line shown (window.deckscope:
// branch(i, label), variation, mainLine(), output(), variationInfo()); the
// engine simulates it. This file draws:
//   * in the "why" panel of a decision step, a "Try another move" row: one
//     button per candidate the rule did not take (the labels of the event's
//     uniform decision record, docs/trace-format.md);
//   * under the caption, while a variation is shown, a strip: the forced
//     choices (each a link to its step), the main line's and the variation's
//     outcomes side by side, "Undo last choice" and "Back to the main line";
//   * the message of a choice the engine refused, in the page's language.
// Nothing here knows a game rule: labels and values come from the engine.
'use strict';

(function () {
  const ds = window.deckscope;
  if (!ds || !ds.on || !ds.i18n) return;
  const i18n = ds.i18n;
  const t = (k, v) => i18n.t(k, v);
  const h = i18n.el;

  i18n.add({
    en: {
      'try.title': 'Try another move',
      'try.hint': 'Play a candidate the rule did not choose and see where the game goes.',
      'try.button': 'Try {label}',
      'try.value': 'value {value}',
      'try.forced': 'In this variation this move was forced: {label} (the rule plays {rule}).',
      'var.label': 'Variation',
      'var.choice': 'step {step}: {label}',
      'var.main': 'Main line',
      'var.this': 'This variation',
      'var.steps': '{n} steps',
      'var.back': 'Back to the main line',
      'var.undo': 'Undo last choice',
      'var.branch': 'Leaves the main line at step {step}.',
      'var.failed': 'Cannot try this: {msg}',
    },
    zh: {
      'try.title': '换一步试试',
      'try.hint': '走一步规则没有选的候选，看看对局会怎样发展。',
      'try.button': '试试 {label}',
      'try.value': '值 {value}',
      'try.forced': '在这个变化中这一步被指定为 {label}（规则会走 {rule}）。',
      'var.label': '变化',
      'var.choice': '第 {step} 步：{label}',
      'var.main': '主线',
      'var.this': '本变化',
      'var.steps': '{n} 步',
      'var.back': '回到主线',
      'var.undo': '撤销最后一步',
      'var.branch': '从第 {step} 步离开主线。',
      'var.failed': '无法这样走：{msg}',
    },
  });

  // The engine's messages about choices (ds_core.h), in Chinese.
  const ERR_ZH = {
    'event %zu is %s, not a decision': '第 {0} 个事件是{1}，不是一个决策',
    "'%s' is not a choice at event %zu; the choices are: %s": '“{0}”不是第 {1} 个事件的候选；可选：{2}',
    'the game has only %zu events; event %zu is past its end': '这局只有 {0} 个事件；第 {1} 个事件超出了结尾',
    'event indices must increase: %zu after %zu': '事件序号必须递增：{0} 在 {1} 之后',
  };
  function errorText(e) {
    if (i18n.lang === 'zh' && e && ERR_ZH[e.code]) {
      const a = Array.isArray(e.args) ? e.args : [];
      return ERR_ZH[e.code].replace(/\{(\d)\}/g, (all, k) => String(a[Number(k)] ?? ''));
    }
    return String((e && e.message) || e);
  }
  // a candidate's value as the engine's sentences write it (narrate.js lays
  // out the record's number in its measure; nothing is compared)
  const fmt = (d, c) => {
    const N = window.dsNarrate;
    if (N && N.valueText) return N.valueText(d, c, i18n.lang);
    return c && c.value !== null && c.value !== undefined ? String(c.value) : '';
  };
  // a move by its name in the engine's record (labels stay in URLs and data-label)
  const nameOf = (d, label) => i18n.moveName(d, label);
  // the record of event i on the line shown (in the view's language)
  const decisionAt = (i) => {
    try { const ev = JSON.parse(ds.module.ccall('dsv_api_event_json', 'string', ['number'], [i])); return ev && ev.decision; } catch (e) { return null; }
  };

  // ---- the "why" panel: one button per candidate not taken ------------------------
  ds.on('why', ({ box, event, decision }) => {
    if (!decision || !(event >= 0)) return;
    const cands = decision.candidates.filter((c) => c && c.label !== undefined && String(c.label) !== String(decision.chosen));
    const sec = h('section', { class: 'try', 'aria-labelledby': 'try-title' },
      h('h3', { id: 'try-title', i18n: 'try.title' }));
    if (decision.forced) {
      sec.append(h('p', { class: 'try-forced', text: t('try.forced', { label: nameOf(decision, decision.chosen), rule: nameOf(decision, decision.rule_choice ?? '?') }) }));
    }
    if (cands.length) {
      sec.append(h('p', { class: 'hint', i18n: 'try.hint' }));
      const row = h('div', { class: 'try-row' });
      for (const c of cands) {
        const val = fmt(decision, c);
        row.append(h('button', {
          type: 'button', class: 'try-btn', 'data-label': String(c.label), 'data-event': String(event),
          title: val !== '' ? t('try.value', { value: val }) : null,
          onclick: (e) => {
            const b = e.currentTarget;
            b.disabled = true;
            ds.branch(event, String(c.label)).then(refocus, (err) => {
              b.disabled = false;
              msg.textContent = t('var.failed', { msg: errorText(err) });
              msg.hidden = false;
            });
          },
        // The name is the visible text with "Try" before it (not an
        // aria-label that leaves the value out: WCAG 2.5.3, label in name).
        }, h('span', { class: 'sr-only', text: t('try.button', { label: '' }).trim() + ' ' }),
        h('span', { class: 'try-label', text: nameOf(decision, c.label) }), val !== '' ? h('small', { text: ' ' + val }) : null));
      }
      const msg = h('p', { class: 'try-error', role: 'alert', hidden: true });
      sec.append(row, msg);
    }
    if (!cands.length && !decision.forced) return;
    // right after the candidates table when there is one
    const table = box.querySelector('.cands-wrap');
    if (table && table.nextSibling) box.insertBefore(sec, table.nextSibling);
    else box.appendChild(sec);
  });

  // ---- the strip under the caption ----------------------------------------------------
  const caption = document.getElementById('caption');
  const strip = h('section', { class: 'variation', id: 'variation', hidden: true, 'aria-live': 'polite' });
  if (caption && caption.parentNode) caption.parentNode.insertBefore(strip, caption.nextSibling);
  let lastErr = null;
  // The button a keyboard user pressed is gone once the why panel and the
  // strip are redrawn: the focus goes to the strip's Undo (or the stage),
  // never to <body>.
  // (the strip may be redrawn after the promise settles: then it takes the
  // focus from the stage to its Undo)
  let wantFocus = false;
  function refocus() { setTimeout(placeFocus, 0); }
  function placeFocus() {
    const a = document.activeElement;
    if (a && a !== document.body && a.isConnected && !a.disabled) return;
    const undo = strip.hidden ? null : strip.querySelector('.var-undo');
    const to = undo || document.getElementById('stage');
    wantFocus = !undo;
    if (to) to.focus({ preventScroll: !undo });
  }

  function renderStrip() {
    const v = ds.variation || [];
    strip.textContent = '';
    strip.hidden = !v.length && !lastErr;
    if (lastErr) strip.append(h('p', { class: 'try-error', role: 'alert', text: t('var.failed', { msg: lastErr }) }));
    if (!v.length) return;
    const info = ds.variationInfo();
    const chips = h('span', { class: 'var-chips' });
    for (const [i, label] of v) {
      chips.append(h('button', { type: 'button', class: 'var-chip', onclick: () => ds.seek(i + 1, false),
        text: t('var.choice', { step: i + 1, label: nameOf(decisionAt(i), label) }) }));
    }
    const undo = h('button', { type: 'button', class: 'var-undo', i18n: 'var.undo', onclick: () => {
      const w = ds.variation;
      (w.length > 1 ? ds.branch(w[w.length - 2][0], w[w.length - 2][1]) : ds.mainLine()).then(refocus, () => {});
    } });
    const back = h('button', { type: 'button', class: 'var-back primary', i18n: 'var.back',
      onclick: () => ds.mainLine().then(() => ds.seek(v[0][0] + 1, false)).then(refocus, () => {}) });
    const cmp = h('dl', { class: 'var-compare' },
      h('div', {}, h('dt', { i18n: 'var.main' }),
        h('dd', { text: info.main ? `${info.main.outcome} (${t('var.steps', { n: info.main.steps })})` : '' })),
      h('div', { class: 'var-this' }, h('dt', { i18n: 'var.this' }),
        h('dd', { text: `${info.outcome} (${t('var.steps', { n: info.steps })})` })));
    // While the learner plays (play.js), the play panel's Undo is the one
    // Undo and the line is the learner's game: the strip only shows it.
    const playing = !!ds.playSeat;
    strip.append(
      h('div', { class: 'var-head' }, h('strong', { i18n: 'var.label' }), chips, playing ? null : undo, playing ? null : back),
      h('p', { class: 'hint', text: t('var.branch', { step: v[0][0] + 1 }) }),
      cmp);
    if (wantFocus) { wantFocus = false; undo.focus(); }
  }
  ds.on('variation', () => { lastErr = null; renderStrip(); });
  ds.on('load', () => { lastErr = null; renderStrip(); });
  ds.on('try-error', (e) => { lastErr = e.message; renderStrip(); });
  ds.on('lang', renderStrip);
  document.addEventListener('deckscope-play', renderStrip);
  if (i18n.onChange) i18n.onChange(() => setTimeout(renderStrip, 0));
})();
