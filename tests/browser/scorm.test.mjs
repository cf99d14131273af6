// scorm.test.mjs - the SCORM 1.2 package (scripts/scorm.mjs, web/shell/features/scorm.js)
// run by a real SCORM run-time: scorm-again (npm, pinned in package.json) as
// the LMS side in a parent page that frames the package's index.html, as
// Moodle, Canvas and Blackboard do. The zip is read by a reader written here
// (not by the writer's code) and served unzipped ("imported"); the page must
// find window.API in its parent, LMSInitialize, report lesson_status
// (incomplete, then completed for a lesson, passed / failed for an
// assignment), score.raw for an assignment, save suspend_data and
// lesson_location, LMSCommit and LMSFinish, and resume from them in a new
// session. Without an LMS the same page is the normal page (no API, nothing
// reported). The packages are made of the site as it ships (build/dist, what
// `make scorm` packages: one bundled module per page); "Download for LMS" runs
// in both the shipped site and build/site (the page as module files, whose
// imports the page follows to find every file).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DIST_DIR, LIMIT, SITE_DIR, openPage } from './harness.mjs';
import { REPO } from './page-helpers.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';

const LESSON = {
  format: 'deckscope-lesson', version: 1, title: 'PONG & the order <of> play', game: 'mahjong', source: { sample: 1 },
  variation: '', step: 0, lang: 'en',
  notes: [{ step: 10, line: '', text: 'first' }, { step: 30, line: '', text: 'second' }, { step: 60, line: '', text: 'third' }],
};

/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof startStaticServer>>} */
let server;
/** @type {string} */
let dir;
/** @type {Map<string, Buffer>} */
let lessonFiles;
/** The test LMS's API (lms.js): scorm-again's SCORM 1.2 API, with its data. @typedef {Scorm12API & {cmi: any}} TestLmsAPI */

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ds-scorm-'));
  mkdirSync(path.join(dir, 'lms'));
  copyFileSync(path.join(REPO, 'node_modules/scorm-again/dist/scorm12.js'), path.join(dir, 'lms/scorm12.js'));
  // The LMS page: scorm-again's SCORM 1.2 API as window.API, the data of an
  // earlier session (from the hash) loaded before the SCO starts, every
  // call logged, and the package's page in an iframe.
  writeFileSync(path.join(dir, 'lms/lms.js'), `
    const init = location.hash.length > 1 ? JSON.parse(decodeURIComponent(location.hash.slice(1))) : {};
    window.API = new Scorm12API({ logLevel: 4, autocommit: false });
    window.__lmsLog = []; // every call: [name] or ['LMSSetValue', key, value]
    for (const ev of ['LMSInitialize', 'LMSCommit', 'LMSFinish', 'LMSSetValue'])
      window.API.on(ev, (k, v) => window.__lmsLog.push(ev === 'LMSSetValue' ? [ev, k, v] : [ev]));
    if (init.cmi) window.API.loadFromJSON(init.cmi);
    const f = document.createElement('iframe');
    f.id = 'sco'; f.width = 1100; f.height = 760; f.title = 'activity';
    f.src = '../' + (init.pkg || 'pkg') + '/index.html';
    document.body.append(f);
  `);
  writeFileSync(path.join(dir, 'lms/parent.html'),
    '<!doctype html><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,"><body><script src="scorm12.js"></script><script src="lms.js"></script></body>\n');
  const lessonFile = path.join(dir, 'l.deckscope.json');
  writeFileSync(lessonFile, JSON.stringify(LESSON));
  lessonFiles = makePackage('pkg', ['--lesson', lessonFile]);
  server = await startStaticServer(dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: LIMIT });
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** @param {Map<string, Buffer>} files @param {string} name the file of that name in the zip */
function entry(files, name) {
  const b = files.get(name);
  assert.ok(b, `the zip holds ${name}`);
  return b;
}
// A zip reader (central directory, STORE and deflate), independent of scorm.js's writer.
/** @param {Buffer} buf @returns {Map<string, Buffer>} */
function unzip(buf) {
  let e = buf.length - 22;
  while (e >= 0 && buf.readUInt32LE(e) !== 0x06054b50) e--;
  assert.ok(e >= 0, 'the zip has an end of central directory');
  const count = buf.readUInt16LE(e + 10);
  let p = buf.readUInt32LE(e + 16);
  const files = new Map();
  for (let k = 0; k < count; k++) {
    assert.equal(buf.readUInt32LE(p), 0x02014b50, 'a central directory entry');
    const method = buf.readUInt16LE(p + 10), crc = buf.readUInt32LE(p + 16);
    const csize = buf.readUInt32LE(p + 20), size = buf.readUInt32LE(p + 24);
    const nlen = buf.readUInt16LE(p + 28), xlen = buf.readUInt16LE(p + 30), clen = buf.readUInt16LE(p + 32);
    const off = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nlen);
    assert.equal(buf.readUInt32LE(off), 0x04034b50, `local header of ${name}`);
    const start = off + 30 + buf.readUInt16LE(off + 26) + buf.readUInt16LE(off + 28);
    const raw = buf.subarray(start, start + csize);
    const data = method === 0 ? Buffer.from(raw) : zlib.inflateRawSync(raw);
    assert.equal(data.length, size, `size of ${name}`);
    assert.equal(zlib.crc32 ? zlib.crc32(data) : crc, crc, `crc of ${name}`);
    files.set(name, data);
    p += 46 + nlen + xlen + clen;
  }
  return files;
}

