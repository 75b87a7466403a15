// The plain mappers of the HTTP protocol: for each shape, `xToWire` writes the
// snake_case JSON and `xFromWire` reads it back to the camelCase types of
// core/api/types.ts, both driven by the field tables of fields.ts (no wire
// name is spelled here). `xFromWire` is tolerant: a missing or mistyped field
// becomes its empty value, so a client never crashes on an older or newer
// server. No zod, so the elements bundle can use them; the server decodes
// requests through the zod codecs of codecs.ts, which validate first and then
// call these.

import type { Diagnostic } from '../diagnostics.js';
import type { AcceptedRequirements } from '../skill-folder/accept-requirements.js';
import type { OutputDiagnostic, RunCause, ToolRunReport } from '../tool-run/report.js';
import { observationFromWire, observationToWire } from './observe-wire.js';
import type * as T from '../api/types.js';
import * as F from './fields.js';

/** A JSON object as it arrives. */
export type WireJson = Record<string, unknown>;

/** A pair of one shape's mappings: `xToWire` (TypeScript → wire JSON) and `xFromWire` (wire JSON, checked or not → TypeScript). */
export interface WireCodec<TS, Wire = WireJson> {
  toWire(value: TS): Wire;
  fromWire(json: unknown): TS;
}

export const obj = (v: unknown): WireJson => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as WireJson) : {});
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
export const optStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A finite number, or 0. */
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** A finite number, or undefined. */
export const optNum = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const optBool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const mode = (v: unknown): T.ChatMode | undefined => (v === 'create' || v === 'edit' ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, c] of Object.entries(obj(v))) if (typeof c === 'string') out[k] = c;
  return out;
}

/** The event a client makes of an `error` SSE message whose data is not JSON: its text is the error. */
export interface SseTextError {
  type: 'error';
  error: string;
}

/**
 * Reads one SSE message of a stream for a client: the data parsed as a JSON
 * object (JSON that is not an object reads as `{}`) and handed to `decode`
 * with the event name. Data that is not JSON is ignored (null), except in an
 * `error` event, whose text becomes the error.
 */
export function sseEventFromWire<E>(name: string, data: string, decode: (name: string, j: WireJson) => E | null): E | SseTextError | null {
  let j: WireJson;
  try {
    j = obj(JSON.parse(data));
  } catch {
    return name === 'error' ? { type: 'error', error: data } : null;
  }
  return decode(name, j);
}

/** Drops undefined values so optional fields are absent on the wire. */
export function compact<O extends WireJson>(o: O): O {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as O;
}

/** Writes `v`'s defined fields under their wire names, in the table's order. */
export function toWire(table: F.FieldTable, v: object): WireJson {
  const out: WireJson = {};
  for (const k in table) {
    const x = (v as WireJson)[k];
    if (x !== undefined) out[table[k]!] = x;
  }
  return out;
}

/** A wire object's fields by their TypeScript names (values as sent, unchecked). */
export function fromWire<Table extends F.FieldTable>(table: Table, json: unknown): Record<keyof Table, unknown> {
  const j = obj(json);
  const out = {} as Record<keyof Table, unknown>;
  for (const k in table) out[k] = j[table[k]!];
  return out;
}

const diagnostics = (v: unknown): Diagnostic[] => list(v).filter((d): d is Diagnostic => typeof d === 'object' && d !== null);
const binaryListing = (b: T.DraftBinary): WireJson => toWire(F.BINARY, { path: b.path, size: b.size, sha256: b.sha256 });

/** `{skill_md, scripts, files?, binaries?: [{path, size, sha256}]}`: the draft in chat, validate, try and routing bodies — its text, a folder's text files and its binaries' listing (their bytes travel with a save only). */
export const draftToWire = (d: T.Draft): WireJson => toWire(F.DRAFT, { ...d, binaries: d.binaries?.map(binaryListing) });
export const draftFromWire = (j: unknown): T.Draft => {
  const f = fromWire(F.DRAFT, j);
  return { skillMd: str(f.skillMd), scripts: stringRecord(f.scripts), ...folderFromWire(j) };
};

