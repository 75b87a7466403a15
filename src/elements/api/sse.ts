// Reads a `text/event-stream` response body (from a POST, which EventSource
// cannot do) into `{event, data}` messages with eventsource-parser. Bytes are
// decoded with a streaming TextDecoder, so a multi-byte character split across
// network chunks, or an event split between its `event:` and `data:` lines,
// arrives whole.

import { createParser, type EventSourceMessage } from 'eventsource-parser';

export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (m) => queue.push(m) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const onAbort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  let ended = false;
  try {
    for (;;) {
      if (signal?.aborted) throw abortError();
      const { done, value } = await reader.read();
      if (signal?.aborted) throw abortError();
      // An event cut off by the end of the stream is dropped, as the SSE spec says.
      if (done) return void (ended = true);
      parser.feed(decoder.decode(value, { stream: true }));
      yield* queue.splice(0);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // A consumer that stopped early (after `done`/`error`) closes the connection.
    if (!ended) reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

export function abortError(): DOMException {
  return new DOMException('The request was stopped.', 'AbortError');
}

export function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}
