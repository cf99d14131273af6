// site.test.mjs - the site where it is hosted: served under a sub-path (as
// GitHub Pages serves a project site, https://<user>.github.io/<repo>/) every
// game loads in the page and in embed.html with no request outside that path;
// the sample picker lists every sample of assets/samples; the script and the
// module carry the build's version; the title says the game; the Open Graph
// tags and the <noscript> line are there; the Share dialog warns that links
// to 127.0.0.1 work for nobody else; a partial build with no samples/ falls
// back to seed 1 instead of spinning. Also takes the README's screenshot.
// The site is the one that ships (`make web`: build/dist, each page's modules
// bundled into one by scripts/site-bundle.mjs); the other browser tests load
// build/site, the same page as module files.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DIST_DIR, LIMIT, artifact, loadView, openPage, startBrowser } from './harness.mjs';
import { GAMES, cli, samplesOf, uiSettled } from './page-helpers.mjs';

const PREFIX = '/deckscope-sub/path/';
/** @type {import('./harness.mjs').Env} */
let env;
before(async () => {
  assert.ok(existsSync(path.join(DIST_DIR, 'index.html')), `no site in ${DIST_DIR}: make dist (make test does)`);
  env = await startBrowser({ prefix: PREFIX }, DIST_DIR);
});

test('the shipped site is one module per page: no module file of web/shell is left', () => {
  for (const [page, entry] of [['index.html', 'main'], ['embed.html', 'embed-main']]) {
    const html = readFileSync(path.join(DIST_DIR, page), 'utf8');
    const m = new RegExp(`<script type="module" src="(${entry}\\.[A-Z0-9]+\\.js)"></script>`).exec(html);
    assert.ok(m && existsSync(path.join(DIST_DIR, m[1])), `${page} loads its bundle (${m && m[1]})`);
  }
  const js = readdirSync(DIST_DIR, { recursive: true }).map(String).filter((f) => f.endsWith('.js') && !/^(main|embed-main)\.[A-Z0-9]+\.js$/.test(f));
  assert.deepEqual(js.sort(), ['deckscope-view.js', path.join('ui', 'theme.js')].sort(), 'only the wasm loader and the theme script besides the bundles');
});
after(async () => { if (env) await env.close(); });

// Every request a page makes, to check that none leaves the sub-path.
/** @param {import('playwright-core').Page} page */
function recordRequests(page) {
  /** @type {string[]} */
  const urls = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}
/** @type {(urls: string[], base: string) => string[]} */
const outside = (urls, base) => urls.filter((u) => !u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:'));

test('under a sub-path: every game loads in the page, with every sample listed', { timeout: LIMIT }, async (t) => {
  assert.ok(env.url.endsWith(PREFIX), env.url);
  const page = await openPage(env.browser);
  const urls = recordRequests(page);
  await loadView(page, env.url);
  for (const game of GAMES) {
    await page.evaluate((g) => { location.hash = `game=${g}&sample=1`; }, game);
    await page.waitForFunction((g) => window.deckscope.game === g && window.deckscope.steps > 0 && !window.deckscope.busy,
      game, { timeout: LIMIT });
    await uiSettled(page);
    assert.equal(await page.title(), `deckscope · ${game}`, 'the title says the game');
    const options = await page.$$eval('#sample option:not([value=custom])', (os) => os.map((o) => o.textContent));
    assert.equal(options.length, samplesOf(game), `${game}: the picker lists every sample (${options.join(', ')})`);
  }
  assert.deepEqual(outside(urls, env.url), [], 'no request outside the sub-path');
  assert.deepEqual(page.problems, []);
  // The README's picture: the page at a laptop size, a game in progress.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(async () => {
    await window.deckscope.load({ game: 'mahjong', sample: 1 });
    window.deckscope.seek(60, false);
  });
  await page.waitForFunction(() => window.deckscope.game === 'mahjong' && window.deckscope.step === 60,
    null, { timeout: LIMIT });
  await uiSettled(page);
  await page.screenshot({ path: artifact('site-page.png') });
  t.diagnostic(`screenshot: ${artifact('site-page.png')}`);
  await page.closeAll();
});

