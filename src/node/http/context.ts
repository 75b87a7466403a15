// What a route handler receives: the request view, the path parameters, the
// resolved handler options (workspace, fs, env, home, client factory), a JSON
// body reader bound to the size limit, and the per-request set of secrets that
// the adapters scrub from the reply and the log line.

import { SETTINGS_UPDATE } from '../../core/protocol/fields.js';
import type { z } from 'zod';
import { parseRequestBody } from '../../core/protocol/schemas.js';
import { parseJsonBody } from './body.js';
import type { EnvRecord, IoOptions } from '../fs/types.js';
import type { SandboxMode } from '../sandbox/types.js';
import type { ApiHandlerOptions, ApiRequest, ApiResult, LlmClientFactory } from './types.js';

/** The handler options with defaults applied. */
export interface ApiServices {
  workspaceDir: string;
  fs: ApiHandlerOptions['fs'];
  env: EnvRecord;
  homeDir: string | undefined;
  basePath: string;
  llmClientFactory: LlmClientFactory | undefined;
  maxBodyBytes: number;
  maxSaveBodyBytes: number;
  bodyTimeoutMs: number;
  /** The sandbox tool runs use, or null when tool runs are off. */
  toolRuns: SandboxMode | null;
  /** Tool runs may reach private addresses (the host's option; never a request's). */
  allowPrivateEgress: boolean;
  /** Where the server listens: tool runs never reach it (read at each run). */
  forbiddenUpstreams: ReadonlyArray<{ address: string; port: number }>;
  /** Whether chats send `skill_draft_partial` events. */
  partialDrafts: boolean;
  /** Validate also checks the scripts' syntax (the `scriptChecks` option). */
  scriptChecks: boolean;
  /** How a save resolves the declared egress names (the `resolveHost` option); undefined: node:dns. */
  resolveHost: ApiHandlerOptions['resolveHost'];
  /** `{fs?, env, homeDir?}` ready to spread into a node adapter call. */
  io: IoOptions;
}

export interface RouteContext {
  req: ApiRequest;
  params: Record<string, string>;
  services: ApiServices;
  /** Values that must never leave the server (API keys seen by this request). */
  secrets: Set<string>;
  /** Reads, parses and validates the JSON body (413 / 400 naming the field); its `api_key` joins `secrets` first. */
  json<S extends z.ZodType>(schema: S, limit?: number): Promise<z.output<S>>;
}

export type RouteHandler = (ctx: RouteContext) => Promise<ApiResult>;

export function createRouteContext(req: ApiRequest, params: Record<string, string>, services: ApiServices): RouteContext {
  const secrets = new Set<string>();
  return {
    req,
    params,
    services,
    secrets,
    async json<S extends z.ZodType>(schema: S, limit = services.maxBodyBytes): Promise<z.output<S>> {
      const text = await req.readBody(limit, services.bodyTimeoutMs);
      const body = parseJsonBody(text);
      // The key a body carries is a secret before it is valid: a 400 about another
      // field (a base_url that is the key pasted in the wrong box) must not echo it.
      const apiKey = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[SETTINGS_UPDATE.apiKey] : undefined;
      if (typeof apiKey === 'string' && apiKey !== '') secrets.add(apiKey);
      return parseRequestBody(schema as z.ZodType<z.output<S>>, body);
    },
  };
}

/** A JSON reply. */
export function json(body: unknown, status = 200): ApiResult {
  return { kind: 'json', status, body };
}