/** A whole-folder draft's `files` and `binaries` (`[{path, size, sha256, content_base64?}]`: an import reply, a saved skill), or nothing for a SKILL.md-and-scripts skill. */
export function folderFromWire(j: unknown): Pick<T.Draft, 'files' | 'binaries'> {
  const f = fromWire(F.DRAFT, j);
  if (!f.files && !f.binaries) return {};
  return {
    files: stringRecord(f.files),
    binaries: list(f.binaries).map((x) => {
      const b = fromWire(F.BINARY, x);
      return compact({ path: str(b.path), size: Number(b.size) || 0, sha256: str(b.sha256), contentBase64: optStr(b.contentBase64) });
    }),
  };
}

/** `GET /settings/skill-builder`, `…/provider`: `{provider, model, base_url, api_key_env, has_key, source, warning, trusted?}`. */
export const providerInfoToWire = (p: T.ProviderInfo): WireJson => toWire(F.PROVIDER_INFO, p);
export const providerInfoFromWire = (json: unknown): T.ProviderInfo => {
  const f = fromWire(F.PROVIDER_INFO, json);
  const p: T.ProviderInfo = {
    provider: str(f.provider),
    model: str(f.model),
    baseUrl: str(f.baseUrl),
    apiKeyEnv: str(f.apiKeyEnv),
    hasKey: f.hasKey === true,
    source: (str(f.source) || 'unset') as T.ConfigSource,
    warning: str(f.warning),
  };
  if (typeof f.trusted === 'boolean') p.trusted = f.trusted;
  return p;
};

/** The provider info plus `providers` (the settings routes). */
export const settingsInfoToWire = (s: T.SettingsInfo): WireJson => toWire(F.PROVIDER_INFO, s);
export const settingsInfoFromWire = (j: unknown): T.SettingsInfo => ({ ...providerInfoFromWire(j), providers: strs(fromWire(F.PROVIDER_INFO, j).providers) });

/** `PUT /settings/skill-builder` body: `{provider, model, base_url?, api_key_env?, api_key?, delete_api_key?}` (empty strings and false are left out). */
export const settingsUpdateToWire = (u: T.SettingsUpdate): WireJson =>
  toWire(F.SETTINGS_UPDATE, {
    provider: u.provider,
    model: u.model,
    baseUrl: u.baseUrl || undefined,
    apiKeyEnv: u.apiKeyEnv || undefined,
    apiKey: u.apiKey || undefined,
    deleteApiKey: u.deleteApiKey || undefined,
  });
export const settingsUpdateFromWire = (json: unknown): T.SettingsUpdate => {
  const f = fromWire(F.SETTINGS_UPDATE, json);
  return compact({
    provider: str(f.provider),
    model: str(f.model),
    baseUrl: optStr(f.baseUrl),
    apiKeyEnv: optStr(f.apiKeyEnv),
    apiKey: optStr(f.apiKey),
    deleteApiKey: f.deleteApiKey === true ? true : undefined,
  });
};

/** `GET /agents` items: `{id, path, has_skills, relative_path}`. */
export const agentInfoToWire = (a: T.AgentInfo): WireJson => toWire(F.AGENT_INFO, a);
/** `POST /agents` body: `{agent_id}`. */
export const createAgentRequestToWire = (agentId: string): WireJson => toWire(F.CREATE_AGENT_REQUEST, { agentId });
export const agentInfoFromWire = (json: unknown): T.AgentInfo => {
  const f = fromWire(F.AGENT_INFO, json);
  return { id: str(f.id), path: str(f.path), relativePath: str(f.relativePath), hasSkills: f.hasSkills === true };
};