// Makes a package with scripts/scorm.mjs and "imports" it: unzipped under dir/<name>.
/** @param {string} name @param {string[]} args */
function makePackage(name, args) {
  const zip = path.join(dir, name + '.zip');
  execFileSync(process.execPath, [path.join(REPO, 'scripts/scorm.mjs'), '--site', DIST_DIR, '--out', zip, ...args]);
  const files = unzip(readFileSync(zip));
  for (const [n, data] of files) {
    const f = path.join(dir, name, n);
    mkdirSync(path.dirname(f), { recursive: true });
    writeFileSync(f, data);
  }
  return files;
}

/** @param {string} pkg @param {object | null} [cmi] the LMS's data of an earlier session */
async function openLms(pkg, cmi) {
  const page = await openPage(browser);
  await page.goto(`${server.url}lms/parent.html#${encodeURIComponent(JSON.stringify({ pkg, cmi }))}`);
  const frame = await (await page.waitForSelector('#sco')).contentFrame();
  if (!frame) throw new Error('the LMS page shows no activity');
  await frame.waitForFunction(() => window.deckscope.scorm && window.deckscope.scorm.ready, null, { timeout: LIMIT });
  return { page, frame };
}
// moves the view as the learner does, one step at a time seen by the page
/** @param {import('playwright-core').Frame} frame @param {number} k */
const seek = (frame, k) => frame.evaluate((s) => new Promise(/** @param {(v?: void) => void} res */ (res) => {
  const d = window.deckscope;
  const f = () => { if (d.step === s) { d.off('step', f); res(); } };
  d.on('step', f);
  d.seek(s, false);
  f();
}), k);
/** @type {(page: import('playwright-core').Page) => Promise<any>} the LMS's cmi data */
const cmiOf = (page) => page.evaluate(() => JSON.parse(JSON.stringify(/** @type {TestLmsAPI} */ (window.API).cmi)));
/** @param {import('playwright-core').Page} page */
/** @type {(page: import('playwright-core').Page) => Promise<string[][]>} the LMS's log of calls */
const logOf = (page) => page.evaluate(() => window.__lmsLog);
// ends the session as a learner does: the LMS page leaves the activity
/** @param {import('playwright-core').Page} page */
async function leave(page) {
  await page.evaluate(() => { /** @type {HTMLIFrameElement} */ (document.getElementById('sco')).src = 'about:blank'; });
  await page.waitForFunction(() => window.__lmsLog.some((/** @type {string[]} */ e) => e[0] === 'LMSFinish'), null, { timeout: LIMIT });
}
// the data an LMS keeps for the next session of the same learner
/** @param {any} cmi the cmi data of the session before @param {object} [extra] more of cmi.core */
const resumeData = (cmi, extra) => ({
  core: { entry: 'resume', lesson_status: cmi.core.lesson_status, lesson_location: cmi.core.lesson_location, ...extra },
  suspend_data: cmi.suspend_data,
});


