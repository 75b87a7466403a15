// A history record carries the version's risk score and level and a summary
// of what it changed against the version before; renaming a skill in edit
// mode is a move: no old folder is left and the history follows the new name.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import * as nodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSkillVersions } from '../../../src/node/history/store.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';

const md = (name: string, n: number, extra = '') =>
  `---\nname: ${name}\ndescription: When the user asks for notes ("take a note"), write one (v${n}).\n${extra}---\n\n# Notes v${n}\n`;
const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\necho "{}"\n';

let agent: string;
beforeEach(async () => {
  agent = await mkdtemp(join(tmpdir(), 'history-rename-'));
  await writeFile(join(agent, 'forge.yaml'), 'agent_id: a\n');
});
afterEach(async () => {
  await rm(agent, { recursive: true, force: true });
});

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

describe('history records', () => {
  it('carry the risk score and level of the version and what it changed', async () => {
    const risky =
      'metadata:\n  forge:\n    requires:\n      bins: [curl]\n      env:\n        required: [NOTES_SECRET]\n    egress_domains: [api.notes.example]\n';
    await saveSkill(agent, { skillName: 'notes', skillMd: md('notes', 1, risky) });
    await saveSkill(agent, { skillName: 'notes', skillMd: md('notes', 2), editingName: 'notes', scripts: { 'notes.sh': SCRIPT } });
    await saveSkill(agent, { skillName: 'notes', skillMd: md('notes', 3), editingName: 'notes', scripts: {} });
    const [second, first] = await listSkillVersions(nodeFs, agent, 'notes');
    expect(first!.summary).toBe('first version kept (1 file)');
    expect(first!.riskScore).toBeGreaterThan(0);
    expect(first!.riskLevel).toMatch(/^(low|medium|high|critical)$/);
    expect(second!.summary).toBe('changed SKILL.md; added scripts/notes.sh');
    expect(typeof second!.riskScore).toBe('number');
    // The record on disk is snake_case, like the HTTP history reply.
    const raw = JSON.parse(nodeFs.readFileSync(join(agent, '.forge/skill-history/notes/versions', `${first!.id}.json`), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(raw)).toEqual(['id', 'created', 'summary', 'risk_score', 'risk_level', 'files']);
  });
});

describe('rename is a move', () => {
  it('leaves no old folder behind and keeps the history under the new name', async () => {
    await saveSkill(agent, { skillName: 'notes', skillMd: md('notes', 1) });
    await saveSkill(agent, { skillName: 'notes', skillMd: md('notes', 2), editingName: 'notes' });
    expect((await listSkillVersions(nodeFs, agent, 'notes')).length).toBe(1);
    await saveSkill(agent, { skillName: 'memo', skillMd: md('memo', 3), editingName: 'notes' });
    expect(await readdir(join(agent, 'skills'))).toEqual(['memo']);
    expect(await exists(join(agent, '.forge/skill-history/notes'))).toBe(false);
    const moved = await listSkillVersions(nodeFs, agent, 'memo');
    // v1 (kept by the edit) and v2 (kept by the rename, as it was under its old name).
    expect(moved.length).toBe(2);
    const texts = moved.map((v) => nodeFs.readFileSync(join(agent, '.forge/skill-history/memo/objects', v.files[0]!.sha256), 'utf8'));
    expect(texts.map((t) => /# Notes v(\d)/.exec(t)![1])).toEqual(['2', '1']);
  });

  it('merges into an older history of the new name', async () => {
    await saveSkill(agent, { skillName: 'memo', skillMd: md('memo', 1) });
    await saveSkill(agent, { skillName: 'memo', skillMd: md('memo', 2), editingName: 'memo' });
    await rm(join(agent, 'skills/memo'), { recursive: true });
    await saveSkill(agent, { skillName: 'notes', skillMd: md('notes', 3) });
    await saveSkill(agent, { skillName: 'memo', skillMd: md('memo', 4), editingName: 'notes' });
    expect(await readdir(join(agent, 'skills'))).toEqual(['memo']);
    expect((await listSkillVersions(nodeFs, agent, 'memo')).length).toBe(2);
    expect(await exists(join(agent, '.forge/skill-history/notes'))).toBe(false);
  });
});
