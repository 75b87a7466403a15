// The limits of runEvals with a scripted model: the stated plan, the budget
// (calls and tokens) stopping the run at the right call with the runs so far
// marked partial, abort mid-run, the self-test stopping before the budget is
// spent, the grader's non-JSON reply retried once and then counted as an
// error (never a pass), and the events in order.
import { describe, expect, it } from 'vitest';
import { LlmError, PartialResultError, RequestError } from '../../../src/core/errors.js';
import { EvalSelfTestError } from '../../../src/core/evals/errors.js';
import { evaluate, runEvals, type EvalRunError } from '../../../src/core/evals/run-evals.js';
import type { EvalEvent } from '../../../src/core/evals/types.js';
import type { LlmRequest } from '../../../src/core/llm/types.js';
import { createScriptedLlm, type ScriptedReply } from '../../../src/testing/scripted-llm.js';
import { CONVERT, MARATHON, scriptedEvalModel, scriptedExecutor } from '../../helpers/eval-fixtures.js';

const base = { skill: CONVERT, cases: [MARATHON], executor: scriptedExecutor(), runsPerConfiguration: 3, selfTest: false } as const;

async function events(opts: Parameters<typeof runEvals>[0]): Promise<EvalEvent[]> {
  const out: EvalEvent[] = [];
  for await (const e of runEvals(opts)) out.push(e);
  return out;
}

