#!/usr/bin/env node
// gen-binding.mjs - the page's binding to the WebAssembly exports (issue 22,
// "one binding"), generated from the one list of them: the dsv_api_*
// declarations of web/app/api/view_api.h.
//
//   node scripts/gen-binding.mjs            write web/shell/core/binding.js
//   node scripts/gen-binding.mjs --check    exit 1 if that file is not what the header gives
//   node scripts/gen-binding.mjs --out F    write F instead (the site build: build/site/core/binding.js)
//
// The binding is an ES module: dsv(Module) returns one object per module with
// a wrapper for every export, named as in C without `dsv_api_`
// (dsv_api_event_json -> dsv(M).event_json(i)) and typed in JSDoc for
// `tsc --checkJs --strict`. Types: int, long, unsigned and double are
// numbers; a void function returns undefined; `const char *` is a string
// (UTF-8, copied out of or into the module's memory); any other pointer, and
// a `char *` on a declaration line that says @ptr, is a number (an address
// the page reads or writes itself). Numbers are passed to the export as they
// are, as Emscripten's cwrap does for numbers.
//
// The generator also checks the list against the C: every DSV_API definition
// in web/app must be declared in the header with the same types, and every
// declared export defined, so the list cannot drift from what is exported.
// No dependency but node.
import { readFileSync, writeFileSync, readdirSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HEADER = 'web/app/api/view_api.h';
export const OUTPUT = 'web/shell/core/binding.js';
const PREFIX = 'dsv_api_';

const die = (msg) => { throw new Error('gen-binding: ' + msg); };

// ---- C types -> JavaScript ----------------------------------------------------------
const NUMBER_TYPES = new Set(['int', 'long', 'unsigned', 'unsigned int', 'unsigned long', 'double']);
const STRING_TYPES = new Set(['const char *', 'char *']);
const POINTER_TYPES = new Set(['const unsigned char *', 'unsigned char *']);
const normType = (t) => t.replace(/\s*\*\s*/g, ' *').replace(/\s+/g, ' ').trim();

// {c, js: 'number' | 'string' | 'void', ptr} of a C type (ptr: an address)
function jsType(c, ptr, where) {
  const t = normType(c);
  if (t === 'void') return { c: t, js: 'void' };
  if (NUMBER_TYPES.has(t)) return { c: t, js: 'number' };
  if (POINTER_TYPES.has(t)) return { c: t, js: 'number', ptr: true };
  if (STRING_TYPES.has(t)) return ptr ? { c: t, js: 'number', ptr: true } : { c: t, js: 'string' };
  return die(`${where}: type '${t}' has no JavaScript form here (add it to scripts/gen-binding.mjs)`);
}

// "int a, double b" -> [{type, name}]
function parseParams(text, where) {
  const s = text.replace(/\s+/g, ' ').trim();
  if (s === 'void' || s === '') return [];
  return s.split(',').map((p, i) => {
    const m = /^(.*?[\s*])([A-Za-z_]\w*)$/.exec(p.trim());
    if (!m) die(`${where}: parameter ${i + 1} '${p.trim()}' has no name`);
    return { type: normType(m[1]), name: m[2] };
  });
}

// Lines of C with their comments apart: [{code, comment, line}]
function splitComments(text) {
  const out = [];
  let inComment = false;
  text.split('\n').forEach((line, i) => {
    let code = '', comment = '', k = 0;
    while (k < line.length) {
      if (inComment) {
        const e = line.indexOf('*/', k);
        if (e < 0) { comment += line.slice(k); k = line.length; } else { comment += line.slice(k, e); k = e + 2; inComment = false; }
      } else if (line.startsWith('/*', k)) { inComment = true; k += 2; }
      else if (line.startsWith('//', k)) { comment += line.slice(k + 2); k = line.length; }
      else { code += line[k]; k++; }
    }
    out.push({ code, comment, line: i + 1 });
  });
  return out;
}

const DECL = /^\s*((?:const\s+)?(?:unsigned\s+)?(?:char|int|long|double|void|unsigned)(?:\s+int|\s+long)?\s*\**)\s*(dsv_api_\w+)\s*\(([^)]*)\)\s*;\s*$/;

