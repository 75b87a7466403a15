// The stream skeleton every provider adapter shares: connect, re-arm the idle
// timeout on each event, map SDK errors (before the reply started and after),
// yield text as it arrives, stay quiet when the call was aborted, treat a
// stream that ends without its end marker as cut, and close with tool calls,
// usage and the finish reason. A provider supplies only its own parts: how to
// connect, how to read one chunk, how its reply ends and how its errors map.
import type { LlmError } from '../errors.js';
import type { AdapterCall } from './adapter.js';
import { streamCutError } from './errors.js';
import type { FinishReason, LlmStreamPart, LlmUsage } from './types.js';

/** How a reply ended, as the provider's stream said. */
export interface ReplyEnd {
  finish: FinishReason;
  /** Only when the provider reported it. */
  usage?: LlmUsage;
  /** Complete tool calls, in the order they arrived. */
  toolCalls: readonly LlmStreamPart[];
}

/** The parts of one call that differ between providers. */
export interface ProviderReply<Chunk> {
  /** Sends the request; resolves to the provider's stream once the reply has started. */
  connect(): Promise<AsyncIterable<Chunk>>;
  /**
   * Reads one chunk: returns its text pieces in order (NO_TEXT when it has none) and keeps
   * what else it says (finish, usage, tool calls) for `end`. Throws for an error reported
   * inside the stream.
   */
  read(chunk: Chunk): readonly string[];
  /** Read after the stream closed: how the reply ended, or undefined when no end was seen (the stream was cut). */
  end(): ReplyEnd | undefined;
  /** The SDK's failure as an LlmError; `phase` says whether the reply had started. */
  mapError(err: unknown, phase: 'connect' | 'stream', receivedChars: number): LlmError;
  /** Runs once the stream is open; returns what to undo when reading stops (e.g. an abort hook). */
  opened?(stream: AsyncIterable<Chunk>): () => void;
}

/** What `read` returns for a chunk without text. */
export const NO_TEXT: readonly string[] = Object.freeze([]);

/** Runs one provider call through the shared skeleton; throws only what `mapError` (or `read`) made. */
export async function* streamReply<Chunk>(call: AdapterCall, reply: ProviderReply<Chunk>): AsyncGenerator<LlmStreamPart> {
  let stream: AsyncIterable<Chunk>;
  try {
    stream = await reply.connect();
  } catch (err) {
    throw reply.mapError(err, 'connect', 0);
  }
  call.activity();
  const undo = reply.opened?.(stream);
  let chars = 0;
  try {
    for await (const chunk of stream) {
      call.activity();
      for (const text of reply.read(chunk)) {
        chars += text.length;
        yield { type: 'text-delta', text };
      }
    }
  } catch (err) {
    throw reply.mapError(err, 'stream', chars);
  } finally {
    undo?.();
  }
  // SDKs end quietly on abort; the client turns that into `aborted`/`timeout`.
  if (call.signal.aborted) return;
  const end = reply.end();
  if (!end) throw streamCutError(call.errorContext, chars);
  yield* end.toolCalls;
  if (end.usage) yield { type: 'usage', usage: end.usage };
  yield { type: 'finish', reason: end.finish };
}
