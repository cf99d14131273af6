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
import dsNarrate from '../core/narrate.js';
import { viewer, feature } from '../core/viewer.js';
import { dsv } from '../core/binding.js';

(function () {
  const f = feature(); // the page's API object and its words (core/viewer.js)
  if (!f) return;
  const { ds } = f;
  /** @type {DsI18n} */
  const i18n = f.i18n;
  /** @param {string} k @param {Record<string, unknown>} [v] */
  const t = (k, v) => i18n.t(k, v);
  const h = i18n.el;
  /** @typedef {[number, string]} Choice  a forced choice: the event's index and the label taken */

  i18n.add({
    en: {
      'try.title': 'Try another move',
      'try.hint': 'Play a candidate the rule did not choose and see where the game goes.',
      'try.button': 'Try {label}',
      'try.value': 'value {value}',
      'try.forced': 'In this variation this move was forced: {label} (the rule\'s move: {rule}).',
      'var.label': 'Variation',
      'var.choice': 'step {step}: {label}',
      'var.main': 'Main line',
      'var.this': 'This variation',
      'var.steps': '{n} steps',
      'var.back': 'Back to the main line',
      'var.undo': 'Undo last choice',
      'var.branch': 'Leaves the main line at step {step}.',
      'var.failed': 'Cannot try this: {msg}',
      'var.at': 'At step {step}: {name}; the rule: {rule}.',
      'tree.title': 'Variation tree',
      'tree.main': 'Main line',
      'tree.move': 'step {step}: {name}',
      'tree.rule': '— the rule: {name}',
      'tree.open': 'Open',
      'tree.note': 'Note',
      'tree.noteLabel': 'A note for this variation (its name in the tree)',
      'tree.delete': 'Delete',
    },
    zh: {
      'try.title': '换一步试试',
      'try.hint': '走一步规则没有选的候选，看看对局会怎样发展。',
      'try.button': '试试 {label}',
      'try.value': '值 {value}',
      'try.forced': '在这个变化中这一步被指定为 {label}（规则的选择：{rule}）。',
      'var.label': '变化',
      'var.choice': '第 {step} 步：{label}',
      'var.main': '主线',
      'var.this': '本变化',
      'var.steps': '{n} 步',
      'var.back': '回到主线',
      'var.undo': '撤销最后一步',
      'var.branch': '从第 {step} 步离开主线。',
      'var.failed': '无法这样走：{msg}',
      'var.at': '第 {step} 步：{name}；规则：{rule}。',
      'tree.title': '变化树',
      'tree.main': '主线',
      'tree.move': '第 {step} 步：{name}',
      'tree.rule': '— 规则：{name}',
      'tree.open': '打开',
      'tree.note': '备注',
      'tree.noteLabel': '这个变化的备注（在树中作为它的名字）',
      'tree.delete': '删除',
    },
  });

  // The engine's messages about choices (ds_core.h), in Chinese.
  /** @type {Record<string, string>} */
  const ERR_ZH = {
    'event %zu is %s, not a decision': '第 {0} 个事件是{1}，不是一个决策',
    "'%s' is not a choice at event %zu; the choices are: %s": '“{0}”不是第 {1} 个事件的候选；可选：{2}',
    'the game has only %zu events; event %zu is past its end': '这局只有 {0} 个事件；第 {1} 个事件超出了结尾',
    'event indices must increase: %zu after %zu': '事件序号必须递增：{0} 在 {1} 之后',
  };
  /** @param {{ code?: string, args?: unknown[], message?: string } | null | undefined} e  a refused choice (the engine's error as data) */
  function errorText(e) {
    const zh = e ? ERR_ZH[String(e.code)] : undefined; // (an index is made a string too)
    if (i18n.lang === 'zh' && e && zh) {
      const a = Array.isArray(e.args) ? e.args : [];
      return zh.replace(/\{(\d)\}/g, (all, k) => String(a[Number(k)] ?? ''));
    }
    return String((e && e.message) || e);
  }
  // a candidate's value as the engine's sentences write it (narrate.js lays
  // out the record's number in its measure; nothing is compared)
  // (d is null only where c is: no record, no candidate)
  /** @param {DsDecision | null} d @param {DsCandidate | null | undefined} c */
  const fmt = (d, c) => {
    const N = dsNarrate;
    if (!d || !c) return '';
    if (N && N.valueText) return N.valueText(d, c, i18n.lang);
    return c && c.value !== null && c.value !== undefined ? String(c.value) : '';
  };
  // a move by its name in the engine's record (labels stay in URLs and data-label)
  /** @param {DsDecision | null} d @param {unknown} label */
  const nameOf = (d, label) => i18n.moveName(d, label);
  // the record of event i on the line shown (in the view's language)
  /** @param {number} i @returns {DsDecision | null} */
  const decisionAt = (i) => {
    const ev = /** @type {DsEvent | null} */ (viewer.event(i));
    return (ev && ev.decision) || null;
  };

  // ---- the "why" panel: one button per candidate not taken ------------------------
  ds.on('why', (/** @type {{ box: HTMLElement, event: number, decision: DsDecision | null }} */ { box, event, decision }) => {
    if (!decision || !(event >= 0)) return;
    // while the learner plays (play.js) the line is the learner's game: its
    // moves are made in the play panel, not branched here
    if (ds.playSeat) return;
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
          onclick: (/** @type {Event} */ e) => {
            const b = /** @type {HTMLButtonElement} */ (e.currentTarget);
            b.disabled = true;
            ds.branch(event, String(c.label)).then(refocus, (/** @type {Error & { code?: string, args?: unknown[] }} */ err) => {
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
  /** @type {string | null} the message of the last refused choice */
  let lastErr = null;
  // The button a keyboard user pressed is gone once the why panel and the
  // strip are redrawn: the focus goes to the strip's Undo (or the stage),
  // never to <body>.
  // (the strip may be redrawn after the promise settles: then it takes the
  // focus from the stage to its Undo)
  let wantFocus = false;
  function refocus() { setTimeout(placeFocus, 0); }
  function placeFocus() {
    const a = /** @type {(Element & { disabled?: boolean }) | null} */ (document.activeElement);
    if (a && a !== document.body && a.isConnected && !a.disabled) return;
    const undo = strip.hidden ? null : /** @type {HTMLButtonElement | null} */ (strip.querySelector('.var-undo'));
    const to = undo || document.getElementById('stage');
    wantFocus = !undo;
    if (to) to.focus({ preventScroll: !undo });
  }

  function renderStrip() {
    /** @type {Choice[]} */
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
      /** @type {Choice[]} */
      const w = ds.variation;
      (w.length > 1 ? ds.branch(w[w.length - 2][0], w[w.length - 2][1]) : ds.mainLine()).then(refocus, () => {});
    } });
    const back = h('button', { type: 'button', class: 'var-back primary', i18n: 'var.back',
      onclick: () => ds.mainLine().then(() => ds.seek(v[0][0] + 1, false)).then(refocus, () => {}) });
    // what differs: the engine's outcome of each line (cards left, who won
    // and when) under its last sentence, and the branch point's move and the
    // rule's with the rule's measure of both (goudan: the win chances)
    const mainOut = root && root.outcome ? root.outcome : '';
    const thisOut = outcomeNow();
    const cmp = h('dl', { class: 'var-compare' },
      h('div', {}, h('dt', { i18n: 'var.main' }),
        h('dd', { text: info.main ? `${info.main.outcome} (${t('var.steps', { n: info.main.steps })})` : '' },
          mainOut ? h('small', { class: 'var-outcome', text: mainOut }) : null)),
      h('div', { class: 'var-this' }, h('dt', { i18n: 'var.this' }),
        h('dd', { text: `${info.outcome} (${t('var.steps', { n: info.steps })})` },
          thisOut ? h('small', { class: 'var-outcome', text: thisOut }) : null)));
    const [bi, bl] = v[v.length - 1];
    const bd = decisionAt(bi);
    /** @param {unknown} l */
    const cand = (l) => (bd && bd.candidates || []).find((c) => String(c.label) === String(l));
    /** @param {unknown} l */
    const withValue = (l) => { const x = measured(bd, cand(l)); return nameOf(bd, l) + (x !== '' ? ` (${x})` : ''); };
    const at = bd ? h('p', { class: 'var-at', text: t('var.at', { step: bi + 1, name: withValue(bl), rule: withValue(bd.rule_choice) }) }) : null;
    // While the learner plays (play.js), the play panel's Undo is the one
    // Undo and the line is the learner's game: the strip only shows it.
    const playing = !!ds.playSeat;
    strip.append(
      h('div', { class: 'var-head' }, h('strong', { i18n: 'var.label' }), chips, playing ? null : undo, playing ? null : back),
      h('p', { class: 'hint', text: t('var.branch', { step: v[0][0] + 1 }) }));
    if (at) strip.append(at); // (no record at the branch point: nothing, not the text "null")
    strip.append(cmp);
    if (wantFocus) { wantFocus = false; undo.focus(); }
  }
  ds.on('variation', () => { lastErr = null; renderStrip(); });
  ds.on('load', () => { lastErr = null; renderStrip(); });
  ds.on('try-error', (/** @type {Error} */ e) => { lastErr = e.message; renderStrip(); });
  ds.on('lang', renderStrip);
  document.addEventListener('deckscope-play', () => { renderStrip(); if (typeof renderTree === 'function') renderTree(); });
  if (i18n.onChange) i18n.onChange(() => setTimeout(renderStrip, 0));

  // ---- the variation tree ---------------------------------------------------------------
  // Every line shown since the game was loaded, as a tree of forced choices
  // (a variation of a variation is its child): a node is one forced choice
  // [i, label] and stands for the line of the choices on the path to it (its
  // &try= spec). What a node says comes from the engine: the decision record
  // of event i on that line (the move taken and the rule's, by their names,
  // and the rule's measure of both, as the engine's sentences write it) and
  // the line's outcome (dsv_api_outcome, the game's outcome in the engine). A node
  // can be opened, noted (a note renames it), deleted; the current line is
  // highlighted. window.deckscope.variationTree is the tree (tests, lessons);
  // setVariationTree(list) restores one ([{line, note}], lesson.js).
  // a candidate's value with the name of the rule's measure ("difference 95",
  // "win chance 4.19 %"), as the why panel names it
  /** @param {DsDecision | null} d @param {DsCandidate | null | undefined} c */
  const measured = (d, c) => {
    const v = fmt(d, c);
    if (v === '' || !d || !d.measure) return v;
    const k = 'why.measure.' + d.measure, m = t(k);
    return m && m !== k ? `${i18n.lang === 'zh' ? m : m.toLowerCase()} ${v}` : v;
  };
  const outcomeNow = () => { try { return String(dsv(ds.module).outcome() || ''); } catch (e) { return ''; } };
  /** @param {Choice[]} v */
  const specOfList = (v) => v.map(([i, l]) => i + ':' + l).join(',');
  /** @param {unknown} spec  'i:label,i:label' @returns {Choice[]} */
  const parseLine = (spec) => String(spec || '').split(',').filter(Boolean).map((p) => {
    const k = p.indexOf(':');
    return /** @type {Choice} */ ([Number(p.slice(0, k)), p.slice(k + 1)]);
  });
  // The tree: the root is the main line, each node one forced choice.
  /** @typedef {{ children: VarNode[], outcome: string, steps: number }} VarRoot */
  /** @typedef {VarRoot & { i: number, label: string, note: string, d: DsDecision | null, parent: VarRoot | VarNode }} VarNode */
  /** @type {VarRoot} */
  let root = { children: [], outcome: '', steps: 0 };
  /** @param {VarRoot | VarNode} n @returns {n is VarNode} */
  const isNode = (n) => n !== root;
  const treeBox = h('section', { class: 'var-tree-box', id: 'var-tree', hidden: true, 'aria-labelledby': 'var-tree-title' });
  if (strip.parentNode) strip.parentNode.insertBefore(treeBox, strip.nextSibling);

  /** @param {Choice[]} list @param {boolean} create @returns {VarRoot | VarNode | null} */
  function nodeAt(list, create) {
    /** @type {VarRoot | VarNode} */
    let n = root;
    for (const [i, l] of list) {
      /** @type {VarNode | undefined} */
      let c = n.children.find((x) => x.i === i && x.label === String(l));
      if (!c) {
        if (!create) return null;
        c = { i, label: String(l), note: '', children: [], d: null, outcome: '', steps: 0, parent: n };
        n.children.push(c);
        n.children.sort((a, b) => a.i - b.i);
      }
      n = c;
    }
    return n;
  }
  /** @param {VarRoot | VarNode} n */
  const lineOf = (n) => {
    /** @type {Choice[]} */
    const out = [];
    for (let x = n; x && isNode(x); x = x.parent) out.unshift([x.i, x.label]);
    return specOfList(out);
  };
  // the line shown into the tree: its nodes, the records on its path (event
  // i of this line is the decision of every node on the path), its outcome
  function record() {
    if (!ds.game || ds.busy || ds.playSeat) return; // play mode: the learner's line is its own
    const v = ds.variation || [];
    const n = (v.length ? nodeAt(v, true) : root) || root; // (nodeAt creates: never null)
    n.outcome = outcomeNow();
    n.steps = ds.steps;
    for (let x = n; x && isNode(x); x = x.parent) x.d = decisionAt(x.i) || x.d;
  }
  /** @typedef {{ i: number, label: string, line: string, note: string, name: string, rule: string, ruleName: string, value: string, ruleValue: string, outcome: string, steps: number, current: boolean, children: VarTreeNode[] }} VarTreeNode */
  /** @param {VarNode} n @param {string} cur @returns {VarTreeNode} */
  const exportNode = (n, cur) => {
    const d = n.d;
    return {
      i: n.i, label: n.label, line: lineOf(n), note: n.note,
      name: d ? nameOf(d, n.label) : '', rule: d ? String(d.rule_choice ?? '') : '', ruleName: d ? nameOf(d, d.rule_choice) : '',
      value: d ? measured(d, (d.candidates || []).find((c) => String(c.label) === n.label)) : '',
      ruleValue: d ? measured(d, (d.candidates || []).find((c) => String(c.label) === String(d.rule_choice))) : '',
      outcome: n.outcome, steps: n.steps, current: lineOf(n) === cur,
      children: n.children.map((c) => exportNode(c, cur)),
    };
  };
  function treeView() {
    const cur = specOfList(ds.variation || []);
    return { line: '', outcome: root.outcome, steps: root.steps, current: cur === '', children: root.children.map((c) => exportNode(c, cur)) };
  }
  /** @param {VarRoot | VarNode} n */
  async function openNode(n) {
    const spec = n === root ? '' : lineOf(n);
    if (ds.showLine) await ds.showLine(spec);
    else { await ds.mainLine(); for (const [i, l] of parseLine(spec)) await ds.branch(i, l); }
    if (isNode(n)) ds.seek(n.i + 1, false);
  }
  /** @param {VarRoot | VarNode} n */
  async function deleteNode(n) {
    if (!isNode(n)) return;
    const cur = specOfList(ds.variation || []);
    const spec = lineOf(n);
    n.parent.children.splice(n.parent.children.indexOf(n), 1);
    if (cur === spec || cur.startsWith(spec + ',')) await openNode(n.parent);
    renderTree();
  }

  function renderTree() {
    treeBox.textContent = '';
    treeBox.hidden = !root.children.length;
    if (!root.children.length) return;
    const cur = specOfList(ds.variation || []);
    /** @param {VarRoot | VarNode} n @returns {HTMLElement} */
    const row = (n) => {
      const line = n === root ? '' : lineOf(n);
      const here = line === cur;
      const div = h('div', { class: 'var-node' + (here ? ' current' : ''), 'data-line': line, 'aria-current': here ? 'true' : null });
      if (!isNode(n)) {
        div.append(h('strong', { class: 'var-node-name', text: t('tree.main') }));
      } else {
        const d = n.d;
        const taken = d ? (d.candidates || []).find((c) => String(c.label) === n.label) : null;
        const rc = d ? (d.candidates || []).find((c) => String(c.label) === String(d.rule_choice)) : null;
        const v1 = measured(d, taken), v2 = measured(d, rc);
        if (n.note) div.append(h('strong', { class: 'var-note', text: n.note }), ' ');
        div.append(h('span', { class: 'var-node-name', text: t('tree.move', { step: n.i + 1, name: d ? nameOf(d, n.label) + (v1 !== '' ? ` (${v1})` : '') : '…' }) }),
          h('span', { class: 'var-node-rule', text: ' ' + t('tree.rule', { name: d ? nameOf(d, d.rule_choice) + (v2 !== '' ? ` (${v2})` : '') : '?' }) }));
      }
      if (n.outcome) div.append(h('span', { class: 'var-node-outcome', text: ' → ' + n.outcome }));
      if (!ds.playSeat) div.append(h('span', { class: 'var-node-tools' },
        here ? null : h('button', { type: 'button', class: 'var-open', i18n: 'tree.open', onclick: () => openNode(n).catch(() => {}) }),
        !isNode(n) ? null : h('button', { type: 'button', class: 'var-noteit', i18n: 'tree.note', onclick: () => editNote(n, div) }),
        n === root ? null : h('button', { type: 'button', class: 'var-del', i18n: 'tree.delete', onclick: () => deleteNode(n).catch(() => {}) })));
      const li = h('li', {}, div);
      if (n.children.length) li.append(h('ol', { class: 'var-tree' }, ...n.children.map(row)));
      return li;
    };
    treeBox.append(h('h3', { id: 'var-tree-title', i18n: 'tree.title' }), h('ol', { class: 'var-tree var-tree-root' }, row(root)));
  }
  /** @param {VarNode} n @param {HTMLElement} div */
  function editNote(n, div) {
    const input = /** @type {HTMLInputElement} */ (h('input', { type: 'text', class: 'var-note-input', maxlength: '80', value: n.note, 'aria-label': t('tree.noteLabel') }));
    /** @param {boolean} save */
    const done = (save) => { if (save) n.note = input.value.trim().slice(0, 80); renderTree(); };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); done(true); } else if (e.key === 'Escape') { e.preventDefault(); done(false); }
      e.stopPropagation();
    });
    input.addEventListener('blur', () => done(true));
    div.append(input);
    input.focus();
  }
  // A tree restored (a lesson): each line not yet seen is opened once so its
  // nodes have their records and outcomes, then the line shown comes back.
  /** @param {unknown} list  [{line, note}] */
  async function setTree(list) {
    root = { children: [], outcome: root.outcome, steps: root.steps };
    for (const x of /** @type {({ line?: unknown, note?: unknown } | null)[]} */ (Array.isArray(list) ? list : [])) {
      const n = nodeAt(parseLine(x && x.line), true);
      if (n && isNode(n) && x && typeof x.note === 'string') n.note = x.note.slice(0, 80);
    }
    record();
    const back = specOfList(ds.variation || []);
    /** @type {string[]} */
    const todo = [];
    /** @param {VarRoot | VarNode} n */
    const walk = (n) => { if (!isNode(n) ? !n.outcome : !n.d || !n.outcome) todo.push(n === root ? '' : lineOf(n)); n.children.forEach(walk); };
    walk(root);
    for (const spec of todo) {
      try { if (ds.showLine) await ds.showLine(spec); } catch (e) { /* a line the engine refuses stays unnamed */ }
    }
    if (todo.length && ds.showLine) await ds.showLine(back);
    renderTree();
  }
  ds.on('variation', () => { record(); renderTree(); });
  ds.on('load', () => { root = { children: [], outcome: '', steps: 0 }; record(); renderTree(); });
  ds.on('lang', () => { record(); renderTree(); });
  if (i18n.onChange) i18n.onChange(() => setTimeout(() => { record(); renderTree(); }, 0));
  const flat = () => {
    /** @type {{ line: string, note?: string }[]} */
    const out = [];
    /** @param {VarRoot | VarNode} n */
    const walk = (n) => { for (const c of n.children) { out.push(c.note ? { line: lineOf(c), note: c.note } : { line: lineOf(c) }); walk(c); } };
    walk(root);
    return out;
  };
  Object.defineProperty(ds, 'variationTree', { get: treeView, configurable: true });
  Object.assign(ds, {
    setVariationTree: (/** @type {unknown} */ list) => setTree(list),
    variationTreeList: () => flat(),
    noteVariation: (/** @type {unknown} */ spec, /** @type {unknown} */ note) => { const n = nodeAt(parseLine(spec), false); if (!n || !isNode(n)) return false; n.note = String(note || '').slice(0, 80); renderTree(); return true; },
    deleteVariation: (/** @type {unknown} */ spec) => { const n = nodeAt(parseLine(spec), false); return n && n !== root ? deleteNode(n).then(() => true) : Promise.resolve(false); },
    openVariation: (/** @type {unknown} */ spec) => { const n = nodeAt(parseLine(spec), false); return n ? openNode(n).then(() => true) : Promise.resolve(false); },
  });
})();
