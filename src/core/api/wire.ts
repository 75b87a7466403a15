// The one mapping between the HTTP wire (snake_case JSON, docs/http-api.md) and the
// TypeScript shapes of types.ts (camelCase). One pair of plain functions per
// shape (separate exports, so a bundle keeps only the direction it uses):
// `xToWire` writes exactly the wire keys, `xFromWire` reads
// them tolerantly (a missing or mistyped field becomes its empty value, so a
// client never crashes on an older or newer server). The server (node/http)
// and the elements' API client both use these; no zod here, so the elements
// bundle stays small. Request bodies are checked by the zod schemas of
// schemas.ts on the server before fromWire reads them.

import type { BuilderEvent } from '../envelope/events.js';
import type { Diagnostic } from '../diagnostics.js';
import type { AcceptedRequirements } from '../skill-folder/accept-requirements.js';
import type { OutputDiagnostic, ToolRunReport } from '../tool-run/report.js';
import type * as T from './types.js';

/** A JSON object as it arrives. */
export type WireJson = Record<string, unknown>;

/** A pair of one shape's mappings: `xToWire` (TypeScript → wire JSON) and `xFromWire` (wire JSON, checked or not → TypeScript). */
export interface WireCodec<TS, Wire = WireJson> {
  toWire(value: TS): Wire;
  fromWire(json: unknown): TS;
}

const obj = (v: unknown): WireJson => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as WireJson) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const optStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const mode = (v: unknown): T.ChatMode | undefined => (v === 'create' || v === 'edit' ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, c] of Object.entries(obj(v))) if (typeof c === 'string') out[k] = c;
  return out;
}

/** Drops undefined values so optional fields are absent on the wire. */
export function compact<O extends WireJson>(o: O): O {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as O;
}

const diagnostics = (v: unknown): Diagnostic[] => list(v).filter((d): d is Diagnostic => typeof d === 'object' && d !== null);

/** `{skill_md, scripts, files?, binaries?: [{path, size, sha256}]}`: the draft in chat, validate, try and routing bodies — its text, a folder's text files and its binaries' listing (their bytes travel with a save only). */
export const draftToWire = (d: T.Draft): WireJson =>
  compact({ skill_md: d.skillMd, scripts: d.scripts, files: d.files, binaries: d.binaries?.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256 })) });
export const draftFromWire = (j: unknown): T.Draft => ({ skillMd: str(obj(j).skill_md), scripts: stringRecord(obj(j).scripts), ...folderFromWire(obj(j)) });

/** A whole-folder draft's `files` and `binaries` (`[{path, size, sha256, content_base64?}]`: an import reply, a saved skill), or nothing for a SKILL.md-and-scripts skill. */
export function folderFromWire(j: WireJson): Pick<T.Draft, 'files' | 'binaries'> {
  if (!j.files && !j.binaries) return {};
  return {
    files: stringRecord(j.files),
    binaries: list(j.binaries).map((b) =>
      compact({ path: str(obj(b).path), size: Number(obj(b).size) || 0, sha256: str(obj(b).sha256), contentBase64: optStr(obj(b).content_base64) }),
    ),
  };
}

/** `GET /settings/skill-builder`, `…/provider`: `{provider, model, base_url, api_key_env, has_key, source, warning, trusted?}`. */
export const providerInfoToWire = (p: T.ProviderInfo): WireJson =>
    compact({
      provider: p.provider,
      model: p.model,
      base_url: p.baseUrl,
      api_key_env: p.apiKeyEnv,
      has_key: p.hasKey,
      source: p.source,
      warning: p.warning,
      trusted: p.trusted,
    });
export const providerInfoFromWire = (json: unknown): T.ProviderInfo => {
    const j = obj(json);
    const p: T.ProviderInfo = {
      provider: str(j.provider),
      model: str(j.model),
      baseUrl: str(j.base_url),
      apiKeyEnv: str(j.api_key_env),
      hasKey: j.has_key === true,
      source: (str(j.source) || 'unset') as T.ConfigSource,
      warning: str(j.warning),
    };
    if (typeof j.trusted === 'boolean') p.trusted = j.trusted;
    return p;
  };

/** The provider info plus `providers` (the settings routes). */
export const settingsInfoToWire = (s: T.SettingsInfo): WireJson => ({ ...providerInfoToWire(s), providers: s.providers });
export const settingsInfoFromWire = (j: unknown): T.SettingsInfo => ({ ...providerInfoFromWire(j), providers: strs(obj(j).providers) });

/** `PUT /settings/skill-builder` body: `{provider, model, base_url?, api_key_env?, api_key?, delete_api_key?}` (empty strings and false are left out). */
export const settingsUpdateToWire = (u: T.SettingsUpdate): WireJson =>
  compact({ provider: u.provider, model: u.model, base_url: u.baseUrl || undefined, api_key_env: u.apiKeyEnv || undefined, api_key: u.apiKey || undefined, delete_api_key: u.deleteApiKey || undefined });
