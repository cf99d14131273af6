// bench/web-modules.mjs - first frame of the page, paired (issue 22): sites
// given as NAME=DIR are opened in turn, RUNS rounds (each round opens every
// site once, in a rotating order, in a fresh browser context: a cold cache),
// and the median of window.deckscope.firstFrameMs (navigation start -> first
// frame drawn) and firstGameFrameMs per site is printed, with each median's
// ratio to the first site's and the machine's load averages before and after.
//   node bench/web-modules.mjs RUNS today=DIR modules=DIR bundle=DIR
// (bench/web-delivery.sh makes the bundle site and runs it.)
import { chromium } from 'playwright-core';
import { startStaticServer } from '../scripts/static-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/browser/harness.mjs';

import { loadavg } from 'node:os';

const runs = Number(process.argv[2]) || 5;
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const loadBefore = load();
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
console.log(`first frame, ${runs} paired rounds (load average ${loadBefore} before, ${load()} after)`);
const ratio = (a, b) => (b ? (a / b).toFixed(2) + 'x' : '-');
sites.forEach(([name], i) => console.log(`${name.padEnd(10)} first frame median ${med(res[i].first)} ms (${res[i].first.join(', ')}), ${ratio(med(res[i].first), med(res[0].first))} of ${sites[0][0]}; ` +
  `first game frame median ${med(res[i].game)} ms (${res[i].game.join(', ')}), ${ratio(med(res[i].game), med(res[0].game))}`));
await browser.close();
await Promise.all(servers.map((s) => s.close()));
