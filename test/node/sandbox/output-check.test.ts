// Reading a tool's stdout against its Output block: a JSON Schema is checked
// as a schema, an example value as the types it shows; text Output expects no JSON.

import { describe, expect, it } from 'vitest';
import { parseSkillMd } from '../../../src/core/skillmd/parse.js';
import { checkOutput, looksLikeSchema } from '../../../src/node/sandbox/output-check.js';
import { toolSkill } from '../../helpers/tool-run.js';

const toolWith = (output?: unknown) => parseSkillMd(toolSkill({ output })).tools[0]!;

describe('checkOutput', () => {
  it('checks a JSON Schema and reports the leaf errors with JSON Pointer paths', () => {
    const tool = toolWith({ type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object', required: ['name'] } } } });
    expect(checkOutput('{"items": [{"name": "a"}]}', tool)).toEqual({ json: { items: [{ name: 'a' }] }, diagnostics: [] });
    expect(checkOutput('{"items": [{}]}', tool).diagnostics).toEqual([{ path: '/items/0', message: 'Instance does not have required property "name".' }]);
    expect(checkOutput('[]', tool).diagnostics.map((d) => d.path)).toEqual(['']);
  });

  it('reads an example value as the types it shows, without requiring its keys', () => {
    const tool = toolWith({ city: 'Paris', temp_c: 21.5, tags: ['sun'] });
    expect(checkOutput('{"city": "Oslo"}', tool).diagnostics).toEqual([]);
    expect(checkOutput('{"city": "Oslo", "temp_c": "21"}', tool).diagnostics).toEqual([
      { path: '/temp_c', message: expect.stringMatching(/Expected "number"/) },
    ]);
    expect(checkOutput('{"tags": [1]}', tool).diagnostics.map((d) => d.path)).toEqual(['/tags/0']);
  });

  it('says when stdout is empty or not JSON, unless the Output is text', () => {
    expect(checkOutput('', toolWith()).diagnostics[0]?.message).toMatch(/printed nothing/);
    expect(checkOutput('ok', toolWith({ a: 1 })).diagnostics[0]?.message).toMatch(/not JSON/);
    expect(checkOutput('ok', toolWith('A sentence about the weather'))).toEqual({ json: null, diagnostics: [] });
  });

  it('tells a schema from an example', () => {
    expect(looksLikeSchema({ type: 'object', properties: {} })).toBe(true);
    expect(looksLikeSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe(true);
    expect(looksLikeSchema({ type: 'forecast', temp: 3 })).toBe(false);
    expect(looksLikeSchema({ properties: { a: { type: 'string' } }, required: ['a'] })).toBe(true);
    expect(looksLikeSchema([1])).toBe(false);
  });
});