/** `GET …/skills` items: `{name, dir_name, description, category, tags, path, has_scripts, tools, format, error?}`. */
export const skillSummaryToWire = (s: T.SkillSummary): WireJson => toWire(F.SKILL_SUMMARY, s);
export const skillSummaryFromWire = (json: unknown): T.SkillSummary => {
  const f = fromWire(F.SKILL_SUMMARY, json);
  const s: T.SkillSummary = {
    name: str(f.name),
    dirName: str(f.dirName) || str(f.name),
    description: str(f.description),
    category: str(f.category),
    tags: strs(f.tags),
    path: str(f.path),
    hasScripts: f.hasScripts === true,
    tools: strs(f.tools),
    format: f.format === 'flat' ? 'flat' : 'subdir',
  };
  if (typeof f.error === 'string') s.error = f.error;
  return s;
};

/** A skipped entry of a skills list (`?include=skipped`): `{path, code, reason, skill?}`. */
export const skippedEntryToWire = (s: T.SkippedEntry): WireJson => toWire(F.SKIPPED_ENTRY, s);
export const skippedEntryFromWire = (json: unknown): T.SkippedEntry => {
  const f = fromWire(F.SKIPPED_ENTRY, json);
  return compact({ path: str(f.path), code: str(f.code) as T.SkipCode, reason: str(f.reason), skill: optStr(f.skill) });
};

/** `GET …/skills/{name}`: `{name, dir_name, skill_md, scripts, path, format, files, binaries: [{path, size, sha256}], skipped: [{path, code, reason, skill?}]}`. */
export const customSkillToWire = (s: T.CustomSkillData): WireJson =>
  toWire(F.CUSTOM_SKILL, { ...s, binaries: s.binaries.map(binaryListing), skipped: s.skipped.map(skippedEntryToWire) });
export const customSkillFromWire = (json: unknown): T.CustomSkillData => {
  const f = fromWire(F.CUSTOM_SKILL, json);
  return {
    name: str(f.name),
    dirName: str(f.dirName) || str(f.name),
    ...draftFromWire(json),
    path: str(f.path),
    format: f.format === 'flat' ? 'flat' : 'subdir',
    files: stringRecord(f.files),
    binaries: folderFromWire(json).binaries ?? [],
    skipped: list(f.skipped).map(skippedEntryFromWire),
  };
};

/** `POST …/chat` body: `{messages, mode?, editing_name?, draft?, share_files?}`. */
export const chatRequestToWire = (r: T.ChatRequest): WireJson => toWire(F.CHAT_REQUEST, { ...r, draft: r.draft && draftToWire(r.draft) });
export const chatRequestFromWire = (json: unknown): T.ChatRequest => {
  const f = fromWire(F.CHAT_REQUEST, json);
  const messages = list(f.messages).map((m) => ({
    role: obj(m).role === 'assistant' ? ('assistant' as const) : ('user' as const),
    content: str(obj(m).content),
  }));
  const shareFiles: T.ChatRequest['shareFiles'] = f.shareFiles === 'all' ? 'all' : Array.isArray(f.shareFiles) ? strs(f.shareFiles) : undefined;
  return compact({
    messages,
    mode: mode(f.mode),
    editingName: optStr(f.editingName),
    draft: f.draft === undefined ? undefined : draftFromWire(f.draft),
    shareFiles,
  });
};

/** `POST …/validate` body: `{skill_md, scripts?, files?, binaries?: [{path, size, sha256}], mode?, editing_name?}`. */
export const validateRequestToWire = (r: T.ValidateRequest): WireJson => toWire(F.VALIDATE_REQUEST, { ...r, binaries: r.binaries?.map(binaryListing) });
export const validateRequestFromWire = (json: unknown): T.ValidateRequest => {
  const f = fromWire(F.VALIDATE_REQUEST, json);
  return compact({ ...draftFromWire(json), mode: mode(f.mode), editingName: optStr(f.editingName) });
};

/** `{valid, errors, warnings}` (the validate reply and a refused save's `validation`); `valid` defaults to "no errors". */
export const validationToWire = (v: T.ValidationResult): WireJson => toWire(F.VALIDATION, { valid: v.valid, errors: v.errors, warnings: v.warnings });
export const validationFromWire = (json: unknown): T.ValidationResult => {
  const f = fromWire(F.VALIDATION, json);
  const errors = diagnostics(f.errors);
  return { valid: f.valid === true || (f.valid === undefined && errors.length === 0), errors, warnings: diagnostics(f.warnings) };
};

