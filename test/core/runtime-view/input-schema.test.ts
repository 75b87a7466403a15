// InputSpecToSchema as Forge's runtime computes it, one fixture per rule,
// the expected schema written out by hand.

import { describe, expect, it } from 'vitest';
import { forgeRuntimeView, invalidRuntimeKeys, runtimeInputSchema } from '../../../src/core/runtime-view/index.js';
import { runtimeJsonType } from '../../../src/core/forge-runtime/input-spec.js';

describe('runtimeInputSchema', () => {
  it('an empty spec is the open object schema', () => {
    expect(runtimeInputSchema('')).toEqual({ type: 'object', properties: {}, additionalProperties: true });
    expect(runtimeInputSchema('   ')).toEqual({ type: 'object', properties: {}, additionalProperties: true });
  });

  it('the first parameter is always required, others only when marked', () => {
    expect(runtimeInputSchema('a (string), b (integer), c (boolean, required)')).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' }, c: { type: 'boolean' } },
      required: ['a', 'c'],
    });
  });

  it('no parentheses is a string; backticks and quotes are trimmed from the name', () => {
    expect(runtimeInputSchema('`pod_name` (string, required), "ns", \'x\' (list)')).toEqual({
      type: 'object',
      properties: { ns: { type: 'string' }, pod_name: { type: 'string' }, x: { type: 'array' } },
      required: ['pod_name'],
    });
  });

  it('maps only its own type words (any case, trimmed); everything else, including "integer: 1-7" and "string[]", is string', () => {
    const words: Array<[string, string]> = [
      ['int', 'number'],
      ['Integer', 'number'],
      [' number ', 'number'],
      ['bool', 'boolean'],
      ['BOOLEAN', 'boolean'],
      ['array', 'array'],
      ['list', 'array'],
      ['object', 'object'],
      ['map', 'object'],
      ['float', 'string'],
      ['string[]', 'string'],
      ['integer: 1-7', 'string'],
      ['dict', 'string'],
      ['', 'string'],
    ];
    for (const [word, type] of words) expect([word, runtimeJsonType(word)]).toEqual([word, type]);
    expect(runtimeInputSchema('location (string), days (integer: 1-7)').properties).toEqual({ days: { type: 'string' }, location: { type: 'string' } });
  });

  it('"required" is found anywhere in the parentheses, case-sensitively; "optional" is just part of the type text', () => {
    expect(runtimeInputSchema('a (string), b (integer, optional), c (required, integer), d (int, Required), e (string, not required)')).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, d: { type: 'string' }, e: { type: 'string' } },
      required: ['a', 'c', 'e'],
    });
    expect(runtimeInputSchema('n (integer, required)').properties).toEqual({ n: { type: 'number' } });
  });

  it('splits on commas outside parentheses only; text after the parentheses stays in the type text', () => {
    expect(runtimeInputSchema('repo (string: owner/repo, SSH URL), branch (string, optional: a, b)')).toEqual({
      type: 'object',
      properties: { branch: { type: 'string' }, repo: { type: 'string' } },
      required: ['repo'],
    });
    expect(runtimeInputSchema('x (int) - count, y (bool)').properties).toEqual({ x: { type: 'string' }, y: { type: 'boolean' } });
  });

  it('counts empty parts: a leading comma leaves nothing required; an unmatched ) is ignored', () => {
    expect(runtimeInputSchema(', a (string)')).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(runtimeInputSchema('a ), b (string)')).toEqual({
      type: 'object',
      properties: { 'a )': { type: 'string' }, b: { type: 'string' } },
      required: ['a )'],
    });
  });

  it('repeats: the last type wins, required lists the name each time', () => {
    expect(runtimeInputSchema('a (string), a (int, required)')).toEqual({ type: 'object', properties: { a: { type: 'number' } }, required: ['a', 'a'] });
  });

  it('writes properties in Go map order (bytes), and a key named __proto__ is a plain key', () => {
    const schema = runtimeInputSchema('b (string), B (string), __proto__ (int), a (string)');
    expect(Object.keys(schema.properties)).toEqual(['B', '__proto__', 'a', 'b']);
    expect(JSON.stringify(schema.properties)).toBe('{"B":{"type":"string"},"__proto__":{"type":"number"},"a":{"type":"string"},"b":{"type":"string"}}');
  });

  it('an empty name inside parentheses is a property "" (which the providers reject)', () => {
    const schema = runtimeInputSchema('(string)');
    expect(schema).toEqual({ type: 'object', properties: { '': { type: 'string' } }, required: [''] });
    expect(invalidRuntimeKeys(schema)).toEqual(['']);
  });

  it('reports property keys outside ^[a-zA-Z0-9_.-]{1,64}$ on the tool, sorted', () => {
    const md = `---\nname: a\ndescription: b\n---\n## Tool: t\n**Input:** pod name (string), ok.key-1 (string), ${'k'.repeat(65)} (string), ns/x\n`;
    expect(forgeRuntimeView(md).tools[0]!.invalidKeys).toEqual(['k'.repeat(65), 'ns/x', 'pod name']);
  });
});
