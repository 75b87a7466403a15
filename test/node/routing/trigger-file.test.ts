// evals/triggers.json on a real disk: written and read back unchanged, a bad
// file names itself, and the agent's catalog never shows it (it is data for
// the checks, not a skill).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSkillCatalog } from '../../../src/core/catalog.js';
import { agentRoutingSkills } from '../../../src/node/routing/agent-routing.js';
import { readTriggerFile, TRIGGERS_FILE, writeTriggerFile } from '../../../src/node/routing/trigger-file.js';
import type { RoutingRequest } from '../../../src/core/routing/types.js';

const REQUESTS: RoutingRequest[] = [
  { text: 'Will it rain in Oslo?', expect: 'this', source: 'user' },
  { text: 'Tell me a joke', expect: 'none', source: 'user' },
];

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = '';
});

describe('evals/triggers.json', () => {
  it('round-trips, and stays out of the agent catalog', async () => {
    root = await mkdtemp(join(tmpdir(), 'triggers-'));
    const skillDir = join(root, 'skills', 'weather-brief');
    await mkdir(skillDir, { recursive: true });
    await writeFile(join(root, 'forge.yaml'), 'agent_id: helper\n');
    await writeFile(join(skillDir, 'SKILL.md'), '---\nname: weather-brief\ndescription: Short forecast.\n---\nBody.\n');
    expect(await readTriggerFile(skillDir)).toBeNull();
    await writeTriggerFile(skillDir, REQUESTS);
    expect(await readTriggerFile(skillDir)).toEqual(REQUESTS);

    const skills = await agentRoutingSkills(root);
    expect(skills.map((s) => s.dirName)).toEqual(['weather-brief']);
    const catalog = buildSkillCatalog(skills);
    expect(catalog).toContain('- weather-brief: Short forecast.');
    expect(catalog).not.toMatch(/triggers|should_trigger|Oslo/);
  });

  it('names the file when it is not JSON', async () => {
    root = await mkdtemp(join(tmpdir(), 'triggers-'));
    await mkdir(join(root, 'evals'));
    await writeFile(join(root, TRIGGERS_FILE), '[{"query": ');
    await expect(readTriggerFile(root)).rejects.toMatchObject({ field: TRIGGERS_FILE, message: expect.stringContaining('not valid JSON') });
  });
});
