// games/info/cirno.js - what the page knows of cirno (⑨ cards): registered in games/index.js.
// The rules are the engine's (engine/cirno/, docs/games/cirno.md); this is only
// how the page reads the game's records.
/** @type {import('../index.js').GameInfo} */
const cirno = Object.freeze({
  id: 'cirno',
  output: 'lines',
  dp: null,
  // the legend: the marks the canvas draws, each explained by a line of words.<lang>.legend
  legend: Object.freeze(['p', 'A9 · 19 → 28', '↑ ↓', 'DOUBLE ●●', 'PASS TURN DOUBLE', 'DECK']),
  // its words (core/i18n.js makes them the keys game.<id>, intro.<id>, why.start.<id>, legend.<id>.<k>):
  // its name in the game picker, the first visit's sentence, the why panel at step 0, the legend's lines
  words: Object.freeze({
    en: Object.freeze({
      name: 'cirno (Cirno’s arithmetic game)',
      intro: 'Cirno’s arithmetic game (⑨ cards, Luogu P7506): players take turns playing cards that change a shared number p; whoever has to push p past 99 loses. PASS, TURN and DOUBLE change the order of play.',
      start: 'Watch p in the middle: every card changes it, and a player who has to push it past 99 loses the round. Step forward (→) to see each play and why the rule chose that card.',
      legend: Object.freeze([
        'the shared number; every card changes it, and a player who has to push it past 99 loses the round',
        'the last card played and what it did to p',
        'beside the player to move: the direction of play (TURN reverses it)',
        'the player under DOUBLE (DBL when space is short); one dot per card still to play',
        'counter cards (violet, DOUBLE amber), played when every basic card would push p past 99',
        'cards left in the deck',
      ]),
    }),
    zh: Object.freeze({
      name: 'cirno（琪露诺的算术游戏）',
      intro: '琪露诺的算术游戏（⑨ 牌，洛谷 P7506）：玩家轮流出牌改变共同的数 p，不得不让 p 超过 99 的人输。PASS、TURN、DOUBLE 改变出牌顺序。',
      start: '看中间的 p：每张牌都会改变它，不得不让 p 超过 99 的玩家输掉这一轮。按 → 逐步查看每次出牌，以及规则为什么选这张牌。',
      legend: Object.freeze([
        '共同的数；每张牌都会改变它，不得不让它超过 99 的玩家输掉这一轮',
        '刚打出的牌，以及它让 p 怎样变化',
        '在轮到的玩家旁：出牌方向（TURN 使它反转）',
        '受 DOUBLE 影响的玩家（空间不足时写作 DBL）；每个圆点是一张还要打出的牌',
        '反制牌（紫色，DOUBLE 为琥珀色）：所有基本牌都会让 p 超过 99 时打出',
        '牌堆里剩下的牌',
      ]),
    }),
  }),
  play: Object.freeze({
    // a seat is a player: its 1-based number or its name in the input
    seats: null,
    seat: (/** @type {string} */ s) => s || null,
    /** @param {any} ev @param {string} seat */
    plays: (ev, seat) => !!ev && (String((ev.player ?? -2) + 1) === seat || ev.name === seat),
    losses: false,
  }),
});
export default cirno;
