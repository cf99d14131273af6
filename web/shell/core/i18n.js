// i18n.js - the page's two languages, English and Simplified Chinese.
//
//   deckscope.i18n.t(key, vars)   the string for key in the current language,
//                                 "{name}" replaced by vars.name; falls back
//                                 to English, then to the key itself
//   deckscope.i18n.lang           'en' | 'zh'
//   deckscope.i18n.setLang(l)     'en' | 'zh' | 'zh-CN' ...; remembered in
//                                 localStorage; fires deckscope 'lang' event
//   deckscope.i18n.add(dict)      {en: {...}, zh: {...}}: other modules' strings
//   deckscope.i18n.el(tag, attrs, ...kids)  a new element for the page's
//                                 modules: attrs class, text, i18n (a key:
//                                 data-i18n, and the text when no kids),
//                                 on<event> handlers, others as attributes
//                                 (true = present; false/null/undefined =
//                                 absent); null/undefined/false kids skipped
//   deckscope.i18n.apply(root)    fills [data-i18n], [data-i18n-title],
//                                 [data-i18n-aria], [data-i18n-placeholder]
//   deckscope.i18n.moveName(d, l) a move by its name in the engine's record d
//                                 (the label only when d has no name for it)
// (The rules' sentences are the engine's: decision.text, issue 21.)
// An ES module; app.js and embed.js import it and keep it as window.deckscope.i18n.
// Initial language: &lang= in the URL hash, else localStorage, else the
// browser's language (zh* -> zh), else English.
'use strict';
import { dsGames } from '../games/index.js';

