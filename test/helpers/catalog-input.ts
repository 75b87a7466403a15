// The catalog tests write a skill as {skillMd, dir, scripts, location} (a
// folder path, script names, where the agent reads it); catalogSkill turns
// one into buildSkillCatalog's input: a Skill named by the folder's last
// segment, with empty scripts of those names, paired with its location (the
// folder's SKILL.md unless given).
import type { CatalogSkill } from '../../src/core/catalog.js';

export interface CatalogFixture {
  skillMd: string;
  dir?: string;
  scripts?: readonly string[];
  location?: string;
}

export function catalogSkill(f: CatalogFixture): CatalogSkill {
  const dir = f.dir?.replace(/[\\/]+$/, '');
  const dirName = dir?.split(/[\\/]/).pop();
  const location = f.location ?? (dir ? `${dir}/SKILL.md` : undefined);
  return {
    skill: { skillMd: f.skillMd, ...(dirName ? { dirName } : {}), scripts: Object.fromEntries((f.scripts ?? []).map((n) => [n, ''])) },
    ...(location !== undefined ? { location } : {}),
  };
}
