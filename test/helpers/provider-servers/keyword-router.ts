// A scripted "agent model" for routing tests, served by the provider test
// servers in each wire format: it reads the request as that provider's SDK
// put it on the wire (system prompt, last user message, offered tools), and
// answers like a real model would — a native tool call when a keyword of the
// user's message names a rule (read_skill with a skill name, or a tool that is
// on offer), plain text otherwise. Designer calls (no tools offered) get the
// scripted JSON reply.
import { toolTurns, type WireToolResult } from './tool-turns.js';
import type { ProviderName, RecordedRequest, Reply } from './types.js';

/** When the user's message contains `keyword` (case-insensitive): call `tool` with `arguments`. */
export interface KeywordRule {
  keyword: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** What the model saw, read back from the provider's wire body. */
export interface SeenRequest {
  system: string;
  /** The last user turn that has text (tool-result turns are not counted). */
  user: string;
  /** The tool results the request ends with, read from the provider's native tool-result shape. */
  toolResults: WireToolResult[];
  /** Tools offered: name → {description, parameters}. */
  tools: Record<string, { description: string; parameters: any }>;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c: any) => (typeof c === 'string' ? c : (c?.text ?? ''))).join('');
  return '';
}

/** The system prompt, last user message and tools of a recorded request, per provider wire format. */
export function seen(provider: ProviderName, body: any): SeenRequest {
  const tools: SeenRequest['tools'] = {};
  const toolResults = toolTurns(provider, body).results;
  if (provider === 'anthropic') {
    for (const t of body.tools ?? []) tools[t.name] = { description: t.description, parameters: t.input_schema };
    const users = (body.messages ?? []).filter((m: any) => m.role === 'user' && textOf(m.content));
    return { system: textOf(body.system), user: textOf(users.at(-1)?.content), toolResults, tools };
  }
  if (provider === 'gemini') {
    for (const f of body.tools?.[0]?.functionDeclarations ?? []) tools[f.name] = { description: f.description, parameters: f.parameters };
    const partsText = (c: any): string => (c?.parts ?? []).map((p: any) => p.text ?? '').join('');
    const users = (body.contents ?? []).filter((c: any) => c.role === 'user' && partsText(c));
    const system = (body.systemInstruction?.parts ?? []).map((p: any) => p.text).join('');
    return { system, user: partsText(users.at(-1)), toolResults, tools };
  }
  for (const t of body.tools ?? []) tools[t.function.name] = { description: t.function.description, parameters: t.function.parameters };
  const messages = body.messages ?? [];
  return {
    system: textOf(messages.find((m: any) => m.role === 'system')?.content),
    user: textOf(messages.filter((m: any) => m.role === 'user').at(-1)?.content),
    toolResults,
    tools,
  };
}

export interface KeywordRouterOptions {
  rules: KeywordRule[];
  /** The reply to a designer call (a request offering no tools). */
  designer?: Reply | ((request: RecordedRequest) => Reply);
  /** Answer for a user message with `keyword` in it: this error instead (a provider failure mid-run). */
  failOn?: { keyword: string; reply: Reply };
  /** Text the model answers with when no rule matches. */
  fallback?: string;
}

/** A `handler` for startProviderServer that routes by keyword. */
export function keywordRouter(provider: ProviderName, options: KeywordRouterOptions): (request: RecordedRequest) => Reply {
  return (request) => {
    const s = seen(provider, request.body);
    if (Object.keys(s.tools).length === 0) {
      const d = options.designer;
      if (d === undefined) return { error: { status: 500, message: 'keyword router: no designer reply scripted' } };
      return typeof d === 'function' ? d(request) : d;
    }
    const user = s.user.toLowerCase();
    if (options.failOn && user.includes(options.failOn.keyword.toLowerCase())) return options.failOn.reply;
    // A real model only calls tools it was offered.
    const rule = options.rules.find((r) => user.includes(r.keyword.toLowerCase()) && s.tools[r.tool]);
    if (!rule) return options.fallback ?? 'I can answer that myself.';
    return { toolCalls: [{ name: rule.tool, arguments: rule.arguments }] };
  };
}
