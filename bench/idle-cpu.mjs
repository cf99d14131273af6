// bench/idle-cpu.mjs - the CPU an open, idle page costs (issue 25: the view
// draws only when its picture changes). Opens one page of the built site in
// the browser tests' headless Chromium (tests/browser/harness.mjs), waits
// until it has loaded and settled, then sums the CPU time of every process of
// the browser (/proc, Linux) over SECONDS and counts the frames the view drew.
//   DS_SITE_DIR=$PWD/build/site node bench/idle-cpu.mjs [SECONDS] [HASH]
// prints {cpuSeconds, wall, cpuShare, framesDrawn}; run it beside another
// site (an older build) alternately for a before/after on a shared machine.
import { readFileSync, readdirSync } from 'node:fs';
const H = new URL('../tests/browser/harness.mjs', import.meta.url).href;
const { startBrowser, openPage, loadView, settle } = await import(H);
const secs = Number(process.argv[2] || 10);
const hash = process.argv[3] || '#game=cirno&sample=1&step=5';
const tck = 100; // USER_HZ
function tree() {
  const kids = new Map(); const cpu = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(rest[1]);
      (kids.get(ppid) || kids.set(ppid, []).get(ppid)).push(Number(d));
      cpu.set(Number(d), Number(rest[11]) + Number(rest[12]));
    } catch { /* gone */ }
  }
  let total = 0; const stack = [...(kids.get(process.pid) || [])];
  while (stack.length) { const p = stack.pop(); total += cpu.get(p) || 0; stack.push(...(kids.get(p) || [])); }
  return total / tck;
}
const env = await startBrowser();
const page = await openPage(env.browser);
await loadView(page, env.url + hash);
await page.waitForFunction(() => window.deckscope.game && !window.deckscope.busy);
await settle(page);
const f0 = await page.evaluate(() => window.deckscope.frames);
const c0 = tree(); const t0 = Date.now();
await new Promise((r) => setTimeout(r, secs * 1000));
const c1 = tree(); const t1 = Date.now();
const f1 = await page.evaluate(() => window.deckscope.frames);
console.log(JSON.stringify({ cpuSeconds: +(c1 - c0).toFixed(2), wall: (t1 - t0) / 1000, cpuShare: +((c1 - c0) / ((t1 - t0) / 1000)).toFixed(3), framesDrawn: f1 - f0 }));
await page.closeAll();
await env.close();
