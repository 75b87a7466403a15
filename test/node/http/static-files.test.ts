// startServer's non-API paths: the demo page, the standalone bundle under
// /elements/, and nothing else — no traversal, no dotfiles, no symlinks out,
// no other build files; the Host check applies here too.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import { rawRequest } from './support.js';

let root: string;
let server: RunningServer;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-static-'));
  await mkdir(join(root, 'demo'), { recursive: true });
  await mkdir(join(root, 'dist/node'), { recursive: true });
  await mkdir(join(root, 'ws'), { recursive: true });
  await writeFile(join(root, 'demo/index.html'), '<!doctype html><title>demo</title>');
  await writeFile(join(root, 'demo/style.css'), 'body{}');
  await writeFile(join(root, 'demo/.env'), 'SECRET=1');
  await writeFile(join(root, 'secret.txt'), 'outside');
  await symlink(join(root, 'secret.txt'), join(root, 'demo/link.txt'));
  await writeFile(join(root, 'dist/forge-skill-builder.elements.js'), 'export {};');
  await writeFile(join(root, 'dist/node/cli.js'), 'internal');
  server = await startOpenServer({
    workspaceDir: join(root, 'ws'),
    port: 0,
    env: {},
    homeDir: root,
    staticRoots: { demoDir: join(root, 'demo'), distDir: join(root, 'dist') },
  });
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('static files of the ui server', () => {
  it('serves the demo page, its assets and the elements bundle', async () => {
    const page = await rawRequest(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<title>demo</title>');
    expect((await rawRequest(`${server.url}/style.css`)).headers['content-type']).toMatch(/text\/css/);
    const bundle = await rawRequest(`${server.url}/elements/forge-skill-builder.elements.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect((await rawRequest(`${server.url}/favicon.ico`)).status).toBe(204);
  });

  it('serves nothing outside those files', async () => {
    for (const path of [
      '/elements/node/cli.js',
      '/elements/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/.env',
      '/link.txt',
      '/missing.html',
      '/elements/%00.js',
    ]) {
      const r = await rawRequest(`${server.url}${path}`);
      expect(r.status, path).toBe(404);
      expect(r.text, path).not.toMatch(/outside|SECRET|internal/);
    }
  });

  it('answers only GET and HEAD, and applies the Host check', async () => {
    const post = await rawRequest(`${server.url}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const head = await rawRequest(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect((await rawRequest(`${server.url}/`, { headers: { host: 'evil.example' } })).status).toBe(421);
  });

  it('shows a page listing the API when demo/index.html is missing', async () => {
    await rm(join(root, 'demo/index.html'));
    const page = await rawRequest(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('POST /api/agents/:id/skill-builder/chat');
    expect(page.text).toContain('GET /api/settings/skill-builder');
  });
});