test('the package: a SCORM 1.2 manifest listing every file, the site and the lesson', { timeout: LIMIT }, () => {
  const files = lessonFiles;
  const man = entry(files, 'imsmanifest.xml').toString('utf8');
  assert.match(man, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(man, /adlcp:scormtype="sco" href="index.html"/);
  assert.match(man, /<title>PONG &amp; the order &lt;of&gt; play<\/title>/);
  const listed = [...man.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  assert.deepEqual(new Set(listed), new Set([...files.keys()].filter((n) => n !== 'imsmanifest.xml')));
  for (const need of ['index.html', entryOf(DIST_DIR), 'deckscope-view.wasm', 'samples/index.json', 'scorm-activity.json']) {
    assert.ok(files.has(need), need);
  }
  // every file of the built site, byte for byte
  assert.deepEqual(files.get('deckscope-view.wasm'), readFileSync(path.join(DIST_DIR, 'deckscope-view.wasm')));
  const act = JSON.parse(entry(files, 'scorm-activity.json').toString('utf8'));
  assert.equal(act.kind, 'lesson');
  assert.deepEqual(act.lesson.notes.map((/** @type {DeckscopeLessonNote} */ n) => n.step), [10, 30, 60]);
  // a bad lesson is refused with the lesson's own message, no zip
  const bad = path.join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ ...LESSON, notes: [{ step: -1, text: 'x' }] }));
  assert.throws(() => execFileSync(process.execPath, [path.join(REPO, 'scripts/scorm.mjs'), '--site', DIST_DIR, '--out', path.join(dir, 'bad.zip'), '--lesson', bad], { stdio: 'pipe' }),
    (e) => /cannot be opened/.test(String(/** @type {{stderr?: Buffer}} */ (e).stderr)));
  // an assignment: its pass mark is the LMS's mastery score; a damaged code is refused
  const asg = makePackage('pkg-mastery', ['--assignment', 'Q.cirno.s1.n3.p70']);
  assert.match(entry(asg, 'imsmanifest.xml').toString('utf8'), /<adlcp:masteryscore>70<\/adlcp:masteryscore>/);
  assert.equal(JSON.parse(entry(asg, 'scorm-activity.json').toString('utf8')).assignment, 'Q.cirno.s1.n3.p70');
  assert.throws(() => execFileSync(process.execPath, [path.join(REPO, 'scripts/scorm.mjs'), '--site', DIST_DIR, '--out', path.join(dir, 'bad.zip'), '--assignment', 'Q.nogame.s1.n3'], { stdio: 'pipe' }),
    (e) => /cannot be opened/.test(String(/** @type {{stderr?: Buffer}} */ (e).stderr)));
});

