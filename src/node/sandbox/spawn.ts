// Runs one command for a tool run and collects what it did: stdout and stderr
// capped at 1 MiB each (the rest is read and dropped, `truncated` says so),
// the time it took, and how it ended. The command starts in a new session
// (its own process group); on timeout or abort the whole group is killed, and
// when the command itself exits, whatever it left running is killed too. With
// `statusFd`, fd 3 is a pipe whose text comes back as `status` (the launcher's
// report from inside the sandbox).

import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export const OUTPUT_CAP_BYTES = 1024 * 1024;

export interface SpawnRequest {
  command: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  statusFd?: boolean;
  signal?: AbortSignal;
}

export interface SpawnOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  stdout: string;
  stderr: string;
  truncated: boolean;
  durationMs: number;
  status: string;
  /** Set when the command could not be started at all. */
  spawnError?: string;
}

function capture(stream: Readable | null, onCut: () => void): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  stream?.on('data', (chunk: Buffer) => {
    if (size >= OUTPUT_CAP_BYTES) return onCut();
    const room = OUTPUT_CAP_BYTES - size;
    if (chunk.length > room) onCut();
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    chunks.push(kept);
    size += kept.length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

export function spawnCollect(req: SpawnRequest): Promise<SpawnOutcome> {
  const started = performance.now();
  const child = spawn(req.command, req.args, {
    cwd: req.cwd,
    env: req.env,
    detached: true,
    stdio: req.statusFd ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
  });
  let truncated = false;
  const cut = () => (truncated = true);
  const stdout = capture(child.stdout, cut);
  const stderr = capture(child.stderr, cut);
  let status = '';
  (child.stdio[3] as Readable | undefined)?.on('data', (d: Buffer) => (status += d.toString('utf8')));

  let timedOut = false;
  let aborted = false;
  const killTree = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killTree();
  }, req.timeoutMs);
  const onAbort = () => {
    aborted = true;
    killTree();
  };
  req.signal?.addEventListener('abort', onAbort, { once: true });
  if (req.signal?.aborted) onAbort();

  return new Promise((resolve) => {
    let exit: { code: number | null; signal: string | null } | null = null;
    let durationMs = 0;
    let spawnError: string | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      resolve({
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        timedOut,
        aborted,
        stdout: stdout(),
        stderr: stderr(),
        truncated,
        durationMs: durationMs || Math.round(performance.now() - started),
        status,
        ...(spawnError !== undefined ? { spawnError } : {}),
      });
    };
    child.once('error', (err) => {
      spawnError = err.message;
      finish();
    });
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      durationMs = Math.round(performance.now() - started);
      killTree(); // what the script left running in its group dies with it
      // Output still in the pipes is read; a straggler that escaped the group cannot hold the run open.
      const grace = setTimeout(() => {
        for (const s of child.stdio) s?.destroy();
      }, 500);
      child.once('close', () => {
        clearTimeout(grace);
        finish();
      });
    });
  });
}