export const settingsUpdateFromWire = (json: unknown): T.SettingsUpdate => {
    const j = obj(json);
    return compact({ provider: str(j.provider), model: str(j.model), baseUrl: optStr(j.base_url), apiKeyEnv: optStr(j.api_key_env), apiKey: optStr(j.api_key), deleteApiKey: j.delete_api_key === true ? true : undefined });
  };

/** `GET /agents` items: `{id, path, has_skills, relative_path}`. */
export const agentInfoToWire = (a: T.AgentInfo): WireJson => ({ id: a.id, path: a.path, has_skills: a.hasSkills, relative_path: a.relativePath });
export const agentInfoFromWire = (json: unknown): T.AgentInfo => {
    const j = obj(json);
    return { id: str(j.id), path: str(j.path), relativePath: str(j.relative_path), hasSkills: j.has_skills === true };
  };

/** `GET …/skills` items: `{name, dir_name, description, category, tags, path, has_scripts, tools, format, error?}`. */
export const skillSummaryToWire = (s: T.SkillSummary): WireJson =>
    compact({
      name: s.name,
      dir_name: s.dirName,
      description: s.description,
      category: s.category,
      tags: s.tags,
      path: s.path,
      has_scripts: s.hasScripts,
      tools: s.tools,
      format: s.format,
      error: s.error,
    });
export const skillSummaryFromWire = (json: unknown): T.SkillSummary => {
    const j = obj(json);
    const s: T.SkillSummary = {
      name: str(j.name),
      dirName: str(j.dir_name) || str(j.name),
      description: str(j.description),
      category: str(j.category),
      tags: strs(j.tags),
      path: str(j.path),
      hasScripts: j.has_scripts === true,
      tools: strs(j.tools),
      format: j.format === 'flat' ? 'flat' : 'subdir',
    };
    if (typeof j.error === 'string') s.error = j.error;
    return s;
  };

/** A skipped entry of a skills list (`?include=skipped`): `{path, code, reason, skill?}`. */
export const skippedEntryToWire = (s: T.SkippedEntry): WireJson => compact({ path: s.path, code: s.code, reason: s.reason, skill: s.skill });

/** `GET …/skills/{name}`: `{name, dir_name, skill_md, scripts, path, format, files, binaries: [{path, size, sha256}], skipped}`. */
export const customSkillToWire = (s: T.CustomSkill): WireJson => ({
  name: s.name,
  dir_name: s.dirName,
  skill_md: s.skillMd,
  scripts: s.scripts,
  path: s.path,
  format: s.format,
  files: s.files,
  binaries: s.binaries.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256 })),
  skipped: s.skipped,
});
export const customSkillFromWire = (json: unknown): T.CustomSkill => {
  const j = obj(json);
  return {
    name: str(j.name),
    dirName: str(j.dir_name) || str(j.name),
    ...draftFromWire(j),
    path: str(j.path),
    format: j.format === 'flat' ? 'flat' : 'subdir',
    files: stringRecord(j.files),
    binaries: folderFromWire(j).binaries ?? [],
    skipped: list(j.skipped).map((f) => ({ file: str(obj(f).file), reason: str(obj(f).reason) })),
  };
};

export const chatRequestToWire = (r: T.ChatRequest): WireJson =>
  compact({ messages: r.messages, mode: r.mode, editing_name: r.editingName, draft: r.draft ? draftToWire(r.draft) : undefined, share_files: r.shareFiles });
export const chatRequestFromWire = (json: unknown): T.ChatRequest => {
    const j = obj(json);
    const messages = list(j.messages).map((m) => ({ role: obj(m).role === 'assistant' ? ('assistant' as const) : ('user' as const), content: str(obj(m).content) }));
    const shareFiles: T.ChatRequest['shareFiles'] = j.share_files === 'all' ? 'all' : Array.isArray(j.share_files) ? strs(j.share_files) : undefined;
    return compact({ messages, mode: mode(j.mode), editingName: optStr(j.editing_name), draft: j.draft === undefined ? undefined : draftFromWire(j.draft), shareFiles });
  };

/** `POST …/validate` body: `{skill_md, scripts?, files?, binaries?: [{path, size, sha256}], mode?, editing_name?}`. */
export const validateRequestToWire = (r: T.ValidateRequest): WireJson => compact({ ...draftToWire(r), mode: r.mode, editing_name: r.editingName });
export const validateRequestFromWire = (json: unknown): T.ValidateRequest => {
    const j = obj(json);
    return compact({ ...draftFromWire(j), mode: mode(j.mode), editingName: optStr(j.editing_name) });
  };

