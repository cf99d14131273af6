// scripts/site-bundle.mjs SITE OUT - the site as it ships (`make web`: build/site
// -> build/dist, which the browser tests load too). SITE is the assembled site
// (the page as ES module files); OUT is a copy of it where each page's entry module
// (main.js, embed-main.js) and everything it imports (dynamic imports included)
// is one minified esbuild ES module with a content-hashed name (main.<hash>.js),
// which the page loads instead; the module files themselves are left out
// (ui/theme.js, the one classic script, stays). Why: its first frame is faster
// (README, "ES modules vs one bundle": bench/web-delivery.sh opens both in turn).
import * as esbuild from 'esbuild';
import { cpSync, readFileSync, writeFileSync, rmSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [site, out] = process.argv.slice(2).map((p) => p && path.resolve(p));
if (!site || !out) { console.error('usage: node scripts/site-bundle.mjs SITE OUT'); process.exit(2); }
rmSync(out, { recursive: true, force: true });
cpSync(site, out, { recursive: true });
const pages = { 'index.html': 'main.js', 'embed.html': 'embed-main.js' };
const r = await esbuild.build({
  entryPoints: Object.values(pages).map((e) => path.join(site, e)), bundle: true, format: 'esm', minify: true,
  target: 'es2020', charset: 'utf8', entryNames: '[name].[hash]', outdir: out, metafile: true, logLevel: 'warning',
});
const bundled = new Set();
const names = {};
for (const [file, o] of Object.entries(r.metafile.outputs)) {
  if (!o.entryPoint) continue;
  names[path.basename(o.entryPoint)] = path.basename(file);
  for (const f of Object.keys(o.inputs)) bundled.add(path.relative(site, path.resolve(f)).split(path.sep).join('/'));
}
for (const [page, entry] of Object.entries(pages)) {
  const p = path.join(out, page);
  const html = readFileSync(p, 'utf8');
  const tag = `<script type="module" src="${entry}"></script>`;
  if (!html.includes(tag) || !names[entry]) throw new Error(`${page}: no ${tag}`);
  writeFileSync(p, html.replace(tag, `<script type="module" src="${names[entry]}"></script>`));
}
// the module files are in the bundles now (theme.js is a classic script of its own)
for (const f of bundled) if (f !== 'ui/theme.js') rmSync(path.join(out, f), { force: true });
// and the folders left empty, deepest first
const dirs = readdirSync(out, { recursive: true, withFileTypes: true }).filter((d) => d.isDirectory())
  .map((d) => path.join(d.parentPath ?? d.path, d.name)).sort((a, b) => b.length - a.length);
for (const d of dirs) if (readdirSync(d).length === 0) rmSync(d, { recursive: true });
console.log(`site-bundle: ${Object.values(names).join(', ')} (${bundled.size} modules) in ${out}`);
