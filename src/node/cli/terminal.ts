// Terminal plumbing for the interactive `chat` command: a line reader that
// works the same on a TTY (with a prompt) and on piped stdin (one message per
// line), and a one-line spinner that redraws in place on a TTY and degrades to
// plain start/end lines when output is captured.

import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface LineReader {
  /** The next line (without its newline), or null at end of input. */
  next(prompt?: string): Promise<string | null>;
  close(): void;
}

export function createLineReader(input: Readable & { isTTY?: boolean }, output: Writable): LineReader {
  const rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
  const lines: string[] = [];
  const waiters: Array<(line: string | null) => void> = [];
  let ended = false;
  rl.on('line', (line) => {
    const w = waiters.shift();
    if (w) w(line);
    else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    for (const w of waiters.splice(0)) w(null);
  });
  return {
    next(prompt) {
      if (prompt && input.isTTY) output.write(prompt);
      const queued = lines.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => waiters.push(resolve));
    },
    close() {
      rl.close();
    },
  };
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface Spinner {
  /** Shows or updates the status text. */
  update(text: string): void;
  /** Removes the spinner line; prints `finalText` when the spinner was shown at some point. */
  stop(finalText?: string): void;
  readonly active: boolean;
}

export function createSpinner(out: Writable & { isTTY?: boolean }): Spinner {
  const tty = out.isTTY === true;
  let text = '';
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let active = false;
  let shown = false;
  const draw = (): void => {
    out.write(`\r\x1b[K${FRAMES[frame++ % FRAMES.length]} ${text}`);
  };
  return {
    get active() {
      return active;
    },
    update(next) {
      text = next;
      if (!active) {
        active = true;
        shown = true;
        if (tty) {
          timer = setInterval(draw, 100);
          timer.unref();
        } else out.write(`[${next}]\n`);
      }
      if (tty) draw();
    },
    stop(finalText) {
      if (active) {
        active = false;
        if (timer) clearInterval(timer);
        if (tty) out.write('\r\x1b[K');
      }
      if (finalText && shown) {
        shown = false;
        out.write(tty ? `${finalText}\n` : `[${finalText}]\n`);
      }
    },
  };
}
