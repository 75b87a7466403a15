// Helper scripts: files other scripts load, which no `## Tool:` has to map to.
import { describe, expect, it } from 'vitest';
import { isHelperScript } from '../../../src/core/skillmd/script-analysis.js';

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
