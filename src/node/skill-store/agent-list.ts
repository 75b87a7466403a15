// An agent's skills list: every skill of `<agent>/skills/` (as list.ts finds
// them) with its summary, plus what the listing skipped. A skill that cannot
// be read or parsed is listed with its `error` instead of breaking the list.
// The list never sees a half-saved skill: it reads while no save of this
// process swaps folders, and a skill that vanished under it (a save of another
// process) makes it read again. Leftover temp folders of crashed saves go first.

import { join } from 'node:path';
import type { SkillSummary, SkillsListing } from '../../core/api/types.js';
import { parseSkillMd } from '../../core/skillmd/parse.js';
import { errnoCode, listDir, resolveIo, type FsLike, type IoOptions } from '../fs/types.js';
import { retryVanished, withSkillsRead } from './consistent-read.js';
import { readFailure } from './inside.js';
import { listSkillsFolder, type SkillLocation } from './list.js';
import { readSkillMd } from './read.js';
import { isHiddenName } from './policy.js';
import { cleanLeftoverTemps } from './save-temps.js';

type Listed = SkillsListing & { vanished?: boolean };

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The agent's skills with their summaries and what was skipped, sorted by folder/file name. */
export async function listAgentSkills(agentDir: string, opts: IoOptions = {}): Promise<SkillsListing> {
  const { fs } = resolveIo(opts);
  const skillsDir = join(agentDir, 'skills');
  await cleanLeftoverTemps(fs, skillsDir);
  return retryVanished(
    () => withSkillsRead(fs, skillsDir, () => listUnlocked(fs, skillsDir)),
    (list) => list.vanished === true,
    ({ skills, skipped }) => ({ skills, skipped }),
  );
}

/** An agent's custom skills (both forms), sorted by folder/file name: listAgentSkills without the skipped entries. */
export async function listCustomSkills(agentDir: string, opts: IoOptions = {}): Promise<SkillSummary[]> {
  return (await listAgentSkills(agentDir, opts)).skills;
}

async function listUnlocked(fs: FsLike, skillsDir: string): Promise<Listed> {
  const listing = await listSkillsFolder(fs, skillsDir);
  const out: Listed = { skills: [], skipped: listing.skipped, ...(listing.vanished ? { vanished: true } : {}) };
  for (const loc of listing.skills) {
    const summary = await summarize(fs, skillsDir, loc).catch((err: unknown) => {
      if (errnoCode(err) === 'ENOENT') out.vanished = true;
      return { ...blankSummary(loc), error: readFailure(err) };
    });
    out.skills.push(summary);
  }
  return out;
}

function blankSummary(loc: SkillLocation): SkillSummary {
  return { name: loc.dirName, dirName: loc.dirName, description: '', category: '', tags: [], path: loc.path, hasScripts: false, tools: [], format: loc.format };
}

async function summarize(fs: FsLike, skillsDir: string, loc: SkillLocation): Promise<SkillSummary> {
  const summary = blankSummary(loc);
  const parsed = parseSkillMd(await readSkillMd(fs, skillsDir, loc));
  const fm = parsed.frontmatter ?? {};
  if (typeof fm.name === 'string' && fm.name.trim() !== '') summary.name = fm.name.trim();
  summary.description = str(fm.description).trim();
  summary.category = str(fm.category);
  summary.tags = Array.isArray(fm.tags) ? fm.tags.filter((t): t is string => typeof t === 'string') : [];
  summary.tools = parsed.tools.map((t) => t.name);
  const firstError = parsed.diagnostics.find((d) => d.severity === 'error');
  if (firstError) summary.error = `${firstError.line !== undefined ? `line ${firstError.line}: ` : ''}${firstError.message}`;
  if (loc.format === 'subdir') summary.hasScripts = (await listDir(fs, join(loc.path, 'scripts'))).some((e) => !isHiddenName(e.name) && !e.isDirectory);
  return summary;
}
