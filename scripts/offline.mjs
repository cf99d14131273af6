#!/usr/bin/env node
// offline.mjs - `make offline`: build/deckscope.html, the whole visualizer in
// ONE file that runs from file:// (a USB stick, an LMS upload) with no server
// and no network.
//
//   1. takes deckscope-view.js and deckscope-view.wasm as the wasm build links
//      them (build/wasm, target deckscope-view, built here if needed) and
//      inlines the WebAssembly as base64 behind Emscripten's glue, which gets
//      it as its documented `wasmBinary` option (createDeckscopeView wrapped:
//      nothing is fetched, and no second link with -sSINGLE_FILE=1 is needed);
//   2. takes web/shell/index.html and inlines, in document order, every
//      stylesheet and script it references (the page's modules and
//      deckscope-view.js) and the favicon (as a data: URL);
//   3. inlines the statements' samples (assets/samples, as the site build
//      does) and the shipped lessons (assets/lessons) and serves them to the page's fetch()
//      calls from memory, so the page code is the same as on the web;
//   4. puts in a Content-Security-Policy that allows exactly the inline
//      scripts and styles of the file, by their SHA-256 (docs/security.md).
//
// Usage: node scripts/offline.mjs [--out build/deckscope.html] [--build-dir build/wasm]
//                                 [--skip-build]  (take the build dir's module as it is)
// The build dir is the wasm preset's (make wasm configures it). JOBS (default 2).
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 && args[i + 1] ? args[i + 1] : d; };
const out = path.resolve(root, opt('--out', 'build/deckscope.html'));
const buildDir = path.resolve(root, opt('--build-dir', 'build/wasm'));
const skipBuild = args.includes('--skip-build');
const shell = path.join(root, 'web', 'shell');
const samplesDir = path.join(root, 'assets', 'samples');
const jobs = process.env.JOBS || '2';

function die(msg) { console.error('offline: ' + msg); process.exit(1); }

