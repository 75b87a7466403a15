// Fuzz: createEnvelopeStream fed ANY chunking of a reply ends exactly like
// parseEnvelope of the whole text, and what it streams is always true: the
// joined message_delta text is a prefix of the final message, no delta is
// empty, and a chunk boundary never splits a surrogate pair into a delta
// (SPEC §5 "Streaming"). Cut points are random, at every character, or right
// inside each escape sequence and surrogate pair.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../src/core/envelope/parse.js';
import { createEnvelopeStream } from '../../src/core/envelope/stream.js';
import { ENVELOPE_TOKENS, generatedReply } from '../helpers/envelope-arbitrary.js';
import { ENVELOPE_CASES } from '../helpers/envelope-cases.js';
import { anyString, applyEdits, cutPoints, editsArb, FUZZ_TIMEOUT, fuzzParams, splitAt, tokenText } from '../helpers/fuzz.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How to cut a text into chunks. */
type Chunking = { kind: 'random'; fractions: number[] } | { kind: 'every' } | { kind: 'tricky'; offset: number };

const chunking: fc.Arbitrary<Chunking> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('random' as const), fractions: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'every' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tricky' as const), offset: fc.integer({ min: 1, max: 6 }) }) },
);

/** Cut points for a chunking: `tricky` cuts `offset` characters after every backslash and between every surrogate pair. */
function pointsFor(text: string, c: Chunking): number[] {
  if (c.kind === 'random') return cutPoints(text.length, c.fractions);
  if (c.kind === 'every') return Array.from({ length: Math.max(0, text.length - 1) }, (_, i) => i + 1);
  const out = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 92 && i + c.offset < text.length) out.add(i + c.offset);
    if (code >= 0xd800 && code <= 0xdbff) out.add(i + 1);
  }
  return [...out].filter((p) => p > 0 && p < text.length).sort((a, b) => a - b);
}

function check(text: string, c: Chunking): void {
  const s = createEnvelopeStream();
  const deltas: string[] = [];
  let pushed = 0;
  let lastProgress = 0;
  for (const piece of splitAt(text, pointsFor(text, c))) {
    pushed += piece.length;
    for (const ev of s.push(piece)) {
      if (ev.type === 'message_delta') deltas.push(ev.delta);
      else if (ev.type === 'progress') {
        expect(ev.chars).toBeGreaterThanOrEqual(lastProgress);
        expect(ev.chars).toBe(pushed);
        lastProgress = ev.chars;
      }
    }
  }
  expect(s.chars).toBe(text.length);
  const end = s.end();
  expect(end).toEqual(parseEnvelope(text));
  const streamed = deltas.join('');
  expect(end.message.startsWith(streamed), `streamed ${JSON.stringify(streamed)} is not a prefix of ${JSON.stringify(end.message)}`).toBe(true);
  for (const d of deltas) expect(d).not.toBe('');
  if (!LONE_SURROGATE.test(end.message)) for (const d of deltas) expect(LONE_SURROGATE.test(d), JSON.stringify(d)).toBe(false);
}

describe('createEnvelopeStream (fuzz)', () => {
  it('random edits of the table of replies, any chunking', { timeout: FUZZ_TIMEOUT }, () => {
    const texts = ENVELOPE_CASES.map((c) => c.text);
    const arb = fc.record({ index: fc.nat({ max: texts.length - 1 }), edits: fc.option(editsArb(ENVELOPE_TOKENS, 5), { freq: 5 }), chunking });
    fc.assert(
      fc.property(arb, ({ index, edits, chunking: c }) => check(edits ? applyEdits(texts[index]!, edits) : texts[index]!, c)),
      fuzzParams(400),
    );
  });

  it('generated envelopes (escapes, surrogate pairs, fences, prose), whole and edited, any chunking', { timeout: FUZZ_TIMEOUT }, () => {
    const arb = fc.record({ g: generatedReply, edits: fc.option(editsArb(ENVELOPE_TOKENS, 3), { freq: 2 }), chunking });
    fc.assert(
      fc.property(arb, ({ g, edits, chunking: c }) => {
        const text = edits ? applyEdits(g.text, edits) : g.text;
        check(text, c);
        if (!edits && g.opensReply) {
          // Liveness: an envelope that opens the reply has all of its message streamed.
          const s = createEnvelopeStream();
          let streamed = '';
          for (const piece of splitAt(text, pointsFor(text, c))) for (const ev of s.push(piece)) if (ev.type === 'message_delta') streamed += ev.delta;
          expect(streamed).toBe(g.message);
        }
      }),
      fuzzParams(300),
    );
  });

  it('random strings and JSON-ish token soup, any chunking', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(fc.oneof(anyString(200), tokenText(ENVELOPE_TOKENS, 60)), chunking, check), fuzzParams(400));
  });
});