/** `POST …/save` body: `{skill_name, skill_md, scripts?, env_vars?, overwrite?, editing_name?, files?, binaries?: [{path, content_base64} | {path, sha256}], allow_risky_egress?, accept_requirements?}`. */
export const saveRequestToWire = (r: T.SaveSkillRequest): WireJson =>
  toWire(F.SAVE_REQUEST, {
    ...r,
    editingName: r.editingName ?? undefined,
    // New bytes as base64, or a saved skill's file kept by its sha256.
    binaries: r.binaries?.map((b) =>
      toWire(F.BINARY, b.contentBase64 === undefined ? { path: b.path, sha256: b.sha256 } : { path: b.path, contentBase64: b.contentBase64 }),
    ),
    acceptRequirements: r.acceptRequirements && requirementsToWire(r.acceptRequirements),
  });
export const saveRequestFromWire = (json: unknown): T.SaveSkillRequest => {
  const f = fromWire(F.SAVE_REQUEST, json);
  return compact({
    skillName: str(f.skillName),
    skillMd: str(f.skillMd),
    scripts: f.scripts === undefined ? undefined : stringRecord(f.scripts),
    envVars: f.envVars === undefined ? undefined : (f.envVars as Record<string, string>),
    overwrite: optBool(f.overwrite),
    editingName: optStr(f.editingName),
    files: f.files === undefined ? undefined : (f.files as Record<string, string>),
    binaries:
      f.binaries === undefined
        ? undefined
        : list(f.binaries).map((x) => {
            const b = fromWire(F.BINARY, x);
            return compact({ path: b.path as string, contentBase64: optStr(b.contentBase64), sha256: optStr(b.sha256) });
          }),
    allowRiskyEgress: optBool(f.allowRiskyEgress),
    acceptRequirements: f.acceptRequirements == null ? undefined : requirementsFromWire(f.acceptRequirements),
  });
};

/** `accept_requirements` and an import's `proposals`: `{bins?, egress_domains?, env?}` (lists kept as sent: saveSkill checks every name). */
export const requirementsToWire = (r: AcceptedRequirements): WireJson => toWire(F.REQUIREMENTS, r);
export function requirementsFromWire(json: unknown): AcceptedRequirements {
  const f = fromWire(F.REQUIREMENTS, json);
  return compact({ bins: f.bins as string[] | undefined, egressDomains: f.egressDomains as string[] | undefined, env: f.env as string[] | undefined });
}

/** `env_missing` entries: `{name, kind}`; a bare name (as Forge's dashboard sent them) counts as required. */
function missingEnv(v: unknown): T.MissingEnvVar[] {
  return list(v).flatMap((m): T.MissingEnvVar[] => {
    if (typeof m === 'string') return [{ name: m, kind: 'required' }];
    const name = str(obj(m).name);
    return name ? [{ name, kind: obj(m).kind === 'one_of' ? 'one_of' : 'required' }] : [];
  });
}

/** `POST …/save` reply: `{path, egress_added, env_configured, env_missing: [{name, kind}], warnings}`. */
export const saveResultToWire = (r: T.SaveSkillResult): WireJson => toWire(F.SAVE_RESULT, r);
export const saveResultFromWire = (json: unknown): T.SaveSkillResult => {
  const f = fromWire(F.SAVE_RESULT, json);
  return {
    path: str(f.path),
    egressAdded: strs(f.egressAdded),
    envConfigured: strs(f.envConfigured),
    envMissing: missingEnv(f.envMissing),
    warnings: diagnostics(f.warnings),
  };
};

/** `GET …/context` reply: `{system_prompt}`. */
export const contextToWire = (c: T.BuilderContext): WireJson => toWire(F.CONTEXT, c);
export const contextFromWire = (j: unknown): T.BuilderContext => ({ systemPrompt: str(fromWire(F.CONTEXT, j).systemPrompt) });

