// CLI `import` and `export` (issue 17): an Agent Skills folder with a
// reference and a script comes in validated, with requirements proposed
// from its script; --agent saves it (files and binaries byte-identical)
// and a second import is refused with nothing written; a hostile archive
// leaves the agent untouched; folder → zip → import → save → export gives
// the same bytes.
import { chmod, mkdir, mkdtemp, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { testIo } from './support.js';

const MD = `---
name: incident-notes
description: When the user reports an incident ("the site is down"), follow the runbook and post a status note.
license: MIT
---

# Incident notes

Read [the runbook](references/runbook.md) first. Post with \`scripts/post-note.sh\`.
Fill in assets/template.txt and attach assets/logo.png.
`;
const SCRIPT =
  '#!/usr/bin/env bash\nset -euo pipefail\nNOTE="${1:-}"\ncurl -fsS -H "Authorization: Bearer $STATUS_TOKEN" https://status.acme-ops.io/api/notes -d "$NOTE" | jq .\n';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 255]);

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cli-import-'));
  const skill = join(root, 'src-skill');
  await mkdir(join(skill, 'references'), { recursive: true });
  await mkdir(join(skill, 'scripts'), { recursive: true });
  await mkdir(join(skill, 'assets'), { recursive: true });
  await writeFile(join(skill, 'SKILL.md'), MD);
  await writeFile(join(skill, 'references/runbook.md'), '# Runbook\n\n1. Breathe.\n');
  await writeFile(join(skill, 'scripts/post-note.sh'), SCRIPT);
  await chmod(join(skill, 'scripts/post-note.sh'), 0o755);
  await writeFile(join(skill, 'assets/template.txt'), 'Status: {{status}}\n');
  await writeFile(join(skill, 'assets/logo.png'), PNG);
  await mkdir(join(root, 'agent'), { recursive: true });
  await writeFile(join(root, 'agent/forge.yaml'), 'agent_id: agent\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const io = testIo({ cwd: root });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('forge-skill-builder import / export', () => {
  it('refuses to import over an entry of skills/ the skill store skips (a symlink out of the folder), writing nothing', async () => {
    await mkdir(join(root, 'agent/skills'), { recursive: true });
    await mkdir(join(root, 'elsewhere/incident-notes'), { recursive: true });
    await writeFile(join(root, 'elsewhere/incident-notes/keep.txt'), 'KEEP');
    await symlink(join(root, 'elsewhere/incident-notes'), join(root, 'agent/skills/incident-notes'));
    const r = await cli('import', 'src-skill', '--agent', 'agent', '--accept', 'all');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/skills\/incident-notes is in the way of "incident-notes" and is not a skill \(.*symlink pointing outside/);
    expect(await readlink(join(root, 'agent/skills/incident-notes'))).toBe(join(root, 'elsewhere/incident-notes'));
    expect(await readdir(join(root, 'elsewhere/incident-notes'))).toEqual(['keep.txt']);
  });

  it('imports an Agent Skills folder, validates it and proposes requirements from its script', async () => {
    const r = await cli('import', 'src-skill', '--json');
    expect(r.code, r.err).toBe(0);
    const wire = JSON.parse(r.out);
    expect(wire.name).toBe('incident-notes');
    expect(Object.keys(wire.files).sort()).toEqual(['assets/template.txt', 'references/runbook.md']);
    expect(wire.binaries).toEqual([{ path: 'assets/logo.png', size: PNG.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(wire.validation.errors).toEqual([]);
    expect(wire.proposals).toEqual({ bins: ['curl', 'jq'], egress_domains: ['status.acme-ops.io'], env: ['STATUS_TOKEN'] });
  });

  it('reports a missing reference as an error with its line and exits 1', async () => {
    await rm(join(root, 'src-skill/references/runbook.md'));
    const r = await cli('import', 'src-skill');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/SKILL\.md:9: error \[file-missing\].*references\/runbook\.md/);
  });

  it('--agent saves through the normal save (files byte-identical); a second import is refused with nothing written', async () => {
    const first = await cli('import', 'src-skill', '--agent', 'agent');
    expect(first.code, first.err).toBe(0);
    const dest = join(root, 'agent/skills/incident-notes');
    expect(await readFile(join(dest, 'references/runbook.md'), 'utf8')).toBe('# Runbook\n\n1. Breathe.\n');
    expect(Buffer.from(await readFile(join(dest, 'assets/logo.png'))).equals(Buffer.from(PNG))).toBe(true);
    expect(await readFile(join(dest, 'scripts/post-note.sh'), 'utf8')).toBe(SCRIPT);
    await writeFile(join(root, 'src-skill/references/runbook.md'), 'changed');
    const second = await cli('import', 'src-skill', '--agent', 'agent');
    expect(second.code).toBe(1);
    expect(second.err).toMatch(/already has a skill "incident-notes"; nothing was written/);
    expect(await readFile(join(dest, 'references/runbook.md'), 'utf8')).toBe('# Runbook\n\n1. Breathe.\n');
    const renamed = await cli('import', 'src-skill', '--agent', 'agent', '--name', 'incident-notes-2');
    expect(renamed.code, renamed.err).toBe(0);
    expect(await readFile(join(root, 'agent/skills/incident-notes-2/SKILL.md'), 'utf8')).toMatch(/^---\nname: incident-notes-2\n/);
  });

  it('folder → zip → import → save → export is byte-identical (the folder files only, --no-provenance)', async () => {
    expect((await cli('export', 'src-skill', '-o', 'a.zip', '--no-provenance')).code).toBe(0);
    expect((await cli('import', 'a.zip', '--agent', 'agent')).code).toBe(0);
    expect((await cli('export', 'agent/skills/incident-notes', '-o', 'b.zip', '--no-provenance')).code).toBe(0);
    expect((await readFile(join(root, 'b.zip'))).equals(await readFile(join(root, 'a.zip')))).toBe(true);
    expect((await cli('export', 'src-skill', '-o', 'c.skill')).code).toBe(0);
    expect((await cli('import', 'c.skill')).code).toBe(0);
  });

  it.each([
    ['a path with ..', { 'SKILL.md': MD, '../../evil.sh': 'x' }],
    ['a nested archive', { 'SKILL.md': MD, 'assets/inner.zip': 'x' }],
  ])('refuses an archive with %s and writes nothing', async (_label, files) => {
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new TextEncoder().encode(v)])));
    await writeFile(join(root, 'bad.zip'), zip);
    const before = await readdir(root, { recursive: true });
    const r = await cli('import', 'bad.zip', '--agent', 'agent');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/refused entry/);
    expect(await readdir(root, { recursive: true })).toEqual(before);
  });

  it('--agent applies no proposal unless --accept names it; --accept all declares them in metadata.forge', async () => {
    const plain = await cli('import', 'src-skill', '--agent', 'agent');
    expect(plain.out).toMatch(/proposals were not applied; declare them with --accept all/);
    expect(await readFile(join(root, 'agent/skills/incident-notes/SKILL.md'), 'utf8')).toBe(MD);
    const some = await cli('import', 'src-skill', '--agent', 'agent', '--name', 'incident-env', '--accept', 'env');
    expect(some.code, some.err).toBe(0);
    const envOnly = await readFile(join(root, 'agent/skills/incident-env/SKILL.md'), 'utf8');
    // eslint-disable-next-line no-regex-spaces -- the spaces are the YAML indentation, written as the file has it
    expect(envOnly).toMatch(/metadata:\n  forge:\n    requires:\n      env:\n        required:\n          - STATUS_TOKEN\n---/);
    const all = await cli('import', 'src-skill', '--agent', 'agent', '--name', 'incident-all', '--accept', 'all');
    expect(all.code, all.err).toBe(0);
    const md = await readFile(join(root, 'agent/skills/incident-all/SKILL.md'), 'utf8');
    expect(md).toContain('      bins:\n        - curl\n        - jq\n');
    expect(md).toContain('    egress_domains:\n      - status.acme-ops.io\n');
    // The normal save ran: the accepted egress domain was merged into the agent's forge.yaml.
    expect(await readFile(join(root, 'agent/forge.yaml'), 'utf8')).toContain('status.acme-ops.io');
    expect((await cli('import', 'src-skill', '--accept', 'bins,nope')).err).toMatch(/--accept takes all or a comma list/);
  });

  it('an existing skill: the diff against it is shown and nothing written; --replace replaces it after the diff', async () => {
    expect((await cli('import', 'src-skill', '--agent', 'agent')).code).toBe(0);
    await writeFile(join(root, 'src-skill/references/runbook.md'), '# Runbook\n\n1. Breathe.\n2. Page the owner.\n');
    const refused = await cli('import', 'src-skill', '--agent', 'agent');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('--- saved/references/runbook.md');
    expect(refused.out).toContain('+2. Page the owner.');
    expect(refused.out).not.toContain('SKILL.md\n'); // unchanged files are not listed
    expect(refused.err).toMatch(/run again with --replace/);
    const dest = join(root, 'agent/skills/incident-notes');
    expect(await readFile(join(dest, 'references/runbook.md'), 'utf8')).toBe('# Runbook\n\n1. Breathe.\n');
    const replaced = await cli('import', 'src-skill', '--agent', 'agent', '--replace');
    expect(replaced.code, replaced.err).toBe(0);
    expect(replaced.out).toContain('+2. Page the owner.');
    expect(await readFile(join(dest, 'references/runbook.md'), 'utf8')).toMatch(/Page the owner/);
    expect(Buffer.from(await readFile(join(dest, 'assets/logo.png'))).equals(Buffer.from(PNG))).toBe(true);
  });
});
