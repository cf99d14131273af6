// static_server.test.mjs - scripts/static-server.mjs, the server of `make
// serve` and of the browser tests, over HTTP: MIME types, 404/403/405, a
// prefix, and revalidation: every answer says no-cache with a validator, an
// unchanged file asked with it is a 304 without a body, a changed one a 200
// with a new validator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { startStaticServer } = await import(path.join(here, '..', '..', 'scripts', 'static-server.mjs'));

/** @param {(dir: string) => void} fill @param {object} [options] */
async function withServer(fill, options = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ds-static-'));
  fill(dir);
  const s = await startStaticServer(dir, options);
  return { dir, url: s.url, close: async () => { await s.close(); rmSync(dir, { recursive: true, force: true }); } };
}

test('types, index.html for a folder, HEAD, 404, 405 and nothing outside the root', async () => {
  const s = await withServer((d) => {
    writeFileSync(path.join(d, 'index.html'), '<p>hi</p>');
    writeFileSync(path.join(d, 'm.wasm'), Buffer.from([0, 97, 115, 109]));
    mkdirSync(path.join(d, 'sub'));
    writeFileSync(path.join(d, 'sub', 'a.js'), 'export {};');
  });
  try {
    let r = await fetch(s.url);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(await r.text(), '<p>hi</p>');
    r = await fetch(s.url + 'm.wasm');
    assert.equal(r.headers.get('content-type'), 'application/wasm');
    assert.equal((await r.arrayBuffer()).byteLength, 4);
    r = await fetch(s.url + 'sub/a.js', { method: 'HEAD' });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-length'), '10');
    assert.equal(await r.text(), '');
    assert.equal((await fetch(s.url + 'nope.js')).status, 404);
    assert.equal((await fetch(s.url + 'sub')).status, 404, 'no directory listing');
    assert.equal((await fetch(s.url + 'index.html', { method: 'POST', body: 'x' })).status, 405);
    assert.equal((await fetch(s.url + '..%2f..%2f..%2fetc%2fpasswd')).status, 403);
    assert.equal((await fetch(s.url + '%E0%A4%A')).status, 400);
  } finally { await s.close(); }
});

test('a prefix: the site under a sub-path, everything outside it 404', async () => {
  const s = await withServer((d) => writeFileSync(path.join(d, 'a.txt'), 'a'), { prefix: '/deckscope/' });
  try {
    assert.match(s.url, /\/deckscope\/$/);
    assert.equal(await (await fetch(s.url + 'a.txt')).text(), 'a');
    assert.equal((await fetch(new URL('/a.txt', s.url))).status, 404);
  } finally { await s.close(); }
});

test('revalidation: no-cache with a validator; unchanged is 304 without a body, changed is 200 with a new one', async () => {
  const s = await withServer((d) => writeFileSync(path.join(d, 'a.js'), 'one'));
  try {
    const file = path.join(s.dir, 'a.js');
    const first = await fetch(s.url + 'a.js');
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('cache-control'), 'no-cache', 'a browser asks every time');
    const etag = first.headers.get('etag');
    assert.ok(etag && first.headers.get('last-modified'), 'with a validator');
    assert.equal(await first.text(), 'one');
    const again = await fetch(s.url + 'a.js', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(await again.text(), '');
    assert.equal((await fetch(s.url + 'a.js', { headers: { 'If-None-Match': 'W/"other"' } })).status, 200);
    // the same size, another time: a new validator
    writeFileSync(file, 'two');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const changed = await fetch(s.url + 'a.js', { headers: { 'If-None-Match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal(await changed.text(), 'two');
    // another size: a new validator too
    writeFileSync(file, 'three');
    const bigger = await fetch(s.url + 'a.js', { headers: { 'If-None-Match': changed.headers.get('etag') || '' } });
    assert.equal(bigger.status, 200);
    assert.equal(await bigger.text(), 'three');
  } finally { await s.close(); }
});