/** `POST …/try` body: `{skill_md, scripts, tool, input}`. */
export interface TryRequestBody {
  skillMd: string;
  scripts: Record<string, string>;
  tool: string;
  input: unknown;
}
export const tryRequestToWire = (r: TryRequestBody): WireJson =>
  toWire(F.TRY_REQUEST, { skillMd: r.skillMd, scripts: r.scripts, tool: r.tool, input: r.input });
export const tryRequestFromWire = (json: unknown): TryRequestBody => {
  const f = fromWire(F.TRY_REQUEST, json);
  return { skillMd: str(f.skillMd), scripts: stringRecord(f.scripts), tool: str(f.tool), input: f.input ?? {} };
};

/** A tool run as the try route reports it; the Node runner adds what ran. */
export type ToolRunWireResult = ToolRunReport & { script?: string; interpreter?: string; envNames?: string[] };

/** `POST …/try` reply: `{ok, exit_code, signal, timed_out, duration_ms, stdout, stderr, truncated, json, output_diagnostics, egress_blocked, egress_refusals: [{host, reason}], sandbox, script, interpreter, env_names, fix_request, observation: {egress: [{host, port, verdict, reason?}], programs: [{name, path, count}] | null, files: [{path, area}] | null, mechanism, not_observed?, truncated?}}`. */
export const toolRunToWire = (r: ToolRunWireResult): WireJson => toWire(F.TOOL_RUN, { ...r, observation: r.observation && observationToWire(r.observation) });
export const toolRunFromWire = (json: unknown): ToolRunWireResult => {
  const f = fromWire(F.TOOL_RUN, json);
  const out: ToolRunWireResult = {
    ok: f.ok === true,
    exitCode: typeof f.exitCode === 'number' ? f.exitCode : null,
    signal: optStr(f.signal) ?? null,
    timedOut: f.timedOut === true,
    durationMs: Number(f.durationMs) || 0,
    stdout: str(f.stdout),
    stderr: str(f.stderr),
    truncated: f.truncated === true,
    json: f.json ?? null,
    outputDiagnostics: list(f.outputDiagnostics) as OutputDiagnostic[],
    egressBlocked: strs(f.egressBlocked),
    sandbox: f.sandbox === 'bwrap' ? 'bwrap' : 'none',
    fixRequest: optStr(f.fixRequest) ?? null,
  };
  if (typeof f.script === 'string') out.script = f.script;
  if (typeof f.interpreter === 'string') out.interpreter = f.interpreter;
  if (Array.isArray(f.envNames)) out.envNames = strs(f.envNames);
  if (f.observation && typeof f.observation === 'object') out.observation = observationFromWire(f.observation);
  if (Array.isArray(f.causes))
    out.causes = list(f.causes).map((c) => ({ code: str(obj(c).code) as RunCause['code'], message: str(obj(c).message), fix: str(obj(c).fix) }));
  if (Array.isArray(f.egressRefusals)) out.egressRefusals = list(f.egressRefusals).map((r) => ({ host: str(obj(r).host), reason: str(obj(r).reason) }));
  return out;
};

/** An error reply `{error, field?, code?, validation?}` as the client reads it; `field` is the wire name of the request field to fix. */
export interface ErrorReply {
  error: string;
  field?: string;
  code?: string;
  validation?: T.ValidationResult;
}
export const errorReplyToWire = (e: ErrorReply): WireJson => toWire(F.ERROR_REPLY, { ...e, validation: e.validation && validationToWire(e.validation) });
export const errorReplyFromWire = (json: unknown): ErrorReply => {
  const f = fromWire(F.ERROR_REPLY, json);
  const v = f.validation;
  return compact({
    error: str(f.error),
    field: optStr(f.field) || undefined,
    code: optStr(f.code),
    validation: v && typeof v === 'object' ? validationFromWire(v) : undefined,
  });
};
