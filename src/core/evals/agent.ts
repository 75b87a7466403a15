// The agent harness: one eval case run the way Forge's runtime runs a request.
// The model sees the agent view (the identity line and the catalog of
// instruction skills with the routing directive, read_skill, and every
// script-backed tool with its runtime-view schema); each step is one provider
// call; read_skill is answered from the skills themselves, every other tool
// through the injected executor; the loop ends when the model answers without
// calling a tool, or at the step limit. Tool calling is native end to end: the
// assistant turn goes back with its calls, and each result as the provider's
// tool-result message answering its call (cut at 16 KiB; a failed tool is
// flagged as an error). The transcript records every step: text, tool calls
// with input and output, tokens and wall time.
import type { AgentView } from '../routing/agent-view.js';
import { messageChars } from '../llm/tool-messages.js';
import type { LlmClient, LlmMessage, LlmToolCall, LlmUsage } from '../llm/types.js';
import type { Skill } from '../skill/skill.js';
import type { CallMeter } from './budget.js';
import type { ToolExecution, ToolExecutor } from './executor.js';
import { readSkill } from './read-skill.js';
import type { Transcript, TranscriptStep, TranscriptToolCall } from './types.js';

/** Provider calls one case may make by default (Forge's own loop allows 50). */
export const DEFAULT_MAX_STEPS = 6;
/** Longest tool output handed back to the model. */
export const MAX_TOOL_OUTPUT_CHARS = 16 * 1024;

export interface AgentRunInput {
  llm: LlmClient;
  view: AgentView;
  /** Catalog name → skill, for read_skill and to find a tool's owner. */
  skills: ReadonlyMap<string, Skill>;
  executor: ToolExecutor;
  prompt: string;
  files?: readonly string[];
  maxSteps: number;
  meter: CallMeter;
  signal?: AbortSignal;
  onStep?: (step: TranscriptStep) => void;
  now?: () => number;
}

const promptChars = (system: string, messages: readonly LlmMessage[], view: AgentView): number =>
  system.length + messages.reduce((n, m) => n + messageChars(m), 0) + JSON.stringify(view.tools).length;

/** The user's turn: the prompt, and the input files' paths when the case has any. */
function firstMessage(prompt: string, files: readonly string[] | undefined): string {
  if (!files || files.length === 0) return prompt;
  return `${prompt}\n\nInput files (relative to the skill folder): ${files.join(', ')}`;
}

async function callModel(input: AgentRunInput, messages: LlmMessage[]): Promise<{ text: string; calls: LlmToolCall[]; usage: LlmUsage }> {
  const chars = promptChars(input.view.system, messages, input.view);
  input.meter.reserve(chars);
  let text = '';
  const calls: LlmToolCall[] = [];
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  const request = { system: input.view.system, messages, tools: input.view.tools, ...(input.signal ? { signal: input.signal } : {}) };
  for await (const part of input.llm.stream(request)) {
    if (part.type === 'text-delta') text += part.text;
    else if (part.type === 'tool-call')
      calls.push({ id: part.id, name: part.name, arguments: part.arguments, ...(part.signature ? { signature: part.signature } : {}) });
    else if (part.type === 'usage') {
      usage.inputTokens += part.usage.inputTokens;
      usage.outputTokens += part.usage.outputTokens;
    }
  }
  const counted = input.meter.add(usage, chars, text.length + JSON.stringify(calls.map((c) => ({ name: c.name, input: c.arguments }))).length);
  return { text, calls, usage: counted };
}

async function runTool(input: AgentRunInput, name: string, args: Record<string, unknown>, now: () => number): Promise<TranscriptToolCall> {
  const started = now();
  const done = (r: ToolExecution, skill?: string): TranscriptToolCall => ({
    name,
    input: args,
    output:
      r.output.length > MAX_TOOL_OUTPUT_CHARS ? `${r.output.slice(0, MAX_TOOL_OUTPUT_CHARS)}\n[output cut at ${MAX_TOOL_OUTPUT_CHARS} characters]` : r.output,
    ok: r.ok,
    ...(r.notRun ? { notRun: true } : {}),
    ...(skill ? { skill } : {}),
    durationMs: now() - started,
    ...(r.observation ? { observation: r.observation } : {}),
  });
  if (name === 'read_skill') return done(readSkill(input.skills, args));
  const owner = Object.hasOwn(input.view.toolOwners, name) ? input.view.toolOwners[name]! : undefined;
  const skill = owner ? input.skills.get(owner) : undefined;
  if (!owner || !skill) return done({ ok: false, output: JSON.stringify({ error: `unknown tool ${JSON.stringify(name)}` }) });
  try {
    return done(await input.executor({ skill, tool: name, input: args, ...(input.signal ? { signal: input.signal } : {}) }), owner);
  } catch (err) {
    if (input.signal?.aborted) throw err;
    return done({ ok: false, output: JSON.stringify({ error: `the tool failed: ${(err as Error).message}` }) }, owner);
  }
}

/** The turns that carry a step back to the model: the assistant turn with its calls, then one result per call, in order. */
function replay(text: string, calls: readonly LlmToolCall[], results: readonly TranscriptToolCall[]): LlmMessage[] {
  return [
    { role: 'assistant', content: text, toolCalls: [...calls] },
    ...calls.map((c, i): LlmMessage => ({
      role: 'tool',
      toolCallId: c.id,
      toolName: c.name,
      content: results[i]!.output,
      ...(results[i]!.ok ? {} : { isError: true }),
    })),
  ];
}

/**
 * Runs one case to its end. Throws BudgetReached (the meter's) or the
 * provider's LlmError; the transcript of the steps made so far is in `partial`
 * of the caller's handling (passed through onStep).
 */
export async function runAgent(input: AgentRunInput): Promise<Transcript> {
  const now = input.now ?? Date.now;
  const started = now();
  const messages: LlmMessage[] = [{ role: 'user', content: firstMessage(input.prompt, input.files) }];
  const steps: TranscriptStep[] = [];
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  let stoppedBy: Transcript['stoppedBy'] = 'step_limit';
  for (let i = 0; i < input.maxSteps; i++) {
    const stepStart = now();
    const reply = await callModel(input, messages);
    usage.inputTokens += reply.usage.inputTokens;
    usage.outputTokens += reply.usage.outputTokens;
    const toolCalls: TranscriptToolCall[] = [];
    for (const call of reply.calls) toolCalls.push(await runTool(input, call.name, call.arguments, now));
    const step: TranscriptStep = { text: reply.text, toolCalls, usage: reply.usage, durationMs: now() - stepStart };
    steps.push(step);
    input.onStep?.(step);
    if (toolCalls.length === 0) {
      stoppedBy = 'answered';
      break;
    }
    messages.push(...replay(reply.text, reply.calls, toolCalls));
  }
  return {
    system: input.view.system,
    prompt: input.prompt,
    tools: input.view.tools.map((t) => t.name),
    steps,
    answer: steps.at(-1)?.text.trim() ?? '',
    stoppedBy,
    usage,
    durationMs: now() - started,
  };
}
