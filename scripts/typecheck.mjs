// typecheck.mjs - `make typecheck` and ctest frontend_typecheck (issue 22):
// TypeScript's checker (tsc --noEmit, checkJs, strict: tsconfig.json) over
// web/shell and tests/browser with JSDoc types, and ESLint (eslint.config.mjs:
// recommended + no-undef + no-unused-vars) over the same files. Both must
// report nothing: exit 1 on any tsc error or lint problem, 2 when a tool is
// missing or tsc's configuration is wrong.
//
//   node scripts/typecheck.mjs
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (/** @type {string} */ name) => path.join(root, 'node_modules', '.bin', name);
for (const b of ['tsc', 'eslint']) {
  if (!existsSync(bin(b))) { console.error(`typecheck: ${bin(b)} is missing (npm ci; scripts/setup.sh test)`); process.exit(2); }
}

// ---- ESLint: no problem at all ----------------------------------------------------
const lint = spawnSync(bin('eslint'), ['--max-warnings', '0', 'web/shell', 'tests/browser'], { cwd: root, encoding: 'utf8' });
const lintOk = lint.status === 0;
if (!lintOk) process.stdout.write(lint.stdout + lint.stderr);
console.log(`eslint: ${lintOk ? 'no problem' : 'FAILED'} (web/shell, tests/browser)`);

// ---- tsc --noEmit, strict: no error at all ---------------------------------------
const tsc = spawnSync(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
if (tsc.error) { console.error('typecheck: tsc did not run: ' + tsc.error.message); process.exit(2); }
const errors = (tsc.stdout + tsc.stderr).split('\n').filter((l) => /error TS\d+/.test(l));
const inFiles = errors.filter((l) => /^(.+?)\(\d+,\d+\): error TS\d+/.test(l));
if (errors.length > inFiles.length) { console.error('typecheck: ' + errors.find((l) => !inFiles.includes(l))); process.exit(2); } // a configuration error
const files = new Set(inFiles.map((l) => l.slice(0, l.indexOf('('))));
console.log(`tsc --strict: ${inFiles.length ? `${inFiles.length} errors in ${files.size} files` : 'no error'} (web/shell, tests/browser)`);
if (inFiles.length) console.log(inFiles.slice(0, 60).join('\n') + (inFiles.length > 60 ? `\n... and ${inFiles.length - 60} more` : ''));
process.exit(lintOk && !inFiles.length ? 0 : 1);
