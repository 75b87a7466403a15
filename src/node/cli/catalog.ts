// `forge-skill-builder catalog <skills-dir>`: prints the runtime skill catalog
// (the block an agent's system prompt carries) for the skills in a folder (an
// agent's skills/, or any folder of skills as `build` takes one),
// in Forge's format or the Agent Skills `<available_skills>` XML.

import { stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { buildSkillCatalog, catalogOmissions, type CatalogSkill } from '../../core/catalog.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import * as nodeFs from 'node:fs';
import type { SkippedEntry } from '../../core/api/types.js';
import type { FsLike } from '../fs/types.js';
import { withSkillsRead } from '../skill-store/consistent-read.js';
import { catalogInputs, readAllSkills } from '../skill-store/read-all.js';
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

const fs = nodeFs as unknown as FsLike;

/**
 * The skills `arg` means, read by the skill store: an agent's skills/ (the folder itself or its
 * agent folder), or any folder of skills as `build` takes one; with what the store left out.
 */
export async function catalogSkillsFor(arg: string, abs: string): Promise<{ inputs: CatalogSkill[]; skipped: SkippedEntry[]; dir: string }> {
  if (!(await isDir(abs))) throw new Error(`${arg}: no such folder`);
  const agentSkills = basename(abs) === 'skills' ? abs : (await isDir(join(abs, 'skills'))) ? join(abs, 'skills') : null;
  const dir = agentSkills ?? abs;
  const { skills, skipped } = await withSkillsRead(fs, dir, () => readAllSkills(fs, dir));
  if (!agentSkills && skills.length === 0)
    throw new Error(`${arg}: no skills in this folder (expected <name>/SKILL.md folders or <name>.md files, or an agent folder with skills/)`);
  return { inputs: catalogInputs(skills), skipped, dir };
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
  const abs = resolve(io.cwd, arg);
  const { inputs, skipped, dir } = await catalogSkillsFor(arg, abs);
  const shownDir = relative(io.cwd, dir) || '.';
  for (const s of skipped) writeLine(io.stderr, escapeControlChars(`${join(shownDir, s.path)}: skipped [${s.code}] ${s.reason}`));
  for (const o of catalogOmissions(inputs, { format })) writeLine(io.stderr, escapeControlChars(`${o.skill}: left out of the catalog: ${o.reason}`));
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
