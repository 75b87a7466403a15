// Which parsed sections lie inside a `## Tool:` section. The compiler turns
// headings inside a tool section into bold labels (Forge's runtime would end
// the tool at them), so round-trip tests compare headings outside tools only.

import type { SkillSection } from '../../src/core/skillmd/types.js';

export function isToolSection(s: SkillSection): boolean {
  return s.level === 2 && /^Tool:/.test(s.title);
}

/** Sections with a heading of level 3+ under a `## Tool:` section. */
export function sectionsInTools(sections: readonly SkillSection[]): SkillSection[] {
  const out: SkillSection[] = [];
  let inTool = false;
  for (const s of sections) {
    if (s.level <= 2) inTool = isToolSection(s);
    else if (inTool) out.push(s);
  }
  return out;
}

/** `level title` of every heading outside tool sections (tool headings included). */
export function headingsOutsideTools(sections: readonly SkillSection[]): string[] {
  const inside = new Set(sectionsInTools(sections));
  return sections.filter((s) => !inside.has(s)).map((s) => `${s.level} ${s.title}`);
}

/** The sections outside tools (neither a tool heading nor under one), in order. */
export function sectionsOutsideTools(sections: readonly SkillSection[]): SkillSection[] {
  const inside = new Set(sectionsInTools(sections));
  return sections.filter((s) => !isToolSection(s) && !inside.has(s));
}
