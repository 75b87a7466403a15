// The field tables of the HTTP protocol: for each request, reply and SSE
// event shape, its fields in the order the wire writes them, as a table
// camelCase TypeScript name → snake_case wire name. A field is written once,
// by its TypeScript name; its wire name follows from the one naming rule
// below (`skillMd` → `skill_md`, in the types too). The plain mappers
// (wire.ts and the others here, the elements' client) and the server's zod
// schemas and codecs (schemas.ts, codecs.ts) all read these tables; the
// routing and import tables sit with their mappers (routing-wire.ts,
// import-wire.ts) so the elements load them with those views. Isomorphic,
// no zod; test/check/protocol-names.test.ts refuses the wire names anywhere
// else in src.

/** A field's wire name, as a type: its TypeScript name in snake_case. */
export type WireName<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${WireName<T>}` : S;

/** A shape's field table: TypeScript name → wire name. */
export type FieldTable = Readonly<Record<string, string>>;

/** The wire name of a field: its TypeScript (camelCase) name in snake_case. */
export const wireName = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The table of a shape's fields, in wire order. */
export function fields<const K extends readonly string[]>(...names: K): { readonly [P in K[number]]: WireName<P> } {
  const table: Record<string, string> = {};
  for (const n of names) table[n] = wireName(n);
  return table as { readonly [P in K[number]]: WireName<P> };
}

/** The draft in chat, validate, try and routing bodies, an import reply and a saved skill. */
export const DRAFT = /*#__PURE__*/ fields('skillMd', 'scripts', 'files', 'binaries');

/** One binary file of a folder (`contentBase64` only where the bytes travel). */
export const BINARY = /*#__PURE__*/ fields('path', 'size', 'sha256', 'contentBase64');

/** `GET /settings/skill-builder`, `…/provider` replies (settings add `providers`). */
export const PROVIDER_INFO = /*#__PURE__*/ fields('provider', 'model', 'baseUrl', 'apiKeyEnv', 'hasKey', 'source', 'warning', 'trusted', 'providers');

/** `PUT /settings/skill-builder` body (the ui.yaml `skill_builder:` keys plus the key itself). */
export const SETTINGS_UPDATE = /*#__PURE__*/ fields('provider', 'model', 'baseUrl', 'apiKeyEnv', 'apiKey', 'deleteApiKey');

/** `GET /agents` items. */
export const AGENT_INFO = /*#__PURE__*/ fields('id', 'path', 'hasSkills', 'relativePath');

/** `POST /agents`: the new agent's id (its folder name). */
export const CREATE_AGENT_REQUEST = /*#__PURE__*/ fields('agentId');

/** `GET …/skills` items. */
export const SKILL_SUMMARY = /*#__PURE__*/ fields('name', 'dirName', 'description', 'category', 'tags', 'path', 'hasScripts', 'tools', 'format', 'error');

/** A skipped entry of a skills list (`?include=skipped`). */
export const SKIPPED_ENTRY = /*#__PURE__*/ fields('path', 'code', 'reason', 'skill');

/** `GET …/skills/{name}` reply. */
export const CUSTOM_SKILL = /*#__PURE__*/ fields('name', 'dirName', 'skillMd', 'scripts', 'path', 'format', 'files', 'binaries', 'skipped');

/** `POST …/chat` body. */
export const CHAT_REQUEST = /*#__PURE__*/ fields('messages', 'mode', 'editingName', 'draft', 'shareFiles');

/** `POST …/validate` body: the draft's fields plus these. */
export const VALIDATE_REQUEST = /*#__PURE__*/ fields('skillMd', 'scripts', 'files', 'binaries', 'mode', 'editingName');

/** `{valid, errors, warnings}`: the validate reply and a refused save's `validation`. */
export const VALIDATION = /*#__PURE__*/ fields('valid', 'errors', 'warnings');

/** The validate reply's extra checks: script syntax and the risk review. */
export const REVIEW = /*#__PURE__*/ fields('syntax', 'risk', 'riskError');
export const SYNTAX = /*#__PURE__*/ fields('ok', 'findings', 'missingTools');
/** The risk review adds where its policy came from to the assessment's own (one-word) fields. */
export const RISK = /*#__PURE__*/ fields('policySource');

/** `POST …/save` body. */
export const SAVE_REQUEST = /*#__PURE__*/ fields(
  'skillName',
  'skillMd',
  'scripts',
  'envVars',
  'overwrite',
  'editingName',
  'files',
  'binaries',
  'allowRiskyEgress',
  'acceptRequirements',
);

/** `accept_requirements` of a save and `proposals` of an import reply. */
export const REQUIREMENTS = /*#__PURE__*/ fields('bins', 'egressDomains', 'env');

/** `POST …/save` reply. */
export const SAVE_RESULT = /*#__PURE__*/ fields('path', 'egressAdded', 'envConfigured', 'envMissing', 'warnings');

/** `GET …/context?editing_name=…` query. */
export const CONTEXT_QUERY = /*#__PURE__*/ fields('editingName');

/** `GET …/context` reply. */
export const CONTEXT = /*#__PURE__*/ fields('systemPrompt');

/** `POST …/try` body: the draft's SKILL.md and scripts plus these. */
export const TRY_REQUEST = /*#__PURE__*/ fields('skillMd', 'scripts', 'tool', 'input');

/** `POST …/try` reply. */
export const TOOL_RUN = /*#__PURE__*/ fields(
  'ok',
  'exitCode',
  'signal',
  'timedOut',
  'durationMs',
  'stdout',
  'stderr',
  'truncated',
  'json',
  'outputDiagnostics',
  'egressBlocked',
  'egressRefusals',
  'sandbox',
  'script',
  'interpreter',
  'envNames',
  'fixRequest',
  'observation',
  'causes',
);

/** Every error reply: `{error, field?, code?, validation?}`; `field` names the request field (wire name) to fix. */
export const ERROR_REPLY = /*#__PURE__*/ fields('error', 'field', 'code', 'validation');

/** The tables of this file (routing-wire.ts and import-wire.ts hold the rest), for the tests and the check that no other module spells a wire name. */
export const FIELD_TABLES: Readonly<Record<string, FieldTable>> = {
  DRAFT,
  BINARY,
  PROVIDER_INFO,
  SETTINGS_UPDATE,
  AGENT_INFO,
  CREATE_AGENT_REQUEST,
  SKILL_SUMMARY,
  SKIPPED_ENTRY,
  CUSTOM_SKILL,
  CHAT_REQUEST,
  VALIDATE_REQUEST,
  VALIDATION,
  REVIEW,
  SYNTAX,
  RISK,
  SAVE_REQUEST,
  REQUIREMENTS,
  SAVE_RESULT,
  CONTEXT_QUERY,
  CONTEXT,
  TRY_REQUEST,
  TOOL_RUN,
  ERROR_REPLY,
};
