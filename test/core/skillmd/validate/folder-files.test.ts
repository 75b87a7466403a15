// validateSkillMd with `files` (issue 17): mentioned folder files must exist
// (error with line), unmentioned ones are warnings, links through `..` or to
// absolute paths and hidden/unsafe folder paths are errors — both profiles.
import { describe, expect, it } from 'vitest';
import { validateSkillMd } from '../../../../src/core/skillmd/validate/validate.js';

const md = (body: string) =>
  `---\nname: ops-runbook\ndescription: When the user asks how to handle an incident ("the site is down"), follow the runbook.\n---\n\n# Ops runbook\n\n${body}\n`;
const BODY_LINE = 8;

for (const profile of ['forge', 'agentskills'] as const) {
  describe(`folder files (${profile} profile)`, () => {
    const check = (text: string, files: Record<string, string>, scripts: Record<string, string> = {}) => validateSkillMd(text, { profile, files, scripts });
    const codes = (r: ReturnType<typeof check>, code: string) => [...r.errors, ...r.warnings].filter((d) => d.code === code);

    it('accepts links and backticked paths to files that exist', () => {
      const r = check(md('Read [the runbook](reference/runbook.md) and `assets/template.txt`.\nAlso reference/extra.md.'), {
        'reference/runbook.md': '# Runbook',
        'assets/template.txt': 'x',
        'reference/extra.md': 'y',
      });
      expect(codes(r, 'file-missing')).toEqual([]);
      expect(codes(r, 'file-unreferenced')).toEqual([]);
    });

    it('reports a missing file with its line', () => {
      const r = check(md('First line.\nSee [a](references/a.md#setup) and `reference/runbook.md`.'), { 'references/a.md': 'a' });
      const missing = codes(r, 'file-missing');
      expect(missing.map((d) => [d.line, d.severity])).toEqual([[BODY_LINE + 1, 'error']]);
      expect(missing[0]!.message).toContain('reference/runbook.md');
      expect(r.valid).toBe(false);
    });

    it('warns about a folder file the SKILL.md never mentions (binary files too)', () => {
      const r = check(md('Nothing linked.'), { 'references/orphan.md': 'x', 'assets/logo.png': '' });
      expect(codes(r, 'file-unreferenced').map((d) => [d.field, d.severity])).toEqual([
        ['files.references/orphan.md', 'warning'],
        ['files.assets/logo.png', 'warning'],
      ]);
    });

    it('does not ask for a mention of evals/ files: the checks read them, the agent does not', () => {
      const r = check(md('Nothing linked.'), { 'evals/evals.json': '{}', 'evals/triggers.json': '[]', 'references/orphan.md': 'x' });
      expect(codes(r, 'file-unreferenced').map((d) => d.field)).toEqual(['files.references/orphan.md']);
    });

    it('one warning per folder for unmentioned files, naming a few (a public skill had 82 warnings, one per file)', () => {
      const files = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`templates/t${i}.md`, 'x']));
      const r = check(md('Nothing linked.'), { ...files, 'references/a.md': 'a', 'references/b.md': 'b', 'LICENSE.txt': 'MIT' });
      const found = codes(r, 'file-unreferenced');
      expect(found.map((d) => d.field)).toEqual(['files.templates/', 'files.references/', 'files.LICENSE.txt']);
      expect(found[0]!.message).toMatch(
        /^80 files in templates\/ are never mentioned by the SKILL\.md \("templates\/t0\.md", "templates\/t1\.md", "templates\/t10\.md" and 77 more\)/,
      );
      expect(found[0]!.message).toContain('mention the folder (`templates/`)');
      expect(found[1]!.message).toContain('("references/a.md" and "references/b.md")');
    });

    it('a bare path in a folder the skill has counts as a mention; one in a folder it lacks is not a path', () => {
      const r = check(md('Fill in `templates/weekly.md`; see templates/ for the rest. Accepts text and/or JSON.'), {
        'templates/weekly.md': 'w',
        'templates/monthly.md': 'm',
      });
      expect(codes(r, 'file-unreferenced')).toEqual([]);
      expect(codes(r, 'file-missing')).toEqual([]);
      const missing = codes(check(md('Fill in `templates/yearly.md`.'), { 'templates/weekly.md': 'w' }), 'file-missing');
      expect(missing.map((d) => d.message)).toEqual([expect.stringContaining('"templates/yearly.md"')]);
    });

    it('refuses links that leave the folder or are absolute', () => {
      const r = check(md('See [x](../other/SKILL.md) and [y](/etc/passwd) and `references/../../x.md`.'), {});
      expect(codes(r, 'file-path-outside').length).toBe(2);
      expect(codes(r, 'file-path-absolute').map((d) => d.line)).toEqual([BODY_LINE]);
      expect(r.valid).toBe(false);
    });

    it('refuses hidden and unsafe folder paths', () => {
      const r = check(md('See references/.secret and ../x.'), { 'references/.secret': 'x', '../x': 'y', '/abs.md': 'z' });
      expect(codes(r, 'file-hidden').map((d) => d.field)).toEqual(['files.references/.secret']);
      expect(
        codes(r, 'file-path-unsafe')
          .map((d) => d.field)
          .sort(),
      ).toEqual(['files.../x', 'files./abs.md']);
    });

    it('ignores URLs and anchors, and counts scripts as present', () => {
      const r = check(md('See [docs](https://example.com/references/x.md), [top](#ops-runbook) and `scripts/run.sh`.'), {}, { 'run.sh': 'echo' });
      expect(codes(r, 'file-missing')).toEqual([]);
    });
  });
}

it('checks nothing about folder files when `files` is not given', () => {
  const r = validateSkillMd(md('See [a](references/missing.md).'), {});
  expect([...r.errors, ...r.warnings].filter((d) => d.code.startsWith('file-'))).toEqual([]);
});
