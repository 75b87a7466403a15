// A fake skill-builder API behind a `fetch` function, speaking the wire
// contract of SPEC §6 (snake_case JSON, SSE chat, {"error"} bodies). Tests set
// its state (settings, agents, skills) and hooks (chat, validate, save) and
// read back every request it received.

import { DEFAULT_API_KEY_ENV, type ProviderName } from '../../../src/core/llm/types.js';
import { sseStream, type SseEvent, type SseStream } from './sse.js';

export interface Call {
  method: string;
  path: string;
  /** The parsed JSON body, or undefined when there is none or it is not text. */
  body: any;
  /** A body sent as it is (a Blob, FormData). */
  raw?: unknown;
  query: URLSearchParams;
  headers: Headers;
  signal: AbortSignal | null;
}

/** A skill on disk as the fake keeps it (files/binaries: a skill folder's other files, as GET …/skills/{name} lists them). */
export interface FakeSkill {
  skill_md: string;
  scripts: Record<string, string>;
  files?: Record<string, string>;
  binaries?: Array<{ path: string; size: number; sha256: string; content_base64?: string }>;
  /** What its signatures say, as `GET …/skills` lists it (wire JSON); left out when not given. */
  trust?: Record<string, unknown>;
}

export type Handler = (call: Call) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const errorResponse = (status: number, error: string, extra: Record<string, unknown> = {}) => json({ error, ...extra }, status);

/** One entry of a save's `env_missing`. */
export interface MissingEnv {
  name: string;
  kind: 'required' | 'one_of';
}

/** A required env var, as `env_missing` lists it. */
export const requiredEnv = (name: string): MissingEnv => ({ name, kind: 'required' });

export interface WireSettings {
  provider: string;
  model: string;
  base_url: string;
  api_key_env: string;
  has_key: boolean;
  source: string;
  warning: string;
  trusted?: boolean;
}

export const WEATHER_SKILL_MD = `---
name: weather-report
description: When the user asks about the weather ("what's the weather in Paris?"), fetch it.
metadata:
  forge:
    requires:
      bins: [curl]
      env:
        required: [WEATHER_API_KEY]
---
# Weather report

## Tool: weather_current
`;

export const WEATHER_SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "{}"\n';

/** A chat reply in wire events: deltas (with multi-byte characters), the message, a draft, done. */
export function draftReply(opts: { message?: string; skillMd?: string; scripts?: Record<string, string>; truncated?: boolean } = {}): SseEvent[] {
  const message = opts.message ?? 'Here is your skill — café ☕ and tools 🛠 included.';
  const half = Math.floor(message.length / 2);
  return [
    ['progress', { chars: 12, phase: 'message' }],
    ['message_delta', { delta: message.slice(0, half) }],
    ['message_delta', { delta: message.slice(half) }],
    ['progress', { chars: 1234, phase: 'skill' }],
    ['message', { content: message }],
    ['skill_draft', { skill_md: opts.skillMd ?? WEATHER_SKILL_MD, scripts: opts.scripts ?? { 'weather-current.sh': WEATHER_SCRIPT } }],
    [
      'done',
      {
        status: 'complete',
        structured: true,
        truncated: opts.truncated ?? false,
        ...(opts.truncated ? { notice: 'The model stopped at its output limit, so the draft may be incomplete.' } : {}),
      },
    ],
  ];
}

export function questionReply(message = 'Which city should it use by default?'): SseEvent[] {
  return [
    ['progress', { chars: 5, phase: 'message' }],
    ['message_delta', { delta: message }],
    ['message', { content: message }],
    ['done', { status: 'complete', structured: true, truncated: false }],
  ];
}

