// The decompile → compile round-trip check shared by the fixture tests
// (test/core) and the Forge-corpus interop tests (test/interop): same
// frontmatter, tool names and headings outside tools; a fixed point; headings
// inside tools become bold labels; every section that is not rebuilt from
// spec items keeps its text (one-word "-" lists switch to "*").

import { parse as parseYaml } from 'yaml';
import { expect } from 'vitest';
import { compileSkill } from '../../src/core/skillmd/compile.js';
import { decompileSkill } from '../../src/core/skillmd/decompile.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { rewritePhantomLists } from '../../src/core/skillmd/markdown/rewrite.js';
import { headingsOutsideTools, sectionsInTools, sectionsOutsideTools } from './tool-sections.js';

export function expectRoundTripKeepsSkill(text: string): void {
  const spec = decompileSkill(text);
  const md = compileSkill(spec);
  const before = parseSkillMd(text);
  const after = parseSkillMd(md);
  expect(after.diagnostics).toEqual([]);
  // frontmatter deep-equal after a YAML parse
  expect(parseYaml(md.split('\n---\n')[0]!.slice(4))).toEqual(before.frontmatter);
  expect(after.frontmatter).toEqual(before.frontmatter);
  expect(after.tools.map((t) => t.name)).toEqual(before.tools.map((t) => t.name));
  expect(headingsOutsideTools(after.sections)).toEqual(headingsOutsideTools(before.sections));
  expect(compileSkill(decompileSkill(md))).toBe(md);
  // Inside a tool section a heading would end the tool for Forge's runtime: it became a bold label.
  for (const s of sectionsInTools(before.sections)) expect(md).toContain(`**${s.title}**`);
  expect(sectionsInTools(after.sections)).toEqual([]);
  // Nothing lost: every section outside the tools that is not a Safety/Notes
  // list rebuilt from items keeps its text exactly (lists that Forge would
  // read as tools switch from "-" to "*").
  const afterOutside = sectionsOutsideTools(after.sections);
  sectionsOutsideTools(before.sections).forEach((s, i) => {
    const rebuilt = s.level === 2 && ((s.title === 'Safety Constraints' && spec.safety.length > 0) || (s.title === 'Important Notes' && spec.notes.length > 0));
    if (!rebuilt) expect(afterOutside[i]!.content.trim()).toBe(rewritePhantomLists(s.content.trim().split('\n')).lines.join('\n'));
  });
}
