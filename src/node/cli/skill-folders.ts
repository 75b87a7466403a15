// What the CLI accepts as "a folder of skills": any folder holding
// `<name>/SKILL.md` folders or flat `<name>.md` skills — the same folders
// `build` reads — not only one named skills/. `validate` expands such a folder
// into its skills; `catalog` reads it like `build` does.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkSkillName } from '../../core/names.js';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The skills directly inside `dir`, as paths to validate: `<dir>/<name>` for a
 * folder with a SKILL.md, `<dir>/<name>.md` for a flat skill (a kebab-case
 * name). Hidden entries and `_templates` are left out, as `build` leaves them
 * out. Sorted by name; empty when `dir` holds no skill.
 */
export async function skillsInFolder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name.startsWith('.') || e.name.startsWith('_')) continue;
    const path = join(dir, e.name);
    if (await isFile(join(path, 'SKILL.md'))) out.push(path);
    else if (e.name.endsWith('.md') && checkSkillName(e.name.slice(0, -3)) === null && (await isFile(path))) out.push(path);
  }
  return out;
}
