// A saved key is bound to its origin. A settings save that moves
// `base_url` to another origin while a key is saved in <workspace>/.forge/.env
// must bring the key again (`api_key`) or drop the saved one
// (`delete_api_key`); otherwise it is refused before anything is written, so
// a program that can reach the API cannot point the saved key at its own
// server. Pure: works on the texts saveSkillBuilderSettings read under its locks.

import { SETTINGS_UPDATE } from '../../core/protocol/fields.js';
import { ConfigError } from '../../core/errors.js';
import { DEFAULT_API_KEY_ENV, type ProviderName } from '../../core/llm/types.js';
import { parseEnvText } from './env-file.js';
import { originOf } from './trust.js';
import { yamlGet, type YamlFile } from './yaml-file.js';

export interface KeyOriginInput {
  /** The workspace ui.yaml as saved now (before this save edits it). */
  savedUi: YamlFile;
  /** <workspace>/.forge/.env as saved now ('' when missing). */
  envText: string;
  /** The base_url this save writes (undefined: the provider's default endpoint). */
  newBaseUrl: string | undefined;
  /** The key name this save's settings read. */
  newKeyEnv: string | null;
  /** The operator typed a key in this request. */
  hasNewKey: boolean;
  /** The request asks to delete the saved key. */
  deleteKey: boolean;
}

/** The key name the saved settings read: their api_key_env, else their provider's default. */
function savedKeyEnv(savedUi: YamlFile): string | null {
  const named = yamlGet(savedUi, ['skill_builder', 'api_key_env']);
  if (typeof named === 'string' && named !== '') return named;
  const provider = yamlGet(savedUi, ['skill_builder', 'provider']);
  return typeof provider === 'string' && provider in DEFAULT_API_KEY_ENV ? (DEFAULT_API_KEY_ENV[provider as ProviderName] ?? null) : null;
}

/** The names holding a usable saved key that this save would leave bound to a new origin; empty when the save may go on. */
export function savedKeyNames(savedUi: YamlFile, envText: string, newKeyEnv: string | null): string[] {
  const saved = parseEnvText(envText);
  const oldKeyEnv = savedKeyEnv(savedUi);
  const names = new Set<string>();
  if (newKeyEnv) names.add(newKeyEnv);
  // A rename of api_key_env must not leave the old name's key behind for a later save to pick up again.
  if (oldKeyEnv) names.add(oldKeyEnv);
  return [...names].filter((n) => {
    const v = saved[n]?.trim();
    return v !== undefined && v !== '' && v !== '__oauth__';
  });
}

/**
 * Throws a ConfigError (field `api_key`, status 400) when the save moves
 * `base_url` to a new origin while a key is saved and the request neither
 * brings the key nor deletes it. Returns the key names to delete (empty unless
 * `deleteKey`). Moving back to the provider's default endpoint (no base_url)
 * is not a move: the key then goes only to the provider it was made for.
 */
export function checkKeyOrigin(input: KeyOriginInput): string[] {
  const names = savedKeyNames(input.savedUi, input.envText, input.newKeyEnv);
  if (input.deleteKey) {
    if (input.hasNewKey)
      throw new ConfigError(SETTINGS_UPDATE.deleteApiKey, 'send either api_key (the new key) or delete_api_key: true, not both; nothing was saved');
    return names;
  }
  if (input.hasNewKey || names.length === 0 || input.newBaseUrl === undefined) return [];
  const oldRaw = yamlGet(input.savedUi, ['skill_builder', 'base_url']);
  const oldOrigin = typeof oldRaw === 'string' ? originOf(oldRaw) : null;
  const newOrigin = originOf(input.newBaseUrl);
  if (newOrigin === null || newOrigin === oldOrigin) return [];
  throw new ConfigError(
    SETTINGS_UPDATE.apiKey,
    `base_url moves to ${newOrigin}${oldOrigin ? ` (from ${oldOrigin})` : " (from the provider's default endpoint)"} while a key is saved in <workspace>/.forge/.env (${names.join(', ')}); ` +
      'a saved key is sent only where it was saved for. Send the key again in api_key in the same request, or send delete_api_key: true to remove the saved key; nothing was saved.',
  );
}
