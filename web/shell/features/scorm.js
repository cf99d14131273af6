// scorm.js - the page as a SCORM 1.2 activity (docs/teaching.md, "SCORM").
//
//   * The package (pure, no page state; node's scripts/scorm.mjs uses it too):
//     deckscopeScorm.pack.zip(files) writes a zip (STORE, or deflate when the
//     caller gives a deflate function), .manifest(opts) the imsmanifest.xml,
//     .crc32(bytes).
//   * The LMS side of the page: the SCORM 1.2 run-time API is looked for as
//     the standard says (window.API in this window, its parents, then the
//     opener's chain; a bounded search). Found: LMSInitialize, the activity
//     of the package (scorm-activity.json beside index.html: a lesson or an
//     assignment) is opened, cmi.core.lesson_status is reported (incomplete,
//     then completed for a lesson, passed / failed for an assignment),
//     cmi.core.score.raw for an assignment, cmi.suspend_data and
//     cmi.core.lesson_location are saved as the student goes and restored on
//     resume; LMSCommit, and LMSFinish when the page goes away. Not found: the
//     page runs as the normal page (nothing here does anything).
//   * "Download for LMS" in the toolbar: a zip of the site with the current
//     lesson (the assignment dialog of assign.js offers one for its assignment).
// Nothing leaves the browser: the LMS's API object is a script of the page
// that frames this one; what it sends to its server is the LMS's business.
'use strict';
import assign from './assign.js';

