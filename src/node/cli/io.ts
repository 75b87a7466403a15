// What a subcommand may touch: output streams, input, environment, working
// folder and the shutdown signal — injected so tests run commands in-process
// and the real entry wires them to process.*. Commands never call process.exit.

import type { Readable, Writable } from 'node:stream';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';

export interface CliIo {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Home folder for ~/.forge/ui.yaml; default os.homedir(). */
  homeDir?: string;
  /** Resolves with the signal name (SIGINT/SIGTERM) when the process is asked to stop. */
  waitForShutdown(): Promise<string>;
}

/**
 * Stops a closed reader from crashing the command: `… --json | head` closes the pipe early, and the
 * EPIPE that the next write meets would otherwise be an uncaught stack trace. The rest of the output
 * is dropped, as any shell tool does; other stream errors still throw.
 */
export function quietOnBrokenPipe(stream: Writable): void {
  let gone = false;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || (gone && err.code === 'ERR_STREAM_DESTROYED')) return void (gone = true);
    throw err;
  });
}

export function processIo(): CliIo {
  quietOnBrokenPipe(process.stdout);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    waitForShutdown: () =>
      new Promise<string>((resolve) => {
        const on = (sig: NodeJS.Signals): void => {
          process.off('SIGINT', on);
          process.off('SIGTERM', on);
          resolve(sig);
        };
        process.on('SIGINT', on);
        process.on('SIGTERM', on);
      }),
  };
}

/**
 * Writes `text` and a newline. Control characters other than tab, line feed
 * and CRLF are escaped (`\r`, `\e[2K`): text from a skill, a model or a
 * workspace file can never move the cursor or hide part of a line.
 */
export function writeLine(stream: Writable, text = ''): void {
  stream.write(`${escapeControlChars(text, { multiline: true })}\n`);
}

/** `1 error`, `2 warnings`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
