// wasm_batch.mjs - runs the WebAssembly CLI (build/wasm/deckscope.js) on many
// inputs in one node process, for scripts/fuzz.sh --diff.
//   node wasm_batch.mjs DECKSCOPE_JS OUT_DIR ARG... -- IN_FILE...
// For each IN_FILE runs `deckscope ARG...` with the file on stdin and writes
// OUT_DIR/<basename>.out (stdout), .err (stderr) and .rc (the exit status).
// deckscope.js is an ordinary Emscripten program (-sNODERAWFS -sEXIT_RUNTIME):
// its code is evaluated once per input with its own `process` and `require`
// (fd 0 served from the file, fds 1 and 2 captured, closing them ignored, the
// first exit status recorded), so node
// starts once instead of once per input. (`fetch` is hidden: the program then
// reads deckscope.wasm from the file system, as with --no-experimental-fetch.)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [js, outDir, ...rest] = process.argv.slice(2);
const sep = rest.indexOf('--');
const args = rest.slice(0, sep), inputs = rest.slice(sep + 1);
const code = fs.readFileSync(js, 'utf8');
const realRequire = createRequire(path.resolve(js));
const wasmPath = path.resolve(path.dirname(js), 'deckscope.wasm');
const wasmBytes = fs.readFileSync(wasmPath);
const program = new Function('require', 'process', '__dirname', '__filename', 'module', 'fetch', code);

function runOne(input) {
  return new Promise((resolve) => {
    let pos = 0, done = false;
    const out = [], err = [];
    const finish = (status) => {
      if (done) return;
      done = true;
      resolve({ status, out: Buffer.concat(out), err: Buffer.concat(err) });
    };
    const fakeFs = Object.create(fs);
    fakeFs.readSync = (fd, buf, off, len, position) => {
      if (fd !== 0) return fs.readSync(fd, buf, off, len, position);
      const n = Math.min(len, input.length - pos);
      input.copy(buf, off, pos, pos + n);
      pos += n;
      return n;
    };
    fakeFs.writeSync = (fd, buf, off, len, position) => {
      if (fd !== 1 && fd !== 2) return fs.writeSync(fd, buf, off, len, position);
      if (typeof buf === 'string') buf = Buffer.from(buf);
      const chunk = Buffer.from(buf.subarray(off ?? 0, (off ?? 0) + (len ?? buf.length)));
      (fd === 1 ? out : err).push(chunk);
      return chunk.length;
    };
    // the program closes its standard streams at exit: the real ones stay open
    fakeFs.closeSync = (fd) => (fd <= 2 ? undefined : fs.closeSync(fd));
    fakeFs.readFileSync = (p, ...a) =>
      path.resolve(String(p)) === wasmPath ? wasmBytes : fs.readFileSync(p, ...a);
    const fakeProcess = Object.create(process, {
      argv: { value: [process.argv[0], js, ...args] },
      exitCode: { value: undefined, writable: true },
      exit: { value: (s) => { finish(s ?? 0); } },
      on: { value: () => fakeProcess },
    });
    const req = (m) => (m === 'fs' || m === 'node:fs' ? fakeFs : realRequire(m));
    try {
      program(req, fakeProcess, path.dirname(js), js, { exports: {} }, undefined);
    } catch (e) {
      if (!(e instanceof ExitSignal)) { err.push(Buffer.from(String(e))); finish(99); }
    }
    // a run that ends without process.exit (it should not happen with EXIT_RUNTIME)
    setTimeout(() => finish(fakeProcess.exitCode ?? 98), 60000).unref();
  });
}
class ExitSignal extends Error {}
process.on('uncaughtException', (e) => { if (!(e instanceof ExitSignal)) throw e; });
process.on('unhandledRejection', (e) => { if (!(e instanceof ExitSignal)) throw e; });

for (const f of inputs) {
  const r = await runOne(fs.readFileSync(f));
  const base = path.join(outDir, path.basename(f));
  fs.writeFileSync(base + '.out', r.out);
  fs.writeFileSync(base + '.err', r.err);
  fs.writeFileSync(base + '.rc', String(r.status) + '\n');
}
