// Provider defaults that must be readable without loading any SDK: where each
// provider is reached when no base URL is configured, and the max_tokens sent
// to Anthropic (its API requires one) when max_output_tokens is not set.
import type { ProviderName } from './types.js';

export const DEFAULT_BASE_URLS: Record<ProviderName, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
  ollama: 'http://127.0.0.1:11434',
};

/**
 * Sent as Anthropic `max_tokens` when maxOutputTokens is not configured: every current
 * Claude model accepts it and it fits a full skill draft. Older models capped at 4096
 * output tokens need max_output_tokens set explicitly.
 */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 8192;

/** The OpenAI and Anthropic SDKs' own default request timeout (10 minutes); it fires only when no response starts. */
export const SDK_DEFAULT_TIMEOUT_MS = 600_000;

/**
 * Idle timeout of a provider stream when the config sets none (`timeoutMs`,
 * `timeout_s`): how long to wait for the reply to start and between two of
 * its pieces. A stalled provider ends the turn with a `timeout` error instead
 * of keeping the chat open forever.
 */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
