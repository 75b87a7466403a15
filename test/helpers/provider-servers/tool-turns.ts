// Tool turns as each provider's API takes them back, read from a recorded
// request body: the checks the real APIs make before they accept a
// conversation that carries tool calls and their results (the server answers
// HTTP 400 naming the problem, as the provider would), and the results of the
// last exchange as the model reads them (what a scripted model answers from).
import type { ProviderName } from './types.js';

/** One tool result as the request carried it back. */
export interface WireToolResult {
  /** The call it answers: OpenAI tool_call_id, Anthropic tool_use_id (absent for gemini and ollama, which answer by name). */
  callId?: string;
  name: string;
  content: string;
  /** The provider's error flag (Anthropic is_error, Gemini an `error` response); undefined where the wire has none. */
  isError?: boolean;
}

/** A tool call an earlier assistant turn of the request carried. */
export interface WireToolCall {
  id?: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Gemini: the thoughtSignature sent back beside the functionCall part. */
  signature?: string;
}

export interface ToolTurns {
  /** Every call the assistant turns of the request carry, in order. */
  calls: WireToolCall[];
  /** The results at the end of the conversation (the answer to the last assistant turn's calls), in order. */
  results: WireToolResult[];
  /** Why the provider would refuse the conversation; empty when it is well formed. */
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object' && !Array.isArray(v);

function parseObject(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function openAi(body: any): ToolTurns {
  const turns: ToolTurns = { calls: [], results: [], problems: [] };
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  let open = new Map<string, string>();
  let results: WireToolResult[] = [];
  messages.forEach((m, i) => {
    if (m?.role === 'tool') {
      const name = open.get(m.tool_call_id);
      if (typeof m.tool_call_id !== 'string' || name === undefined) {
        turns.problems.push(`messages[${i}]: messages with role 'tool' must be a response to a preceding message with 'tool_calls'`);
      } else {
        open.delete(m.tool_call_id);
        if (typeof m.content !== 'string') turns.problems.push(`messages[${i}].content: expected a string`);
        results.push({ callId: m.tool_call_id, name, content: String(m.content) });
      }
      return;
    }
    if (open.size > 0)
      turns.problems.push(
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id': ${[...open.keys()].join(', ')}`,
      );
    open = new Map();
    results = [];
    if (m?.role !== 'assistant' || m.tool_calls === undefined) return;
    (Array.isArray(m.tool_calls) ? m.tool_calls : [null]).forEach((c: any, j: number) => {
      const args = parseObject(c?.function?.arguments);
      if (typeof c?.id !== 'string' || !c.id || c.type !== 'function' || typeof c.function?.name !== 'string' || !args) {
        turns.problems.push(`messages[${i}].tool_calls[${j}]: expected {id, type: 'function', function: {name, arguments: JSON object text}}`);
        return;
      }
      open.set(c.id, c.function.name);
      turns.calls.push({ id: c.id, name: c.function.name, arguments: args });
    });
  });
  if (open.size > 0 && results.length > 0) turns.problems.push(`tool_call_ids without a response message: ${[...open.keys()].join(', ')}`);
  turns.results = results;
  return turns;
}

function anthropic(body: any): ToolTurns {
  const turns: ToolTurns = { calls: [], results: [], problems: [] };
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  let open = new Map<string, string>();
  messages.forEach((m, i) => {
    const blocks: any[] = Array.isArray(m?.content) ? m.content : [];
    const resultBlocks = blocks.filter((b) => b?.type === 'tool_result');
    const results: WireToolResult[] = [];
    for (const b of resultBlocks) {
      const name = m.role === 'user' ? open.get(b.tool_use_id) : undefined;
      if (name === undefined) {
        turns.problems.push(`messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(b.tool_use_id)}`);
        continue;
      }
      if (typeof b.content !== 'string' && !Array.isArray(b.content)) turns.problems.push(`messages.${i}: tool_result content must be a string or blocks`);
      if (b.is_error !== undefined && typeof b.is_error !== 'boolean') turns.problems.push(`messages.${i}: is_error must be a boolean`);
      open.delete(b.tool_use_id);
      const text = typeof b.content === 'string' ? b.content : b.content.map((c: any) => c?.text ?? '').join('');
      results.push({ callId: b.tool_use_id, name, content: text, ...(b.is_error === true ? { isError: true } : {}) });
    }
    if (!blocks.slice(0, resultBlocks.length).every((b) => b?.type === 'tool_result')) {
      turns.problems.push(`messages.${i}: tool_result blocks must come first in the user turn`);
    }
    if (open.size > 0) {
      turns.problems.push(`messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${[...open.keys()].join(', ')}`);
    }
    open = new Map();
    turns.results = results;
    if (m?.role !== 'assistant') return;
    for (const b of blocks) {
      if (b?.type === 'text' && !b.text) turns.problems.push(`messages.${i}: text content blocks must be non-empty`);
      if (b?.type !== 'tool_use') continue;
      if (typeof b.id !== 'string' || !b.id || typeof b.name !== 'string' || !isObject(b.input)) {
        turns.problems.push(`messages.${i}: a tool_use block needs {id, name, input: object}`);
        continue;
      }
      open.set(b.id, b.name);
      turns.calls.push({ id: b.id, name: b.name, arguments: b.input });
    }
  });
  return turns;
}

function gemini(body: any): ToolTurns {
  const turns: ToolTurns = { calls: [], results: [], problems: [] };
  const contents: any[] = Array.isArray(body?.contents) ? body.contents : [];
  let open: string[] = [];
  contents.forEach((c, i) => {
    const parts: any[] = Array.isArray(c?.parts) ? c.parts : [];
    const responses = parts.filter((p) => p?.functionResponse !== undefined);
    const results: WireToolResult[] = [];
    if (open.length > 0 && responses.length === 0) {
      turns.problems.push(`contents[${i}]: Please ensure that function response turn comes immediately after a function call turn.`);
    }
    if (responses.length > 0) {
      if (c.role !== 'function' && c.role !== 'user')
        turns.problems.push(`contents[${i}]: a function response turn has role "function" or "user", not ${JSON.stringify(c.role)}`);
      if (responses.length !== open.length) {
        turns.problems.push(
          `contents[${i}]: Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.`,
        );
      }
      responses.forEach((p, j) => {
        const r = p.functionResponse;
        if (typeof r?.name !== 'string' || r.name !== open[j] || !isObject(r.response)) {
          turns.problems.push(`contents[${i}].parts[${j}]: functionResponse needs the called function's name (${String(open[j])}) and a response object`);
          return;
        }
        const isError = r.response.error !== undefined;
        const value = isError ? r.response.error : r.response.output;
        results.push({ name: r.name, content: typeof value === 'string' ? value : JSON.stringify(value ?? r.response), ...(isError ? { isError: true } : {}) });
      });
    }
    turns.results = results;
    open = [];
    for (const p of parts) {
      if (p?.functionCall === undefined) continue;
      if (c.role !== 'model') turns.problems.push(`contents[${i}]: a functionCall part belongs to a "model" turn`);
      if (typeof p.functionCall.name !== 'string' || !isObject(p.functionCall.args)) {
        turns.problems.push(`contents[${i}]: functionCall needs {name, args: object}`);
        continue;
      }
      if (p.thoughtSignature !== undefined && (typeof p.thoughtSignature !== 'string' || !p.thoughtSignature)) {
        turns.problems.push(`contents[${i}]: thoughtSignature must be the non-empty string the model sent`);
      }
      open.push(p.functionCall.name);
      turns.calls.push({ name: p.functionCall.name, arguments: p.functionCall.args, ...(p.thoughtSignature ? { signature: p.thoughtSignature } : {}) });
    }
  });
  return turns;
}

function ollama(body: any): ToolTurns {
  const turns: ToolTurns = { calls: [], results: [], problems: [] };
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  let open: string[] = [];
  let results: WireToolResult[] = [];
  messages.forEach((m, i) => {
    if (m?.role === 'tool') {
      if (typeof m.tool_name !== 'string' || !open.includes(m.tool_name)) {
        turns.problems.push(`messages[${i}]: a tool message needs tool_name, one of the preceding assistant message's calls (${open.join(', ') || 'none'})`);
      }
      if (typeof m.content !== 'string') turns.problems.push(`messages[${i}].content: expected a string`);
      results.push({ name: String(m.tool_name), content: String(m.content) });
      return;
    }
    open = [];
    results = [];
    if (m?.role !== 'assistant' || m.tool_calls === undefined) return;
    for (const c of Array.isArray(m.tool_calls) ? m.tool_calls : [null]) {
      if (typeof c?.function?.name !== 'string' || !isObject(c.function.arguments)) {
        turns.problems.push(`messages[${i}].tool_calls: expected [{function: {name, arguments: object}}]`);
        continue;
      }
      open.push(c.function.name);
      turns.calls.push({ name: c.function.name, arguments: c.function.arguments });
    }
  });
  turns.results = results;
  return turns;
}

const READERS: Record<ProviderName, (body: any) => ToolTurns> = { openai: openAi, anthropic, gemini, ollama };

/** The tool turns of a request body as `provider`'s API reads them. */
export function toolTurns(provider: ProviderName, body: any): ToolTurns {
  return READERS[provider](body);
}
