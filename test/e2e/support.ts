// Harness of the browser end-to-end test: a fresh workspace on disk, the built
// `forge-skill-builder ui` in a child process (a free port, a throwaway HOME,
// no provider keys in its environment), Debian Chromium through
// playwright-core, and step screenshots under test-results/e2e/.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SHOTS = join(ROOT, 'test-results', 'e2e');
const BIN = join(ROOT, 'bin', 'forge-skill-builder.js');

/** The built files the test runs; `npm test` builds them first. */
export function missingBuild(): string[] {
  return ['dist/node/cli.js', 'dist/forge-skill-builder.elements.js'].filter((f) => !existsSync(join(ROOT, f)));
}

export interface Workspace {
  dir: string;
  home: string;
  remove(): Promise<void>;
}

/** An empty workspace (no .forge/) with one agent folder holding a forge.yaml, and an empty HOME. */
export async function makeWorkspace(agent: string): Promise<Workspace> {
  const dir = await mkdtemp(join(tmpdir(), 'fsb-e2e-ui-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-e2e-home-'));
  await mkdir(join(dir, agent), { recursive: true });
  await writeFile(join(dir, agent, 'forge.yaml'), `agent_id: ${agent}\nversion: 0.1.0\n`);
  return {
    dir,
    home,
    remove: async () => {
      await rm(dir, { recursive: true, force: true });
      await rm(home, { recursive: true, force: true });
    },
  };
}

export interface UiProcess {
  /** The origin, `http://127.0.0.1:<port>`. */
  url: string;
  /** The URL as printed, with the access token (`…/?token=<t>`): what the browser opens. */
  pageUrl: string;
  /** `{authorization: 'Bearer <token>'}`: the header a script sends to the API. */
  auth: { authorization: string };
  /** Everything the process wrote, for failure messages and the key check. */
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts `forge-skill-builder ui --dir <ws> --port 0 [...extra]` and resolves with the URL it prints (token included). */
export async function startUi(ws: Workspace, extra: string[] = []): Promise<UiProcess> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'ui', '--dir', ws.dir, '--port', '0', ...extra], {
    cwd: ws.dir,
    // Only what node needs: no OPENAI_API_KEY or other provider variables leak in from the runner.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws.home, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pageUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ui did not print its URL within 10 s:\n${out}`)), 10_000);
    const check = () => {
      const m = /open: +(http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`ui exited with ${code} before serving:\n${out}`));
    });
  });
  return {
    url: new URL(pageUrl).origin,
    pageUrl,
    auth: { authorization: `Bearer ${new URL(pageUrl).searchParams.get('token')}` },
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Debian's Chromium, headless, quiet (no sandbox in containers, no background traffic); also used by test/docs and the screenshot tool. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Saves numbered step screenshots of one run: test-results/e2e/<tag>-<nn>-<step>.png. */
export function shooter(page: Page, tag: string) {
  let n = 0;
  return async (
    step: string,
    opts: { fullPage?: boolean; path?: string; clip?: { x: number; y: number; width: number; height: number } } = {},
  ): Promise<string> => {
    const file = opts.path ?? join(SHOTS, `${tag}-${String(++n).padStart(2, '0')}-${step}.png`);
    // Let transitions and the debounced validation settle; a screenshot is for eyes, not for timing.
    await page.waitForTimeout(120);
    await page.screenshot({ path: file, fullPage: opts.fullPage ?? false, ...(opts.clip ? { clip: opts.clip } : {}) });
    return file;
  };
}
