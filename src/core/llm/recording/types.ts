// The record/replay contract of the LLM client: what one recording file holds
// (the canonical request and every response it got, in order), where files are
// kept (LlmRecordingStore: a directory in Node, memory anywhere) and how a
// client is asked to record or replay (LlmRecording in LlmConfig).

/** Version tag written into every recording file. */
export const RECORDING_FORMAT = 'forge-llm-recording/1';

/** The request as it is hashed: no origin, no headers, no key; the JSON body with sorted keys. */
export interface CanonicalRequest {
  method: string;
  /** Path and query of the URL, query parameters sorted, credentials (`key`, `api_key` …) removed. */
  path: string;
  /** The parsed JSON body (keys sorted), or the raw text when it is not JSON, or null when there is none. */
  body: unknown;
}

/** One provider response as received: status, the headers kept, and the body in the chunks it arrived in. */
export interface RecordedResponse {
  status: number;
  status_text: string;
  /** Only `content-type` and `retry-after`: nothing that identifies the account. */
  headers: Record<string, string>;
  /** The body, decoded as UTF-8, chunk by chunk. */
  chunks: string[];
}

/** The content of one recording file (`<hash>.json`). */
export interface RecordingFile {
  format: typeof RECORDING_FORMAT;
  hash: string;
  request: CanonicalRequest;
  /** Every response recorded for this request, in order: the n-th identical request is answered with the n-th (the last one once they run out). */
  responses: RecordedResponse[];
}

/** Where recordings live. `location` names it in messages (a directory path, "memory"). */
export interface LlmRecordingStore {
  readonly location: string;
  read(hash: string): Promise<RecordingFile | undefined>;
  write(hash: string, file: RecordingFile): Promise<void>;
}

/**
 * Record or replay a client's provider calls. `record` calls the provider and saves
 * every request and its streamed response into `store` (the key and auth headers are
 * never written); `replay` answers every request from `store` with no network and
 * throws LlmReplayMissError for a request that was not recorded.
 */
export interface LlmRecording {
  mode: 'record' | 'replay';
  store: LlmRecordingStore;
}
