// scriptReferences: every env-reference form of each language is found with
// its script and 1-based line — bash `$X` and `${X}` (names the script
// assigns itself left out), Python `os.environ[...]`, `os.environ.get(...)`,
// `os.getenv(...)`, Node `process.env.X` and `process.env['X']` — and a
// literal URL host with its line.

import { describe, expect, it } from 'vitest';
import { scriptReferences } from '../../../src/core/observe/script-refs.js';

const BASH = [
  '#!/usr/bin/env bash',
  'set -euo pipefail',
  'echo "$PLAIN_REF"',
  'LOCAL_ONE=1',
  'echo "${BRACED_REF:-x} $LOCAL_ONE"',
  'curl -sS https://api.weather-data.io/v1',
].join('\n');
const PY = ['import os', 'a = os.environ["PY_INDEX"]', "b = os.environ.get('PY_GET')", 'c = os.getenv("PY_GETENV")'].join('\n');
const JS = ['const a = process.env.NODE_DOT;', "const b = process.env['NODE_BRACKET'];"].join('\n');

describe('scriptReferences', () => {
  const refs = scriptReferences({ 'run.sh': BASH, 'helper.py': PY, 'helper.js': JS });
  const at = (name: string) => refs.env.find((r) => r.name === name);

  it('finds bash $X and ${X} with their lines and skips what the script assigns', () => {
    expect(at('PLAIN_REF')).toEqual({ name: 'PLAIN_REF', file: 'scripts/run.sh', line: 3 });
    expect(at('BRACED_REF')).toEqual({ name: 'BRACED_REF', file: 'scripts/run.sh', line: 5 });
    expect(at('LOCAL_ONE')).toBeUndefined();
  });

  it('finds Python os.environ[...], os.environ.get and os.getenv with their lines', () => {
    expect(at('PY_INDEX')).toEqual({ name: 'PY_INDEX', file: 'scripts/helper.py', line: 2 });
    expect(at('PY_GET')).toEqual({ name: 'PY_GET', file: 'scripts/helper.py', line: 3 });
    expect(at('PY_GETENV')).toEqual({ name: 'PY_GETENV', file: 'scripts/helper.py', line: 4 });
  });

  it('finds Node process.env.X and process.env["X"] with their lines', () => {
    expect(at('NODE_DOT')).toEqual({ name: 'NODE_DOT', file: 'scripts/helper.js', line: 1 });
    expect(at('NODE_BRACKET')).toEqual({ name: 'NODE_BRACKET', file: 'scripts/helper.js', line: 2 });
  });

  it('finds a literal URL host with its line', () => {
    expect(refs.hosts).toContainEqual({ name: 'api.weather-data.io', file: 'scripts/run.sh', line: 6 });
  });
});