test('a lesson in the LMS: incomplete, completed after every note, location and suspend data; resume', { timeout: LIMIT }, async () => {
  const { page, frame } = await openLms('pkg', null);
  assert.equal(await frame.evaluate(() => window.deckscope.scorm.connected), true, 'the page found window.API in its parent');
  assert.equal(await frame.evaluate(() => window.deckscope.game), 'mahjong');
  let cmi = await cmiOf(page);
  assert.equal(cmi.core.lesson_status, 'incomplete');
  // two of three notes: still incomplete; the place is saved
  for (const s of [10, 30, 40]) await seek(frame, s);
  await page.waitForFunction(() => /** @type {TestLmsAPI} */ (window.API).cmi.core.lesson_location === 'step=40', null, { timeout: LIMIT });
  cmi = await cmiOf(page);
  assert.equal(cmi.core.lesson_status, 'incomplete');
  assert.equal(JSON.parse(cmi.suspend_data).step, 40);
  assert.ok((await logOf(page)).some((e) => e[0] === 'LMSCommit'), 'committed');
  await leave(page);
  cmi = await cmiOf(page);
  assert.equal(cmi.core.exit, 'suspend', 'not done: the learner comes back');
  assert.match(cmi.core.session_time, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();

  // the next session: back at step 40, two notes seen; the third completes it
  const s2 = await openLms('pkg', resumeData(cmi));
  assert.equal(await s2.frame.evaluate(() => window.deckscope.step), 40, 'resumed where the learner was');
  assert.deepEqual(await s2.frame.evaluate(() => window.deckscope.scorm.restored.seen), ['@10', '@30']);
  assert.equal((await cmiOf(s2.page)).core.lesson_status, 'incomplete');
  await seek(s2.frame, 60);
  await s2.page.waitForFunction(() => /** @type {TestLmsAPI} */ (window.API).cmi.core.lesson_status === 'completed', null, { timeout: LIMIT });
  await leave(s2.page);
  cmi = await cmiOf(s2.page);
  assert.equal(cmi.core.lesson_status, 'completed');
  assert.equal(cmi.core.exit, '', 'done: a normal exit');
  assert.deepEqual(s2.page.problems, []);
  assert.deepEqual(await s2.page.evaluate(() => window.__lmsLog.filter((/** @type {string[]} */ e) => e[0] === 'LMSInitialize').length), 1);
  await s2.page.closeAll();
});

test('an assignment in the LMS: play a seat, score.raw and passed/failed; suspend mid-game and resume', { timeout: LIMIT }, async () => {
  makePackage('pkg-play', ['--assignment', 'https://example.org/#game=cirno&sample=1&assign=P.cirno.s1.t1.p50']);
  const { page, frame } = await openLms('pkg-play', { student_data: { mastery_score: '90' } });
  await frame.click('#assign-start');
  await frame.waitForFunction(() => window.deckscope.pending, null, { timeout: LIMIT });
  // two moves: the first another card than the rule's, the second the rule's
  const p0 = await frame.evaluate(() => window.deckscope.pending);
  assert.ok(p0, 'a decision is pending');
  const other = p0.labels.find((/** @type {string} */ l) => l !== p0.chosen);
  assert.ok(other, 'the first decision has a choice');
  let p = await frame.evaluate((l) => window.deckscope.choose(l), other);
  assert.ok(p, 'a second decision is pending');
  p = await frame.evaluate((l) => window.deckscope.choose(l), p.chosen);
  assert.ok(p, 'a third decision is pending');
  const at = p.i;
  await page.waitForFunction((i) => { const s = /** @type {TestLmsAPI} */ (window.API).cmi.suspend_data; return s && JSON.parse(s).work && JSON.parse(s).work.at === i; }, at, { timeout: LIMIT });
  const variation = await frame.evaluate(() => window.deckscope.variation);
  await leave(page);
  let cmi = await cmiOf(page);
  assert.equal(cmi.core.lesson_status, 'incomplete');
  assert.equal(cmi.core.exit, 'suspend');
  await page.closeAll();

  // resume: the same game at the same decision, the same variation
  const s2 = await openLms('pkg-play', { ...resumeData(cmi), student_data: { mastery_score: '90' } });
  await s2.frame.waitForFunction((i) => window.deckscope.pending && window.deckscope.pending.i === i, at, { timeout: LIMIT });
  assert.deepEqual(await s2.frame.evaluate(() => window.deckscope.variation), variation);
  // play on with the rule's moves to the end
  p = await s2.frame.evaluate(() => window.deckscope.pending);
  while (p) p = await s2.frame.evaluate((l) => window.deckscope.choose(l), p.chosen);
  await s2.page.waitForFunction(() => /^(passed|failed)$/.test(/** @type {TestLmsAPI} */ (window.API).cmi.core.lesson_status), null, { timeout: LIMIT });
  const r = await s2.frame.evaluate(() => window.deckscope.assign.result);
  const sum = await s2.frame.evaluate(() => window.deckscope.summary());
  assert.ok(sum, 'the game is over: a summary');
  assert.equal(r.score, Math.round(100 * sum.matched / sum.moves));
  assert.ok(r.score < 100 && r.score > 0, `one move of ${sum.moves} differed: ${r.score}`);
  cmi = await cmiOf(s2.page);
  assert.equal(Number(cmi.core.score.raw), r.score);
  assert.equal(cmi.core.score.max, '100');
  // the LMS's mastery score (90) rules over the assignment's pass mark (50)
  assert.equal(cmi.core.lesson_status, r.score >= 90 ? 'passed' : 'failed');
  await leave(s2.page);
  assert.equal((await cmiOf(s2.page)).core.exit, '');
  assert.deepEqual(s2.page.problems, []);
  await s2.page.closeAll();
});

test('a quiz assignment in the LMS: score.raw of the answers, passed with the pass mark', { timeout: LIMIT }, async () => {
  makePackage('pkg-quiz', ['--assignment', 'Q.thegame.s1.n2.p50']);
  const { page, frame } = await openLms('pkg-quiz', null);
  await frame.click('#assign-start');
  const answered = [];
  for (let k = 0; k < 2; k++) {
    await frame.waitForFunction(() => { const c = window.deckscope.quiz.current; return c && !c.answered; }, null, { timeout: LIMIT });
    // the first answer right? unknown before answering: answer option 0, then the quiz says
    await frame.evaluate(() => window.deckscope.quiz.answer(0));
    answered.push(await frame.evaluate(() => window.deckscope.quiz.current.correct === 0));
    if (k === 0) await frame.evaluate(() => window.deckscope.quiz.next());
  }
  const right = answered.filter(Boolean).length;
  await page.waitForFunction(() => /^(passed|failed)$/.test(/** @type {TestLmsAPI} */ (window.API).cmi.core.lesson_status), null, { timeout: LIMIT });
  const cmi = await cmiOf(page);
  assert.equal(Number(cmi.core.score.raw), Math.round(100 * right / 2));
  assert.equal(cmi.core.lesson_status, right >= 1 ? 'passed' : 'failed');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('without an LMS the package is the normal page', { timeout: LIMIT }, async () => {
  const page = await openPage(browser);
  await page.goto(`${server.url}pkg/index.html#game=cirno&sample=1`);
  await page.waitForFunction(() => window.deckscope && window.deckscope.state === 'running' && window.deckscope.steps > 0, null, { timeout: LIMIT });
  assert.equal(await page.evaluate(() => window.deckscope.scorm.connected), false);
  assert.equal(await page.evaluate(() => document.body.dataset.lms), undefined);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// The page's entry module in a built site's index.html (main.js, or the
// bundle main.<hash>.js in build/dist).
/** @param {string} site */
function entryOf(site) {
  const m = /<script type="module" src="([^"]+)"><\/script>/.exec(readFileSync(path.join(site, 'index.html'), 'utf8'));
  assert.ok(m, `${site}/index.html loads a module`);
  return m[1];
}

for (const [kind, SITE, scripts] of /** @type {[string, string, string[]][]} */ ([
  ['the shipped site', DIST_DIR, [entryOf(DIST_DIR)]],
  ['the module files', SITE_DIR, ['main.js', 'features/scorm.js', 'app.js']]])) {
test(`"Download for LMS" in the page (${kind}): the zip of the site and the lesson shown, the title as typed; it runs in the LMS`, { timeout: LIMIT }, async () => {
  const site = await startStaticServer(SITE);
  const page = await openPage(browser, { acceptDownloads: true });
  try {
    await page.goto(`${site.url}#game=thegame&sample=1&step=5&lang=en`);
    await page.waitForFunction(() => window.deckscope && window.deckscope.steps > 0 && window.deckscope.addNote, null, { timeout: LIMIT });
    await page.evaluate(() => { window.deckscope.addNote(3, 'a note'); window.deckscope.addNote(8, 'another'); });
    await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('scorm-download')).click());
    await page.waitForSelector('#scorm-dialog[open]');
    await page.fill('#scorm-title', 'Typed after opening');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#scorm-save')]);
    assert.equal(dl.suggestedFilename(), 'Typed-after-opening.scorm.zip');
    await page.waitForFunction(() => /Saved/.test(/** @type {HTMLElement} */ (document.getElementById('scorm-status')).textContent));
    const files = unzip(readFileSync(await dl.path()));
    const man = entry(files, 'imsmanifest.xml').toString('utf8');
    assert.match(man, /<title>Typed after opening<\/title>/);
    const listed = [...man.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]);
    assert.deepEqual(new Set(listed), new Set([...files.keys()].filter((n) => n !== 'imsmanifest.xml')));
    for (const n of ['index.html', ...scripts, 'style.css', 'deckscope-view.wasm', 'samples/thegame-1.in']) {
      assert.ok(files.has(n), n);
      assert.deepEqual(files.get(n), readFileSync(path.join(SITE, n)), n);
    }
    const act = JSON.parse(entry(files, 'scorm-activity.json').toString('utf8'));
    assert.equal(act.lesson.title, 'Typed after opening');
    assert.deepEqual(act.lesson.notes.map((/** @type {DeckscopeLessonNote} */ n) => n.step), [3, 8]);
    // imported into the LMS: the lesson opens and reports
    for (const [n, data] of files) {
      const f = path.join(dir, 'pkg-page-' + scripts.length, n);
      mkdirSync(path.dirname(f), { recursive: true });
      writeFileSync(f, data);
    }
    const s = await openLms('pkg-page-' + scripts.length, null);
    assert.equal(await s.frame.evaluate(() => window.deckscope.game), 'thegame');
    assert.deepEqual(await s.frame.evaluate(() => window.deckscope.notes.map((/** @type {DeckscopeNote} */ n) => n.step)), [3, 8]);
    await seek(s.frame, 3);
    await seek(s.frame, 8);
    await s.page.waitForFunction(() => /** @type {TestLmsAPI} */ (window.API).cmi.core.lesson_status === 'completed', null, { timeout: LIMIT });
    assert.deepEqual(s.page.problems, []);
    await s.page.closeAll();
    assert.deepEqual(page.problems, []);
  } finally {
    await page.closeAll();
    await site.close();
  }
});
}