export class FakeApi {
  calls: Call[] = [];
  settings: WireSettings = {
    provider: 'openai',
    model: 'gpt-4.1',
    base_url: '',
    api_key_env: 'OPENAI_API_KEY',
    has_key: true,
    source: 'workspace',
    warning: '',
  };
  providers = ['openai', 'anthropic', 'gemini', 'ollama'];
  agents = [
    { id: 'ops-bot', path: 'agents/ops-bot', has_skills: true },
    { id: 'support-bot', path: 'agents/support-bot', has_skills: false },
  ];
  /** Skills on disk, by agent then name. */
  skills: Record<string, Record<string, FakeSkill>> = { 'ops-bot': {}, 'support-bot': {} };
  /** `POST /skill-builder/import`: the wire reply (or an error Response) for the uploaded package. */
  importReply: (call: Call) => unknown = () => errorResponse(400, 'the fake API has no import reply set');
  /** `GET …/skills/{name}/export`: the zip bytes sent back. */
  exportBytes = (agent: string, name: string, format: string) => new TextEncoder().encode(`PK fake ${format} of ${agent}/${name}`);
  /** Env vars each saved skill still lacks (for save results), as the server reports them. */
  envMissing: MissingEnv[] = [];
  egressAdded: string[] = ['api.weather.example'];
  /** Chat hook: events to stream, or a Response (e.g. an HTTP error). */
  chat: (call: Call) => SseEvent[] | Response | SseStream = () => draftReply();
  validate: (body: any) => { valid: boolean; errors: any[]; warnings: any[] } = () => ({ valid: true, errors: [], warnings: [] });
  /** `POST …/catalog-budget`: the wire reply for the draft (by default, a catalog well within its budget). */
  catalogBudget: (body: any) => unknown = (body) => ({
    skill: /^name: *(\S+)/m.exec(body?.skill_md ?? '')?.[1] ?? 'my-skill',
    budget_chars: 8000,
    chars: 1850,
    tokens: 463,
    chars_without: 1640,
    line_chars: 170,
    tool_chars: 40,
    truncated: [],
    pushed_out: [],
    over_budget: false,
  });
  /** Overrides any route: return undefined to fall through. */
  override: (call: Call) => Response | Promise<Response> | undefined = () => undefined;
  /** Streams handed out by the chat route, newest last. */
  streams: SseStream[] = [];
  /** Hold every chat stream after this many events. */
  holdAfter?: number;

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      ...(init.body && typeof init.body !== 'string' ? { raw: init.body } : {}),
      query: url.searchParams,
      headers: new Headers(init.headers),
      signal: init.signal ?? null,
    };
    this.calls.push(call);
    await new Promise((r) => setTimeout(r, 1));
    if (call.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const overridden = this.override(call);
    if (overridden) return overridden;
    return this.route(call);
  };

  callsTo(method: string, pathPart: string | RegExp): Call[] {
    return this.calls.filter((c) => c.method === method && (typeof pathPart === 'string' ? c.path.endsWith(pathPart) : pathPart.test(c.path)));
  }

  lastCall(method: string, pathPart: string | RegExp): Call | undefined {
    const all = this.callsTo(method, pathPart);
    return all[all.length - 1];
  }

  private route(call: Call): Response | Promise<Response> {
    const { method, path } = call;
    const p = path.replace(/^\/api/, '');
    let m: RegExpExecArray | null;
    if (p === '/settings/skill-builder' && method === 'GET') return json({ ...this.settings, providers: this.providers });
    if (p === '/settings/skill-builder' && method === 'PUT') return this.putSettings(call.body);
    if ((p === '/skill-builder/provider' || /^\/agents\/[^/]+\/skill-builder\/provider$/.test(p)) && method === 'GET') return json(this.settings);
    if (p === '/agents' && method === 'GET') return json(this.agents);
    if (p === '/agents' && method === 'POST') {
      const id = (call.body as { agent_id: string }).agent_id;
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) return errorResponse(400, `"${id}" is not a valid agent id`, { field: 'agent_id' });
      if (this.agents.some((a) => a.id === id)) return errorResponse(409, `the workspace already has an agent "${id}"; pick another id`);
      const agent = { id, path: `agents/${id}`, has_skills: false };
      this.agents = [...this.agents, agent];
      return json(agent, 201);
    }
    if ((p === '/skill-builder/chat' || /^\/agents\/[^/]+\/skill-builder\/chat$/.test(p)) && method === 'POST') {
      const out = this.chat(call);
      if (out instanceof Response) return out;
      const stream = Array.isArray(out) ? sseStream(out, { signal: call.signal, ...(this.holdAfter !== undefined ? { holdAfter: this.holdAfter } : {}) }) : out;
      this.streams.push(stream);
      return stream.response;
    }
    if (/^\/agents\/[^/]+\/skill-builder\/catalog-budget$/.test(p) && method === 'POST') return json(this.catalogBudget(call.body));
    if ((p === '/skill-builder/validate' || /^\/agents\/[^/]+\/skill-builder\/validate$/.test(p)) && method === 'POST') return json(this.validate(call.body));
    if ((m = /^\/agents\/([^/]+)\/skill-builder\/skills$/.exec(p)) && method === 'GET') {
      const agent = decodeURIComponent(m[1]!);
      const list = Object.entries(this.skills[agent] ?? {}).map(([name, s]) => ({
        name,
        description: /description: (.*)/.exec(s.skill_md)?.[1] ?? '',
        category: 'utilities',
        tags: [],
        path: `agents/${agent}/skills/${name}`,
        has_scripts: Object.keys(s.scripts).length > 0,
        tools: [...s.skill_md.matchAll(/^## Tool: (\S+)/gm)].map((x) => x[1]),
        ...(s.trust ? { trust: s.trust } : {}),
      }));
      return json(list);
    }
    if ((m = /^\/agents\/([^/]+)\/skill-builder\/skills\/([^/]+)$/.exec(p)) && method === 'GET') {
      const agent = decodeURIComponent(m[1]!);
      const name = decodeURIComponent(m[2]!);
      const s = this.skills[agent]?.[name];
      if (!s) return errorResponse(404, `skill "${name}" not found`);
      return json({
        name,
        skill_md: s.skill_md,
        scripts: s.scripts,
        files: s.files ?? {},
        binaries: s.binaries ?? [],
        path: `agents/${agent}/skills/${name}`,
        format: 'subdir',
      });
    }
    if (p === '/skill-builder/import' && method === 'POST') {
      const reply = this.importReply(call);
      return reply instanceof Response ? reply : json(reply);
    }
    if ((m = /^\/agents\/([^/]+)\/skill-builder\/skills\/([^/]+)\/export$/.exec(p)) && method === 'GET') {
      const [agent, name] = [decodeURIComponent(m[1]!), decodeURIComponent(m[2]!)];
      if (!this.skills[agent]?.[name]) return errorResponse(404, `agent "${agent}" has no skill "${name}"`);
      const format = call.query.get('format') ?? 'zip';
      const headers = { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${name}.${format}"` };
      return new Response(this.exportBytes(agent, name, format), { headers });
    }
    if ((m = /^\/agents\/([^/]+)\/skill-builder\/save$/.exec(p)) && method === 'POST') return this.save(decodeURIComponent(m[1]!), call.body);
    return errorResponse(404, `no route ${method} ${path}`);
  }

  private putSettings(body: any): Response {
    if (!this.providers.includes(body.provider)) return errorResponse(400, 'provider must be one of openai, anthropic, gemini, ollama', { field: 'provider' });
    const env = body.api_key_env ?? DEFAULT_API_KEY_ENV[body.provider as ProviderName] ?? '';
    const keyKept = this.settings.has_key && this.settings.api_key_env === env;
    this.settings = {
      provider: body.provider,
      model: body.model,
      base_url: body.base_url ?? '',
      api_key_env: env,
      has_key: body.provider === 'ollama' ? false : Boolean(body.api_key) || keyKept,
      source: 'workspace',
      warning: '',
    };
    return json({ ...this.settings, providers: this.providers });
  }

  private save(agent: string, body: any): Response {
    const existing = this.skills[agent]?.[body.skill_name];
    if (existing && !body.overwrite) return errorResponse(409, `skill "${body.skill_name}" already exists in agent "${agent}"`);
    const result = this.validate(body);
    if (!result.valid) return errorResponse(400, 'validation failed', { validation: result });
    if (body.editing_name && body.editing_name !== body.skill_name) delete this.skills[agent]?.[body.editing_name];
    (this.skills[agent] ??= {})[body.skill_name] = {
      skill_md: body.skill_md,
      scripts: body.scripts ?? {},
      ...(body.files && { files: body.files }),
      ...(body.binaries && { binaries: body.binaries }),
    };
    const provided = Object.keys(body.env_vars ?? {});
    // Like the server: a provided var is no longer missing, and one member of the one_of group satisfies the group.
    const groupSet = this.envMissing.some((m) => m.kind === 'one_of' && provided.includes(m.name));
    return json({
      path: `agents/${agent}/skills/${body.skill_name}`,
      egress_added: existing ? [] : this.egressAdded,
      env_configured: provided,
      env_missing: this.envMissing.filter((m) => !provided.includes(m.name) && !(m.kind === 'one_of' && groupSet)),
    });
  }
}
