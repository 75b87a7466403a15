// One chat turn, three surfaces: the SDK's createWorkspaceSkillBuilder, the HTTP chat
// route (over real HTTP) and the terminal chat all run the node builder, so
// each turn reads the workspace settings again. A key rotated in .forge/.env
// between two messages reaches the provider on the second (the local OpenAI
// wire server records the Authorization header), and a base_url the user has
// not trusted is refused with the same message everywhere — when the session
// starts, and when trust is withdrawn between two turns — before any request.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { createWorkspaceSkillBuilder } from '../../src/node/builder.js';
import { main } from '../../src/node/cli.js';
import type { RunningServer } from '../../src/node/server.js';
import { startOpenServer } from '../helpers/server-token.js';
import { startProviderServer, type ProviderServer } from '../helpers/provider-servers/index.js';
import { thrown } from '../helpers/node-guards.js';
import { writeTrustedWorkspace } from '../helpers/trusted-workspace.js';
import { testIo, type TestIo } from './cli/support.js';
import { readSse } from './http/support.js';

const OLD_KEY = 'sk-turn-OLD-key-1111111111';
const NEW_KEY = 'sk-turn-NEW-key-2222222222';

let root: string;
let home: string;
let provider: ProviderServer;
let server: RunningServer | undefined;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-turn-'));
  provider = await startProviderServer({
    provider: 'openai',
    handler: (req) => JSON.stringify({ message: `Reply to ${(req.body.messages as Array<{ content: string }>).at(-1)!.content}.`, skill: null }),
  });
  home = await writeTrustedWorkspace(root, provider.url, OLD_KEY);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await provider.close();
  await rm(root, { recursive: true, force: true });
});

const rotateKey = () => writeFile(join(root, '.forge/.env'), `OPENAI_API_KEY=${NEW_KEY}\n`, { mode: 0o600 });
const withdrawTrust = () => writeFile(join(home, '.forge/ui.yaml'), 'trusted_base_urls: []\n');
const sentKeys = () => provider.requests.map((r) => r.headers.authorization);
const user = (content: string) => [{ role: 'user' as const, content }];

/** The SDK: two turns of one builder, `between` run after the first. Returns the second turn's refusal, if any. */
async function sdkTwoTurns(between: () => Promise<void>): Promise<string | undefined> {
  const builder = await createWorkspaceSkillBuilder({ workspaceDir: root, homeDir: home, env: {} });
  expect((await builder.send(user('one'))).message).toBe('Reply to one.');
  await between();
  try {
    expect((await builder.send(user('two'))).message).toBe('Reply to two.');
    return undefined;
  } catch (err) {
    expect(ConfigError.isInstance(err)).toBe(true);
    return (err as ConfigError).message;
  }
}

/** One POST /api/skill-builder/chat; the SSE events, or the error of a refused request. */
async function httpTurn(content: string): Promise<{ status: number; error?: string; last?: string }> {
  server ??= await startOpenServer({ workspaceDir: root, homeDir: home, env: {}, port: 0, serveDemo: false });
  const res = await fetch(`${server.url}/api/skill-builder/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: user(content) }),
  });
  if (res.status !== 200) return { status: res.status, error: ((await res.json()) as { error: string }).error };
  return { status: 200, last: (await readSse(res.body)).at(-1)?.event };
}

/** The terminal chat with stdin fed line by line: `between` runs once the first reply is on screen. */
async function cliTwoTurns(between: () => Promise<void>): Promise<{ code: number; io: TestIo }> {
  const io = testIo({ cwd: root, homeDir: home });
  const stdin = io.stdin as PassThrough;
  const run = main(['chat', '--dir', root], io);
  stdin.write('one\n');
  await io.waitForOutput('Reply to one.');
  await between();
  stdin.end('two\n'); // the session runs that turn, then ends at the end of input
  return { code: await run, io };
}

describe('a key rotated in .forge/.env between two turns is sent on the second', () => {
  it('SDK: createWorkspaceSkillBuilder', async () => {
    expect(await sdkTwoTurns(rotateKey)).toBeUndefined();
    expect(sentKeys()).toEqual([`Bearer ${OLD_KEY}`, `Bearer ${NEW_KEY}`]);
  });

  it('HTTP: POST /api/skill-builder/chat', async () => {
    expect(await httpTurn('one')).toEqual({ status: 200, last: 'done' });
    await rotateKey();
    expect(await httpTurn('two')).toEqual({ status: 200, last: 'done' });
    expect(sentKeys()).toEqual([`Bearer ${OLD_KEY}`, `Bearer ${NEW_KEY}`]);
  });

  it('CLI: forge-skill-builder chat', async () => {
    const { code, io } = await cliTwoTurns(rotateKey);
    expect(code).toBe(0);
    expect(io.out()).toContain('assistant> Reply to two.');
    expect(sentKeys()).toEqual([`Bearer ${OLD_KEY}`, `Bearer ${NEW_KEY}`]);
    expect(io.out() + io.err()).not.toContain('sk-turn-');
  });
});

describe('an untrusted base_url is refused the same way on every surface', () => {
  it('when the session starts: the same message from the SDK, the HTTP route and the CLI, and no request', async () => {
    await withdrawTrust();
    const sdk = (await thrown(() => createWorkspaceSkillBuilder({ workspaceDir: root, homeDir: home, env: {} }))) as ConfigError;
    expect(ConfigError.isInstance(sdk)).toBe(true);
    expect(sdk.field).toBe('base_url');
    expect(sdk.message).toContain('trusted_base_urls');
    expect(sdk.message).toContain('127.0.0.1');

    expect(await httpTurn('one')).toEqual({ status: 400, error: sdk.message });

    const io = testIo({ cwd: root, homeDir: home, stdinLines: ['one'] });
    expect(await main(['chat', '--dir', root], io)).toBe(1);
    expect(io.err()).toBe(`forge-skill-builder chat: ${sdk.message}\n`);

    expect(provider.requests).toHaveLength(0);
  });

  it('when trust is withdrawn between two turns: the second is refused with that message on all three', async () => {
    const sdk = await sdkTwoTurns(withdrawTrust);
    expect(sdk).toContain('trusted_base_urls');

    await writeTrustedWorkspace(root, provider.url, OLD_KEY);
    expect(await httpTurn('one')).toEqual({ status: 200, last: 'done' });
    await withdrawTrust();
    expect(await httpTurn('two')).toEqual({ status: 400, error: sdk });

    await writeTrustedWorkspace(root, provider.url, OLD_KEY);
    const { code, io } = await cliTwoTurns(withdrawTrust);
    expect(code).toBe(0); // the session goes on: the operator can trust the origin and send again
    expect(io.err()).toContain(`error: ${sdk}\n`);
    expect(io.out()).not.toContain('Reply to two.');

    expect(provider.requests).toHaveLength(3); // one first turn per surface, no second
  });
});
