// Runs one checker process in a folder with a timeout and collects its
// output. A command that is not installed resolves as `missing` instead of
// throwing, so the caller can report it once as an info.

import { spawn } from 'node:child_process';

export type ToolRun = { kind: 'done'; code: number | null; stdout: string; stderr: string } | { kind: 'missing' } | { kind: 'timeout' };

const MAX_OUTPUT = 1024 * 1024;

export function runTool(command: string, args: string[], cwd: string, env: Record<string, string | undefined>, timeoutMs: number): Promise<ToolRun> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch {
      resolve({ kind: 'missing' });
      return;
    }
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += d.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(err.code === 'ENOENT' || err.code === 'EACCES' ? { kind: 'missing' } : { kind: 'done', code: null, stdout, stderr: stderr || err.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(timedOut ? { kind: 'timeout' } : { kind: 'done', code, stdout, stderr });
    });
  });
}
