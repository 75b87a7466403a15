// A scripted LlmClient for tests (ours and users'): each call to `stream`
// replays the next scripted reply (or the reply a function computes from the
// request) as text deltas of `chunkSize` characters, optionally `delayMs`
// apart, and records every request it received. It honours the request's
// AbortSignal like a real provider client: an abort ends the stream with
// LlmError code `aborted`. A reply may also be `{text?, error}` to script a
// call that fails after an optional partial text, or `{text, finish}` to end
// with another finish reason (`length`: cut off at the output limit), or
// `{toolCalls}` to answer with native tool calls (after the text, if any).

import { LlmError } from '../core/errors.js';
import type { FinishReason, LlmClient, LlmRequest, LlmStreamPart } from '../core/llm/types.js';

/** One scripted reply: its text, or a failure after some text, or a cut-off (finish reason `length`). */
export type ScriptedReply =
  string | { text?: string; error?: Error; finish?: FinishReason; toolCalls?: ReadonlyArray<{ name: string; arguments: Record<string, unknown> }> };

export interface ScriptedLlmOptions {
  /** Characters per text delta. Default 16. */
  chunkSize?: number;
  /** Milliseconds to wait before each delta. Default 0 (no timer at all). */
  delayMs?: number;
  /** Reported as the client's provider / model. Defaults `scripted` / `scripted-model`. */
  provider?: string;
  model?: string;
}

export interface ScriptedLlm extends LlmClient {
  /** Every request received, in order (a copy of `system` and `messages`; the signal is kept). */
  readonly requests: LlmRequest[];
  /** How many replies are left when the replies were given as a list. */
  readonly remaining: number;
}

export function createScriptedLlm(
  replies: readonly ScriptedReply[] | ((request: LlmRequest, index: number) => ScriptedReply | Promise<ScriptedReply>),
  options: ScriptedLlmOptions = {},
): ScriptedLlm {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? 16));
  const delayMs = Math.max(0, options.delayMs ?? 0);
  const provider = options.provider ?? 'scripted';
  const requests: LlmRequest[] = [];
  const queue = typeof replies === 'function' ? null : [...replies];
  let calls = 0;

  async function nextReply(request: LlmRequest): Promise<ScriptedReply> {
    const index = calls++;
    if (typeof replies === 'function') return replies(request, index);
    const reply = queue!.shift();
    if (reply === undefined) throw new LlmError('server', `scripted LLM has no reply left for call ${index + 1} (it was given ${index})`, { provider });
    return reply;
  }

  async function* stream(request: LlmRequest): AsyncGenerator<LlmStreamPart> {
    requests.push({ ...request, messages: request.messages.map((m) => ({ ...m })) });
    const signal = request.signal;
    throwIfAborted(signal, provider);
    const reply = await nextReply(request);
    const { text, error, finish, toolCalls } = typeof reply === 'string' ? { text: reply, error: undefined, finish: undefined, toolCalls: undefined } : reply;
    const body = text ?? '';
    for (let i = 0; i < body.length; i += chunkSize) {
      if (delayMs > 0) await sleep(delayMs, signal, provider);
      throwIfAborted(signal, provider);
      yield { type: 'text-delta', text: body.slice(i, i + chunkSize) };
    }
    throwIfAborted(signal, provider);
    if (error) throw error;
    for (const [i, call] of (toolCalls ?? []).entries()) {
      yield { type: 'tool-call', id: `call_${i}`, name: call.name, arguments: { ...call.arguments } };
    }
    yield { type: 'finish', reason: finish ?? (toolCalls?.length ? 'other' : 'stop') };
  }

  return {
    provider,
    model: options.model ?? 'scripted-model',
    requests,
    get remaining() {
      return queue === null ? Infinity : queue.length;
    },
    stream,
  };
}

function throwIfAborted(signal: AbortSignal | undefined, provider: string): void {
  if (signal?.aborted) throw new LlmError('aborted', 'the request was aborted', { provider, cause: signal.reason });
}

function sleep(ms: number, signal: AbortSignal | undefined, provider: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new LlmError('aborted', 'the request was aborted', { provider, cause: signal.reason }));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new LlmError('aborted', 'the request was aborted', { provider, cause: signal?.reason }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
