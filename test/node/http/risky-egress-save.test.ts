// Saving a skill whose egress_domains mean "anywhere" (*.com) or reach the
// machine's inside (169.254.169.254, localhost), over real HTTP (issue 11):
// refused with one egress-risky error per entry and nothing written, unless
// the request says allow_risky_egress: true.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { egressSkill } from '../../helpers/skill-fixtures.js';
import { listen, type Listening, saveRiskySkill } from './support.js';

const FORGE_YAML = 'agent_id: alpha\negress:\n  allowed_domains:\n    - api.example.com\n';
const RISKY = ['"*.com"', '169.254.169.254', 'localhost'];

let ws: MemoryWorkspace;
let srv: Listening;

beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'agents/alpha/forge.yaml': FORGE_YAML });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir }));
});
afterEach(async () => {
  await srv.close();
});

const save = (body: Record<string, unknown>) => saveRiskySkill(srv.url, body);

describe('risky egress on save', () => {
  for (const entry of RISKY) {
    it(`refuses ${entry} and writes nothing`, async () => {
      const r = await save({ skill_md: egressSkill(['api.example.com', entry]) });
      expect(r.status).toBe(400);
      const errors = r.json.validation.errors.filter((e: { code: string }) => e.code === 'egress-risky');
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toContain(JSON.stringify(entry.replace(/"/g, '')));
      expect(errors[0].message).toContain('allow_risky_egress: true');
      expect(errors[0].line).toBe(8);
      expect(await ws.read('agents/alpha/skills/risky/SKILL.md')).toBeNull();
      expect(await ws.read('agents/alpha/forge.yaml')).toBe(FORGE_YAML);
    });
  }

  it('saves all three with allow_risky_egress: true, still warning about each', async () => {
    const r = await save({ skill_md: egressSkill(['api.example.com', ...RISKY]), allow_risky_egress: true });
    expect(r.status).toBe(200);
    expect(r.json.warnings.filter((w: { code: string }) => w.code === 'egress-risky')).toHaveLength(3);
    expect(await ws.read('agents/alpha/skills/risky/SKILL.md')).toContain('169.254.169.254');
    expect(r.json.egress_added).toEqual(['*.com', '169.254.169.254', 'localhost']);
  });

  it('a safe skill saves without the flag; a non-boolean flag is a 400 naming the field', async () => {
    expect((await save({ skill_md: egressSkill(['api.example.com', '"*.example.com"']) })).status).toBe(200);
    const bad = await save({ skill_md: egressSkill(['localhost']), allow_risky_egress: 'yes', overwrite: true, editing_name: 'risky' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^allow_risky_egress: allow_risky_egress must be true or false/);
  });

  it('saveSkill (TypeScript) takes allowRiskyEgress; the agentskills profile is checked too', async () => {
    const agentDir = `${ws.workspaceDir}/agents/alpha`;
    await expect(
      saveSkill(agentDir, { skillName: 'risky', skillMd: egressSkill(['fd00:ec2::254']) }, { fs: ws.fs, profile: 'agentskills' }),
    ).rejects.toMatchObject({
      code: 'validation',
      validation: { errors: [expect.objectContaining({ code: 'egress-risky' })] },
    });
    const ok = await saveSkill(
      agentDir,
      { skillName: 'risky', skillMd: egressSkill(['fd00:ec2::254']) },
      { fs: ws.fs, profile: 'agentskills', allowRiskyEgress: true },
    );
    expect(ok.path).toMatch(/skills\/risky$/);
  });
});
