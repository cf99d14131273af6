// embed-main.js - the entry module of embed.html (its only <script type="module">).
// embed.js makes window.deckscope (the embed's subset of the API,
// docs/embedding.md); play, lessons and the presenter extend it. The quiz
// (&quiz=1) is imported on demand by embed.js. Layers: see main.js.
import './core/trusted.js'; // the Trusted Types policy, before anything else
import './embed.js';
import './features/play.js';
import lesson from './features/lesson.js';
import './ui/present.js';
import narrate from './core/narrate.js';

Object.assign(window.deckscope, { lessons: lesson, narrate });
