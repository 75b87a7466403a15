// Issue 21 item 6 over real HTTP: every egress_domains spelling that slipped
// past the save check — names that resolve to loopback or private addresses,
// single-label and cluster names, wildcards over shared suffixes of the
// Public Suffix List's private section — is refused without
// allow_risky_egress (nothing written) and saved with it; malformed entries
// and ports are refused either way. DNS is an injected resolver (the machine
// has no DNS for public names).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import type { HostResolver } from '../../../src/node/workspace/resolve-egress.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { egressSkill } from '../../helpers/skill-fixtures.js';
import { listen, type Listening, saveRiskySkill } from './support.js';

const FORGE_YAML = 'agent_id: alpha\negress:\n  allowed_domains:\n    - api.example.com\n';
const ANSWERS: Record<string, string[]> = {
  'api.github.com': ['140.82.112.5'],
  'rebind.attacker.example.net': ['127.0.0.1'],
  'split.example.org': ['140.82.112.6', '10.1.2.3'],
};
const resolveHost: HostResolver = async (name) => {
  const a = ANSWERS[name];
  if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return a;
};

/** Entry → what the refusal must name besides the entry. */
const RISKY: Record<string, string> = {
  'localtest.me': 'this machine (loopback)',
  '127.0.0.1.nip.io': 'resolves to 127.0.0.1',
  '"*.nip.io"': 'whatever address is written in them',
  'instance-data': 'cloud metadata endpoint',
  'kubernetes.default.svc': 'Kubernetes cluster-internal name',
  '"*.github.io"': 'Public Suffix List, private section',
  '"*.herokuapp.com"': 'Public Suffix List, private section',
  '"*.ngrok.io"': 'Public Suffix List, private section',
  '"*.workers.dev"': 'Public Suffix List, private section',
  '"*.amazonaws.com"': 's3.amazonaws.com',
  '"2130706433"': '(127.0.0.1)',
  'rebind.attacker.example.net': 'resolves to 127.0.0.1, this machine (loopback)',
  'split.example.org': 'resolves to 10.1.2.3, a private network address',
};
const MALFORMED: Record<string, string> = {
  '"*com"': 'a wildcard must be `*.` followed by a domain, e.g. `*.example.com`',
  '"*.*.com"': 'only one wildcard is allowed',
  '"api.example.com:443"': 'egress_domains takes host names only; the port is not part of the pattern',
  '"https://x"': 'egress_domains takes host names, not URLs; write `x`',
};

let ws: MemoryWorkspace;
let srv: Listening;

beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'agents/alpha/forge.yaml': FORGE_YAML });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, resolveHost }));
});
afterEach(async () => {
  await srv.close();
});

const save = (body: Record<string, unknown>) => saveRiskySkill(srv.url, body);

async function expectNothingWritten(): Promise<void> {
  expect(await ws.read('agents/alpha/skills/risky/SKILL.md')).toBeNull();
  expect(await ws.read('agents/alpha/forge.yaml')).toBe(FORGE_YAML);
}

const unquote = (e: string) => e.replace(/"/g, '');

describe('egress checks on save (issue 21)', () => {
  for (const [entry, names] of Object.entries(RISKY)) {
    it(`refuses ${entry} without allow_risky_egress and writes nothing`, async () => {
      const r = await save({ skill_md: egressSkill(['api.github.com', entry]) });
      expect(r.status).toBe(400);
      expect(r.json.error).toBe('validation failed');
      const errors = r.json.validation.errors;
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ code: 'egress-risky', field: 'metadata.forge.egress_domains', line: 8 });
      expect(errors[0].message).toContain(JSON.stringify(unquote(entry)));
      expect(errors[0].message).toContain(names);
      expect(errors[0].message).toContain('to save it anyway, send allow_risky_egress: true');
      await expectNothingWritten();
    });
  }

  for (const [entry, fix] of Object.entries(MALFORMED)) {
    it(`refuses the malformed ${entry} even with allow_risky_egress, with the fix`, async () => {
      for (const allow of [false, true]) {
        const r = await save({ skill_md: egressSkill(['api.github.com', entry]), allow_risky_egress: allow });
        expect(r.status).toBe(400);
        const errors = r.json.validation.errors;
        expect(errors).toEqual([expect.objectContaining({ code: 'egress-domain-malformed', field: 'metadata.forge.egress_domains[1]', line: 8 })]);
        expect(errors[0].message.startsWith(`${JSON.stringify(unquote(entry))}: `)).toBe(true);
        expect(errors[0].message).toContain(fix);
        expect(errors[0].message).not.toContain('allow_risky_egress');
        await expectNothingWritten();
      }
    });
  }

  it('saves every risky entry with allow_risky_egress: true, warning about each at its line', async () => {
    const entries = Object.keys(RISKY);
    const r = await save({ skill_md: egressSkill(['api.github.com', ...entries]), allow_risky_egress: true });
    expect(r.status).toBe(200);
    const risky = r.json.warnings.filter((w: { code: string }) => w.code === 'egress-risky');
    expect(risky.map((w: { line: number }) => w.line).sort((a: number, b: number) => a - b)).toEqual(entries.map((_, i) => 8 + i));
    expect(await ws.read('agents/alpha/skills/risky/SKILL.md')).toContain('rebind.attacker.example.net');
    expect(r.json.egress_added).toContain('*.github.io');
  });

  it('a name that resolves to a public address saves without the flag', async () => {
    const r = await save({ skill_md: egressSkill(['api.github.com', 'octocat.github.io', 'nowhere.example.com']) });
    expect(r.status).toBe(200);
    expect(r.json.warnings.filter((w: { code: string }) => w.code === 'egress-risky')).toEqual([]);
  });

  it('saveSkill (TypeScript, the path of the CLI chat and import too) applies the same checks, under the agentskills profile as well', async () => {
    const agentDir = `${ws.workspaceDir}/agents/alpha`;
    const opts = { fs: ws.fs, profile: 'agentskills' as const, resolveHost };
    await expect(saveSkill(agentDir, { skillName: 'risky', skillMd: egressSkill(['rebind.attacker.example.net']) }, opts)).rejects.toMatchObject({
      code: 'validation',
      validation: { errors: [expect.objectContaining({ code: 'egress-risky', line: 7, message: expect.stringContaining('resolves to 127.0.0.1') })] },
    });
    await expect(saveSkill(agentDir, { skillName: 'risky', skillMd: egressSkill(['"*com"']) }, { ...opts, allowRiskyEgress: true })).rejects.toMatchObject({
      validation: { errors: [expect.objectContaining({ code: 'egress-domain-malformed', line: 7 })] },
    });
    await expectNothingWritten();
    const ok = await saveSkill(agentDir, { skillName: 'risky', skillMd: egressSkill(['rebind.attacker.example.net']) }, { ...opts, allowRiskyEgress: true });
    expect(ok.warnings).toEqual([expect.objectContaining({ code: 'egress-risky', severity: 'warning', line: 7 })]);
  });
});