// ---- 1. deckscope-view.js with the wasm inside ---------------------------------
// Debian's emscripten needs Debian's node modules (acorn, ...): appended to any
// NODE_PATH the user has, never instead of it.
const env = { ...process.env, NODE_PATH: [process.env.NODE_PATH, '/usr/share/nodejs'].filter(Boolean).join(path.delimiter) };
for (const k of ['MAKELEVEL', 'MAKEFLAGS', 'MFLAGS']) delete env[k];
if (!skipBuild) {
  if (!existsSync(path.join(buildDir, 'CMakeCache.txt'))) die(`${buildDir} is not configured: run make wasm first`);
  try {
    execFileSync('cmake', ['--build', buildDir, '-j', jobs, '--target', 'deckscope-view'],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (e) {
    process.stderr.write(String(e.stdout || '') + String(e.stderr || ''));
    die(`cmake --build ${buildDir} --target deckscope-view failed`);
  }
}
const viewJs = path.join(buildDir, 'deckscope-view.js');
const viewWasm = path.join(buildDir, 'deckscope-view.wasm');
for (const f of [viewJs, viewWasm]) if (!existsSync(f)) die(`${f} is missing (build failed?)`);
const wasmBytes = readFileSync(viewWasm);
if (wasmBytes.readUInt32LE(0) !== 0x6d736100) die(`${viewWasm} is not WebAssembly`);
// Emscripten's glue defines createDeckscopeView(config); a module created with
// config.wasmBinary (Emscripten's option) instantiates those bytes and fetches
// nothing. The page passes its config object on (core/viewer.js), so the
// wrapper adds the bytes to that same object (MODULARIZE fills it in).
const viewSrc = readFileSync(viewJs, 'utf8') + `
// offline (scripts/offline.mjs): deckscope-view.wasm inlined, handed to the module as its wasmBinary
(function () {
  'use strict';
  var create = window.createDeckscopeView;
  var wasm = '${wasmBytes.toString('base64')}';
  if (typeof create !== 'function') return;
  window.createDeckscopeView = function (config) {
    config = config || {};
    if (!config.wasmBinary) {
      var s = atob(wasm), bytes = new Uint8Array(s.length);
      for (var i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
      config.wasmBinary = bytes;
    }
    return create(config);
  };
})();
`;

// ---- 2. the page, everything inlined --------------------------------------------
// (the Open Graph tags' %SITE_URL% stays empty: a file has no public address)
let html = readFileSync(path.join(shell, 'index.html'), 'utf8').replace(/%SITE_URL%/g, '');
const local = (ref) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(ref) && !ref.startsWith('#');
const fileText = (ref) => {
  if (ref === 'deckscope-view.js') return viewSrc;
  const p = path.join(shell, ref);
  if (!existsSync(p)) die(`index.html references ${ref}, which is not in web/shell`);
  return readFileSync(p, 'utf8');
};
// Text inside <script> must not close it; inside <style> likewise.
const scriptSafe = (s) => s.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
const styleSafe = (s) => s.replace(/<\/(style)/gi, '<\\/$1');
const inlined = [];

html = html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi, (tag) => {
  const href = /\bhref="([^"]+)"/.exec(tag);
  if (!href || !local(href[1])) return tag;
  inlined.push(href[1]);
  return `<style data-file="${href[1]}">\n${styleSafe(fileText(href[1]))}\n</style>`;
});
// Deferred scripts run in order after parsing; inline classic scripts run
// while parsing. They all sit at the end of <body>, after the DOM they use,
// and every module waits for DOMContentLoaded if the document is still
// loading, so the order and the behaviour are the same.
// The page's entry module (<script type="module" src="main.js">) and the
// modules it imports: one classic script bundled by esbuild (a file:// page
// cannot import modules from files), in the entry's place.
const bundle = (entry) => {
  const r = esbuild.buildSync({ entryPoints: [path.join(shell, entry)], bundle: true, write: false, metafile: true,
    format: 'iife', target: 'es2020', charset: 'utf8', logLevel: 'silent' });
  const inputs = Object.keys(r.metafile ? r.metafile.inputs : {})
    .map((f) => path.relative(shell, path.resolve(f)).split(path.sep).join('/'));
  inlined.push(...inputs);
  return { text: r.outputFiles[0].text, inputs };
};
html = html.replace(/<script\b([^>]*)\bsrc="([^"]+)"([^>]*)><\/script>/gi, (tag, a, src, b) => {
  if (!local(src)) die(`index.html loads a remote script: ${src}`);
  inlined.push(src);
  const module = /\btype="module"/.test(a + b);
  const attrs = (a + b).replace(/\b(defer|async)\b|\btype="module"/g, '').replace(/\s+/g, ' ').trim();
  const b2 = module ? bundle(src) : { text: fileText(src), inputs: [] };
  // a bundle names the modules it holds (data-modules, paths under web/shell)
  const mods = b2.inputs.length ? ` data-modules="${b2.inputs.join(' ')}"` : '';
  return `<script${attrs ? ' ' + attrs : ''} data-file="${src}"${mods}>\n${scriptSafe(b2.text)}\n</script>`;
});
// Images and icons of the shell: data: URLs.
const MIME = { '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' };
html = html.replace(/\b(href|src)="([^"]+\.(svg|png|ico))"/gi, (all, attr, ref) => {
  if (!local(ref)) return all;
  const p = path.join(shell, ref);
  if (!existsSync(p)) return all;
  inlined.push(ref);
  return `${attr}="data:${MIME[path.extname(ref).toLowerCase()]};base64,${readFileSync(p).toString('base64')}"`;
});

