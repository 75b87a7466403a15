// Per-call transport plumbing shared by the adapters: one AbortController per
// call fed by the caller's signal and an idle timeout, and a fetch bound to it so
// an abort really closes the HTTP connection whatever the SDK does with signals.
// Uses only fetch, AbortController and timers, so it runs in any runtime.

export type CallEnd = 'running' | 'aborted' | 'timeout' | 'done';

export interface CallControl {
  readonly signal: AbortSignal;
  /** A provider event arrived: the idle window starts again (no timer work). */
  activity(): void;
  /** Why the call's signal fired, or 'running'. */
  state(): CallEnd;
  /** Stops the timer, detaches from the caller's signal and aborts anything still open. */
  dispose(): void;
}

/**
 * `timeoutMs` bounds the wait for the response to start and every gap between two
 * provider events (an idle timeout), so a long reply that keeps streaming is never cut.
 */
export function createCallControl(userSignal: AbortSignal | undefined, timeoutMs: number | undefined): CallControl {
  const controller = new AbortController();
  let end: CallEnd = 'running';
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onUserAbort = (): void => {
    if (end === 'running') end = 'aborted';
    controller.abort(userSignal?.reason);
  };
  if (userSignal) {
    if (userSignal.aborted) onUserAbort();
    else userSignal.addEventListener('abort', onUserAbort, { once: true });
  }

  // An idle timeout without a timer per provider event: activity() only records
  // the time; the one pending timer, when it fires, gives up if the call has been
  // idle for timeoutMs and otherwise re-arms for what is left of the window.
  let lastActivity = Date.now();
  const check = (): void => {
    timer = undefined;
    if (!timeoutMs || end !== 'running') return;
    const idle = Date.now() - lastActivity;
    if (idle < timeoutMs) {
      timer = setTimeout(check, timeoutMs - idle);
      return;
    }
    end = 'timeout';
    controller.abort(new DOMException(`no data for ${timeoutMs} ms`, 'TimeoutError'));
  };
  if (timeoutMs && end === 'running') timer = setTimeout(check, timeoutMs);

  return {
    signal: controller.signal,
    activity() {
      lastActivity = Date.now();
    },
    state: () => end,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      userSignal?.removeEventListener('abort', onUserAbort);
      if (end === 'running') end = 'done';
      if (!controller.signal.aborted) controller.abort();
    },
  };
}

/** An AbortSignal that fires when any of `signals` fires. */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  const Any = (AbortSignal as unknown as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (typeof Any === 'function') return Any.call(AbortSignal, signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    s.addEventListener('abort', () => controller.abort(s.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}

/** Wraps `base` so every request it makes also aborts on `signal`. `base` is looked up lazily. */
export function fetchBoundTo(base: () => typeof fetch, signal: AbortSignal): typeof fetch {
  const bound = (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> => {
    const own = init?.signal ?? undefined;
    const merged = own ? anySignal([own, signal]) : signal;
    return base()(input, { ...init, signal: merged });
  };
  return bound as typeof fetch;
}
