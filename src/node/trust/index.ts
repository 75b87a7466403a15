// Signing and verifying skill folders with Forge's Ed25519 key files.

export { generateSigningKey, readPrivateKeyFile, loadKeyring, forgeKeysDir, trustedKeysDir } from './keys.js';
export type { GeneratedKey, Keyring } from './keys.js';
export { signSkillFolder } from './sign-folder.js';
export type { SignSkillResult } from './sign-folder.js';
export { verifySkillFolder, verifySkillEntries } from './verify-folder.js';
export type { VerifySkillOptions } from './verify-folder.js';
