// eslint.config.mjs - `make typecheck`'s lint (issue 22): ESLint's recommended
// rules plus no-undef and no-unused-vars over the page's ES modules
// (web/shell) and the browser tests (tests/browser).
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    files: ['web/shell/**/*.js'],
    languageOptions: {
      ecmaVersion: 2022, sourceType: 'module',
      // the page's globals: the browser's, and Emscripten's glue (deckscope-view.js)
      globals: { ...globals.browser, createDeckscopeView: 'readonly' },
    },
    rules: { 'no-undef': 'error', 'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }] },
  },
  {
    // theme.js: the one classic script (it must run before the first paint)
    files: ['web/shell/ui/theme.js'],
    languageOptions: { sourceType: 'script' },
  },
  {
    files: ['tests/browser/**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2022, sourceType: 'module',
      // test code runs in node, and its page.evaluate callbacks in the page
      globals: { ...globals.node, ...globals.browser },
    },
    rules: { 'no-undef': 'error', 'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }] },
  },
];
