// runSkillTool: runs one `## Tool:` of a draft skill the way Forge's runtime
// does — `<interpreter> skills/<name>/scripts/<tool>.<ext> '<json>'` from the
// agent folder, here a throwaway copy — with only the declared env vars, an
// egress proxy that lets through only the declared domains, a timeout that
// kills the process tree, capped output, and (by default) inside bubblewrap.
// One run per skill at a time. The values of the env vars it was given are
// replaced by `[redacted]` in what it printed, so a result can be shown or
// sent on (to the designer, in a log) without them.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { redactSecret } from '../../core/errors.js';
import { bwrapArgs, findBwrap, SANDBOX_HOME, SANDBOX_PATH, SANDBOX_TMP } from './bwrap.js';
import { createEgressPolicy } from './egress-match.js';
import { createEgressProxy, type EgressProxy } from './egress-proxy.js';
import { resolveSkillEnv } from './env.js';
import { LAUNCHER_SOURCE, SANDBOX_LAUNCHER, SANDBOX_PROXY_PORT, SANDBOX_SOCKET, type LauncherStatus } from './launcher.js';
import { fixRequestFor } from './fix-request.js';
import { checkOutput } from './output-check.js';
import { prepareRun, type PreparedRun } from './prepare.js';
import { spawnCollect, type SpawnOutcome } from './spawn.js';
import { ToolRunError, type RunSkillToolOptions, type ToolRunResult } from './types.js';
import { createRunDir, type RunDir } from './workdir.js';

const running = new Set<string>();

function proxyEnv(url: string): Record<string, string> {
  return { HTTP_PROXY: url, HTTPS_PROXY: url, http_proxy: url, https_proxy: url };
}

function baseEnv(path: string, home: string, tmp: string, declared: Record<string, string>, proxyUrl: string): Record<string, string> {
  return { ...declared, PATH: path, LANG: process.env.LANG || 'C.UTF-8', HOME: home, TMPDIR: tmp, ...proxyEnv(proxyUrl) };
}

async function runSandboxed(bwrap: string, prep: PreparedRun, dir: RunDir, proxy: EgressProxy, declared: Record<string, string>, opts: RunSkillToolOptions): Promise<SpawnOutcome> {
  await writeFile(join(dir.runtime, 'launcher.cjs'), LAUNCHER_SOURCE);
  await proxy.listen({ path: join(dir.runtime, 'proxy.sock') });
  const env = baseEnv(SANDBOX_PATH, SANDBOX_HOME, SANDBOX_TMP, declared, `http://127.0.0.1:${SANDBOX_PROXY_PORT}`);
  const launcher = [process.execPath, SANDBOX_LAUNCHER, SANDBOX_SOCKET, String(SANDBOX_PROXY_PORT), prep.interpreter, dir.scriptPath, prep.argument];
  const outcome = await spawnCollect({
    command: bwrap,
    args: [...bwrapArgs(dir), '--', ...launcher],
    cwd: dir.root,
    env,
    timeoutMs: prep.timeoutMs,
    statusFd: true,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return applyLauncherStatus(outcome);
}

/** bwrap's own exit is the launcher's; the script's exit code or signal comes from the launcher's fd-3 report. */
function applyLauncherStatus(o: SpawnOutcome): SpawnOutcome {
  if (o.timedOut || o.aborted || o.status === '') return o;
  let s: LauncherStatus;
  try {
    s = JSON.parse(o.status) as LauncherStatus;
  } catch {
    return o;
  }
  if (s.error) return { ...o, exitCode: 127, signal: null, stderr: `${o.stderr}${o.stderr && !o.stderr.endsWith('\n') ? '\n' : ''}${s.error}\n` };
  return { ...o, exitCode: s.code ?? null, signal: s.signal ?? null };
}

async function runUnsandboxed(prep: PreparedRun, dir: RunDir, proxy: EgressProxy, declared: Record<string, string>, opts: RunSkillToolOptions): Promise<SpawnOutcome> {
  const address = await proxy.listen({ tcp: true });
  const env = baseEnv(process.env.PATH ?? SANDBOX_PATH, dir.home, dir.tmp, declared, `http://${address}`);
  const o = await spawnCollect({
    command: prep.interpreter,
    args: [dir.scriptPath, prep.argument],
    cwd: dir.agent,
    env,
    timeoutMs: prep.timeoutMs,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (o.spawnError === undefined) return o;
  const missing = /ENOENT/.test(o.spawnError) ? `${prep.interpreter} is not installed (not found on PATH)` : o.spawnError;
  return { ...o, exitCode: 127, stderr: `${missing}\n` };
}

/** Runs one tool of a draft skill and reports what happened. Throws ToolRunError when the run cannot start. */
export async function runSkillTool(opts: RunSkillToolOptions): Promise<ToolRunResult> {
  const prep = prepareRun(opts);
  const mode = opts.sandbox ?? 'auto';
  if (mode !== 'auto' && mode !== 'bwrap' && mode !== 'none') throw new ToolRunError('bad_input', 'sandbox', `sandbox must be 'auto', 'bwrap' or 'none', not ${JSON.stringify(mode)}`);
  let bwrap: string | null = null;
  if (mode !== 'none') {
    const found = findBwrap();
    if ('problem' in found) throw new ToolRunError('no_sandbox', 'sandbox', found.problem);
    bwrap = found.path;
  }
  const declared = await resolveSkillEnv(prep.forge.requires.env, opts);
  const key = `${opts.agentDir ?? ''}\0${prep.skillName}`;
  if (running.has(key)) throw new ToolRunError('busy', 'tool', `a tool of "${prep.skillName}" is already running; wait for it to finish`);
  running.add(key);
  const proxy = createEgressProxy(createEgressPolicy(prep.forge.egressDomains));
  let dir: RunDir | undefined;
  try {
    dir = await createRunDir(prep.skillName, opts.skillMd, prep.scripts, prep.scriptFile);
    const raw = bwrap ? await runSandboxed(bwrap, prep, dir, proxy, declared, opts) : await runUnsandboxed(prep, dir, proxy, declared, opts);
    const values = Object.values(declared);
    const o = { ...raw, stdout: redactSecret(raw.stdout, ...values), stderr: redactSecret(raw.stderr, ...values) };
    const { json, diagnostics } = checkOutput(o.stdout, prep.tool);
    const result: Omit<ToolRunResult, 'fixRequest'> = {
      ok: o.exitCode === 0 && !o.timedOut && !o.aborted,
      exitCode: o.timedOut || o.aborted ? null : o.exitCode,
      signal: o.timedOut || o.aborted ? 'SIGKILL' : o.signal,
      timedOut: o.timedOut,
      durationMs: o.durationMs,
      stdout: o.stdout,
      stderr: o.stderr,
      truncated: o.truncated,
      json,
      outputDiagnostics: diagnostics,
      egressBlocked: [...proxy.blocked],
      sandbox: bwrap ? 'bwrap' : 'none',
      script: `scripts/${prep.scriptFile}`,
      interpreter: prep.interpreter,
      envNames: Object.keys(declared).sort(),
    };
    return { ...result, fixRequest: fixRequestFor(prep.tool.name, prep.argument, result) };
  } finally {
    running.delete(key);
    await proxy.close();
    await dir?.remove();
  }
}
