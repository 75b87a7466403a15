// applyDeclarationFixes: adds and removes entries by splicing the text, so
// the rest of the SKILL.md (comments, quoting, order, body) stays byte for byte.

import { describe, expect, it } from 'vitest';
import { Skill } from '../../../src/core/skill/skill.js';
import { applyDeclarationFixes } from '../../../src/core/observe/declaration-edit.js';

const BLOCK = `---
name: demo # the name
description: "When the user asks for a demo, run it."
metadata:
  forge:
    requires:
      bins:
        - curl   # fetches
        - jq
      env:
        required: [API_KEY, OLD_KEY]
    egress_domains: ["api.example.com", 'unused.example.org']
---
# Demo body

text with bins: and egress_domains: words
`;

describe('applyDeclarationFixes', () => {
  it('removes from block and flow lists and adds to them, touching nothing else', () => {
    const out = applyDeclarationFixes(BLOCK, [
      { op: 'remove', field: 'bins', value: 'jq' },
      { op: 'add', field: 'bins', value: 'yq' },
      { op: 'remove', field: 'egress_domains', value: 'unused.example.org' },
      { op: 'add', field: 'egress_domains', value: 'new.example.com' },
      { op: 'remove', field: 'env', value: 'OLD_KEY' },
      { op: 'add', field: 'env', value: 'REGION' },
    ]);
    expect(out).toBe(`---
name: demo # the name
description: "When the user asks for a demo, run it."
metadata:
  forge:
    requires:
      bins:
        - curl   # fetches
        - yq
      env:
        required: [API_KEY]
        optional:
          - REGION
    egress_domains: ["api.example.com", new.example.com]
---
# Demo body

text with bins: and egress_domains: words
`);
    const forge = Skill.from(out).forge;
    expect(forge.requires.bins.map((b) => b.name)).toEqual(['curl', 'yq']);
    expect(forge.requires.env).toMatchObject({ required: ['API_KEY'], optional: ['REGION'] });
    expect(forge.egressDomains).toEqual(['api.example.com', 'new.example.com']);
  });

  it('creates the keys that are missing under the deepest mapping there is', () => {
    const md = '---\nname: x\ndescription: d\n---\nbody\n';
    const out = applyDeclarationFixes(md, [
      { op: 'add', field: 'bins', value: 'jq' },
      { op: 'add', field: 'egress_domains', value: 'api.example.com' },
    ]);
    expect(out.endsWith('---\nbody\n')).toBe(true);
    expect(out.startsWith('---\nname: x\ndescription: d\n')).toBe(true);
    const forge = Skill.from(out).forge;
    expect(forge.requires.bins.map((b) => b.name)).toEqual(['jq']);
    expect(forge.egressDomains).toEqual(['api.example.com']);
  });

  it('leaves the text as it is when the entry is already there or already gone', () => {
    expect(applyDeclarationFixes(BLOCK, [{ op: 'add', field: 'bins', value: 'jq' }])).toBe(BLOCK);
    expect(applyDeclarationFixes(BLOCK, [{ op: 'remove', field: 'bins', value: 'wget' }])).toBe(BLOCK);
  });

  it('refuses a frontmatter it cannot edit safely, saying to edit by hand', () => {
    expect(() => applyDeclarationFixes('---\r\nname: x\r\n---\r\n', [{ op: 'add', field: 'bins', value: 'jq' }])).toThrow(/by hand/);
  });
});
