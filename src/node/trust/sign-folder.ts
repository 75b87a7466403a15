// `sign`: signs a skill folder with a Forge key file. Writes Forge's
// `SKILL.md.sig` (base64 of the Ed25519 signature over SKILL.md's bytes, one
// line), our `skill.manifest.json` (every other content file with its sha256
// and size) and `skill.manifest.json.sig` (the same over the manifest's
// bytes). The folder is read with the import reader's checks, so what is
// signed is exactly what an import of the folder would take.

import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { skillEntries } from '../../core/skill-folder/zip-write.js';
import { encodeBase64 } from '../../core/trust/base64.js';
import { SKILL_MANIFEST, SKILL_MANIFEST_SIGNATURE, SKILL_MD_SIGNATURE, splitTrustFiles } from '../../core/trust/files.js';
import { buildSkillManifest, serializeSkillManifest, type SkillManifest } from '../../core/trust/manifest.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { readSkillFolder } from '../skill-folder/read-folder.js';
import { signBytes } from './ed25519.js';
import { readPrivateKeyFile } from './keys.js';

/** Hex SHA-256 with Node's crypto (the core's default is WebCrypto). */
export function nodeSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A folder's files as path → bytes, read with the import reader's checks (hidden entries left out). */
export async function readFolderEntries(dir: string, options: IoOptions = {}): Promise<Map<string, Uint8Array>> {
  return skillEntries(await readSkillFolder(resolveIo(options).fs, dir));
}

export interface SignSkillResult {
  /** The files written, as paths inside the folder. */
  written: string[];
  manifest: SkillManifest;
}

export async function signSkillFolder(dir: string, keyFile: string, options: IoOptions = {}): Promise<SignSkillResult> {
  const { fs } = resolveIo(options);
  const key = await readPrivateKeyFile(keyFile, options);
  const { content } = splitTrustFiles(await readFolderEntries(dir, options));
  const manifest = await buildSkillManifest(content, nodeSha256);
  const manifestText = serializeSkillManifest(manifest);
  const skillMdSig = encodeBase64(signBytes(content.get('SKILL.md')!, key));
  const manifestSig = encodeBase64(signBytes(new TextEncoder().encode(manifestText), key));
  await writeFileAtomic(fs, join(dir, SKILL_MD_SIGNATURE), `${skillMdSig}\n`);
  await writeFileAtomic(fs, join(dir, SKILL_MANIFEST), manifestText);
  await writeFileAtomic(fs, join(dir, SKILL_MANIFEST_SIGNATURE), `${manifestSig}\n`);
  return { written: [SKILL_MD_SIGNATURE, SKILL_MANIFEST, SKILL_MANIFEST_SIGNATURE], manifest };
}
