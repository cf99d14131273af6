// lesson_harden.test.mjs - web/shell/features/lesson.js under hostile lessons (issue 25):
// a link that inflates past the cap is refused with the cap in the message
// (and no more than the cap is inflated); "version": 1.5 is not supported
// (not "missing"); an error never quotes the text it refused (a lesson_url
// error is posted to the host page: no file content in it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shell = process.env.DS_WEB_SHELL || path.join(here, '..', '..', 'web', 'shell');
const L = (await import(pathToFileURL(path.join(shell, 'features', 'lesson.js')).href)).default;
const b64url = (buf) => Buffer.from(buf).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const lesson = (extra) => ({ format: 'deckscope-lesson', version: 1, game: 'cirno', source: { sample: 1 }, notes: [], ...extra });
const refusal = async (p) => { try { await p; } catch (e) { return e; } assert.fail('accepted'); };

test('a link that inflates past the cap is refused, the cap named', async () => {
  assert.ok(L.MAX_LESSON >= 8 * 1024 * 1024, 'the cap is above any valid lesson');
  // a valid lesson whose title is 4x the cap: 64 MB inflated from ~64 KB
  const head = JSON.stringify(lesson({ title: '' })).replace('"title":""', '"title":"');
  const body = Buffer.alloc(4 * L.MAX_LESSON, 'a');
  const json = Buffer.concat([Buffer.from(head.slice(0, head.indexOf('"title":"') + 9)), body,
                              Buffer.from(head.slice(head.indexOf('"title":"') + 9))]);
  const link = 'z' + b64url(zlib.deflateRawSync(json, { level: 9 }));
  assert.ok(link.length < 200000, `the link is small (${link.length})`);
  const before = process.memoryUsage().arrayBuffers;
  const e = await refusal(L.decode(link));
  assert.equal(e.lesson, true);
  assert.match(e.message, new RegExp(`larger than ${L.MAX_LESSON / 1048576} MB`));
  // no more than about the cap was inflated (not the 64 MB)
  assert.ok(process.memoryUsage().arrayBuffers - before < 3 * L.MAX_LESSON);
  // the uncompressed form too, and a lesson just under the cap still opens
  const e2 = await refusal(L.decode('j' + b64url(json.subarray(0, L.MAX_LESSON + 1))));
  assert.match(e2.message, /larger than/);
  const ok = await L.decode('z' + b64url(zlib.deflateRawSync(Buffer.from(JSON.stringify(lesson({ title: 'x'.repeat(100) })))))); 
  assert.equal(ok.title, 'x'.repeat(100));
});

test('"version": 1.5 and other versions are said to be unsupported', () => {
  for (const v of [1.5, 0, -1, 0.5]) {
    assert.throws(() => L.validate(lesson({ version: v })), new RegExp(`version ${String(v).replace('.', '\\.')}, which is not supported`));
  }
  assert.throws(() => L.validate(lesson({ version: '1' })), /"version" must be a whole number/);
  assert.throws(() => L.validate(lesson({ version: undefined })), /"version" is missing/);
  assert.throws(() => L.validate(lesson({ version: 2 })), /version 2; this deckscope reads version 1/);
});

test('an error never quotes the refused text', async () => {
  const secret = 'SECRET-token-12345';
  for (const text of [`<!DOCTYPE html><p>${secret}</p>`, `{"a": ${secret}}`, `${secret}`, `[1, 2, ${secret}`, `{"${secret}"`]) {
    const e = (() => { try { L.validate(text); } catch (err) { return err; } return null; })();
    assert.ok(e && e.lesson, text);
    assert.ok(!e.message.includes(secret) && !e.message.includes('DOCTYPE'), `"${e.message}" quotes the text`);
    assert.match(e.message, /^it is not JSON/);
    const e2 = await refusal(L.decode('j' + b64url(Buffer.from(text))));
    assert.ok(!e2.message.includes(secret), `"${e2.message}" quotes the text`);
  }
});