/** `{valid, errors, warnings}` (the validate reply and a refused save's `validation`); `valid` defaults to "no errors". */
export const validationToWire = (v: T.ValidationResult): WireJson => ({ valid: v.valid, errors: v.errors, warnings: v.warnings });
export const validationFromWire = (json: unknown): T.ValidationResult => {
    const j = obj(json);
    const errors = diagnostics(j.errors);
    return { valid: j.valid === true || (j.valid === undefined && errors.length === 0), errors, warnings: diagnostics(j.warnings) };
  };

/** `POST …/save` body: `{skill_name, skill_md, scripts?, env_vars?, overwrite?, editing_name?, files?, binaries?: [{path, content_base64} | {path, sha256}], allow_risky_egress?, accept_requirements?}`. */
export const saveRequestToWire = (r: T.SaveSkillRequest): WireJson =>
    compact({
      skill_name: r.skillName,
      skill_md: r.skillMd,
      scripts: r.scripts,
      env_vars: r.envVars,
      overwrite: r.overwrite,
      editing_name: r.editingName ?? undefined,
      files: r.files,
      // New bytes as base64, or a saved skill's file kept by its sha256.
      binaries: r.binaries?.map((b) => (b.contentBase64 === undefined ? { path: b.path, sha256: b.sha256 } : { path: b.path, content_base64: b.contentBase64 })),
      allow_risky_egress: r.allowRiskyEgress,
      accept_requirements: r.acceptRequirements && compact({ bins: r.acceptRequirements.bins, egress_domains: r.acceptRequirements.egressDomains, env: r.acceptRequirements.env }),
    });
export const saveRequestFromWire = (json: unknown): T.SaveSkillRequest => {
    const j = obj(json);
    return compact({
      skillName: str(j.skill_name),
      skillMd: str(j.skill_md),
      scripts: j.scripts === undefined ? undefined : stringRecord(j.scripts),
      envVars: j.env_vars === undefined ? undefined : (j.env_vars as Record<string, string>),
      overwrite: typeof j.overwrite === 'boolean' ? j.overwrite : undefined,
      editingName: optStr(j.editing_name),
      files: j.files === undefined ? undefined : (j.files as Record<string, string>),
      binaries: j.binaries === undefined ? undefined : list(j.binaries).map((b) => compact({ path: obj(b).path as string, contentBase64: optStr(obj(b).content_base64), sha256: optStr(obj(b).sha256) })),
      allowRiskyEgress: typeof j.allow_risky_egress === 'boolean' ? j.allow_risky_egress : undefined,
      acceptRequirements: j.accept_requirements == null ? undefined : acceptedRequirementsFromWire(j.accept_requirements),
    });
  };

