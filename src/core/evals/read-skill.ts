// What the harness's read_skill answers, as Forge's runtime does: the named
// skill's whole SKILL.md with a footer listing its other files, or with
// `file` that file of the skill folder; an unknown skill or file gets a JSON
// error naming the available skills. The evals/ folder is never offered: it
// belongs to the builder, not to the agent's runtime.
import type { Skill } from '../skill/skill.js';

const hidden = (path: string): boolean => path === 'evals' || path.startsWith('evals/');

function filesOf(skill: Skill): string[] {
  return [...Object.keys(skill.scripts).map((s) => `scripts/${s}`), ...Object.keys(skill.files), ...skill.binaries.map((b) => b.path)]
    .filter((p) => !hidden(p))
    .sort();
}

/** read_skill's answer for `input` among `skills` (catalog name → skill). */
export function readSkill(skills: ReadonlyMap<string, Skill>, input: Record<string, unknown>): { ok: boolean; output: string } {
  const name = typeof input['name'] === 'string' ? input['name'].trim() : '';
  if (!name) return { ok: false, output: JSON.stringify({ error: 'name is required' }) };
  const skill = skills.get(name) ?? skills.get(name.replaceAll('_', '-'));
  if (!skill) return { ok: false, output: JSON.stringify({ error: `skill ${JSON.stringify(name)} not found`, available_skills: [...skills.keys()] }) };
  const file = typeof input['file'] === 'string' ? input['file'].trim().replace(/^\.\//, '') : '';
  if (file) {
    const text = hidden(file) ? undefined : file.startsWith('scripts/') ? skill.scripts[file.slice('scripts/'.length)] : skill.files[file];
    return text === undefined
      ? { ok: false, output: JSON.stringify({ error: `file ${JSON.stringify(file)} not found in skill ${JSON.stringify(name)}` }) }
      : { ok: true, output: text };
  }
  const files = filesOf(skill);
  const footer = files.length ? `\n\nFiles in this skill (read one with read_skill and "file"):\n${files.map((f) => `- ${f}`).join('\n')}` : '';
  return { ok: true, output: skill.skillMd + footer };
}