test('under a sub-path: embed.html loads every game', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser, { viewport: { width: 640, height: 400 } });
  const urls = recordRequests(page);
  for (const game of GAMES) {
    await page.goto(`${env.url}embed.html#game=${game}&sample=1&step=2`);
    await page.waitForFunction((g) => window.deckscope && window.deckscope.game === g && window.deckscope.steps > 0,
      game, { timeout: LIMIT });
  }
  assert.deepEqual(outside(urls, env.url), [], 'no request outside the sub-path');
  // (a navigation to the next embed may cancel the previous one's favicon)
  assert.deepEqual(page.problems.filter((p) => !/favicon\.svg \(net::ERR_ABORTED\)/.test(p)), []);
  await page.closeAll();
});

test('the script and the module carry the version of the build', { timeout: LIMIT }, async () => {
  const page = await openPage(env.browser);
  const urls = recordRequests(page);
  await loadView(page, env.url);
  const js = urls.find((u) => /deckscope-view\.js/.test(u));
  const wasm = urls.find((u) => /deckscope-view\.wasm/.test(u));
  const v = /\?v=([0-9a-f]{12})$/.exec(js || '');
  assert.ok(v, `deckscope-view.js is versioned: ${js}`);
  assert.ok(wasm && wasm.endsWith(`?v=${v[1]}`), `deckscope-view.wasm has the same version: ${wasm}`);
  const embed = readFileSync(path.join(DIST_DIR, 'embed.html'), 'utf8');
  assert.ok(embed.includes(`deckscope-view.js?v=${v[1]}`), 'embed.html loads the same version');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the page where it is hosted: Open Graph, noscript, the Share warning on localhost', { timeout: LIMIT }, async () => {
  const html = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  assert.ok(!html.includes('%SITE_URL%'), 'the site build fills in %SITE_URL%');
  assert.doesNotMatch(html, /\s(src|href)="\//, 'no absolute /... URLs in the page');
  const page = await openPage(env.browser);
  await loadView(page, env.url);
  const og = await page.$$eval('meta[property^="og:"]', (ms) => Object.fromEntries(ms.map((m) => [m.getAttribute('property'), /** @type {HTMLMetaElement} */ (m).content])));
  for (const k of ['og:title', 'og:description', 'og:image']) assert.ok(og[k], `${k} is set`);
  const img = await page.request.get(new URL(og['og:image'], env.url).href);
  assert.equal(img.status(), 200, 'the Open Graph picture is served');
  assert.equal(img.headers()['content-type'], 'image/png');
  assert.match(await page.$eval('noscript', (n) => n.textContent), /JavaScript/);
  await page.click('#teach-share');
  const note = page.locator('#teach-local-host');
  assert.equal(await note.isVisible(), true, 'the Share dialog warns on 127.0.0.1');
  assert.match(String(await note.textContent()), /127\.0\.0\.1.*only here.*HOST=0\.0\.0\.0/s);
  await page.evaluate(() => window.deckscope.setLang('zh'));
  assert.match(String(await note.textContent()), /只在本机有效/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a partial build with no samples/ falls back to seed 1, page and embed', { timeout: LIMIT }, async () => {
  const partial = await startBrowser({ hide: (rel) => rel.startsWith('/samples/') }, DIST_DIR);
  try {
    const page = await openPage(partial.browser);
    await loadView(page, partial.url + '#game=thegame&sample=1');
    await page.waitForFunction(() => window.deckscope.game === 'thegame' && window.deckscope.steps > 0, null, { timeout: LIMIT });
    assert.deepEqual(await page.evaluate(() => window.deckscope.source), { seed: 1 });
    assert.equal(await page.locator('#stage').getAttribute('data-state'), 'running');
    assert.equal(await page.inputValue('#input'), cli(['gen', 'thegame', '--seed', '1']));
    // The only problems are the missing samples themselves.
    const missing = (/** @type {string} */ p) => /HTTP 404: .*\/samples\//.test(p) || /Failed to load resource: .* 404/.test(p);
    assert.deepEqual(page.problems.filter((p) => !missing(p)), []);
    const embed = await openPage(partial.browser);
    await embed.goto(partial.url + 'embed.html#game=cirno&sample=1');
    await embed.waitForFunction(() => window.deckscope && window.deckscope.game === 'cirno' && window.deckscope.steps > 0, null, { timeout: LIMIT });
    assert.deepEqual(embed.problems.filter((p) => !missing(p)), []);
    await page.closeAll();
    await embed.closeAll();
  } finally {
    await partial.close();
  }
});
