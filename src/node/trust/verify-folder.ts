// `verify`: what a skill folder's (or package's) signatures and manifest say,
// checked against a keyring of trusted Forge public keys (default
// `~/.forge/trusted-keys`). The verdict itself is the core's assessSkillTrust.

import { assessSkillTrust, type SkillTrust } from '../../core/trust/assess.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { loadKeyring, trustedKeysDir, type Keyring } from './keys.js';
import { nodeSha256, readFolderEntries } from './sign-folder.js';

export interface VerifySkillOptions extends IoOptions {
  /** Folder of trusted `<id>.pub` keys; default `<home>/.forge/trusted-keys`. */
  keyringDir?: string;
  /** A keyring already loaded (wins over keyringDir). */
  keyring?: Keyring;
}

export async function keyringFor(options: VerifySkillOptions): Promise<Keyring> {
  return options.keyring ?? (await loadKeyring(options.keyringDir ?? trustedKeysDir(resolveIo(options).homeDir), options));
}

/** Assesses a folder's files (path → bytes, trust files included). */
export async function verifySkillEntries(entries: ReadonlyMap<string, Uint8Array>, options: VerifySkillOptions = {}): Promise<SkillTrust> {
  const keyring = await keyringFor(options);
  return assessSkillTrust(entries, (content, sig) => keyring.verify(content, sig), nodeSha256);
}

export async function verifySkillFolder(dir: string, options: VerifySkillOptions = {}): Promise<SkillTrust> {
  return verifySkillEntries(await readFolderEntries(dir, options), options);
}