// ---- 3. the samples, answered to fetch() from memory ----------------------------
const GAMES = (await import(pathToFileURL(path.join(shell, 'games', 'index.js')).href)).default.ids; // the page's one list
const files = {};
const index = {};
for (const g of GAMES) {
  const dir = path.join(samplesDir, g);
  const nums = existsSync(dir)
    ? readdirSync(dir).map((f) => /^sample-(\d+)\.in$/.exec(f)).filter(Boolean).map((m) => Number(m[1])).sort((a, b) => a - b)
    : [];
  index[g] = nums.map((n) => `${g}-${n}.in`);
  for (const n of nums) files[`samples/${g}-${n}.in`] = readFileSync(path.join(dir, `sample-${n}.in`), 'utf8');
}
if (!Object.keys(files).length) die(`no samples found in ${samplesDir}`);
files['samples/index.json'] = JSON.stringify(index) + '\n';
// the shipped lessons (assets/lessons/<game>.<lang>.json), as the site has them in lessons/
const lessonsDir = path.join(root, 'assets', 'lessons');
let nLessons = 0;
for (const f of existsSync(lessonsDir) ? readdirSync(lessonsDir).filter((f) => /^[a-z]+\.[a-z]+\.json$/.test(f)).sort() : []) {
  files[`lessons/${f}`] = readFileSync(path.join(lessonsDir, f), 'utf8');
  nLessons++;
}
const shim = `<script data-file="offline files">
// deckscope offline: the files the page fetches, inlined (scripts/offline.mjs).
(function () {
  'use strict';
  const files = ${JSON.stringify(files).replace(/</g, '\\u003c')};
  const types = { '.json': 'application/json', '.in': 'text/plain' };
  const realFetch = window.fetch ? window.fetch.bind(window) : null;
  window.deckscopeOffline = { files: Object.keys(files) };
  window.fetch = function (input, init) {
    const url = new URL(typeof input === 'string' ? input : input.url, document.baseURI);
    const base = new URL('.', document.baseURI);
    const rel = url.href.startsWith(base.href) ? decodeURIComponent(url.href.slice(base.href.length).split(/[?#]/)[0]) : null;
    if (rel !== null && Object.prototype.hasOwnProperty.call(files, rel)) {
      const ext = rel.slice(rel.lastIndexOf('.'));
      return Promise.resolve(new Response(files[rel], { status: 200, headers: { 'Content-Type': (types[ext] || 'text/plain') + '; charset=utf-8' } }));
    }
    if (url.protocol === 'file:' || !realFetch) return Promise.resolve(new Response('not found in the offline page', { status: 404 }));
    return realFetch(input, init);
  };
})();
</script>`;
const headEnd = html.search(/<meta charset[^>]*>/i);
if (headEnd < 0) die('index.html has no <meta charset>');
const afterCharset = html.indexOf('>', headEnd) + 1;
html = html.slice(0, afterCharset) + '\n' + shim + html.slice(afterCharset);
html = html.replace(/<html\b/i, '<html data-offline="1"');

// ---- 4. the Content-Security-Policy, with the hashes of what is inline ----------
// The site's policy (docs/security.md) allows scripts and styles from 'self'
// only; here everything is inline, so the policy names each inline script and
// style by the SHA-256 of its text (nothing else may run, not even a script
// injected into the file later), and allows nothing to be loaded but data:
// and blob: images and media, and data: for fetch(). It replaces the site's <meta> and comes first
// in <head>, before the first inline script.
const CSP_META = /[ \t]*(?:<!--(?:(?!-->)[^])*-->\s*)?<meta http-equiv="Content-Security-Policy"[^>]*>\n?/gi;
if ((html.match(CSP_META) || []).length !== 1) die('index.html must have exactly one Content-Security-Policy <meta>');
html = html.replace(CSP_META, '');
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const hashes = (re) => [...new Set([...html.matchAll(re)].map((m) => sha256(m[1])))];
const scriptHashes = hashes(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi);
const styleHashes = hashes(/<style\b[^>]*>([\s\S]*?)<\/style>/gi);
if (/\son[a-z]+="|\sstyle="/i.test(html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ''))) {
  die('index.html has an inline event handler or style attribute (the policy blocks them)');
}
const policy = [
  "default-src 'none'",
  `script-src ${scriptHashes.join(' ')} 'wasm-unsafe-eval'`,
  `style-src ${styleHashes.join(' ')}`,
  // no connect-src: default-src 'none' (the module gets its WebAssembly as
  // bytes, the samples come from memory: the page fetches nothing)
  'img-src data: blob:', 'media-src data: blob:',
  "object-src 'none'", "base-uri 'none'", "form-action 'none'",
  // Trusted Types, as on the site: no string reaches a script sink but
  // through the page's own policy (trusted.js).
  "require-trusted-types-for 'script'", 'trusted-types deckscope',
].join('; ');
const cspAt = html.indexOf('>', html.search(/<meta charset[^>]*>/i)) + 1;
html = html.slice(0, cspAt) + `\n<meta http-equiv="Content-Security-Policy" content="${policy}">` + html.slice(cspAt);

// Nothing may still point at a local file.
const left = [...html.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)="([^"]+)"/gi)]
  .map((m) => m[1]).filter((r) => local(r) && !r.startsWith('data:'));
if (left.length) die('not inlined: ' + left.join(', '));

mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, html);
const kb = (n) => (n / 1024).toFixed(0) + ' KB';
console.log(`offline: ${path.relative(root, out)} (${kb(statSync(out).size)}; deckscope-view.js with the wasm ${kb(viewSrc.length)}; ` +
            `inlined ${inlined.length} files, ${Object.keys(files).length - 1 - nLessons} samples and ${nLessons} lessons)`);
