// Settings and provider routes: GET/PUT /settings/skill-builder and the
// resolved-provider reads. Replies use the wire shape {provider, model,
// base_url, api_key_env, has_key, source, warning, trusted, providers}; empty
// strings stand for "not set" (as the Go dashboard sent them). The key itself
// never appears: the resolved config carries it as a non-enumerable property.

import { PROVIDERS } from '../../../core/llm/types.js';
import type { SettingsInfo } from '../../../core/api/types.js';
import { settingsInfoToWire } from '../../../core/protocol/wire.js';
import { SettingsUpdateCodec } from '../../../core/protocol/codecs.js';
import { loadSkillBuilderLLM, saveSkillBuilderSettings, type ResolvedSkillBuilderLLM } from '../../config/tiers.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';

/** The wire form of a resolved configuration. Built field by field so nothing else (the key) can leak. */
export function providerToWire(r: ResolvedSkillBuilderLLM): Record<string, unknown> {
  const info: SettingsInfo = {
    provider: r.provider ?? '',
    model: r.model ?? '',
    baseUrl: r.baseUrl ?? '',
    apiKeyEnv: r.apiKeyEnv ?? '',
    hasKey: r.hasKey,
    source: r.source,
    warning: r.warning ?? '',
    providers: [...PROVIDERS],
  };
  if (r.trusted !== undefined) info.trusted = r.trusted;
  return settingsInfoToWire(info);
}

export async function getSettings(ctx: RouteContext): Promise<ApiResult> {
  return json(providerToWire(await loadSkillBuilderLLM({ workspaceDir: ctx.services.workspaceDir, ...ctx.services.io })));
}

export async function putSettings(ctx: RouteContext): Promise<ApiResult> {
  const { settings, apiKey, deleteApiKey } = await ctx.json(SettingsUpdateCodec);
  if (typeof apiKey === 'string' && apiKey !== '') ctx.secrets.add(apiKey);
  const resolved = await saveSkillBuilderSettings({
    workspaceDir: ctx.services.workspaceDir,
    config: settings,
    ...(typeof apiKey === 'string' ? { apiKey } : {}),
    ...(deleteApiKey === true ? { deleteApiKey } : {}),
    ...ctx.services.io,
  });
  return json(providerToWire(resolved));
}

export async function getProvider(ctx: RouteContext): Promise<ApiResult> {
  return json(providerToWire(await loadSkillBuilderLLM({ workspaceDir: ctx.services.workspaceDir, ...ctx.services.io })));
}

export async function getAgentProvider(ctx: RouteContext): Promise<ApiResult> {
  const agent = await resolveAgent(ctx);
  return json(providerToWire(await loadSkillBuilderLLM({ workspaceDir: ctx.services.workspaceDir, agentDir: agent.path, ...ctx.services.io })));
}
