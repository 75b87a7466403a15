// The browser client of the skill-builder HTTP API (SPEC §6): every route the
// elements use, snake_case on the wire and camelCase here, `fetch` only (an
// injected one for hosts that add auth headers, and for tests). A non-2xx
// answer becomes an ApiError carrying the status and the server's own message
// (and the field or validation result when the server names them). Chat is a
// POST answered with SSE; it yields the same BuilderEvent union as the core.

import type { BuilderEvent } from '../../core/builder/events.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { toReview, type DraftReview } from '../builder/review.js';
import { isAbortError, readSse } from './sse.js';
import type * as T from '../types.js';

const MARKER = Symbol.for('forge-skill-builder.api-error');

/** A non-2xx answer (or no answer: status 0) from the API. `message` is the server's `error` text. */
export class ApiError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The request field the server blamed, when it said (e.g. `base_url`). */
    readonly field?: string,
    /** The validation result of a save refused with 400 "validation failed". */
    readonly validation?: T.ValidationResult,
  ) {
    super(message);
  }
  static isInstance(value: unknown): value is ApiError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

export interface ApiClientOptions {
  /** Base path or URL of the API, default `/api`. */
  endpoint?: string;
  /** Used instead of the global fetch (auth headers, proxies, tests). */
  fetch?: typeof fetch;
}

export interface ApiClient {
  readonly endpoint: string;
  getSettings(signal?: AbortSignal): Promise<T.SettingsInfo>;
  saveSettings(update: T.SettingsUpdate): Promise<T.SettingsInfo>;
  /** The resolved config; with an agent, the agent fallback is consulted too. */
  getProvider(agent?: string): Promise<T.ProviderInfo>;
  listAgents(): Promise<T.AgentInfo[]>;
  listSkills(agent: string): Promise<T.SkillSummary[]>;
  getSkill(agent: string, name: string): Promise<T.SkillFile>;
  /** Without an agent, the workspace-level route `POST {endpoint}/skill-builder/validate`. */
  validate(request: T.ValidateRequest, agent?: string, signal?: AbortSignal): Promise<T.ValidationResult & { review: DraftReview }>;
  save(agent: string, request: T.SaveRequest): Promise<T.SaveResult>;
  /** Runs one tool of a draft on the server (`POST …/skill-builder/try`); 403 when the server does not allow tool runs. */
  tryTool(request: T.TryRequest, agent?: string): Promise<T.ToolRunResult>;
  /** One chat turn. Request-level failures throw ApiError before the first event; stopping throws an AbortError. */
  chat(request: T.ChatRequest, opts?: { agent?: string | undefined; signal?: AbortSignal }): AsyncGenerator<BuilderEvent>;
  /** POSTs JSON to `path` (below the endpoint) and returns the response; a non-2xx answer throws ApiError. For parts loaded on demand (the routing check). */
  post(path: string, body: unknown, signal?: AbortSignal): Promise<Response>;
  /** Any request below the endpoint: a Blob or FormData body is sent as it is, anything else as JSON; a non-2xx answer throws ApiError. */
  request(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response>;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const scriptsOf = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) if (typeof c === 'string') out[k] = c;
  return out;
};
/** `env_missing`: `[{name, kind}]`; a bare name (as Forge's dashboard sent them) counts as required. */
const missingEnv = (v: unknown): T.MissingEnvVar[] =>
  (Array.isArray(v) ? v : []).flatMap((m): T.MissingEnvVar[] => {
    if (typeof m === 'string') return [{ name: m, kind: 'required' }];
    const name = str((m as Json | null)?.name);
    return name ? [{ name, kind: (m as Json).kind === 'one_of' ? 'one_of' : 'required' }] : [];
  });
const diags = (v: unknown): Diagnostic[] => (Array.isArray(v) ? (v as Diagnostic[]) : []);
const toValidation = (j: Json): T.ValidationResult => {
  const errors = diags(j.errors);
  return { valid: j.valid === true || (j.valid === undefined && errors.length === 0), errors, warnings: diags(j.warnings) };
};

function toProvider(j: Json): T.ProviderInfo {
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
}

const toSettings = (j: Json): T.SettingsInfo => ({ ...toProvider(j), providers: strs(j.providers) });

/** The draft on the wire: its text, a folder draft's text files and its binaries' listing (their bytes travel with a save only). */
const wireDraft = (d: T.Draft) => ({ skill_md: d.skillMd, scripts: d.scripts, files: d.files, binaries: d.binaries?.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256 })) });

/** A whole-folder draft's `files` and `binaries` from the wire (import reply, a saved skill), or nothing for a SKILL.md-and-scripts skill. */
export const folderFromWire = (j: Json): Pick<T.Draft, 'files' | 'binaries'> =>
  j.files || j.binaries
    ? {
        files: scriptsOf(j.files),
        binaries: (Array.isArray(j.binaries) ? (j.binaries as Json[]) : []).map((b) => ({
          path: str(b.path),
          size: Number(b.size) || 0,
          sha256: str(b.sha256),
          ...(typeof b.content_base64 === 'string' && { contentBase64: b.content_base64 }),
        })),
      }
    : {};

