// main.js - the entry module of index.html (the page's only <script type="module">).
//
// The page's modules run in this order (each one's imports first): app.js
// makes window.deckscope (the documented API, docs/embedding.md), the games'
// panels and the features then extend it. theme.js is the one classic script
// (it runs in <head>, before the first paint), deckscope-view.js is
// Emscripten's glue (createDeckscopeView).
//
// Layers (docs/ARCHITECTURE.md, "web/shell, layer by layer"; tests/js/layers.test.mjs):
//   games/index.js   the games' ids, imports nothing
//   core/            the engine's words, i18n, URL state: imports only games/index.js
//   ui/              imports core
//   features/        import core, ui and other features
//   games/<id>.js    a game's panels: import core and games/index.js
//   app.js, embed.js the two viewers (page, embed): import core and ui
//   main.js, embed-main.js  the entries: import everything, in order
import './core/trusted.js'; // the Trusted Types policy, before anything else
import './app.js';
import './games/mahjong.js';
import './games/goudan.js';
import teach from './features/teach.js';
import exporter from './features/export.js';
import quiz from './features/quiz.js';
import './features/variation.js';
import './features/play.js';
import './features/pick.js';
import lesson from './features/lesson.js';
import './ui/present.js';
import './features/video.js';
// scorm.js imports assign.js (which imports scorm.js on demand): assign.js runs first.
import assign from './features/assign.js';
import scorm from './features/scorm.js';
import narrate from './core/narrate.js';

// The modules' own APIs, for tests and tools (docs/embedding.md, "JavaScript API").
Object.assign(window.deckscope, { teach, export: exporter, quiz, lessons: lesson, scorm, assign, narrate });
