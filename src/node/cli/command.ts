// The shape of one subcommand: its name, a one-line summary for the top-level
// help, the full `--help` text, and `run`, which returns the exit code.

import type { CliIo } from './io.js';

export interface CliCommand {
  name: string;
  summary: string;
  /** The full text printed for `<command> --help`. */
  help: string;
  run(argv: string[], io: CliIo): Promise<number>;
}
