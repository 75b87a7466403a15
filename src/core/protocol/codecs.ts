// The server's request codecs: each pairs the zod wire schema of schemas.ts
// (validation, field errors named by their wire path) with the mapper of
// wire.ts (snake_case → camelCase), so one parse validates and decodes a body
// (a route reading its body with SaveRequestCodec gets a checked SaveSkillRequest) and
// its encode side is the plain mapper a client writes the wire with. zod: never imported by the
// elements.

import { z } from 'zod';
import type { ChatRequest, SaveSkillRequest, ValidateRequest } from '../api/types.js';
import { SkillBuilderConfigSchema, settingsFromConfig, settingsToConfig, type SkillBuilderSettings } from '../config/schema.js';
import { SETTINGS_UPDATE } from './fields.js';
import {
  CatalogBudgetRequestSchema,
  ImproveDescriptionRequestSchema,
  OptimizeRequestSchema,
  RouteCheckRequestSchema,
  RouteRequestsRequestSchema,
} from './routing-schemas.js';
import { catalogBudgetBodyFromWire, catalogBudgetBodyToWire, type CatalogBudgetBody } from './catalog-budget-wire.js';
import { optimizeBodyFromWire, optimizeBodyToWire, type OptimizeBody } from './optimize-wire.js';
import { routingBodyFromWire, routingBodyToWire, type RoutingBody } from './routing-wire.js';
import { trySessionFromWire, trySessionToWire, type TrySessionBody } from './profile-wire.js';
import { EvalsRequestSchema, EvalsSuggestRequestSchema, FeedbackRequestSchema } from './evals-schemas.js';
import { evalsSuggestBodyFromWire, evalsSuggestBodyToWire, type EvalsSuggestBody } from './evals-suggest-wire.js';
import { evalsBodyFromWire, evalsBodyToWire, feedbackListFromWire, feedbackListToWire, type EvalsBody, type FeedbackEntry } from './evals-wire.js';
import { ChatRequestSchema, RollbackRequestSchema, SaveRequestSchema, TryRequestSchema, ValidateRequestSchema } from './schemas.js';
import { rollbackRequestFromWire, rollbackRequestToWire } from './history-wire.js';
import { chatRequestFromWire, chatRequestToWire, saveRequestFromWire, saveRequestToWire, validateRequestFromWire, validateRequestToWire } from './wire.js';

/** A codec from a wire schema to a camelCase type, through a pair of plain mappers. */
function codec<W extends z.ZodType, T>(wire: W, decode: (w: unknown) => T, encode: (v: T) => unknown) {
  return z.codec(wire, z.custom<T>(), {
    decode: (w) => decode(w),
    encode: (v) => encode(v as T) as z.output<W>,
  });
}

export const ChatRequestCodec = codec(ChatRequestSchema, chatRequestFromWire, chatRequestToWire);
export const ValidateRequestCodec = codec(ValidateRequestSchema, validateRequestFromWire, validateRequestToWire);
export const SaveRequestCodec = codec(SaveRequestSchema, saveRequestFromWire, saveRequestToWire);
export const TryRequestCodec = codec(TryRequestSchema, trySessionFromWire, (v: TrySessionBody) => trySessionToWire(v));
export const RouteCheckRequestCodec = codec(RouteCheckRequestSchema, routingBodyFromWire, (v: RoutingBody) => routingBodyToWire(v));
export const RouteRequestsRequestCodec = codec(RouteRequestsRequestSchema, routingBodyFromWire, (v: RoutingBody) => routingBodyToWire(v));
export const OptimizeRequestCodec = codec(OptimizeRequestSchema, optimizeBodyFromWire, (v: OptimizeBody) => optimizeBodyToWire(v));
export const RollbackRequestCodec = codec(RollbackRequestSchema, rollbackRequestFromWire, (v: { to: string }) => rollbackRequestToWire(v));
export const ImproveDescriptionRequestCodec = codec(ImproveDescriptionRequestSchema, routingBodyFromWire, (v: RoutingBody) => routingBodyToWire(v));
export const EvalsRequestCodec = codec(EvalsRequestSchema, evalsBodyFromWire, (v: EvalsBody) => evalsBodyToWire(v));
export const EvalsSuggestRequestCodec = codec(EvalsSuggestRequestSchema, evalsSuggestBodyFromWire, (v: EvalsSuggestBody) => evalsSuggestBodyToWire(v));
export const FeedbackRequestCodec = codec(
  FeedbackRequestSchema,
  (w) => feedbackListFromWire(w).feedback,
  (v: FeedbackEntry[]) => feedbackListToWire(v),
);
export const CatalogBudgetRequestCodec = codec(CatalogBudgetRequestSchema, catalogBudgetBodyFromWire, (v: CatalogBudgetBody) => catalogBudgetBodyToWire(v));

/** `PUT /settings/skill-builder` body: the ui.yaml `skill_builder:` keys (their schema) plus the key; null or absent keeps the saved key. */
export const SettingsUpdateSchema = SkillBuilderConfigSchema.extend({
  [SETTINGS_UPDATE.apiKey]: z
    .string({ error: `${SETTINGS_UPDATE.apiKey} must be a string (or omitted to keep the saved key)` })
    .nullable()
    .optional(),
  [SETTINGS_UPDATE.deleteApiKey]: z.boolean({ error: `${SETTINGS_UPDATE.deleteApiKey} must be true or false` }).optional(),
});

/** The settings update decoded: the camelCase settings and the key as sent. */
export interface DecodedSettingsUpdate {
  settings: SkillBuilderSettings;
  apiKey?: string | null;
  /** Remove the saved key. */
  deleteApiKey?: true;
}

export const SettingsUpdateCodec = z.codec(SettingsUpdateSchema, z.custom<DecodedSettingsUpdate>(), {
  decode: ({ [SETTINGS_UPDATE.apiKey]: apiKey, [SETTINGS_UPDATE.deleteApiKey]: deleteApiKey, ...config }) => ({
    settings: settingsFromConfig(config),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(deleteApiKey === true ? { deleteApiKey } : {}),
  }),
  encode: ({ settings, apiKey, deleteApiKey }) => ({
    ...settingsToConfig(settings),
    ...(apiKey !== undefined ? { [SETTINGS_UPDATE.apiKey]: apiKey } : {}),
    ...(deleteApiKey ? { [SETTINGS_UPDATE.deleteApiKey]: deleteApiKey } : {}),
  }),
});

export type { ChatRequest, SaveSkillRequest, ValidateRequest };
