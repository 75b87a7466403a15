// The linter and the formatter, enforced by `npm run check` and `npm test`
// alike. ESLint runs eslint.config.js (ESLint's and typescript-eslint's
// recommended rules) over the repository; src/ is linted with the same whole
// config by redos.test.ts, so it is not linted twice here. prettier checks
// every file .prettierignore leaves in (`npx prettier --write .` fixes them).
// Each tool is tried on planted text so a broken config cannot pass silently.
import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './source-files.js';

const eslint = new ESLint({ cwd: repoRoot, ignorePatterns: ['src/**'] });

describe('lint and format', () => {
  it('ESLint finds nothing outside src/ (test, bench, scripts, examples, configs)', async () => {
    const results = await eslint.lintFiles(['.']);
    expect(results.length).toBeGreaterThan(100);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(repoRoot.length + 1)}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(problems).toEqual([]);
  }, 180_000);

  it('every file prettier covers is formatted', () => {
    const run = spawnSync(join(repoRoot, 'node_modules', '.bin', 'prettier'), ['--check', '.'], { cwd: repoRoot, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`.split('\n').filter((l) => l.startsWith('[warn]'))).toEqual([]);
    expect(run.status).toBe(0);
  }, 120_000);
});

describe('the lint and format checks catch what they are meant to catch', () => {
  it("ESLint applies typescript-eslint's rules to TypeScript and the ReDoS rules to src/", async () => {
    const code = 'export const f = (x: any): number => { let y = 1; return x + y; };\n';
    const [test] = await eslint.lintText(code, { filePath: join(repoRoot, 'test/planted.test.ts') });
    expect(test?.messages.map((m) => m.ruleId)).toEqual(['prefer-const']);
    const [src] = await new ESLint({ cwd: repoRoot }).lintText(`${code}export const R = /^(a+)+$/;\n`, { filePath: join(repoRoot, 'src/core/planted.ts') });
    expect(src?.messages.map((m) => m.ruleId)).toEqual(
      expect.arrayContaining(['@typescript-eslint/no-explicit-any', 'prefer-const', 'regexp/no-super-linear-backtracking']),
    );
  });

  it('prettier refuses text in another style and ignores fixtures and Markdown', async () => {
    const options = { ...(await prettier.resolveConfig(join(repoRoot, 'src/core/x.ts'))), filepath: join(repoRoot, 'src/core/x.ts') };
    expect(await prettier.check("export const a = 'x';\n", options)).toBe(true);
    expect(await prettier.check('export const a = "x"\n', options)).toBe(false);
    const ignored = async (path: string): Promise<boolean> =>
      (await prettier.getFileInfo(join(repoRoot, path), { ignorePath: join(repoRoot, '.prettierignore') })).ignored;
    expect(await ignored('src/core/index.ts')).toBe(false);
    expect(await ignored('test/fixtures/skills/x.ts')).toBe(true);
    expect(await ignored('README.md')).toBe(true);
  });
});
