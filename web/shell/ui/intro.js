// intro.js - the first visit: what each game is. Shown once (localStorage
// 'deckscope.seen'), and only when the URL names no view: a permalink opens
// its view directly. Each game: one sentence (its problem and origin), "Start
// with sample 1" and its shipped lesson as a tour.
'use strict';
import { dsGames } from '../games/index.js';

/**
 * Puts the intro at the top of the side column, if this is the first visit.
 * @param {DsI18n} i18n
 * @param {{ start(game: string): void, tour(game: string): void }} on  what its buttons do
 */
export function intro(i18n, on) {
  const SEEN = 'deckscope.seen';
  let seen = true;
  try { seen = !!localStorage.getItem(SEEN); } catch (e) { /* storage blocked: never shown */ }
  if (seen || location.hash.replace(/^#/, '')) return;
  const h = i18n.el;
  const done = () => {
    try { localStorage.setItem(SEEN, '1'); } catch (e) { /* ignore */ }
    box.remove();
  };
  const box = h('section', { class: 'panel intro', id: 'intro', 'aria-labelledby': 'intro-title' },
    h('div', { class: 'intro-head' },
      h('h2', { id: 'intro-title', i18n: 'intro.title' }),
      h('button', { type: 'button', class: 'icon', id: 'intro-close', 'data-i18n-aria': 'intro.close',
        'aria-label': i18n.t('intro.close'), onclick: done }, '×')),
    h('p', { i18n: 'intro.lead' }),
    h('ul', { class: 'intro-games' }, ...dsGames.ids.map((g) => h('li', {},
      h('p', { i18n: 'intro.' + g }),
      h('button', { type: 'button', class: 'primary', 'data-game': g, i18n: 'intro.start',
        onclick: () => { done(); on.start(g); } }),
      ' ',
      // the shipped lesson of the game, played as a tour (lesson.js)
      h('button', { type: 'button', 'data-tour': g, i18n: 'intro.tour',
        onclick: () => { done(); on.tour(g); } })))));
  const side = document.querySelector('.side-col');
  if (side) side.prepend(box);
}
