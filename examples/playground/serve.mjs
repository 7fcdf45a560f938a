// Serves examples/playground/dist/ on 127.0.0.1 (WASM as application/wasm, which
// WebAssembly.instantiateStreaming requires).
// Usage: node examples/playground/serve.mjs [port]   (default: a free port; the URL is printed)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

/**
 * Serves a folder's files (GET and HEAD only, nothing outside it) on 127.0.0.1.
 * Resolves to `{ url, close }` once listening; port 0 picks a free port.
 */
export function serveStatic(root, port = 0) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = resolve(base, `.${pathname.endsWith('/') ? `${pathname}index.html` : pathname}`);
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403).end();
      return;
    }
    let body;
    try {
      body = await readFile(file);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}\n`);
      return;
    }
    response.writeHead(200, {
      'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolvePromise({
        url: `http://127.0.0.1:${address.port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url } = await serveStatic(fileURLToPath(new URL('dist/', import.meta.url)), Number(process.argv[2] ?? 0));
  console.log(`playground: serving examples/playground/dist/ at ${url} (Ctrl-C stops)`);
}
