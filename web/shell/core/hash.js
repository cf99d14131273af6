// hash.js - the embed's URL-state parser (embed.js reads its ?query and its
// #hash with it; docs/embedding.md lists the keys). Pure: no DOM, also
// imported by node for the property tests (tests/js/props.test.mjs).
//
//   dsHash.parseHash('#game=G&step=3') -> { params: {game: 'G', step: '3'}, errors: [] }
//
// It never throws: a part whose key or value is not valid URL encoding
// (`%=1`, `%E0%A4%A=1`) is left out of params and named in errors (at most
// 40 characters of it), so the embed can say the link is damaged instead of
// staying on "Loading…". params has no prototype: a key `__proto__` or
// `constructor` is a key like any other.
  /**
   * @param {unknown} hash  '#k=v&...' or '?k=v&...' (anything else is made a string)
   * @returns {{ params: Record<string, string>, errors: string[] }}
   */
  function parseHash(hash) {
    /** @type {Record<string, string>} */
    const params = Object.create(null);
    /** @type {string[]} */
    const errors = [];
    for (const part of String(hash ?? '').replace(/^[#?]/, '').split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      let k, v;
      try {
        k = decodeURIComponent(i < 0 ? part : part.slice(0, i));
        v = i < 0 ? '' : decodeURIComponent(part.slice(i + 1));
      } catch (e) {
        errors.push(part.length > 40 ? part.slice(0, 40) + '…' : part);
        continue;
      }
      params[k] = v;
    }
    return { params, errors };
  }
export const dsHash = { parseHash };
export default dsHash;
