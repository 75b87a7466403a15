// Fixtures of the eval-harness tests: a script-backed skill (`unit-convert`,
// tool `convert_units`, one Examples row), another skill of the agent, the
// case file, a scripted "agent model" that solves the task only when the
// convert_units tool is on offer (it calls it, then reads the number from the
// tool result the request carries back in the provider's native tool-result
// shape — a result sent any other way goes unread), a grader that answers in JSON from the final answer, and
// the scripted tool executor.
import type { ToolExecutor } from '../../src/core/evals/executor.js';
import type { EvalCase } from '../../src/core/evals/types.js';
import type { LlmRequest } from '../../src/core/llm/types.js';
import type { ScriptedReply } from '../../src/testing/scripted-llm.js';
import type { SkillInit } from '../../src/core/skill/skill.js';
import { seen } from './provider-servers/keyword-router.js';
import type { ProviderName, RecordedRequest, Reply } from './provider-servers/types.js';
import { CLOCK } from './routing-fixtures.js';

export const CONVERT: SkillInit = {
  skillMd: [
    '---',
    'name: unit-convert',
    'description: When the user asks to convert a distance, weight or temperature between units, convert it exactly.',
    '---',
    '# Unit convert',
    '',
    '## Tool: convert_units',
    '',
    'Convert a value between units.',
    '',
    '**Input:** value (number, required), from (string, required), to (string, required)',
    '',
    '**Examples:**',
    '',
    '| User Request | Tool Input |',
    '|---|---|',
    '| How far is 26.2 miles in km? | {"value": 26.2, "from": "mi", "to": "km"} |',
    '',
  ].join('\n'),
  scripts: { 'convert-units.sh': '#!/usr/bin/env bash\necho "{\\"result\\": 42.16, \\"unit\\": \\"km\\"}"\n' },
  dirName: 'unit-convert',
};

export { CLOCK };

/** One case from a file: the marathon in km, with a deterministic check, a text check and a judged statement. */
export const MARATHON: EvalCase = {
  id: 1,
  prompt: 'A marathon is 26.2 miles. How many km is that, exactly?',
  expectedOutput: 'The distance in kilometres, 42.16.',
  files: [],
  expectations: ['tool_called: convert_units with {"from": "mi", "to": "km"}', 'answer_contains: 42.16', 'The answer states the distance in kilometres'],
  source: 'file',
};

export const TOOL_OUTPUT = '{"result": 42.16, "unit": "km"}';

/** A tool result the model reads back: the tool's name and the content it returned. */
export interface SolverResult {
  name: string;
  content: string;
}

/** The agent's model: calls convert_units when offered and the request mentions miles, then answers from the tool result. */
export function solverReply(
  user: string,
  tools: readonly string[],
  results: readonly SolverResult[] = [],
): { text?: string; toolCalls?: { name: string; arguments: Record<string, unknown> }[] } {
  const result = results.find((r) => r.name === 'convert_units');
  if (result) {
    const value = /"result":\s*([\d.]+)/.exec(result.content)?.[1] ?? '?';
    return { text: `That is ${value} km.` };
  }
  if (tools.includes('convert_units') && /miles/i.test(user))
    return { toolCalls: [{ name: 'convert_units', arguments: { value: 26.2, from: 'mi', to: 'km' } }] };
  return { text: 'Roughly 40 kilometres, I think.' };
}

/** The grader: passes every expectation when the final answer holds 42.16, else fails them, quoting the answer. */
export function graderReply(user: string): string {
  const answer = /Final answer: (.*)/.exec(user)?.[1] ?? '';
  const expectations =
    user
      .split('Expectations:\n')[1]
      ?.split('\n')
      .filter((l) => /^\d+\. /.test(l)) ?? [];
  const passed = answer.includes('42.16');
  return JSON.stringify({ expectations: expectations.map((l) => ({ text: l.replace(/^\d+\. /, ''), passed, evidence: `Final answer: ${answer}` })) });
}

/** The two as a provider-server handler (agent calls offer tools; grader calls do not). */
export function evalModel(provider: ProviderName): (request: RecordedRequest) => Reply {
  return (request) => {
    const s = seen(provider, request.body);
    if (Object.keys(s.tools).length === 0) return graderReply(s.user);
    const reply = solverReply(s.user, Object.keys(s.tools), s.toolResults);
    return reply.toolCalls ? { toolCalls: reply.toolCalls } : (reply.text ?? '');
  };
}

/** The same as a scripted LlmClient reply function. */
export function scriptedEvalModel(request: LlmRequest): ScriptedReply {
  const user = request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  if (!request.tools || request.tools.length === 0) return graderReply(user);
  // The results the request ends with (the answer to the last assistant turn's calls).
  const trailing: SolverResult[] = [];
  for (const m of [...request.messages].reverse()) {
    if (m.role !== 'tool') break;
    trailing.unshift({ name: m.toolName, content: m.content });
  }
  const reply = solverReply(
    user,
    request.tools.map((t) => t.name),
    trailing,
  );
  return reply.toolCalls ? { toolCalls: reply.toolCalls } : (reply.text ?? '');
}

/** Runs convert_units as its script would, recording each call. */
export function scriptedExecutor(calls: { tool: string; input: Record<string, unknown> }[] = []): ToolExecutor {
  return ({ tool, input }) => {
    calls.push({ tool, input });
    return Promise.resolve(tool === 'convert_units' ? { ok: true, output: TOOL_OUTPUT } : { ok: false, output: '{"error": "no such tool"}' });
  };
}
