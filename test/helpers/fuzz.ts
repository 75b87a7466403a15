// Shared pieces of the fuzz tests (test/fuzz/): the run budget and seed, read
// from the environment, and generic text arbitraries (UTF-16 code units with
// lone surrogates, JSON/Markdown tokens, random edits of a known-good text).
//
//   FUZZ_RUNS=10000   runs per property (`npm run fuzz`); unset: a small budget
//                     so the folder stays fast inside `npm test`
//   FUZZ_SEED=<n>     replay: the seed fast-check printed with a failure
//   FUZZ_PATH=<p>     replay one counterexample exactly (the printed path)

import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic } from '../../src/core/diagnostics.js';

function envInt(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  return n;
}

const RUNS = envInt('FUZZ_RUNS');
const SEED = envInt('FUZZ_SEED');
const PATH = process.env.FUZZ_PATH?.trim() || undefined;

/** True under `npm run fuzz` (FUZZ_RUNS set). */
export const FUZZ_LONG = RUNS !== undefined;

/**
 * fast-check parameters for one property: FUZZ_RUNS runs when set, else
 * `smallRuns` (the budget inside `npm test`). The seed is random unless
 * FUZZ_SEED is set; fast-check prints seed and path when a property fails.
 */
export function fuzzParams<T>(smallRuns: number): fc.Parameters<T> {
  const params: fc.Parameters<T> = { numRuns: RUNS ?? smallRuns };
  if (SEED !== undefined) params.seed = SEED;
  if (PATH !== undefined) params.path = PATH;
  return params;
}

/** Per-test timeout: generous when the long budget runs, vitest's default otherwise. */
export const FUZZ_TIMEOUT = FUZZ_LONG ? 30 * 60_000 : 20_000;

/** Any UTF-16 code unit, lone surrogates included (what a broken stream or a bad escape can produce). */
export const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Text of any kind: printable ASCII, any code point, any code unit, ASCII controls. */
export function anyString(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: codeUnit, maxLength }),
    fc.string({ unit: 'binary-ascii', maxLength }),
  );
}

/** Text built from `tokens` and short random strings: reaches structure that random characters rarely do. */
export function tokenText(tokens: readonly string[], maxParts: number): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...tokens) }, { weight: 1, arbitrary: anyString(6) }), { maxLength: maxParts })
    .map((ps) => ps.join(''));
}

export interface Edit {
  kind: 'insert' | 'delete' | 'replace' | 'truncate' | 'duplicate' | 'swap';
  /** Where, as a fraction of the current length. */
  at: number;
  len: number;
  text: string;
  /** For `swap`: where the run goes, as a fraction of the rest. */
  to: number;
}

/** Random edits of a text: inserted tokens, deletions, overwrites, a cut-off end, a repeated or moved run (a model that stutters). */
export function editsArb(tokens: readonly string[], maxEdits: number): fc.Arbitrary<Edit[]> {
  return fc.array(
    fc.record({
      kind: fc.constantFrom<Edit['kind']>('insert', 'delete', 'replace', 'truncate', 'duplicate', 'swap'),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      len: fc.nat({ max: 40 }),
      text: fc.oneof(fc.constantFrom(...tokens), anyString(6)),
      to: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { minLength: 1, maxLength: maxEdits },
  );
}

export function applyEdits(text: string, edits: readonly Edit[]): string {
  let s = text;
  for (const e of edits) {
    const at = Math.min(s.length, Math.floor(e.at * s.length));
    switch (e.kind) {
      case 'insert':
        s = s.slice(0, at) + e.text + s.slice(at);
        break;
      case 'delete':
        s = s.slice(0, at) + s.slice(at + e.len);
        break;
      case 'replace':
        s = s.slice(0, at) + e.text + s.slice(at + e.text.length);
        break;
      case 'truncate':
        s = s.slice(0, at);
        break;
      case 'duplicate':
        s = s.slice(0, at + e.len) + s.slice(at);
        break;
      case 'swap': {
        const run = s.slice(at, at + e.len);
        const rest = s.slice(0, at) + s.slice(at + e.len);
        const to = Math.floor(e.to * rest.length);
        s = rest.slice(0, to) + run + rest.slice(to);
        break;
      }
    }
  }
  return s;
}

/** Cut points (sorted, unique, inside the text) from fractions. */
export function cutPoints(length: number, fractions: readonly number[]): number[] {
  return [...new Set(fractions.map((f) => Math.floor(f * length)).filter((p) => p > 0 && p < length))].sort((a, b) => a - b);
}

/** The pieces of `text` cut at `points`. */
export function splitAt(text: string, points: readonly number[]): string[] {
  const out: string[] = [];
  let prev = 0;
  for (const p of [...points, text.length]) {
    out.push(text.slice(prev, p));
    prev = p;
  }
  return out;
}

/** Lines of a text as the SKILL.md parser counts them (BOM dropped, CRLF and CR are one break). */
export function fileLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
}

/**
 * Problems with a diagnostic list, as readable strings (empty when all are
 * well-formed): every diagnostic has a non-empty code, a field, a message
 * and a severity; a SKILL.md line (no `file`) is an integer within the file.
 */
export function diagnosticProblems(diagnostics: readonly Diagnostic[], lineCount: number): string[] {
  const out: string[] = [];
  diagnostics.forEach((d, i) => {
    const where = `diagnostics[${i}] ${JSON.stringify(d)}`;
    if (typeof d.code !== 'string' || !/^[a-z][a-z0-9-]*$/.test(d.code)) out.push(`${where}: code`);
    if (typeof d.field !== 'string') out.push(`${where}: field`);
    if (typeof d.message !== 'string' || d.message.trim() === '') out.push(`${where}: message`);
    if (d.severity !== 'error' && d.severity !== 'warning') out.push(`${where}: severity`);
    if (d.line !== undefined) {
      if (!Number.isInteger(d.line) || d.line < 1) out.push(`${where}: line`);
      else if (d.file === undefined && d.line > lineCount) out.push(`${where}: line past the end (${lineCount} lines)`);
    }
    if (d.file !== undefined && typeof d.file !== 'string') out.push(`${where}: file`);
  });
  return out;
}

export { isDeepStrictEqual };
