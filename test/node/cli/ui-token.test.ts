// `ui` and its access token (issue 21): the printed URL carries it; --token and
// FORGE_SKILL_BUILDER_TOKEN set it (the flag wins); --no-token turns it off
// with a warning; a malformed or contradictory choice is a usage error.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { printedServer } from '../../helpers/server-token.js';
import { testIo } from './support.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-ui-token-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs `ui` with the flags and env until it serves; returns what it printed and a stop function. */
async function startUi(flags: string[], env: Record<string, string> = {}) {
  const io = testIo({ cwd: root, homeDir: root, env });
  const running = main(['ui', '--dir', 'ws', '--port', '0', '--quiet', ...flags], io);
  const out = await io.waitForOutput('Press Ctrl-C');
  return {
    out,
    err: () => io.err(),
    stop: async () => {
      io.shutdown('SIGTERM');
      expect(await running).toBe(0);
    },
  };
}

describe('ui: the access token', () => {
  it('prints the page URL with a new token; the API refuses a request without it', async () => {
    const ui = await startUi([]);
    try {
      const { url, token, auth } = printedServer(ui.out);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(ui.out).toMatch(/API: +http:\/\/127\.0\.0\.1:\d+\/api \(send "Authorization: Bearer/);
      expect((await fetch(`${url}/api/agents`)).status).toBe(401);
      expect((await fetch(`${url}/api/agents`, { headers: auth })).status).toBe(200);
      expect(ui.err()).not.toMatch(/warning/);
    } finally {
      await ui.stop();
    }
  });

  it('--token and FORGE_SKILL_BUILDER_TOKEN set it; the flag wins', async () => {
    const fromEnv = await startUi([], { FORGE_SKILL_BUILDER_TOKEN: 'from-the-env-0123' });
    try {
      const p = printedServer(fromEnv.out);
      expect(p.token).toBe('from-the-env-0123');
      expect((await fetch(`${p.url}/api/agents`, { headers: p.auth })).status).toBe(200);
    } finally {
      await fromEnv.stop();
    }
    const fromFlag = await startUi(['--token', 'from-the-flag-4567'], { FORGE_SKILL_BUILDER_TOKEN: 'from-the-env-0123' });
    try {
      const p = printedServer(fromFlag.out);
      expect(p.token).toBe('from-the-flag-4567');
      expect((await fetch(`${p.url}/api/agents`, { headers: { authorization: 'Bearer from-the-env-0123' } })).status).toBe(401);
      expect((await fetch(`${p.url}/api/agents`, { headers: p.auth })).status).toBe(200);
    } finally {
      await fromFlag.stop();
    }
  });

  it('--no-token warns and lets every request in', async () => {
    const ui = await startUi(['--no-token'], { FORGE_SKILL_BUILDER_TOKEN: 'ignored-when-off' });
    try {
      const url = /open: +(http:\/\/127\.0\.0\.1:\d+)\/\n/.exec(ui.out)![1]!;
      expect(ui.out).not.toContain('token=');
      expect(ui.err()).toMatch(/warning: --no-token: the API answers every program on this machine/);
      expect((await fetch(`${url}/api/agents`)).status).toBe(200);
      expect((await fetch(`${url}/`)).status).toBe(200);
    } finally {
      await ui.stop();
    }
  });

  it('refuses a malformed token and --token with --no-token (exit 2, the fix named)', async () => {
    const bad = testIo({ cwd: root, homeDir: root });
    expect(await main(['ui', '--dir', 'ws', '--port', '0', '--token', 'two words'], bad)).toBe(2);
    expect(bad.err()).toMatch(/--token must be 1 to 512 characters/);
    const badEnv = testIo({ cwd: root, homeDir: root, env: { FORGE_SKILL_BUILDER_TOKEN: 'semi;colon' } });
    expect(await main(['ui', '--dir', 'ws', '--port', '0'], badEnv)).toBe(2);
    expect(badEnv.err()).toMatch(/FORGE_SKILL_BUILDER_TOKEN must be 1 to 512 characters/);
    const both = testIo({ cwd: root, homeDir: root });
    expect(await main(['ui', '--dir', 'ws', '--port', '0', '--token', 'abc', '--no-token'], both)).toBe(2);
    expect(both.err()).toMatch(/--token and --no-token contradict/);
  });
});
