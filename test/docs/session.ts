// One Markdown file's run: a temporary project folder (under test-results/,
// inside the repository so `npx forge-skill-builder`, `npx tsx` and `npx vite`
// resolve locally and never reach a registry) holding
//   package.json                 {"type": "module"}
//   node_modules/forge-skill-builder -> the repository (as `npm i` would link it)
//   node_modules/.bin/forge-skill-builder -> its bin
//   examples -> the repository's examples/
//   my-workspace/                the workspace every example uses
//   home/                        $HOME (so ~/.forge/ui.yaml is a temp file)
// plus, started lazily, `forge-skill-builder ui --dir ./my-workspace` on a free
// port and the doc model (doc-model.ts) served over the Ollama wire format.
//
// Placeholders (documented in docs/README.md): `localhost:4200` is the ui
// server, `localhost:11434` the local model, `3000` the port of a host app an
// example starts. Each is replaced by the real port before a block runs.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { startProviderServer, type ProviderServer } from '../helpers/provider-servers/index.js';
import { docAgentReply, docModelReply, type WireMessage } from './doc-model.js';

export const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
const BIN = join(ROOT, 'node_modules', '.bin');

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion (killed after `timeoutMs`). */
export function run(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number; input?: string }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // stdin is /dev/null unless input is given (writing to a child that exits early would raise EPIPE).
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += String(d)));
    child.stderr!.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => {
      stderr += `\n[killed after ${opts.timeoutMs ?? 30_000} ms]`;
      killGroup(child);
    }, opts.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(opts.input);
    }
  });
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export class DocSession {
  readonly dir: string;
  readonly home: string;
  readonly workspace: string;
  /** The `ui` server's access token, exported to every block as FORGE_SKILL_BUILDER_TOKEN. */
  readonly token = randomBytes(24).toString('hex');
  /** stdout of the last block that ran (for `run: output`). */
  lastOutput: string | null = null;
  private ui: { proc: ChildProcess; port: number; log: () => string } | null = null;
  private model: ProviderServer | null = null;
  private children: ChildProcess[] = [];

  constructor(label: string) {
    const base = join(ROOT, 'test-results', 'docs-run');
    mkdirSync(base, { recursive: true });
    this.dir = mkdtempSync(join(base, `${label.replace(/[^a-z0-9]+/gi, '-')}-`));
    this.home = join(this.dir, 'home');
    this.workspace = join(this.dir, 'my-workspace');
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.workspace, { recursive: true });
    mkdirSync(join(this.dir, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(this.dir, 'node_modules', 'forge-skill-builder'));
    mkdirSync(join(this.dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync('../forge-skill-builder/bin/forge-skill-builder.js', join(this.dir, 'node_modules', '.bin', 'forge-skill-builder'));
    symlinkSync(join(ROOT, 'examples'), join(this.dir, 'examples'));
    writeFileSync(join(this.dir, 'package.json'), JSON.stringify({ name: 'docs-example', private: true, type: 'module' }, null, 2));
  }

  /** The environment every block runs with: no provider keys from the outer shell, a temp HOME, never a registry. */
  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const k of ['PATH', 'LANG', 'TERM', 'TMPDIR', 'SystemRoot']) if (process.env[k] !== undefined) env[k] = process.env[k];
    env.PATH = `${BIN}:${env.PATH ?? '/usr/bin:/bin'}`;
    env.HOME = this.home;
    env.npm_config_offline = 'true';
    env.npm_config_update_notifier = 'false';
    env.NO_COLOR = '1';
    // The shell the examples run in exports the ui server's access token (docs/README.md "About the examples").
    env.FORGE_SKILL_BUILDER_TOKEN = this.token;
    return { ...env, ...extra };
  }

  /** Writes a file given relative to the project (`~/…` relative to HOME). */
  writeFile(path: string, content: string, mode?: number): string {
    const abs = path.startsWith('~/') ? join(this.home, path.slice(2)) : join(this.dir, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content, mode !== undefined ? { mode } : {});
    return abs;
  }

  async modelUrl(): Promise<string> {
    if (!this.model) {
      this.model = await startProviderServer({
        provider: 'ollama',
        deltaSize: 24,
        handler: (req) =>
          Array.isArray(req.body?.tools) && req.body.tools.length > 0
            ? docAgentReply(
                (req.body?.messages ?? []) as WireMessage[],
                req.body.tools.map((t: { function: { name: string } }) => t.function.name),
              )
            : docModelReply((req.body?.messages ?? []) as WireMessage[]),
      });
    }
    return this.model.url;
  }

  /** Starts `forge-skill-builder ui --dir ./my-workspace` (the built CLI) once, on a free port. */
  async uiPort(): Promise<number> {
    if (this.ui) return this.ui.port;
    const port = await freePort();
    const proc = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'forge-skill-builder.js'), 'ui', '--dir', './my-workspace', '--port', String(port), '--quiet', '--allow-tool-runs'],
      {
        cwd: this.dir,
        env: this.env(),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let out = '';
    proc.stdout!.on('data', (d) => (out += String(d)));
    proc.stderr!.on('data', (d) => (out += String(d)));
    this.children.push(proc);
    const started = Date.now();
    while (!out.includes('Press Ctrl-C')) {
      if (proc.exitCode !== null) throw new Error(`forge-skill-builder ui exited (${proc.exitCode}):\n${out}`);
      if (Date.now() - started > 15_000) throw new Error(`forge-skill-builder ui did not start within 15 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    this.ui = { proc, port, log: () => out };
    return port;
  }

  /** Replaces the documented placeholders with this run's ports. */
  async substitute(text: string, hostAppPort?: number): Promise<string> {
    let out = text;
    if (out.includes('localhost:4200')) out = out.replaceAll('localhost:4200', `localhost:${await this.uiPort()}`);
    if (out.includes('localhost:11434')) out = out.replaceAll('localhost:11434', new URL(await this.modelUrl()).host);
    if (hostAppPort !== undefined) out = out.replace(/\b3000\b/g, String(hostAppPort));
    return out;
  }

  track(child: ChildProcess): void {
    this.children.push(child);
  }

  async close(keep = false): Promise<void> {
    for (const c of this.children) killGroup(c);
    await Promise.all(
      this.children.map((c) =>
        c.exitCode !== null || c.signalCode !== null
          ? undefined
          : new Promise<void>((r) => {
              const t = setTimeout(() => {
                killGroup(c, 'SIGKILL');
                r();
              }, 3_000);
              c.once('exit', () => {
                clearTimeout(t);
                r();
              });
            }),
      ),
    );
    await this.model?.close();
    if (!keep) rmSync(this.dir, { recursive: true, force: true });
  }
}
