// Issue 8: tools[] carry "the JSON Schema of its input … built from the Input
// table (types string/integer/number/boolean/array/object, `required` from the
// Required column, descriptions kept)"; keys breaking ^[a-zA-Z0-9_.-]{1,64}$
// are errors for that tool.
import { describe, expect, it } from 'vitest';
import { buildInputSchema } from '../../../src/core/artifacts/input-schema.js';
import { INPUT_TYPE_ALIASES, mapInputType } from '../../../src/core/skillmd/input-types.js';
import { PROPERTY_KEY_PATTERN } from '../../../src/core/forge-runtime/input-spec.js';
import type { ToolParam, ToolSection } from '../../../src/core/skillmd/types.js';

function tool(input: ToolParam[], name = 'my_tool'): ToolSection {
  return { name, line: 7, description: 'd', input, inputForm: 'table', output: null, examples: [], heuristics: [], body: '' };
}
const p = (name: string, type: string, required = false, description = ''): ToolParam => ({ name, type, required, description });

describe('mapInputType', () => {
  it.each([
    ['string', { type: 'string' }],
    ['integer', { type: 'integer' }],
    ['number', { type: 'number' }],
    ['boolean', { type: 'boolean' }],
    ['array', { type: 'array', items: {} }],
    ['object', { type: 'object' }],
    ['int', { type: 'integer' }],
    ['float', { type: 'number' }],
    ['bool', { type: 'boolean' }],
    ['list', { type: 'array', items: {} }],
    ['dict', { type: 'object' }],
    ['Integer', { type: 'integer' }],
    ['`boolean`', { type: 'boolean' }],
    ['string[]', { type: 'array', items: { type: 'string' } }],
    ['[]int', { type: 'array', items: { type: 'integer' } }],
    ['array<object>', { type: 'array', items: { type: 'object' } }],
    ['list[string]', { type: 'array', items: { type: 'string' } }],
    ['array of strings', { type: 'array', items: { type: 'string' } }],
    ['low|medium|high', { type: 'string', enum: ['low', 'medium', 'high'] }],
    ['"json" | "text"', { type: 'string', enum: ['json', 'text'] }],
    ['enum(merge, squash)', { type: 'string', enum: ['merge', 'squash'] }],
    ['string: a|b', { type: 'string', enum: ['a', 'b'] }],
    ['1|2|3', { type: 'integer', enum: [1, 2, 3] }],
    ['integer: 1-7', { type: 'integer', minimum: 1, maximum: 7 }],
    ['string | null', { type: ['string', 'null'] }],
    ['json|text', { type: 'string', enum: ['json', 'text'] }],
    ['string?', { type: 'string' }],
    ['string, optional', { type: 'string' }],
    ['date', { type: 'string', format: 'date' }],
    ['url', { type: 'string', format: 'uri' }],
  ])('maps %s', (cell, schema) => {
    const m = mapInputType(cell);
    expect(m.known).toBe(true);
    expect(m.schema).toEqual(schema);
  });

  it('maps every documented alias to the schema it lists', () => {
    for (const [word, schema] of Object.entries(INPUT_TYPE_ALIASES)) {
      expect(mapInputType(word).schema, word).toEqual(schema);
      expect(mapInputType(word.toUpperCase()).schema, word).toEqual(schema);
    }
  });

  it('keeps the text after "type:" as a note when it is not an enum or range', () => {
    expect(mapInputType('string: owner/repo or URL')).toEqual({ schema: { type: 'string' }, note: 'owner/repo or URL', known: true });
  });

  it('reads the inline form detail: enum, range, default, min and max', () => {
    expect(mapInputType('integer', '1-3').schema).toEqual({ type: 'integer', minimum: 1, maximum: 3 });
    expect(mapInputType('int', 'default: 30, max: 100').schema).toEqual({ type: 'integer', maximum: 100, default: 30 });
    expect(mapInputType('string', 'json|text, default: json').schema).toEqual({ type: 'string', enum: ['json', 'text'], default: 'json' });
    expect(mapInputType('boolean', 'default false').schema).toEqual({ type: 'boolean', default: false });
  });

  it('keeps detail it cannot fold into the schema as a note, including a default of the wrong type', () => {
    expect(mapInputType('string', 'open/closed/all, default: open')).toEqual({
      schema: { type: 'string', default: 'open' },
      note: 'open/closed/all',
      known: true,
    });
    expect(mapInputType('integer', 'default: lots').note).toBe('default: lots');
    expect(mapInputType('string: a|b', 'default: c')).toMatchObject({ schema: { type: 'string', enum: ['a', 'b'] }, note: 'default: c' });
  });

  it('falls back to string for an unknown spelling and says so', () => {
    expect(mapInputType('gizmo')).toEqual({ schema: { type: 'string' }, note: '', known: false });
  });
});

describe('buildInputSchema', () => {
  it('takes required from the Required column and keeps descriptions in table order', () => {
    const r = buildInputSchema(tool([p('query', 'string', true, 'The search query'), p('max_results', 'integer', false, 'Maximum results')]));
    expect(r.diagnostics).toEqual([]);
    expect(r.schema).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'The search query' },
        max_results: { type: 'integer', description: 'Maximum results' },
      },
      required: ['query'],
    });
    expect(Object.keys(r.schema.properties)).toEqual(['query', 'max_results']);
  });

  it('puts a type note in front of the description', () => {
    const r = buildInputSchema(tool([p('repo', 'string: owner/repo', true, 'The repository')]));
    expect(r.schema.properties['repo']).toEqual({ type: 'string', description: 'owner/repo. The repository' });
  });

  it('reports a property key providers reject as an error naming the tool and parameter', () => {
    const r = buildInputSchema(tool([p('ok_key', 'string'), p('bad key!', 'string', true)], 'search_docs'));
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'tool-input-key-invalid', severity: 'error', field: 'tools.search_docs.input.bad key!', line: 7 });
    expect(r.diagnostics[0]!.message).toContain('bad_key');
    expect(Object.keys(r.schema.properties)).toEqual(['ok_key']);
  });

  it('rejects keys longer than 64 characters and accepts dots and dashes', () => {
    expect(PROPERTY_KEY_PATTERN.test('a.b-c_d')).toBe(true);
    const r = buildInputSchema(tool([p('x'.repeat(65), 'string')]));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['tool-input-key-invalid']);
  });

  it('reports a duplicate parameter as an error', () => {
    const r = buildInputSchema(tool([p('q', 'string'), p('q', 'integer')]));
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([['tool-input-duplicate', 'error']]);
  });

  it('warns about an unknown type and sends it as a string', () => {
    const r = buildInputSchema(tool([p('when', 'gizmo', true)]));
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([['tool-input-type-unknown', 'warning']]);
    expect(r.schema.properties['when']).toEqual({ type: 'string' });
  });

  it('gives a tool without Input an empty object schema', () => {
    expect(buildInputSchema(tool([])).schema).toEqual({ type: 'object', properties: {}, required: [] });
  });
});
