// The user's own commands, verbatim, against the BUILT command line
// (`node bin/forge-skill-builder.js ui --dir <ws>` as a child process):
// settings through curl (seed: skill-builder-llm.txt "Via the API"), the
// file-based set-up ("Via the file") followed by launching the server, a clean
// SIGINT with an in-flight stream closed, and a port already in use.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProviderServer } from '../../helpers/provider-servers/index.js';
import { readSse } from '../http/support.js';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/forge-skill-builder.js');

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function portIsFree(port: number): Promise<boolean> {
  const s = createServer();
  return new Promise((resolve) => {
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

const PORT_4200_FREE = await portIsFree(4200);
/** The token the documented shell lines use: they run where FORGE_SKILL_BUILDER_TOKEN is exported, as docs/README.md says. */
const TOKEN = randomBytes(24).toString('hex');
const AUTH = `-H "Authorization: Bearer $FORGE_SKILL_BUILDER_TOKEN"`;

interface Child {
  proc: ChildProcess;
  out(): string;
  err(): string;
  exited: Promise<number | null>;
}

const children: Child[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir(prefix: string): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** Starts the built CLI; resolves once it printed that it is serving. HOME points at a temp folder. */
async function launch(args: string[], home: string, waitFor: string | null = 'Press Ctrl-C', token: string | null = TOKEN): Promise<Child> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  delete env.OPENAI_API_KEY;
  delete env.FORGE_SKILL_BUILDER_TOKEN;
  if (token !== null) env.FORGE_SKILL_BUILDER_TOKEN = token;
  const proc = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d) => (out += String(d)));
  proc.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const child: Child = { proc, out: () => out, err: () => err, exited };
  children.push(child);
  if (waitFor !== null) {
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (out.includes(waitFor)) resolve();
      };
      proc.stdout!.on('data', check);
      void exited.then((code) => reject(new Error(`CLI exited (${code}) before serving:\n${out}\n${err}`)));
      check();
    });
  }
  return child;
}

/** Runs a shell command line exactly as a user would type it. */
async function sh(command: string): Promise<string> {
  const { stdout } = await run('bash', ['-c', command], { env: { ...process.env, FORGE_SKILL_BUILDER_TOKEN: TOKEN } });
  return stdout;
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/node/cli.js'))) await run('npm', ['run', 'build'], { cwd: ROOT, timeout: 240_000 });
}, 300_000);

// curl is installed by scripts/install-chromium.sh (part of the README test command); without it these fail.
describe('the user document, verbatim, against the built CLI', () => {
  it('"Via the API": PUT the settings with a key, then GET them (source workspace, has_key, no key)', async () => {
    const ws = join(await tempDir('fsb-built-'), 'ws');
    const home = await tempDir('fsb-built-home-');
    const port = await freePort();
    const child = await launch(['ui', '--dir', ws, '--port', String(port)], home);
    const put = await sh(
      `curl -X PUT http://localhost:${port}/api/settings/skill-builder \\\n  ${AUTH} \\\n  -H 'Content-Type: application/json' \\\n  -d '{"provider":"openai","model":"gpt-4.1","api_key":"sk-..."}'`,
    );
    const get = await sh(`curl ${AUTH} http://localhost:${port}/api/settings/skill-builder`);
    for (const text of [put, get]) {
      expect(JSON.parse(text)).toMatchObject({ provider: 'openai', model: 'gpt-4.1', source: 'workspace', has_key: true, api_key_env: 'OPENAI_API_KEY' });
      expect(text).not.toContain('sk-...');
    }
    expect(await readFile(join(ws, '.forge/.env'), 'utf8')).toBe('OPENAI_API_KEY=sk-...\n');
    expect((await stat(join(ws, '.forge/.env'))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(ws, '.forge/.gitignore'), 'utf8')).toMatch(/^\.env$/m);
    expect(await readFile(join(ws, '.forge/ui.yaml'), 'utf8')).not.toContain('sk-');

    // The second snippet: no api_key leaves the saved key untouched.
    const again = await sh(
      `curl -X PUT http://localhost:${port}/api/settings/skill-builder \\\n  ${AUTH} \\\n  -H 'Content-Type: application/json' \\\n  -d '{"provider":"openai","model":"gpt-4.1"}'`,
    );
    expect(JSON.parse(again)).toMatchObject({ has_key: true, source: 'workspace' });
    expect(await readFile(join(ws, '.forge/.env'), 'utf8')).toBe('OPENAI_API_KEY=sk-...\n');

    child.proc.kill('SIGINT');
    expect(await child.exited).toBe(0);
    expect(child.err()).toContain('stopped.');
    expect(child.out() + child.err()).not.toContain('sk-...');
  });

  it.skipIf(!PORT_4200_FREE)('the same curl lines work on the default port 4200', async () => {
    const ws = join(await tempDir('fsb-built-'), 'ws');
    const home = await tempDir('fsb-built-home-');
    const child = await launch(['ui', '--dir', ws], home);
    expect(child.out()).toContain(`http://127.0.0.1:4200/?token=${TOKEN}`);
    await sh(`curl -X PUT http://localhost:4200/api/settings/skill-builder \\
  ${AUTH} \\
  -H 'Content-Type: application/json' \\
  -d '{"provider":"openai","model":"gpt-4.1","api_key":"sk-..."}'`);
    const get = await sh(`curl ${AUTH} http://localhost:4200/api/settings/skill-builder`);
    expect(JSON.parse(get)).toMatchObject({ source: 'workspace', has_key: true });
    expect(get).not.toContain('sk-...');
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  });

  it('"Via the file": the mkdir/cat/echo/chmod set-up, then launching the server', async () => {
    const ws = join(await tempDir('fsb-built-'), 'my ws');
    const home = await tempDir('fsb-built-home-');
    const q = `'${ws}'`;
    await sh(`mkdir -p ${q}/.forge
cat > ${q}/.forge/ui.yaml <<'YAML'
skill_builder:
  provider: openai
  model: gpt-4.1
YAML
echo 'OPENAI_API_KEY=sk-...' > ${q}/.forge/.env
chmod 600 ${q}/.forge/.env
echo '.env' > ${q}/.forge/.gitignore`);
    const port = await freePort();
    const child = await launch(['ui', '--dir', ws, '--port', String(port)], home);
    expect(child.out()).toMatch(/LLM: +openai gpt-4\.1 \(source: workspace.*key from OPENAI_API_KEY\)/);
    const get = await sh(`curl ${AUTH} http://localhost:${port}/api/settings/skill-builder`);
    expect(JSON.parse(get)).toMatchObject({ provider: 'openai', model: 'gpt-4.1', source: 'workspace', has_key: true });
    expect(get).not.toContain('sk-...');
    child.proc.kill('SIGINT');
    expect(await child.exited).toBe(0);
  });
});

