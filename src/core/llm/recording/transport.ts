// Record and replay at the fetch layer, under every provider SDK: `record` passes
// each request to the real fetch and saves it (canonical form, see canonical.ts)
// with its response once the body has been read to the end; `replay` answers from the store
// and never touches the network. Nothing of the request's headers is written,
// only two response headers are, and every configured secret is replaced in the
// file before it is stored. A response is saved only when its body was read to
// the end (an aborted stream leaves no half recording). While recording, a reply
// reaches the SDK only once complete: recording is for test runs, not live chat.
import { LlmReplayMissError, redactSecret } from '../../errors.js';
import { canonicalRequest, hashRequest } from './canonical.js';
import { RECORDING_FORMAT, type CanonicalRequest, type LlmRecording, type LlmRecordingStore, type RecordedResponse, type RecordingFile } from './types.js';

const KEPT_RESPONSE_HEADERS = ['content-type', 'retry-after'];
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** What a session knows per store: which hashes it has written (a re-record starts them anew) and how often each was served. */
interface Session {
  written: Set<string>;
  served: Map<string, number>;
  queue: Map<string, Promise<void>>;
}
const sessions = new WeakMap<LlmRecordingStore, Session>();
function session(store: LlmRecordingStore): Session {
  let s = sessions.get(store);
  if (!s) sessions.set(store, (s = { written: new Set(), served: new Map(), queue: new Map() }));
  return s;
}

export interface RecordingTransport {
  fetch: typeof fetch;
  /** The replay miss of this transport's last request, if it had one (SDKs wrap what fetch throws). */
  miss(): LlmReplayMissError | undefined;
}

async function bodyText(body: unknown): Promise<string | null> {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  return new Response(body as BodyInit).text();
}

async function readRequest(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): Promise<{ url: string; method: string; body: string | null }> {
  if (typeof Request !== 'undefined' && input instanceof Request) {
    return { url: input.url, method: init?.method ?? input.method, body: init?.body != null ? await bodyText(init.body) : await input.clone().text() };
  }
  const url = input instanceof URL ? input.href : String(input);
  return { url, method: init?.method ?? 'GET', body: await bodyText(init?.body) };
}

function keptHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === 'string') return redactSecret(value, ...secrets) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, secrets)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, secrets);
    return out as T;
  }
  return value;
}

function save(store: LlmRecordingStore, hash: string, request: CanonicalRequest, response: RecordedResponse, secrets: readonly string[]): Promise<void> {
  const state = session(store);
  const next = (state.queue.get(hash) ?? Promise.resolve()).then(async () => {
    const earlier = state.written.has(hash) ? ((await store.read(hash))?.responses ?? []) : [];
    state.written.add(hash);
    const file: RecordingFile = { format: RECORDING_FORMAT, hash, request, responses: [...earlier, response] };
    await store.write(hash, redactDeep(file, secrets));
  });
  state.queue.set(
    hash,
    next.catch(() => undefined),
  );
  return next;
}

/** Reads the whole body as it arrives, chunk by chunk (UTF-8 text). */
async function readChunks(response: Response): Promise<string[]> {
  if (!response.body) return [];
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (text) chunks.push(text);
  }
  const tail = decoder.decode();
  if (tail) chunks.push(tail);
  return chunks;
}

function replayedResponse(recorded: RecordedResponse, headers: HeadersInit = recorded.headers): Response {
  const encoder = new TextEncoder();
  const body = NULL_BODY_STATUS.has(recorded.status)
    ? null
    : new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of recorded.chunks) controller.enqueue(encoder.encode(chunk));
          controller.close();
        },
      });
  return new Response(body, { status: recorded.status, statusText: recorded.status_text, headers });
}

function missMessage(request: CanonicalRequest, hash: string, location: string): string {
  return (
    `No recorded reply for ${request.method} ${request.path} (request ${hash}) in ${location}. ` +
    'The request differs from every recorded one (a changed prompt, skill, model or setting changes it): ' +
    'record it again with a key (CLI: --record <dir>; SDK: recording mode "record"), or undo the change.'
  );
}

/**
 * A fetch that records into, or replays from, `recording.store`. `base` is the real fetch
 * (looked up per request; never called when replaying). `secrets` (the API key) are
 * replaced by `[redacted]` anywhere in a file before it is written.
 */
export function recordingTransport(
  base: () => typeof fetch,
  recording: LlmRecording,
  opts: { provider: string; secrets: readonly string[] },
): RecordingTransport {
  const { store } = recording;
  const secrets = opts.secrets.filter((s) => s.length > 0);
  let lastMiss: LlmReplayMissError | undefined;

  async function replay(request: CanonicalRequest, hash: string, signal: AbortSignal | null | undefined): Promise<Response> {
    signal?.throwIfAborted();
    const file = await store.read(hash);
    if (!file || file.format !== RECORDING_FORMAT || file.responses.length === 0) {
      lastMiss = new LlmReplayMissError(missMessage(request, hash, store.location), { provider: opts.provider, requestHash: hash, location: store.location });
      throw lastMiss;
    }
    const state = session(store);
    const n = state.served.get(hash) ?? 0;
    state.served.set(hash, n + 1);
    return replayedResponse(file.responses[Math.min(n, file.responses.length - 1)]!);
  }

  // The body is read to its end before the SDK sees it (some SDKs stop reading at their end
  // marker and abort the rest), then handed over in the chunks it came in.
  async function recordOne(
    input: Parameters<typeof fetch>[0],
    init: RequestInit | undefined,
    request: CanonicalRequest,
    hash: string,
    body: string | null,
  ): Promise<Response> {
    const sent = typeof Request !== 'undefined' && input instanceof Request ? input.clone() : input;
    const response = await base()(sent, body === null ? init : { ...init, body });
    const recorded: RecordedResponse = {
      status: response.status,
      status_text: response.statusText,
      headers: keptHeaders(response.headers),
      chunks: await readChunks(response),
    };
    await save(store, hash, request, recorded, secrets);
    return replayedResponse(recorded, response.headers);
  }

  const recordingFetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    lastMiss = undefined;
    const { url, method, body } = await readRequest(input, init);
    const request = canonicalRequest(method, url, body);
    const hash = await hashRequest(request);
    return recording.mode === 'replay' ? replay(request, hash, init?.signal) : recordOne(input, init, request, hash, body);
  };
  return { fetch: recordingFetch as typeof fetch, miss: () => lastMiss };
}

/** A store that keeps recordings in memory (browsers, tests): `files` is the live map. */
export function createMemoryRecordingStore(files: Map<string, RecordingFile> = new Map()): LlmRecordingStore & { files: Map<string, RecordingFile> } {
  return {
    location: 'memory',
    files,
    read: (hash) => Promise.resolve(files.has(hash) ? (JSON.parse(JSON.stringify(files.get(hash))) as RecordingFile) : undefined),
    write: (hash, file) => {
      files.set(hash, JSON.parse(JSON.stringify(file)) as RecordingFile);
      return Promise.resolve();
    },
  };
}
