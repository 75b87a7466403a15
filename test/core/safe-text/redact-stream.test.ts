// createStreamRedactor: a secret split over any number of pieces never shows
// in the joined output; text that cannot be the start of a secret is not held.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamRedactor } from '../../../src/core/safe-text/redact-stream.js';

const KEY = 'sk-live-0123456789abcdef';

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function run(parts: string[], secrets: string[]): { joined: string; emitted: string[] } {
  const r = createStreamRedactor(secrets);
  const emitted = parts.map((p) => r.push(p));
  emitted.push(r.end());
  return { joined: emitted.join(''), emitted };
}

describe('createStreamRedactor', () => {
  it('redacts a key streamed in 1- and 7-character pieces', () => {
    const text = `Your key is ${KEY}, and again:${KEY}!`;
    for (const size of [1, 7]) {
      const { joined } = run(pieces(text, size), [KEY]);
      expect(joined).toBe('Your key is [redacted], and again:[redacted]!');
    }
  });

  it('holds back only what could start a secret, and releases it when it turns out not to', () => {
    const r = createStreamRedactor([KEY]);
    expect(r.push('hello ')).toBe('hello ');
    expect(r.push('ask-li')).toBe('a');
    expect(r.push('ve!')).toBe('sk-live!');
    expect(r.end()).toBe('');
  });

  it('flushes a held prefix at the end', () => {
    const r = createStreamRedactor([KEY]);
    expect(r.push('ends with sk-li')).toBe('ends with ');
    expect(r.end()).toBe('sk-li');
  });

  it('passes text through untouched without secrets (short ones are ignored)', () => {
    expect(run(['a', 'b'], []).joined).toBe('ab');
    expect(run(['ab', 'c'], ['abc']).joined).toBe('abc');
  });

  it('never reveals any of several secrets, whatever the split', () => {
    const other = 'AIzaSyOTHER-secret-42';
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('x', ' ', 's', 'sk-', KEY, other, KEY.slice(0, 9), other.slice(0, 5)), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (words, size) => {
          const text = words.join('');
          const { joined } = run(pieces(text, size), [KEY, other]);
          expect(joined).not.toContain(KEY);
          expect(joined).not.toContain(other);
          expect(joined.replaceAll('[redacted]', '')).toBe(text.replaceAll(KEY, '').replaceAll(other, ''));
        },
      ),
      { numRuns: 300 },
    );
  });
});
