// POST /skill-builder/chat and /agents/{id}/skill-builder/chat: one builder
// turn streamed as SSE. Everything that can be wrong with the request — body,
// agent, editing_name, configuration, key, base_url trust — is checked first
// and answered as an HTTP error before the first SSE byte. Then the core
// builder's events go out as `progress`, `message_delta`,
// `skill_draft_partial`, `message`, `skill_draft`, and `done` or `error`, in snake_case. Aborting the stream
// (client gone, server shutting down) aborts the provider request. The
// workspace steps (edited skill, tiers, refusal, client) are the same ones the
// node createSkillBuilder runs, from workspace-llm.ts.

import { createSkillBuilder } from '../../../core/builder/builder.js';
import { RequestError } from '../../../core/errors.js';
import type { BuilderEvent } from '../../../core/builder/events.js';
import type { DraftSkill, ExistingSkill } from '../../../core/builder/prompt.js';
import { ChatRequestSchema, type ChatRequest } from '../../../core/api/schemas.js';
import { llmForTurn, loadSkillForEdit, resolveUsableLlm } from '../../config/workspace-llm.js';
import type { RouteContext } from '../context.js';
import type { ApiResult, SseEvent } from '../types.js';
import { resolveAgent } from './agents.js';

/** The wire form of one builder event (snake_case, SPEC §6). */
export function toSseEvent(ev: BuilderEvent): SseEvent {
  switch (ev.type) {
    case 'progress':
      return { event: 'progress', data: { chars: ev.chars, phase: ev.phase } };
    case 'message_delta':
      return { event: 'message_delta', data: { delta: ev.delta } };
    case 'message':
      return { event: 'message', data: { content: ev.content } };
    case 'skill_draft': {
      const data: Record<string, unknown> = { skill_md: ev.skillMd, scripts: ev.scripts };
      if (ev.spec !== undefined) data.spec = ev.spec;
      if (ev.files !== undefined) data.files = ev.files;
      if (ev.diagnostics !== undefined && ev.diagnostics.length > 0) data.diagnostics = ev.diagnostics;
      return { event: 'skill_draft', data };
    }
    case 'skill_draft_partial':
      return { event: 'skill_draft_partial', data: { skill_md: ev.skillMd, scripts: ev.scripts, ...(ev.files !== undefined ? { files: ev.files } : {}), partial: true } };
    case 'done':
      return { event: 'done', data: { status: ev.status, structured: ev.structured, truncated: ev.truncated, ...(ev.notice !== undefined ? { notice: ev.notice } : {}) } };
    case 'error':
      return { event: 'error', data: ev.code !== undefined ? { error: ev.error, code: ev.code } : { error: ev.error } };
  }
}

/** The request's draft as the prompt takes it: binaries by path only. */
function draftForPrompt(d: NonNullable<ChatRequest['draft']>): DraftSkill {
  return { skillMd: d.skill_md, scripts: d.scripts ?? {}, ...(d.files ? { files: d.files } : {}), ...(d.binaries ? { binaryPaths: d.binaries.map((b) => b.path) } : {}) };
}

/** The wire events of a turn; a stream we stopped (server shutting down) says why, not just "cancelled". */
async function* wire(events: AsyncIterable<BuilderEvent>, signal: AbortSignal, cleanup: () => void): AsyncGenerator<SseEvent> {
  try {
    for await (const ev of events) {
      if (ev.type === 'error' && signal.aborted && signal.reason instanceof Error) {
        yield toSseEvent({ type: 'error', error: `${signal.reason.message}; the model call was stopped`, code: 'aborted' });
      } else yield toSseEvent(ev);
    }
  } finally {
    cleanup();
  }
}

export async function chat(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(ChatRequestSchema);
  const { workspaceDir, io } = ctx.services;
  const agent = ctx.params.id !== undefined ? await resolveAgent(ctx) : undefined;

  const mode = body.mode ?? (body.editing_name !== undefined ? 'edit' : 'create');
  let existing: ExistingSkill | undefined;
  if (body.editing_name !== undefined) {
    if (!agent)
      throw new RequestError('editing_name', 'editing_name needs an agent: edit a skill through POST /api/agents/{id}/skill-builder/chat');
    existing = await loadSkillForEdit(agent.path, body.editing_name, io); // unknown skill → 404 before the stream starts
  }

  // unset / missing key / untrusted base_url → 400; the key joins the secrets scrubbed from replies and logs
  const { config } = await resolveUsableLlm({ ...io, workspaceDir, agentDir: agent?.path, secrets: ctx.secrets });
  const llm = llmForTurn(config, ctx.services.llmClientFactory);

  const controller = new AbortController();
  const onGone = (): void => controller.abort(ctx.req.signal.reason);
  if (ctx.req.signal.aborted) onGone();
  else ctx.req.signal.addEventListener('abort', onGone, { once: true });

  const builder = createSkillBuilder({ llm, secrets: [...ctx.secrets], partialDrafts: ctx.services.partialDrafts });
  const events = builder.chat(body.messages, {
    mode,
    ...(mode === 'edit' && existing ? { existing } : {}),
    ...(body.draft ? { draft: draftForPrompt(body.draft) } : {}),
    ...(body.share_files !== undefined ? { shareFiles: body.share_files } : {}),
    signal: controller.signal,
  });
  return {
    kind: 'sse',
    events: wire(events, controller.signal, () => ctx.req.signal.removeEventListener('abort', onGone)),
    abort: (reason) => controller.abort(reason),
  };
}
