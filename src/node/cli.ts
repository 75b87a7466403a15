// The `forge-skill-builder` command line: picks the subcommand (ui, chat,
// validate, catalog — and `build` from the artifact issue, registered in
// cli/commands.ts), prints help, and maps failures to exit codes:
// 0 ok, 1 failure (or validation errors), 2 wrong usage. Never calls process.exit.

import { readFileSync } from 'node:fs';
import { PROGRAM, UsageError } from './cli/args.js';
import { COMMANDS } from './cli/commands.js';
import { processIo, writeLine, type CliIo } from './cli/io.js';

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Usage: ${PROGRAM} <command> [options]

Build agent skills (SKILL.md + scripts) by talking to an LLM.

Commands:
${lines.join('\n')}

Run \`${PROGRAM} <command> --help\` for a command's options.
Options: -h, --help (this text), --version
`;
}

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(topHelp());
    return 2;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    const target = first === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.stdout.write(target ? target.help : topHelp());
    return 0;
  }
  if (first === '--version' || first === '-v') {
    writeLine(io.stdout, version());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    const hint = first.startsWith('-') ? `unknown option "${first}" before a command` : `unknown command "${first}"`;
    writeLine(io.stderr, `${PROGRAM}: ${hint}. Commands: ${COMMANDS.map((c) => c.name).join(', ')}. Run \`${PROGRAM} --help\`.`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (UsageError.isInstance(err)) {
      writeLine(io.stderr, `${PROGRAM} ${command.name}: ${err.message}`);
      writeLine(io.stderr, `Run \`${PROGRAM} ${command.name} --help\` for usage.`);
      return 2;
    }
    const message = err instanceof Error ? err.message : String(err);
    writeLine(io.stderr, `${PROGRAM} ${command.name}: ${message}`);
    return 1;
  }
}
