// scorm.mjs - `make scorm`: a SCORM 1.2 package (a zip) of the built site
// with a lesson or an assignment, for Moodle, Canvas, Blackboard and any LMS
// that imports SCORM 1.2 (docs/teaching.md, "SCORM").
//
// Usage:
//   node scripts/scorm.mjs [--site build/dist] [--out build/deckscope-scorm.zip]
//        [--lesson FILE.deckscope.json | --assignment LINK-OR-CODE]
//        [--title TEXT] [--mastery 0..100]
// With neither --lesson nor --assignment the package is the page itself
// (completed once the student reaches the end of a game).
//
// The zip: imsmanifest.xml (one SCO, index.html, every file listed), the site
// (every file of --site), and scorm-activity.json (the lesson or assignment
// the page opens when it finds the LMS). The manifest and the zip writer are
// web/shell/features/scorm.js's (the page's "Download for LMS" writes the same); files
// are deflated with node's zlib where that makes them smaller.
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..');
// the page's ES modules (their pure parts run under node)
const load = async (p) => (await import(pathToFileURL(path.join(repo, 'web/shell', p)).href)).default;
const scorm = await load('features/scorm.js');
const lessonLib = await load('features/lesson.js');
const assignLib = await load('features/assign.js');
const { pack } = scorm;

function die(msg) { console.error('scorm: ' + msg); process.exit(2); }

const args = { site: path.join(repo, 'build/dist'), out: path.join(repo, 'build/deckscope-scorm.zip') };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const val = () => { if (i + 1 >= argv.length) die(`${a} needs a value`); return argv[++i]; };
  if (a === '--site') args.site = val();
  else if (a === '--out') args.out = val();
  else if (a === '--lesson') args.lesson = val();
  else if (a === '--assignment') args.assignment = val();
  else if (a === '--title') args.title = val();
  else if (a === '--mastery') args.mastery = Number(val());
  else if (a === '-h' || a === '--help') {
    console.log('node scripts/scorm.mjs [--site DIR] [--out FILE.zip] [--lesson FILE | --assignment LINK-OR-CODE] [--title T] [--mastery N]');
    process.exit(0);
  } else die(`unknown argument ${a}`);
}
if (args.lesson && args.assignment) die('give --lesson or --assignment, not both');
if (args.mastery !== undefined && !(args.mastery >= 0 && args.mastery <= 100)) die('--mastery is 0..100');

// every file of the site, in a stable order
function walk(dir, rel = '') {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name), r = rel ? rel + '/' + name : name;
    const st = statSync(full);
    if (st.isDirectory()) out.push(...walk(full, r));
    else if (st.isFile()) out.push(r);
  }
  return out;
}
let siteNames;
try { siteNames = walk(args.site); } catch (e) { die(`cannot read the site ${args.site} (run make web first): ${e.message}`); }
for (const need of ['index.html', 'deckscope-view.js', 'deckscope-view.wasm']) {
  if (!siteNames.includes(need)) die(`${args.site} has no ${need} (run make web first)`);
}

let act = null, title = args.title, mastery = args.mastery;
if (args.lesson) {
  let obj;
  try { obj = JSON.parse(readFileSync(args.lesson, 'utf8')); } catch (e) { die(`${args.lesson}: ${e.message}`); }
  try { obj = lessonLib.validate(obj); } catch (e) { die(`${args.lesson}: this lesson cannot be opened: ${e.message}`); }
  title = title || obj.title || `deckscope: ${obj.game}`;
  act = pack.activity('lesson', obj, title);
} else if (args.assignment) {
  // a link with #...&assign=CODE, or the code itself
  const m = /(?:^|[#&?])assign=([^&#\s]+)/.exec(args.assignment);
  const code = m ? decodeURIComponent(m[1]) : args.assignment.trim();
  let spec;
  try { spec = assignLib.decode(code); } catch (e) { die(`--assignment: this assignment cannot be opened: ${e.message}`); }
  // the LMS's mastery score: --mastery, else the assignment's pass mark
  if (mastery === undefined) mastery = spec.pass;
  title = title || 'deckscope assignment';
  act = pack.activity('assignment', code, title);
}

const files = siteNames.map((n) => ({ name: n, data: new Uint8Array(readFileSync(path.join(args.site, n))) }));
if (act) files.push({ name: pack.ACTIVITY, data: JSON.stringify(act, null, 1) + '\n' });
const names = files.map((f) => f.name).concat(['imsmanifest.xml']);
const id = pack.idOf(JSON.stringify(act || { page: true }));
files.unshift({ name: 'imsmanifest.xml', data: pack.manifest({ id, title: title || 'deckscope', files: names, mastery: act && act.kind === 'assignment' ? mastery : undefined }) });
const bytes = pack.zip(files, { deflate: (b) => zlib.deflateRawSync(b, { level: 9 }), date: new Date() });
mkdirSync(path.dirname(path.resolve(args.out)), { recursive: true });
writeFileSync(args.out, bytes);
console.log(`scorm: ${args.out}: ${files.length} files, ${(bytes.length / 1024).toFixed(0)} KB` +
  (act ? ` (${act.kind}: ${act.title})` : ' (the page itself)'));
