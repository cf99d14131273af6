// csp.test.mjs - the Content-Security-Policy (issue 17, docs/security.md):
// index.html and embed.html of the built site carry the strict policy in a
// <meta> and nothing inline that it would block; the page, driven through
// every game, the DP view, the dialogs, the teaching tools and both themes,
// and embed.html, cause no securitypolicyviolation; a script or style
// injected into the page IS blocked (the policy is enforced and the watcher
// sees it); the one-file offline page carries a policy with the SHA-256 of
// each of its inline scripts and styles, runs under it from file://, and
// blocks anything else. Trusted Types (issue 25): every page requires them
// for scripts (`require-trusted-types-for 'script'`) and allows one policy,
// the page's own `deckscope` (web/shell/core/trusted.js); a string given to a
// script or HTML sink is refused and reported, and the page itself, the
// embed (its quiz loaded on demand), a lesson and the offline page cause no
// such violation (the watcher reports them as any other).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ARTIFACTS, LIMIT, SITE_DIR, artifact, loadView, openPage, settle, startBrowser, watchCsp } from './harness.mjs';
import { GAMES } from './page-helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
/** @type {import('./harness.mjs').Env} */
let env;
before(async () => { env = await startBrowser(); });
after(async () => { if (env) await env.close(); });

// The policy of a page's <meta>, as a Map directive -> [sources].
/** @param {string} html @returns {Map<string, string[]>} */
function metaPolicy(html) {
  const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
  assert.equal(metas.length, 1, 'exactly one Content-Security-Policy <meta>');
  const head = html.slice(0, html.search(/<\/head>/i));
  assert.ok(head.includes(metas[0][0]), 'the policy is in <head>');
  const firstScript = html.search(/<script\b/i);
  assert.ok(firstScript < 0 || metas[0].index < firstScript, 'the policy comes before the first script');
  return new Map(metas[0][1].split(';').map((d) => d.trim()).filter(Boolean)
    .map((d) => { const [name, ...src] = d.split(/\s+/); return /** @type {[string, string[]]} */ ([name, src]); }));
}
// Trusted Types: required for every script sink, one policy allowed, the
// page's own (trusted.js), created once.
/** @param {Map<string, string[]>} p */
function trustedTypes(p) {
  assert.deepEqual(p.get('require-trusted-types-for'), ["'script'"], 'Trusted Types required for script sinks');
  assert.deepEqual(p.get('trusted-types'), ['deckscope'], "one policy, the page's own (trusted.js), no duplicate");
}
// Markup with the scripts' and styles' text removed (attributes only).
/** @param {string} html */
const markup = (html) => html.replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1>/gi, '<$1$2></$1>');

