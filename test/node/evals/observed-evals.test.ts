// Every tool call of an eval run is observed: with the sandbox executor and
// real bwrap, a tool whose script calls jq through `bash -c` without declaring
// it gives the call's transcript an observation (jq among its programs) and the
// report a capability profile with `observed-bin-undeclared`, naming the eval
// run it rests on; a declared host no call asked for is "unused" only because
// a call succeeded; the session's earlier runs (its tries) fold into the same
// profile; the baseline's calls never count.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evals/run-evals.js';
import type { EvalCase } from '../../../src/core/evals/types.js';
import type { ObservedRun } from '../../../src/core/tool-run/observation.js';
import { sandboxExecutor } from '../../../src/node/evals/sandbox-executor.js';
import { createScriptedLlm } from '../../../src/testing/scripted-llm.js';

const SKILL_MD = `---
name: jq-pick
description: When the user asks to pick a field out of JSON ("pick the name"), pick it.
metadata:
  forge:
    egress_domains: [api.example.com]
---
# Pick

## Tool: pick_field

Picks a field.

**Input:** field (string, required): the field to pick
`;
const SCRIPT = '#!/usr/bin/env bash\nbash -c \'echo "{\\"name\\": \\"ada\\"}" | jq -c "{picked: .name}"\'\n';

const CASE: EvalCase = {
  id: 4,
  prompt: 'Pick the name out of the record.',
  expectedOutput: 'The name, ada.',
  files: [],
  expectations: ['tool_called: pick_field', 'answer_contains: ada'],
  source: 'file',
};

/** The agent calls pick_field first when it is offered, then answers; the grader is never asked (deterministic checks only). */
const model = () =>
  createScriptedLlm((request) => {
    const offered = request.tools?.some((t) => t.name === 'pick_field') ?? false;
    if (offered && request.messages.length === 1) return { toolCalls: [{ name: 'pick_field', arguments: { field: 'name' } }] };
    return 'The name is ada.';
  });

const TRY: ObservedRun = {
  id: 'run 1',
  tool: 'pick_field',
  ok: true,
  observation: { egress: [{ host: 'api.example.com', port: 443, verdict: 'allowed' }], programs: [], files: [], mechanism: 'strace' },
};

// Real bwrap and strace on a busy machine: generous; a passing run returns at once.
describe('eval runs are observed', { timeout: 180_000 }, () => {
  it('an undeclared jq through bash -c is observed in the tool call and named in the eval report’s profile', async () => {
    const report = await evaluate({
      llm: model(),
      skill: { skillMd: SKILL_MD, scripts: { 'pick-field.sh': SCRIPT } },
      cases: [CASE],
      runsPerConfiguration: 1,
      selfTest: false,
      executor: sandboxExecutor({ sandbox: 'bwrap' }),
    });
    const withSkill = report.runs.find((r) => r.configuration === 'with_skill')!;
    const call = withSkill.transcript.steps[0]!.toolCalls[0]!;
    expect(call).toMatchObject({ name: 'pick_field', ok: true, skill: 'jq-pick' });
    expect(call.output).toContain('"picked":"ada"');
    expect(call.observation?.mechanism).toBe('strace');
    expect(call.observation?.programs?.map((p) => p.name)).toContain('jq');
    // The baseline has no skill: no call, nothing observed there.
    expect(report.runs.find((r) => r.configuration === 'without_skill')!.transcript.steps.flatMap((s) => s.toolCalls)).toEqual([]);

    const profile = report.capabilityProfile!;
    expect(profile.runs).toEqual([{ id: 'eval 4 run 1 call 1', tool: 'pick_field', ok: true }]);
    const jq = profile.findings.find((f) => f.kind === 'observed-bin-undeclared' && f.subject === 'jq');
    expect(jq).toMatchObject({ runs: ['eval 4 run 1 call 1'], fix: { op: 'add', field: 'bins', value: 'jq' } });
    // The call succeeded, so the declared host nobody asked for is unused, naming that call.
    expect(profile.findings.find((f) => f.kind === 'declared-egress-unused')).toMatchObject({ subject: 'api.example.com', runs: ['eval 4 run 1 call 1'] });
    expect(profile.summary).toContain('uses jq, not declared');
    expect(profile.fixedSkillMd).toContain('jq');
  });

  it('folds the session’s earlier tries into the profile, and a failed call claims nothing unused', async () => {
    const failing = '#!/usr/bin/env bash\nbash -c "jq --version >/dev/null"; exit 3\n';
    const report = await evaluate({
      llm: model(),
      skill: { skillMd: SKILL_MD, scripts: { 'pick-field.sh': failing } },
      cases: [CASE],
      runsPerConfiguration: 1,
      selfTest: false,
      executor: sandboxExecutor({ sandbox: 'bwrap' }),
      sessionRuns: [TRY],
    });
    const profile = report.capabilityProfile!;
    expect(profile.runs.map((r) => [r.id, r.ok])).toEqual([
      ['run 1', true],
      ['eval 4 run 1 call 1', false],
    ]);
    // The try asked for the declared host: it is used, not unused.
    expect(profile.used.egress).toEqual(['api.example.com']);
    expect(profile.findings.some((f) => f.kind === 'declared-egress-unused')).toBe(false);
    expect(profile.findings.find((f) => f.subject === 'jq')).toMatchObject({ kind: 'observed-bin-undeclared', runs: ['eval 4 run 1 call 1'] });

    const alone = await evaluate({
      llm: model(),
      skill: { skillMd: SKILL_MD, scripts: { 'pick-field.sh': failing } },
      cases: [CASE],
      runsPerConfiguration: 1,
      selfTest: false,
      executor: sandboxExecutor({ sandbox: 'bwrap' }),
    });
    // Only a failed call: no "unused" claim, but what it executed still counts.
    expect(alone.capabilityProfile!.findings.map((f) => f.kind)).toEqual(['observed-bin-undeclared']);
  });
});
