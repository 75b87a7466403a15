// Unsandboxed runs (`sandbox: 'none'`): finding the processes a run left
// behind after its process group is killed — ones that called setsid() or
// setpgid() and were reparented away from us. Each run puts a random marker in
// its script's environment; a process whose /proc/<pid>/environ still holds
// it, or whose working directory is inside the run folder, is killed. A
// process that both cleared its environment and left the run folder escapes
// this (docs/testing-skills.md says so); in bubblewrap the pid namespace ends
// every process of the run.

import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export const RUN_MARKER_ENV = 'FORGE_SKILL_RUN';

export function newRunMarker(): string {
  return randomBytes(12).toString('hex');
}

function marked(pid: string, needle: Buffer, root: string): boolean {
  try {
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    if (cwd === root || cwd.startsWith(`${root}/`)) return true;
  } catch {
    // not ours to read, or gone
  }
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(needle);
  } catch {
    return false;
  }
}

/** Kills (SIGKILL) every process carrying `marker` or working inside `root`; returns how many were found. */
export function reapMarked(marker: string, root: string): number {
  const needle = Buffer.from(`${RUN_MARKER_ENV}=${marker}\0`);
  let found = 0;
  // A few rounds: a straggler may fork while we look.
  for (let round = 0; round < 3; round++) {
    let now = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
      if (!marked(pid, needle, root)) continue;
      now++;
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    found += now;
    if (now === 0) break;
  }
  return found;
}
