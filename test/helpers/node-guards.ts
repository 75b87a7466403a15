// Guards shared by the node adapter tests: process.env must be identical before
// and after every operation (SPEC §4: "Never process.env[...] ="), and a secret
// must never leak into a returned object, an error message or a file other
// than the one meant to hold it.
import { afterEach, beforeEach, expect } from 'vitest';

/** Registers hooks that fail a test when it (or the code under test) changed process.env. */
export function guardProcessEnv(): void {
  let snapshot = '';
  beforeEach(() => {
    snapshot = JSON.stringify(Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1)));
  });
  afterEach(() => {
    expect(JSON.stringify(Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1)))).toBe(snapshot);
  });
}

/** Paths (from a memfs `vol.toJSON()`) whose content contains `secret`. */
export function filesContaining(files: Record<string, string | null>, secret: string): string[] {
  return Object.entries(files)
    .filter(([, content]) => typeof content === 'string' && content.includes(secret))
    .map(([p]) => p)
    .sort();
}

/** Runs `fn` and returns what it threw (fails when it does not throw). */
export async function thrown(fn: () => unknown): Promise<Error> {
  try {
    await fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to throw');
}
