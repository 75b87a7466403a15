// The runners a documentation code block can name with `<!-- run: … -->`
// (see blocks.ts and docs/README.md "About the examples"). Each gets the
// block and its file's DocSession and throws with the block's location and
// the captured output when the block does not do what it claims.
//
//   tsx                      run the TypeScript/JavaScript; exit 0. The block is
//                            compiled with esbuild (types stripped) and run by
//                            plain node, so `forge-skill-builder` resolves
//                            through node_modules to the built package (dist/),
//                            as in a user's project
//   tsx serve [open=/path]   start it, wait for port 3000 (replaced by a free
//                            port), check GET /api/settings/skill-builder
//                            answers 200; with open=, load that page in
//                            Chromium and wait for both elements to render
//                            with no page error; then stop it
//   module hono|next <path>  write the block to <path>, import it the way
//                            Hono (default export with fetch) or a Next.js
//                            route (GET/POST/PUT exports) would, and drive the
//                            API through it (settings, validate, a chat stream)
//   shell                    bash -euo pipefail in the project folder, with
//                            the ui server and the local model running
//   serve port=<n> [open=/path]
//                            a bash block that starts a server on port <n>
//                            (replaced by a free one) and keeps running: the
//                            page is loaded in Chromium, <forge-skill-builder>
//                            must render, and the page's own PUT and POST
//                            through the API must succeed (serve-runner.ts)
//   file <path> [mode=0755]  write the block to <path> (`~/` = $HOME) for the
//                            blocks after it
//   output                   the previous block's stdout must contain these
//                            lines in this order (`…` matches anything)
//   skill-md [profile=agentskills] [dir=name] [expect=code,code]
//                            validateSkillMd: no errors and no warnings, or
//                            exactly the listed codes
//   envelope question|draft|legacy|truncated
//                            parseEnvelope reads it as that kind of reply
//   spec                     SkillSpecSchema accepts it and the compiled
//                            SKILL.md validates with no errors
//   yaml                     parses as YAML without errors or warnings
//   signatures <module>      function signatures and interfaces of <module>,
//                            compared with the real ones by typecheck.test.ts
//                            (nothing to run)

import { spawn } from 'node:child_process';
import { transform } from 'esbuild';
import { parseDocument } from 'yaml';
import { compileSkill } from '../../src/core/skillmd/compile.js';
import { SkillSpecSchema } from '../../src/core/skillmd/spec-schema.js';
import { validateSkillMd } from '../../src/core/skillmd/validate/validate.js';
import { parseEnvelope } from '../../src/core/envelope/parse.js';
import { where, type CodeBlock } from './blocks.js';
import { watchPage } from './page-watch.js';
import { serveBlock } from './serve-runner.js';
import { DocSession, freePort, killGroup, run } from './session.js';

const NODE = process.execPath;

export class BlockError extends Error {}

function fail(block: CodeBlock, message: string, output?: { stdout?: string; stderr?: string }): never {
  const tail = (s: string | undefined, label: string) => (s && s.trim() ? `\n--- ${label} ---\n${s.trim().slice(-4000)}` : '');
  throw new BlockError(`${where(block)}: ${message}${tail(output?.stdout, 'stdout')}${tail(output?.stderr, 'stderr')}`);
}

function option(args: readonly string[], name: string): string | undefined {
  const hit = args.find((a) => a.startsWith(`${name}=`));
  return hit?.slice(name.length + 1);
}

function extensionOf(block: CodeBlock): string {
  return block.lang === 'js' || block.lang === 'javascript' || block.lang === 'mjs' ? 'mjs' : 'ts';
}

/** Writes `source` to `path` (as documented) and its esbuild-compiled ES module next to it; returns the module's path. */
async function writeModule(session: DocSession, path: string, source: string): Promise<string> {
  session.writeFile(path, source);
  const { code } = await transform(source, { loader: path.endsWith('.ts') ? 'ts' : 'js', format: 'esm', target: 'node20', sourcefile: path });
  return session.writeFile(path.replace(/\.(ts|mjs|js)$/, '.compiled.mjs'), code);
}

