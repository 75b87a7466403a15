// The runtime contract's script binding, settled against Forge's runner
// (forge-cli/runtime/runner.go skillScriptExtensions, skillScriptNameVariants,
// SkillScriptCandidatePaths): tool `my_search` ↔ `scripts/my-search.<ext>` or
// `scripts/my_search.<ext>`; .sh/.bash → bash, .py → python3, .js/.cjs/.mjs → node.
import { describe, expect, it } from 'vitest';
import {
  interpreterFor,
  normalizeScriptName,
  SCRIPT_EXTENSIONS,
  scriptForTool,
  scriptStem,
  toolForScript,
  toolScriptBaseName,
  toolScriptStems,
} from '../../../src/core/forge-runtime/script-binding.js';

describe('toolScriptBaseName', () => {
  it('turns underscores into hyphens', () => {
    expect(toolScriptBaseName('my_search')).toBe('my-search');
    expect(toolScriptBaseName('github_branch_name_from_ticket')).toBe('github-branch-name-from-ticket');
  });

  it('leaves an already hyphenated name alone', () => {
    expect(toolScriptBaseName('weather-current')).toBe('weather-current');
  });
});

describe('interpreterFor', () => {
  it('maps each runnable extension', () => {
    expect(interpreterFor('x.sh')).toBe('bash');
    expect(interpreterFor('x.bash')).toBe('bash');
    expect(interpreterFor('x.py')).toBe('python3');
    expect(interpreterFor('x.js')).toBe('node');
    expect(interpreterFor('x.cjs')).toBe('node');
    expect(interpreterFor('x.mjs')).toBe('node');
  });

  it('lists the extensions in the runtime order', () => {
    expect(SCRIPT_EXTENSIONS).toEqual(['.sh', '.bash', '.py', '.js', '.cjs', '.mjs']);
  });

  it('is case-sensitive, as the runtime looks for `<name>.sh` exactly', () => {
    for (const f of ['x.SH', 'x.Py', 'x.JS', 'x.CJS']) expect(interpreterFor(f)).toBeNull();
    expect(scriptForTool('my_search', ['my-search.SH', 'my-search.PY'])).toBeNull();
  });

  it('returns null for anything else', () => {
    for (const f of ['x.rb', 'x.ts', 'README', 'x.', '.sh', 'query.graphql', 'x.sh.bak']) expect(interpreterFor(f)).toBeNull();
  });
});

describe('scriptStem / normalizeScriptName', () => {
  it('drops the last extension', () => {
    expect(scriptStem('my-search.sh')).toBe('my-search');
    expect(scriptStem('Makefile')).toBe('Makefile');
  });

  it('accepts a scripts/ prefix on a key', () => {
    expect(normalizeScriptName('scripts/a.sh')).toBe('a.sh');
    expect(normalizeScriptName('a.sh')).toBe('a.sh');
  });
});

describe('scriptForTool / toolForScript', () => {
  it('finds the script backing a tool', () => {
    expect(scriptForTool('my_search', ['common.sh', 'my-search.py'])).toBe('my-search.py');
  });

  it('prefers .sh when several extensions exist', () => {
    expect(scriptForTool('my_search', ['my-search.js', 'my-search.sh'])).toBe('my-search.sh');
  });

  it('binds .cjs (after .js, before .mjs)', () => {
    expect(scriptForTool('my_search', ['my-search.cjs'])).toBe('my-search.cjs');
    expect(scriptForTool('my_search', ['my-search.mjs', 'my-search.cjs'])).toBe('my-search.cjs');
    expect(scriptForTool('my_search', ['my-search.cjs', 'my-search.js'])).toBe('my-search.js');
  });

  it('tries both name forms of one extension before the next extension', () => {
    expect(scriptForTool('my_search', ['my_search.sh', 'my-search.py'])).toBe('my_search.sh');
    expect(scriptForTool('my_search', ['my_search.sh', 'my-search.sh'])).toBe('my-search.sh');
  });

  it('binds nothing for a tool name that is not a bare path segment', () => {
    expect(toolScriptStems('a/b')).toEqual([]);
    expect(toolScriptStems('..')).toEqual([]);
    expect(scriptForTool('..', ['...sh'])).toBeNull();
    expect(toolForScript('...sh', ['..'])).toBeNull();
    expect(toolScriptStems('my_search')).toEqual(['my-search', 'my_search']);
    expect(toolScriptStems('search')).toEqual(['search']);
  });

  it('ignores files the runtime cannot run and names that do not match', () => {
    expect(scriptForTool('my_search', ['my-search.rb', 'my_search.txt', 'my-search-v2.sh', 'mysearch.sh'])).toBeNull();
  });

  it('maps a script back to its tool', () => {
    expect(toolForScript('weather-current.sh', ['weather_forecast', 'weather_current'])).toBe('weather_current');
    expect(toolForScript('common.sh', ['weather_current'])).toBeNull();
    expect(toolForScript('weather-current.txt', ['weather_current'])).toBeNull();
  });
});
