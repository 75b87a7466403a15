// What a skill folder's signatures and manifest say about it: verified (a
// trusted key signed it and every file matches), modified since it was signed
// (naming the files), signed by no trusted key, or unsigned — with the Forge
// trust level that follows. The signature check is injected (Node's Ed25519
// on the server), so this stays a pure function of the folder's bytes.

import { decodeBase64 } from './base64.js';
import { TrustFileError } from './errors.js';
import { SKILL_MANIFEST, SKILL_MANIFEST_SIGNATURE, SKILL_MD_SIGNATURE, splitTrustFiles } from './files.js';
import type { SkillTrust, SkillTrustStatus, TrustLevel } from './types.js';

export type { SkillTrust, SkillTrustStatus };
import { compareSkillManifest, parseSkillManifest, type ManifestDifference, type Sha256 } from './manifest.js';

/** Verifies a detached Ed25519 signature of `content`: the id of the trusted key that made it, or null. */
export type SignatureCheck = (content: Uint8Array, signature: Uint8Array) => Promise<string | null> | string | null;

async function checked(check: SignatureCheck, content: Uint8Array | undefined, sigFile: Uint8Array | undefined): Promise<string | null> {
  if (!content || !sigFile) return null;
  const sig = decodeBase64(new TextDecoder().decode(sigFile));
  return sig && sig.length === 64 ? await check(content, sig) : null;
}

async function manifestDiff(manifest: Uint8Array | undefined, content: Map<string, Uint8Array>, hash?: Sha256): Promise<ManifestDifference | null> {
  if (!manifest) return null;
  try {
    return await compareSkillManifest(parseSkillManifest(manifest), content, hash);
  } catch (err) {
    if (TrustFileError.isInstance(err)) return { changed: [SKILL_MANIFEST], added: [], missing: [] };
    throw err;
  }
}

function differs(d: ManifestDifference | null): boolean {
  return d !== null && d.changed.length + d.added.length + d.missing.length > 0;
}

function describeDiff(d: ManifestDifference): string {
  const parts = [
    d.changed.length ? `changed ${d.changed.join(', ')}` : '',
    d.added.length ? `added ${d.added.join(', ')}` : '',
    d.missing.length ? `missing ${d.missing.join(', ')}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

type Verdict = Pick<SkillTrust, 'status' | 'coverage' | 'detail'> & { keyId?: string | undefined; diff?: ManifestDifference };

function verdictOf(f: {
  skillMdSigned: boolean;
  manifestSigned: boolean;
  hasManifest: boolean;
  skillMdKey: string | null;
  manifestKey: string | null;
  diff: ManifestDifference | null;
}): Verdict {
  const signer = f.manifestKey ?? f.skillMdKey;
  const by = signer ? ` by key "${signer}"` : '';
  if (!f.skillMdSigned && !f.manifestSigned) {
    const extra =
      f.diff && differs(f.diff) ? `; its unsigned manifest does not match: ${describeDiff(f.diff)}` : f.hasManifest ? '; its unsigned manifest matches' : '';
    return { status: 'unsigned', coverage: 'none', detail: `unsigned${extra}` };
  }
  if (f.manifestSigned && !f.hasManifest) {
    const diff = { changed: [], added: [], missing: [SKILL_MANIFEST] };
    return { status: 'modified', coverage: 'none', keyId: signer ?? undefined, diff, detail: `signed${by} but modified since: missing ${SKILL_MANIFEST}` };
  }
  if (f.diff && differs(f.diff))
    return { status: 'modified', coverage: 'all_files', keyId: signer ?? undefined, detail: `signed${by} but modified since: ${describeDiff(f.diff)}` };
  if (f.manifestSigned && f.manifestKey) {
    if (f.skillMdSigned && f.skillMdKey !== f.manifestKey) {
      const diff = { changed: [SKILL_MD_SIGNATURE], added: [], missing: [] };
      return {
        status: 'modified',
        coverage: 'all_files',
        keyId: f.manifestKey,
        diff,
        detail: `signed${by} but ${SKILL_MD_SIGNATURE} no longer matches the signer`,
      };
    }
    return { status: 'verified', coverage: 'all_files', keyId: f.manifestKey, detail: `signed${by}; every file matches the signed manifest` };
  }
  if (!f.manifestSigned && f.skillMdKey)
    return {
      status: 'verified',
      coverage: 'skill_md_only',
      keyId: f.skillMdKey,
      detail: `SKILL.md signed${by} (no signed manifest: the other files are not covered)`,
    };
  const what = f.manifestSigned ? SKILL_MANIFEST_SIGNATURE : SKILL_MD_SIGNATURE;
  return {
    status: 'unverified',
    coverage: f.manifestSigned ? 'all_files' : 'skill_md_only',
    detail: `signed, but no trusted key verifies ${what} (the signer's key is not in the keyring${f.manifestSigned ? '' : ', or SKILL.md changed since signing'})`,
  };
}

const LEVEL: Record<SkillTrustStatus, TrustLevel> = { verified: 'verified', unsigned: 'local', modified: 'untrusted', unverified: 'untrusted' };

/** Assesses a folder's files (path → bytes, trust files included). */
export async function assessSkillTrust(entries: ReadonlyMap<string, Uint8Array>, check: SignatureCheck, hash?: Sha256): Promise<SkillTrust> {
  const split = splitTrustFiles(entries);
  const skillMdKey = await checked(check, split.content.get('SKILL.md'), split.skillMdSignature);
  const manifestKey = await checked(check, split.manifest, split.manifestSignature);
  const diff = await manifestDiff(split.manifest, split.content, hash);
  const v = verdictOf({
    skillMdSigned: split.skillMdSignature !== undefined,
    manifestSigned: split.manifestSignature !== undefined,
    hasManifest: split.manifest !== undefined,
    skillMdKey,
    manifestKey,
    diff,
  });
  const d = v.diff ?? diff ?? { changed: [], added: [], missing: [] };
  return {
    status: v.status,
    level: LEVEL[v.status],
    ...(v.keyId ? { keyId: v.keyId } : {}),
    coverage: v.coverage,
    changed: d.changed,
    added: d.added,
    missing: d.missing,
    signatureVerified: v.status === 'verified',
    checksumsMatch: diff !== null && !differs(diff) && v.status !== 'modified',
    detail: v.detail,
  };
}
