// trusted.js - the page's one Trusted Types policy, "deckscope" (docs/security.md).
//
// Every page's Content-Security-Policy has `require-trusted-types-for
// 'script'` and `trusted-types deckscope`: the browser refuses a plain string
// in a script sink (a script's src or text, innerHTML, ...) and lets the page
// make one policy, this one, once. The page builds its markup with DOM calls
// (no HTML strings), so the policy makes one kind of value only: the URL of
// one of the site's own scripts. Since the page's scripts are ES modules
// (issue 22) nothing loads a script by URL any more (embed.js imports quiz.js
// with import(), which Trusted Types do not cover, and the CSP's script-src
// 'self' still does); the policy stays so that no other script can make one
// (trusted-types deckscope allows one). Anything else throws.
// An ES module, imported first by the entries (main.js, embed-main.js).
//
// window.deckscopeTrusted.scriptURL(name) -> TrustedScriptURL (a string in a
// browser without Trusted Types, where the sink takes a string anyway); the
// page's one global besides window.deckscope (docs/security.md).
'use strict';

(function () {
  const SCRIPTS = new Set(['quiz.js', 'narrate.js']);
  /** @type {{ createScriptURL(name: string): string }} */
  const rules = {
    createScriptURL(name) {
      if (SCRIPTS.has(name)) return name;
      throw new TypeError(`deckscope: ${name} is not one of the page's scripts`);
    },
  };
  const tt = window.trustedTypes;
  const policy = tt && tt.createPolicy ? tt.createPolicy('deckscope', rules) : rules;
  Object.defineProperty(window, 'deckscopeTrusted', {
    value: Object.freeze({ scriptURL: (/** @type {string} */ name) => policy.createScriptURL(name) }),
    writable: false, configurable: false, enumerable: false,
  });
})();
