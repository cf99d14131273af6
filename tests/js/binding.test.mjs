// binding.test.mjs - the page's one binding to the WebAssembly exports (issue 22):
//
//   - web/shell/core/binding.js is what scripts/gen-binding.mjs makes of the one
//     list, web/app/api/view_api.h, today (regenerating gives the same bytes),
//     and the list agrees with the DSV_API definitions in web/app;
//   - the built module (when DS_SITE_DIR has one) exports exactly those functions;
//   - no other file of web/shell calls an export by hand: no ccall, no cwrap,
//     no Module._dsv_*, no export named in a string ('dsv_api_...');
//   - the generator types what it reads as documented (numbers, strings, @ptr
//     addresses) and refuses what it cannot type, an undeclared DSV_API
//     definition or one that disagrees with the header.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, parseHeader, parseDefinitions, crossCheck, generate, OUTPUT } from '../../scripts/gen-binding.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const SHELL = process.env.DS_WEB_SHELL || path.join(root, 'web', 'shell');
const BINDING = 'core/binding.js';
assert.equal(OUTPUT, 'web/shell/' + BINDING);

// Hand calls of the exports in a file's code (comments left out): [{line, text}]
export function handCalls(text) {
  const hits = [];
  let inBlock = false;
  text.split('\n').forEach((raw, i) => {
    let line = raw;
    if (inBlock) {
      const e = line.indexOf('*/');
      if (e < 0) return;
      line = line.slice(e + 2); inBlock = false;
    }
    line = line.replace(/\/\*.*?\*\//g, ' ');
    const b = line.indexOf('/*');
    if (b >= 0) { line = line.slice(0, b); inBlock = true; }
    const c = line.search(/(^|[^:'"`\\])\/\//); // a line comment (not in a URL)
    if (c >= 0) line = line.slice(0, c + 1);
    if (/\bccall\b|\bcwrap\b|\b_dsv_\w|['"`]_?dsv_api_\w/.test(line)) hits.push({ line: i + 1, text: raw.trim() });
  });
  return hits;
}

test('web/shell/core/binding.js is what the header gives (node scripts/gen-binding.mjs)', () => {
  const { text, fns } = build(); // throws when the header and the DSV_API definitions disagree
  const have = readFileSync(path.join(SHELL, BINDING), 'utf8');
  assert.ok(have === text, `${BINDING} is not what web/app/api/view_api.h gives: run node scripts/gen-binding.mjs`);
  assert.ok(fns.length >= 80, `only ${fns.length} exports read from the header`);
});

test('the binding module has a wrapper for every export, named without dsv_api_', async () => {
  const { fns } = build();
  const mod = await import(pathToFileURL(path.join(SHELL, BINDING)).href);
  assert.deepEqual([...mod.EXPORTS], fns.map((f) => f.name));
  // a fake module records what each wrapper calls
  const calls = [];
  const M = { ccall: (...a) => { calls.push(['ccall', ...a]); return 7; }, UTF8ToString: (p) => `str@${p}` };
  for (const f of fns) M['_' + f.name] = (...a) => { calls.push([f.name, ...a]); return 42; };
  const api = mod.dsv(M);
  assert.equal(mod.dsv(M), api, 'one binding object per module');
  assert.deepEqual(Object.keys(api).sort(), fns.map((f) => f.name.slice('dsv_api_'.length)).sort());
  for (const f of fns) {
    calls.length = 0;
    const args = f.params.map((p, i) => (p.js === 'string' ? `s${i}` : i + 0.5));
    const r = api[f.name.slice(8)](...args);
    if (f.params.some((p) => p.js === 'string')) {
      assert.deepEqual(calls, [['ccall', f.name, f.ret.js === 'void' ? null : f.ret.js, f.params.map((p) => p.js), args]], f.name);
    } else {
      assert.deepEqual(calls, [[f.name, ...args]], f.name);
      assert.equal(r, f.ret.js === 'string' ? 'str@42' : 42, f.name);
    }
  }
});

// The built module (DS_SITE_DIR, the wasm build's site, when there is one)
// exports exactly the functions of the list: no DSV_API function is missing
// from the header, none is declared that the module lacks.
const VIEW_JS = process.env.DS_SITE_DIR ? path.join(process.env.DS_SITE_DIR, 'deckscope-view.js') : '';
test('the built module exports exactly the listed functions', { skip: VIEW_JS && existsSync(VIEW_JS) ? false : 'no built site (DS_SITE_DIR)' }, () => {
  const { fns } = build();
  const glue = readFileSync(VIEW_JS, 'utf8');
  const exported = [...new Set([...glue.matchAll(/Module\["_(dsv_api_\w+)"\]\s*=/g)].map((m) => m[1]))].sort();
  assert.deepEqual(exported, fns.map((f) => f.name).sort());
  // and the site's binding is the same file as web/shell's
  assert.equal(readFileSync(path.join(path.dirname(VIEW_JS), BINDING), 'utf8'), readFileSync(path.join(SHELL, BINDING), 'utf8'));
});

test('the known pointer returns and arguments are numbers, the JSON and sentences strings', () => {
  const { fns } = build();
  const by = Object.fromEntries(fns.map((f) => [f.name, f]));
  for (const n of ['dsv_api_output', 'dsv_api_marks', 'dsv_api_export_pixels', 'dsv_api_export_data', 'dsv_api_export_gif_caption']) {
    assert.equal(by[n].ret.js, 'number', n);
  }
  assert.deepEqual(by.dsv_api_load.params.map((p) => p.js), ['number', 'number', 'number']);
  assert.deepEqual(by.dsv_api_try.params.map((p) => p.js), ['number', 'number']);
  assert.deepEqual(by.dsv_api_dp_goudan_start.params.map((p) => p.js), ['string']);
  for (const n of ['dsv_api_event_json', 'dsv_api_state_json', 'dsv_api_narrate', 'dsv_api_headline', 'dsv_api_error', 'dsv_api_export_error']) {
    assert.equal(by[n].ret.js, 'string', n);
  }
  assert.equal(by.dsv_api_seek.ret.js, 'void');
});

test('no file of web/shell calls an export by hand (ccall, cwrap, Module._dsv_*, a dsv_api_ name in a string)', () => {
  const files = readdirSync(SHELL, { recursive: true }).map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => /\.(m?js|html)$/.test(f) && !f.startsWith('node_modules/') && f !== BINDING).sort();
  assert.ok(files.includes('app.js') && files.includes('embed.js'), 'the page\'s files are found');
  const bad = [];
  for (const f of files) for (const h of handCalls(readFileSync(path.join(SHELL, f), 'utf8'))) bad.push(`${f}:${h.line}: ${h.text}`);
  assert.deepEqual(bad, [], 'call the exports through core/binding.js (dsv(Module).name) instead:\n' + bad.join('\n'));
});

test('the scan finds each kind of hand call, and not a word in a comment', () => {
  const kinds = [
    "M.ccall('dsv_api_step', 'number', [], [])",
    "const w = mod.cwrap(n, r, a);",
    "Module._dsv_api_step()",
    "M['_dsv_api_step']()",
    "call('dsv_api_event_json', 'string', ['number'], [i])",
  ];
  for (const k of kinds) assert.equal(handCalls(`const a = 1;\n  ${k}\n`).length, 1, k);
  assert.deepEqual(handCalls([
    '// the caption (dsv_api_headline via ccall)',
    '/* cwrap was used here once:',
    "   M.ccall('dsv_api_step') */",
    'const u = "https://example.org/"; // ccall',
    'x = dsv(M).event_json(i); /* _dsv_api_event_json */',
  ].join('\n')), []);
  assert.equal(handCalls('const u = "https://example.org/"; M.ccall("x")').length, 1);
});

test('the generator types the C it reads and refuses what it cannot', () => {
  const fns = parseHeader([
    '/* a comment with dsv_api_nothing(void); in it */',
    'int dsv_api_a(int x, double y);',
    'const char *dsv_api_b(void); /* text */',
    'const char *dsv_api_c(void); /* @ptr: bytes */',
    'int dsv_api_d(const char *s);',
    'int dsv_api_e(const char *s, int n); /* @ptr */',
    'const unsigned char *dsv_api_f(void);',
    'void dsv_api_g(long k,',
    '               unsigned u);',
    'void view_api_other(void);',
  ].join('\n'), 'x.h');
  assert.deepEqual(fns.map((f) => [f.key, f.ret.js, f.params.map((p) => p.js)]), [
    ['a', 'number', ['number', 'number']],
    ['b', 'string', []],
    ['c', 'number', []],
    ['d', 'number', ['string']],
    ['e', 'number', ['number', 'number']],
    ['f', 'number', []],
    ['g', 'void', ['number', 'number']],
  ]);
  const js = generate(fns);
  assert.match(js, /@property \{\(x: number, y: number\) => number\} a /);
  assert.match(js, /@property \{\(s: string\) => number\} d /);
  assert.match(js, /b: \(\) => M\.UTF8ToString\(M\._dsv_api_b\(\)\)/);
  assert.match(js, /c: \(\) => M\._dsv_api_c\(\)/);
  assert.match(js, /d: \(s\) => M\.ccall\('dsv_api_d', 'number', \['string'\], \[s\]\)/);
  assert.throws(() => parseHeader('float dsv_api_h(void);', 'x.h'), /cannot read the declaration/);
  assert.throws(() => parseHeader('int dsv_api_h(struct foo *p);', 'x.h'), /no JavaScript form|has no name|cannot read/);
  assert.throws(() => parseHeader('int dsv_api_h(int);', 'x.h'), /has no name/);
  assert.throws(() => parseHeader('int dsv_api_h(int a); /* @ptr */', 'x.h'), /@ptr but no char/);
  assert.throws(() => parseHeader('int dsv_api_h(void);\nint dsv_api_h(void);', 'x.h'), /declared twice/);
  const defs = parseDefinitions([['x.c', [
    'DSV_API int dsv_api_a(int x, double yy) { return 0; }',
    '/* DSV_API int dsv_api_z(void) { } in a comment */',
    'DSV_API const char *dsv_api_b(int extra) {',
    '  return "";',
    '}',
    'DSV_API void dsv_api_new(void) { }',
  ].join('\n')]]);
  assert.deepEqual(defs.map((d) => d.name), ['dsv_api_a', 'dsv_api_b', 'dsv_api_new']);
  const problems = crossCheck(fns, defs);
  assert.ok(problems.some((p) => /dsv_api_b is const char \*\(int\) but .* says const char \*\(\)/.test(p)), problems.join('\n'));
  assert.ok(problems.some((p) => /x\.c:6: dsv_api_new is DSV_API but not declared/.test(p)), problems.join('\n'));
  assert.ok(problems.some((p) => /dsv_api_c is declared but no DSV_API definition/.test(p)), problems.join('\n'));
  assert.ok(!problems.some((p) => /dsv_api_a\b/.test(p)), 'parameter names may differ');
});
