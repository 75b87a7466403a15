// The pure schema helpers behind native structured output: Gemini's
// OpenAPI-subset conversion, open-map detection (Anthropic/Gemini cannot
// constrain a map without emptying it) and OpenAI strict-mode eligibility.
import { describe, expect, it } from 'vitest';
import { toGeminiSchema } from '../../../src/core/llm/gemini-schema.js';
import { findOpenObjects, isOpenAiStrictCompatible, withoutDialect } from '../../../src/core/llm/json-schema.js';

describe('toGeminiSchema', () => {
  const cases: Array<[string, Record<string, unknown>, unknown]> = [
    ['keeps scalar types and descriptions', { type: 'string', description: 'd' }, { type: 'string', description: 'd' }],
    ['integer format kept', { type: 'integer', format: 'int64' }, { type: 'integer', format: 'int64' }],
    ['unsupported string format dropped', { type: 'string', format: 'email' }, { type: 'string' }],
    ['date-time format kept', { type: 'string', format: 'date-time' }, { type: 'string', format: 'date-time' }],
    ['["string","null"] → nullable', { type: ['string', 'null'] }, { type: 'string', nullable: true }],
    ['string enum → format enum', { type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a', 'b'], format: 'enum' }],
    ['const → one-value enum', { const: 'fixed' }, { type: 'string', enum: ['fixed'], format: 'enum' }],
    ['number enum dropped (strings only)', { type: 'number', enum: [1, 2] }, { type: 'number' }],
    [
      'anyOf [X, null] → X nullable, outer description kept',
      { description: 'maybe', anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }] },
      { type: 'object', properties: { a: { type: 'string' } }, propertyOrdering: ['a'], description: 'maybe', nullable: true },
    ],
    ['anyOf of several → anyOf converted', { anyOf: [{ type: 'string' }, { type: 'integer' }] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    ['["string","number"] → anyOf', { type: ['string', 'number'] }, { anyOf: [{ type: 'string' }, { type: 'number' }] }],
    [
      'array items and bounds kept, string constraints dropped',
      { type: 'array', items: { type: 'string', minLength: 1, pattern: '^x' }, minItems: 1, maxItems: 3, uniqueItems: true },
      { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
    ],
    [
      'object: additionalProperties false, $schema and title dropped; key order kept; required filtered',
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'T',
        type: 'object',
        additionalProperties: false,
        properties: { message: { type: 'string' }, skill: { type: ['object', 'null'], properties: { skill_md: { type: 'string' } } } },
        required: ['message', 'skill', 'ghost'],
      },
      {
        type: 'object',
        properties: {
          message: { type: 'string' },
          skill: { type: 'object', properties: { skill_md: { type: 'string' } }, propertyOrdering: ['skill_md'], nullable: true },
        },
        propertyOrdering: ['message', 'skill'],
        required: ['message', 'skill'],
      },
    ],
    [
      'local $ref resolved from $defs',
      { type: 'object', properties: { s: { $ref: '#/$defs/S' } }, $defs: { S: { type: 'string', description: 'from defs' } } },
      { type: 'object', properties: { s: { type: 'string', description: 'from defs' } }, propertyOrdering: ['s'] },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    const result = toGeminiSchema(input);
    expect(result.unrepresentable).toEqual([]);
    expect(result.schema).toEqual(expected);
  });

  it('lists what it dropped, by path', () => {
    const { dropped } = toGeminiSchema({ type: 'object', additionalProperties: false, properties: { a: { type: 'string', pattern: 'x' } } });
    expect(dropped).toEqual(expect.arrayContaining(['#: additionalProperties', '#/properties/a: pattern']));
  });

  it.each([
    ['an open map', { type: 'object', properties: { scripts: { type: 'object', additionalProperties: { type: 'string' } } } }, '#/properties/scripts'],
    ['a free-form object', { type: 'object', properties: { data: { type: 'object' } } }, '#/properties/data'],
    ['an array without items', { type: 'object', properties: { list: { type: 'array' } } }, '#/properties/list'],
    [
      'a recursive $ref',
      { type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { type: 'object', properties: { next: { $ref: '#/$defs/N' } } } } },
      'recursive',
    ],
    ['allOf of several', { allOf: [{ type: 'string' }, { type: 'string' }] }, 'allOf'],
    ['an untyped (any JSON) value', { type: 'object', properties: { input: {} } }, 'any JSON value'],
  ])('reports %s as unrepresentable', (_name, input, fragment) => {
    const result = toGeminiSchema(input);
    expect(result.unrepresentable.join(' ')).toContain(fragment);
  });

  it('does not modify its input', () => {
    const input = { type: 'object', properties: { a: { type: ['string', 'null'] } }, additionalProperties: false };
    const copy = structuredClone(input);
    toGeminiSchema(input);
    expect(input).toEqual(copy);
  });
});

describe('findOpenObjects', () => {
  it('finds maps, free-form objects and patternProperties, not closed objects', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        closed: { type: 'object', properties: { a: { type: 'string' } } },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        free: { type: 'object' },
        patterned: { type: 'object', patternProperties: { '^x': { type: 'string' } } },
        list: { type: 'array', items: { type: 'object', additionalProperties: true, properties: { b: { type: 'string' } } } },
        maybe: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: { type: 'number' } }] },
      },
    };
    expect(findOpenObjects(schema).sort()).toEqual(
      ['#/properties/free', '#/properties/list/items', '#/properties/map', '#/properties/maybe/anyOf/1', '#/properties/patterned'].sort(),
    );
  });
});

describe('isOpenAiStrictCompatible', () => {
  it('accepts closed objects with every property required', () => {
    expect(
      isOpenAiStrictCompatible({
        type: 'object',
        additionalProperties: false,
        properties: { a: { type: 'string' }, b: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, properties: {}, required: [] }] } },
        required: ['a', 'b'],
      }),
    ).toBe(true);
  });
  it.each([
    ['an object not closed', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
    ['an optional property', { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } }, required: [] }],
    ['an open map', { type: 'object', additionalProperties: { type: 'string' } }],
    ['an unsupported keyword', { type: 'object', additionalProperties: false, properties: { a: { type: 'string', default: 'x' } }, required: ['a'] }],
  ])('refuses %s', (_n, schema) => {
    expect(isOpenAiStrictCompatible(schema)).toBe(false);
  });
});

describe('withoutDialect', () => {
  it('removes only the root $schema', () => {
    expect(withoutDialect({ $schema: 'x', type: 'object' })).toEqual({ type: 'object' });
    const plain = { type: 'string' };
    expect(withoutDialect(plain)).toBe(plain);
  });
});
