// The settings form's data and its client-side checks, which mirror the
// server's (provider one of the four, model required, env var name pattern,
// core's base URL rules — http(s), no credentials —, no newline in a key) so most mistakes are caught before a
// round trip. The server stays the authority: its field errors are shown too.

import { DEFAULT_API_KEY_ENV, PROVIDERS, type ProviderName } from '../../core/llm/types.js';
import { findBaseUrlProblem, type BaseUrlProblem } from '../../core/llm/base-url.js';
import { ENV_VAR_NAME_PATTERN } from '../../core/names.js';
import { SETTINGS_UPDATE } from '../../core/protocol/fields.js';

export type SettingsField = 'provider' | 'model' | 'baseUrl' | 'apiKeyEnv' | 'apiKey';

export interface SettingsForm {
  provider: string;
  model: string;
  baseUrl: string;
  /** Empty means the provider's default variable. */
  apiKeyEnv: string;
  /** Empty means keep the saved key. */
  apiKey: string;
}

export const PROVIDER_LABELS: Record<string, string> = {
  openai: 'OpenAI (or compatible)',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  ollama: 'Ollama',
};

export const MODEL_EXAMPLES: Record<string, string> = {
  openai: 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-pro',
  ollama: 'llama3.1',
};

export const BASE_URL_EXAMPLES: Record<string, string> = {
  openai: 'https://openrouter.ai/api/v1',
  anthropic: 'https://gateway.example.com/anthropic',
  gemini: 'https://proxy.example.com/gemini',
  ollama: 'http://localhost:11434',
};

/** The providers to offer: the server's list, or all four when it sent none. */
export const providerChoices = (fromServer: readonly string[] | undefined): readonly string[] => (fromServer?.length ? fromServer : PROVIDERS);

/** The env var a provider reads its key from by default (`null` for ollama). */
export function defaultKeyEnv(provider: string): string | null {
  return DEFAULT_API_KEY_ENV[provider as ProviderName] ?? null;
}

export const needsKey = (provider: string): boolean => defaultKeyEnv(provider) !== null;

/** The variable that will actually hold the key. */
export const effectiveKeyEnv = (f: SettingsForm): string => f.apiKeyEnv.trim() || defaultKeyEnv(f.provider) || '';

/** The form field of an error's structured `field` (a wire name such as `base_url`, or `skill_builder.base_url` from a ui.yaml error), by the protocol's table. */
export function formFieldOf(wire: string | undefined): SettingsField | null {
  const last = wire?.split('.').pop();
  for (const [field, name] of Object.entries(SETTINGS_UPDATE)) if (name === last || field === last) return field as SettingsField;
  return null;
}

/** The form's words for each base URL problem (the rules are core's, the same the server applies). */
const BASE_URL_HINTS: Record<BaseUrlProblem['kind'], string> = {
  'not-a-url': 'Enter a full http:// or https:// URL, e.g. https://openrouter.ai/api/v1.',
  protocol: 'Enter a full http:// or https:// URL, e.g. https://openrouter.ai/api/v1.',
  credentials: 'Leave user:password@ out of the URL; put the key in the API key field.',
};

/**
 * The origin the form's base URL moves the saved key to, or null when it stays
 * (same origin, or empty: the provider's own endpoint). The server refuses such
 * a move unless the key is typed again (a saved key is bound to its origin), so the form asks for it first.
 */
export function movedOrigin(savedBaseUrl: string, formBaseUrl: string): string | null {
  const origin = (u: string): string | null => {
    try {
      return u.trim() ? new URL(u.trim()).origin : null;
    } catch {
      return null;
    }
  };
  const next = origin(formBaseUrl);
  return next !== null && next !== origin(savedBaseUrl) ? next : null;
}

/** Every problem with the form, by field; empty when it can be sent. `savedKeyBaseUrl`: the saved key's base URL (null: no key saved). */
export function checkSettingsForm(
  f: SettingsForm,
  providers: readonly string[] = PROVIDERS,
  savedKeyBaseUrl: string | null = null,
): Partial<Record<SettingsField, string>> {
  const errors: Partial<Record<SettingsField, string>> = {};
  const allowed = providerChoices(providers);
  if (!allowed.includes(f.provider)) errors.provider = `Choose one of: ${allowed.join(', ')}.`;
  if (!f.model.trim()) errors.model = `Enter the model to use, e.g. ${MODEL_EXAMPLES[f.provider] ?? 'gpt-4.1'}.`;
  const env = f.apiKeyEnv.trim();
  if (env && !ENV_VAR_NAME_PATTERN.test(env)) errors.apiKeyEnv = 'Use letters, digits and _ only, not starting with a digit (e.g. WORKSPACE_LLM_KEY).';
  const url = f.baseUrl.trim();
  const urlProblem = url ? findBaseUrlProblem(url) : null;
  if (urlProblem) errors.baseUrl = BASE_URL_HINTS[urlProblem.kind];
  if (/[\r\n]/.test(f.apiKey)) errors.apiKey = 'The key must be a single line.';
  const moved = savedKeyBaseUrl !== null && !f.apiKey && !urlProblem ? movedOrigin(savedKeyBaseUrl, url) : null;
  if (moved) errors.apiKey = `The base URL now points at ${moved}: paste the API key again. A saved key is only sent to the server it was saved for.`;
  return errors;
}
