// Fuzz: parseEnvelope never throws and always returns a well-formed result
// (no unsafe script name ever reaches a draft), on random text, JSON-ish
// token soup and random edits of the table's replies; and a valid envelope,
// however it is written, is found whole inside prose or a ```json fence
// (SPEC §5: "structured envelope anywhere in the text").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../src/core/envelope/parse.js';
import type { ParsedEnvelope } from '../../src/core/envelope/events.js';
import { checkScriptFileName } from '../../src/core/names.js';
import { ENVELOPE_TOKENS, generatedReply } from '../helpers/envelope-arbitrary.js';
import { ENVELOPE_CASES } from '../helpers/envelope-cases.js';
import { anyString, applyEdits, diagnosticProblems, editsArb, FUZZ_TIMEOUT, fuzzParams, isDeepStrictEqual, tokenText } from '../helpers/fuzz.js';

function wellFormed(r: ParsedEnvelope): void {
  expect(typeof r.message).toBe('string');
  expect(typeof r.structured).toBe('boolean');
  expect(typeof r.truncated).toBe('boolean');
  expect(diagnosticProblems(r.diagnostics, Infinity)).toEqual([]);
  if (r.skill !== null) {
    expect(typeof r.skill.skillMd).toBe('string');
    expect(r.skill.skillMd.trim()).not.toBe('');
    for (const [name, content] of Object.entries(r.skill.scripts)) {
      expect(checkScriptFileName(name), name).toBeNull();
      expect(typeof content).toBe('string');
    }
  }
}

function check(text: string): void {
  let r: ParsedEnvelope;
  try {
    r = parseEnvelope(text);
  } catch (e) {
    throw new Error(`parseEnvelope threw: ${e instanceof Error ? e.stack : String(e)}`, { cause: e });
  }
  wellFormed(r);
  expect(isDeepStrictEqual(parseEnvelope(text), r)).toBe(true);
}

describe('parseEnvelope (fuzz)', () => {
  it('random strings', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(anyString(400), check), fuzzParams(400));
  });

  it('JSON-ish token soup', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(tokenText(ENVELOPE_TOKENS, 80), check), fuzzParams(400));
  });

  it('random edits of the table of replies', { timeout: FUZZ_TIMEOUT }, () => {
    const texts = ENVELOPE_CASES.map((c) => c.text);
    const arb = fc.record({ index: fc.nat({ max: texts.length - 1 }), edits: editsArb(ENVELOPE_TOKENS, 5) });
    fc.assert(
      fc.property(arb, ({ index, edits }) => check(applyEdits(texts[index]!, edits))),
      fuzzParams(400),
    );
  });

  it('finds a valid envelope written any way, inside prose or a fence', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(
      fc.property(generatedReply, (g) => {
        const r = parseEnvelope(g.text);
        wellFormed(r);
        expect(r.structured).toBe(true);
        expect(r.truncated).toBe(false);
        expect(r.message).toBe(g.message);
        if (g.skill === null) expect(r.skill).toBeNull();
        else {
          expect(r.skill?.skillMd).toBe(g.skill.skillMd);
          expect(r.skill?.scripts).toEqual(g.skill.scripts);
        }
      }),
      fuzzParams(300),
    );
  });
});
