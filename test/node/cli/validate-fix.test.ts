// `validate --fix [--dry-run]` on real files: the SKILL.md is rewritten so
// Forge's runtime sees the table's parameters and no phantom tools, every
// other byte (and the file mode) kept, a diff printed; --dry-run writes nothing.

import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { forgeRuntimeView } from '../../../src/core/runtime-view/index.js';
import { testIo } from './support.js';

const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "$INPUT"\n';
const SKILL = `---
name: lookup
description: When the user asks to look something up ("look up X"), look it up.
---
# Lookup

## Tool: lookup_term

Looks a term up.

**Input:**

| Parameter | Type | Required | Description |
|---|---|---|---|
| term | string | yes | What to look up |
| limit | integer | no | Max results |

## Safety Constraints

- read-only
- Never writes files
`;

let root: string;
let file: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-fix-'));
  await mkdir(join(root, 'lookup/scripts'), { recursive: true });
  file = join(root, 'lookup/SKILL.md');
  await writeFile(file, SKILL);
  await chmod(file, 0o640);
  await writeFile(join(root, 'lookup/scripts/lookup_term.sh'), SCRIPT);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('validate --fix', () => {
  it('without --fix: the table-only tool is an error (the runtime sees no parameters)', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'lookup', '--no-syntax'], io)).toBe(1);
    expect(io.out()).toMatch(/^lookup\/SKILL\.md:11: error \[runtime-input-table-only\]/m);
    expect(io.out()).toMatch(/^lookup\/SKILL\.md:20: warning \[runtime-phantom-tool\]/m);
  });

  it('rewrites the file in place, prints the diff, keeps every other byte and the mode, and then validates clean of runtime errors', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'lookup', '--fix', '--no-syntax'], io)).toBe(0);
    const out = io.out();
    expect(out).toContain(
      '--- lookup/SKILL.md\n+++ lookup/SKILL.md\n@@ line 11 (input-spec) @@\n-**Input:**\n+**Input:** term (string, required), limit (integer)\n',
    );
    expect(out).toContain(
      '@@ line 20 (phantom-bullet) @@\n-- read-only\n+* read-only\n@@ line 21 (phantom-bullet) @@\n-- Never writes files\n+* Never writes files\n',
    );
    expect(out).not.toMatch(/\[runtime-/);
    const text = await readFile(file, 'utf8');
    expect(text).toBe(
      SKILL.replace('**Input:**\n', '**Input:** term (string, required), limit (integer)\n').replace('- read-only\n- Never', '* read-only\n* Never'),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readdir(join(root, 'lookup'))).toEqual(['SKILL.md', 'scripts']); // no temp file left
    const view = forgeRuntimeView(text, { scripts: ['lookup_term.sh'] });
    expect(view.tools.map((t) => [t.name, t.script, t.inputSchema.required])).toEqual([['lookup_term', 'scripts/lookup_term.sh', ['term']]]);
    // A second run has nothing to fix.
    const again = testIo({ cwd: root });
    expect(await main(['validate', 'lookup', '--fix', '--no-syntax'], again)).toBe(0);
    expect(again.out()).not.toContain('+++');
  });

  it('--dry-run prints the same diff and writes nothing', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'lookup', '--fix', '--dry-run', '--no-syntax'], io)).toBe(1);
    expect(io.out()).toContain('+++ lookup/SKILL.md (dry run: not written)\n@@ line 11 (input-spec) @@');
    expect(await readFile(file, 'utf8')).toBe(SKILL);
  });

  it('--dry-run alone and --fix with --json are usage errors', async () => {
    expect(await main(['validate', 'lookup', '--dry-run'], testIo({ cwd: root }))).toBe(2);
    expect(await main(['validate', 'lookup', '--fix', '--json'], testIo({ cwd: root }))).toBe(2);
    expect(await readFile(file, 'utf8')).toBe(SKILL);
  });
});
