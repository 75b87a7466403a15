// The `serve` runner of documentation blocks: a bash block that starts a
// server (a bundler's dev or preview server, say) and keeps running.
//
//   serve port=<n> [open=/path]
//
// The documented port <n> is replaced by a free one; the block runs in the
// background in the project folder; once the port answers, the page is loaded
// in Chromium, <forge-skill-builder> must render its banner, and the page then
// writes through the API the way the element does — a PUT of the settings and
// a POST to validate, both from the page's own origin (so the browser sends an
// Origin header) — and both must succeed. That is what a proxy that rewrites
// Host breaks: the server sees a cross-origin write and answers 403.

import { spawn } from 'node:child_process';
import { where, type CodeBlock } from './blocks.js';
import { watchPage } from './page-watch.js';
import { DocSession, freePort, killGroup } from './session.js';

export class ServeError extends Error {}

function option(args: readonly string[], name: string): string | undefined {
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** Waits until http://localhost:<port>/ answers (a dev server may listen on ::1 only, so by name). */
async function waitForLocalhost(port: number, ms: number, alive: () => boolean): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && alive()) {
    try {
      const res = await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return false;
}

export async function serveBlock(session: DocSession, block: CodeBlock, args: string[]): Promise<void> {
  const fail = (message: string, log = ''): never => {
    throw new ServeError(`${where(block)}: ${message}${log.trim() ? `\n--- output ---\n${log.trim().slice(-4000)}` : ''}`);
  };
  const documented = option(args, 'port');
  if (!documented) fail('run: serve needs port=<the documented port>');
  const port = await freePort();
  const script = (await session.substitute(block.content)).replace(new RegExp(`\\b${documented}\\b`, 'g'), String(port));
  const file = session.writeFile(`blocks/line-${block.line}.sh`, script);
  const child = spawn('bash', ['-euo', 'pipefail', file], { cwd: session.dir, env: session.env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  session.track(child);
  let log = '';
  child.stdout!.on('data', (d) => (log += String(d)));
  child.stderr!.on('data', (d) => (log += String(d)));
  try {
    if (!(await waitForLocalhost(port, 30_000, () => child.exitCode === null))) fail(`never answered on the documented port (${documented} → ${port})`, log);
    await drivePage(`http://localhost:${port}${option(args, 'open') ?? '/'}`, await session.modelUrl(), (m) => fail(m, log));
  } finally {
    killGroup(child);
  }
}

async function drivePage(url: string, modelUrl: string, fail: (message: string) => never): Promise<void> {
  const { launchChromium } = await import('../e2e/support.js');
  const browser = await launchChromium();
  let errors: string[];
  try {
    const page = await browser.newPage();
    errors = watchPage(page);
    await page.goto(url, { waitUntil: 'load' });
    try {
      await page.waitForFunction(
        () => {
          const text = document.querySelector('forge-skill-builder')?.shadowRoot?.querySelector('[part~="banner"]')?.textContent ?? '';
          return !!customElements.get('forge-skill-builder') && /configured|Settings|Configure/.test(text) && !/Checking/.test(text);
        },
        undefined,
        { timeout: 20_000 },
      );
    } catch (err) {
      fail(`<forge-skill-builder> did not render at ${url}: ${(err as Error).message}\n${errors.join('\n')}`);
    }
    const endpoint = await page.evaluate(() => document.querySelector('forge-skill-builder')!.getAttribute('endpoint') ?? '/api');
    const writes = await page.evaluate(
      async ({ endpoint, modelUrl }) => {
        const send = async (method: string, path: string, body: unknown) => {
          const res = await fetch(endpoint + path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          return `${method} ${path} ${res.status} ${(await res.text()).slice(0, 300)}`;
        };
        return [
          await send('PUT', '/settings/skill-builder', { provider: 'ollama', model: 'llama3.1', base_url: modelUrl }),
          await send('POST', '/skill-builder/validate', { skill_md: '---\nname: x\n---\n' }),
        ];
      },
      { endpoint, modelUrl },
    );
    const refused = writes.filter((w) => !/^\S+ \S+ 200 /.test(w));
    if (refused.length) fail(`writes from the page through ${url} were refused:\n${refused.join('\n')}`);
  } finally {
    await browser.close();
  }
  if (errors.length) fail(`the page ${url} reported:\n${errors.join('\n')}`);
}
