// Ed25519 with Node's crypto, in the byte formats of Go's crypto/ed25519
// (Forge's): a private key is 64 bytes (the 32-byte seed, then the 32-byte
// public key), a public key 32 bytes, a signature 64 bytes. Node keeps keys as
// KeyObjects; these turn Go's bytes into them and back through JWK, which
// carries exactly the seed (`d`) and the public key (`x`).

import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

export const PRIVATE_KEY_BYTES = 64;
export const PUBLIC_KEY_BYTES = 32;
export const SIGNATURE_BYTES = 64;

/** A new key pair as Go writes it: `privateKey` is seed ‖ public key. */
export function generateGoKeyPair(): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const publicKey = Buffer.from(jwk.x!, 'base64url');
  return { privateKey: new Uint8Array(Buffer.concat([seed, publicKey])), publicKey: new Uint8Array(publicKey) };
}

/** A private KeyObject from Go's 64 bytes, or a reason it is not one (wrong size, public half not of this seed). */
export function privateKeyFromGo(bytes: Uint8Array): KeyObject | string {
  if (bytes.length !== PRIVATE_KEY_BYTES) return `a private key is ${PRIVATE_KEY_BYTES} bytes (seed and public key), this one is ${bytes.length}`;
  const seed = Buffer.from(bytes.subarray(0, 32));
  const half = Buffer.from(bytes.subarray(32));
  // Node derives the public key from the seed and ignores `x`; Go signs with the stored half, so the two must agree.
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: seed.toString('base64url'), x: half.toString('base64url') }, format: 'jwk' });
  const derived = Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url');
  return derived.equals(half) ? key : 'its public half does not belong to its seed (the file is damaged)';
}

/** A public KeyObject from Go's 32 bytes, or a reason it is not one. */
export function publicKeyFromGo(bytes: Uint8Array): KeyObject | string {
  if (bytes.length !== PUBLIC_KEY_BYTES) return `a public key is ${PUBLIC_KEY_BYTES} bytes, this one is ${bytes.length}`;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytes).toString('base64url') }, format: 'jwk' });
  } catch {
    return 'it is not an Ed25519 public key';
  }
}

export function signBytes(content: Uint8Array, key: KeyObject): Uint8Array {
  return new Uint8Array(sign(null, content, key));
}

export function verifyBytes(content: Uint8Array, signature: Uint8Array, key: KeyObject): boolean {
  if (signature.length !== SIGNATURE_BYTES) return false;
  try {
    return verify(null, content, key, signature);
  } catch {
    return false;
  }
}
