// games/info/thegame.js - what the page knows of thegame (The Game, solo): registered in games/index.js.
// The rules are the engine's (engine/thegame/, docs/games/thegame.md).
/** @type {import('../index.js').GameInfo} */
const thegame = Object.freeze({
  id: 'thegame',
  // the judge output is the four rows and the hand: the state, rewritten every step
  output: 'state',
  dp: null,
  // the legend: the marks the canvas draws, each explained by a line of words.<lang>.legend
  legend: Object.freeze(['↑', '↓', '−10 +10', '×5', 'TURN ●● · HAND · PILE']),
  // its words (core/i18n.js makes them the keys game.<id>, intro.<id>, why.start.<id>, legend.<id>.<k>):
  // its name in the game picker, the first visit's sentence, the why panel at step 0, the legend's lines
  words: Object.freeze({
    en: Object.freeze({
      name: 'thegame (The Game)',
      intro: 'The Game, solo (CERC 2022): play the cards 2 to 99 onto two rising and two falling rows; a card exactly 10 back lets a row go backwards. Fixed priorities choose every move.',
      start: 'Watch the four rows: a card goes up on ↑ rows and down on ↓ rows, except the backwards trick of exactly 10. Step forward (→) to see each move and the priority that chose it.',
      legend: Object.freeze([
        'rows that go up: a card must be higher than the row’s last card',
        'rows that go down: a card must be lower than the row’s last card',
        'the backwards trick: exactly 10 below on a rising row (10 above on a falling row)',
        'how many cards the row holds, its starting card included',
        'the turn (dots: cards played this turn), the cards in hand, the cards left in the draw pile',
      ]),
    }),
    zh: Object.freeze({
      name: 'thegame（The Game）',
      intro: 'The Game 单人版（CERC 2022）：把 2 到 99 的牌放到两个递增行和两个递减行上；恰好差 10 的牌可以让一行倒退。每一步都由固定的优先级决定。',
      start: '看四个行：递增行上的牌越来越大，递减行上的越来越小，只有恰好差 10 的倒退技巧例外。按 → 逐步查看每一步和选中它的优先级。',
      legend: Object.freeze([
        '递增行：放上的牌必须比这一行的最后一张大',
        '递减行：放上的牌必须比这一行的最后一张小',
        '倒退技巧：在递增行上恰好小 10（递减行上恰好大 10）',
        '这一行的牌数（包括起始牌）',
        '回合（圆点：本回合已出的牌）、手牌数、抽牌堆剩余的牌数',
      ]),
    }),
  }),
  play: Object.freeze({
    seats: ['1'], // one player
    seat: (/** @type {string} */ s) => (s === '' || s === '1' ? '1' : null),
    plays: null,
    losses: false,
  }),
});
export default thegame;
