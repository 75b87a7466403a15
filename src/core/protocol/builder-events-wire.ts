// The chat stream's SSE events (`progress`, `message_delta`, `message`,
// `skill_draft`, `skill_draft_partial`, `done`, `error`) mapped to and from
// the builder's events; the draft inside them goes through the DRAFT table.

import type { BuilderEvent } from '../envelope/events.js';
import type { Diagnostic } from '../diagnostics.js';
import { DRAFT } from './fields.js';
import { compact, draftFromWire, draftToWire, list, str, sseEventFromWire, type WireJson } from './wire.js';

/** One SSE message: the event name and its JSON data. */
export interface SseMessage {
  event: string;
  data: WireJson;
}

/** A builder event as an SSE message. */
export function builderEventToWire(ev: BuilderEvent): SseMessage {
  switch (ev.type) {
    case 'progress':
      return { event: 'progress', data: { chars: ev.chars, phase: ev.phase } };
    case 'message_delta':
      return { event: 'message_delta', data: { delta: ev.delta } };
    case 'message':
      return { event: 'message', data: { content: ev.content } };
    case 'skill_draft': {
      const data: WireJson = draftToWire({ skillMd: ev.skillMd, scripts: ev.scripts });
      if (ev.spec !== undefined) data.spec = ev.spec;
      if (ev.files !== undefined) data[DRAFT.files] = ev.files;
      if (ev.diagnostics !== undefined && ev.diagnostics.length > 0) data.diagnostics = ev.diagnostics;
      return { event: 'skill_draft', data };
    }
    case 'skill_draft_partial':
      return {
        event: 'skill_draft_partial',
        data: { ...draftToWire({ skillMd: ev.skillMd, scripts: ev.scripts, ...(ev.files ? { files: ev.files } : {}) }), partial: true },
      };
    case 'done':
      return { event: 'done', data: compact({ status: ev.status, structured: ev.structured, truncated: ev.truncated, notice: ev.notice }) };
    case 'error':
      return { event: 'error', data: compact({ error: ev.error, code: ev.code }) };
  }
}

/** An SSE message as a builder event; unknown event names give null (forward compatible). `data` is the raw text. */
export function builderEventFromWire(name: string, data: string): BuilderEvent | null {
  return sseEventFromWire(name, data, builderEvent);
}

function builderEvent(name: string, j: WireJson): BuilderEvent | null {
  switch (name) {
    case 'progress':
      return { type: 'progress', chars: Number(j.chars) || 0, phase: j.phase === 'skill' ? 'skill' : 'message' };
    case 'message_delta':
      return { type: 'message_delta', delta: str(j.delta) };
    case 'message':
      return { type: 'message', content: str(j.content) };
    case 'skill_draft': {
      const d = draftFromWire(j);
      const ev: BuilderEvent = { type: 'skill_draft', skillMd: d.skillMd, scripts: d.scripts };
      if (j.spec !== undefined) ev.spec = j.spec;
      if (d.files !== undefined) ev.files = d.files;
      if (Array.isArray(j.diagnostics)) ev.diagnostics = list(j.diagnostics).filter((x): x is Diagnostic => typeof x === 'object' && x !== null);
      return ev;
    }
    case 'skill_draft_partial': {
      const d = draftFromWire(j);
      return compact<BuilderEvent & WireJson>({ type: 'skill_draft_partial', skillMd: d.skillMd, scripts: d.scripts, files: d.files });
    }
    case 'done':
      return compact<BuilderEvent & WireJson>({
        type: 'done',
        status: 'complete',
        structured: j.structured === true,
        truncated: j.truncated === true,
        notice: typeof j.notice === 'string' ? j.notice : undefined,
      });
    case 'error':
      return compact<BuilderEvent & WireJson>({
        type: 'error',
        error: str(j.error) || 'The model call failed.',
        code: typeof j.code === 'string' ? j.code : undefined,
      });
    default:
      return null;
  }
}
