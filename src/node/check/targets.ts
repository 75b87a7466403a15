// What `check` runs over: each command-line path becomes skills — a skill
// folder, a SKILL.md, any other file of a skill (what a pre-commit hook
// passes), a flat `<name>.md`, a folder of skills (listed as the skill store
// lists them) or an agent (a folder with forge.yaml, or that file: its skills/)
// — each with the agent it belongs to (the nearest forge.yaml above it, so
// the agent's risk policy applies). Sorted by path, each skill once.
import * as nodeFs from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { FsLike } from '../fs/types.js';
import { listSkillsFolder } from '../skill-store/list.js';
import type { SkillTarget } from './skill-checks.js';

const fs = nodeFs as unknown as FsLike;
/** How far above a skill folder an agent's forge.yaml is looked for (`<agent>/skills/<name>`). */
const AGENT_SEARCH_DEPTH = 3;

/** A path given to check that holds no skill: a setup error (exit 2). */
export class CheckTargetError extends Error {}

const exists = (p: string): Promise<boolean> =>
  stat(p).then(
    () => true,
    () => false,
  );

async function agentOf(skillPath: string): Promise<string | undefined> {
  let dir = dirname(skillPath);
  for (let i = 0; i < AGENT_SEARCH_DEPTH; i++) {
    if (await exists(join(dir, 'forge.yaml'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

/** The skill folder a file belongs to (`<skill>/scripts/x.sh`, `<skill>/references/a/b.md`): the nearest folder above with a SKILL.md. */
async function skillFolderAbove(file: string): Promise<string | undefined> {
  let dir = dirname(file);
  for (let i = 0; i < AGENT_SEARCH_DEPTH; i++) {
    if (await exists(join(dir, 'SKILL.md'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

async function listed(dir: string): Promise<SkillTarget[]> {
  const listing = await listSkillsFolder(fs, dir);
  return listing.skills.map((s) => ({ name: s.dirName, path: s.path, flat: s.format === 'flat' }));
}

async function targetsOf(abs: string, shown: string): Promise<SkillTarget[]> {
  const st = await stat(abs).catch(() => null);
  if (!st) throw new CheckTargetError(`${shown}: no such file or folder`);
  if (st.isFile()) {
    if (basename(abs) === 'SKILL.md') return [{ name: basename(dirname(abs)), path: dirname(abs), flat: false }];
    const owner = await skillFolderAbove(abs);
    if (owner) return [{ name: basename(owner), path: owner, flat: false }];
    if (basename(abs) === 'forge.yaml') return listed(join(dirname(abs), 'skills'));
    if (abs.endsWith('.md')) return [{ name: basename(abs, '.md'), path: abs, flat: true }];
    throw new CheckTargetError(`${shown}: not a skill (give a skill folder, a SKILL.md, a file of a skill, a folder of skills or an agent folder)`);
  }
  if (await exists(join(abs, 'SKILL.md'))) return [{ name: basename(abs), path: abs, flat: false }];
  if (await exists(join(abs, 'forge.yaml'))) {
    const skills = await listed(join(abs, 'skills'));
    return skills;
  }
  const skills = await listed(abs);
  if (skills.length === 0) throw new CheckTargetError(`${shown}: holds no SKILL.md, no skill folders and no forge.yaml`);
  return skills;
}

/** Every skill the arguments name, with its agent, sorted by path. */
export async function resolveTargets(cwd: string, args: readonly string[]): Promise<SkillTarget[]> {
  const byPath = new Map<string, SkillTarget>();
  for (const arg of args) {
    const abs = await realpath(resolve(cwd, arg)).catch(() => resolve(cwd, arg));
    for (const t of await targetsOf(abs, arg)) {
      if (byPath.has(t.path)) continue;
      const agentDir = await agentOf(t.path);
      byPath.set(t.path, agentDir ? { ...t, agentDir } : t);
    }
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
