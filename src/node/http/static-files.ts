// The demo page and the standalone elements bundle for `forge-skill-builder ui`:
// `/` → demo/index.html, `/elements/<file>` → dist/<file> (the bundle and its
// source map), other `/name.ext` → demo/<name.ext>. Only plain files inside
// those folders are served (no dotfiles, no `..`, no symlink leaving the folder);
// when demo/ is absent a small page lists the API routes instead.

import { createReadStream, promises as fsp } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
} as const;

export interface StaticRoots {
  /** Folder holding index.html and its assets. */
  demoDir: string;
  /** Folder holding forge-skill-builder.elements.js. */
  distDir: string;
}

/** The package's demo/ and dist/ folders. */
export function packageStaticRoots(): StaticRoots {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  // src/node/http/static-files.ts and dist/node/http/static-files.js are both three levels deep.
  return { demoDir: join(root, 'demo'), distDir: join(root, 'dist') };
}

function send(res: ServerResponse, status: number, type: string, body: string, head: boolean): void {
  res.writeHead(status, { ...PAGE_HEADERS, 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
  res.end(head ? undefined : body);
}

/** Resolves `rel` inside `root`, refusing anything that would leave it or names a dotfile. */
async function safeFile(root: string, rel: string): Promise<string | null> {
  if (rel === '' || rel.includes('\0') || rel.includes('\\')) return null;
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.startsWith('.'))) return null;
  const base = resolve(root);
  const full = resolve(base, ...parts);
  if (!full.startsWith(base + sep)) return null;
  try {
    const [realBase, realFull] = await Promise.all([fsp.realpath(base), fsp.realpath(full)]);
    if (!realFull.startsWith(realBase + sep)) return null;
    const st = await fsp.stat(realFull);
    return st.isFile() ? realFull : null;
  } catch {
    return null;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page shown at `/` when demo/index.html is not there. */
export function fallbackPage(basePath: string, routes: ReadonlyArray<{ method: string; path: string }>): string {
  const rows = routes.map((r) => `<li><code>${escapeHtml(r.method)} ${escapeHtml(basePath + r.path)}</code></li>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>forge-skill-builder API</title></head>
<body>
<h1>forge-skill-builder</h1>
<p>The demo page is not installed (demo/index.html is missing), but the API is running:</p>
<ul>
${rows}
</ul>
<p>Chat routes answer with server-sent events. Run <code>npm run build</code> to get the elements bundle.</p>
</body></html>
`;
}

/**
 * Serves a GET/HEAD for a non-API path. Resolves true when it answered, false
 * when there is no such file (the caller sends 404).
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, roots: StaticRoots, fallback: () => string): Promise<boolean> {
  const head = req.method === 'HEAD';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  let file: string | null = null;
  if (decoded === '/' || decoded === '/index.html') {
    file = await safeFile(roots.demoDir, 'index.html');
    if (!file) {
      send(res, 200, CONTENT_TYPES['.html'] as string, fallback(), head);
      return true;
    }
  } else if (decoded === '/favicon.ico' && !(await safeFile(roots.demoDir, 'favicon.ico'))) {
    // Browsers ask for it on every page; answer "no icon" instead of a 404 in the console.
    res.writeHead(204, PAGE_HEADERS);
    res.end();
    return true;
  } else if (decoded.startsWith('/elements/')) {
    const rel = decoded.slice('/elements/'.length);
    // Only the standalone bundle files at the top of dist/, never the rest of the build.
    if (/^forge-skill-builder\.[\w.-]+\.(js|map)$/.test(rel)) file = await safeFile(roots.distDir, rel);
  } else {
    file = await safeFile(roots.demoDir, decoded.slice(1));
  }
  if (!file) return false;
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const st = await fsp.stat(file);
  res.writeHead(200, { ...PAGE_HEADERS, 'content-type': type, 'content-length': String(st.size) });
  if (head) {
    res.end();
    return true;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      res.destroy();
      done();
    });
    stream.on('end', done);
    stream.pipe(res);
  });
  return true;
}

export function sendNotFound(res: ServerResponse, pathname: string, head: boolean): void {
  send(res, 404, 'text/plain; charset=utf-8', `Not found: ${pathname}\n`, head);
}

/** An `{error}` JSON reply (as the API's errors) for the non-API paths: wrong host, wrong method, unreadable file. */
export function sendJsonError(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...PAGE_HEADERS, 'content-type': 'application/json; charset=utf-8', ...extra });
  res.end(JSON.stringify({ error: text }));
}
