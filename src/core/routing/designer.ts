// The designer calls of a routing check: one call that writes test requests
// for a skill (realistic positives, and near misses that belong to another
// skill of the agent or to none), and one that proposes a better `description`
// from the failures and the competing skills' descriptions. Each is a single
// LLM call asking for JSON (native structured output where the provider has
// it); the reply is read leniently and checked.
import { objectCandidates, parseJsonLenient } from '../json/scan.js';
import type { LlmClient, LlmRequest, LlmUsage } from '../llm/types.js';
import { DesignerReplyError } from './errors.js';

export interface DesignerReply {
  value: Record<string, unknown>;
  usage: LlmUsage;
}

/** The first JSON object in `text` that parses. */
export function firstJsonObject(text: string): Record<string, unknown> | null {
  const whole = parseJsonLenient(text.trim());
  if (whole.ok && whole.value && typeof whole.value === 'object' && !Array.isArray(whole.value)) return whole.value as Record<string, unknown>;
  for (const span of objectCandidates(text)) {
    if (!span.complete) continue;
    const parsed = parseJsonLenient(text.slice(span.start, span.end));
    if (parsed.ok && parsed.value && typeof parsed.value === 'object' && !Array.isArray(parsed.value)) return parsed.value as Record<string, unknown>;
  }
  return null;
}

/** One designer call: streams the reply, adds up usage, returns the JSON object it holds. */
export async function designerCall(llm: LlmClient, request: LlmRequest, what: string): Promise<DesignerReply> {
  let text = '';
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  for await (const part of llm.stream(request)) {
    if (part.type === 'text-delta') text += part.text;
    else if (part.type === 'usage') {
      usage.inputTokens += part.usage.inputTokens;
      usage.outputTokens += part.usage.outputTokens;
    }
  }
  const value = firstJsonObject(text);
  if (!value) throw new DesignerReplyError(what, text.trim() ? 'no JSON object in it' : 'it was empty');
  return { value, usage };
}

/** A skill as the designer is told about it. */
export interface SkillBrief {
  name: string;
  description: string;
}

export function briefList(skills: readonly SkillBrief[]): string {
  if (skills.length === 0) return "(none: this is the agent's only skill)";
  return skills.map((s) => `- ${s.name}: ${s.description || '(no description)'}`).join('\n');
}
