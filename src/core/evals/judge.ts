// The grader: one call per run for all of the case's judged expectations. It
// reads the task, the expected output, the transcript (tool calls with input
// and output, cut to fit) and the final answer, and answers in JSON whether
// each expectation holds, quoting its evidence from the transcript. A reply
// without that JSON is asked for once more; a second one counts every judged
// expectation of the run as failed with an error, never as passed. The grader
// may be another model than the agent's.
import { firstJsonObject } from '../routing/designer.js';
import type { JsonSchema, LlmClient, LlmUsage } from '../llm/types.js';
import type { CallMeter } from './budget.js';
import type { EvalCase, ExpectationVerdict, Transcript } from './types.js';

/** Characters of the transcript the grader sees at most. */
export const JUDGE_TRANSCRIPT_CHARS = 24_000;

const SYSTEM = [
  'You grade one run of an AI agent against a list of expectations.',
  'Read the task, the transcript (tool calls with their input and output) and the final answer.',
  'For each expectation decide whether it holds. Pass it only on clear evidence; when in doubt, fail it.',
  'Quote the evidence: the words of the transcript or answer that decide it, or say what is missing.',
  'Reply with JSON only: {"expectations": [{"text": "<the expectation>", "passed": true | false, "evidence": "<quote or reason>"}]}, one entry per expectation, in the order given.',
].join('\n');

export const JUDGE_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    expectations: {
      type: 'array',
      items: {
        type: 'object',
        properties: { text: { type: 'string' }, passed: { type: 'boolean' }, evidence: { type: 'string' } },
        required: ['text', 'passed', 'evidence'],
        additionalProperties: false,
      },
    },
  },
  required: ['expectations'],
  additionalProperties: false,
}) as JsonSchema;

/** The transcript as the grader reads it. */
export function transcriptText(t: Transcript): string {
  const lines: string[] = [];
  t.steps.forEach((s, i) => {
    if (s.text.trim()) lines.push(`Step ${i + 1}, agent: ${s.text.trim()}`);
    for (const c of s.toolCalls) {
      lines.push(`Step ${i + 1}, tool call ${c.name} ${JSON.stringify(c.input)}${c.notRun ? ' (not run)' : ''}`);
      lines.push(`Step ${i + 1}, tool result: ${c.output.slice(0, 2000)}`);
    }
  });
  const text = lines.join('\n');
  return text.length > JUDGE_TRANSCRIPT_CHARS ? `${text.slice(0, JUDGE_TRANSCRIPT_CHARS)}\n[transcript cut]` : text;
}

function userMessage(c: EvalCase, t: Transcript, expectations: readonly string[]): string {
  return [
    `Task: ${c.prompt}`,
    c.expectedOutput ? `Expected output: ${c.expectedOutput}` : '',
    '',
    'Transcript:',
    transcriptText(t) || '(the agent made no tool calls)',
    '',
    `Final answer: ${t.answer || '(none)'}`,
    '',
    'Expectations:',
    ...expectations.map((e, i) => `${i + 1}. ${e}`),
  ].join('\n');
}

/** The verdicts in `value`, or null when they are not one per expectation with a boolean `passed`. */
function verdictsOf(value: Record<string, unknown> | null, expectations: readonly string[]): ExpectationVerdict[] | null {
  const list = value?.['expectations'];
  if (!Array.isArray(list) || list.length !== expectations.length) return null;
  const out: ExpectationVerdict[] = [];
  for (const [i, item] of list.entries()) {
    if (!item || typeof item !== 'object' || typeof (item as Record<string, unknown>)['passed'] !== 'boolean') return null;
    const evidence = (item as Record<string, unknown>)['evidence'];
    out.push({ text: expectations[i]!, passed: (item as { passed: boolean }).passed, evidence: typeof evidence === 'string' ? evidence : '', by: 'judge' });
  }
  return out;
}

export interface JudgeInput {
  llm: LlmClient;
  meter: CallMeter;
  evalCase: EvalCase;
  transcript: Transcript;
  expectations: readonly string[];
  signal?: AbortSignal;
}

/** Grades the judged expectations of one run. Provider errors and BudgetReached propagate; two unusable replies give error verdicts. */
export async function judge(input: JudgeInput): Promise<{ verdicts: ExpectationVerdict[]; usage: LlmUsage; calls: number }> {
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  const content = userMessage(input.evalCase, input.transcript, input.expectations);
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const chars = SYSTEM.length + content.length;
    input.meter.reserve(chars);
    let text = '';
    const reported: LlmUsage = { inputTokens: 0, outputTokens: 0 };
    const request = {
      system: SYSTEM,
      messages: [{ role: 'user' as const, content }],
      responseSchema: { name: 'grading', schema: JUDGE_SCHEMA },
      ...(input.signal ? { signal: input.signal } : {}),
    };
    for await (const part of input.llm.stream(request)) {
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'usage') {
        reported.inputTokens += part.usage.inputTokens;
        reported.outputTokens += part.usage.outputTokens;
      }
    }
    const counted = input.meter.add(reported, chars, text.length);
    usage.inputTokens += counted.inputTokens;
    usage.outputTokens += counted.outputTokens;
    const verdicts = verdictsOf(firstJsonObject(text), input.expectations);
    if (verdicts) return { verdicts, usage, calls: attempt };
    problem = text.trim() ? `the grader's reply was not the JSON asked for: "${text.trim().slice(0, 120)}"` : "the grader's reply was empty";
  }
  const error = `${problem} (twice); counted as failed`;
  return { verdicts: input.expectations.map((text) => ({ text, passed: false, evidence: '', by: 'judge' as const, error })), usage, calls: 2 };
}
