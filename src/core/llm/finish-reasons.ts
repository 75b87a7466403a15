// Maps each provider's own stop/finish reason onto our four FinishReasons.
// 'length' is what the envelope parser needs to know (the draft may be cut off
// at the token limit); 'content_filter' means the provider withheld output.
import type { FinishReason } from './types.js';

const OPENAI: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content_filter',
  tool_calls: 'other',
  function_call: 'other',
};

const ANTHROPIC: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  refusal: 'content_filter',
  tool_use: 'other',
  pause_turn: 'other',
};

const GEMINI: Record<string, FinishReason> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  LANGUAGE: 'other',
  MALFORMED_FUNCTION_CALL: 'other',
  OTHER: 'other',
  FINISH_REASON_UNSPECIFIED: 'other',
};

const OLLAMA: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  load: 'other',
  unload: 'other',
};

function lookup(map: Record<string, FinishReason>, reason: string | null | undefined): FinishReason {
  return (reason && Object.hasOwn(map, reason) ? map[reason] : undefined) ?? 'other';
}

export const openAiFinishReason = (r: string | null | undefined): FinishReason => lookup(OPENAI, r);
export const anthropicFinishReason = (r: string | null | undefined): FinishReason => lookup(ANTHROPIC, r);
export const geminiFinishReason = (r: string | null | undefined): FinishReason => lookup(GEMINI, r);
/** Ollama omits done_reason on some versions: a clean `done: true` then means 'stop'. */
export const ollamaFinishReason = (r: string | null | undefined): FinishReason => (r ? lookup(OLLAMA, r) : 'stop');
