// Argument parsing shared by every subcommand: node:util parseArgs in strict
// mode (unknown flags and missing values are errors), turned into a UsageError
// that tells the user the fix and where `--help` is.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ForgeError, hasForgeCode } from '../../core/errors.js';

export const PROGRAM = 'forge-skill-builder';

/** A wrong command line: printed with a pointer to --help, exit code 2. `field` is the flag at fault (`port`), when one is. */
export class UsageError extends ForgeError {
  readonly code = 'usage' as const;
  constructor(
    message: string,
    readonly command?: string,
    field?: string,
  ) {
    super(message, { field });
  }

  static override isInstance(value: unknown): value is UsageError {
    return hasForgeCode(value, 'usage');
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed<V> {
  values: V;
  positionals: string[];
}

/** Parses `argv` for `command` with `--help`/`-h` always available. */
export function parseCommandArgs<O extends Options>(
  command: string,
  argv: string[],
  options: O,
  allowPositionals: boolean,
): Parsed<
  {
    [K in keyof O]?: O[K]['type'] extends 'boolean' ? (O[K]['multiple'] extends true ? boolean[] : boolean) : O[K]['multiple'] extends true ? string[] : string;
  } & { help?: boolean }
> {
  try {
    const r = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
    return r as never;
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw new UsageError(cleanParseError(msg), command);
  }
}

/** node's messages mention internals ("To specify a positional argument …"); keep the first sentence. */
function cleanParseError(message: string): string {
  const first = message.split('. To specify')[0] ?? message;
  return first.replace(/^TypeError \[[A-Z_]+\]: /, '');
}

/** Parses a TCP port number, or throws a UsageError naming the flag. */
export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--port must be a number between 0 and 65535 (got "${value}")`, undefined, 'port');
  const n = Number(value);
  if (n < 0 || n > 65535) throw new UsageError(`--port must be between 0 and 65535 (got ${n})`, undefined, 'port');
  return n;
}

/** Checks a value of an enum flag. */
export function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got "${value}")`, undefined, flag);
}

/** Checks a numeric flag's value against its range; undefined when the flag was not given. */
export function numberFlag(
  command: string,
  flag: string,
  value: string | undefined,
  range: { min: number; max: number; integer: boolean },
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  const { min, max, integer } = range;
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
    throw new UsageError(`--${flag} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max} (got "${value}")`, command, flag);
  return n;
}
