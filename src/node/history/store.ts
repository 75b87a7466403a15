// A skill's save history on disk, outside skills/ so no runtime and not the
// skill store ever loads it: `<agent>/.forge/skill-history/<name>/` holds
// `objects/<sha256>` (each file's bytes once, content-addressed) and
// `versions/<id>.json` (when, a one-line summary, the risk score, and the
// folder's files by path, sha256 and size). The id is the first 16 hex of the
// sha256 of the sorted file list, so the same folder is one version. Only the
// last `keep` versions are kept (default 20); objects no version names go.

import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { compareBytes } from '../../core/skill-folder/to-draft.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { listDir, readTextIfExists, statIfExists, type FsLike } from '../fs/types.js';

export const DEFAULT_HISTORY_KEEP = 20;

export interface SkillVersionFile {
  path: string;
  sha256: string;
  size: number;
}

export interface SkillVersion {
  id: string;
  /** ISO time the version was recorded. */
  created: string;
  summary: string;
  /** Forge's audit risk score of the version, when known. */
  riskScore?: number;
  files: SkillVersionFile[];
}

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

/** Records a folder's files as a version (a no-op returning the same id when that exact content is the newest already). */
export async function recordSkillVersion(
  fs: FsLike,
  agentDir: string,
  name: string,
  entries: ReadonlyMap<string, Uint8Array>,
  meta: { summary: string; riskScore?: number; keep?: number; now?: Date },
): Promise<SkillVersion> {
  const dir = historyDir(agentDir, name);
  await fs.promises.mkdir(join(dir, 'objects'), { recursive: true });
  await fs.promises.mkdir(join(dir, 'versions'), { recursive: true });
  const files: SkillVersionFile[] = [];
  for (const path of [...entries.keys()].sort(compareBytes)) {
    const bytes = entries.get(path)!;
    const hash = sha(bytes);
    await writeBytesOnce(fs, join(dir, 'objects', hash), bytes);
    files.push({ path, sha256: hash, size: bytes.length });
  }
  const id = sha(JSON.stringify(files)).slice(0, 16);
  const latest = (await listSkillVersions(fs, agentDir, name))[0];
  if (latest?.id === id) return latest;
  // Strictly after the newest record, so two saves in one millisecond still keep their order.
  const now = Math.max((meta.now ?? new Date()).getTime(), latest ? Date.parse(latest.created) + 1 : 0);
  const version: SkillVersion = {
    id,
    created: new Date(now).toISOString(),
    summary: meta.summary,
    ...(meta.riskScore !== undefined ? { riskScore: meta.riskScore } : {}),
    files,
  };
  await writeFileAtomic(fs, join(dir, 'versions', `${id}.json`), `${JSON.stringify(version, null, 2)}\n`);
  await prune(fs, agentDir, name, meta.keep ?? DEFAULT_HISTORY_KEEP);
  return version;
}

/** The versions, newest first. */
export async function listSkillVersions(fs: FsLike, agentDir: string, name: string): Promise<SkillVersion[]> {
  const dir = join(historyDir(agentDir, name), 'versions');
  const out: SkillVersion[] = [];
  for (const e of await listDir(fs, dir)) {
    if (!e.isFile || !e.name.endsWith('.json')) continue;
    try {
      out.push(JSON.parse((await readTextIfExists(fs, join(dir, e.name))) ?? '') as SkillVersion);
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

async function prune(fs: FsLike, agentDir: string, name: string, keep: number): Promise<void> {
  const dir = historyDir(agentDir, name);
  const versions = await listSkillVersions(fs, agentDir, name);
  for (const old of versions.slice(Math.max(keep, 1))) await fs.promises.rm(join(dir, 'versions', `${old.id}.json`), { force: true });
  const used = new Set(versions.slice(0, Math.max(keep, 1)).flatMap((v) => v.files.map((f) => f.sha256)));
  for (const e of await listDir(fs, join(dir, 'objects'))) if (!used.has(e.name)) await fs.promises.rm(join(dir, 'objects', e.name), { force: true });
}
