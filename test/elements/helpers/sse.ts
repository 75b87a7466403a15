// Real SSE bytes in awkward chunks, as a slow proxy or a busy server would
// deliver them: every event is cut between its `event:` and `data:` lines,
// inside the event name, inside multi-byte UTF-8 characters, and otherwise at
// small odd sizes. A stream can be held after a given event (to look at the
// UI mid-reply) and fails like a real fetch body when its signal aborts.

export type SseEvent = [event: string, data: unknown];

export function sseText(events: SseEvent[]): string {
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/** Splits the bytes of one event at every awkward place. */
export function awkwardChunks(bytes: Uint8Array): Uint8Array[] {
  const cuts = new Set<number>();
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0a) cuts.add(i + 1); // after every line: event line | data line
    if (b >= 0xc0) cuts.add(i + 1); // inside a multi-byte character
    if (i % 7 === 3) cuts.add(i); // and at small odd sizes (inside `event: ` and names)
  }
  const sorted = [...cuts].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const c of sorted) {
    out.push(bytes.slice(start, c));
    start = c;
  }
  out.push(bytes.slice(start));
  return out;
}

export interface SseStream {
  response: Response;
  /** Lets a held stream continue. */
  release(): void;
  /** Resolves when the stream reached the hold point. */
  held: Promise<void>;
  /** Resolves when the body was cancelled or errored by an abort. */
  aborted: Promise<void>;
}

export interface SseOptions {
  /** Hold the stream after this many events (until release()). */
  holdAfter?: number;
  signal?: AbortSignal | null;
  /** Leave the stream open after the last event (a connection that never finishes). */
  hang?: boolean;
  status?: number;
}

export function sseStream(events: SseEvent[], opts: SseOptions = {}): SseStream {
  const enc = new TextEncoder();
  const perEvent = events.map((e) => awkwardChunks(enc.encode(sseText([e]))));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let markHeld!: () => void;
  const held = new Promise<void>((r) => (markHeld = r));
  let markAborted!: () => void;
  const aborted = new Promise<void>((r) => (markAborted = r));
  const tick = () => new Promise((r) => setTimeout(r, 1));
  let stopped = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const onAbort = () => {
        if (stopped) return;
        stopped = true;
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        markAborted();
      };
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      for (let i = 0; i < perEvent.length; i++) {
        if (opts.holdAfter !== undefined && i === opts.holdAfter) {
          markHeld();
          await Promise.race([released, aborted]);
        }
        for (const chunk of perEvent[i]!) {
          if (stopped) return;
          controller.enqueue(chunk);
          await tick();
        }
      }
      if (opts.holdAfter !== undefined && opts.holdAfter >= perEvent.length) markHeld();
      if (opts.hang) {
        await aborted;
        return;
      }
      if (!stopped) {
        stopped = true;
        controller.close();
      }
    },
    cancel() {
      stopped = true;
      markAborted();
    },
  });
  const response = new Response(body, { status: opts.status ?? 200, headers: { 'content-type': 'text/event-stream' } });
  return { response, release, held, aborted };
}
