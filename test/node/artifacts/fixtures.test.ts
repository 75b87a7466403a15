// Issue 8 on our own corpus: the fixture skills (test/fixtures/skills) build
// with no errors, the `_starter` template is reported and skipped, and the
// output matches a golden summary. Regenerate it after an intended change with
// UPDATE_GOLDEN=1 npx vitest run test/node/artifacts-fixtures. Forge's corpus
// is built the same way in test/interop/artifacts.test.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSkillsFolder } from '../../../src/node/artifacts/build-folder.js';
import { describeBuildInvariants, summarise } from '../../helpers/artifacts-summary.js';
import { FIXTURE_SKILLS_DIR } from '../../helpers/skill-corpus.js';

const GOLDEN = join(import.meta.dirname, '../../fixtures/artifacts/fixture-skills.summary.json');

describe('building the fixture skills', () => {
  it('builds every skill with no errors; the template is reported, not built', async () => {
    const { compiled, skipped } = await buildSkillsFolder(FIXTURE_SKILLS_DIR);
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(compiled.excluded).toEqual([]);
    expect(skipped.map((s) => [s.path, s.code])).toEqual([['_starter', 'template-skipped']]);
    expect(compiled.count).toBe(10);
    // Tools without scripts make an instructions skill, whose body goes into the prompt once.
    const kinds = Object.fromEntries(compiled.skills.map((s) => [s.name, s.kind]));
    expect(kinds).toMatchObject({ 'cluster-spend': 'instructions', 'pod-triage': 'instructions', 'page-reader': 'instructions', 'ticket-search': 'tools' });
    expect(compiled.prompt.split('## Tool: cluster_spend').length - 1).toBe(1);
  });

  it('runs .py and .js scripts with their interpreters', async () => {
    const { compiled } = await buildSkillsFolder(FIXTURE_SKILLS_DIR);
    const tool = (name: string) => compiled.skills.flatMap((s) => s.tools).find((t) => t.name === name)!;
    expect([tool('changelog_draft').interpreter, tool('sitemap_audit').interpreter, tool('ticket_search').interpreter]).toEqual(['python3', 'node', 'bash']);
  });

  it('matches the golden summary of its output', async () => {
    const { compiled, files } = await buildSkillsFolder(FIXTURE_SKILLS_DIR);
    const summary = `${JSON.stringify(summarise(compiled, files), null, 2)}\n`;
    // Only an explicit UPDATE_GOLDEN=1 writes the golden: a missing one fails instead of being recreated from this run.
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, summary);
    expect(existsSync(GOLDEN), `${GOLDEN} is missing; write it with UPDATE_GOLDEN=1 npx vitest run test/node/artifacts-fixtures`).toBe(true);
    expect(summary).toBe(readFileSync(GOLDEN, 'utf8'));
  });
});

describeBuildInvariants(FIXTURE_SKILLS_DIR);
