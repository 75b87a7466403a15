// SPEC §5 runtime contract: tool `my_search` ↔ `scripts/my-search.sh`; the
// interpreter is chosen by extension (.sh/.bash → bash, .py → python3, .js → node).
import { describe, expect, it } from 'vitest';
import { interpreterFor, isHelperScript, normalizeScriptName, scriptForTool, scriptStem, toolForScript, toolScriptBaseName } from '../../src/core/scripts.js';

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
    expect(interpreterFor('x.mjs')).toBe('node');
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

  it('ignores files the runtime cannot run and names that do not match', () => {
    expect(scriptForTool('my_search', ['my-search.rb', 'my_search.txt', 'my-search-v2.sh', 'mysearch.sh'])).toBeNull();
  });

  it('maps a script back to its tool', () => {
    expect(toolForScript('weather-current.sh', ['weather_forecast', 'weather_current'])).toBe('weather_current');
    expect(toolForScript('common.sh', ['weather_current'])).toBeNull();
    expect(toolForScript('weather-current.txt', ['weather_current'])).toBeNull();
  });
});

describe('isHelperScript', () => {
  it('recognises a shell library another script sources', () => {
    const scripts = { 'a-b.sh': 'SCRIPT_DIR=$(dirname "$0")\nsource "$SCRIPT_DIR/common.sh"\n', 'common.sh': 'f() { :; }' };
    expect(isHelperScript('common.sh', scripts)).toBe(true);
    expect(isHelperScript('a-b.sh', scripts)).toBe(false);
  });

  it('recognises a Python module another script imports', () => {
    expect(isHelperScript('util.py', { 'tool.py': 'import sys\nfrom util import load\n', 'util.py': '' })).toBe(true);
    expect(isHelperScript('util.py', { 'tool.py': 'import sys\nimport utility\n', 'util.py': '' })).toBe(false);
  });

  it('recognises a JS module required by relative path', () => {
    expect(isHelperScript('lib.js', { 'tool.js': "const lib = require('./lib');\n", 'lib.js': '' })).toBe(true);
    expect(isHelperScript('lib.js', { 'tool.js': "import x from './lib.js';\n", 'lib.js': '' })).toBe(true);
    expect(isHelperScript('lib.js', { 'tool.js': "require('mylib')\n", 'lib.js': '' })).toBe(false);
  });

  it('does not count a script mentioning itself, or a longer file name', () => {
    expect(isHelperScript('common.sh', { 'common.sh': 'source common.sh' })).toBe(false);
    expect(isHelperScript('common.sh', { 'x.sh': 'source ./my-common.sh', 'common.sh': '' })).toBe(false);
  });
});
