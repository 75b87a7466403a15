// Public surface of `forge-skill-builder/designer`: the Skill Designer — one
// chat turn with an LLM that drafts a skill. The isomorphic `createSkillBuilder`
// ({llm}, returns the builder at once; `forge-skill-builder/node` has
// `createWorkspaceSkillBuilder`, which reads the workspace's settings per turn),
// the system prompt, the reply envelope (parse at once or as a stream), the
// events a turn yields, and escaping model text for display.

export { createSkillBuilder } from '../builder/builder.js';
export type { ChatOptions, SendError, SkillBuilder, SkillBuilderOptions } from '../builder/builder.js';
export type { BuilderEvent, BuilderEventType, DraftPhase, ParsedEnvelope, SkillDraft } from '../envelope/events.js';
export { CONTINUE_MESSAGE } from '../builder/continue-turn.js';
export { buildSystemPrompt } from '../builder/prompt.js';
export type { PromptMode, SystemPromptOptions } from '../builder/prompt.js';
export { parseEnvelope } from '../envelope/parse.js';
export { EnvelopeSchema, envelopeJsonSchema, ENVELOPE_SCHEMA_NAME } from '../envelope/schema.js';
export type { Envelope, EnvelopeSchemaFlavour } from '../envelope/schema.js';
export { createEnvelopeStream } from '../envelope/stream.js';
export type { EnvelopeStream } from '../envelope/stream.js';
export { escapeControlChars, createStreamEscaper } from '../safe-text/control-chars.js';
export type { EscapeOptions, StreamEscaper } from '../safe-text/control-chars.js';
// The message type every chat call takes (declared by the LLM client, re-exported for convenience).
export type { ChatMessage } from '../llm/types.js';
