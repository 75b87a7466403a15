// createEnvelopeStream gives exactly the events and the final result it gave
// before its allocation cuts (the deltas are compared in place at the end
// instead of joined): the pathological payloads of the redos bench in both of
// its stream shapes at three sizes, cut in 4 KiB and in 1000-character chunks,
// plus the shared envelope cases; the JSON of each group is compared by
// SHA-256 with test/fixtures/envelope-stream-output.json, recorded from the
// code before the change. A change meant to alter the output re-records it:
//
//   UPDATE_ENVELOPE_STREAM=1 npx vitest run test/fuzz/envelope-stream-output.test.ts

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEnvelopeStream } from '../../src/core/envelope/stream.js';
import { ENVELOPE_CASES } from '../helpers/envelope-cases.js';
import { PARSERS, PAYLOADS } from '../helpers/pathological-inputs.js';

const FIXTURE = new URL('../fixtures/envelope-stream-output.json', import.meta.url);
const STREAM = PARSERS.find((p) => p.name.startsWith('createEnvelopeStream'))!;

/** Every event of a stream of `text` cut into `size`-character chunks, then its end(). */
function streamed(text: string, size: number): unknown {
  const s = createEnvelopeStream();
  const events = [];
  for (let i = 0; i < text.length; i += size) events.push(...s.push(text.slice(i, i + size)));
  return { events, end: s.end() };
}

const digest = (texts: string[]): string => {
  const h = createHash('sha256');
  for (const t of texts) for (const size of [4096, 1000]) h.update(JSON.stringify(streamed(t, size))).update('\n');
  return h.digest('hex');
};

function corpus(): Record<string, string[]> {
  const groups: Record<string, string[]> = { cases: ENVELOPE_CASES.map((c) => c.text) };
  for (const [name, make] of Object.entries(PAYLOADS)) {
    for (const size of [1000, 4097, 64 * 1024]) groups[`${name} @${size}`] = STREAM.shapes(make(size));
  }
  return groups;
}

describe('createEnvelopeStream output stays as recorded', () => {
  it('gives the recorded events and result for every payload and envelope case', () => {
    const actual = Object.fromEntries(Object.entries(corpus()).map(([name, texts]) => [name, digest(texts)]));
    if (process.env.UPDATE_ENVELOPE_STREAM) writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    expect(actual).toEqual(recorded);
  }, 120_000);
});
