// lesson_claims.mjs - the claims of the shipped lessons' notes ("expect",
// docs/teaching.md "The shipped lessons"), checked against an event of the
// engine: by tests/js/lessons_shipped.test.mjs (the CLI's trace) and
// tests/browser/lessons_shipped.test.mjs (the page's events).
// ---- the claims: "expect" ------------------------------------------------------------
// A key is a path into the event that leads to the note's step (event step-1; the
// header at step 0), or, prefixed "next.", into the event after it (the decision
// about to be made, as mahjong's DP view shows it): fields separated by '.', and a segment
// name[LABEL] picks the element of the list `name` whose "label" is LABEL
// (decision.candidates[A9].value), name[key=VALUE] the one whose field key is VALUE
// (header.state.players[name=E].hp); a path "header.…" reads the trace's header.
// Values: strings, booleans, null and lists are
// equal; a whole number is equal; a number with decimals is equal to the
// decimals written (0.0419 means 0.04185 <= x <= 0.04195).
/** @param {string} p @returns {string[]} */
export function splitPath(p) {
  const out = [];
  let cur = '', depth = 0;
  for (const ch of p) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === '.' && depth === 0) { out.push(cur); cur = ''; } else cur += ch;
  }
  out.push(cur);
  return out;
}
/**
 * @param {unknown} obj @param {string} p
 * @returns {{found: boolean, value?: unknown}}
 */
export function lookup(obj, p) {
  let v = obj;
  for (const seg of splitPath(p)) {
    const m = /^([^[]*)\[(.*)\]$/.exec(seg);
    if (v === null || typeof v !== 'object') return { found: false };
    const o = /** @type {Record<string, unknown>} */ (v);
    if (m) {
      const list = m[1] ? o[m[1]] : v;
      if (!Array.isArray(list)) return { found: false };
      const eq = m[2].indexOf('=');
      const [k, want] = eq > 0 ? [m[2].slice(0, eq), m[2].slice(eq + 1)] : ['label', m[2]];
      v = list.find((x) => x && String(x[k]) === want);
      if (v === undefined) return { found: false };
    } else {
      if (!(seg in o)) return { found: false };
      v = o[seg];
    }
  }
  return { found: true, value: v };
}
/**
 * @param {unknown} ev the event that leads to the note's step
 * @param {unknown} next the event after it (null at the end)
 * @param {string} p the claim's path
 * @param {unknown} [header] the trace's header
 */
export function claim(ev, next, p, header) {
  if (p.startsWith('header.')) return header ? lookup(header, p.slice(7)) : { found: false };
  if (p.startsWith('next.')) return next ? lookup(next, p.slice(5)) : { found: false };
  return lookup(ev, p);
}
/** @param {unknown} actual @param {unknown} expected @returns {boolean} */
export function matches(actual, expected) {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Number.isInteger(expected)) return actual === expected;
    const s = String(expected);
    const dec = /e/i.test(s) ? 12 : (s.split('.')[1] || '').length;
    return Math.abs(actual - expected) <= 0.5 * 10 ** -dec + 1e-15;
  }
  return JSON.stringify(actual) === JSON.stringify(expected);
}

