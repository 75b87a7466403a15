// runSkillTool: runs one `## Tool:` of a draft skill the way Forge's runtime
// does — `<interpreter> skills/<name>/scripts/<tool>.<ext> '<json>'` from the
// agent folder, here a throwaway copy — with only the declared env vars, an
// egress proxy that lets through only the declared domains, a timeout that
// kills the process tree, capped output, and (by default) inside bubblewrap.
// One run per skill at a time. The values of the env vars it was given are
// replaced by `[redacted]` in what it printed, so a result can be shown or
// sent on (to the designer, in a log) without them. Every run is observed
// (observe-run.ts): the hosts it asked for, and under strace the programs it
// executed and the files it wrote.

import { closeSync, existsSync, openSync } from 'node:fs';
import { chown, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { redactSecret } from '../../core/errors.js';
import { bwrapArgs, ETC_FIRST_FD, findBwrap, sandboxUid, SANDBOX_AGENT, SANDBOX_HOME, SANDBOX_PATH, SANDBOX_TMP } from './bwrap.js';
import { createEgressPolicy } from './egress-match.js';
import { openEtcView } from './etc-files.js';
import { onOneCpu } from './one-cpu.js';
import { createEgressProxy, type EgressProxy } from './egress-proxy.js';
import { resolveSkillEnv } from './env.js';
import { FORWARDER_SOURCE, LAUNCHER_SCRIPT, LAUNCHER_SCRIPT_SH, SANDBOX_PROXY_PORT, UNSANDBOXED_SCRIPT } from './launcher.js';
import { fixRequestFor } from './fix-request.js';
import { runFailureCauses } from '../../core/observe/run-causes.js';
import { checkOutput } from './output-check.js';
import { prepareRun, type PreparedRun } from './prepare.js';
import { observationOf, traced, untangle, type TracedCommand } from './observe-run.js';
import { TRACED_STDERR_FD } from './trace.js';
import { newRunMarker, reapMarked, RUN_MARKER_ENV } from './reap.js';
import { seccompProgram } from './seccomp.js';
import { spawnCollect, type SpawnOutcome } from './spawn.js';
import { sweepOnce } from './sweep.js';
import { ToolRunError, type RunSkillToolOptions, type ToolRunResult } from './types.js';
import { createRunDir, type RunDir } from './workdir.js';

const running = new Set<string>();

function proxyEnv(url: string): Record<string, string> {
  return { HTTP_PROXY: url, HTTPS_PROXY: url, http_proxy: url, https_proxy: url };
}

/** The LANG a script runs with: ours, else C.UTF-8. */
const scriptLang = (): string => process.env.LANG || 'C.UTF-8';

function baseEnv(path: string, home: string, tmp: string, declared: Record<string, string>, proxyUrl: string): Record<string, string> {
  return { ...declared, PATH: path, LANG: scriptLang(), HOME: home, TMPDIR: tmp, ...proxyEnv(proxyUrl) };
}

/** The launcher's shell: bash when the system has it (it can close descriptors above 9), else sh. */
function launcherShell(): string {
  return ['/usr/bin/bash', '/bin/bash'].find((p) => existsSync(p)) ?? '/bin/sh';
}

/** The egress forwarder: socat when the system has it (it starts far faster), else Node with our forwarder. */
async function forwarder(dir: RunDir): Promise<string> {
  const socat = ['/usr/bin/socat', '/bin/socat'].find((p) => existsSync(p));
  if (socat) return socat;
  await writeFile(join(dir.runtime, 'forwarder.cjs'), FORWARDER_SOURCE);
  return process.execPath;
}

async function runSandboxed(
  bwrap: string,
  prep: PreparedRun,
  dir: RunDir,
  proxy: EgressProxy,
  declared: Record<string, string>,
  opts: RunSkillToolOptions,
): Promise<{ outcome: SpawnOutcome; how: TracedCommand }> {
  const uid = sandboxUid();
  const socket = join(dir.runtime, 'proxy.sock');
  await proxy.listen({ path: socket });
  if (uid !== null) await chown(socket, uid, uid);
  const program = seccompProgram();
  let seccompFd: number | undefined;
  if (program) {
    await writeFile(join(dir.runtime, 'seccomp.bpf'), program);
    seccompFd = openSync(join(dir.runtime, 'seccomp.bpf'), 'r');
  }
  const etc = openEtcView();
  try {
    // LANG reaches the script through the launcher (launcher.ts), not through bwrap, strace and the launcher's shell.
    const { LANG: lang = scriptLang(), ...env } = baseEnv(SANDBOX_PATH, SANDBOX_HOME, SANDBOX_TMP, declared, `http://127.0.0.1:${SANDBOX_PROXY_PORT}`);
    const shell = launcherShell();
    const script = shell.endsWith('bash') ? LAUNCHER_SCRIPT : LAUNCHER_SCRIPT_SH;
    const fwd = await forwarder(dir);
    // Traced, the launcher's stderr arrives on TRACED_STDERR_FD (fd 2 is the trace) and it moves it back first.
    const launcher = (tracing: boolean) => [
      shell,
      '-c',
      script,
      'forge-launcher',
      String(tracing ? TRACED_STDERR_FD : 2),
      fwd,
      lang,
      prep.interpreter,
      dir.scriptPath,
      prep.argument,
    ];
    const sandboxArgs = [...bwrapArgs(dir, seccompFd !== undefined, etc.args(ETC_FIRST_FD)), '--'];
    const how = traced(bwrap, (tracing) => [...sandboxArgs, ...launcher(tracing)], opts.observe !== false);
    const start = onOneCpu(how.command, how.args);
    const outcome = await spawnCollect({
      command: start.command,
      args: start.args,
      cwd: dir.root,
      env,
      timeoutMs: prep.timeoutMs,
      statusFd: true,
      traceFd: how.traced,
      ...(uid !== null ? { uid } : {}),
      moreFds: etc.fds,
      ...(seccompFd !== undefined ? { passFd: seccompFd } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    return { outcome: applyBwrapStatus(untangle(outcome, how)), how };
  } finally {
    etc.close();
    if (seccompFd !== undefined) closeSync(seccompFd);
  }
}

/** The script's exit from bwrap's own status (`{"exit-code": n}`, written outside the sandbox); bwrap's exit is kept when there is none. */
function applyBwrapStatus(o: SpawnOutcome): SpawnOutcome {
  if (o.timedOut || o.aborted) return o;
  let code: number | undefined;
  for (const line of o.status.split('\n')) {
    try {
      const doc = JSON.parse(line) as Record<string, unknown>;
      if (typeof doc['exit-code'] === 'number') code = doc['exit-code'];
    } catch {
      // not a status line
    }
  }
  if (code !== undefined && !o.statusTruncated) return { ...o, exitCode: code, signal: null };
  const why = o.statusTruncated ? 'the sandbox status was over its size cap' : 'the sandbox reported no exit status';
  return { ...o, exitCode: o.exitCode === 0 ? null : o.exitCode, stderr: `${o.stderr}${o.stderr && !o.stderr.endsWith('\n') ? '\n' : ''}${why}\n` };
}

async function runUnsandboxed(
  prep: PreparedRun,
  dir: RunDir,
  proxy: EgressProxy,
  declared: Record<string, string>,
  opts: RunSkillToolOptions,
): Promise<{ outcome: SpawnOutcome; how: TracedCommand }> {
  const address = await proxy.listen({ tcp: true });
  const marker = newRunMarker();
  const env = { ...baseEnv(process.env.PATH ?? SANDBOX_PATH, dir.home, dir.tmp, declared, `http://${address}`), [RUN_MARKER_ENV]: marker };
  // Not traced: strace would wait for whatever the script left running, which only bwrap's pid namespace ends with the script.
  const how: TracedCommand = {
    command: launcherShell(),
    args: ['-c', UNSANDBOXED_SCRIPT, 'forge-run', prep.interpreter, dir.scriptPath, prep.argument],
    traced: false,
    problem: 'an unsandboxed run is not traced (run it in bubblewrap to see its programs and files)',
  };
  const o = await spawnCollect({
    command: how.command,
    args: how.args,
    cwd: dir.agent,
    env,
    timeoutMs: prep.timeoutMs,
    reap: () => reapMarked(marker, dir.root),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (o.spawnError === undefined) return { outcome: o, how };
  return { outcome: { ...o, exitCode: 127, stderr: `${o.spawnError}\n` }, how };
}

/** The run's report: its output checked and redacted, the proxy's record and what the run was seen doing. */
function reportOf(
  raw: SpawnOutcome,
  how: TracedCommand,
  prep: PreparedRun,
  proxy: EgressProxy,
  declared: Record<string, string>,
  run: { sandboxed: boolean; scriptPath: string; envHome: string },
): ToolRunResult {
  const areas = [
    { prefix: SANDBOX_AGENT, area: 'copy' as const },
    { prefix: SANDBOX_HOME, area: 'home' as const },
    { prefix: SANDBOX_TMP, area: 'tmp' as const },
  ];
  const values = Object.values(declared);
  const seen = observationOf(raw, proxy, how, { interpreter: prep.interpreter, scriptPath: run.scriptPath, areas });
  // A path or host can carry an env value (`> /tmp/$TOKEN`): redacted like the output.
  const hide = (text: string) => redactSecret(text, ...values);
  const observation = {
    ...seen,
    egress: seen.egress.map((r) => ({ ...r, host: hide(r.host) })),
    programs: seen.programs && seen.programs.map((p) => ({ ...p, name: hide(p.name), path: hide(p.path) })),
    files: seen.files && seen.files.map((f) => ({ ...f, path: hide(f.path) })),
  };
  const o = { ...raw, stdout: redactSecret(raw.stdout, ...values), stderr: redactSecret(raw.stderr, ...values) };
  const { json, diagnostics } = checkOutput(o.stdout, prep.tool);
  const result: Omit<ToolRunResult, 'fixRequest' | 'causes'> = {
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
    egressRefusals: proxy.refusals.map((r) => ({ ...r })),
    sandbox: run.sandboxed ? 'bwrap' : 'none',
    script: `scripts/${prep.scriptFile}`,
    interpreter: prep.interpreter,
    envNames: Object.keys(declared).sort(),
    observation,
  };
  const causes = runFailureCauses(result, { forge: prep.forge, scripts: prep.scripts, script: result.script, envNames: result.envNames, envHome: run.envHome });
  return { ...result, causes, fixRequest: fixRequestFor(prep.tool.name, prep.argument, result) };
}

/** Runs one tool of a draft skill and reports what happened. Throws ToolRunError when the run cannot start. */
export async function runSkillTool(opts: RunSkillToolOptions): Promise<ToolRunResult> {
  const prep = prepareRun(opts.skill, opts);
  const mode = opts.sandbox ?? 'auto';
  if (mode !== 'auto' && mode !== 'bwrap' && mode !== 'none')
    throw new ToolRunError('bad_input', 'sandbox', `sandbox must be 'auto', 'bwrap' or 'none', not ${JSON.stringify(mode)}`);
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
  const proxy = createEgressProxy(createEgressPolicy(prep.forge.egressDomains), {
    allowPrivateEgress: opts.allowPrivateEgress === true,
    forbiddenUpstreams: opts.forbiddenUpstreams ?? [],
  });
  let dir: RunDir | undefined;
  try {
    await sweepOnce();
    dir = await createRunDir(prep.skillName, opts.skill.skillMd, prep.scripts, prep.scriptFile, bwrap ? sandboxUid() : null);
    const { outcome: raw, how } = bwrap ? await runSandboxed(bwrap, prep, dir, proxy, declared, opts) : await runUnsandboxed(prep, dir, proxy, declared, opts);
    const envHome =
      opts.agentDir !== undefined
        ? `the agent's .env (${join(opts.agentDir, '.env')}, a line NAME=<value>)`
        : "an agent's .env, running the tool from that agent (or pass the value in env)";
    return reportOf(raw, how, prep, proxy, declared, { sandboxed: bwrap !== null, scriptPath: dir.scriptPath, envHome });
  } finally {
    running.delete(key);
    await proxy.close();
    await dir?.remove();
  }
}
