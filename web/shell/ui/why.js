// why.js - the page's "why" panel (#why): the engine's decision record of the
// step shown as core/narrate.js lays it out (the rule's sentence, the
// candidates with their values and notes, mahjong's claims), then what the
// step changed, in the game's words (the engine's <game>_changes) and as the
// raw fields of the state under "Details". app.js renders it at every step;
// variation.js adds "Try another move" to it (the 'why' event).
'use strict';

/** @typedef {(key: string, vars?: Record<string, unknown> | null) => string} Words i18n.t */
/** @typedef {{path: string, before: unknown, after: unknown}} Change a field of the state that a step changed */
/** @typedef {Change[] & {words: string[]}} Changes the raw list, and what changed in the game's words */
/**
 * What the panel shows of a step.
 * @typedef {object} WhyInfo
 * @property {DsWhy | null} why  the decision record's layout (null: no decision)
 * @property {Changes} changes  what the step changed (none at step 0)
 */

/**
 * The why panel in `box`.
 * @param {HTMLElement} box
 * @param {Words} t
 * @param {Element | null} sideCol  the side column (.side-col): a check result above the panel (teach.js) keeps its candidates on screen
 */
export function whyPanel(box, t, sideCol) {
  /** @param {unknown} v */
  function short(v) {
    const s = v === undefined || v === '' ? t('why.empty') : v === null ? 'null' : String(v);
    return s.length > 48 ? s.slice(0, 47) + '…' : s;
  }
  // A table of a decision record's entries ({label, value, chosen, note}).
  // measure: the record's "measure" (what the values count), the column's name
  /** @param {DsWhyRow[]} list @param {string} firstHead @param {string} [measure] */
  function candTable(list, firstHead, measure) {
    const tb = document.createElement('table');
    tb.className = 'cands';
    const head = tb.createTHead().insertRow();
    for (const k of [firstHead, measure ? 'why.measure.' + measure : 'why.value', '']) {
      const th = document.createElement('th');
      th.textContent = k ? t(k) : '';
      head.appendChild(th);
    }
    const body = tb.createTBody();
    for (const c of list) {
      const row = body.insertRow();
      if (c.chosen) row.className = 'chosen';
      if (c.ruleChoice) row.classList.add('rule-choice');
      // the engine's label stays in data-label (URLs, --try); the learner reads the name
      if (c.key) row.dataset.label = c.key;
      row.insertCell().textContent = String(c.label ?? '');
      row.insertCell().textContent = String(c.value ?? '');
      row.insertCell().textContent = [c.chosen ? '✓ ' + t('why.chosen') : '', c.note || ''].filter(Boolean).join(' · ');
    }
    const wrap = document.createElement('div');
    wrap.className = 'cands-wrap';
    wrap.appendChild(tb);
    return wrap;
  }

  /**
   * The panel for step `step` of `game`.
   * @param {WhyInfo} r @param {number} step @param {string | null} game
   */
  function render(r, step, game) {
    // the raw details' open state as the reader left it: read from the element
    // (its 'toggle' event comes a task after the click: a render in between,
    // a new step or language, would otherwise reopen what was just closed)
    const was = box.querySelector('details.changes-raw');
    if (was instanceof HTMLDetailsElement) box.dataset.rawOpen = was.open ? '1' : '';
    box.textContent = '';
    box.dataset.step = String(step); // which step the panel explains (tests wait for it)
    const w = r.why;
    if (w && (w.rule || (w.candidates && w.candidates.length))) {
      if (w.rule) {
        const p = document.createElement('p');
        p.className = 'why-rule';
        p.textContent = w.rule;
        box.appendChild(p);
      }
      // a forced move (a variation, a learner's move): the record says which
      // move was taken and which one the rule makes, by their names
      if (w.forced && w.chosenName && w.ruleName) {
        const p = document.createElement('p');
        p.className = 'why-forced';
        p.textContent = t('why.forced', { chosen: w.chosenName, rule: w.ruleName });
        box.appendChild(p);
      }
      if (w.candidates && w.candidates.length) box.appendChild(candTable(w.candidates, 'why.candidate', w.measure));
      // mahjong discards: what each other player could do with the tile
      if (w.claims && w.claims.length) {
        const h = document.createElement('h3');
        h.textContent = t('why.claims');
        box.append(h, candTable(w.claims, 'why.player'));
      }
    } else {
      const p = document.createElement('p');
      p.className = 'hint';
      // at step 0: what to look for in this game
      p.textContent = step > 0 ? t('why.none') : game ? t('why.start.' + game) : '';
      box.appendChild(p);
    }
    if (step > 0) {
      const h = document.createElement('h3');
      h.textContent = t('why.changed');
      box.appendChild(h);
      const changes = r.changes;
      const words = changes.words;
      if (words.length) {
        // what changed, in the words of the game
        const ul = document.createElement('ul');
        ul.className = 'changes-words';
        for (const w of words) {
          const li = document.createElement('li');
          li.textContent = w;
          ul.appendChild(li);
        }
        box.appendChild(ul);
      }
      if (!changes.length) {
        const p = document.createElement('p');
        p.className = 'hint';
        p.textContent = t('why.nothing');
        box.appendChild(p);
      } else {
        // the raw fields of the state, for the curious (closed by default)
        const det = document.createElement('details');
        det.className = 'changes-raw';
        const sum = document.createElement('summary');
        sum.textContent = t('why.details');
        const ul = document.createElement('ul');
        ul.className = 'changes';
        for (const c of changes) {
          const li = document.createElement('li');
          const k = document.createElement('code');
          k.textContent = c.path;
          const a = document.createElement('span');
          a.className = 'old';
          a.textContent = short(c.before);
          const b = document.createElement('mark');
          b.textContent = short(c.after);
          li.append(k, ': ', a, ' → ', b);
          ul.appendChild(li);
        }
        det.append(sum, ul);
        // stays open from step to step once opened
        det.open = box.dataset.rawOpen === '1';
        det.addEventListener('toggle', () => { if (det.isConnected) box.dataset.rawOpen = det.open ? '1' : ''; });
        box.appendChild(det);
      }
    }
  }

  // With a check result above it (teach.js: the side column's .check-first),
  // the why panel's candidates stay on screen in two columns: the table
  // scrolls inside the room left under the check panel, its chosen row in
  // view, instead of going on below the fold (issue 13). One column: as is.
  function fit() {
    const wrap = box.querySelector('.cands-wrap');
    if (!(wrap instanceof HTMLElement)) return;
    // a box that scrolls is reachable by keyboard (axe: scrollable-region-focusable)
    if (wrap.scrollHeight > wrap.clientHeight) wrap.tabIndex = 0; else wrap.removeAttribute('tabindex');
    if (!sideCol) return;
    const on = sideCol.classList.contains('check-first') && sideCol.getBoundingClientRect().left > innerWidth / 3;
    const room = Math.floor(innerHeight - (wrap.getBoundingClientRect().top + scrollY) - 16);
    const want = on ? Math.max(96, Math.min(room, 288)) + 'px' : '';
    if (wrap.style.maxHeight === want) return;
    wrap.style.maxHeight = want;
    if (wrap.scrollHeight > wrap.clientHeight) wrap.tabIndex = 0; else wrap.removeAttribute('tabindex');
    const row = on ? wrap.querySelector('tr.chosen') : null;
    if (row instanceof HTMLElement && (row.offsetTop + row.offsetHeight > wrap.scrollTop + wrap.clientHeight || row.offsetTop < wrap.scrollTop)) {
      wrap.scrollTop = Math.max(0, row.offsetTop - wrap.clientHeight / 2);
    }
  }
  if (sideCol) new ResizeObserver(() => fit()).observe(sideCol);

  return { render, fit };
}
