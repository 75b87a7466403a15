// readPartialJson's strings: standard escapes are decoded by JSON.parse in
// one pass, and everything JSON.parse refuses (a raw control character, an
// unknown escape, text cut inside an escape) is still read leniently, the same
// as before the native pass existed.

import { describe, expect, it } from 'vitest';
import { readPartialJson } from '../../../src/core/json/partial.js';

const str = (text: string) => readPartialJson(text);

describe('readPartialJson strings', () => {
  it('decodes standard escapes, complete or cut after a whole escape', () => {
    expect(str('"a\\nb\\"c\\\\d\\u00e9\\/"')).toEqual({ kind: 'string', value: 'a\nb"c\\dé/', done: true });
    expect(str('"## x\\n## y\\n## z')).toEqual({ kind: 'string', value: '## x\n## y\n## z', done: false });
    expect(str('"even \\\\\\\\"')).toEqual({ kind: 'string', value: 'even \\\\', done: true });
  });

  it('reads what JSON.parse refuses the lenient way', () => {
    expect(str('"raw\ttab\nline"')).toEqual({ kind: 'string', value: 'raw\ttab\nline', done: true });
    expect(str('"bad \\x escape"')).toEqual({ kind: 'string', value: 'bad x escape', done: true });
    expect(str('"cut \\')).toEqual({ kind: 'string', value: 'cut ', done: false });
    expect(str('"cut \\u00')).toEqual({ kind: 'string', value: 'cut ', done: false });
    expect(str('"bad \\uzzzz hex"')).toEqual({ kind: 'string', value: 'bad zzzz hex', done: true });
  });

  it('gives one long value for a text of many short lines', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `## Tool: t${i}`).join('\n');
    expect(str(JSON.stringify(lines))).toEqual({ kind: 'string', value: lines, done: true });
    expect(str(JSON.stringify(lines).slice(0, -1))).toEqual({ kind: 'string', value: lines, done: false });
  });
});