describe('the built CLI', () => {
  it('prints a page URL with a fresh token; only that token opens the page and the API (issue 21)', async () => {
    const ws = await tempDir('fsb-built-token-');
    const home = await tempDir('fsb-built-home-');
    const first = await launch(['ui', '--dir', ws, '--port', '0', '--quiet'], home, 'Press Ctrl-C', null);
    const m = /open: +(http:\/\/127\.0\.0\.1:(\d+))\/\?token=([A-Za-z0-9_-]{43})\n/.exec(first.out());
    expect(m, first.out()).not.toBeNull();
    const [, url, , token] = m!;
    // A program on the same machine without the token: refused, and nothing is written.
    const put = await fetch(`${url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"provider":"ollama","model":"m"}',
    });
    expect(put.status).toBe(401);
    expect(existsSync(join(ws, '.forge', 'ui.yaml'))).toBe(false);
    expect((await fetch(`${url}/`)).status).toBe(401);
    // The printed URL: the cookie, then the page.
    const open = await fetch(`${url}/?token=${token}`, { redirect: 'manual' });
    expect(open.status).toBe(303);
    const cookie = open.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${url}/`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${url}/api/agents`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Each start makes a new one.
    const second = await launch(['ui', '--dir', ws, '--port', '0', '--quiet'], home, 'Press Ctrl-C', null);
    expect(second.out()).toMatch(/\?token=[A-Za-z0-9_-]{43}\n/);
    expect(second.out()).not.toContain(token!);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('closes an in-flight chat stream and exits 0 on SIGINT', async () => {
    const provider = await startProviderServer({
      provider: 'openai',
      replies: [{ text: JSON.stringify({ message: 'A reply that is still streaming when the server stops.', skill: null }), hang: { afterDeltas: 3 } }],
    });
    try {
      const ws = await tempDir('fsb-built-sig-');
      const home = await tempDir('fsb-built-home-');
      await sh(
        `mkdir -p '${ws}/.forge' && printf 'skill_builder:\\n  provider: openai\\n  model: gpt-4.1\\n  base_url: ${provider.url}\\n' > '${ws}/.forge/ui.yaml' && printf 'OPENAI_API_KEY=sk-sig-test-123456\\n' > '${ws}/.forge/.env' && mkdir -p '${home}/.forge' && printf 'trusted_base_urls:\\n  - ${provider.url}\\n' > '${home}/.forge/ui.yaml'`,
      );
      const port = await freePort();
      const child = await launch(['ui', '--dir', ws, '--port', String(port)], home);
      const res = await fetch(`http://localhost:${port}/api/skill-builder/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] }),
      });
      expect(res.status).toBe(200);
      let signalled = false;
      const events = await readSse(res.body, {
        stopAfter: (e) => {
          if (e.event === 'message_delta' && !signalled) {
            signalled = true;
            child.proc.kill('SIGINT');
          }
          return false;
        },
      });
      expect(signalled).toBe(true);
      expect(events.at(-1)!.event).toBe('error');
      expect(events.at(-1)!.data.error).toMatch(/shutting down/);
      expect(await child.exited).toBe(0);
      expect(await provider.requests[0]!.done).toBe('client-closed');
      expect(child.err()).toMatch(/SIGINT: closing open streams/);
    } finally {
      await provider.close();
    }
  });

  it('says the port is in use and suggests --port', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const ws = await tempDir('fsb-built-busy-');
      const child = await launch(['ui', '--dir', ws, '--port', String(port)], ws, null);
      expect(await child.exited).toBe(1);
      expect(child.err()).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*--port`));
    } finally {
      blocker.close();
    }
  });
});
