// props.test.mjs - property-based tests (fast-check) of the page's parsers
// that take hostile text (issue 25): the embed's URL-state parser (hash.js)
// and the lesson decoder (lesson.js: decode of &lesson=, validate of a lesson
// file). Each property runs DS_PROP_RUNS cases (default 2,000 in `make test`;
// `make fuzz` runs 100,000 of each). The postMessage handler's property runs
// in the browser: tests/browser/harden.test.mjs.
//   parseHash: never throws; every part is either decoded (and the decoded
//     key maps to its decoded value, last one wins) or named in errors; a
//     string of encoded pairs round-trips.
//   decode / validate: never throw anything but a lesson error (e.lesson,
//     a message string); what they accept is a lesson validate() returns
//     unchanged; a valid lesson survives encode + decode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';

const here = path.dirname(fileURLToPath(import.meta.url));
const shell = process.env.DS_WEB_SHELL || path.join(here, '..', '..', 'web', 'shell');
const H = (await import(pathToFileURL(path.join(shell, 'core', 'hash.js')).href)).default;
const L = (await import(pathToFileURL(path.join(shell, 'features', 'lesson.js')).href)).default;
const RUNS = Number(process.env.DS_PROP_RUNS) || 2000;
const SEED = Number(process.env.DS_PROP_SEED) || 25;
const opts = { numRuns: RUNS, seed: SEED };
const timeout = Math.max(120_000, RUNS * 20);

// text a hostile link might carry: %-escapes good and bad, separators, any unicode
const linkChar = fc.oneof(
  fc.constantFrom('%', '%2', '%E0%A4%A', '%ZZ', '%25', '&', '=', '#', '?', '+', '%00', '%C3%A9', '%FF'),
  fc.string({ unit: 'grapheme', maxLength: 3 }), fc.string({ unit: 'binary', maxLength: 2 }));
const linkText = fc.array(linkChar, { maxLength: 40 }).map((a) => a.join(''));

test('parseHash never throws, and accounts for every part', { timeout }, () => {
  fc.assert(fc.property(linkText, (s) => {
    const r = H.parseHash(s);
    assert.equal(Object.getPrototypeOf(r.params), null);
    const parts = s.replace(/^[#?]/, '').split('&').filter(Boolean);
    const want = Object.create(null);
    let bad = 0;
    for (const part of parts) {
      const i = part.indexOf('=');
      try {
        const k = decodeURIComponent(i < 0 ? part : part.slice(0, i));
        want[k] = i < 0 ? '' : decodeURIComponent(part.slice(i + 1));
      } catch (e) { bad++; }
    }
    assert.equal(r.errors.length, bad);
    assert.deepEqual({ ...r.params }, { ...want });
    for (const e of r.errors) assert.ok(typeof e === 'string' && e.length <= 41);
  }), opts);
});

test('parseHash round-trips encoded pairs', { timeout }, () => {
  const pairs = fc.uniqueArray(fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 12 })), { selector: (p) => p[0], maxLength: 8 });
  fc.assert(fc.property(pairs, fc.constantFrom('#', '?', ''), (ps, lead) => {
    const s = lead + ps.map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v)).join('&');
    const r = H.parseHash(s);
    assert.deepEqual(r.errors, []);
    assert.deepEqual({ ...r.params }, Object.fromEntries(ps));
  }), opts);
});

const b64url = (buf) => Buffer.from(buf).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
// a lesson-shaped object, often valid, often broken in one field
const games = fc.constantFrom('cirno', 'thegame', 'mahjong', 'goudan', 'nosuch', '', 3);
const lessonish = fc.record({
  format: fc.oneof(fc.constant('deckscope-lesson'), fc.string()),
  version: fc.oneof(fc.constant(1), fc.constant(1.5), fc.integer(), fc.string(), fc.constant(null)),
  game: games,
  source: fc.oneof(fc.record({ sample: fc.integer() }), fc.record({ seed: fc.oneof(fc.integer(), fc.double()) }),
                   fc.record({ input: fc.string() }), fc.anything()),
  title: fc.oneof(fc.string(), fc.anything()),
  step: fc.oneof(fc.nat(), fc.integer(), fc.double()),
  variation: fc.oneof(fc.constant(''), fc.string(), fc.array(fc.tuple(fc.integer(), fc.string()), { maxLength: 3 }), fc.anything()),
  notes: fc.oneof(fc.array(fc.record({ step: fc.oneof(fc.nat(), fc.anything()), text: fc.oneof(fc.string({ minLength: 1 }), fc.anything()),
    line: fc.oneof(fc.constant(''), fc.string()), view: fc.oneof(fc.constant(undefined), fc.anything()) }, { requiredKeys: [] }), { maxLength: 4 }), fc.anything()),
}, { requiredKeys: [] });

function checkOutcome(run) {
  let out;
  try { out = run(); } catch (e) {
    assert.equal(e && e.lesson, true, `not a lesson error: ${e && e.stack}`);
    assert.equal(typeof e.message, 'string');
    return null;
  }
  assert.deepEqual(L.validate(out), out, 'what is accepted is a lesson validate() keeps');
  return out;
}

test('validate: any JSON value or lesson-shaped object is a lesson or a lesson error', { timeout }, () => {
  fc.assert(fc.property(fc.oneof(lessonish, fc.anything(), fc.json(), fc.string()), (x) => {
    checkOutcome(() => L.validate(x));
    if (typeof x === 'object' && x !== null) {
      let text;
      try { text = JSON.stringify(x); } catch (e) { return; }
      if (text !== undefined) checkOutcome(() => L.validate(text));
    }
  }), opts);
});

test('decode: any link is a lesson or a lesson error, and encode/decode round-trips', { timeout }, async () => {
  const link = fc.oneof(
    fc.string(),
    fc.string().map((s) => 'z' + s), fc.string().map((s) => 'j' + s),
    fc.uint8Array({ maxLength: 200 }).map((b) => 'z' + b64url(b)),
    lessonish.map((o) => 'j' + b64url(Buffer.from(JSON.stringify(o) ?? ''))),
    lessonish.map((o) => 'z' + b64url(zlib.deflateRawSync(Buffer.from(JSON.stringify(o) ?? '')))),
    fc.tuple(lessonish, fc.nat(40)).map(([o, cut]) => { const s = 'z' + b64url(zlib.deflateRawSync(Buffer.from(JSON.stringify(o) ?? ''))); return s.slice(0, Math.max(1, s.length - cut)); }));
  await fc.assert(fc.asyncProperty(link, async (s) => {
    let out = null;
    try { out = await L.decode(s); } catch (e) {
      assert.equal(e && e.lesson, true, `not a lesson error: ${e && e.stack}`);
      return;
    }
    assert.deepEqual(L.validate(out), out);
    assert.deepEqual(await L.decode(await L.encode(out)), out, 'encode + decode round-trips');
  }), opts);
});
