// The signed manifest of a skill folder: every content file (SKILL.md,
// scripts, references, assets, evals — all but the trust files) with its
// sha256 and size, as canonical JSON (fixed key order, paths sorted, two-space
// indent, one trailing newline) so the same folder always gives the same
// bytes. Comparing a manifest with a folder names every file that changed,
// appeared or went missing since it was written.

import { compareBytes, sha256Hex } from '../skill-folder/to-draft.js';
import { TrustFileError } from './errors.js';
import { SKILL_MANIFEST } from './files.js';

export const SKILL_MANIFEST_VERSION = 1;

export interface SkillManifestFile {
  /** `/`-separated path inside the skill folder. */
  path: string;
  /** Lower-case hex SHA-256 of the file's bytes. */
  sha256: string;
  size: number;
}

export interface SkillManifest {
  version: typeof SKILL_MANIFEST_VERSION;
  files: SkillManifestFile[];
}

/** How a folder differs from its manifest; all empty when it is exactly what was signed. */
export interface ManifestDifference {
  /** Listed files whose bytes differ. */
  changed: string[];
  /** Files of the folder the manifest does not list. */
  added: string[];
  /** Listed files the folder does not have. */
  missing: string[];
}

/** Hex SHA-256 of some bytes; injected so Node can pass its own (WebCrypto by default). */
export type Sha256 = (bytes: Uint8Array) => Promise<string> | string;

export async function buildSkillManifest(content: ReadonlyMap<string, Uint8Array>, hash: Sha256 = sha256Hex): Promise<SkillManifest> {
  const files: SkillManifestFile[] = [];
  for (const path of [...content.keys()].sort(compareBytes)) {
    const bytes = content.get(path)!;
    files.push({ path, sha256: await hash(bytes), size: bytes.length });
  }
  return { version: SKILL_MANIFEST_VERSION, files };
}

export function serializeSkillManifest(manifest: SkillManifest): string {
  const files = [...manifest.files].sort((a, b) => compareBytes(a.path, b.path)).map((f) => ({ path: f.path, sha256: f.sha256, size: f.size }));
  return `${JSON.stringify({ version: manifest.version, files }, null, 2)}\n`;
}

const HEX64 = /^[0-9a-f]{64}$/;

function bad(message: string): TrustFileError {
  return new TrustFileError(`${SKILL_MANIFEST}: ${message}; sign the skill again to rewrite it`, SKILL_MANIFEST);
}

function parseEntry(item: unknown, seen: Set<string>): SkillManifestFile {
  if (typeof item !== 'object' || item === null) throw bad('every entry of "files" must be {path, sha256, size}');
  const { path, sha256, size } = item as Record<string, unknown>;
  if (typeof path !== 'string' || path === '') throw bad('an entry of "files" has no "path"');
  if (typeof sha256 !== 'string' || !HEX64.test(sha256)) throw bad(`"${path}" needs "sha256" as 64 lower-case hex digits`);
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw bad(`"${path}" needs "size" as a whole number of bytes`);
  if (seen.has(path)) throw bad(`"${path}" is listed twice`);
  seen.add(path);
  return { path, sha256, size };
}

/** Reads a manifest's bytes; throws TrustFileError naming what is wrong. */
export function parseSkillManifest(bytes: Uint8Array | string): SkillManifest {
  let data: unknown;
  try {
    data = JSON.parse(typeof bytes === 'string' ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw bad('it is not JSON text');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad('it must be a JSON object {version, files}');
  const { version, files } = data as Record<string, unknown>;
  if (version !== SKILL_MANIFEST_VERSION) throw bad(`"version" must be ${SKILL_MANIFEST_VERSION} (got ${JSON.stringify(version)})`);
  if (!Array.isArray(files)) throw bad('"files" must be a list');
  const seen = new Set<string>();
  return { version: SKILL_MANIFEST_VERSION, files: files.map((f) => parseEntry(f, seen)) };
}

export async function compareSkillManifest(
  manifest: SkillManifest,
  content: ReadonlyMap<string, Uint8Array>,
  hash: Sha256 = sha256Hex,
): Promise<ManifestDifference> {
  const diff: ManifestDifference = { changed: [], added: [], missing: [] };
  const listed = new Set<string>();
  for (const f of manifest.files) {
    listed.add(f.path);
    const bytes = content.get(f.path);
    if (!bytes) diff.missing.push(f.path);
    else if (bytes.length !== f.size || (await hash(bytes)) !== f.sha256) diff.changed.push(f.path);
  }
  for (const path of [...content.keys()].sort(compareBytes)) if (!listed.has(path)) diff.added.push(path);
  diff.changed.sort(compareBytes);
  diff.missing.sort(compareBytes);
  return diff;
}
