// The framework-neutral shapes the HTTP layer works with: the options both
// adapters take, the request view a route handler sees, and the result it
// returns (a JSON reply or an SSE stream). The node:http and Fetch adapters
// translate their platform objects to and from these.

import type { LlmClientFactory } from '../config/workspace-llm.js';
import type { EnvRecord, FsLike } from '../fs/types.js';
import type { SandboxMode } from '../sandbox/types.js';
import type { HostResolver } from '../workspace/resolve-egress.js';

/**
 * One line of the request log. Never holds a request body, header value or key;
 * control characters in `path` and `error` are escaped (`\n`, `\e`), so each entry prints as one line.
 */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  /** Milliseconds from the request's arrival to the end of the reply (the end of the stream for SSE). */
  ms: number;
  /** A short, redacted description of why the request failed, when it did. */
  error?: string;
}

export type RequestLogger = (entry: RequestLogEntry) => void;

// `(config) => LlmClient`, defined once in workspace-llm.ts (createWorkspaceSkillBuilder takes it too).
export type { LlmClientFactory };

export interface ApiHandlerOptions {
  /** The workspace folder: `.forge/ui.yaml`, `.forge/.env` and the agents live here. */
  workspaceDir: string;
  /** A `node:fs`-compatible object (e.g. a memfs volume). Defaults to `node:fs`. */
  fs?: FsLike;
  /** Used instead of `process.env` for key lookup. Defaults to `process.env` (read, never written). */
  env?: EnvRecord;
  /** The user's home folder (for `~/.forge/ui.yaml`). Defaults to `os.homedir()`. */
  homeDir?: string;
  /** Where the API is mounted. Default `/api`. */
  basePath?: string;
  /** Makes the LLM client for a chat; default `createLlmClient` (the real provider SDKs). */
  llmClientFactory?: LlmClientFactory;
  /**
   * Origins (`https://host:port`) besides the served one that may call mutating
   * routes from a browser and read replies (CORS). Never a wildcard.
   */
  allowedOrigins?: readonly string[];
  /**
   * How a 403 for a cross-origin request names the setting that allows an
   * origin. Default `allowedOrigins` (this option); a command line passes its
   * flag instead (`forge-skill-builder ui` passes `--allow-origin`).
   */
  allowedOriginsSetting?: string;
  /**
   * Host names (without port) the server answers to besides the loopback names
   * (`localhost`, `127.0.0.1`, `[::1]`). Requests with any other `Host` are
   * refused (DNS rebinding). `'any'` turns the check off — for hosts that do
   * their own Host validation behind a reverse proxy.
   */
  allowedHosts?: readonly string[] | 'any';
  /**
   * An access token every API request must carry, as `Authorization: Bearer
   * <token>` or in a `forge_skill_builder_token…` cookie; without it the reply
   * is `401`. Off (absent or false) for createRequestHandler and
   * createFetchHandler, whose host puts its own auth in front; startServer
   * makes one per start unless told `token: false`.
   */
  token?: string | false;
  /** Largest accepted JSON body in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Largest accepted body of `…/skill-builder/save`, which carries the skill's folder files. Default 29 MiB. */
  maxSaveBodyBytes?: number;
  /**
   * Milliseconds a request body may take to arrive in full; a slower one gets
   * `408` and its connection is closed (a client trickling bytes cannot hold
   * the server). Default 30000.
   */
  bodyTimeoutMs?: number;
  /** Milliseconds of silence after which an SSE stream gets a `: ping` comment. Default 15000. */
  heartbeatMs?: number;
  /**
   * Send `skill_draft_partial` events (the draft as far as the model has written
   * it, at most ~10 a second) during a chat. Default true.
   */
  partialDrafts?: boolean;
  /** Called once per request after the reply ended. Default: no logging. */
  logger?: RequestLogger;
  /**
   * Lets `POST …/skill-builder/try` run a draft's tool scripts on this machine
   * (in bubblewrap unless `sandbox: 'none'`). Off by default: the route answers 403.
   */
  toolRuns?: boolean | { sandbox?: SandboxMode };
  /**
   * Lets tool runs reach loopback, private, link-local and metadata addresses
   * a draft declares (a local test service). Off by default, and no request
   * can turn it on; the server's own addresses stay refused even then.
   */
  allowPrivateEgress?: boolean;
  /**
   * Where this server listens, as `{address, port}` (`0.0.0.0`/`::` = every
   * local address): a tool run's proxy never dials them. The Node adapter adds
   * the address each try request arrived on; startServer adds its own; a
   * Fetch-handler host should list where it listens.
   */
  forbiddenUpstreams?: ReadonlyArray<{ address: string; port: number }>;
  /**
   * Check the draft's scripts on every validate (bash -n, ShellCheck, python3 -m
   * py_compile, node --check; nothing is run) and answer them as `syntax`.
   * Default true; false for hosts that must not start processes.
   */
  scriptChecks?: boolean;
  /**
   * Resolves the egress names a saved skill declares (all addresses of a name);
   * a name that resolves to a loopback, private or metadata address is risky.
   * Default `node:dns` lookup, at most 1.5 s per save, cached for a minute.
   */
  resolveHost?: HostResolver;
}

/** A case-insensitive view of the request headers. */
export interface HeaderView {
  get(name: string): string | undefined;
}

/** What a route handler sees of a request, whichever adapter received it. */
export interface ApiRequest {
  method: string;
  /** The path below `basePath`, percent-decoding not applied (e.g. `/agents/a%20b/skill-builder/skills`). */
  path: string;
  headers: HeaderView;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** `http:` or `https:` — the scheme the request arrived over. */
  protocol: string;
  /** Reads the body as text, refusing more than `limit` bytes (RequestError 413) or a body slower than `timeoutMs` (408). */
  readBody(limit: number, timeoutMs?: number): Promise<string>;
  /** Reads the body as bytes with the same limits (a zip upload); both adapters provide it. */
  readBytes?(limit: number, timeoutMs?: number): Promise<Uint8Array>;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The server address and port the request arrived on (Node adapter only). */
  localAddress?: { address: string; port: number };
}

/** One SSE event on the wire: `event: <event>\ndata: <json>\n\n`. */
export interface SseEvent {
  event: string;
  data: unknown;
}

export type ApiResult =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  /** A binary reply (a zip download); `headers` carries its content type. */
  | { kind: 'bytes'; status: number; body: Uint8Array; headers: Record<string, string> }
  | {
      kind: 'sse';
      /** The events to send; the stream ends when the iterable does. */
      events: AsyncIterable<SseEvent>;
      /** Aborts the work behind `events` (client disconnect, server shutdown). */
      abort(reason?: unknown): void;
    };