const i18n = (function () {
  /** @type {Record<'en' | 'zh', Record<string, string>>} */
  const dicts = {
    en: {
      'app.tagline': 'judge-exact card game simulators, visualized',
      'app.footer': 'deckscope · MIT licence · C11 engine compiled to WebAssembly, drawn with SDL2',
      'app.stage': 'Visualizer',
      'app.canvas': 'The game drawn step by step; the caption below says what happens',
      'app.loading': 'Loading WebAssembly…',
      'app.starting': 'Starting…',
      'app.failed': 'The visualizer could not start: {msg}',
      'game.label': 'Game',
      'lang.label': 'Language',
      'theme.label': 'Theme',
      'theme.auto': 'Auto',
      'theme.light': 'Light',
      'theme.dark': 'Dark',
      'help.button': 'Keyboard shortcuts',
      'help.title': 'Keyboard shortcuts',
      'help.close': 'Close',
      'help.note': 'Shortcuts work anywhere on the page except while typing in a text field.',
      'key.step': 'Step back / forward',
      'key.ends': 'Go to the start / the end',
      'key.play': 'Play / pause',
      'key.speed': 'Slower / faster',
      'key.mark': 'Previous / next meaningful point (round, call, end)',
      'key.dp': 'Show / hide the DP view',
      'key.load': 'Load the input (in the text box)',
      'key.help': 'Show this help',
      'key.close': 'Close this help',
      'input.title': 'Input',
      'input.sample': 'Sample',
      'input.sampleN': 'sample {n}',
      'input.custom': 'your input',
      'input.seed': 'Seed',
      'input.random': 'Random input',
      'input.edit': 'Edit the input',
      'input.load': 'Load',
      'input.loadHint': 'Ctrl+Enter loads',
      'input.text': 'Input text',
      'input.error': 'Line {line}, column {col}: {msg}',
      'input.errorPlain': '{msg}',
      'input.badLink': 'The link’s input is damaged (it is not base64url): the text below is the link’s own.',
      'input.kept': 'The previous game is still shown.',
      'input.tooBig': 'An input of {kb} KB is loaded: too large to edit here. Paste another one to replace it.',
      'input.loaded': 'Loaded {game}: {steps} steps.',
      'input.tooLong': 'This input is too long for the link; the link opens sample 1 instead.',
      'tl.label': 'Timeline',
      'tl.start': 'Start',
      'tl.back': 'Step back',
      'tl.play': 'Play',
      'tl.pause': 'Pause',
      'tl.forward': 'Step forward',
      'tl.end': 'End',
      'tl.prevMark': 'Previous meaningful point',
      'tl.nextMark': 'Next meaningful point',
      'tl.scrubber': 'Step',
      'tl.speed': 'Speed',
      'tl.step': 'step {step} / {steps}',
      'tl.marks': 'marks: rounds, calls and the end',
      'out.title': 'Judge output',
      'out.titleThegame': 'Judge lines of this state',
      'out.titleGoudan': 'Answers (one per query)',
      'out.none': 'No output yet.',
      'out.lines': '{n} lines',
      'out.line1': '1 line',
      'out.jump': 'Click a line to jump to the step that wrote it.',
      'out.goudanNote': 'Click an answer to play out that query under optimal play.',
      'out.thegameNote': 'The six judge lines of the state shown; at the last step they are the answer.',
      'goudan.query': 'Query',
      'goudan.seed': 'Playout seed',
      'goudan.play': 'Play out',
      'goudan.solving': 'Solving the whole table…',
      'goudan.note': 'The canvas plays query {q} under optimal play (random hits from the playout seed).',
      'why.title': 'Why',
      'why.none': 'This step is not a decision.',
      'intro.title': 'Welcome to deckscope',
      'intro.lead': 'Four “big simulation” problems of competitive programming, played exactly as their judges do. Pick one to start:',
      'intro.start': 'Start with sample 1',
      'intro.tour': 'Take the tour',
      'intro.close': 'Close',
      'legend.button': 'Legend',
      'legend.title': 'What the picture shows: {game}',
      'why.rule': 'Rule',
      'why.candidate': 'Candidate',
      'why.value': 'Value',
      'why.chosen': 'chosen',
      'why.forced': 'Your choice: {chosen}. The rule’s move: {rule}.',
      'why.measure.distance': 'Winning distance',
      'why.measure.p': 'p',
      'why.measure.difference': 'Difference',
      'why.measure.win_chance': 'Win chance',
      'why.measure.chance': 'Chance',
      'why.claims': 'What the others could do with this tile',
      'why.player': 'Player',
      'why.changed': 'What changed',
      'why.nothing': 'No number changed.',
      'why.details': 'Details (raw state)',
      'why.empty': '(none)',
      'caption.start': 'Start: {steps} steps to go. Press Play or → to step.',
      'caption.startNone': 'Load a game to begin.',
      'caption.fallback': 'Step {step}: {type}.',
      'dp.button': 'DP',
      'dp.title': 'Show the DP view',
      'busy': 'Working…',
      'more.button': 'More',
      'more.title': 'More tools: share, check my output, export, quiz',
    },
    zh: {
      'app.tagline': '与评测机完全一致的卡牌游戏模拟器，可视化',
      'app.footer': 'deckscope · MIT 许可证 · C11 引擎编译为 WebAssembly，用 SDL2 绘制',
      'app.stage': '可视化',
      'app.canvas': '逐步绘制的游戏画面；下方的说明文字描述每一步',
      'app.loading': '正在加载 WebAssembly…',
      'app.starting': '正在启动…',
      'app.failed': '可视化无法启动：{msg}',
      'game.label': '游戏',
      'lang.label': '语言',
      'theme.label': '主题',
      'theme.auto': '自动',
      'theme.light': '浅色',
      'theme.dark': '深色',
      'help.button': '快捷键',
      'help.title': '快捷键',
      'help.close': '关闭',
      'help.note': '除在文本框中输入时外，快捷键在页面任何位置都有效。',
      'key.step': '后退一步 / 前进一步',
      'key.ends': '跳到开头 / 结尾',
      'key.play': '播放 / 暂停',
      'key.speed': '减速 / 加速',
      'key.mark': '上一个 / 下一个关键点（轮次、鸣牌、结束）',
      'key.dp': '显示 / 隐藏 DP 视图',
      'key.load': '载入输入（在文本框中）',
      'key.help': '显示本帮助',
      'key.close': '关闭本帮助',
      'input.title': '输入',
      'input.sample': '样例',
      'input.sampleN': '样例 {n}',
      'input.custom': '自定义输入',
      'input.seed': '种子',
      'input.random': '随机输入',
      'input.edit': '编辑输入',
      'input.load': '载入',
      'input.loadHint': 'Ctrl+Enter 载入',
      'input.text': '输入文本',
      'input.error': '第 {line} 行，第 {col} 列：{msg}',
      'input.errorPlain': '{msg}',
      'input.badLink': '链接中的输入已损坏（不是 base64url）：下面是链接里的原文。',
      'input.kept': '仍在显示之前的游戏。',
      'input.tooBig': '已载入 {kb} KB 的输入，太大，无法在此编辑。粘贴新的输入即可替换。',
      'input.loaded': '已载入 {game}：共 {steps} 步。',
      'input.tooLong': '输入太长，无法放进链接；链接将打开样例 1。',
      'tl.label': '时间轴',
      'tl.start': '开头',
      'tl.back': '后退一步',
      'tl.play': '播放',
      'tl.pause': '暂停',
      'tl.forward': '前进一步',
      'tl.end': '结尾',
      'tl.prevMark': '上一个关键点',
      'tl.nextMark': '下一个关键点',
      'tl.scrubber': '步',
      'tl.speed': '速度',
      'tl.step': '第 {step} / {steps} 步',
      'tl.marks': '标记：轮次、鸣牌和结束',
      'out.title': '评测输出',
      'out.titleThegame': '当前状态的评测输出',
      'out.titleGoudan': '每个询问的答案',
      'out.none': '尚无输出。',
      'out.lines': '{n} 行',
      'out.line1': '1 行',
      'out.jump': '点击某一行，跳到输出它的那一步。',
      'out.goudanNote': '点击某个答案，演示该询问在最优策略下的一局。',
      'out.thegameNote': '当前状态的六行评测输出；最后一步时即为答案。',
      'goudan.query': '询问',
      'goudan.seed': '对局种子',
      'goudan.play': '演示对局',
      'goudan.solving': '正在求解整张表…',
      'goudan.note': '画布演示询问 {q} 在最优策略下的一局（随机伤害由对局种子决定）。',
      'why.title': '为什么',
      'why.none': '这一步不是决策。',
      'intro.title': '欢迎使用 deckscope',
      'intro.lead': '四道算法竞赛中的“大模拟”题，与评测机完全一致地演示。选一道开始：',
      'intro.start': '从样例 1 开始',
      'intro.tour': '跟着导览学',
      'intro.close': '关闭',
      'legend.button': '图例',
      'legend.title': '画面说明：{game}',
      'why.rule': '规则',
      'why.candidate': '候选',
      'why.value': '值',
      'why.chosen': '选中',
      'why.forced': '你的选择：{chosen}。规则的选择：{rule}。',
      'why.measure.distance': '和牌距离',
      'why.measure.p': 'p',
      'why.measure.difference': '差',
      'why.measure.win_chance': '胜率',
      'why.measure.chance': '概率',
      'why.claims': '其他玩家对这张牌能做什么',
      'why.player': '玩家',
      'why.changed': '变化',
      'why.nothing': '没有数字变化。',
      'why.details': '详情（原始状态）',
      'why.empty': '（无）',
      'caption.start': '开始：共 {steps} 步。按“播放”或 → 逐步查看。',
      'caption.startNone': '载入一局游戏开始。',
      'caption.fallback': '第 {step} 步：{type}。',
      'dp.button': 'DP',
      'dp.title': '显示 DP 视图',
      'busy': '计算中…',
      'more.button': '更多',
      'more.title': '更多工具：分享、检查输出、导出、测验',
    },
  };
  // each game's own words (games/<id>.js): its name, its first-visit sentence,
  // the why panel's words at step 0 and its legend
  for (const g of dsGames.all) {
    const id = g.id;
    for (const lang of /** @type {const} */ (['en', 'zh'])) {
      const w = g.words[lang], d = dicts[lang];
      Object.assign(d, { ['game.' + id]: w.name, ['intro.' + id]: w.intro, ['why.start.' + id]: w.start });
      w.legend.forEach((text, k) => { d[`legend.${id}.${k + 1}`] = text; });
    }
  }

  if (typeof window === 'undefined' || typeof document === 'undefined') return;

  /** @param {unknown} l @returns {'en' | 'zh' | null} */
  const norm = (l) => (/^zh/i.test(String(l || '')) ? 'zh' : /^en/i.test(String(l || '')) ? 'en' : null);
  const STORE = 'deckscope.lang';

  /** @returns {'en' | 'zh'} */
  function initialLang() {
    const m = /(?:^#|&)lang=([^&]*)/.exec(location.hash);
    const h = m ? norm(decodeURIComponent(m[1])) : null;
    if (h) return h;
    try {
      const s = norm(localStorage.getItem(STORE));
      if (s) return s;
    } catch (e) { /* storage may be blocked (sandboxed iframe) */ }
    return norm(navigator.language) || 'en';
  }

  // ---- input errors in the reader's language ------------------------------------
  // The engine reports an error as data (ds_error in engine/core/ds_core.h):
  // `code` is the message's English printf format, `args` the text of each of
  // its conversions (dsv_api_error_json). English shows the engine's own
  // message; Chinese is made here from the code and the arguments. The
  // arguments that are phrases (what was expected, what was found) are said in
  // Chinese by the table below; tokens from the input stay as they are.
  /** @type {Record<string, string>} */
  const ERR_ZH = {
    'expected %s, found %s': '应为{0}，实际为{1}',
    'expected %s, found control byte 0x%02x': '应为{0}，实际为控制字符 0x{1}',
    'expected %s (an integer), found \'%.*s\'': '应为{0}（一个整数），实际为“{1}”',
    '%s must be between %lld and %lld, found \'%.*s\'': '{0}必须在 {1} 到 {2} 之间，实际为“{3}”',
    'expected end of line after %s, found %s': '{0}之后应换行，实际为{1}',
    'expected end of input, found %s': '输入应在此结束，实际为{0}',
    'the game exceeded its limit of %zu events': '对局超过了 {0} 个事件的上限',
    // cirno
    'expected %s (one of A1 A2 A5 A9 A19 A49 A99 B1 B9 B19 C2 D2 E0 E49 E99 PASS TURN DOUBLE), found \'%.*s%s\'':
      '应为{0}（A1 A2 A5 A9 A19 A49 A99 B1 B9 B19 C2 D2 E0 E49 E99 PASS TURN DOUBLE 之一），实际为“{1}{2}”',
    'expected %s, found \'%.*s%s\'%s': '应为{0}，实际为“{1}{2}”{3}',
    'expected %s, found a name of %zu letters': '应为{0}，实际的名字有 {1} 个字母',
    'round %d: %s plays this %s at p=%d, which makes p=%d; the input must keep |p| < 10000':
      '第 {0} 轮：{1} 在 p={3} 时打出这张 {2}，p 变为 {4}；输入必须保持 |p| < 10000',
    'the deck ran out in round %d: %s must draw %d card%s after %s but only %u of the %u deck cards are left':
      '第 {0} 轮牌堆用完：{1} {4}后要摸 {2} 张牌，但牌堆的 {6} 张牌只剩 {5} 张',
    // thegame
    'expected card %d of %d (the input is a permutation of 2..99), found end of input after %d numbers':
      '应为第 {0}/{1} 张牌（输入是 2..99 的一个排列），但输入在 {2} 个数之后结束',
    'expected card %d of %d (an integer from 2 to 99), found \'%.*s\'': '应为第 {0}/{1} 张牌（2 到 99 的整数），实际为“{2}”',
    'expected card %d of %d between 2 and 99, found \'%.*s\'': '应为第 {0}/{1} 张牌，在 2 到 99 之间，实际为“{2}”',
    'expected each of 2..99 once, found %d again as card %d (first seen as card %d at line %d, column %d)':
      '2..99 每个数应恰好出现一次，但 {0} 作为第 {1} 张牌再次出现（第一次是第 {2} 张，在第 {3} 行第 {4} 列）',
    'expected end of input after %d cards, found \'%.*s\'': '{0} 张牌之后输入应结束，实际为“{1}”',
    // mahjong
    'expected end of line after the tile, found control byte 0x%02x': '牌之后应换行，实际为控制字符 0x{0}',
    'expected %d tiles (one per line), found end of input after %d': '应有 {0} 张牌（每行一张），但输入在 {1} 张之后结束',
    'expected %s, found \'%.*s\'': '应为{0}，实际为“{1}”',
    'expected at most 4 of each tile, found a fifth \'%s\'': '每种牌最多 4 张，但出现了第 5 张“{0}”',
    'expected end of input after %d tiles, found \'%.*s\'': '{0} 张牌之后输入应结束，实际为“{1}”',
    // goudan
    'expected end of input after the T = %d queries, found %s': 'T = {0} 组询问之后输入应结束，实际为{1}',
  };
  // [pattern, Chinese] for the phrases an argument can be; $1.. are the pattern's groups.
  /** @type {[RegExp, string][]} */
  const PHRASE_ZH = [
    [/^end of input$/, '输入结束'],
    [/^end of line$/, '行尾'],
    [/^'(.*)'$/s, '“$1”'],
    [/^n \(the number of players\)$/, 'n（玩家人数）'],
    [/^m \(the number of rounds\)$/, 'm（轮数）'],
    [/^k \(the number of deck cards\)$/, 'k（牌堆的牌数）'],
    [/^n m k$/, 'n m k'],
    [/^the name of player (\d+) \(1 to (\d+) letters\)$/, '玩家 $1 的名字（1 到 $2 个字母）'],
    [/^card (\d+) of player (\d+) \((.*)\)$/s, '玩家 $2（$3）的第 $1 张牌'],
    [/^the 3 cards of player (\d+) \((.*)\)$/s, '玩家 $1（$2）的 3 张牌'],
    [/^deck card (\d+) of (\d+)$/, '牌堆的第 $1/$2 张牌'],
    [/^a deck card$/, '一张牌堆的牌'],
    [/^the (\d+) deck cards$/, '牌堆的 $1 张牌'],
    [/^ \(is a player line missing\?\)$/, '（是否少了一行玩家？）'],
    [/^losing$/, '输掉'],
    [/^playing$/, '出牌'],
    [/^s$/, ''],
    [/^a card \(an integer from 2 to 99\)$/, '一张牌（2 到 99 的整数）'],
    [/^a tile \(1M\.\.9M, 1P\.\.9P, 1S\.\.9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE\)$/,
      '一张牌（1M..9M、1P..9P、1S..9S、E、S、W、N、B、F、Z、PASS、REVERSE 或 DOUBLE）'],
    [/^the tile$/, '牌'],
    [/^T \(the number of queries\)$/, 'T（询问组数）'],
    [/^O \(operations per turn\)$/, 'O（每回合的操作数）'],
    [/^T and O$/, 'T 和 O'],
    [/^E \(小E's HP\)$/, 'E（小E 的生命值）'],
    [/^S \(the teacher's HP\)$/, 'S（老师的生命值）'],
    [/^E and S$/, 'E 和 S'],
    [/^the number of the teacher's minions$/, '老师的随从数'],
    [/^the number of 小E's minions$/, '小E 的随从数'],
    [/^the HP of the teacher's minion (\d)$/, '老师的第 $1 个随从的生命值'],
    [/^the HP of 小E's minion (\d)$/, '小E 的第 $1 个随从的生命值'],
    [/^the teacher's minions$/, '老师的随从'],
    [/^小E's minions$/, '小E 的随从'],
    [/^the teacher's hand size$/, '老师的手牌数'],
    [/^小E's hand size$/, '小E 的手牌数'],
    [/^the hand sizes$/, '手牌数'],
  ];
  /** @param {string} a */
  function phraseZh(a) {
    for (const [re, zh] of PHRASE_ZH) if (re.test(a)) return a.replace(re, zh);
    return a; // a token from the input, a number or a card name
  }
  /** @typedef {(lang: 'en' | 'zh') => void} LangListener */
  /** @type {Set<LangListener>} */
  const listeners = new Set();
  /** an element's attribute value for el(): handlers for on<event>, true/false/null/undefined as present/absent */
  /** @typedef {string | number | boolean | null | undefined | EventListener} ElAttr */
  const i18n = {
    lang: initialLang(),
    /** @param {string} key @param {Record<string, unknown> | null} [vars] @returns {string} */
    t(key, vars) {
      const d = dicts[i18n.lang] || dicts.en;
      let s = key in d ? d[key] : key in dicts.en ? dicts.en[key] : key;
      if (vars) s = s.replace(/\{(\w+)\}/g, (all, k) => (k in vars ? String(vars[k]) : all));
      return s;
    },
    /** @param {unknown} l */
    setLang(l) {
      const n = norm(l);
      if (!n) return i18n.lang;
      try { localStorage.setItem(STORE, n); } catch (e) { /* ignore */ }
      if (n === i18n.lang) return n;
      i18n.lang = n;
      i18n.apply(document);
      for (const fn of listeners) {
        try { fn(n); } catch (e) { console.error(e); }
      }
      return n;
    },
    /** @param {Record<string, Record<string, string>> | null | undefined} dict */
    add(dict) {
      const all = dict || {};
      for (const l of Object.keys(all)) {
        const k = norm(l);
        if (!k) continue;
        Object.assign(dicts[k], all[l]);
      }
      if (document.readyState !== 'loading') i18n.apply(document);
    },
    // Language change listeners (app.js forwards them as deckscope 'lang').
    /** @param {LangListener} fn */
    onChange(fn) { listeners.add(fn); },
    /** @param {LangListener} fn */
    offChange(fn) { listeners.delete(fn); },
    // (the DOM's setters make every value a string: String(v) is what they do)
    /**
     * @template {string} K
     * @param {K} tag
     * @param {Record<string, ElAttr> | null} [attrs]
     * @param {...(Node | string | number | boolean | null | undefined)} kids
     * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} the element of that tag
     */
    el(tag, attrs, ...kids) {
      const e = /** @type {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */ (document.createElement(tag));
      for (const [k, v] of Object.entries(attrs || {})) {
        if (v === false || v === null || v === undefined) continue;
        if (k === 'class') e.className = String(v);
        else if (k === 'text') e.textContent = String(v);
        else if (k === 'i18n') { e.dataset.i18n = String(v); if (!kids.length) e.textContent = i18n.t(String(v)); }
        else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
        // CSSOM, not a style attribute: the Content-Security-Policy blocks the latter.
        else if (k === 'style') e.style.cssText = String(v);
        else e.setAttribute(k, v === true ? '' : String(v));
      }
      for (const c of kids) if (c !== null && c !== undefined && c !== false) e.append(typeof c === 'object' ? c : String(c));
      return e;
    },
    /** @param {ParentNode | null} [root] */
    apply(root) {
      const r = root || document;
      document.documentElement.lang = i18n.lang === 'zh' ? 'zh-CN' : 'en';
      // (the selectors name the data attribute each loop reads: it is there)
      for (const el of /** @type {NodeListOf<HTMLElement>} */ (r.querySelectorAll('[data-i18n]'))) el.textContent = i18n.t(el.dataset.i18n ?? '');
      for (const el of /** @type {NodeListOf<HTMLElement>} */ (r.querySelectorAll('[data-i18n-title]'))) el.title = i18n.t(el.dataset.i18nTitle ?? '');
      for (const el of /** @type {NodeListOf<HTMLElement>} */ (r.querySelectorAll('[data-i18n-aria]'))) el.setAttribute('aria-label', i18n.t(el.dataset.i18nAria ?? ''));
      for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (r.querySelectorAll('[data-i18n-placeholder]'))) el.placeholder = i18n.t(el.dataset.i18nPlaceholder ?? '');
    },

    // The text of an error {msg, code, args} in the current language (without
    // its "line L, column C:" prefix, which the callers add in words).
    /** @param {{ msg?: string, message?: string, code?: string, args?: unknown[] } | null | undefined} e */
    errorText(e) {
      const msg = String((e && (e.msg || e.message)) || '').replace(/^line \d+, column \d+: /, '');
      const code = String(e && e.code); // (`in` makes its key a string too)
      if (i18n.lang !== 'zh' || !e || !(code in ERR_ZH)) return msg;
      const args = Array.isArray(e.args) ? e.args : [];
      return ERR_ZH[code].replace(/\{(\d)\}/g, (all, k) => phraseZh(String(args[Number(k)] ?? '')));
    },

    // A move as the learner reads it: its name in the engine's decision record
    // d (a candidate, or mahjong's "declines" of a claim window), in the view's
    // language; the label only when the record has no name for it.
    /** @param {{ candidates?: DsCandidate[], declines?: DsCandidate[] } | null | undefined} d @param {unknown} l */
    moveName(d, l) {
      /** @param {DsCandidate[] | undefined} list */
      const has = (list) => (Array.isArray(list) ? list.find((c) => c && String(c.label) === String(l) && c.name) : null);
      const c = d ? has(d.candidates) || has(d.declines) : null;
      return c ? String(c.name) : String(l);
    },
  };

  return i18n;
})();
export default i18n;
export { i18n };
