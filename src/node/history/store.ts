// A skill's save history on disk, outside skills/ so no runtime and not the
// skill store ever loads it: `<agent>/.forge/skill-history/<name>/` holds
// `objects/<sha256>` (each file's bytes once, content-addressed) and
// `versions/<id>.json` (when, a one-line summary of the change, the risk
// score and level, the last eval run's summary, and the folder's files by path, sha256 and size; snake_case,
// the same record as the HTTP history reply). The id is the first 16 hex of the
// sha256 of the sorted file list, so the same folder is one version. Only the
// last `keep` versions are kept (default 20); objects no version names go.

import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { compareBytes } from '../../core/skill-folder/to-draft.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { listDir, readTextIfExists, statIfExists, type FsLike } from '../fs/types.js';
import type { SkillEvalSummary, SkillVersion, SkillVersionFile } from '../../core/api/types.js';
import { skillVersionFromWire, skillVersionToWire } from '../../core/protocol/history-wire.js';

export const DEFAULT_HISTORY_KEEP = 20;

export type { SkillVersion, SkillVersionFile };

export function historyDir(agentDir: string, name: string): string {
  return join(agentDir, '.forge', 'skill-history', name);
}

const sha = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

async function writeBytesOnce(fs: FsLike, path: string, bytes: Uint8Array): Promise<void> {
  if (await statIfExists(fs, path, true)) return;
  const tmp = `${path}.tmp-${process.pid}-${Date.now()}`;
  const write = fs.promises.writeFile as unknown as (p: string, d: Uint8Array, o: { mode: number; flag: string }) => Promise<void>;
  await write(tmp, bytes, { mode: 0o644, flag: 'wx' });
  await fs.promises.rename(tmp, path);
}

/** A folder's files by path (sorted), sha256 and size. */
export function versionFiles(entries: ReadonlyMap<string, Uint8Array>): SkillVersionFile[] {
  return [...entries.keys()].sort(compareBytes).map((path) => {
    const bytes = entries.get(path)!;
    return { path, sha256: sha(bytes), size: bytes.length };
  });
}

/** The id of a folder's content: the first 16 hex of the sha256 of its file list. */
export const versionIdOf = (files: readonly SkillVersionFile[]): string => sha(JSON.stringify(files)).slice(0, 16);

/** Records a folder's files as a version (a no-op returning the same id when that exact content is the newest already). */
export async function recordSkillVersion(
  fs: FsLike,
  agentDir: string,
  name: string,
  entries: ReadonlyMap<string, Uint8Array>,
  meta: {
    summary: string | ((previous: SkillVersion | undefined, files: SkillVersionFile[]) => string);
    riskScore?: number;
    riskLevel?: string;
    evals?: SkillEvalSummary;
    keep?: number;
    now?: Date;
  },
): Promise<SkillVersion> {
  const dir = historyDir(agentDir, name);
  await fs.promises.mkdir(join(dir, 'objects'), { recursive: true });
  await fs.promises.mkdir(join(dir, 'versions'), { recursive: true });
  const files = versionFiles(entries);
  for (const f of files) await writeBytesOnce(fs, join(dir, 'objects', f.sha256), entries.get(f.path)!);
  const id = versionIdOf(files);
  const latest = (await listSkillVersions(fs, agentDir, name))[0];
  if (latest?.id === id) return latest;
  // Strictly after the newest record, so two saves in one millisecond still keep their order.
  const now = Math.max((meta.now ?? new Date()).getTime(), latest ? Date.parse(latest.created) + 1 : 0);
  const version: SkillVersion = {
    id,
    created: new Date(now).toISOString(),
    summary: typeof meta.summary === 'string' ? meta.summary : meta.summary(latest, files),
    ...(meta.riskScore !== undefined ? { riskScore: meta.riskScore } : {}),
    ...(meta.riskLevel !== undefined ? { riskLevel: meta.riskLevel } : {}),
    ...(meta.evals ? { evals: meta.evals } : {}),
    files,
  };
  await writeFileAtomic(fs, join(dir, 'versions', `${id}.json`), `${JSON.stringify(skillVersionToWire(version), null, 2)}\n`);
  await pruneSkillHistory(fs, agentDir, name, meta.keep ?? DEFAULT_HISTORY_KEEP);
  return version;
}

/** The versions, newest first. */
export async function listSkillVersions(fs: FsLike, agentDir: string, name: string): Promise<SkillVersion[]> {
  const dir = join(historyDir(agentDir, name), 'versions');
  const out: SkillVersion[] = [];
  for (const e of await listDir(fs, dir)) {
    if (!e.isFile || !e.name.endsWith('.json')) continue;
    try {
      const v = skillVersionFromWire(JSON.parse((await readTextIfExists(fs, join(dir, e.name))) ?? ''));
      if (/^[0-9a-f]{16}$/.test(v.id) && `${v.id}.json` === e.name) out.push(v);
    } catch {
      // A damaged record is left out of the list, never guessed at.
    }
  }
  return out.sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : compareBytes(b.id, a.id)));
}

/** A version's files as path → bytes; null when there is no such version. */
export async function readSkillVersion(fs: FsLike, agentDir: string, name: string, id: string): Promise<Map<string, Uint8Array> | null> {
  if (!/^[0-9a-f]{16}$/.test(id)) return null;
  const version = (await listSkillVersions(fs, agentDir, name)).find((v) => v.id === id);
  if (!version) return null;
  const read = fs.promises.readFile as unknown as (p: string) => Promise<Uint8Array>;
  const out = new Map<string, Uint8Array>();
  for (const f of version.files) out.set(f.path, new Uint8Array(await read(join(historyDir(agentDir, name), 'objects', f.sha256))));
  return out;
}

/** Keeps the newest `keep` versions (at least one) and the objects they name. */
export async function pruneSkillHistory(fs: FsLike, agentDir: string, name: string, keep: number): Promise<void> {
  const dir = historyDir(agentDir, name);
  const versions = await listSkillVersions(fs, agentDir, name);
  for (const old of versions.slice(Math.max(keep, 1))) await fs.promises.rm(join(dir, 'versions', `${old.id}.json`), { force: true });
  const used = new Set(versions.slice(0, Math.max(keep, 1)).flatMap((v) => v.files.map((f) => f.sha256)));
  for (const e of await listDir(fs, join(dir, 'objects'))) if (!used.has(e.name)) await fs.promises.rm(join(dir, 'objects', e.name), { force: true });
}
