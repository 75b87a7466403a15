// Runs one command for a tool run and collects what it did: stdout and stderr
// capped at 1 MiB each (the rest is read and dropped, `truncated` says so),
// the time it took, and how it ended. The command starts in a new session
// (its own process group); on timeout or abort the whole group is killed, and
// when the command itself exits, whatever it left running is killed too (and
// `reap` is called for what left the group). With `statusFd`, fd 3 is a pipe
// whose text comes back as `status` (bwrap's JSON status), capped at 64 KiB;
// `passFd` is handed to the command as fd 4 (the seccomp program) and
// `moreFds` as fd 6 onwards (the /etc files bwrap copies in); with
// `traceFd`, fd 2 is the trace (strace's stderr), returned as `trace` and
// capped at 1 MiB, and the command's stderr comes on fd 5. With `uid`, the
// command starts as that uid and gid, without supplementary groups. Timeouts
// above setTimeout's range (2^31-1 ms) are clamped to it.

import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export const OUTPUT_CAP_BYTES = 1024 * 1024;
export const STATUS_CAP_BYTES = 64 * 1024;
/** The longest delay setTimeout honours; larger ones fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SpawnRequest {
  command: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  statusFd?: boolean;
  /** An open descriptor handed to the command as fd 4 (needs statusFd). */
  passFd?: number;
  /** Return what is written to fd 2 as `trace`, and read stderr from fd 5 (a pipe) instead. */
  traceFd?: boolean;
  /** Open descriptors handed to the command as fd 6, 7, … (needs statusFd). */
  moreFds?: readonly number[];
  /** Start the command as this uid and gid, with no supplementary groups (needs root). */
  uid?: number;
  /** Called when the command exits, times out or is aborted, after its group is killed. */
  reap?: () => void;
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
  /** True when the status channel sent more than STATUS_CAP_BYTES (the rest was dropped). */
  statusTruncated: boolean;
  /** What the command wrote on fd 2 (with traceFd), and whether it went over its cap. */
  trace: string;
  traceTruncated: boolean;
  /** Set when the command could not be started at all. */
  spawnError?: string;
}

function capture(stream: Readable | null, onCut: () => void, cap = OUTPUT_CAP_BYTES): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  stream?.on('data', (chunk: Buffer) => {
    if (size >= cap) return onCut();
    const room = cap - size;
    if (chunk.length > room) onCut();
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    chunks.push(kept);
    size += kept.length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

function stdioOf(req: SpawnRequest): Array<'ignore' | 'pipe' | number> {
  const base: Array<'ignore' | 'pipe' | number> = ['ignore', 'pipe', 'pipe', req.statusFd ? 'pipe' : 'ignore', req.passFd ?? 'ignore'];
  if (req.moreFds?.length) return [...base, req.traceFd ? 'pipe' : 'ignore', ...req.moreFds];
  if (req.traceFd) return [...base, 'pipe'];
  return req.passFd !== undefined ? base : req.statusFd ? base.slice(0, 4) : base.slice(0, 3);
}

/** fd 3 (bwrap's status, capped at 64 KiB) and the trace (capped at 1 MiB), read as they come. */
function sideChannels(
  stdio: Array<Readable | null | undefined>,
  traceStream: Readable | null,
): { read(): Pick<SpawnOutcome, 'status' | 'statusTruncated' | 'trace' | 'traceTruncated'> } {
  let statusTruncated = false;
  let traceTruncated = false;
  const status = capture(stdio[3] ?? null, () => (statusTruncated = true), STATUS_CAP_BYTES);
  const trace = capture(traceStream, () => (traceTruncated = true));
  return { read: () => ({ status: status(), statusTruncated, trace: trace(), traceTruncated }) };
}

export function spawnCollect(req: SpawnRequest): Promise<SpawnOutcome> {
  const started = performance.now();
  const as = req.uid !== undefined ? { uid: req.uid, gid: req.uid } : {};
  const child = spawn(req.command, req.args, { cwd: req.cwd, env: req.env, detached: true, stdio: stdioOf(req), ...as });
  let truncated = false;
  const cut = () => (truncated = true);
  const stdio = child.stdio as unknown as Array<Readable | null | undefined>;
  const stdout = capture(child.stdout, cut);
  const stderr = capture(req.traceFd ? (stdio[5] ?? null) : child.stderr, cut);
  const side = sideChannels(stdio, req.traceFd ? child.stderr : null);

  let timedOut = false;
  let aborted = false;
  const killTree = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    req.reap?.();
  };
  const timer = setTimeout(
    () => {
      timedOut = true;
      killTree();
    },
    Math.min(Math.max(req.timeoutMs, 0), MAX_TIMER_MS),
  );
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
      req.reap?.();
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
        ...side.read(),
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
