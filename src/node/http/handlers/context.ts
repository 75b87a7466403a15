// GET /agents/{id}/skill-builder/context: the system prompt the builder sends
// for this agent — create mode, or edit mode with `?editing_name=<skill>`
// (the on-disk skill embedded) — as {system_prompt}. For inspection and for
// hosts that drive the LLM themselves.

import { buildSystemPrompt } from '../../../core/builder/prompt.js';
import { CONTEXT_QUERY } from '../../../core/protocol/fields.js';
import { contextToWire } from '../../../core/protocol/wire.js';
import { loadSkillForEdit } from '../../workspace/skill-for-edit.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';

export async function getContext(ctx: RouteContext): Promise<ApiResult> {
  const agent = await resolveAgent(ctx);
  const editing = ctx.req.query.get(CONTEXT_QUERY.editingName);
  if (editing === null || editing === '') return json(contextToWire({ systemPrompt: buildSystemPrompt({ mode: 'create' }) }));
  const existing = await loadSkillForEdit(agent.path, editing, ctx.services.io);
  return json(contextToWire({ systemPrompt: buildSystemPrompt({ mode: 'edit', existing }) }));
}
