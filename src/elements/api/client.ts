// The browser client of the skill-builder HTTP API: every route the
// elements use, snake_case on the wire and camelCase here — mapped by the
// plain mappers of core/protocol, the ones the server's codecs use — `fetch` only (an
// injected one for hosts that add auth headers, and for tests). A non-2xx
// answer becomes an ApiError carrying the status and the server's own message
// (and the field or validation result when the server names them). Chat is a
// POST answered with SSE; it yields the same BuilderEvent union as the core.

import type { BuilderEvent } from '../../core/envelope/events.js';
import { ForgeError, hasForgeCode } from '../../core/errors.js';
import { builderEventFromWire } from '../../core/protocol/builder-events-wire.js';
import {
  agentInfoFromWire,
  createAgentRequestToWire,
  chatRequestToWire,
  customSkillFromWire,
  errorReplyFromWire,
  folderFromWire,
  providerInfoFromWire,
  saveRequestToWire,
  saveResultFromWire,
  settingsInfoFromWire,
  settingsUpdateToWire,
  skillSummaryFromWire,
  toolRunFromWire,
  tryRequestToWire,
  validateRequestToWire,
  validationFromWire,
  type WireJson as Json,
} from '../../core/protocol/wire.js';
import { toReview, type DraftReview } from './review.js';
import { isAbortError, readSse } from './sse.js';
import type * as T from '../types.js';
import { trimEndOf } from '../../core/trim-run.js';

/**
 * A non-2xx answer (or no answer: status 0) from the API. `message` is the
 * server's `error` text, `field` the request field it blamed (e.g. `base_url`).
 */
export class ApiError extends ForgeError {
  readonly code = 'api' as const;
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    field?: string,
    /** The validation result of a save refused with 400 "validation failed". */
    readonly validation?: T.ValidationResult,
  ) {
    super(message, { field });
  }
  static override isInstance(value: unknown): value is ApiError {
    return hasForgeCode(value, 'api');
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
  /** Creates an agent (a folder with forge.yaml) in the workspace: `POST {endpoint}/agents`. */
  createAgent(agentId: string): Promise<T.AgentInfo>;
  /** The agent's skills, each with its trust when the server reports one. */
  listSkills(agent: string): Promise<T.SkillListItem[]>;
  getSkill(agent: string, name: string): Promise<T.CustomSkillData>;
  /** Without an agent, the workspace-level route `POST {endpoint}/skill-builder/validate`. */
  validate(request: T.ValidateRequest, agent?: string, signal?: AbortSignal): Promise<T.ValidationResult & { review: DraftReview }>;
  save(agent: string, request: T.SaveSkillRequest): Promise<T.SaveSkillResult>;
  /** Runs one tool of a draft on the server (`POST …/skill-builder/try`); 403 when the server does not allow tool runs. */
  tryTool(request: T.TryRequest, agent?: string): Promise<T.ToolRunResult>;
  /** One chat turn. Request-level failures throw ApiError before the first event; stopping throws an AbortError. */
  chat(request: T.ChatRequest, opts?: { agent?: string | undefined; signal?: AbortSignal }): AsyncGenerator<BuilderEvent>;
  /** POSTs JSON to `path` (below the endpoint) and returns the response; a non-2xx answer throws ApiError. For parts loaded on demand (the routing check). */
  post(path: string, body: unknown, signal?: AbortSignal): Promise<Response>;
  /** Any request below the endpoint: a Blob or FormData body is sent as it is, anything else as JSON; a non-2xx answer throws ApiError. */
  request(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response>;
}

/** A whole-folder draft's `files` and `binaries` from the wire (import reply, a saved skill). */
export { folderFromWire };

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const endpoint = trimEndOf(options.endpoint ?? '/api', '/');
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
    getSettings: async (signal) => settingsInfoFromWire(await json('GET', '/settings/skill-builder', undefined, signal)),
    saveSettings: async (u) => settingsInfoFromWire(await json('PUT', '/settings/skill-builder', settingsUpdateToWire(u))),
    getProvider: async (agent) => providerInfoFromWire(await json('GET', `${agent ? agentPath(agent) : ''}/skill-builder/provider`)),
    listAgents: async () => (await json<unknown[]>('GET', '/agents')).map(agentInfoFromWire),
    createAgent: async (agentId) => agentInfoFromWire(await json('POST', '/agents', createAgentRequestToWire(agentId))),
    listSkills: async (agent) => {
      const list = await json<Array<{ trust?: unknown }>>('GET', `${agentPath(agent)}/skill-builder/skills`);
      // The trust mapping is loaded only for a list that carries trust (it stays out of the first bundle).
      const trustOf = list.some((j) => j?.trust) ? (await import('../../core/protocol/trust-wire.js')).skillSummaryTrustFromWire : () => undefined;
      return list.map((j) => {
        const trust = trustOf(j);
        return trust ? { ...skillSummaryFromWire(j), trust } : skillSummaryFromWire(j);
      });
    },
    getSkill: async (agent, name) => customSkillFromWire(await json('GET', `${agentPath(agent)}/skill-builder/skills/${encodeURIComponent(name)}`)),
    validate: async (r, agent, signal) => {
      const j = await json('POST', `${agent ? agentPath(agent) : ''}/skill-builder/validate`, validateRequestToWire(r), signal);
      return { ...validationFromWire(j), review: toReview(j) };
    },
    save: async (agent, r) => saveResultFromWire(await json('POST', `${agentPath(agent)}/skill-builder/save`, saveRequestToWire(r))),
    tryTool: async (r, agent) => toolRunFromWire(await json('POST', `${agent ? agentPath(agent) : ''}/skill-builder/try`, tryRequestToWire(r))),
    async *chat(r, opts = {}) {
      const body = chatRequestToWire(r);
      const init: RequestInit = { headers: { accept: 'text/event-stream' } };
      if (opts.signal) init.signal = opts.signal;
      const res = await send('POST', `${opts.agent ? agentPath(opts.agent) : ''}/skill-builder/chat`, body, init);
      if (!res.body) throw new ApiError('The server answered the chat without a body.', res.status);
      for await (const m of readSse(res.body, opts.signal)) {
        const ev = builderEventFromWire(m.event ?? 'message', m.data);
        if (ev) yield ev;
      }
    },
  };
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let j: unknown = null;
  try {
    j = JSON.parse(text);
  } catch {
    /* not JSON: use the text */
  }
  // The field to fix travels as data (`field`, a wire name), never read out of the message.
  const e = errorReplyFromWire(j);
  return new ApiError(e.error || text.trim().slice(0, 300) || `${res.status} ${res.statusText}`.trim(), res.status, e.field, e.validation);
}
