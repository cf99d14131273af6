// games/info/mahjong.js - what the page knows of mahjong: registered in games/index.js.
// The rules are the engine's (engine/mahjong/, docs/games/mahjong.md); its DP
// panel is games/mahjong.js.
/** @type {import('../index.js').GameInfo} */
const mahjong = Object.freeze({
  id: 'mahjong',
  output: 'lines',
  // the DP view of step 0 has no hand yet: embed.html's view=dp starts at the first decision
  dp: Object.freeze({ from: 'decision' }),
  // the legend: the marks the canvas draws, each explained by a line of words.<lang>.legend
  legend: Object.freeze(['d=2', '✗ ↔ ×2', '3M 5P 7S E', 'A → B → C → D', '×93']),
  // its words (core/i18n.js makes them the keys game.<id>, intro.<id>, why.start.<id>, legend.<id>.<k>):
  // its name in the game picker, the first visit's sentence, the why panel at step 0, the legend's lines
  words: Object.freeze({
    en: Object.freeze({
      name: 'mahjong (mahjong simulator)',
      intro: 'Mahjong simulator (THUPC 2021 preliminary, problem L): four players draw, discard and call; every choice follows the winning distance, computed by a DP over the hand.',
      start: 'Watch d= beside each player: the winning distance, how many tiles the hand is from a winning hand. Every discard and call is chosen to lower it; press d to see the DP behind it.',
      legend: Object.freeze([
        'winning distance: how many tiles the hand is from a winning hand (0 wins; – before the first draw)',
        'special tiles in short form: PASS (skip a player), REVERSE (the turn order reverses), DOUBLE',
        'tiles: characters (M, red), dots (P, blue), bamboo (S, green), winds and dragons (violet); on small canvases only the digit, in the suit’s colour',
        'the turn order; the highlighted letter is the player to move',
        'tiles left in the wall',
      ]),
    }),
    zh: Object.freeze({
      name: 'mahjong（麻将模拟器）',
      intro: '麻将模拟器（THUPC 2021 初赛 L 题）：四位玩家摸牌、打牌、鸣牌；每个选择都依据和牌距离，由对手牌的动态规划算出。',
      start: '看每位玩家旁的 d=：和牌距离，即手牌离和牌还差几张。每次打牌和鸣牌都为了降低它；按 d 查看背后的动态规划。',
      legend: Object.freeze([
        '和牌距离：手牌离和牌还差几张（0 即和牌；第一次摸牌前为 –）',
        '特殊牌的简写：PASS（跳过一位玩家）、REVERSE（出牌顺序反转）、DOUBLE',
        '牌：万（M，红）、筒（P，蓝）、条（S，绿）、风牌和箭牌（紫）；小画布上只显示数字，颜色表示花色',
        '出牌顺序；高亮的字母是轮到的玩家',
        '牌墙里剩下的牌',
      ]),
    }),
  }),
  play: Object.freeze({
    seats: ['A', 'B', 'C', 'D'],
    seat: (/** @type {string} */ s) => (/^[A-Da-d]$/.test(s) ? s.toUpperCase() : null),
    plays: null,
    losses: false,
  }),
});
export default mahjong;
