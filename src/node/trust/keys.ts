// Key files in Forge's layout: `keygen` writes `<home>/.forge/keys/<name>.key`
// (base64 of the 64-byte private key, a newline, mode 0600, folder 0700) and
// `<name>.pub` (base64 of the 32-byte public key); a keyring is a folder of
// `<id>.pub` files (default `<home>/.forge/trusted-keys`), the id being the
// file name without `.pub`. A damaged key file in a keyring is reported and
// left out; a damaged private key is refused naming the file.

import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { decodeBase64, encodeBase64 } from '../../core/trust/base64.js';
import { TrustFileError } from '../../core/trust/errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { listDir, readTextIfExists, resolveIo, statIfExists, type IoOptions } from '../fs/types.js';
import { generateGoKeyPair, privateKeyFromGo, publicKeyFromGo, verifyBytes } from './ed25519.js';

const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function forgeKeysDir(homeDir: string): string {
  return join(homeDir, '.forge', 'keys');
}

export function trustedKeysDir(homeDir: string): string {
  return join(homeDir, '.forge', 'trusted-keys');
}

export interface GeneratedKey {
  name: string;
  privateKeyPath: string;
  publicKeyPath: string;
}

/** Writes a new key pair under `<home>/.forge/keys/`; never replaces an existing key of that name. */
export async function generateSigningKey(name: string, options: IoOptions = {}): Promise<GeneratedKey> {
  if (!KEY_NAME.test(name) || name.endsWith('.pub') || name.endsWith('.key'))
    throw new TrustFileError(`the key name "${name}" must be letters, digits, ".", "_" or "-" (at most 64, no extension)`, 'name');
  const { fs, homeDir } = resolveIo(options);
  const dir = forgeKeysDir(homeDir);
  const privateKeyPath = join(dir, `${name}.key`);
  const publicKeyPath = join(dir, `${name}.pub`);
  for (const path of [privateKeyPath, publicKeyPath])
    if (await statIfExists(fs, path, true)) throw new TrustFileError(`${path} already exists; choose another name or move the old key away first`, path);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const pair = generateGoKeyPair();
  await writeFileAtomic(fs, privateKeyPath, `${encodeBase64(pair.privateKey)}\n`, { mode: 0o600 });
  await writeFileAtomic(fs, publicKeyPath, `${encodeBase64(pair.publicKey)}\n`, { mode: 0o644 });
  return { name, privateKeyPath, publicKeyPath };
}

/** Reads a private key file (base64 of Go's 64 bytes). */
export async function readPrivateKeyFile(path: string, options: IoOptions = {}): Promise<KeyObject> {
  const text = await readTextIfExists(resolveIo(options).fs, path);
  if (text === null) throw new TrustFileError(`no key file at ${path}; create one with \`keygen <name>\``, path);
  const bytes = decodeBase64(text);
  if (!bytes) throw new TrustFileError(`${path} is not base64 text; a key file holds one line of base64`, path);
  const key = privateKeyFromGo(bytes);
  if (typeof key === 'string') throw new TrustFileError(`${path} is not an Ed25519 private key: ${key}`, path);
  return key;
}

export interface Keyring {
  /** Trusted keys by id (the file name without `.pub`). */
  keys: Map<string, KeyObject>;
  /** Files of the folder that were left out, with why. */
  problems: Array<{ file: string; problem: string }>;
  /** The id of the key that made `signature` over `content`, or null. */
  verify(content: Uint8Array, signature: Uint8Array): string | null;
}

/** Reads every `*.pub` of `dir` (a missing folder is an empty keyring). */
export async function loadKeyring(dir: string, options: IoOptions = {}): Promise<Keyring> {
  const { fs } = resolveIo(options);
  const keys = new Map<string, KeyObject>();
  const problems: Keyring['problems'] = [];
  for (const e of await listDir(fs, dir)) {
    if (!e.isFile || !e.name.endsWith('.pub') || e.name === '.pub') continue;
    const text = (await readTextIfExists(fs, join(dir, e.name))) ?? '';
    const bytes = decodeBase64(text);
    const key = bytes ? publicKeyFromGo(bytes) : 'it is not base64 text';
    if (typeof key === 'string') problems.push({ file: e.name, problem: key });
    else keys.set(e.name.slice(0, -'.pub'.length), key);
  }
  return {
    keys,
    problems,
    verify(content, signature) {
      for (const [id, key] of keys) if (verifyBytes(content, signature, key)) return id;
      return null;
    },
  };
}
