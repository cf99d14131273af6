// theme.js - the page's theme before its first paint (no flash of the wrong
// theme): loaded without defer from <head>, so it runs before <body> is
// parsed. A file rather than an inline script because the page's
// Content-Security-Policy allows no inline script (docs/security.md).
// localStorage 'deckscope.theme' = light | dark | auto (app.js writes it).
try {
  var t = localStorage.getItem('deckscope.theme');
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
} catch (e) { /* storage blocked (file://, privacy mode): the system theme */ }
