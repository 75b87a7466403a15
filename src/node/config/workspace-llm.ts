// The workspace side of a builder turn, for createWorkspaceSkillBuilder
// (which the HTTP chat route and the terminal chat run) and the routing
// check: resolve the skill-builder LLM through the tiers (docs/skill-builder-llm.md) and refuse
// — with a ConfigError naming the fix — a configuration that is unset, has no
// key, or sends a key to an untrusted workspace base_url; pick the client the
// core builder runs on. (The on-disk skill for edit mode is
// workspace/skill-for-edit.ts.)
// Without `timeout_s`, FORGE_SKILL_BUILDER_TIMEOUT_S (seconds) in the
// environment replaces the core's default idle timeout of provider streams.

import { ConfigError } from '../../core/errors.js';
import type { LlmClient, LlmConfig } from '../../core/llm/types.js';
import { loadSkillBuilderLLM, toUsableLlmConfig, type ResolvedSkillBuilderLLM } from './tiers.js';
import type { IoOptions } from '../fs/types.js';

/** Builds the client from the resolved config (tests, proxies, hosts bringing their own). */
export type LlmClientFactory = (config: LlmConfig) => LlmClient;

export interface WorkspaceLlmOptions extends IoOptions {
  workspaceDir: string;
  /** The agent being worked on: enables the deprecated agent fallback tier. */
  agentDir?: string;
  /**
   * Receives the API key as soon as it is read, before any refusal, so a caller
   * that scrubs its replies and logs knows the value even for a refused turn.
   */
  secrets?: Set<string>;
  /**
   * Replaying recorded calls: nothing is sent, so no key is needed and no
   * base_url has to be trusted; the key (if any) is left out of the config.
   */
  offline?: boolean;
}

export interface UsableWorkspaceLlm {
  /** The resolved tiers (the key is on it, not enumerable). */
  resolved: ResolvedSkillBuilderLLM;
  /** What the provider client is created from: model verbatim, key, base_url, limits. */
  config: LlmConfig;
}

/**
 * Reads the tiers fresh (a rotated key or an edited ui.yaml applies at once)
 * and returns a config a client can be built from. Throws ConfigError for an
 * unset configuration, a missing key or an untrusted base_url (the last two
 * not when `offline`).
 */
export async function resolveUsableLlm(options: WorkspaceLlmOptions): Promise<UsableWorkspaceLlm> {
  const { workspaceDir, agentDir, secrets, fs, env, homeDir } = options;
  const resolved = await loadSkillBuilderLLM({ workspaceDir, agentDir, fs, env, homeDir });
  if (resolved.apiKey && secrets) secrets.add(resolved.apiKey);
  // Spreading drops the key (it is not enumerable on `resolved`).
  const config = toUsableLlmConfig(options.offline ? { ...resolved, keyRequired: false, trusted: true } : resolved);
  const idle = idleTimeoutFromEnv(env ?? process.env);
  if (config.timeoutMs === undefined && idle !== undefined) config.timeoutMs = idle;
  return { resolved, config };
}

/** Overrides the default idle timeout of provider streams when `timeout_s` is not set. */
export const IDLE_TIMEOUT_ENV = 'FORGE_SKILL_BUILDER_TIMEOUT_S';

/** `FORGE_SKILL_BUILDER_TIMEOUT_S` in milliseconds; ConfigError naming it when it is not a positive number. */
function idleTimeoutFromEnv(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env[IDLE_TIMEOUT_ENV];
  if (raw === undefined || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new ConfigError(IDLE_TIMEOUT_ENV, `${IDLE_TIMEOUT_ENV} must be a positive number of seconds (e.g. 120); got ${JSON.stringify(raw.slice(0, 40))}`);
  return Math.ceil(seconds * 1000);
}

/** What the core builder runs on: the factory's client, or the config (the core then creates the provider client). */
export function llmForTurn(config: LlmConfig, factory: LlmClientFactory | undefined): LlmClient | LlmConfig {
  return factory ? factory(config) : config;
}