/** `accept_requirements`: `{bins?, egress_domains?, env?}` (lists kept as sent: saveSkill checks every name). */
function acceptedRequirementsFromWire(json: unknown): AcceptedRequirements {
  const j = obj(json);
  return compact({ bins: j.bins as string[] | undefined, egressDomains: j.egress_domains as string[] | undefined, env: j.env as string[] | undefined });
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
export const saveResultToWire = (r: T.SaveSkillResult): WireJson => ({ path: r.path, egress_added: r.egressAdded, env_configured: r.envConfigured, env_missing: r.envMissing, warnings: r.warnings });
export const saveResultFromWire = (json: unknown): T.SaveSkillResult => {
    const j = obj(json);
    return { path: str(j.path), egressAdded: strs(j.egress_added), envConfigured: strs(j.env_configured), envMissing: missingEnv(j.env_missing), warnings: diagnostics(j.warnings) };
  };

/** `GET …/context` reply: `{system_prompt}`. */
export const contextToWire = (c: T.BuilderContext): WireJson => ({ system_prompt: c.systemPrompt });
export const contextFromWire = (j: unknown): T.BuilderContext => ({ systemPrompt: str(obj(j).system_prompt) });

/** A tool run as the try route reports it; the Node runner adds what ran. */
export type ToolRunWireResult = ToolRunReport & { script?: string; interpreter?: string; envNames?: string[] };

/** `POST …/try` reply: `{ok, exit_code, signal, timed_out, duration_ms, stdout, stderr, truncated, json, output_diagnostics, egress_blocked, egress_refusals: [{host, reason}], sandbox, script, interpreter, env_names, fix_request}`. */
export const toolRunToWire = (r: ToolRunWireResult): WireJson =>
    compact({
      ok: r.ok,
      exit_code: r.exitCode,
      signal: r.signal,
      timed_out: r.timedOut,
      duration_ms: r.durationMs,
      stdout: r.stdout,
      stderr: r.stderr,
      truncated: r.truncated,
      json: r.json,
      output_diagnostics: r.outputDiagnostics,
      egress_blocked: r.egressBlocked,
      egress_refusals: r.egressRefusals,
      sandbox: r.sandbox,
      script: r.script,
      interpreter: r.interpreter,
      env_names: r.envNames,
      fix_request: r.fixRequest,
    });
export const toolRunFromWire = (json: unknown): ToolRunWireResult => {
    const j = obj(json);
    const out: ToolRunWireResult = {
      ok: j.ok === true,
      exitCode: typeof j.exit_code === 'number' ? j.exit_code : null,
      signal: optStr(j.signal) ?? null,
      timedOut: j.timed_out === true,
      durationMs: Number(j.duration_ms) || 0,
      stdout: str(j.stdout),
      stderr: str(j.stderr),
      truncated: j.truncated === true,
      json: j.json ?? null,
      outputDiagnostics: list(j.output_diagnostics) as OutputDiagnostic[],
      egressBlocked: strs(j.egress_blocked),
      sandbox: j.sandbox === 'bwrap' ? 'bwrap' : 'none',
      fixRequest: optStr(j.fix_request) ?? null,
    };
    if (typeof j.script === 'string') out.script = j.script;
    if (typeof j.interpreter === 'string') out.interpreter = j.interpreter;
    if (Array.isArray(j.env_names)) out.envNames = strs(j.env_names);
    if (Array.isArray(j.egress_refusals)) out.egressRefusals = list(j.egress_refusals).map((r) => ({ host: str(obj(r).host), reason: str(obj(r).reason) }));
    return out;
  };

/** One SSE message: the event name and its JSON data. */
export interface SseMessage {
  event: string;
  data: WireJson;
}

/** A builder event as an SSE message: `progress`, `message_delta`, `message`, `skill_draft`, `skill_draft_partial`, `done`, `error`. */
export function builderEventToWire(ev: BuilderEvent): SseMessage {
  switch (ev.type) {
    case 'progress':
      return { event: 'progress', data: { chars: ev.chars, phase: ev.phase } };
    case 'message_delta':
      return { event: 'message_delta', data: { delta: ev.delta } };
    case 'message':
      return { event: 'message', data: { content: ev.content } };
    case 'skill_draft': {
      const data: WireJson = draftToWire(ev);
      if (ev.spec !== undefined) data.spec = ev.spec;
      if (ev.files !== undefined) data.files = ev.files;
      if (ev.diagnostics !== undefined && ev.diagnostics.length > 0) data.diagnostics = ev.diagnostics;
      return { event: 'skill_draft', data };
    }
    case 'skill_draft_partial':
      return { event: 'skill_draft_partial', data: compact({ ...draftToWire(ev), files: ev.files, partial: true }) };
    case 'done':
      return { event: 'done', data: compact({ status: ev.status, structured: ev.structured, truncated: ev.truncated, notice: ev.notice }) };
    case 'error':
      return { event: 'error', data: compact({ error: ev.error, code: ev.code }) };
  }
}

/** An SSE message as a builder event; unknown event names give null (forward compatible). `data` is the raw text. */
export function builderEventFromWire(name: string, data: string): BuilderEvent | null {
  let j: WireJson;
  try {
    j = obj(JSON.parse(data));
  } catch {
    return name === 'error' ? { type: 'error', error: data } : null;
  }
  switch (name) {
    case 'progress':
      return { type: 'progress', chars: Number(j.chars) || 0, phase: j.phase === 'skill' ? 'skill' : 'message' };
    case 'message_delta':
      return { type: 'message_delta', delta: str(j.delta) };
    case 'message':
      return { type: 'message', content: str(j.content) };
    case 'skill_draft': {
      const ev: BuilderEvent = { type: 'skill_draft', skillMd: str(j.skill_md), scripts: stringRecord(j.scripts) };
      if (j.spec !== undefined) ev.spec = j.spec;
      if (j.files !== undefined) ev.files = stringRecord(j.files);
      if (Array.isArray(j.diagnostics)) ev.diagnostics = diagnostics(j.diagnostics);
      return ev;
    }
    case 'skill_draft_partial':
      return compact<BuilderEvent & WireJson>({ type: 'skill_draft_partial', skillMd: str(j.skill_md), scripts: stringRecord(j.scripts), files: j.files === undefined ? undefined : stringRecord(j.files) });
    case 'done':
      return compact<BuilderEvent & WireJson>({ type: 'done', status: 'complete', structured: j.structured === true, truncated: j.truncated === true, notice: optStr(j.notice) });
    case 'error':
      return compact<BuilderEvent & WireJson>({ type: 'error', error: str(j.error) || 'The model call failed.', code: optStr(j.code) });
    default:
      return null;
  }
}
