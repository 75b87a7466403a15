// In-process CLI harness: a CliIo with captured stdout/stderr, stdin fed from
// lines (not a TTY), and a shutdown signal the test fires.
import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../../../src/node/cli/io.js';

export interface TestIo extends CliIo {
  out(): string;
  err(): string;
  /** Simulates Ctrl-C / SIGTERM. */
  shutdown(signal?: string): void;
  /** Resolves once stdout contains `text`. */
  waitForOutput(text: string | RegExp): Promise<string>;
}

export function testIo(opts: { cwd: string; stdinLines?: string[]; env?: Record<string, string>; homeDir?: string }): TestIo {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  const watchers: Array<() => void> = [];
  stdout.on('data', (d) => {
    out += String(d);
    for (const w of watchers.splice(0)) w();
  });
  stderr.on('data', (d) => (err += String(d)));
  const stdin = opts.stdinLines ? Readable.from(opts.stdinLines.map((l) => `${l}\n`)) : new PassThrough();
  let fire!: (s: string) => void;
  const shutdown = new Promise<string>((r) => (fire = r));
  const io: TestIo = {
    stdout,
    stderr,
    stdin,
    env: opts.env ?? {},
    cwd: opts.cwd,
    ...(opts.homeDir !== undefined ? { homeDir: opts.homeDir } : {}),
    waitForShutdown: () => shutdown,
    out: () => out,
    err: () => err,
    shutdown: (s = 'SIGINT') => fire(s),
    waitForOutput(text) {
      const hit = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      return new Promise((resolve) => {
        const check = () => {
          if (hit()) resolve(out);
          else watchers.push(check);
        };
        check();
      });
    },
  };
  return io;
}