export async function runBlock(session: DocSession, block: CodeBlock, runner: string, args: string[]): Promise<void> {
  switch (runner) {
    case 'tsx':
      return args[0] === 'serve' ? serveTsx(session, block, args.slice(1)) : runTsx(session, block);
    case 'module':
      return runModule(session, block, args);
    case 'shell':
      return runShell(session, block);
    case 'serve':
      return serveBlock(session, block, args);
    case 'file': {
      if (!args[0]) fail(block, 'run: file needs a path');
      const mode = option(args, 'mode');
      session.writeFile(args[0], await session.substitute(block.content), mode ? parseInt(mode, 8) : undefined);
      return;
    }
    case 'output':
      return checkOutput(session, block);
    case 'skill-md':
      return checkSkillMd(block, args);
    case 'envelope':
      return checkEnvelope(block, args[0]);
    case 'spec':
      return checkSpec(block);
    case 'signatures':
      return; // checked by typecheck.test.ts
    case 'yaml': {
      const doc = parseDocument(block.content);
      if (doc.errors.length || doc.warnings.length) fail(block, `YAML problems: ${[...doc.errors, ...doc.warnings].map((e) => e.message).join('; ')}`);
      return;
    }
    default:
      fail(block, `unknown runner "${runner}"`);
  }
}

async function runTsx(session: DocSession, block: CodeBlock): Promise<void> {
  const file = await writeModule(session, `blocks/line-${block.line}.${extensionOf(block)}`, await session.substitute(block.content));
  const r = await run(NODE, [file], { cwd: session.dir, env: session.env(), timeoutMs: 45_000 });
  session.lastOutput = r.stdout;
  if (r.code !== 0) fail(block, `exited with ${r.code}`, r);
}

async function runShell(session: DocSession, block: CodeBlock): Promise<void> {
  const file = session.writeFile(`blocks/line-${block.line}.sh`, await session.substitute(block.content));
  const r = await run('bash', ['-euo', 'pipefail', file], { cwd: session.dir, env: session.env(), timeoutMs: 45_000 });
  session.lastOutput = r.stdout;
  if (r.code !== 0) fail(block, `exited with ${r.code}`, r);
}

async function waitForPort(port: number, ms: number, alive: () => boolean): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && alive()) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return false;
}

async function serveTsx(session: DocSession, block: CodeBlock, args: string[]): Promise<void> {
  const port = await freePort();
  const file = await writeModule(session, `blocks/line-${block.line}.${extensionOf(block)}`, await session.substitute(block.content, port));
  const child = spawn(NODE, [file], { cwd: session.dir, env: session.env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  session.track(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += String(d)));
  child.stderr!.on('data', (d) => (stderr += String(d)));
  try {
    if (!(await waitForPort(port, 20_000, () => child.exitCode === null))) fail(block, `never listened on the host port (3000 → ${port})`, { stdout, stderr });
    const res = await fetch(`http://localhost:${port}/api/settings/skill-builder`);
    const body = (await res.json()) as { source?: string };
    if (res.status !== 200 || typeof body.source !== 'string')
      fail(block, `GET /api/settings/skill-builder answered ${res.status} ${JSON.stringify(body)}`, { stdout, stderr });
    const page = option(args, 'open');
    if (page !== undefined) await checkPage(block, `http://localhost:${port}${page}`);
  } finally {
    killGroup(child);
  }
  session.lastOutput = stdout;
}

/** Loads a page in Chromium: both elements must be defined and render, the banner must load, no page error. */
async function checkPage(block: CodeBlock, url: string): Promise<void> {
  const { launchChromium } = await import('../e2e/support.js');
  const browser = await launchChromium();
  let errors: string[] = [];
  try {
    const page = await browser.newPage();
    errors = watchPage(page);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => {
        const b = document.querySelector('forge-skill-builder');
        const s = document.querySelector('forge-skill-settings');
        const text = b?.shadowRoot?.querySelector('[part~="banner"]')?.textContent ?? '';
        return (
          !!customElements.get('forge-skill-builder') &&
          !!customElements.get('forge-skill-settings') &&
          !!s?.shadowRoot &&
          /configured|Settings|Configure/.test(text) &&
          !/Checking/.test(text)
        );
      },
      undefined,
      { timeout: 15_000 },
    );
  } catch (err) {
    fail(block, `the page ${url} did not render both elements: ${(err as Error).message}\n${errors.join('\n')}`);
  } finally {
    await browser.close();
  }
  if (errors.length) fail(block, `the page ${url} reported:\n${errors.join('\n')}`);
}