describe('runEvals: cost and limits', () => {
  it('states the plan first, then cases, then run_start/step/run_result/progress per run, then done', async () => {
    const llm = createScriptedLlm(scriptedEvalModel);
    const list = await events({ ...base, llm, runsPerConfiguration: 1 });
    expect(list[0]!.type).toBe('plan');
    const plan = (list[0] as Extract<EvalEvent, { type: 'plan' }>).plan;
    // One case × 2 configurations × 1 run × (6 steps + 2 grader calls).
    expect(plan).toMatchObject({ cases: 1, runs: 2, maxCalls: 16 });
    expect(plan.maxTokens).toBeGreaterThan(0);
    expect(list.map((e) => e.type)).toEqual([
      'plan',
      'cases',
      'run_start',
      'step',
      'step',
      'run_result',
      'progress',
      'run_start',
      'step',
      'run_result',
      'progress',
      'done',
    ]);
    // The calls made stay under the plan's bound: with_skill 2 agent + 1 grader, without 1 + 1.
    expect(llm.requests).toHaveLength(5);
    const done = list.at(-1) as Extract<EvalEvent, { type: 'done' }>;
    expect(done.report.calls).toBe(5);
    expect(done.report.calls).toBeLessThanOrEqual(plan.maxCalls);
  });

  it('budget.maxCalls stops the run before the call that would pass it, with the runs so far marked partial', async () => {
    const llm = createScriptedLlm(scriptedEvalModel);
    // Per pair of runs: with_skill 3 calls, without_skill 2 calls. 7 calls: one pair (5), then the next with_skill run needs a 3rd call at 8.
    const report = await evaluate({ ...base, llm, budget: { maxCalls: 7 } });
    expect(llm.requests).toHaveLength(7);
    expect(report.calls).toBe(7);
    expect(report.partial).toMatchObject({ reason: 'budget' });
    expect(report.partial!.detail).toContain('7 calls');
    expect(report.runs.map((r) => r.configuration)).toEqual(['with_skill', 'without_skill']);
  });

  it('budget.maxTokens is never passed: a call is made only when its bound fits', async () => {
    const llm = createScriptedLlm(scriptedEvalModel);
    const report = await evaluate({ ...base, llm, budget: { maxTokens: 5000 }, replyAllowance: 500 });
    expect(report.partial?.reason).toBe('budget');
    expect(report.usage.inputTokens + report.usage.outputTokens).toBeLessThanOrEqual(5000);
    expect(report.calls).toBe(llm.requests.length);
  });

  it('aborts mid-run: error with code aborted and the runs finished before it', async () => {
    const controller = new AbortController();
    let n = 0;
    const llm = createScriptedLlm((request: LlmRequest): ScriptedReply => {
      if (++n === 4) controller.abort();
      return scriptedEvalModel(request);
    });
    const list = await events({ ...base, llm, signal: controller.signal });
    const last = list.at(-1)!;
    expect(last.type).toBe('error');
    const err = last as Extract<EvalEvent, { type: 'error' }>;
    expect(err.code).toBe('aborted');
    expect(err.report.partial?.reason).toBe('aborted');
    expect(err.report.runs).toHaveLength(1);
    expect(llm.requests.length).toBeLessThanOrEqual(5);
    await expect(evaluate({ ...base, llm: createScriptedLlm(scriptedEvalModel), signal: AbortSignal.abort() })).rejects.toSatisfy(
      (e: unknown) => PartialResultError.isInstance(e) && LlmError.isInstance(e.cause) && e.cause.code === 'aborted',
    );
  });

  it('the self-test runs the Examples case first and stops after it when the agent calls no tool', async () => {
    const llm = createScriptedLlm(() => 'I would rather not use tools.');
    const list = await events({ ...base, cases: undefined, skill: CONVERT, llm, selfTest: true, budget: { maxCalls: 100 } });
    expect(list.find((e) => e.type === 'self_test')).toMatchObject({ ok: false });
    const last = list.at(-1) as Extract<EvalEvent, { type: 'error' }>;
    expect(last.type).toBe('error');
    expect(last.code).toBe('eval_self_test');
    expect(EvalSelfTestError.isInstance(last.error)).toBe(true);
    expect(last.error.message).toMatch(/called no tool/);
    expect(llm.requests).toHaveLength(1);
  });

  it('the self-test passes, is kept as the first with_skill run, and the rest follows', async () => {
    const llm = createScriptedLlm(scriptedEvalModel);
    const list = await events({ ...base, cases: undefined, llm, selfTest: true, runsPerConfiguration: 1 });
    expect(list.find((e) => e.type === 'self_test')).toMatchObject({ ok: true });
    const done = list.at(-1) as Extract<EvalEvent, { type: 'done' }>;
    expect(done.report.runs.map((r) => `${r.evalId} ${r.configuration}`)).toEqual(['1 with_skill', '1 without_skill']);
    expect(done.report.runs[0]!.passRate).toBe(1);
  });

  it('a provider error in the self-test stops the run there', async () => {
    const llm = createScriptedLlm([{ error: new LlmError('auth', 'bad key', { provider: 'scripted' }) }]);
    const list = await events({ ...base, cases: undefined, llm, selfTest: true });
    expect(list.at(-1)).toMatchObject({ type: 'error', code: 'auth' });
    expect(llm.requests).toHaveLength(1);
  });

  it('a grader reply that is not JSON is asked again once; a second one is an error, never a pass', async () => {
    const agent = createScriptedLlm(scriptedEvalModel);
    const judge = createScriptedLlm(['Looks good to me!', 'Yes, all fine.']);
    const report = await evaluate({
      ...base,
      llm: agent,
      judge,
      runsPerConfiguration: 1,
      cases: [{ ...MARATHON, expectations: ['The answer states the distance in kilometres'] }],
      budget: { maxCalls: 5 },
    });
    expect(judge.requests).toHaveLength(2);
    const run = report.runs[0]!;
    expect(run.expectations[0]).toMatchObject({ passed: false, by: 'judge' });
    expect(run.expectations[0]!.error).toMatch(/not the JSON asked for/);
    expect(run.errors).toBe(1);
    expect(run.passRate).toBe(0);

    const second = createScriptedLlm(['not json', JSON.stringify({ expectations: [{ text: 'x', passed: true, evidence: 'That is 42.16 km.' }] })]);
    const ok = await evaluate({
      ...base,
      llm: createScriptedLlm(scriptedEvalModel),
      judge: second,
      runsPerConfiguration: 1,
      cases: [{ ...MARATHON, expectations: ['The answer states the distance in kilometres'] }],
      budget: { maxCalls: 4 },
    });
    expect(second.requests).toHaveLength(2);
    expect(ok.runs[0]!.expectations[0]).toMatchObject({ passed: true, evidence: 'That is 42.16 km.' });
    expect(ok.runs[0]!.errors).toBe(0);
  });

  it('a self-test whose grader cannot answer in JSON stops the run', async () => {
    const judge = createScriptedLlm(['nope', 'still nope']);
    const cases = [{ ...MARATHON, source: 'examples' as const, expectations: ['The answer states the distance in kilometres'] }];
    await expect(evaluate({ ...base, llm: createScriptedLlm(scriptedEvalModel), judge, cases, selfTest: true })).rejects.toSatisfy(
      (e: unknown) => PartialResultError.isInstance<unknown>(e) && EvalSelfTestError.isInstance((e as EvalRunError).cause),
    );
    expect(judge.requests).toHaveLength(2);
  });

  it('rejects bad options before any call, naming the field', async () => {
    const llm = createScriptedLlm([]);
    await expect(evaluate({ ...base, llm, runsPerConfiguration: 0 })).rejects.toSatisfy(
      (e: unknown) => RequestError.isInstance(e) && e.field === 'runsPerConfiguration',
    );
    await expect(evaluate({ ...base, llm, baseline: 'previous' })).rejects.toSatisfy((e: unknown) => RequestError.isInstance(e) && e.field === 'previous');
    await expect(evaluate({ ...base, llm, cases: [], skill: { skillMd: '---\nname: x\ndescription: y\n---\n' } })).rejects.toSatisfy(
      (e: unknown) => RequestError.isInstance(e) && e.field === 'cases',
    );
    expect(llm.requests).toHaveLength(0);
  });
});
