// The input-spec rules of the runtime contract, settled against
// forge-core/tools/skill_tool.go (InputSpecToSchema, mapToJSONType,
// schemaPropertyKeyRe).
import { describe, expect, it } from 'vitest';
import { isValidPropertyKey, RUNTIME_TYPE_WORDS, runtimeJsonType, runtimeRequires, suggestPropertyKey } from '../../../src/core/forge-runtime/input-spec.js';

describe('input-spec rules', () => {
  it('the first part is required whatever it says; any other only when marked', () => {
    expect(runtimeRequires(0, false)).toBe(true);
    expect(runtimeRequires(1, false)).toBe(false);
    expect(runtimeRequires(1, true)).toBe(true);
  });

  it('the type vocabulary has exactly the runtime words; others are strings', () => {
    expect(Object.keys(RUNTIME_TYPE_WORDS).sort()).toEqual(['array', 'bool', 'boolean', 'int', 'integer', 'list', 'map', 'number', 'object']);
    expect(runtimeJsonType(' Integer ')).toBe('number');
    expect(runtimeJsonType('constructor')).toBe('string');
    expect(runtimeJsonType('float')).toBe('string');
  });

  it('property keys: letters, digits, _ . -, 1 to 64; a suggestion always passes', () => {
    expect(isValidPropertyKey('a.b-c_d')).toBe(true);
    for (const bad of ['', 'pod name', '`q`', 'x'.repeat(65), 'é']) {
      expect(isValidPropertyKey(bad)).toBe(false);
      expect(isValidPropertyKey(suggestPropertyKey(bad))).toBe(true);
    }
    expect(suggestPropertyKey('pod name')).toBe('pod_name');
  });
});
