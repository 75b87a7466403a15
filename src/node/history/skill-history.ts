// The save history as the SDK, the HTTP routes and the CLI read it: the
// versions kept of a skill (newest first, with how many are kept at most),
// and the diff between two of them — a version id, or `current` for the
// skill on disk now — file by file, a unified diff for text and sizes only
// for binaries. Names are checked before they reach a path.

import { createTwoFilesPatch, diffLines } from 'diff';
import type { SkillHistory, SkillVersionDiff, SkillVersionDiffFile } from '../../core/api/types.js';
import { NotFoundError, RequestError } from '../../core/errors.js';
import { assertSafeSkillName } from '../../core/names.js';
import { skillEntries } from '../../core/skill-folder/zip-write.js';
import { compareBytes } from '../../core/skill-folder/to-draft.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { readSkillFolder } from '../skill-folder/read-folder.js';
import { locateSkill } from '../skill-store/index.js';
import { historyKeepForAgent } from './keep-setting.js';
import { listSkillVersions, readSkillVersion } from './store.js';

/** The skill on disk now, as a diff side. */
export const CURRENT_VERSION = 'current';

export interface SkillHistoryOptions extends IoOptions {
  /** How many versions are kept at most, as reported; default the workspace's `skill_builder.history.keep` (else 20). */
  keep?: number;
}

/** The versions kept of a skill, newest first. */
export async function listSkillHistory(agentDir: string, name: string, opts: SkillHistoryOptions = {}): Promise<SkillHistory> {
  assertSafeSkillName(name, 'name');
  const { fs } = resolveIo(opts);
  const versions = await listSkillVersions(fs, agentDir, name);
  return { name, keep: opts.keep ?? (await historyKeepForAgent(fs, agentDir)), versions };
}

async function sideOf(agentDir: string, name: string, id: string, opts: IoOptions): Promise<Map<string, Uint8Array>> {
  const { fs } = resolveIo(opts);
  if (id === CURRENT_VERSION) {
    const loc = await locateSkill(agentDir, name, opts);
    if (!loc || loc.format !== 'subdir') throw new NotFoundError('skill', `agent has no skill folder "${name}" to compare with`);
    return skillEntries(await readSkillFolder(fs, loc.path));
  }
  if (!/^[0-9a-f]{16}$/.test(id))
    throw new RequestError('version', `a version is an id from the history (16 lower-case hex digits) or "${CURRENT_VERSION}" (got "${id.slice(0, 40)}")`);
  const entries = await readSkillVersion(fs, agentDir, name, id);
  if (!entries) throw new NotFoundError('version', `skill "${name}" has no version "${id}"; list them with history`);
  return entries;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
function textOf(bytes: Uint8Array | undefined): string | null {
  if (!bytes) return '';
  if (bytes.includes(0)) return null;
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function fileDiff(path: string, before: Uint8Array | undefined, after: Uint8Array | undefined): SkillVersionDiffFile {
  const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  const [a, b] = [textOf(before), textOf(after)];
  if (a === null || b === null) return { path, status, added: 0, removed: 0, binary: true, patch: '' };
  let added = 0;
  let removed = 0;
  for (const part of diffLines(a, b)) {
    if (part.added) added += part.count ?? 0;
    else if (part.removed) removed += part.count ?? 0;
  }
  const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, a, b, undefined, undefined, { context: 3 });
  return { path, status, added, removed, binary: false, patch };
}

/** The files that differ from version `from` to version `to` (ids, or `current`), in path order. */
export async function diffSkillVersions(
  agentDir: string,
  name: string,
  from: string,
  to: string = CURRENT_VERSION,
  opts: IoOptions = {},
): Promise<SkillVersionDiff> {
  assertSafeSkillName(name, 'name');
  const [before, after] = [await sideOf(agentDir, name, from, opts), await sideOf(agentDir, name, to, opts)];
  const files: SkillVersionDiffFile[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort(compareBytes)) {
    const [x, y] = [before.get(path), after.get(path)];
    if (x && y && sameBytes(x, y)) continue;
    files.push(fileDiff(path, x, y));
  }
  return { from, to, files };
}