/**
 * A Hono app that answers `/` with a page must also serve every script that
 * page loads: the elements bundle, byte for byte the package's standalone
 * build, as JavaScript.
 */
const HONO_PAGE_CHECK = `
const page = await call(new Request(origin + '/'));
if (page.status === 200 && (page.headers.get('content-type') ?? '').includes('text/html')) {
  const html = await page.text();
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const standalone = readFileSync(createRequire(import.meta.url).resolve('forge-skill-builder/standalone'), 'utf8');
  for (const [, src] of html.matchAll(/<script[^>]*\\ssrc="([^"]+)"/g)) {
    const res = await call(new Request(new URL(src, origin + '/')));
    const body = await res.text();
    if (res.status !== 200 || !/javascript/.test(res.headers.get('content-type') ?? '')) { console.error('the page loads', src, 'but the app answers', res.status, res.headers.get('content-type'), body.slice(0, 200)); process.exit(1); }
    if (src.endsWith('forge-skill-builder.elements.js') && body !== standalone) { console.error(src, 'is not the package standalone bundle'); process.exit(1); }
  }
  // The views the bundle loads on demand with import(), from its own folder.
  const { dirname, join } = await import('node:path');
  const dist = dirname(createRequire(import.meta.url).resolve('forge-skill-builder/standalone'));
  const views = (await import('node:fs')).readdirSync(dist).filter((f) => /^forge-skill-builder\\.[\\w-]+\\.js$/.test(f) && !f.endsWith('.elements.js'));
  if (!views.length) { console.error('no on-demand views beside the bundle in', dist); process.exit(1); }
  for (const f of views) {
    const res = await call(new Request(origin + '/' + f));
    if (res.status !== 200 || (await res.text()) !== readFileSync(join(dist, f), 'utf8')) { console.error('the bundle loads', f, 'on demand, but the app answers', res.status); process.exit(1); }
  }
}
`;

