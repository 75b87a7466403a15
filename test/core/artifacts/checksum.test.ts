// Trust policy (seed "Trust Policy Defaults"): every skill carries a checksum, so
// the pure-TS SHA-256 must agree with node:crypto byte for byte.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex, skillChecksum } from '../../../src/core/artifacts/checksum.js';

const nodeSha = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex');

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with node:crypto around the 55/56/64-byte padding boundaries', () => {
    for (const n of [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]) expect(sha256Hex('a'.repeat(n))).toBe(nodeSha('a'.repeat(n)));
  });

  it('hashes the UTF-8 bytes of text with emoji and accents', () => {
    const text = 'icon: ☸️ \u{1F4B0} — héllo\r\n';
    expect(sha256Hex(text)).toBe(nodeSha(Buffer.from(text, 'utf8')));
  });

  it('agrees with node:crypto on arbitrary strings and bytes', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => sha256Hex(s) === nodeSha(Buffer.from(s, 'utf8'))));
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (b) => sha256Hex(b) === nodeSha(b)));
  });
});

describe('skillChecksum', () => {
  it('prefixes the hex digest with sha256:', () => {
    expect(skillChecksum('abc')).toBe('sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
