// An in-process readers-writer lock per (fs, path): any number of readers at
// once, a writer alone. Grants are first come, first served — a queued writer
// is not starved by a stream of readers, and readers queued behind a writer
// wait for it. Not re-entrant: a holder must not ask for the same lock again
// (a nested read behind a queued writer would wait forever).

import { resolve } from 'node:path';

interface Waiter {
  write: boolean;
  grant: () => void;
}

interface LockState {
  readers: number;
  writer: boolean;
  queue: Waiter[];
}

const states = new WeakMap<object, Map<string, LockState>>();

function stateFor(owner: object, path: string): { map: Map<string, LockState>; key: string; state: LockState } {
  let map = states.get(owner);
  if (!map) {
    map = new Map();
    states.set(owner, map);
  }
  const key = resolve(path);
  let state = map.get(key);
  if (!state) {
    state = { readers: 0, writer: false, queue: [] };
    map.set(key, state);
  }
  return { map, key, state };
}

function pump(state: LockState): void {
  while (state.queue.length > 0 && !state.writer) {
    const head = state.queue[0]!;
    if (head.write) {
      if (state.readers > 0) return;
      state.queue.shift();
      state.writer = true;
      head.grant();
      return;
    }
    state.queue.shift();
    state.readers++;
    head.grant();
  }
}

async function withLock<T>(owner: object, path: string, write: boolean, fn: () => Promise<T>): Promise<T> {
  const { map, key, state } = stateFor(owner, path);
  await new Promise<void>((grant) => {
    state.queue.push({ write, grant });
    pump(state);
  });
  try {
    return await fn();
  } finally {
    if (write) state.writer = false;
    else state.readers--;
    pump(state);
    if (!state.writer && state.readers === 0 && state.queue.length === 0) map.delete(key);
  }
}

/** Runs `fn` while no writer holds `path` (other readers may). `owner` scopes the lock (the fs in use). */
export function withReadLock<T>(owner: object, path: string, fn: () => Promise<T>): Promise<T> {
  return withLock(owner, path, false, fn);
}

/** Runs `fn` holding `path` alone: no reader and no other writer. */
export function withWriteLock<T>(owner: object, path: string, fn: () => Promise<T>): Promise<T> {
  return withLock(owner, path, true, fn);
}
