// The editing session's runs: a try is added as the next `run N` (the latest
// MAX_SESSION_RUNS kept), and an evaluation's observed calls join under their
// own ids, renamed only when the id is already taken — so two evaluations of
// one session never name two runs alike, and the evaluation's profile lists
// the session's tries and its calls once each.

import { describe, expect, it } from 'vitest';
import { evalObservedRuns, evalSessionRuns } from '../../../src/core/evals/eval-session.js';
import { evalCapabilityProfile } from '../../../src/core/evals/observed-runs.js';
import type { EvalRun } from '../../../src/core/evals/types.js';
import { addObservedRun, joinObservedRuns, MAX_SESSION_RUNS } from '../../../src/core/observe/session.js';
import type { ObservedRun, RunObservation } from '../../../src/core/tool-run/observation.js';

const seen = (host: string): RunObservation => ({ egress: [{ host, port: 443, verdict: 'allowed' }], programs: [], files: [], mechanism: 'strace' });
const obs = (id: string, host = 'a.example'): ObservedRun => ({ id, tool: 'report', ok: true, observation: seen(host) });

const MD = `---
name: report-demo
description: When the user asks for a report ("report on sales"), make it.
metadata:
  forge:
    egress_domains: [a.example]
---
# Report

## Tool: report

Makes it.
`;

function evalRun(host: string): EvalRun {
  const usage = { inputTokens: 1, outputTokens: 1 };
  const call = { name: 'report', input: {}, output: '{}', ok: true, skill: 'report-demo', durationMs: 1, observation: seen(host) };
  return {
    evalId: 1,
    evalName: 'sales',
    configuration: 'with_skill',
    runNumber: 1,
    passRate: 1,
    passed: 1,
    failed: 0,
    total: 1,
    timeSeconds: 1,
    tokens: 2,
    toolCalls: 1,
    errors: 0,
    expectations: [],
    notes: [],
    transcript: {
      system: '',
      prompt: 'p',
      tools: ['report'],
      steps: [{ text: '', toolCalls: [call], usage, durationMs: 1 }],
      answer: 'a',
      stoppedBy: 'answered',
      usage,
      durationMs: 1,
    },
    judgeUsage: usage,
  };
}

describe('editing session runs', () => {
  it('adds a try as the next run N and keeps the latest runs only', () => {
    let runs: ObservedRun[] = [];
    for (let i = 0; i < MAX_SESSION_RUNS + 2; i++) runs = addObservedRun(runs, { tool: 'report', ok: true, observation: seen('a.example') });
    expect(runs).toHaveLength(MAX_SESSION_RUNS);
    expect(runs[0]!.id).toBe('run 3');
    expect(runs.at(-1)!.id).toBe(`run ${MAX_SESSION_RUNS + 2}`);
  });

  it('joins an evaluation under its own ids, renaming only the ids already taken', () => {
    const first = joinObservedRuns([obs('run 1')], [obs('eval 1 run 1 call 1'), obs('eval 1 run 1 call 2')]);
    expect(first.map((r) => r.id)).toEqual(['run 1', 'eval 1 run 1 call 1', 'eval 1 run 1 call 2']);
    const second = joinObservedRuns(first, [obs('eval 1 run 1 call 1', 'b.example'), obs('eval 2 run 1 call 1')]);
    expect(second.map((r) => r.id)).toEqual(['run 1', 'eval 1 run 1 call 1', 'eval 1 run 1 call 2', 'eval 1 run 1 call 1 #2', 'eval 2 run 1 call 1']);
    expect(second[3]!.observation.egress[0]!.host).toBe('b.example');
    expect(joinObservedRuns(second, [obs('eval 1 run 1 call 1')]).at(-1)!.id).toBe('eval 1 run 1 call 1 #3');
  });

  it("an evaluation's profile lists the session's runs and its calls once each, and uses the hosts of both", () => {
    const session = joinObservedRuns([obs('run 1')], evalObservedRuns([evalRun('a.example')], 'report-demo'));
    const p = evalCapabilityProfile({ skillMd: MD, scripts: {} }, [evalRun('b.example')], 'report-demo', session)!;
    expect(p.runs.map((r) => r.id)).toEqual(['run 1', 'eval 1 run 1 call 1', 'eval 1 run 1 call 1 #2']);
    // The session a client keeps after this evaluation names its runs exactly as the profile does.
    expect(evalSessionRuns(session, [evalRun('b.example')], 'report-demo').map((r) => r.id)).toEqual(p.runs.map((r) => r.id));
    expect(p.used.egress).toEqual(['a.example', 'b.example']);
    expect(p.findings.map((f) => `${f.kind} ${f.subject}`)).toContain('observed-egress-undeclared b.example');
  });
});
