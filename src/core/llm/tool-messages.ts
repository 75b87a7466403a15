// The turns of native tool calling as the adapters read them: telling an
// assistant turn with tool calls and a tool-result turn from a text turn, and
// the checks the client makes before any provider sees them.
import type { LlmMessage, ToolCallsMessage, ToolResultMessage } from './types.js';

export const hasToolCalls = (m: LlmMessage): m is ToolCallsMessage => m.role === 'assistant' && Array.isArray((m as Partial<ToolCallsMessage>).toolCalls);

export const isToolResult = (m: LlmMessage): m is ToolResultMessage => m.role === 'tool';

/** Characters a turn puts on the wire (its text, and its calls' names and arguments). */
export function messageChars(m: LlmMessage): number {
  if (!hasToolCalls(m)) return m.content.length;
  return m.content.length + m.toolCalls.reduce((n, c) => n + c.name.length + JSON.stringify(c.arguments).length, 0);
}

/**
 * Why `messages` is not a valid conversation, as `[field, message]`, or undefined.
 * Every tool-result turn must answer a call of the assistant turn before it (or
 * of a result turn that itself does), so each provider can pair them.
 */
export function conversationProblem(messages: readonly LlmMessage[]): [string, string] | undefined {
  let open = new Set<string>();
  for (const [i, m] of messages.entries()) {
    const at = `messages[${i}]`;
    if (!m || (m.role !== 'user' && m.role !== 'assistant' && m.role !== 'tool')) return [`${at}.role`, `${at}.role must be "user", "assistant" or "tool"`];
    if (typeof m.content !== 'string') return [`${at}.content`, `${at}.content must be a string`];
    if (isToolResult(m)) {
      if (typeof m.toolCallId !== 'string' || !open.has(m.toolCallId)) {
        return [`${at}.toolCallId`, `${at}.toolCallId must name a call of the assistant turn before the results (got ${JSON.stringify(m.toolCallId ?? null)})`];
      }
      if (typeof m.toolName !== 'string' || !m.toolName) return [`${at}.toolName`, `${at}.toolName must be the called tool's name`];
      continue;
    }
    open = new Set();
    if (m.role === 'assistant' && (m as Partial<ToolCallsMessage>).toolCalls !== undefined) {
      const calls = (m as Partial<ToolCallsMessage>).toolCalls;
      if (!Array.isArray(calls) || calls.length === 0)
        return [`${at}.toolCalls`, `${at}.toolCalls must be a non-empty array of {id, name, arguments} (leave it out for a text turn)`];
      for (const [j, c] of calls.entries()) {
        if (!c || typeof c.id !== 'string' || !c.id || typeof c.name !== 'string' || !c.name || !c.arguments || typeof c.arguments !== 'object') {
          return [`${at}.toolCalls[${j}]`, `${at}.toolCalls[${j}] must be {id: string, name: string, arguments: object}`];
        }
        open.add(c.id);
      }
    }
  }
  return undefined;
}