for (const page of ['index.html', 'embed.html']) {
  test(`${page}: the strict policy, and nothing inline it would block`, () => {
    const html = readFileSync(path.join(SITE_DIR, page), 'utf8');
    const p = metaPolicy(html);
    assert.deepEqual(p.get('default-src'), ["'self'"]);
    assert.deepEqual(p.get('script-src'), ["'self'", "'wasm-unsafe-eval'"], 'scripts from the site only, no inline, no eval');
    assert.deepEqual(p.get('style-src'), ["'self'"], 'styles from the site only');
    for (const d of ['img-src', 'media-src']) assert.deepEqual(p.get(d), ["'self'", 'data:', 'blob:'], d);
    assert.deepEqual(p.get('object-src'), ["'none'"]);
    assert.deepEqual(p.get('base-uri'), ["'none'"]);
    trustedTypes(p);
    for (const [d, src] of p) {
      assert.ok(!src.includes("'unsafe-inline'") && !src.includes("'unsafe-eval'") && !src.includes('*'), `${d}: ${src.join(' ')}`);
    }
    const m = markup(html);
    assert.deepEqual([...m.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/gi)].map((x) => x[0]), [], 'no inline script');
    assert.deepEqual([...m.matchAll(/<style\b[^>]*>/gi)].map((x) => x[0]), [], 'no <style>');
    assert.deepEqual([...m.matchAll(/\s(on[a-z]+|style)\s*=\s*"[^"]*"/gi)].map((x) => x[0]), [], 'no event handler or style attribute');
    assert.doesNotMatch(m, /javascript:/i, 'no javascript: URL');
  });
}

// Opens every dialog and tool the page has, in turn, and closes it again.
/** @param {import('playwright-core').Page} page */
async function exercise(page) {
  /** @type {string[]} */
  const dialogs = [];
  await page.click('#help-open');
  await page.waitForSelector('#help[open]');
  await page.keyboard.press('Escape');
  await page.click('#legend-open');
  await page.waitForSelector('#legend[open]');
  dialogs.push('help', 'legend');
  await page.keyboard.press('Escape');
  // The teaching tools (share, check, export, quiz, play, ...): each button
  // once; a dialog it opens is closed with Escape, a toggle is toggled back.
  const ids = await page.$$eval('#teach-tools button[id]', (bs) => bs.map((b) => b.id));
  for (const id of ids) {
    if (!await page.locator('#' + id).isEnabled()) continue;
    await page.evaluate((i) => /** @type {HTMLElement} */ (document.getElementById(i)).click(), id);
    await settle(page);
    const open = await page.$$eval('dialog[open]', (ds) => ds.map((d) => d.id || d.className));
    if (open.length) { dialogs.push(...open); await page.keyboard.press('Escape'); }
    if (await page.getAttribute('#' + id, 'aria-pressed') === 'true') {
      await page.evaluate((i) => /** @type {HTMLElement} */ (document.getElementById(i)).click(), id);
    }
    await settle(page);
  }
  // The DP view, where the game has one.
  if (await page.locator('#dp').isEnabled()) {
    await page.click('#dp');
    await page.waitForSelector('#dp-panel:not([hidden])', { timeout: LIMIT });
    await settle(page);
    await page.click('#dp');
  }
  return { dialogs, tools: ids };
}

test('index.html: every game, the DP view, the dialogs and tools, both themes and languages: no violation',
  { timeout: LIMIT }, async (t) => {
    const page = await openPage(env.browser);
    for (const [i, game] of GAMES.entries()) {
      const theme = i % 2 ? 'dark' : 'light';
      const lang = i < 2 ? 'en' : 'zh';
      await page.goto('about:blank');
      await loadView(page, `${env.url}#game=${game}&sample=1&step=3&lang=${lang}`);
      await page.selectOption('#theme', theme);
      await page.waitForFunction((g) => window.deckscope.game === g && window.deckscope.steps > 0, game, { timeout: LIMIT });
      await page.evaluate(() => window.deckscope.seek(window.deckscope.steps, false));
      const seen = await exercise(page);
      t.diagnostic(`${game} (${theme}, ${lang}): opened ${seen.dialogs.join(', ')}; tools ${seen.tools.join(', ')}`);
      assert.deepEqual(page.problems, [], `${game}: no CSP violation nor any other problem`);
    }
    await page.screenshot({ path: artifact('csp-index.png') });
    await page.closeAll();
  });

test('embed.html, every game and the DP view: no violation', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 640, height: 420 } });
  for (const game of GAMES) {
    for (const extra of ['', game === 'mahjong' || game === 'goudan' ? '&view=dp' : null].filter((x) => x !== null)) {
      await page.goto('about:blank');
      await page.goto(`${env.url}embed.html#game=${game}&sample=1&step=2&controls=full${extra}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.deckscope && window.deckscope.steps > 0, null, { timeout: LIMIT });
      await page.click('#e-forward');
      await page.click('#e-play');
      // it plays (the button shows the pause icon), or has already reached the end
      await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('e-play')).getAttribute('aria-pressed') === 'true'
        || window.deckscope.step >= window.deckscope.steps - 1, null, { timeout: LIMIT });
      await page.click('#e-play');
    }
  }
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// What is loaded on demand: the embed's quiz (embed.js imports quiz.js) and a
// lesson, in the page (the shipped one, toured) and in embed.html (lesson_url=)
// (one page, each URL a new document: no about:blank between, whose fetch of
// the last page's favicon from a null origin fails now and then).
test('a lesson in the page and in embed.html, and the embed\'s quiz: no violation', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  await loadView(page, `${env.url}?lesson=cirno#lang=en`);
  await page.waitForFunction(() => window.deckscope.allNotes && window.deckscope.allNotes.length > 0, null, { timeout: LIMIT });
  await page.evaluate(() => window.deckscope.tour && window.deckscope.tour.next && window.deckscope.tour.next());
  await page.goto(`${env.url}embed.html?lesson_url=lessons/mahjong.en.json`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.deckscope.notes && window.deckscope.notes.length > 0 && window.deckscope.steps > 0, null, { timeout: LIMIT });
  for (const url of ['embed.html#game=thegame&sample=1&quiz=1', 'embed.html?quiz=1#game=cirno&sample=1']) {
    await page.goto(env.url + url, { waitUntil: 'load' });
    // (or a violation: the blocked quiz.js would never start)
    await page.waitForFunction(() => window.__dsCspViolations > 0 || (window.deckscope.quiz && window.deckscope.quiz.active && window.deckscope.quiz.current),
      null, { timeout: LIMIT });
  }
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the policy is enforced: an injected inline script and style are blocked and reported', { timeout: LIMIT }, async () => {
  for (const url of [env.url, env.url + 'embed.html#game=cirno&sample=1']) {
    const page = await openPage(env.browser);
    await loadView(page, url);
    const ran = await page.evaluate(async () => {
      // resolves when each kind of violation below has been reported
      const want = ['require-trusted-types-for', 'trusted-types', 'script-src', 'style-src'];
      const seen = new Set();
      const reported = new Promise((res) => document.addEventListener('securitypolicyviolation', (e) => {
        seen.add(want.find((d) => e.effectiveDirective.startsWith(d)));
        if (want.every((d) => seen.has(d))) res(undefined);
      }));
      // An inline script: its text is refused by Trusted Types (a string in
      // a script sink)
      const s = document.createElement('script');
      let scriptText = 'taken';
      try { s.textContent = 'window.__injected = 1'; } catch (e) { scriptText = e instanceof TypeError ? 'refused' : String(e); }
      document.head.append(s);
      // (a handler attribute is a script sink too); a script from elsewhere, by script-src
      const handler = (() => { try { document.createElement('button').setAttribute('onclick', 'window.__injected = 2'); return 'taken'; } catch (e) { return e instanceof TypeError ? 'refused' : String(e); } })();
      const injected = 'data:text/javascript,window.__injected=3'; // (a variable: the checker resolves no data: module)
      const imported = await import(injected).then(() => 'ran', () => 'blocked');
      const st = document.createElement('style');
      st.textContent = 'body { outline: 7px solid red }';
      document.head.append(st);
      const refused = (/** @type {() => unknown} */ f) => { try { f(); return false; } catch (e) { return e instanceof TypeError; } };
      return {
        scriptText, handler, imported, script: window.__injected !== undefined, style: getComputedStyle(document.body).outlineWidth === '7px',
        // Trusted Types: a string in an HTML or script-URL sink is refused,
        // no other policy can be made, and the page's own makes no URL but its own scripts
        html: refused(() => { document.createElement('div').innerHTML = '<img src=x>'; }),
        scriptUrl: refused(() => { document.createElement('script').src = 'data:text/javascript,1'; }),
        otherPolicy: refused(() => window.trustedTypes.createPolicy('other', { createHTML: (x) => x })),
        ownPolicyAgain: refused(() => window.trustedTypes.createPolicy('deckscope', {})),
        foreignUrl: refused(() => window.deckscopeTrusted.scriptURL('https://example.invalid/x.js')),
        ownUrl: window.deckscopeTrusted.scriptURL('quiz.js') instanceof TrustedScriptURL,
        reported: await reported.then(() => true),
      };
    });
    assert.deepEqual(ran, { scriptText: 'refused', handler: 'refused', imported: 'blocked', script: false, style: false, html: true, scriptUrl: true, otherPolicy: true,
                            ownPolicyAgain: true, foreignUrl: true, ownUrl: true, reported: true },
      `${url}: neither ran; Trusted Types refused the strings and any other policy`);
    assert.ok(page.problems.some((p) => /CSP violation: require-trusted-types-for/.test(p)), `${url}: the sink's violation is reported: ${page.problems}`);
    assert.ok(page.problems.some((p) => /CSP violation: trusted-types/.test(p)), `${url}: the other policy's violation is reported`);
    assert.ok(page.problems.some((p) => /CSP violation: script-src/.test(p)), `${url}: the import's violation is reported: ${page.problems}`);
    assert.ok(page.problems.some((p) => /CSP violation: style-src/.test(p)), `${url}: the style's violation is reported`);
    await page.closeAll();
  }
});

// ---- the one-file offline page -------------------------------------------------
// DS_OFFLINE_HTML: a page `make offline` has built; otherwise the script runs
// here (as teach_offline.test.mjs does).
function offlinePage() {
  const given = process.env.DS_OFFLINE_HTML;
  if (given && existsSync(given)) return given;
  const out = path.join(ARTIFACTS, 'deckscope-csp.html');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'offline.mjs'), '--out', out],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
  return out;
}

