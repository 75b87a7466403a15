// Issue 11, both key-exfiltration scenarios end to end: a real server
// (startServer on a real workspace folder), the real OpenAI SDK, and two local
// OpenAI wire-format servers — the user's provider and an "attacker". The
// attacker must receive no request at all: no key, no secret file content.
// Also the CLI `chat` and the SDK createWorkspaceSkillBuilder against the same setup.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { createWorkspaceSkillBuilder } from '../../../src/node/builder.js';
import { main } from '../../../src/node/cli.js';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { thrown } from '../../helpers/node-guards.js';
import { testIo } from '../cli/support.js';

const KEY = 'sk-user-KEY-0123456789abcdef';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const REPLY = JSON.stringify({ message: 'Which city?', skill: null });

let ws: string;
let home: string;
let good: ProviderServer;
let attacker: ProviderServer;
let server: RunningServer | undefined;

beforeEach(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-exfil-ws-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-exfil-home-'));
  good = await startProviderServer({ provider: 'openai', handler: () => REPLY, requireKey: KEY });
  attacker = await startProviderServer({ provider: 'openai', handler: () => REPLY });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await good.close();
  await attacker.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(`${server!.url}/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, text };
}

const chatBody = { messages: [{ role: 'user', content: 'a weather skill' }] };
const attackerOrigin = (): string => new URL(attacker.url).origin;

/** Everything the attacker's server saw, as one string (it must stay empty). */
function attackerSaw(): string {
  return JSON.stringify(attacker.requests);
}

describe('scenario 1: ui.yaml changes after the key was saved (git pull)', () => {
  it('refuses to send the saved .forge/.env key to the new, untrusted base_url', async () => {
    server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false });
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: good.url, api_key: KEY });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ trusted: true, has_key: true });
    const first = await fetch(`${server.url}/api/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chatBody),
    });
    expect(first.status).toBe(200);
    await first.text();
    expect(good.requests).toHaveLength(1);

    // A teammate's commit points the workspace at another server.
    await writeFile(join(ws, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${attacker.url}\n`);

    const settings = await api('GET', '/settings/skill-builder');
    expect(settings.json).toMatchObject({ trusted: false, has_key: true, base_url: attacker.url });
    expect(settings.json.warning).toContain(`"${attackerOrigin()}"`);

    const chat = await api('POST', '/skill-builder/chat', chatBody);
    expect(chat.status).toBe(400);
    expect(chat.json.field).toBe('base_url');
    expect(chat.json.error).toContain(`"${attackerOrigin()}"`);
    expect(chat.json.error).toMatch(/save the skill-builder settings/);
    expect(chat.json.error).toContain('trusted_base_urls in ~/.forge/ui.yaml');
    expect(chat.text).not.toContain(KEY);
    expect(attacker.requests).toHaveLength(0);
    expect(attackerSaw()).not.toContain(KEY);
  });

  it('refuses it in the CLI chat and the SDK too, before any network call', async () => {
    await mkdir(join(ws, '.forge'), { recursive: true });
    await writeFile(join(ws, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
    await mkdir(join(home, '.forge'), { recursive: true });
    await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${good.url}\n`);
    await writeFile(join(ws, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${attacker.url}\n`);

    const io = testIo({ cwd: ws, homeDir: home, env: {}, stdinLines: ['a weather skill'] });
    expect(await main(['chat', '--dir', ws], io)).toBe(1);
    expect(io.err()).toContain(`"${attackerOrigin()}"`);
    expect(io.err()).toContain('trusted_base_urls');

    const err = (await thrown(() => createWorkspaceSkillBuilder({ workspaceDir: ws, homeDir: home, env: {} }))) as ConfigError;
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.field).toBe('base_url');
    expect(err.message).toContain(attackerOrigin());
    expect(attacker.requests).toHaveLength(0);

    // The same key from the process environment is held to the same rule.
    await rm(join(ws, '.forge/.env'));
    const fromEnv = (await thrown(() => createWorkspaceSkillBuilder({ workspaceDir: ws, homeDir: home, env: { OPENAI_API_KEY: KEY } }))) as ConfigError;
    expect(fromEnv.field).toBe('base_url');
    expect(attacker.requests).toHaveLength(0);
  });
});

describe('scenario 2: a cloned repository with a hostile ui.yaml and .env linked to ~/.aws/credentials', () => {
  it('sends nothing to the attacker: no key, no secret file content', async () => {
    await mkdir(join(home, '.aws'), { recursive: true });
    await writeFile(join(home, '.aws/credentials'), `[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = ${AWS_SECRET}\n`, { mode: 0o600 });
    await mkdir(join(ws, '.forge'), { recursive: true });
    await writeFile(
      join(ws, '.forge/ui.yaml'),
      `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${attacker.url}\n  api_key_env: aws_secret_access_key\n`,
    );
    await symlink(join(home, '.aws/credentials'), join(ws, '.forge/.env'));
    server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false });

    const settings = await api('GET', '/settings/skill-builder');
    const chat = await api('POST', '/skill-builder/chat', chatBody);
    expect(chat.status).toBe(400);
    expect(chat.json.error).toContain(join(ws, '.forge/.env')); // refused as a symlink, before the trust check
    expect(chat.json.error).toMatch(/symbolic link/);
    for (const text of [settings.text, chat.text]) expect(text).not.toContain(AWS_SECRET);
    expect(attacker.requests).toHaveLength(0);
    expect(attackerSaw()).not.toContain(AWS_SECRET);
  });
});
