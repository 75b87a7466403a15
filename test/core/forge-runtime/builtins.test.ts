// SPEC §3/§5: BUILTIN_TOOLS is the single source of the built-in tool list the
// prompt advertises; a skill uses a built-in by naming it.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS, KNOWN_CAPABILITIES, builtinToolsMentioned, isBuiltinTool } from '../../../src/core/forge-runtime/builtins.js';

const SPEC_BUILTINS = [
  'datetime_now',
  'web_search',
  'web_fetch',
  'http_request',
  'json_parse',
  'csv_parse',
  'math_calculate',
  'uuid_generate',
  'file_create',
  'schedule_set',
  'schedule_list',
  'schedule_delete',
  'schedule_history',
];

describe('BUILTIN_TOOLS', () => {
  it('lists exactly the built-ins SPEC §5 names, in that order', () => {
    expect(BUILTIN_TOOLS.map((t) => t.name)).toEqual(SPEC_BUILTINS);
  });

  it('gives every tool a one-line description of its own', () => {
    const descriptions = BUILTIN_TOOLS.map((t) => t.description);
    for (const d of descriptions) {
      expect(d.length).toBeGreaterThan(15);
      expect(d).not.toContain('\n');
    }
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('cannot be mutated by a caller', () => {
    expect(Object.isFrozen(BUILTIN_TOOLS)).toBe(true);
    expect(Object.isFrozen(BUILTIN_TOOLS[0])).toBe(true);
  });
});

describe('isBuiltinTool', () => {
  it('accepts each built-in name', () => {
    for (const name of SPEC_BUILTINS) expect(isBuiltinTool(name)).toBe(true);
  });

  it('rejects custom names, near misses and other casing', () => {
    for (const name of ['my_search', 'web-search', 'Web_Search', 'datetime', 'cli_execute', 'read_skill', '']) expect(isBuiltinTool(name)).toBe(false);
  });
});

describe('builtinToolsMentioned', () => {
  it('finds built-ins named in prose or code, once each, in order', () => {
    expect(builtinToolsMentioned('Call `datetime_now` with tz, then web_search; datetime_now again.')).toEqual(['datetime_now', 'web_search']);
  });

  it('does not match inside longer identifiers', () => {
    expect(builtinToolsMentioned('my_web_search and web_search_v2 and datetime_nowish')).toEqual([]);
  });
});

describe('KNOWN_CAPABILITIES', () => {
  it('knows the browser capability the bundled web-browse skill requests', () => {
    expect(KNOWN_CAPABILITIES).toContain('browser');
  });
});
