// POST /skill-builder/chat and /agents/{id}/skill-builder/chat: one builder
// turn streamed as SSE. Everything that can be wrong with the request — body,
// agent, editing_name, configuration, key, base_url trust — is checked first
// and answered as an HTTP error before the first SSE byte. Then the builder's
// events go out as `progress`, `message_delta`, `skill_draft_partial`,
// `message`, `skill_draft`, and `done` or `error`, in snake_case
// (core/protocol/builder-events-wire.ts). Aborting the stream (client gone, server shutting down)
// aborts the provider request. The turn itself is createWorkspaceSkillBuilder's
// (builder.ts), the same one the SDK and the terminal chat run: a request is a
// turn, so the tiers are read for each one.

import { RequestError } from '../../../core/errors.js';
import type { BuilderEvent } from '../../../core/envelope/events.js';
import type { SkillInit, SkillLike } from '../../../core/skill/skill.js';
import type { Draft } from '../../../core/api/types.js';
import { ChatRequestCodec } from '../../../core/protocol/codecs.js';
import { builderEventToWire } from '../../../core/protocol/builder-events-wire.js';
import { CHAT_REQUEST } from '../../../core/protocol/fields.js';
import { createWorkspaceSkillBuilder } from '../../builder.js';
import type { RouteContext } from '../context.js';
import type { ApiResult, SseEvent } from '../types.js';
import { resolveAgent } from './agents.js';

/** The request's draft as the prompt takes it: binaries by reference only (the model never sees bytes). */
function draftForPrompt(d: Draft): SkillInit {
  return {
    skillMd: d.skillMd,
    scripts: d.scripts,
    ...(d.files ? { files: d.files } : {}),
    ...(d.binaries ? { binaries: d.binaries.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256 })) } : {}),
  };
}

/** The wire events of a turn; a stream we stopped (server shutting down) says why, not just "cancelled". */
async function* wire(events: AsyncIterable<BuilderEvent>, signal: AbortSignal, cleanup: () => void): AsyncGenerator<SseEvent> {
  try {
    for await (const ev of events) {
      if (ev.type === 'error' && signal.aborted && signal.reason instanceof Error) {
        yield builderEventToWire({ type: 'error', error: `${signal.reason.message}; the model call was stopped`, code: 'aborted' });
      } else yield builderEventToWire(ev);
    }
  } finally {
    cleanup();
  }
}

export async function chat(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(ChatRequestCodec);
  const { workspaceDir, io, llmClientFactory, partialDrafts } = ctx.services;
  const agent = ctx.params.id !== undefined ? await resolveAgent(ctx) : undefined;
  if (body.editingName !== undefined && !agent)
    throw new RequestError(
      CHAT_REQUEST.editingName,
      `${CHAT_REQUEST.editingName} needs an agent: edit a skill through POST /api/agents/{id}/skill-builder/chat`,
    );

  // unset / missing key / untrusted base_url → 400; the key joins the secrets scrubbed from replies and logs
  const builder = await createWorkspaceSkillBuilder({
    ...io,
    workspaceDir,
    agentDir: agent?.path,
    ...(llmClientFactory ? { llmClientFactory } : {}),
    partialDrafts,
    onApiKey: (key) => ctx.secrets.add(key),
  });
  const mode = body.mode ?? (body.editingName !== undefined ? 'edit' : 'create');
  // unknown skill → 404 before the stream starts
  const existing: SkillLike | undefined = body.editingName !== undefined ? await builder.loadExisting(body.editingName) : undefined;

  const controller = new AbortController();
  const onGone = (): void => controller.abort(ctx.req.signal.reason);
  if (ctx.req.signal.aborted) onGone();
  else ctx.req.signal.addEventListener('abort', onGone, { once: true });

  // The turn's settings are read again and its client built here, so a refusal or a failing client factory is an HTTP error too.
  const turn = builder.startChat(body.messages, {
    mode,
    ...(mode === 'edit' && existing ? { existing } : {}),
    ...(body.draft ? { draft: draftForPrompt(body.draft) } : {}),
    ...(body.shareFiles !== undefined ? { shareFiles: body.shareFiles } : {}),
    signal: controller.signal,
  });
  const cleanup = (): void => ctx.req.signal.removeEventListener('abort', onGone);
  const events = await turn.catch((err: unknown) => {
    cleanup();
    throw err;
  });
  return {
    kind: 'sse',
    events: wire(events, controller.signal, cleanup),
    abort: (reason) => controller.abort(reason),
  };
}
