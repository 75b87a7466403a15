// The workspace steps shared by createWorkspaceSkillBuilder, the HTTP chat
// route and the terminal chat: resolve → refuse with a named fix → the client
// config (custom key variable included).
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import type { LlmConfig } from '../../../src/core/llm/types.js';
import { llmForTurn, resolveUsableLlm } from '../../../src/node/config/workspace-llm.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { createScriptedLlm } from '../../../src/testing/scripted-llm.js';
import { guardProcessEnv, thrown } from '../../helpers/node-guards.js';

guardProcessEnv();

const SECRET = 'sk-workspace-llm-SECRET-77';

describe('resolveUsableLlm', () => {
  it('returns the client config with the model verbatim and names a custom key variable for auth errors', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': 'skill_builder:\n  provider: anthropic\n  model: claude-sonnet-4-5\n  api_key_env: WORKSPACE_LLM_KEY\n' },
      { env: { WORKSPACE_LLM_KEY: SECRET } },
    );
    const { resolved, config } = await resolveUsableLlm(ws);
    expect(resolved.source).toBe('workspace');
    expect(config).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: SECRET, apiKeyEnv: 'WORKSPACE_LLM_KEY' });
  });

  it('hands the key to `secrets` even when it refuses an untrusted base_url', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: https://llm.attacker.example/v1\n' },
      { env: { OPENAI_API_KEY: SECRET } },
    );
    const secrets = new Set<string>();
    const err = (await thrown(() => resolveUsableLlm({ ...ws, secrets }))) as ConfigError;
    expect(ConfigError.isInstance(err)).toBe(true);
    expect(err.field).toBe('base_url');
    expect(err.message).not.toContain(SECRET);
    expect([...secrets]).toEqual([SECRET]);
  });

  it('refuses an unset configuration', async () => {
    const ws = await createMemoryWorkspace();
    expect(((await thrown(() => resolveUsableLlm(ws))) as ConfigError).field).toBe('skill_builder');
  });
});

describe('llmForTurn', () => {
  it('uses the factory when given, else hands the config to the core builder', () => {
    const config: LlmConfig = { provider: 'openai', model: 'gpt-4.1', apiKey: SECRET };
    const client = createScriptedLlm(['{}']);
    const seen: LlmConfig[] = [];
    expect(llmForTurn(config, (c) => (seen.push(c), client))).toBe(client);
    expect(seen).toEqual([config]);
    expect(llmForTurn(config, undefined)).toBe(config);
  });
});