test('offline page: a policy with the hash of every inline script and style; runs under it; blocks the rest',
  { timeout: LIMIT }, async (t) => {
    const built = offlinePage();
    const html = readFileSync(built, 'utf8');
    const p = metaPolicy(html);
    const hash = (/** @type {string} */ s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    // theme.js, Emscripten's glue, the page's modules bundled in one script (scripts/offline.mjs), the files' shim
    assert.ok(scripts.length >= 4, `the scripts are inline (${scripts.length})`);
    assert.ok(scripts.every((m) => !/\bsrc=/.test(m[1])), 'no script from a file');
    const want = new Set(scripts.map((m) => hash(m[2])));
    assert.deepEqual(new Set((p.get('script-src') || []).filter((s) => s.startsWith("'sha256-"))), want, 'one hash per inline script, no other');
    assert.ok((p.get('script-src') || []).includes("'wasm-unsafe-eval'"));
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => hash(m[1]));
    assert.ok(styles.length >= 1);
    assert.deepEqual(new Set(p.get('style-src')), new Set(styles), 'one hash per inline style, no other');
    assert.deepEqual(p.get('default-src'), ["'none'"]);
    assert.equal(p.get('connect-src'), undefined, "no fetch() at all (default-src 'none'): the WebAssembly is inlined as bytes");
    assert.deepEqual(p.get('object-src'), ["'none'"]);
    assert.deepEqual(p.get('base-uri'), ["'none'"]);
    trustedTypes(p);
    assert.deepEqual([...markup(html).matchAll(/\s(on[a-z]+|style)\s*=\s*"[^"]*"/gi)].map((x) => x[0]), []);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'deckscope-csp-'));
    const alone = path.join(dir, 'deckscope.html');
    copyFileSync(built, alone);
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 800 } });
    /** @type {string[]} */
    const problems = [];
    await watchCsp(context, (text) => problems.push(text));
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') problems.push('console.error: ' + m.text()); });
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    await page.goto(pathToFileURL(alone).href + '#game=mahjong&sample=1&step=5', { waitUntil: 'load' });
    await page.evaluate(() => window.deckscope.ready);
    await page.waitForFunction(() => window.deckscope.steps > 0 && window.deckscope.step === 5, null, { timeout: LIMIT });
        const seen = await exercise(page);
    t.diagnostic(`offline: opened ${seen.dialogs.join(', ')}`);
    await page.selectOption('#game', 'goudan');
    await page.waitForFunction(() => window.deckscope.game === 'goudan' && window.deckscope.steps > 0, null, { timeout: LIMIT });
    await page.selectOption('#theme', 'dark');
    assert.deepEqual(problems, [], 'no violation nor error from file://');
    const ran = await page.evaluate(async () => {
      const want = ['require-trusted-types-for', 'script-src'];
      const seen = new Set();
      const reported = new Promise((res) => document.addEventListener('securitypolicyviolation', (e) => {
        seen.add(want.find((d) => e.effectiveDirective.startsWith(d)));
        if (want.every((d) => seen.has(d))) res(undefined);
      }));
      const s = document.createElement('script');
      let scriptText = 'taken';
      try { s.textContent = 'window.__injected = 1'; } catch (e) { scriptText = e instanceof TypeError ? 'refused' : String(e); }
      document.head.append(s);
      // (a handler attribute is a script sink too); a script from elsewhere, by script-src
      const handler = (() => { try { document.createElement('button').setAttribute('onclick', 'window.__injected = 2'); return 'taken'; } catch (e) { return e instanceof TypeError ? 'refused' : String(e); } })();
      const injected = 'data:text/javascript,window.__injected=3'; // (a variable: the checker resolves no data: module)
      const imported = await import(injected).then(() => 'ran', () => 'blocked');
      await reported;
      return { scriptText, handler, imported, ran: window.__injected !== undefined };
    });
    assert.deepEqual(ran, { scriptText: 'refused', handler: 'refused', imported: 'blocked', ran: false },
      'an injected script does not run: its text and a handler are refused (Trusted Types), a script from elsewhere blocked');
    assert.ok(problems.some((x) => /CSP violation: require-trusted-types-for/.test(x)), 'the string in the script sink is reported');
    assert.ok(problems.some((x) => /CSP violation: script-src/.test(x)), 'and the import\'s violation');
    await context.close();
  });