// The module's API (window.deckscope.scorm): under node (scripts/scorm.mjs)
// the package writer only; in a page also the LMS side and "Download for LMS".
const scormApi = (function (/** @type {Window | typeof globalThis} */ root) {
  // ---- the package (pure) ------------------------------------------------------------
  /** @type {Uint32Array | null} */
  let crcTable = null;
  /** @param {ArrayLike<number>} bytes */
  function crc32(bytes) {
    if (!crcTable) {
      crcTable = new Uint32Array(256);
      for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        crcTable[n] = c >>> 0;
      }
    }
    let c = 0xffffffff;
    for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }

  /** @param {string} s */
  const utf8 = (s) => new TextEncoder().encode(s);

  // files: [{name, data: Uint8Array | string}] in the order written.
  // opts.deflate(bytes) -> raw deflate bytes (node's zlib.deflateRawSync):
  // used for a file when it makes it smaller. opts.date: the files' time.
  /**
   * @param {{ name: string, data: Uint8Array | string }[]} files
   * @param {{ deflate?: (bytes: Uint8Array) => Uint8Array, date?: Date }} [opts]
   */
  function zip(files, opts) {
    const o = opts || {};
    const d = o.date || new Date(2026, 0, 1);
    const dosTime = (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1);
    const dosDate = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
    const parts = [], central = [];
    let offset = 0;
    const seen = new Set();
    for (const f of files) {
      const name = String(f.name).replace(/\\/g, '/').replace(/^\/+/, '');
      if (!name || name.split('/').includes('..')) throw new Error('bad file name in the package: ' + f.name);
      if (seen.has(name)) throw new Error('a file is twice in the package: ' + name);
      seen.add(name);
      const raw = typeof f.data === 'string' ? utf8(f.data) : f.data;
      const crc = crc32(raw);
      let body = raw, method = 0;
      if (o.deflate && raw.length > 64) {
        const z = o.deflate(raw);
        if (z.length < raw.length) { body = z; method = 8; }
      }
      const nb = utf8(name);
      const lh = new DataView(new ArrayBuffer(30));
      lh.setUint32(0, 0x04034b50, true);
      lh.setUint16(4, 20, true);
      lh.setUint16(6, 0x0800, true); // names in UTF-8
      lh.setUint16(8, method, true);
      lh.setUint16(10, dosTime, true);
      lh.setUint16(12, dosDate, true);
      lh.setUint32(14, crc, true);
      lh.setUint32(18, body.length, true);
      lh.setUint32(22, raw.length, true);
      lh.setUint16(26, nb.length, true);
      lh.setUint16(28, 0, true);
      parts.push(new Uint8Array(lh.buffer), nb, body);
      const ch = new DataView(new ArrayBuffer(46));
      ch.setUint32(0, 0x02014b50, true);
      ch.setUint16(4, 0x0314, true); // made by: unix, 2.0
      ch.setUint16(6, 20, true);
      ch.setUint16(8, 0x0800, true);
      ch.setUint16(10, method, true);
      ch.setUint16(12, dosTime, true);
      ch.setUint16(14, dosDate, true);
      ch.setUint32(16, crc, true);
      ch.setUint32(20, body.length, true);
      ch.setUint32(24, raw.length, true);
      ch.setUint16(28, nb.length, true);
      ch.setUint32(38, (0o100644 << 16) >>> 0, true); // a regular file, rw-r--r--
      ch.setUint32(42, offset, true);
      central.push(new Uint8Array(ch.buffer), nb);
      offset += 30 + nb.length + body.length;
    }
    const cdSize = central.reduce((a, b) => a + b.length, 0);
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, seen.size, true);
    end.setUint16(10, seen.size, true);
    end.setUint32(12, cdSize, true);
    end.setUint32(16, offset, true);
    const all = parts.concat(central, [new Uint8Array(end.buffer)]);
    const out = new Uint8Array(all.reduce((a, b) => a + b.length, 0));
    let at = 0;
    for (const p of all) { out.set(p, at); at += p.length; }
    return out;
  }

  /** @param {unknown} s */
  const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  // The SCORM 1.2 manifest: one organization, one item, one SCO (index.html)
  // listing every file of the package. opts: {title, files: [names],
  // mastery (0..100, assignments), id}.
  /** @param {{ title?: string, files: string[], mastery?: number, id?: string }} opts */
  function manifest(opts) {
    const id = String(opts.id || 'deckscope').replace(/[^A-Za-z0-9_.-]/g, '_');
    const title = xml(opts.title || 'deckscope');
    const mastery = typeof opts.mastery === 'number' && Number.isFinite(opts.mastery) ? `\n        <adlcp:masteryscore>${Math.round(opts.mastery)}</adlcp:masteryscore>` : '';
    const files = opts.files.filter((f) => f !== 'imsmanifest.xml').map((f) => `      <file href="${xml(f)}"/>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${id}_org">
    <organization identifier="${id}_org">
      <title>${title}</title>
      <item identifier="${id}_item" identifierref="${id}_sco" isvisible="true">
        <title>${title}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}_sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
${files}
    </resource>
  </resources>
</manifest>
`;
  }

  // A short id from the activity's text (FNV-1a, 32 bits, hex).
  /** @param {string} text */
  function idOf(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return 'deckscope-' + h.toString(16).padStart(8, '0');
  }

  // The activity file of a package: {format, version, kind: 'lesson' | 'assignment',
  // lesson (a deckscope-lesson object) | assignment (assign.js's code), title}.
  const ACTIVITY = 'scorm-activity.json';
  /** @typedef {{ format: string, version: number, kind: 'lesson' | 'assignment', title: string, lesson?: unknown, assignment?: string }} Activity */
  /** @param {unknown} kind @param {unknown} body @param {unknown} title @returns {Activity} */
  function activity(kind, body, title) {
    if (kind !== 'lesson' && kind !== 'assignment') throw new Error('an activity is a lesson or an assignment');
    /** @type {Activity} */
    const a = { format: 'deckscope-scorm-activity', version: 1, kind, title: String(title || '') };
    if (kind === 'lesson') a.lesson = body; else a.assignment = String(body);
    return a;
  }

  const pack = { zip, manifest, crc32, idOf, activity, ACTIVITY };
  if (typeof document === 'undefined') return { pack };

  // ---- the LMS run-time API ----------------------------------------------------------
  // SCORM 1.2 run-time environment, "finding the API": the API object is
  // window.API of this window or of a parent, up to MAX_HOPS frames up, then
  // of the window that opened the top one (and its parents). Windows of
  // another origin cannot be read: they are stepped over.
  const MAX_HOPS = 10;
  /** @param {Window | null | undefined} w @returns {LmsApi | null} */
  function apiIn(w) {
    try {
      const a = /** @type {{ LMSInitialize?: unknown } | null | undefined} */ (w && w.API);
      // (an object with LMSInitialize is taken for the API, as SCORM finds it)
      return a && typeof a.LMSInitialize === 'function' ? /** @type {LmsApi} */ (a) : null;
    } catch (e) { return null; } // another origin
  }
  /** @param {Window | null} w */
  function searchUp(w) {
    for (let hop = 0; w && hop <= MAX_HOPS; hop++) {
      const a = apiIn(w);
      if (a) return a;
      /** @type {Window | null} */
      let p;
      try { p = w.parent; } catch (e) { p = null; }
      if (!p || p === w) return null;
      w = p;
    }
    return null;
  }
  /** @param {Window} win */
  function findAPI(win) {
    const a = searchUp(win);
    if (a) return a;
    let op;
    try { op = win.top && win.top.opener; } catch (e) { op = null; }
    return op ? searchUp(op) : null;
  }

  const ds = () => ('deckscope' in root ? root.deckscope : undefined); // (only a page has one)
  /** The page's API, once the page runs a package (every module has run). @returns {Deckscope} */
  const page = () => {
    const d = ds();
    if (!d) throw new Error('scorm.js: there is no page (window.deckscope)');
    return d;
  };
  const MAX_SUSPEND = 4096; // SCORM 1.2: cmi.suspend_data is at most 4096 characters

  // One session with the LMS: every call guarded (an LMS that throws must not
  // break the page), errors kept for the tests and the console.
  /**
   * @typedef {{ LMSInitialize(s: string): unknown, LMSFinish(s: string): unknown, LMSGetValue(k: string): unknown,
   *             LMSSetValue(k: string, v: string): unknown, LMSCommit(s: string): unknown, LMSGetLastError(): unknown }} LmsApi
   *   SCORM 1.2's API object (window.API of a frame above)
   */
  /** @param {LmsApi} api */
  function session(api) {
    /** @param {string} what */
    const note = (what) => {
      let code = '0';
      try { code = String(api.LMSGetLastError()); } catch (e) { /* none */ }
      if (code !== '0') S.errors.push(`${what}: error ${code}`);
    };
    const S = { api, open: false, finished: false, errors: /** @type {string[]} */ ([]),
    init: () => {
      let ok;
      try { ok = String(api.LMSInitialize('')) === 'true'; } catch (e) { ok = false; }
      if (!ok) note('LMSInitialize');
      S.open = ok;
      return ok;
    },
    /** @param {string} k */
    get: (k) => {
      if (!S.open) return '';
      try { const v = api.LMSGetValue(k); note('LMSGetValue ' + k); return v == null ? '' : String(v); } catch (e) { return ''; }
    },
    /** @param {string} k @param {unknown} v */
    set: (k, v) => {
      if (!S.open) return false;
      try { const ok = String(api.LMSSetValue(k, String(v))) === 'true'; if (!ok) note('LMSSetValue ' + k); return ok; } catch (e) { return false; }
    },
    commit: () => {
      if (!S.open) return false;
      try { return String(api.LMSCommit('')) === 'true'; } catch (e) { return false; }
    },
    finish: () => {
      if (!S.open || S.finished) return false;
      S.finished = true;
      let ok;
      try { ok = String(api.LMSFinish('')) === 'true'; } catch (e) { ok = false; }
      S.open = false;
      return ok;
    },
    };
    return S;
  }
  /** @typedef {ReturnType<typeof session>} Session */

  // cmi.core.session_time: HHHH:MM:SS.SS
  /** @param {number} ms */
  function timespan(ms) {
    const s = Math.max(0, ms) / 1000;
    const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
    return `${String(hh).padStart(4, '0')}:${String(mm).padStart(2, '0')}:${ss.toFixed(2).padStart(5, '0')}`;
  }

  /** @param {[number, string][] | null | undefined} v  the forced choices of the line shown */
  const lineOf = (v) => (v || []).map(([i, l]) => `${i}:${l}`).join(',');

  // The run: what the LMS is told as the student goes.
  /**
   * @type {{ lms: Session | null, kind: string | null, status: string, score: number | null, started: number,
   *          restored: unknown, saveTimer: ReturnType<typeof setTimeout> | 0, state: Record<string, unknown>,
   *          activityTitle: string, ready?: boolean }}
   */
  const run = {
    lms: null, kind: null, status: '', score: null, started: 0, restored: null,
    saveTimer: 0, state: {}, activityTitle: '',
  };

  /** @param {string} s  cmi.core.lesson_status */
  function setStatus(s) {
    if (!run.lms || run.status === s) return;
    // a lesson once completed (an assignment once passed or failed) stays so
    if (run.status === 'completed' || run.status === 'passed' || run.status === 'failed') {
      if (s === 'incomplete') return;
    }
    run.status = s;
    run.lms.set('cmi.core.lesson_status', s);
    saveSoon(0);
  }

  function save() {
    run.saveTimer = 0;
    const L = run.lms;
    if (!L || !L.open) return;
    const d = ds();
    const step = d && typeof d.step === 'number' ? d.step : 0;
    L.set('cmi.core.lesson_location', `step=${step}`);
    // before the activity is open there is nothing of the student's to keep
    // (and a resumed session must not overwrite what it is about to restore)
    if (!run.kind) { L.commit(); return; }
    let data = JSON.stringify({ v: 1, kind: run.kind, step, line: d ? lineOf(d.variation) : '', ...run.state });
    if (data.length > MAX_SUSPEND) data = JSON.stringify({ v: 1, kind: run.kind, step }); // keep where the student was
    L.set('cmi.suspend_data', data);
    L.commit();
  }
  /** @param {number} [ms] */
  function saveSoon(ms) {
    if (!run.lms) return;
    if (run.saveTimer) clearTimeout(run.saveTimer);
    run.saveTimer = setTimeout(save, ms === undefined ? 1500 : ms);
  }

  function finish() {
    const L = run.lms;
    if (!L || !L.open) return false;
    if (run.saveTimer) { clearTimeout(run.saveTimer); run.saveTimer = 0; }
    save();
    const done = run.status === 'completed' || run.status === 'passed' || run.status === 'failed';
    L.set('cmi.core.exit', done ? '' : 'suspend');
    L.set('cmi.core.session_time', timespan(Date.now() - run.started));
    L.commit();
    return L.finish();
  }

  // The activity of the package, fetched beside index.html.
  async function fetchActivity() {
    let r;
    try { r = await fetch(ACTIVITY, { credentials: 'same-origin', cache: 'no-cache' }); } catch (e) { return null; }
    if (!r.ok) return null;
    try {
      const a = await r.json();
      return a && a.format === 'deckscope-scorm-activity' ? a : null;
    } catch (e) { return null; }
  }

  // A lesson: completed once every note has been shown (a lesson without
  // notes: once the last step of its line was reached).
  /**
   * @typedef {{ v?: number, kind?: string, step?: unknown, line?: unknown, seen?: unknown, work?: unknown, done?: boolean } | null} Saved
   *   cmi.suspend_data as save() wrote it
   */
  /** @param {object | string} lesson @param {Saved} saved */
  async function runLesson(lesson, saved) {
    const d = page();
    const les = await d.loadLesson(lesson);
    const notes = (les.notes || []).map((/** @type {{ line?: string, step?: number }} */ n) => `${n.line || ''}@${n.step}`);
    /** @type {Set<string>} */
    const seen = new Set(saved && Array.isArray(saved.seen) ? saved.seen.filter((/** @type {string} */ k) => notes.includes(k)) : []);
    run.state = { seen: [...seen] };
    if (saved && typeof saved.step === 'number') {
      if (typeof saved.line === 'string' && saved.line !== lineOf(d.variation)) {
        try {
          if (d.variation.length) await d.mainLine();
          for (const part of saved.line.split(',').filter(Boolean)) {
            const k = part.indexOf(':');
            await d.branch(Number(part.slice(0, k)), part.slice(k + 1));
          }
        } catch (e) { /* the lesson's own line */ }
      }
      d.seek(saved.step, false);
    }
    const check = () => {
      const key = `${lineOf(d.variation)}@${d.step}`;
      if (notes.includes(key) && !seen.has(key)) { seen.add(key); run.state = { seen: [...seen] }; }
      if (notes.length ? seen.size >= notes.length : d.step >= d.steps) setStatus('completed');
      saveSoon();
    };
    d.on('step', check);
    check();
  }

  // An assignment: assign.js runs it and reports its progress and its result.
  /** @param {string | undefined} code @param {Saved} saved */
  async function runAssignment(code, saved) {
    const A = assign;
    if (!A || !A.run) throw new Error('assign.js is not loaded');
    await A.run(code, {
      // saved.work: {work: the answers or moves so far, at: play's next decision}
      resume: saved && saved.work ? saved.work : null,
      /** @param {unknown} p */
      progress(p) { run.state = { work: p }; saveSoon(); },
      /** @param {{ work: unknown, score: number, pass: number }} result */
      done(result) {
        run.state = { work: { work: result.work }, done: true };
        run.score = result.score;
        const L = run.lms;
        if (!L) return; // (an assignment runs in a session: startLms)
        L.set('cmi.core.score.min', '0');
        L.set('cmi.core.score.max', '100');
        L.set('cmi.core.score.raw', String(result.score));
        const m = parseFloat(L.get('cmi.student_data.mastery_score'));
        const pass = Number.isFinite(m) ? m : result.pass;
        setStatus(result.score >= pass ? 'passed' : 'failed');
        saveSoon(0);
      },
    });
  }

  // The normal page inside an LMS (a package without an activity): completed
  // once the end of a game was reached.
  /** @param {Saved} saved */
  function runPage(saved) {
    const d = page();
    if (saved && typeof saved.step === 'number') d.seek(saved.step, false);
    const check = () => {
      if (d.steps && d.step >= d.steps) setStatus('completed');
      saveSoon();
    };
    d.on('step', check);
  }

  /** @param {LmsApi} api */
  async function startLms(api) {
    const L = session(api);
    if (!L.init()) return;
    run.lms = L;
    run.started = Date.now();
    const entry = L.get('cmi.core.entry');
    const status = L.get('cmi.core.lesson_status');
    run.status = status;
    const raw = L.get('cmi.suspend_data');
    /** @type {Saved} */
    let saved = null;
    if (raw && entry !== 'ab-initio') { try { saved = JSON.parse(raw); } catch (e) { saved = null; } }
    run.restored = saved;
    if (!status || status === 'not attempted') { run.status = ''; setStatus('incomplete'); }
    document.body.dataset.lms = 'scorm12';
    addEventListener('pagehide', finish);
    addEventListener('beforeunload', finish);
    const d = page();
    try { await d.ready; } catch (e) { return; }
    const act = await fetchActivity();
    run.kind = act ? act.kind : 'page';
    run.activityTitle = act ? act.title : '';
    if (saved && saved.kind !== run.kind) saved = null;
    try {
      if (act && act.kind === 'lesson') await runLesson(act.lesson, saved);
      else if (act && act.kind === 'assignment') await runAssignment(act.assignment, saved);
      else runPage(saved);
    } catch (e) {
      console.warn('deckscope: the LMS activity could not be opened: ' + /** @type {Error} */ (e).message);
    }
    run.ready = true;
    document.dispatchEvent(new CustomEvent('deckscope-scorm', { detail: { ready: true, kind: run.kind } }));
  }

  // ---- "Download for LMS" -----------------------------------------------------------
  // The files of the site the page needs: its scripts, styles, icon, the
  // WebAssembly and the samples (read from the page and samples/index.json).
  async function siteFiles() {
    const here = new URL('.', location.href);
    /** @param {string | null} u */
    const rel = (u) => {
      const url = new URL(String(u), location.href); // (new URL makes null "null" too)
      if (url.origin !== here.origin || !url.pathname.startsWith(here.pathname)) return null;
      return decodeURIComponent(url.pathname.slice(here.pathname.length));
    };
    const names = new Set(['index.html', 'deckscope-view.wasm', 'samples/index.json']);
    for (const s of document.querySelectorAll('script[src]')) { const r = rel(s.getAttribute('src')); if (r) names.add(r); }
    for (const l of document.querySelectorAll('link[href]')) { const r = rel(l.getAttribute('href')); if (r) names.add(r); }
    /** @param {string} name */
    const get = async (name) => {
      const r = await fetch(name, { credentials: 'same-origin' });
      if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
      return new Uint8Array(await r.arrayBuffer());
    };
    /** @type {{ name: string, data: Uint8Array }[]} */
    const files = [];
    for (const n of names) files.push({ name: n, data: await get(n) });
    // the modules the entry module imports, static or on demand, transitively
    const seen = new Set();
    /** @param {{ data: Uint8Array }} f */
    const text = (f) => new TextDecoder().decode(f.data);
    for (let k = 0; k < files.length; k++) {
      const f = files[k];
      if (!/\.js$/.test(f.name) || f.name === 'deckscope-view.js' || seen.has(f.name)) continue;
      seen.add(f.name);
      for (const m of text(f).matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*'([^']+)'|^\s*import\s*'([^']+)'|\bimport\('([^']+)'\)/gm)) {
        const ref = m[1] || m[2] || m[3];
        const r = rel(new URL(ref, new URL(f.name, here)).href);
        if (r && !names.has(r)) { names.add(r); files.push({ name: r, data: await get(r) }); }
      }
    }
    // the samples listed by samples/index.json
    const ix = files.find((f) => f.name === 'samples/index.json');
    if (!ix) throw new Error('samples/index.json: not fetched'); // (it is the first name fetched)
    const idx = JSON.parse(new TextDecoder().decode(ix.data));
    const listed = new Set();
    JSON.stringify(idx, (k, v) => { if (typeof v === 'string' && /\.in$/.test(v)) listed.add(v); return v; });
    for (const s of listed) {
      const n = s.startsWith('samples/') ? s : 'samples/' + s;
      if (!names.has(n)) { names.add(n); files.push({ name: n, data: await get(n) }); }
    }
    return files;
  }

  // Builds the package of a lesson object or an assignment code in the page:
  // a Blob of type application/zip and its file name.
  /** @param {unknown} kind @param {unknown} body @param {string | undefined} title @param {number | undefined} mastery */
  async function build(kind, body, title, mastery) {
    /** @type {{ name: string, data: Uint8Array | string }[]} */
    const files = await siteFiles();
    const act = activity(kind, body, title);
    files.push({ name: ACTIVITY, data: JSON.stringify(act, null, 1) + '\n' });
    const names = files.map((f) => f.name);
    names.push('imsmanifest.xml');
    const id = idOf(JSON.stringify(act));
    files.unshift({ name: 'imsmanifest.xml', data: manifest({ id, title: title || 'deckscope', files: names, mastery }) });
    const bytes = zip(files, { date: new Date() });
    const safe = String(title || 'deckscope').replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'deckscope';
    return { blob: new Blob([bytes], { type: 'application/zip' }), name: `${safe}.scorm.zip`, files: names };
  }

  /** @param {Blob} blob @param {string} name */
  function saveBlob(blob, name) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  }

  /**
   * @param {{ assignment?: string, title?: string, mastery?: number, lesson?: { title?: string, game?: string }, save?: boolean } | null} [what]
   */
  async function download(what) {
    const d = ds();
    let kind = 'lesson';
    /** @type {string | { title?: string, game?: string } | undefined} */
    let body;
    /** @type {string | undefined} */
    let title;
    /** @type {number | undefined} */
    let mastery;
    if (what && what.assignment) {
      kind = 'assignment';
      body = what.assignment;
      title = what.title || 'deckscope assignment';
      mastery = what.mastery;
    } else {
      /** @type {{ title?: string, game?: string }} */
      const les = what && what.lesson ? what.lesson : d.lesson();
      body = les;
      title = (les && les.title) || `deckscope: ${les.game}`;
    }
    const pkg = await build(kind, body, title, mastery);
    if (!what || what.save !== false) saveBlob(pkg.blob, pkg.name);
    return pkg;
  }

  const scorm = {
    pack, findAPI, download, build, finish,
    get connected() { return !!(run.lms && run.lms.open); },
    get status() { return run.status; },
    get score() { return run.score; },
    get kind() { return run.kind; },
    get ready() { return !!run.ready; },
    get restored() { return run.restored; },
    get errors() { return run.lms ? run.lms.errors.slice() : []; },
  };

  function setup() {
    const d = ds();
    if (!d || !d.i18n) return;
    const i18n = d.i18n;
    i18n.add({
      en: {
        'scorm.button': 'Download for LMS',
        'scorm.title': 'A SCORM 1.2 package of this lesson (a zip for Moodle, Canvas, Blackboard…)',
        'scorm.head': 'Download for LMS (SCORM 1.2)',
        'scorm.what': 'This lesson: {game}, {n} notes, the view and the line shown. The package is the whole page with the lesson; the LMS records “completed” once the student has seen every note.',
        'scorm.name': 'Title in the LMS',
        'scorm.hint': 'Upload the zip to Moodle (Add an activity → SCORM package) or Canvas (a SCORM activity); docs/teaching.md says how. Nothing is sent anywhere from here.',
        'scorm.save': 'Download .zip',
        'scorm.close': 'Close',
        'scorm.busy': 'Packing…',
        'scorm.saved': 'Saved {name}: {n} files, {kb} KB.',
        'scorm.failed': 'The package could not be made: {msg}',
      },
      zh: {
        'scorm.button': '下载 LMS 包',
        'scorm.title': '本课的 SCORM 1.2 包（可导入 Moodle、Canvas、Blackboard 等的 zip 文件）',
        'scorm.head': '下载 LMS 包（SCORM 1.2）',
        'scorm.what': '本课：{game}，{n} 条注释，以及当前的视图和走法。包里是整个页面和这节课；学生看过每条注释后，LMS 记为“已完成”。',
        'scorm.name': '在 LMS 中的标题',
        'scorm.hint': '把 zip 上传到 Moodle（添加活动 → SCORM 课件包）或 Canvas（SCORM 活动）；做法见 docs/teaching.md。这里不会向任何地方发送数据。',
        'scorm.save': '下载 .zip',
        'scorm.close': '关闭',
        'scorm.busy': '正在打包…',
        'scorm.saved': '已保存 {name}：{n} 个文件，{kb} KB。',
        'scorm.failed': '无法生成课件包：{msg}',
      },
    });
    const tools = document.getElementById('teach-tools');
    // not in the one-file offline page (no site beside it to pack)
    if (tools && location.protocol !== 'file:') {
      const h = i18n.el;
      const title = h('input', { type: 'text', id: 'scorm-title', maxlength: '200', autocomplete: 'off' });
      const what = h('p', { id: 'scorm-what' });
      const status = h('p', { id: 'scorm-status', class: 'hint', role: 'status', 'aria-live': 'polite' });
      const go = h('button', { type: 'button', id: 'scorm-save', class: 'primary', i18n: 'scorm.save' });
      const dlg = h('dialog', { id: 'scorm-dialog', 'aria-labelledby': 'scorm-head' },
        h('h2', { id: 'scorm-head', i18n: 'scorm.head' }), what,
        h('label', { class: 'field' }, h('span', { i18n: 'scorm.name' }), title),
        h('p', { class: 'hint', i18n: 'scorm.hint' }),
        h('div', { class: 'input-row' }, go, h('form', { method: 'dialog' }, h('button', { i18n: 'scorm.close' }))),
        status);
      document.body.append(dlg);
      const b = h('button', { type: 'button', id: 'scorm-download', 'aria-haspopup': 'dialog', 'data-i18n-title': 'scorm.title', title: i18n.t('scorm.title'), i18n: 'scorm.button' });
      b.addEventListener('click', () => {
        const les = d.lesson ? d.lesson() : null;
        title.value = (les && les.title) || `deckscope: ${d.game || ''}`;
        what.textContent = les ? i18n.t('scorm.what', { game: i18n.t('game.' + les.game), n: (les.notes || []).length }) : '';
        status.textContent = '';
        dlg.showModal();
        title.focus();
      });
      go.addEventListener('click', async () => {
        go.disabled = true;
        status.textContent = i18n.t('scorm.busy');
        try {
          // the title as typed now (not when the dialog opened)
          const les = { ...d.lesson(), title: title.value.trim().slice(0, 200) };
          const pkg = await download({ lesson: les });
          status.textContent = i18n.t('scorm.saved', { name: pkg.name, kb: Math.round(pkg.blob.size / 1024), n: pkg.files.length });
        } catch (e) {
          status.textContent = i18n.t('scorm.failed', { msg: /** @type {Error} */ (e).message });
        }
        go.disabled = false;
      });
      tools.append(b);
    }
    const api = findAPI(window);
    if (api) startLms(api).catch((e) => console.warn('deckscope: LMS: ' + e.message));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
  return scorm;
})(typeof window !== 'undefined' ? window : globalThis);
export { scormApi as default };