// The exports declared in the header, in its order:
// [{name, key, ret, params, doc, line}]
export function parseHeader(text, file = HEADER) {
  const fns = [];
  let acc = null;
  for (const l of splitComments(text)) {
    if (acc) { acc.code += ' ' + l.code; acc.comment += ' ' + l.comment; }
    else if (/\bdsv_api_\w+\s*\(/.test(l.code)) acc = { code: l.code, comment: l.comment, line: l.line };
    else continue;
    if (!acc.code.includes(';')) continue;
    const d = acc; acc = null;
    const where = `${file}:${d.line}`;
    const m = DECL.exec(d.code);
    if (!m) die(`${where}: cannot read the declaration '${d.code.trim()}' (one function a line: type dsv_api_name(type name, ...);)`);
    const ptr = /@ptr\b/.test(d.comment);
    const ret = jsType(m[1], ptr, where);
    const params = parseParams(m[3], where).map((p) => ({ ...p, ...jsType(p.type, ptr, where) }));
    if (ptr && ![ret, ...params].some((t) => t.ptr && STRING_TYPES.has(t.c))) die(`${where}: @ptr but no char * to pass as an address`);
    if (fns.some((f) => f.name === m[2])) die(`${where}: ${m[2]} is declared twice`);
    fns.push({ name: m[2], key: m[2].slice(PREFIX.length), ret, params, line: d.line,
      doc: d.comment.replace(/@ptr:?/, '').replace(/\s+/g, ' ').trim() });
  }
  if (acc) die(`${file}:${acc.line}: a declaration with no ';'`);
  if (!fns.length) die(`${file}: no dsv_api_* declaration`);
  return fns;
}

// The DSV_API definitions of the C sources: [{name, sig, file, line}]
export function parseDefinitions(files) {
  const out = [];
  for (const [file, text] of files) {
    const code = splitComments(text).map((l) => l.code).join('\n');
    for (const m of code.matchAll(/\bDSV_API\s+([^(;{]*?)\b(dsv_\w+)\s*\(([^)]*)\)\s*\{/g)) {
      const line = code.slice(0, m.index).split('\n').length;
      out.push({ name: m[2], sig: signature(normType(m[1]), parseParams(m[3], `${file}:${line}`)), file, line });
    }
  }
  return out;
}
const signature = (ret, params) => `${ret}(${params.map((p) => p.type).join(', ')})`;

// Every definition declared alike, every declaration defined: a list of problems.
export function crossCheck(fns, defs) {
  const problems = [];
  const byName = new Map(fns.map((f) => [f.name, f]));
  for (const d of defs) {
    const f = byName.get(d.name);
    if (!f) problems.push(`${d.file}:${d.line}: ${d.name} is DSV_API but not declared in ${HEADER}`);
    else if (signature(f.ret.c, f.params) !== d.sig) problems.push(`${d.file}:${d.line}: ${d.name} is ${d.sig} but ${HEADER}:${f.line} says ${signature(f.ret.c, f.params)}`);
  }
  const defined = new Set(defs.map((d) => d.name));
  for (const f of fns) if (!defined.has(f.name)) problems.push(`${HEADER}:${f.line}: ${f.name} is declared but no DSV_API definition has it`);
  return problems;
}

// ---- the module -----------------------------------------------------------------------
const tsOf = (t) => (t.js === 'void' ? 'void' : t.js);
const sigTs = (params, ret) => `(${params.map((p) => `${p.name}: ${tsOf(p)}`).join(', ')}) => ${tsOf(ret)}`;
const rawTs = (f) => sigTs(f.params.map((p) => ({ ...p, js: 'number' })), f.ret.js === 'string' ? { js: 'number' } : f.ret);
const cdecl = (f) => `${f.ret.c}${f.ret.c.endsWith('*') ? '' : ' '}${f.name}(${f.params.map((p) => `${p.type}${p.type.endsWith('*') ? '' : ' '}${p.name}`).join(', ') || 'void'})`;

function body(f) {
  const names = f.params.map((p) => p.name).join(', ');
  if (f.params.some((p) => p.js === 'string')) {
    // a string in: ccall copies it onto the stack for the call
    const ret = f.ret.js === 'void' ? 'null' : `'${f.ret.js}'`;
    return `(${names}) => M.ccall('${f.name}', ${ret}, [${f.params.map((p) => `'${p.js}'`).join(', ')}], [${names}])`;
  }
  const call = `M._${f.name}(${names})`;
  return `(${names}) => ${f.ret.js === 'string' ? `M.UTF8ToString(${call})` : call}`;
}

export function generate(fns) {
  const L = [];
  L.push(`// binding.js - GENERATED by scripts/gen-binding.mjs from ${HEADER}: do not edit`);
  L.push('// (change the header and run `node scripts/gen-binding.mjs`; tests/js/binding.test.mjs');
  L.push('// fails when this file is not what the header gives).');
  L.push('//');
  L.push('// The page\'s one binding to the WebAssembly exports: dsv(Module) gives an object');
  L.push('// with a typed wrapper per dsv_api_* function, named without `dsv_api_`.');
  L.push('// Strings are copied (UTF-8); an address is a number into Module.HEAPU8.');
  L.push('// Each wrapper finds its export when it is called, so dsv() may be called');
  L.push('// before the module has finished instantiating.');
  L.push('');
  L.push('/**');
  L.push(' * What the binding uses of the Emscripten module (createDeckscopeView).');
  L.push(' * @typedef {object} DsvModule');
  L.push(' * @property {(ident: string, ret: string | null, types: string[], args: any[]) => any} ccall');
  L.push(' * @property {(ptr: number) => string} UTF8ToString');
  for (const f of fns) L.push(` * @property {${rawTs(f)}} _${f.name}`);
  L.push(' */');
  L.push('');
  L.push('/**');
  L.push(' * The exports, one wrapper each (the C declaration in brackets).');
  L.push(' * @typedef {object} DsvApi');
  for (const f of fns) L.push(` * @property {${sigTs(f.params, f.ret)}} ${f.key} [${cdecl(f)}]${f.doc ? ' ' + f.doc : ''}`);
  L.push(' */');
  L.push('');
  L.push('/** The C names of the exports, in the header\'s order. */');
  L.push('export const EXPORTS = Object.freeze([');
  for (const f of fns) L.push(`  '${f.name}',`);
  L.push(']);');
  L.push('');
  L.push('/** @type {WeakMap<object, DsvApi>} */');
  L.push('const bound = new WeakMap();');
  L.push('');
  L.push('/**');
  L.push(' * The binding of a module (one object per module).');
  L.push(' * @param {DsvModule} M');
  L.push(' * @returns {DsvApi}');
  L.push(' */');
  L.push('export function dsv(M) {');
  L.push('  let api = bound.get(M);');
  L.push('  if (api) return api;');
  L.push('  api = Object.freeze({');
  for (const f of fns) L.push(`    ${f.key}: ${body(f)},`);
  L.push('  });');
  L.push('  bound.set(M, api);');
  L.push('  return api;');
  L.push('}');
  return L.join('\n') + '\n';
}

// ---- files ---------------------------------------------------------------------------
function cSources(dir) {
  return readdirSync(path.join(root, dir), { recursive: true })
    .map((f) => path.join(dir, String(f)).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.c')).sort()
    .map((f) => [f, readFileSync(path.join(root, f), 'utf8')]);
}

// The binding the header gives (throws on a problem with the list).
export function build() {
  const fns = parseHeader(readFileSync(path.join(root, HEADER), 'utf8'));
  const problems = crossCheck(fns, parseDefinitions(cSources('web/app')));
  if (problems.length) die('the exports and the header disagree:\n  ' + problems.join('\n  '));
  return { fns, text: generate(fns) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    const { fns, text } = build();
    const oi = args.indexOf('--out');
    const out = oi >= 0 ? path.resolve(args[oi + 1] || die('--out needs a file')) : path.join(root, OUTPUT);
    if (args.includes('--check')) {
      let old = '';
      try { old = readFileSync(out, 'utf8'); } catch { /* missing */ }
      if (old !== text) {
        console.error(`gen-binding: ${path.relative(root, out)} is not what ${HEADER} gives: run node scripts/gen-binding.mjs`);
        process.exit(1);
      }
      console.log(`gen-binding: ${path.relative(root, out)} is up to date (${fns.length} exports)`);
    } else {
      mkdirSync(path.dirname(out), { recursive: true });
      let old = null;
      try { old = readFileSync(out, 'utf8'); } catch { /* missing */ }
      // web/shell's copy keeps its time stamp when unchanged; --out (a build rule's output) is always written
      if (old !== text || oi >= 0) writeFileSync(out, text);
      console.log(`gen-binding: ${fns.length} exports -> ${path.relative(root, out) || out}`);
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(2);
  }
}
