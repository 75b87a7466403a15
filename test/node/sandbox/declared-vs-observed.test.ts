// Declared versus observed, end to end with real bwrap runs: bash, Python and
// Node scripts; an undeclared jq through `bash -c`, an absolute
// /usr/bin/curl, a host reached through the proxy and one refused, an env
// reference in each language; "unused" only after a successful run; the
// proposed fixes, applied, make the findings disappear on the next run and
// leave the SKILL.md otherwise byte-identical.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDeclarationFixes } from '../../../src/core/observe/declaration-edit.js';
import { capabilityProfile, type ObservedRun } from '../../../src/core/observe/reconcile.js';
import { assessSkillRisk } from '../../../src/core/risk/assess.js';
import { Skill } from '../../../src/core/skill/skill.js';
import { runSkillTool } from '../../../src/node/sandbox/run-skill-tool.js';
import { recordingServer, type RecordingServer } from '../../helpers/tool-run.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await recordingServer();
});
afterAll(() => server.close());

const skillMd = (tool: string) => `---
name: observed-demo
description: When the user asks to check the weather ("weather in Oslo"), check it.
metadata:
  forge:
    requires:
      bins: [curl, wget]
      env:
        required: [WEATHER_KEY]
        optional: [NEVER_READ]
    egress_domains: [localhost, unused.example.org]
---
# Weather

## Tool: ${tool}

Checks it.

**Input:** city (string): the city
`;

const BASH = (port: number) => `#!/usr/bin/env bash
set -euo pipefail
bash -c 'echo {} | jq -c .' >/dev/null
/usr/bin/curl -sS --max-time 5 "http://localhost:${port}/w?k=$WEATHER_KEY" >/dev/null
/usr/bin/curl -sS --max-time 5 https://blocked.example.net/ >/dev/null || true
echo "{\\"region\\": \\"\${REGION_NAME:-eu}\\"}"
`;
const PY = 'import os, json\nprint(json.dumps({"k": bool(os.environ.get("WEATHER_KEY")), "t": os.getenv("PY_TIMEOUT")}))\n';
const JS = 'console.log(JSON.stringify({ k: !!process.env.WEATHER_KEY, d: process.env.NODE_DEBUG_LEVEL ?? null }));\n';

async function run(skill: Skill, tool: string, id: string): Promise<ObservedRun> {
  const r = await runSkillTool({ skill, tool, input: { city: 'Oslo' }, sandbox: 'bwrap', allowPrivateEgress: true, env: { WEATHER_KEY: 'k-123' } });
  return { id, tool, ok: r.ok, observation: r.observation };
}

describe('declared versus observed (real bwrap runs)', () => {
  it('finds each disagreement with its line, claims "unused" only after a successful run, and the fixes make them go away', async () => {
    const md = skillMd('check_weather');
    const skill = Skill.from({ skillMd: md, scripts: { 'check-weather.sh': BASH(server.port), 'py-helper.py': PY, 'js-helper.js': JS } });

    const before = capabilityProfile(skill, []);
    expect(before.findings.map((f) => f.kind)).not.toContain('declared-egress-unused');
    expect(before.findings.map((f) => f.kind)).not.toContain('declared-bin-unused');

    const r1 = await run(skill, 'check_weather', 'run 1');
    expect(r1.ok).toBe(true);
    const p = capabilityProfile(skill, [r1]);
    const by = (kind: string) => p.findings.filter((f) => f.kind === kind).map((f) => f.subject);
    expect(by('observed-bin-undeclared')).toEqual(['jq']);
    expect(by('declared-bin-unused')).toEqual(['wget']);
    expect(by('observed-egress-undeclared')).toEqual(['blocked.example.net']);
    expect(by('declared-egress-unused')).toEqual(['unused.example.org']);
    expect(by('env-referenced-undeclared').sort()).toEqual(['NODE_DEBUG_LEVEL', 'PY_TIMEOUT', 'REGION_NAME']);
    expect(by('env-declared-unreferenced')).toEqual(['NEVER_READ']);
    const unused = p.findings.find((f) => f.kind === 'declared-egress-unused')!;
    expect(unused).toMatchObject({ file: 'SKILL.md', line: 11, runs: ['run 1'] });
    expect(p.findings.find((f) => f.subject === 'PY_TIMEOUT')).toMatchObject({ file: 'scripts/py-helper.py', line: 2 });
    expect(p.findings.find((f) => f.subject === 'blocked.example.net')?.line).toBeGreaterThan(0);
    expect(p.summary).toMatch(/declares 2 hosts, used 2; uses jq, not declared/);
    expect(p.risk.before).toBe(assessSkillRisk(skill).score);

    const fixed = applyDeclarationFixes(
      md,
      p.findings.filter((f) => !f.risky).map((f) => f.fix),
    );
    const body = (s: string) => s.slice(s.indexOf('\n---\n'));
    expect(body(fixed)).toBe(body(md));
    const skill2 = skill.with({ skillMd: fixed });
    const r2 = await run(skill2, 'check_weather', 'run 2');
    const after = capabilityProfile(skill2, [r2]);
    expect(after.findings.map((f) => `${f.kind} ${f.subject}`)).toEqual([]);
    expect(after.risk.before).toBe(p.risk.after);
  });
});