/** Drives a Hono app or a Next.js route module the way its framework would call it. */
async function runModule(session: DocSession, block: CodeBlock, args: string[]): Promise<void> {
  const [kind, path] = args;
  if ((kind !== 'hono' && kind !== 'next') || !path) fail(block, 'run: module needs "hono <path>" or "next <path>"');
  const compiled = await writeModule(session, path, await session.substitute(block.content));
  const modelUrl = await session.modelUrl();
  const driver = `
import * as mod from ${JSON.stringify(compiled)};
const call = ${kind === 'hono' ? '(req) => mod.default.fetch(req)' : '(req) => mod[req.method](req)'};
const origin = 'http://localhost:3000';
const send = (method, path, body) => call(new Request(origin + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined }));
const must = async (res, status, what) => {
  const text = await res.text();
  if (res.status !== status) { console.error(what, res.status, text); process.exit(1); }
  return text;
};
const put = await must(await send('PUT', '/api/settings/skill-builder', { provider: 'ollama', model: 'llama3.1', base_url: ${JSON.stringify(modelUrl)} }), 200, 'PUT settings');
if (!JSON.parse(put).has_key) { console.error('settings not saved', put); process.exit(1); }
const v = JSON.parse(await must(await send('POST', '/api/skill-builder/validate', { skill_md: '---\\nname: x\\n---\\n' }), 200, 'validate'));
if (v.valid !== false) { console.error('validate should find errors', v); process.exit(1); }
const sse = await must(await send('POST', '/api/skill-builder/chat', { messages: [{ role: 'user', content: 'a weather skill' }] }), 200, 'chat');
if (!sse.includes('event: message_delta') || !sse.includes('event: done')) { console.error('chat stream incomplete', sse); process.exit(1); }
${kind === 'hono' ? HONO_PAGE_CHECK : ''}
console.log('ok');
`;
  const file = session.writeFile(`blocks/drive-${block.line}.mjs`, driver);
  const r = await run(NODE, [file], { cwd: session.dir, env: session.env(), timeoutMs: 45_000 });
  if (r.code !== 0) fail(block, `driving the ${kind} module failed (exit ${r.code})`, r);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function checkOutput(session: DocSession, block: CodeBlock): Promise<void> {
  if (session.lastOutput === null) fail(block, 'run: output needs a block that ran before it');
  const actual = session.lastOutput.split('\n').map((l) => l.trimEnd());
  const expected = (await session.substitute(block.content))
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  let at = 0;
  for (const want of expected) {
    const re = new RegExp(`^${want.split('…').map(escapeRe).join('.*')}$`);
    while (at < actual.length && !re.test(actual[at]!)) at++;
    if (at === actual.length) fail(block, `the output has no line matching ${JSON.stringify(want)} (in order)`, { stdout: session.lastOutput });
    at++;
  }
}

function checkSkillMd(block: CodeBlock, args: string[]): void {
  const profile = option(args, 'profile') === 'agentskills' ? 'agentskills' : 'forge';
  const dirName = option(args, 'dir');
  const expect = option(args, 'expect');
  const r = validateSkillMd(block.content, { profile, ...(dirName ? { dirName } : {}) });
  const got = [...r.errors, ...r.warnings].map((d) => d.code).sort();
  const want = expect ? expect.split(',').sort() : [];
  if (JSON.stringify(got) !== JSON.stringify(want))
    fail(
      block,
      `validateSkillMd (${profile}) found [${got.join(', ')}], the doc expects [${want.join(', ')}]:\n${[...r.errors, ...r.warnings].map((d) => `${d.line ?? '-'}: ${d.code}: ${d.message}`).join('\n')}`,
    );
}

function checkEnvelope(block: CodeBlock, kind: string | undefined): void {
  const r = parseEnvelope(block.content);
  const ok =
    kind === 'question'
      ? r.structured && r.skill === null && r.message !== ''
      : kind === 'draft'
        ? r.structured &&
          r.skill !== null &&
          !r.truncated &&
          r.diagnostics.length === 0 &&
          validateSkillMd(r.skill.skillMd, { scripts: r.skill.scripts, ...(r.skill.files ? { files: r.skill.files } : {}) }).valid
        : kind === 'legacy'
          ? !r.structured && r.skill !== null
          : kind === 'truncated'
            ? r.truncated && r.message !== ''
            : fail(block, 'run: envelope needs question|draft|legacy|truncated');
  if (!ok)
    fail(
      block,
      `parseEnvelope did not read it as a ${kind} reply: ${JSON.stringify({ ...r, skill: r.skill ? { ...r.skill, skillMd: r.skill.skillMd.slice(0, 200) } : null })}`,
    );
}

function checkSpec(block: CodeBlock): void {
  const parsed = SkillSpecSchema.safeParse(JSON.parse(block.content));
  if (!parsed.success) fail(block, `SkillSpecSchema refused it: ${parsed.error.message}`);
  const v = validateSkillMd(compileSkill(parsed.data));
  if (!v.valid) fail(block, `the compiled SKILL.md has errors: ${v.errors.map((d) => d.code).join(', ')}`);
}
