// The Go text helpers and the string line scanner are loops written for speed;
// these properties hold them to the byte-level definitions they replace:
// strings.TrimSpace over Unicode White_Space, len() as UTF-8 bytes, byte-wise
// string order, and bufio.ScanLines over the UTF-8 encoding.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goCompare, goTrimSpace, utf8Length } from '../../../src/core/forge-runtime/go-text.js';
import { MAX_LINE_BYTES, scanLines, scanTextLines } from '../../../src/core/runtime-view/scan-lines.js';
import { forgeRuntimeView } from '../../../src/core/runtime-view/index.js';
import { anyString, fuzzParams, tokenText } from '../../helpers/fuzz.js';

const WHITE_SPACE = '\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000';
const TOKENS = [...WHITE_SPACE, 'a', 'é', '😀', '\ud800', '\udc00', '\ufeff', '\u200b', '#', '## Tool: x', '\r\n', '\n'];
const text = fc.oneof(anyString(40), tokenText(TOKENS, 30));
const encoder = new TextEncoder();
/** The reference decoder keeps a leading U+FEFF: Go keeps it too (it is not White_Space). */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function bytewise(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

describe('Go text helpers', () => {
  it('goTrimSpace trims exactly the White_Space characters Go trims, on both ends', () => {
    const reference = (s: string) =>
      s
        .replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/, '')
        .replace(/[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/, '');
    fc.assert(
      fc.property(text, (s) => {
        expect(goTrimSpace(s)).toBe(reference(s));
      }),
      fuzzParams(400),
    );
    expect(goTrimSpace('\ufeff x \u200b')).toBe('\ufeff x \u200b');
  });

  it('utf8Length is the length of the UTF-8 encoding (a lone surrogate as U+FFFD)', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(utf8Length(s)).toBe(encoder.encode(s).length);
      }),
      fuzzParams(400),
    );
  });

  it('goCompare orders like the bytes of the UTF-8 encodings', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(goCompare(a, b))).toBe(Math.sign(bytewise(a, b)));
      }),
      fuzzParams(400),
    );
    expect(goCompare('\uffff', '😀')).toBeLessThan(0); // UTF-16 order says the opposite
  });
});

describe('scanTextLines', () => {
  it('gives the lines scanLines gives on the UTF-8 bytes, decoded', () => {
    fc.assert(
      fc.property(text, (s) => {
        const bytes = scanLines(encoder.encode(s));
        const chars = scanTextLines(s);
        expect(chars.lines).toEqual(bytes.lines.map((l) => decoder.decode(l)));
        expect(chars.tooLongAt).toBe(bytes.tooLongAt);
      }),
      fuzzParams(400),
    );
  });

  it('stops at a line of 64 KiB of UTF-8 even when it is shorter in UTF-16', () => {
    const wide = 'é'.repeat(MAX_LINE_BYTES / 2); // 32 Ki characters, 64 KiB
    expect(scanTextLines(`a\n${wide}\nb`)).toEqual({ lines: ['a'], tooLongAt: 1 });
    expect(scanTextLines(`a\n${wide.slice(1)}\nb`).lines).toHaveLength(3);
  });

  it('keeps a byte order mark that starts a line, as the runtime does (it is not a tool heading then)', () => {
    const first = '---\nname: demo\ndescription: Demo\n---\n\ufeff## Tool: hidden\n## Tool: seen\nText.\n';
    expect(forgeRuntimeView(first).tools.map((t) => t.name)).toEqual(['seen']);
    const later = '---\nname: demo\ndescription: Demo\n---\n## Tool: seen\nText.\n\ufeff## Tool: hidden\n';
    expect(forgeRuntimeView(later).tools.map((t) => t.name)).toEqual(['seen']);
  });
});
