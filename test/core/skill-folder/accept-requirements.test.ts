// acceptRequirements (issue 17): accepted proposals are declared in
// metadata.forge, only what is not declared yet, keeping other keys, comments
// and the body; names that are not program, env var or host names are refused.
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/core/errors.js';
import { acceptRequirements } from '../../../src/core/skill-folder/accept-requirements.js';
import { parseSkillMd } from '../../../src/core/skillmd/parse.js';

const MD =
  '---\nname: pdf-notes # kept\ndescription: When x\nmetadata:\n  author: me\n  forge:\n    requires:\n      bins: [{name: jq, apt: jq}]\n      env:\n        optional: [PDF_KEY]\n---\n\n# Body\n';

describe('acceptRequirements', () => {
  it('adds the accepted names that are not declared, keeping the rest as written', () => {
    const out = acceptRequirements(MD, { bins: ['jq', 'curl'], env: ['PDF_KEY', 'PDF_URL'], egressDomains: ['pdf.acme.io'] });
    const forge = parseSkillMd(out).forge;
    expect(forge.requires.bins.map((b) => (typeof b === 'string' ? b : b.name))).toEqual(['jq', 'curl']);
    expect(forge.requires.env).toMatchObject({ required: ['PDF_URL'], optional: ['PDF_KEY'] });
    expect(forge.egressDomains).toEqual(['pdf.acme.io']);
    expect(out).toContain('name: pdf-notes # kept\n');
    expect(out).toContain('  author: me\n');
    expect(out.endsWith('---\n\n# Body\n')).toBe(true);
    expect(acceptRequirements(MD, {})).toBe(MD);
  });

  it.each([
    [{ bins: ['curl && rm -rf /'] }, /accept_requirements\.bins/],
    [{ env: ['1BAD'] }, /accept_requirements\.env/],
    [{ egressDomains: ['https://x.io/path'] }, /accept_requirements\.egress_domains.*not a host name/],
  ])('refuses %j naming the field', (accepted, message) => {
    const err = (() => {
      try {
        acceptRequirements(MD, accepted);
      } catch (e) {
        return e;
      }
    })();
    expect(RequestError.isInstance(err)).toBe(true);
    expect(String(err)).toMatch(message);
  });

  it('refuses a SKILL.md without frontmatter', () => {
    expect(() => acceptRequirements('# no frontmatter\n', { bins: ['curl'] })).toThrow(/no frontmatter/);
  });
});
