// The signature check of `check`: skipped without a trust policy; with the
// agent's forge.yaml security.trust_policy require_signature, an unsigned skill
// fails, a skill signed by a trusted key passes, and one changed after signing
// fails naming the trust policy field.
import { appendFile, mkdir, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../../../src/node/trust/keys.js';
import { signSkillFolder } from '../../../src/node/trust/sign-folder.js';
import { makeSkillRepo } from './support.js';

type Json = { skills: Array<{ skill: string; checks: Array<{ check: string; status: string; summary?: string; findings: Array<{ code: string }> }> }> };
const signatureOf = (out: string): Json['skills'][number]['checks'][number] =>
  (JSON.parse(out) as Json).skills[0]!.checks.find((c) => c.check === 'signature')!;

describe('check: signatures', () => {
  it('is skipped without a trust policy, and enforces require_signature with the trusted keys', async () => {
    const repo = await makeSkillRepo();
    const skill = ['agent/skills/notes-reader', '--format', 'json'];
    expect(signatureOf((await repo.run(skill)).out).status).toBe('skipped');

    await repo.write('agent/forge.yaml', 'agent_id: helper\nsecurity:\n  trust_policy:\n    require_signature: true\n');
    const keyring = join(repo.root, 'keyring');
    const unsigned = await repo.run([...skill, '--keyring', 'keyring']);
    expect(unsigned.code).toBe(1);
    expect(signatureOf(unsigned.out)).toMatchObject({ status: 'failed', findings: [{ code: 'trust-require_signature' }] });

    const home = join(repo.root, 'home');
    const key = await generateSigningKey('release', { homeDir: home });
    await mkdir(keyring);
    await copyFile(key.publicKeyPath, join(keyring, 'release.pub'));
    await signSkillFolder(join(repo.root, 'agent/skills/notes-reader'), key.privateKeyPath);
    const signed = await repo.run([...skill, '--keyring', 'keyring']);
    expect(signed.code).toBe(0);
    expect(signatureOf(signed.out)).toMatchObject({ status: 'passed', findings: [] });
    expect(signatureOf(signed.out).summary).toMatch(/^verified/);

    await appendFile(join(repo.root, 'agent/skills/notes-reader/SKILL.md'), '\nOne more line.\n');
    const modified = await repo.run([...skill, '--keyring', 'keyring']);
    expect(modified.code).toBe(1);
    expect(signatureOf(modified.out)).toMatchObject({ status: 'failed', findings: [{ code: 'trust-require_signature' }] });
    expect(signatureOf(modified.out).summary).toMatch(/^modified/);
  });

  it('a broken trust_policy is a setup error (exit 2)', async () => {
    const repo = await makeSkillRepo();
    await repo.write('agent/forge.yaml', 'agent_id: helper\nsecurity:\n  trust_policy:\n    min_trust_level: trusted-ish\n');
    const r = await repo.run(['agent']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/min_trust_level must be/);
  });
});
