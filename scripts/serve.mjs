#!/usr/bin/env node
// serve.mjs [DIR] - serve the built site (default build/dist, `make web`) on
// http://127.0.0.1:$PORT/ (default 8000) until interrupted. `make serve` runs it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.argv[2] || path.join(here, '..', 'build', 'dist'));
const port = Number(process.env.PORT || 8000);
const host = process.env.HOST || '127.0.0.1';

if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`serve: ${root}/index.html not found; run \`make web\` first`);
  process.exit(1);
}
const quiet = process.env.QUIET === '1';
const { url } = await startStaticServer(root, {
  host, port,
  onRequest: (m, u, s) => { if (!quiet) console.log(`${new Date().toISOString().slice(11, 19)} ${s} ${m} ${u}`); },
}).catch((e) => {
  console.error(`serve: cannot listen on ${host}:${port}: ${e.message}`);
  process.exit(1);
});
console.log(`deckscope: serving ${path.relative(process.cwd(), root) || '.'} on ${url}  (Ctrl-C to stop)`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
