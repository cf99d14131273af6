// bench/web-modules.mjs - first frame of the page, paired (issue 22): sites
// given as NAME=DIR are opened in turn, RUNS rounds (each round opens every
// site once, in a rotating order, in a fresh browser context: a cold cache),
// and the median of window.deckscope.firstFrameMs (navigation start -> first
// frame drawn) and firstGameFrameMs per site is printed.
//   node bench/web-modules.mjs RUNS today=DIR modules=DIR bundle=DIR
import { chromium } from 'playwright-core';
import { startStaticServer } from '../scripts/static-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/browser/harness.mjs';

const runs = Number(process.argv[2]) || 5;
const sites = process.argv.slice(3).map((a) => a.split('='));
const servers = await Promise.all(sites.map(([, dir]) => startStaticServer(dir)));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const res = sites.map(() => ({ first: [], game: [] }));
for (let r = 0; r < runs; r++) {
  for (let k = 0; k < sites.length; k++) {
    const i = (k + r) % sites.length;
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await page.goto(servers[i].url + '#game=cirno&sample=1', { waitUntil: 'load' });
    await page.evaluate(() => window.deckscope.ready);
    await page.waitForFunction(() => window.deckscope.firstGameFrameMs !== null, null, { timeout: 120000 });
    const v = await page.evaluate(() => ({ first: window.deckscope.firstFrameMs, game: window.deckscope.firstGameFrameMs }));
    res[i].first.push(Math.round(v.first)); res[i].game.push(Math.round(v.game));
    await context.close();
  }
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
console.log(`first frame, ${runs} paired rounds (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
sites.forEach(([name], i) => console.log(`${name.padEnd(10)} first frame median ${med(res[i].first)} ms (${res[i].first.join(', ')}); first game frame median ${med(res[i].game)} ms (${res[i].game.join(', ')})`));
await browser.close();
await Promise.all(servers.map((s) => s.close()));
