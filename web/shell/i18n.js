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
// Loaded before app.js; app.js keeps this object as window.deckscope.i18n.
// Initial language: &lang= in the URL hash, else localStorage, else the
// browser's language (zh* -> zh), else English.
'use strict';

(function () {
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
      'game.cirno': 'cirno (Cirno’s arithmetic game)',
      'game.thegame': 'thegame (The Game)',
      'game.mahjong': 'mahjong (mahjong simulator)',
      'game.goudan': 'goudan (Goudan and the traitor)',
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
      'why.rule': 'Rule',
      'why.candidate': 'Candidate',
      'why.value': 'Value',
      'why.chosen': 'chosen',
      'why.claims': 'What the others could do with this tile',
      'why.player': 'Player',
      'why.changed': 'What changed',
      'why.nothing': 'No number changed.',
      'caption.start': 'Start: {steps} steps to go. Press Play or → to step.',
      'caption.startNone': 'Load a game to begin.',
      'caption.fallback': 'Step {step}: {type}.',
      'dp.button': 'DP',
      'dp.title': 'Show the DP view',
      'busy': 'Working…',
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
      'game.cirno': 'cirno（琪露诺的算术游戏）',
      'game.thegame': 'thegame（The Game）',
      'game.mahjong': 'mahjong（麻将模拟器）',
      'game.goudan': 'goudan（狗蛋和二五仔）',
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
      'why.rule': '规则',
      'why.candidate': '候选',
      'why.value': '值',
      'why.chosen': '选中',
      'why.claims': '其他玩家对这张牌能做什么',
      'why.player': '玩家',
      'why.changed': '变化',
      'why.nothing': '没有数字变化。',
      'caption.start': '开始：共 {steps} 步。按“播放”或 → 逐步查看。',
      'caption.startNone': '载入一局游戏开始。',
      'caption.fallback': '第 {step} 步：{type}。',
      'dp.button': 'DP',
      'dp.title': '显示 DP 视图',
      'busy': '计算中…',
    },
  };

  const norm = (l) => (/^zh/i.test(String(l || '')) ? 'zh' : /^en/i.test(String(l || '')) ? 'en' : null);
  const STORE = 'deckscope.lang';

  function initialLang() {
    const m = /(?:^#|&)lang=([^&]*)/.exec(location.hash);
    if (m && norm(decodeURIComponent(m[1]))) return norm(decodeURIComponent(m[1]));
    try {
      const s = norm(localStorage.getItem(STORE));
      if (s) return s;
    } catch (e) { /* storage may be blocked (sandboxed iframe) */ }
    return norm(navigator.language) || 'en';
  }

  const listeners = new Set();
  const i18n = {
    lang: initialLang(),
    t(key, vars) {
      const d = dicts[i18n.lang] || dicts.en;
      let s = key in d ? d[key] : key in dicts.en ? dicts.en[key] : key;
      if (vars) s = s.replace(/\{(\w+)\}/g, (all, k) => (k in vars ? String(vars[k]) : all));
      return s;
    },
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
    add(dict) {
      for (const l of Object.keys(dict || {})) {
        const k = norm(l);
        if (!k) continue;
        Object.assign(dicts[k], dict[l]);
      }
      if (document.readyState !== 'loading') i18n.apply(document);
    },
    // Language change listeners (app.js forwards them as deckscope 'lang').
    onChange(fn) { listeners.add(fn); },
    offChange(fn) { listeners.delete(fn); },
    el(tag, attrs, ...kids) {
      const e = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs || {})) {
        if (v === false || v === null || v === undefined) continue;
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else if (k === 'i18n') { e.dataset.i18n = v; if (!kids.length) e.textContent = i18n.t(v); }
        else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
        else e.setAttribute(k, v === true ? '' : v);
      }
      for (const c of kids) if (c !== null && c !== undefined && c !== false) e.append(c);
      return e;
    },
    apply(root) {
      const r = root || document;
      document.documentElement.lang = i18n.lang === 'zh' ? 'zh-CN' : 'en';
      for (const el of r.querySelectorAll('[data-i18n]')) el.textContent = i18n.t(el.dataset.i18n);
      for (const el of r.querySelectorAll('[data-i18n-title]')) el.title = i18n.t(el.dataset.i18nTitle);
      for (const el of r.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', i18n.t(el.dataset.i18nAria));
      for (const el of r.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = i18n.t(el.dataset.i18nPlaceholder);
    },
  };

  const ds = (window.deckscope = window.deckscope || {});
  ds.i18n = i18n;
})();
