// Issue 21: "a static check in `npm run check` that runs a maintained ReDoS
// checker over every regex in src/, with any exception justified in a
// comment". ESLint runs eslint.config.js (eslint-plugin-regexp's super-linear
// rules and the local rule that every `new RegExp` pattern be static) over
// src/; every disable comment there names its reason after `--`. The checker
// itself is tried on planted quadratic regexes, the heading regex of issue 21
// among them, so a broken config cannot pass silently.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources, repoRoot } from './source-files.js';

const eslint = new ESLint({ cwd: repoRoot });

/** `file:line rule message` of every problem ESLint reports for `code`, linted as if it were `src/<name>`. */
async function problemsIn(code: string, name = 'src/core/planted.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, name) });
  return (result?.messages ?? []).map((m) => `${m.line} ${m.ruleId}`);
}

describe('ReDoS check over src/', () => {
  it('finds no super-linear regex and no unchecked RegExp pattern in src/', async () => {
    const results = await eslint.lintFiles(['src/**/*.ts']);
    expect(results.length).toBeGreaterThan(100);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(repoRoot.length + 1)}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(problems).toEqual([]);
  }, 120_000);

  it('every eslint-disable in src/ says why after `--`', () => {
    const bare = readSources(join(repoRoot, 'src'), /\.ts$/).flatMap((f) =>
      f.src
        .split('\n')
        .map((line, i) => ({ line, at: `${f.path}:${i + 1}` }))
        .filter(({ line }) => /eslint-disable/.test(line) && /local\/|regexp\//.test(line) && !/ -- \S/.test(line))
        .map(({ at }) => at),
    );
    expect(bare).toEqual([]);
  });
});

describe('the ReDoS check catches what it is meant to catch', () => {
  it('flags the heading regex of issue 21 (quadratic on `## Tool: ` + spaces + one more character)', async () => {
    expect(await problemsIn('export const HEADING = /^ {0,3}(#{1,6})(?:[ \\t]+(.*?))?[ \\t]*$/;\n')).toContain('1 regexp/no-super-linear-backtracking');
    expect(await problemsIn('export const TOOL = /^## Tool:\\s+(.*)\\s*$/;\n')).toContain('1 regexp/no-super-linear-backtracking');
  });

  it('flags a trailing-run replace (quadratic move) and a nested quantifier (exponential)', async () => {
    expect(await problemsIn("export const f = (s: string) => s.replace(/\\/+$/, '');\n")).toContain('1 regexp/no-super-linear-move');
    expect(await problemsIn('export const NESTED = /^(a+)+$/;\n')).toContain('1 regexp/no-super-linear-backtracking');
  });

  it('sees through constant patterns and flags a pattern built at run time unless justified', async () => {
    expect(await problemsIn('const P = String.raw`\\s*(.*)\\s*`;\nexport const R = new RegExp(`^x:${P}$`);\n')).toContain(
      '2 regexp/no-super-linear-backtracking',
    );
    expect(await problemsIn('export const r = (n: string) => new RegExp(n);\n')).toEqual(['1 local/static-regexp']);
    expect(
      await problemsIn('// eslint-disable-next-line local/static-regexp -- n is an escaped literal\nexport const r = (n: string) => new RegExp(n);\n'),
    ).toEqual([]);
  });

  it('passes the linear rewrites', async () => {
    expect(await problemsIn('export const BULLET = /^ {0,3}[-*+][ \\t]+([^ \\t\\n\\r\\u2028\\u2029].*)?$/;\n')).toEqual([]);
  });
});
