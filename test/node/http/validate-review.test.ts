// The validate routes over real HTTP answer `syntax` and `risk` next to
// {valid, errors, warnings}: script syntax errors with lines, the risk review
// under the agent's security.policy_path (relative path, inside the
// workspace), a broken or escaping policy as `risk_error` (never a failed
// validation, never the file's content), and `scriptChecks: false`.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/index.js';
import { listen, type Listening } from './support.js';

let root: string;
let server: Listening | null = null;
const SKILL =
  '---\nname: site-check\ndescription: Checks a site. When the user asks "is it up?".\nmetadata:\n  forge:\n    egress_domains: [status.example-corp.com]\n    requires:\n      bins: [curl, ssh]\n---\n# Site check\n';

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-review-'));
  await mkdir(join(root, 'agent'), { recursive: true });
  await writeFile(join(root, 'agent/forge.yaml'), 'agent_id: agent\n');
});
afterEach(async () => {
  await server?.close();
  server = null;
  await rm(root, { recursive: true, force: true });
});

async function post(path: string, body: unknown, opts: { scriptChecks?: boolean } = {}) {
  server ??= await listen(createRequestHandler({ workspaceDir: root, ...opts }));
  const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('validate answers syntax and risk', () => {
  it('checks the scripts and reviews the risk under the default policy', async () => {
    const r = await post('/agents/agent/skill-builder/validate', {
      skill_md: SKILL,
      scripts: { 'site-check.sh': '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\nenv\nif true; then\n' },
    });
    expect(r.status).toBe(200);
    expect(r.body.syntax.ok).toBe(false);
    expect(r.body.syntax.findings).toContainEqual(expect.objectContaining({ code: 'bash-syntax', file: 'scripts/site-check.sh', line: 6, severity: 'error' }));
    expect(r.body.risk).toMatchObject({ score: 10 + 3 + 15 + 20, level: 'medium', passed: false, policy_source: null });
    expect(r.body.risk.violations.map((v: any) => v.rule)).toEqual(['binary_denylist', 'script_policy']);
    expect(r.body.risk.findings).toContainEqual(expect.objectContaining({ rule: 'env-dump', file: 'scripts/site-check.sh', line: 4 }));
    const standalone = await post('/skill-builder/validate', { skill_md: SKILL });
    expect(standalone.body.risk).toMatchObject({ score: 28, passed: false });
    expect(standalone.body.syntax).toEqual({ ok: true, findings: [], missing_tools: [] });
  });

  it('uses the agent’s security.policy_path', async () => {
    await writeFile(join(root, 'agent/forge.yaml'), 'agent_id: agent\nsecurity:\n  policy_path: policy.yaml\n');
    await writeFile(join(root, 'agent/policy.yaml'), 'acknowledged_bins: [ssh]\ntrusted_domains: [status.example-corp.com]\n');
    const r = await post('/agents/agent/skill-builder/validate', { skill_md: SKILL }, { scriptChecks: false });
    expect(r.body.risk).toMatchObject({ score: 2 + 3 + 3, level: 'low', passed: true, violations: [], policy_source: 'agent/policy.yaml' });
    expect(r.body.syntax).toBeUndefined();
  });

  it('reports a broken policy as risk_error and still validates', async () => {
    await writeFile(join(root, 'agent/forge.yaml'), 'agent_id: agent\nsecurity:\n  policy_path: policy.yaml\n');
    await writeFile(join(root, 'agent/policy.yaml'), 'max_risk: 10\n');
    const r = await post('/agents/agent/skill-builder/validate', { skill_md: SKILL }, { scriptChecks: false });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(true);
    expect(r.body.risk).toBeNull();
    expect(r.body.risk_error).toMatch(/^agent\/policy\.yaml:1: unknown key "max_risk"/);
  });

  it('refuses a policy_path that leaves the workspace, without reading it', async () => {
    // The attack: a cloned forge.yaml pointing the server at a file outside the workspace.
    const outside = await mkdtemp(join(tmpdir(), 'fsb-outside-'));
    await writeFile(join(outside, 'secret.env'), 'OPENAI_API_KEY=sk-live-123\n');
    await writeFile(join(root, 'agent/forge.yaml'), `agent_id: agent\nsecurity:\n  policy_path: ${join(outside, 'secret.env')}\n`);
    try {
      const r = await post('/agents/agent/skill-builder/validate', { skill_md: SKILL }, { scriptChecks: false });
      expect(r.body.risk).toBeNull();
      expect(r.body.risk_error).toMatch(/security\.policy_path must name a file inside the workspace \(it points outside\)/);
      expect(JSON.stringify(r.body)).not.toContain('sk-live-123');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
