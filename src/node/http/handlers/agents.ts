// Agent routes: GET /agents → [{id, path, has_skills, relative_path}], POST
// /agents {agent_id} → 201 and the new agent (409 when the id is taken), and the
// lookup every /agents/{id}/… route starts with (404 listing the known ids).
// The id is only ever compared with discovered ids, never joined into a path.

import { agentInfoToWire } from '../../../core/protocol/wire.js';
import { CreateAgentRequestSchema } from '../../../core/protocol/schemas.js';
import { discoverAgents, findAgent, type AgentInfo } from '../../workspace/agents.js';
import { createAgent } from '../../workspace/create-agent.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';

export async function listAgents(ctx: RouteContext): Promise<ApiResult> {
  const agents = await discoverAgents(ctx.services.workspaceDir, ctx.services.io);
  return json(agents.map(agentInfoToWire));
}

/** The agent named by the `:id` path parameter. */
export function resolveAgent(ctx: RouteContext): Promise<AgentInfo> {
  return findAgent(ctx.services.workspaceDir, ctx.params.id ?? '', ctx.services.io);
}

export async function createAgentRoute(ctx: RouteContext): Promise<ApiResult> {
  const { agentId } = await ctx.json(CreateAgentRequestSchema);
  return json(agentInfoToWire(await createAgent(ctx.services.workspaceDir, agentId, ctx.services.io)), 201);
}
