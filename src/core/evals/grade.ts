// One run graded: every expectation of the case in its written order, the
// deterministic ones decided from the transcript, the rest by the grader (one
// call for all of them), and the run's figures in skill-creator's terms
// (pass rate, time, tokens, tool calls, errors).
import type { LlmClient, LlmUsage } from '../llm/types.js';
import type { CallMeter } from './budget.js';
import { checkExpectation, parseExpectation } from './expectations.js';
import { judge } from './judge.js';
import type { EvalCase, EvalConfiguration, EvalRun, ExpectationVerdict, Transcript } from './types.js';

export interface GradeInput {
  judgeLlm: LlmClient;
  meter: CallMeter;
  evalCase: EvalCase;
  configuration: EvalConfiguration;
  runNumber: number;
  transcript: Transcript;
  signal?: AbortSignal;
}

/** A short name for the viewer's section header: the prompt's first words. */
export function evalName(c: EvalCase): string {
  const words = c.prompt.replace(/\s+/g, ' ').trim();
  return words.length > 60 ? `${words.slice(0, 57)}…` : words;
}

export async function gradeRun(input: GradeInput): Promise<EvalRun> {
  const { evalCase: c, transcript: t } = input;
  const parsed = c.expectations.map((text) => ({ text, e: parseExpectation(text) }));
  const verdicts: (ExpectationVerdict | undefined)[] = parsed.map(({ text, e }) => (e.kind === 'judged' ? undefined : checkExpectation(text, e, t)));
  const judged = parsed.filter(({ e }) => e.kind === 'judged').map(({ text }) => text);
  let judgeUsage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  if (judged.length > 0) {
    const graded = await judge({
      llm: input.judgeLlm,
      meter: input.meter,
      evalCase: c,
      transcript: t,
      expectations: judged,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    judgeUsage = graded.usage;
    let k = 0;
    for (let i = 0; i < verdicts.length; i++) if (verdicts[i] === undefined) verdicts[i] = graded.verdicts[k++];
  }
  const expectations = verdicts as ExpectationVerdict[];
  const passed = expectations.filter((v) => v.passed).length;
  const toolCalls = t.steps.reduce((n, s) => n + s.toolCalls.length, 0);
  const notes: string[] = [];
  if (t.stoppedBy === 'step_limit') notes.push(`the agent was still calling tools at the step limit (${t.steps.length} steps)`);
  const notRun = t.steps.flatMap((s) => s.toolCalls).filter((call) => call.notRun);
  if (notRun.length > 0) notes.push(`${notRun.length} tool call(s) were not run (tool runs are off): their results are placeholders`);
  return {
    evalId: c.id,
    evalName: evalName(c),
    configuration: input.configuration,
    runNumber: input.runNumber,
    passRate: expectations.length === 0 ? 0 : passed / expectations.length,
    passed,
    failed: expectations.length - passed,
    total: expectations.length,
    timeSeconds: t.durationMs / 1000,
    tokens: t.usage.inputTokens + t.usage.outputTokens,
    toolCalls,
    errors: expectations.filter((v) => v.error).length,
    expectations,
    notes,
    transcript: t,
    judgeUsage,
  };
}
