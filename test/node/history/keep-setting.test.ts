// skill_builder.history.keep in the workspace's .forge/ui.yaml decides how many
// versions a save keeps (oldest dropped first), for an agent found by walking
// up from its folder; a malformed value stops the save with the file and line
// named, and the skill is left as it was.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import * as nodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSkillVersions } from '../../../src/node/history/store.js';
import { historyKeepForAgent } from '../../../src/node/history/keep-setting.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { ConfigError } from '../../../src/core/errors.js';

const md = (n: number) => `---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one (v${n}).\n---\n\n# Notes v${n}\n`;
const edit = (n: number) => ({ skillName: 'notes', skillMd: md(n), editingName: 'notes', overwrite: true });

let ws: string;
let agent: string;
beforeEach(async () => {
  ws = await mkdtemp(join(tmpdir(), 'history-keep-'));
  agent = join(ws, 'team', 'alpha');
  await mkdir(agent, { recursive: true });
  await writeFile(join(agent, 'forge.yaml'), 'agent_id: alpha\n');
  await mkdir(join(ws, '.forge'));
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe('skill_builder.history.keep', () => {
  it('keeps only that many versions, dropping the oldest', async () => {
    await writeFile(join(ws, '.forge/ui.yaml'), 'skill_builder:\n  provider: ollama\n  model: m\n  history:\n    keep: 2\n');
    await saveSkill(agent, { skillName: 'notes', skillMd: md(0) });
    for (let i = 1; i <= 4; i++) await saveSkill(agent, edit(i));
    const kept = await listSkillVersions(nodeFs, agent, 'notes');
    expect(kept.length).toBe(2);
    // The versions kept are the folders replaced by the last two saves: v3 and v2.
    const texts = await Promise.all(kept.map((v) => readFile(join(agent, '.forge/skill-history/notes/objects', v.files[0]!.sha256), 'utf8')));
    expect(texts.map((t) => /# Notes v(\d)/.exec(t)![1])).toEqual(['3', '2']);
  });

  it('defaults to 20 without the key, and an explicit historyKeep wins', async () => {
    expect(await historyKeepForAgent(nodeFs, agent)).toBe(20);
    await writeFile(join(ws, '.forge/ui.yaml'), 'skill_builder:\n  history:\n    keep: 5\n');
    expect(await historyKeepForAgent(nodeFs, agent)).toBe(5);
    await saveSkill(agent, { skillName: 'notes', skillMd: md(0) });
    for (let i = 1; i <= 3; i++) await saveSkill(agent, edit(i), { historyKeep: 1 });
    expect((await listSkillVersions(nodeFs, agent, 'notes')).length).toBe(1);
  });

  it('a malformed value stops the save, naming the file and line, and changes nothing', async () => {
    await saveSkill(agent, { skillName: 'notes', skillMd: md(0) });
    await writeFile(join(ws, '.forge/ui.yaml'), 'skill_builder:\n  history:\n    keep: 0\n');
    const err = await saveSkill(agent, edit(1)).catch((e: unknown) => e);
    expect(ConfigError.isInstance(err)).toBe(true);
    expect((err as Error).message).toContain('ui.yaml:3');
    expect((err as Error).message).toContain('skill_builder.history.keep must be a whole number from 1 to 1000');
    expect(await readFile(join(agent, 'skills/notes/SKILL.md'), 'utf8')).toBe(md(0));
  });
});
