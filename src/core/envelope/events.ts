// Builder events: the discriminated union a chat turn yields, with the same
// names as the SSE events on the wire. camelCase here; the HTTP
// layer converts to snake_case (`skill_md`) when it writes SSE.

import type { Diagnostic } from '../diagnostics.js';

export type DraftPhase = 'message' | 'skill';

export interface SkillDraft {
  skillMd: string;
  scripts: Record<string, string>;
  /** The structured spec the SKILL.md was compiled from, when the model sent one. */
  spec?: unknown;
  /**
   * Folder text files the model created or changed this turn
   * (relative path, in any folder but never SKILL.md or a script → content). Merge them into
   * the draft's files: a file not listed is unchanged. Absent when none.
   */
  files?: Record<string, string>;
}

export type BuilderEvent =
  | { type: 'progress'; chars: number; phase: DraftPhase }
  | { type: 'message_delta'; delta: string }
  | { type: 'message'; content: string }
  | ({ type: 'skill_draft'; diagnostics?: Diagnostic[] } & SkillDraft)
  /**
   * The draft as far as the model has written it, while it streams (at most
   * ~10 a second). For display only: the final `skill_draft` replaces it and is
   * what validation and save use. A partial SKILL.md is never complete — never save it.
   */
  | ({ type: 'skill_draft_partial' } & Omit<SkillDraft, 'spec'>)
  /** `notice`: set when the reply was cut off at the output limit (offer a Continue turn). */
  | { type: 'done'; status: 'complete'; structured: boolean; truncated: boolean; notice?: string }
  | { type: 'error'; error: string; code?: string };

export type BuilderEventType = BuilderEvent['type'];

/** The result of parsing a whole reply (parseEnvelope) or ending a stream. */
export interface ParsedEnvelope {
  message: string;
  skill: SkillDraft | null;
  /** True when the reply was a JSON envelope, false for the legacy fenced form or plain prose. */
  structured: boolean;
  /** True when the reply was cut off (token limit) and only part of the draft could be recovered. */
  truncated: boolean;
  diagnostics: Diagnostic[];
}
