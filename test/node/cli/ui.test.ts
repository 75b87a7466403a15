// `ui` in-process: creates the workspace folder, serves the API and the page,
// prints the URL and the LLM source, stops on the shutdown signal with open
// streams closed, and explains a port already in use.
import { createServer } from 'node:net';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { printedServer } from '../../helpers/server-token.js';
import { testIo } from './support.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-ui-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('ui', () => {
  it('creates the workspace, serves until shutdown and prints the URL and LLM source', async () => {
    const io = testIo({ cwd: root, homeDir: root });
    const running = main(['ui', '--dir', 'new-ws', '--port', '0'], io);
    const out = await io.waitForOutput('Press Ctrl-C');
    expect((await stat(join(root, 'new-ws'))).isDirectory()).toBe(true);
    const { url, auth } = printedServer(out);
    expect(out).toMatch(/LLM: +not configured yet/);
    const agents = await fetch(`${url}/api/agents`, { headers: auth });
    expect(await agents.json()).toEqual([]);
    const page = await fetch(`${url}/`, { headers: auth });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    io.shutdown('SIGTERM');
    expect(await running).toBe(0);
    expect(io.err()).toMatch(/GET \/api\/agents 200/);
    expect(io.err()).toMatch(/SIGTERM: closing open streams/);
    await expect(fetch(`${url}/api/agents`, { headers: auth })).rejects.toThrow();
  });

  it('says the port is in use and suggests --port', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const io = testIo({ cwd: root, homeDir: root });
      expect(await main(['ui', '--dir', root, '--port', String(port)], io)).toBe(1);
      expect(io.err()).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*--port ${port + 1}`));
    } finally {
      blocker.close();
    }
  });
});