/** Drops undefined values so optional fields are absent on the wire. */
function compact(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const endpoint = (options.endpoint ?? '/api').replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((...a) => globalThis.fetch(...a));
  const agentPath = (agent: string) => `/agents/${encodeURIComponent(agent)}`;

  async function send(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const raw = body instanceof Blob || body instanceof FormData;
    if (body !== undefined && !raw) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(endpoint + path, {
        method,
        headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
        body: body === undefined ? null : raw ? body : JSON.stringify(body),
        credentials: 'same-origin',
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch (e) {
      if (isAbortError(e)) throw e;
      throw new ApiError(`Could not reach the server at ${endpoint}: ${(e as Error).message || 'network error'}`, 0);
    }
    if (!res.ok) throw await errorFrom(res);
    return res;
  }

  async function json<T = Json>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const res = await send(method, path, body, signal ? { signal } : {});
    return (await res.json()) as T;
  }

  return {
    endpoint,
    post: (path, body, signal) => send('POST', path, body, { signal: signal ?? null }),
    request: (method, path, body, signal) => send(method, path, body, { signal: signal ?? null }),
    getSettings: async (signal) => toSettings(await json('GET', '/settings/skill-builder', undefined, signal)),
    saveSettings: async (u) =>
      toSettings(
        await json(
          'PUT',
          '/settings/skill-builder',
          compact({ provider: u.provider, model: u.model, base_url: u.baseUrl || undefined, api_key_env: u.apiKeyEnv || undefined, api_key: u.apiKey || undefined }),
        ),
      ),
    getProvider: async (agent) => toProvider(await json('GET', `${agent ? agentPath(agent) : ''}/skill-builder/provider`)),
    listAgents: async () =>
      (await json<Json[]>('GET', '/agents')).map((a) => ({ id: str(a.id), path: str(a.path), hasSkills: a.has_skills === true })),
    listSkills: async (agent) =>
      (await json<Json[]>('GET', `${agentPath(agent)}/skill-builder/skills`)).map((s) => ({
        name: str(s.name),
        description: str(s.description),
        category: str(s.category),
        tags: strs(s.tags),
        path: str(s.path),
        hasScripts: s.has_scripts === true,
        tools: strs(s.tools),
      })),
    getSkill: async (agent, name) => {
      const s = await json('GET', `${agentPath(agent)}/skill-builder/skills/${encodeURIComponent(name)}`);
      return { name: str(s.name), skillMd: str(s.skill_md), scripts: scriptsOf(s.scripts), ...folderFromWire(s), path: str(s.path), format: s.format === 'flat' ? 'flat' : 'subdir' };
    },
    validate: async (r, agent, signal) => {
      const j = await json('POST', `${agent ? agentPath(agent) : ''}/skill-builder/validate`, compact({ ...wireDraft(r), mode: r.mode, editing_name: r.editingName }), signal);
      return { ...toValidation(j), review: toReview(j) };
    },
    save: async (agent, r) => {
      const j = await json('POST', `${agentPath(agent)}/skill-builder/save`, compact({
        skill_name: r.skillName,
        ...wireDraft(r),
        // The complete set: new bytes as base64, a saved skill's file kept by its sha256.
        binaries: r.binaries?.map((b) => (b.contentBase64 === undefined ? { path: b.path, sha256: b.sha256 } : { path: b.path, content_base64: b.contentBase64 })),
        env_vars: r.envVars,
        overwrite: r.overwrite,
        editing_name: r.editingName,
      }));
      return { path: str(j.path), egressAdded: strs(j.egress_added), envConfigured: strs(j.env_configured), envMissing: missingEnv(j.env_missing) };
    },
    tryTool: async (r, agent) => {
      const j = await json('POST', `${agent ? agentPath(agent) : ''}/skill-builder/try`, { ...wireDraft(r), tool: r.tool, input: r.input });
      // snake_case → camelCase keys; the lists are always lists.
      const out = Object.fromEntries(Object.entries(j).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v])) as unknown as T.ToolRunResult;
      return { ...out, outputDiagnostics: out.outputDiagnostics ?? [], egressBlocked: out.egressBlocked ?? [] };
    },
    async *chat(r, opts = {}) {
      const body = compact({ messages: r.messages, mode: r.mode, editing_name: r.editingName, draft: r.draft ? wireDraft(r.draft) : undefined });
      const init: RequestInit = { headers: { accept: 'text/event-stream' } };
      if (opts.signal) init.signal = opts.signal;
      const res = await send('POST', `${opts.agent ? agentPath(opts.agent) : ''}/skill-builder/chat`, body, init);
      if (!res.body) throw new ApiError('The server answered the chat without a body.', res.status);
      for await (const m of readSse(res.body, opts.signal)) {
        const ev = toEvent(m.event ?? 'message', m.data);
        if (ev) yield ev;
      }
    },
  };
}

/** Maps one SSE message to a BuilderEvent; unknown event names are ignored (forward compatible). */
function toEvent(name: string, data: string): BuilderEvent | null {
  let j: Json;
  try {
    j = JSON.parse(data) as Json;
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
      const ev: BuilderEvent = { type: 'skill_draft', skillMd: str(j.skill_md), scripts: scriptsOf(j.scripts) };
      if (j.spec !== undefined) ev.spec = j.spec;
      if (j.files) ev.files = scriptsOf(j.files);
      return ev;
    }
    case 'skill_draft_partial':
      return { type: 'skill_draft_partial', skillMd: str(j.skill_md), scripts: scriptsOf(j.scripts) };
    case 'done':
      return {
        type: 'done',
        status: 'complete',
        structured: j.structured === true,
        truncated: j.truncated === true,
        notice: typeof j.notice === 'string' ? j.notice : undefined,
      };
    case 'error':
      return { type: 'error', error: str(j.error) || 'The model call failed.', ...(typeof j.code === 'string' ? { code: j.code } : {}) };
    default:
      return null;
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let j: Json | null = null;
  try {
    j = JSON.parse(text) as Json;
  } catch {
    /* not JSON: use the text */
  }
  const message = str(j?.error) || text.trim().slice(0, 300) || `${res.status} ${res.statusText}`.trim();
  const v = j?.validation;
  return new ApiError(message, res.status, str(j?.field) || undefined, v && typeof v === 'object' ? toValidation(v as Json) : undefined);
}
