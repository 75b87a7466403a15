// capabilityProfile's "unused" rule and risk-after-fixes: declared-but-unused
// findings appear only once a run has succeeded (a failed run proves
// nothing), name exactly the successful runs they rest on, are never claimed
// for binaries when programs were not observed; and dropping unused
// declarations lowers the Forge-compatible risk score.

import { describe, expect, it } from 'vitest';
import { capabilityProfile, type ObservedRun } from '../../../src/core/observe/reconcile.js';
import type { RunObservation } from '../../../src/core/tool-run/observation.js';

const MD = `---
name: unused-demo
description: When the user asks for a report ("report on sales"), make it.
metadata:
  forge:
    requires:
      bins: [curl, jq, wget]
    egress_domains: [api.used-host.io, one.unused-host.io, two.unused-host.io, three.unused-host.io]
---
# Report

## Tool: make_report

Makes it.
`;
const skill = { skillMd: MD, scripts: { 'make-report.sh': '#!/usr/bin/env bash\ncurl -sS https://api.used-host.io/x\n' } };

const seen = (programs: RunObservation['programs']): RunObservation => ({
  egress: [{ host: 'api.used-host.io', port: 443, verdict: 'allowed' }],
  programs,
  files: programs && [],
  mechanism: programs && 'strace',
});
const run = (id: string, ok: boolean, programs: RunObservation['programs'] = [{ name: 'curl', path: '/usr/bin/curl', count: 1 }]): ObservedRun => ({
  id,
  tool: 'make_report',
  ok,
  observation: seen(programs),
});
const unused = (runs: ObservedRun[]) =>
  capabilityProfile(skill, runs).findings.filter((f) => f.kind === 'declared-egress-unused' || f.kind === 'declared-bin-unused');

describe('"unused" findings', () => {
  it('are not claimed before any run, nor after failed runs only', () => {
    expect(unused([])).toEqual([]);
    expect(unused([run('run 1', false), run('run 2', false)])).toEqual([]);
  });

  it('appear after a successful run and name only the successful runs', () => {
    const found = unused([run('run 1', false), run('run 2', true), run('run 3', true)]);
    expect(found.map((f) => `${f.kind} ${f.subject}`).sort()).toEqual([
      'declared-bin-unused jq',
      'declared-bin-unused wget',
      'declared-egress-unused one.unused-host.io',
      'declared-egress-unused three.unused-host.io',
      'declared-egress-unused two.unused-host.io',
    ]);
    for (const f of found) expect(f.runs).toEqual(['run 2', 'run 3']);
  });

  it('never say a binary is unused when programs were not observed', () => {
    const p = capabilityProfile(skill, [run('run 1', true, null)]);
    expect(p.findings.map((f) => f.kind)).not.toContain('declared-bin-unused');
    expect(p.used.programs).toBeNull();
    expect(p.summary).toMatch(/programs not observed/);
  });
});

describe('risk after fixes', () => {
  it('is lower once unused hosts and binaries are dropped', () => {
    const p = capabilityProfile(skill, [run('run 1', true)]);
    expect(p.risk.after).toBeLessThan(p.risk.before);
    expect(p.fixedSkillMd).toBeDefined();
    expect(capabilityProfile({ ...skill, skillMd: p.fixedSkillMd! }, []).risk.before).toBe(p.risk.after);
  });
});
