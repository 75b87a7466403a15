// Issue 8, interop suite (needs FORGE_CORPUS_DIR): "the whole forge-embedded
// corpus building with no errors and a golden-file check of its output shape". The golden is a summary
// (names, kinds, tools and their parameter types, requirements, prompt
// sections) so a reviewer can read a change; regenerate it after an intended
// change with UPDATE_GOLDEN=1 FORGE_CORPUS_DIR=… npm run test:interop -- artifacts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSkillsFolder } from '../../src/node/artifacts/build-folder.js';
import { describeBuildInvariants, summarise } from '../helpers/artifacts-summary.js';
import { FORGE_CORPUS_DIR as CORPUS_DIR } from './forge-corpus.js';

const GOLDEN = join(import.meta.dirname, '../fixtures/artifacts/forge-embedded.summary.json');

describe('building the forge-embedded corpus', () => {
  it('builds every skill with no errors', async () => {
    const { compiled, skipped } = await buildSkillsFolder(CORPUS_DIR);
    // Errors only about what Forge's runtime would misread in a tool's Input (reported; the skill is still built).
    expect(compiled.diagnostics.filter((d) => d.severity === 'error' && !d.code.startsWith('runtime-input'))).toEqual([]);
    expect(compiled.excluded).toEqual([]);
    // _template is starter material (and its name "my-skill" is not its folder); it is reported, not built.
    expect(skipped.map((s) => [s.path, s.code])).toEqual([['_template', 'template-skipped']]);
    expect(compiled.count).toBe(16);
    expect(compiled.skills.find((s) => s.name === 'code-review-github')!.kind).toBe('instructions');
    // Four ## Tool: sections, one body in the prompt.
    expect(compiled.prompt.match(/<skill name="code-review-github">/g)).toHaveLength(1);
    expect(compiled.prompt.split('## Tool: review_github_list_prs').length - 1).toBe(1);
  });

  it('matches the golden summary of its output', async () => {
    const { compiled, files } = await buildSkillsFolder(CORPUS_DIR);
    const summary = `${JSON.stringify(summarise(compiled, files), null, 2)}\n`;
    // Only an explicit UPDATE_GOLDEN=1 writes the golden: a missing one fails instead of being recreated from this run.
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, summary);
    expect(existsSync(GOLDEN), `${GOLDEN} is missing; write it with UPDATE_GOLDEN=1 FORGE_CORPUS_DIR=… npm run test:interop -- artifacts`).toBe(true);
    expect(summary).toBe(readFileSync(GOLDEN, 'utf8'));
  });
});

describeBuildInvariants(CORPUS_DIR);
