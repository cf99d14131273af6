// static-server.mjs - a small static file server for the built site
// (build/site): correct MIME types (application/wasm for WebAssembly),
// GET/HEAD only, no directory listings, nothing outside the root.
// Used by `make serve` (scripts/serve.mjs) and by the browser tests.
import { createServer } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';

/** @type {Record<string, string>} */
export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.data': 'application/octet-stream',
};

// Starts a server for `root` on host:port (port 0 = ephemeral). Resolves to
// {server, url, close()}. onRequest(method, urlPath, status) is called per request.
// prefix: serve the site under a sub-path (e.g. '/deckscope/', as GitHub Pages
// does for a project site); everything outside it is 404, so a page that uses
// an absolute URL fails its test. hide(relPath): true answers 404 for that
// file (a partial build, e.g. without samples/).
/**
 * @typedef {object} StaticServerOptions
 * @property {string} [host]
 * @property {number} [port]
 * @property {(method: string | undefined, url: string | undefined, status: number) => void} [onRequest]
 * @property {string} [prefix]
 * @property {(relPath: string) => boolean} [hide]
 */
/**
 * @param {string} root
 * @param {StaticServerOptions} [options]
 * @returns {Promise<{server: import('node:http').Server, url: string, close: () => Promise<void>}>}
 */
export function startStaticServer(root, { host = '127.0.0.1', port = 0, onRequest, prefix = '/', hide } = {}) {
  const base = path.resolve(root);
  if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new Error('prefix must start and end with /');
  const server = createServer(async (req, res) => {
    /** @param {number} status @param {string} body @param {string} [type] */
    const send = (status, body, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
      if (onRequest) onRequest(req.method, req.url, status);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url || '', 'http://x').pathname);
    } catch {
      return send(400, 'bad request\n');
    }
    if (!rel.startsWith(prefix)) return send(404, 'not found (outside ' + prefix + ')\n');
    rel = rel.slice(prefix.length - 1);
    if (rel.endsWith('/')) rel += 'index.html';
    if (hide && hide(rel)) return send(404, 'not found\n');
    const file = path.resolve(base, '.' + rel);
    if (file !== base && !file.startsWith(base + path.sep)) return send(403, 'forbidden\n');
    let st;
    try {
      st = await fs.stat(file);
    } catch {
      return send(404, 'not found\n');
    }
    if (!st.isFile()) return send(404, 'not found\n');
    const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
    // no-cache: a browser asks every time (a rebuilt site is seen at once)
    // but, as from any static host, with the validator it was given: an
    // unchanged file is a 304 and the browser keeps what it made of it
    // (the compiled WebAssembly and scripts of its code cache).
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache', ETag: etag, 'Last-Modified': st.mtime.toUTCString() };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      if (onRequest) onRequest(req.method, req.url, 304);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': st.size });
    if (onRequest) onRequest(req.method, req.url, 200);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const a = server.address();
      if (!a || typeof a === 'string') { reject(new Error('the server has no TCP address')); return; } // listen() on a port gives one
      resolve({
        server,
        url: `http://${host}:${a.port}${prefix}`,
        close: () => new Promise(/** @param {(v?: void) => void} r */ (r) => { server.closeAllConnections?.(); server.close(() => r()); }),
      });
    });
  });
}
