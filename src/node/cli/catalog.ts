// `forge-skill-builder catalog <skills-dir>`: prints the runtime skill catalog
// (the block an agent's system prompt carries) for the skills in a folder,
// in Forge's format or the Agent Skills `<available_skills>` XML.

import { stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { buildSkillCatalog } from '../../core/catalog.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { agentCatalogInputs } from '../skills-on-disk.js';
import { oneOf, parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';

const HELP = `Usage: ${PROGRAM} catalog <skills-dir> [--format forge|xml]

Prints the skill catalog an agent's system prompt carries for the skills in
<skills-dir>: <name>/SKILL.md folders and flat <name>.md files. <skills-dir> is
a folder named skills/, or an agent folder that contains one.

Options:
  --format <f>   forge (default): "## Available Skills" with the routing directive;
                 xml: the Agent Skills <available_skills> block
  -h, --help     show this help
`;

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The agent folder whose skills/ is meant. */
async function agentDirFor(arg: string, abs: string): Promise<string> {
  if (!(await isDir(abs))) throw new Error(`${arg}: no such folder`);
  if (basename(abs) === 'skills') return dirname(abs);
  if (await isDir(join(abs, 'skills'))) return abs;
  throw new Error(`${arg}: expected a folder named skills/ (or an agent folder containing skills/)`);
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('catalog', argv, { format: { type: 'string' } }, true);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const format = oneOf('format', values.format, ['forge', 'xml'] as const, 'forge');
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'give the skills folder' : 'give exactly one skills folder', 'catalog');
  const arg = positionals[0] as string;
  const agentDir = await agentDirFor(arg, resolve(io.cwd, arg));
  const inputs = await agentCatalogInputs(agentDir);
  const catalog = buildSkillCatalog(inputs, { format });
  if (catalog === '') {
    writeLine(io.stderr, `${arg}: no skill with a name and description to list`);
    return 0;
  }
  // Descriptions come from the skills' files: shown, never acted on by the terminal.
  const shown = escapeControlChars(catalog, { multiline: true });
  io.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
  return 0;
}

export const catalogCommand: CliCommand = { name: 'catalog', summary: 'print the runtime skill catalog for a skills folder', help: HELP, run };
