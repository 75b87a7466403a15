// `forge-skill-builder validate <path>...`: checks skill folders or SKILL.md
// files (with the scripts in their scripts/ folder) and prints every error and
// warning as `file:line: severity [code] field: message`. Exit 1 on any error.

import * as nodeFs from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { formatDiagnostic, warningDiag, type Diagnostic } from '../../core/diagnostics.js';
import { validateSkillMd } from '../../core/skillmd/validate.js';
import { readSkillScripts, type SkippedEntry } from '../artifacts/read-skills-folder.js';
import { oneOf, parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { plural, writeLine, type CliIo } from './io.js';

const PROFILES = ['forge', 'agentskills'] as const;

const HELP = `Usage: ${PROGRAM} validate <skill-dir-or-SKILL.md>... [--profile forge|agentskills] [--json]

Validates skills: a folder holding SKILL.md (its scripts/ are checked too), a
SKILL.md file, or a flat skill file (skills/<name>.md). Prints each error and
warning as file:line, then a summary per skill.

Options:
  --profile <p>   forge (default): Forge's SKILL.md rules; agentskills: the open Agent Skills spec
  --json          print [{path, valid, errors, warnings}] as JSON instead of text
  -h, --help      show this help

Exit status: 0 when no skill has errors (warnings allowed), 1 otherwise, 2 for wrong usage.
`;

interface SkillReport {
  path: string;
  valid: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

interface LoadedSkill {
  file: string;
  text: string;
  scripts: Record<string, string>;
  /** Files of scripts/ that were not read (symlink out of the skill, unsafe name, binary, too large), as warnings. */
  skipped: Diagnostic[];
  dirName?: string;
}

/** The scripts of a skill folder, read as `build` reads them (SPEC §8: no symlink out of the skill is followed). */
async function readScripts(dir: string): Promise<Pick<LoadedSkill, 'scripts' | 'skipped'>> {
  const name = basename(dir);
  const skipped: SkippedEntry[] = [];
  const scripts = (await readSkillScripts(nodeFs, await realpath(dir), name, skipped)) ?? {};
  // Skipped paths are `<name>/scripts/<file>`; findings name files relative to the skill folder.
  return { scripts, skipped: skipped.map((s) => warningDiag(s.code, 'scripts', s.reason, undefined, s.path.slice(name.length + 1))) };
}

/** Finds the SKILL.md, its folder name and scripts for one command-line path. */
async function loadSkill(path: string): Promise<LoadedSkill> {
  let st;
  try {
    st = await stat(path);
  } catch {
    throw new Error(`${path}: no such file or folder`);
  }
  if (st.isDirectory()) {
    const file = join(path, 'SKILL.md');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new Error(`${path}: the folder has no SKILL.md`);
    }
    return { file, text, ...(await readScripts(path)), dirName: basename(resolve(path)) };
  }
  const text = await readFile(path, 'utf8');
  if (basename(path) === 'SKILL.md') {
    const dir = dirname(resolve(path));
    return { file: path, text, ...(await readScripts(dir)), dirName: basename(dir) };
  }
  return { file: path, text, scripts: {}, skipped: [] };
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('validate', argv, { profile: { type: 'string' }, json: { type: 'boolean' } }, true);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const profile = oneOf('profile', values.profile, PROFILES, 'forge');
  if (positionals.length === 0) throw new UsageError('give at least one skill folder or SKILL.md file', 'validate');

  const reports: SkillReport[] = [];
  let failed = false;
  for (const arg of positionals) {
    const abs = resolve(io.cwd, arg);
    let skill;
    try {
      skill = await loadSkill(abs);
    } catch (err) {
      failed = true;
      const message = err instanceof Error ? err.message.replace(abs, arg) : String(err);
      if (values.json) reports.push({ path: arg, valid: false, errors: [{ code: 'unreadable', field: 'path', message, severity: 'error' }], warnings: [] });
      else writeLine(io.stderr, message);
      continue;
    }
    const result = validateSkillMd(skill.text, { profile, scripts: skill.scripts, ...(skill.dirName !== undefined ? { dirName: skill.dirName } : {}) });
    const shown = relative(io.cwd, skill.file) || skill.file;
    const skillDir = dirname(shown);
    // Script findings name `scripts/x.sh`; show them relative to the skill folder.
    const place = (d: Diagnostic): Diagnostic => (d.file !== undefined && d.file !== shown ? { ...d, file: join(skillDir, d.file) } : d);
    const errors = result.errors.map(place);
    const warnings = [...result.warnings, ...skill.skipped].map(place);
    if (!result.valid) failed = true;
    reports.push({ path: shown, valid: result.valid, errors, warnings });
    if (!values.json) {
      for (const d of [...errors, ...warnings]) writeLine(io.stdout, formatDiagnostic(d, shown));
      const summary = result.valid
        ? `${shown}: valid${warnings.length ? ` (${plural(warnings.length, 'warning')})` : ''}`
        : `${shown}: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`;
      writeLine(io.stdout, summary);
    }
  }
  if (values.json) writeLine(io.stdout, JSON.stringify(reports, null, 2));
  return failed ? 1 : 0;
}

export const validateCommand: CliCommand = { name: 'validate', summary: 'check SKILL.md files and skill folders (errors and warnings with file:line)', help: HELP, run };
