// games/info/goudan.js - what the page knows of goudan (狗蛋和二五仔): registered in games/index.js.
// The rules are the engine's (engine/goudan/, docs/games/goudan.md); its DP
// panel (the decision explorer) is games/goudan.js.
/** @type {import('../index.js').GameInfo} */
const goudan = Object.freeze({
  id: 'goudan',
  // the answer of every query (小E's win chance); the canvas plays one query out
  output: 'queries',
  dp: Object.freeze({ from: 'start' }),
  // the legend: the marks the canvas draws, each explained by a line of words.<lang>.legend
  legend: Object.freeze(['T/师 E ♥', '2 ♥♥', 'zZ', '▶ ●●○', '▯', 'P(E) 0.79']),
  // its words (core/i18n.js makes them the keys game.<id>, intro.<id>, why.start.<id>, legend.<id>.<k>):
  // its name in the game picker, the first visit's sentence, the why panel at step 0, the legend's lines
  words: Object.freeze({
    en: Object.freeze({
      name: 'goudan (Goudan and the traitor)',
      intro: '狗蛋和二五仔 (THUPC 2021 preliminary, problem I): 小E and the teacher fight with minions and random hits; the answer is 小E’s chance to win with optimal play by both, an expectimax over all states.',
      start: 'The numbers are the probability that 小E wins when both play optimally; the canvas plays one game whose random hits come from the seed shown. Press d to explore every decision.',
      legend: Object.freeze([
        '老师 (T, top) and 小E (E, bottom), with their HP',
        'a minion: the number and the hearts are its HP',
        'the minion attacked or was placed this turn: it cannot attack before the next turn',
        'the player to move; filled dots are the operations left this turn',
        'violet cards: a player’s hand (and the card being played)',
        'the probability that 小E wins with optimal play by both; the canvas plays one game with random hits from the seed',
      ]),
    }),
    zh: Object.freeze({
      name: 'goudan（狗蛋和二五仔）',
      intro: '狗蛋和二五仔（THUPC 2021 初赛 I 题）：小E 和老师用随从与随机伤害对战；答案是双方都最优时小E 的胜率，即对所有状态的期望最大化搜索。',
      start: '这些数字是双方都最优时小E 获胜的概率；画布演示的是一局，其中的随机伤害由所示的种子决定。按 d 查看每个决策。',
      legend: Object.freeze([
        '老师（师，上方）和小E（E，下方），以及他们的体力',
        '随从：数字和红心是它的体力',
        '这个随从本回合攻击过或刚放下：下回合之前不能攻击',
        '轮到的玩家；实心圆点是本回合剩下的操作数',
        '紫色的牌：玩家的手牌（以及正在打出的牌）',
        '双方都最优时小E 获胜的概率；画布演示的是一局，随机伤害来自所示的种子',
      ]),
    }),
  }),
  play: Object.freeze({
    seats: ['E', 'T'], // 小E and the teacher
    seat: (/** @type {string} */ s) => (/^(e|小e)$/i.test(s) ? 'E' : /^(t|teacher|老师)$/i.test(s) ? 'T' : null),
    plays: null,
    // optimal play: every move's assessment is the win chance it lost, with a verdict
    losses: true,
  }),
});
export default goudan;
