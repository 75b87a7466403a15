// Minimal assertions for the browser tests (mocha runs them; no assertion
// library is bundled for the browser). Each throws with both values shown.

export class AssertionError extends Error {
  override name = 'AssertionError';
}

const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v, null, 1) ?? String(v)));

export function ok(cond: unknown, message = 'expected a truthy value'): asserts cond {
  if (!cond) throw new AssertionError(message);
}

export function equal<T>(actual: T, expected: T, message = ''): void {
  if (actual !== expected) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(expected)}, got ${show(actual)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message = ''): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${e}\n     got ${a}`);
}

export function includes(haystack: string | null | undefined, needle: string, message = ''): void {
  if (!haystack?.includes(needle)) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(haystack)} to include ${show(needle)}`);
}

export function notIncludes(haystack: string | null | undefined, needle: string, message = ''): void {
  if (haystack?.includes(needle)) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(haystack)} not to include ${show(needle)}`);
}

export async function rejects(p: Promise<unknown>, check: (e: unknown) => void): Promise<void> {
  try {
    await p;
  } catch (e) {
    check(e);
    return;
  }
  throw new AssertionError('expected the promise to reject');
}
