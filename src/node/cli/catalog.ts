// `forge-skill-builder catalog <skills-dir>`: prints the runtime skill catalog
// (the block an agent's system prompt carries) for the skills in a folder (an
// agent's skills/, or any folder of skills as `build` takes one),
// in Forge's format or the Agent Skills `<available_skills>` XML.

import { stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { buildSkillCatalog, type SkillCatalogInput } from '../../core/catalog.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { readSkillsFolder } from '../artifacts/read-skills-folder.js';
import { agentCatalogInputs } from '../workspace/skills-on-disk.js';
import { oneOf, parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';

const HELP = `Usage: ${PROGRAM} catalog <skills-dir> [--format forge|xml]

Prints the skill catalog an agent's system prompt carries for the skills in
<skills-dir>: <name>/SKILL.md folders and flat <name>.md files. <skills-dir> is
any folder of skills (as build takes), or an agent folder that contains skills/.

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

/** The catalog inputs of the skills `arg` means: an agent's skills/ (the folder itself or its agent folder), or any folder of skills. */
async function catalogInputsFor(arg: string, abs: string): Promise<SkillCatalogInput[]> {
  if (!(await isDir(abs))) throw new Error(`${arg}: no such folder`);
  if (basename(abs) === 'skills') return agentCatalogInputs(dirname(abs));
  if (await isDir(join(abs, 'skills'))) return agentCatalogInputs(abs);
  // Any other folder is read the way `build` reads it (templates and odd files left out).
  const { skills } = await readSkillsFolder(abs);
  if (skills.length === 0) throw new Error(`${arg}: no skills in this folder (expected <name>/SKILL.md folders or <name>.md files, or an agent folder with skills/)`);
  return skills.map((s) => {
    const flat = s.scripts === undefined;
    const path = join(abs, flat ? `${s.dir}.md` : s.dir!);
    return { skillMd: s.skillMd, dir: path, scripts: Object.keys(s.scripts ?? {}), location: flat ? path : join(path, 'SKILL.md') };
  });
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
  const inputs = await catalogInputsFor(arg, resolve(io.cwd, arg));
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
