// Native tool calling, the parts common to the four adapters: the tools of a
// request in each provider's shape, and the assembly of tool calls whose
// arguments arrive as JSON text in pieces (OpenAI `tool_calls[].function.arguments`
// deltas by index, Anthropic `input_json_delta` per content block).
import type { LlmTool, LlmStreamPart } from './types.js';
import { withoutDialect } from './json-schema.js';

type ToolCallPart = Extract<LlmStreamPart, { type: 'tool-call' }>;

/** Arguments of a call: the parsed object, or `{}` when the text is empty or not a JSON object. */
export function parseToolArguments(text: string | Record<string, unknown> | undefined | null): Record<string, unknown> {
  if (text && typeof text === 'object') return text;
  if (!text || !text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A tool's parameters without `$schema` (every provider refuses the dialect key inside a tool). */
export function toolParameters(tool: LlmTool): Record<string, unknown> {
  return withoutDialect(tool.parameters);
}

/** Function tools as OpenAI's chat completions and Ollama's /api/chat take them. */
export function functionTools(
  tools: readonly LlmTool[],
): Array<{ type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }> {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: toolParameters(t) } }));
}

/** Collects calls streamed as `(key, id?, name?, argument text piece)`; `calls()` returns them in arrival order. */
export function createToolCallCollector(): {
  add(key: string | number, piece: { id?: string | null; name?: string | null; arguments?: string | null }): void;
  calls(): ToolCallPart[];
} {
  const byKey = new Map<string | number, { id: string; name: string; text: string }>();
  return {
    add(key, piece) {
      let call = byKey.get(key);
      if (!call) byKey.set(key, (call = { id: '', name: '', text: '' }));
      if (piece.id) call.id = piece.id;
      if (piece.name && !call.name) call.name = piece.name;
      if (piece.arguments) call.text += piece.arguments;
    },
    calls() {
      return [...byKey.values()]
        .filter((c) => c.name)
        .map((c, i) => ({ type: 'tool-call' as const, id: c.id || `call_${i}`, name: c.name, arguments: parseToolArguments(c.text) }));
    },
  };
}
