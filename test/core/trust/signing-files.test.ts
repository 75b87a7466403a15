// The validator's list of signature, manifest and provenance files (which it
// never asks the SKILL.md to mention) is exactly the trust files' list, and
// a folder holding them gets no unreferenced-file warning for them.
import { describe, expect, it } from 'vitest';
import { SIGNING_FILES } from '../../../src/core/skillmd/validate/folder-files.js';
import { SKILL_MANIFEST, SKILL_MANIFEST_SIGNATURE, SKILL_MD_SIGNATURE, SKILL_PROVENANCE, isTrustFile } from '../../../src/core/trust/files.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';

describe('signing files in validation', () => {
  it('names the same files as core/trust', () => {
    expect([...SIGNING_FILES].sort()).toEqual([SKILL_MD_SIGNATURE, SKILL_MANIFEST, SKILL_MANIFEST_SIGNATURE, SKILL_PROVENANCE].sort());
    for (const f of SIGNING_FILES) expect(isTrustFile(f)).toBe(true);
  });

  it('does not warn that the SKILL.md never mentions them', () => {
    const md = '---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one.\n---\n\n# Notes\n';
    const files = Object.fromEntries([...SIGNING_FILES, 'extra.md'].map((f) => [f, '{}']));
    const r = validateSkillMd(md, { profile: 'forge', scripts: {}, files });
    const unreferenced = r.warnings.filter((w) => w.code === 'file-unreferenced');
    expect(unreferenced.map((w) => w.message).join('\n')).toContain('extra.md');
    expect(unreferenced.map((w) => w.message).join('\n')).not.toMatch(/manifest|provenance|\.sig/);
  });
});
