// `forge-skill-builder build <skills-dir> [--out <dir>] [--category c] [--tags a,b]`:
// compiles a skills folder into skills.json, tools.json and prompt.txt.
// Prints a summary on stdout and errors (warnings with --warnings) on stderr.
// Exit status: 0 built without errors, 1 built but some skill or tool was
// left out because of errors (or the build failed), 2 wrong usage.

import { relative, resolve } from 'node:path';
import { formatDiagnostic } from '../../core/diagnostics.js';
import type { BuildDiagnostic } from '../../core/artifacts/types.js';
import { parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { plural } from './io.js';
import type { FsLike } from '../fs/types.js';
import { buildSkillsFolder } from '../artifacts/build-folder.js';
import type { RiskPolicy } from '../../core/risk/types.js';
import { readRiskPolicyFile } from '../risk/policy-file.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';

export const BUILD_HELP = `Usage: ${PROGRAM} build <skills-dir> [--out <dir>] [--category <c>] [--tags <a,b>] [--policy <file>]

Compiles every skill of a skills folder (<name>/SKILL.md with scripts/, and
flat <name>.md) into the files an agent runtime loads:
  skills.json  one record per skill (metadata, tools, checksum) + merged requirements
  tools.json   an LLM tool definition (JSON Schema input) per script-backed tool
  prompt.txt   the instructions of skills that have no script-backed tool

A skill with errors is reported and left out; the others are still built.
Symlinks that lead out of the skills folder are skipped and reported.

Options:
  --out <dir>       where to write the files (default: ./compiled)
  --category <c>    only skills in this category
  --tags <a,b>      only skills with all of these tags (comma-separated)
  --warnings        list warnings too (by default only their number)
  --policy <file>   the Forge security policy (YAML) each skill's risk score in
                    skills.json is checked against (default: Forge's default policy)
  -h, --help        show this help

Exit status: 0 built without errors, 1 some skill or tool was left out
because of errors (the files are still written), 2 wrong usage.
`;

interface TextSink {
  write(text: string): unknown;
}

export interface BuildCommandIo {
  stdout: TextSink;
  stderr: TextSink;
  /** Filesystem to use; default `node:fs`. */
  fs?: FsLike;
  /** Folder relative paths are resolved against; default `process.cwd()`. */
  cwd?: string;
}

/** `a, b,,c` → `['a', 'b', 'c']`. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function line(d: BuildDiagnostic, skillsShown: string): string {
  // buildSkillsFolder gives every finding a `file` inside the skills folder.
  return formatDiagnostic({ ...d, file: `${skillsShown}/${d.file ?? `${d.skill}/SKILL.md`}` });
}

/** Runs `build` with `argv` (the arguments after `build`); resolves with the exit status. */
export async function runBuildCommand(argv: string[], io: BuildCommandIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  let parsed;
  try {
    parsed = parseCommandArgs(
      'build',
      argv,
      { out: { type: 'string' }, category: { type: 'string' }, tags: { type: 'string' }, warnings: { type: 'boolean' }, policy: { type: 'string' } },
      true,
    );
    if (!parsed.values.help) {
      if (parsed.positionals.length === 0) throw new UsageError('give the skills folder to build, e.g. `build ./skills`');
      if (parsed.positionals.length > 1) throw new UsageError(`give one skills folder (got ${parsed.positionals.length}: ${parsed.positionals.join(', ')})`);
      if (parsed.values.out !== undefined && parsed.values.out.trim() === '') throw new UsageError('--out needs a folder, e.g. --out ./compiled');
      if (parsed.values.tags !== undefined && splitList(parsed.values.tags).length === 0)
        throw new UsageError('--tags needs at least one tag, e.g. --tags kubernetes,triage');
      if (parsed.values.category !== undefined && parsed.values.category.trim() === '') throw new UsageError('--category needs a value, e.g. --category sre');
    }
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`${PROGRAM} build: ${err.message}\nRun \`${PROGRAM} build --help\` for usage.\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(BUILD_HELP);
    return 0;
  }

  let riskPolicy: RiskPolicy | undefined;
  if (values.policy !== undefined) {
    try {
      riskPolicy = await readRiskPolicyFile(resolve(cwd, values.policy), io.fs ? { fs: io.fs } : {});
    } catch (err) {
      io.stderr.write(
        `${PROGRAM} build: ${err instanceof Error ? err.message.replace(resolve(cwd, values.policy), values.policy) : String(err)}\nRun \`${PROGRAM} build --help\` for usage.\n`,
      );
      return 2;
    }
  }
  const skillsArg = positionals[0]!;
  const skillsDir = resolve(cwd, skillsArg);
  const out = resolve(cwd, values.out ?? 'compiled');
  let result;
  try {
    result = await buildSkillsFolder(skillsDir, {
      out,
      ...(values.category !== undefined ? { category: values.category.trim() } : {}),
      ...(values.tags !== undefined ? { tags: splitList(values.tags) } : {}),
      ...(io.fs ? { fs: io.fs } : {}),
      ...(riskPolicy ? { riskPolicy } : {}),
    });
  } catch (err) {
    io.stderr.write(`${shown(`${PROGRAM} build: ${err instanceof Error ? err.message : String(err)}`)}\n`);
    return 1;
  }

  const { compiled, written } = result;
  const shownSkills = relative(cwd, skillsDir) || '.';
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  const warnings = compiled.diagnostics.filter((d) => d.severity === 'warning');
  for (const d of values.warnings ? compiled.diagnostics : errors) io.stderr.write(`${shown(line(d, shownSkills))}\n`);

  const instructionOnly = compiled.skills.filter((s) => s.kind === 'instructions').length;
  const summary = [
    `built ${plural(compiled.count, 'skill')} (${plural(compiled.tools.length, 'tool')}, ${instructionOnly} instruction-only) into ${relative(cwd, out) || '.'}`,
  ];
  for (const path of written) summary.push(`  ${relative(cwd, path) || path}`);
  if (compiled.excluded.length > 0) summary.push(`left out because of errors: ${compiled.excluded.join(', ')}`);
  const failing = compiled.skills.filter((s) => !s.risk.passed);
  if (failing.length > 0) summary.push(`security policy violations (risk in skills.json): ${failing.map((s) => `${s.name} (${s.risk.score}/100)`).join(', ')}`);
  const skippedCount = result.skipped.length;
  if (skippedCount > 0) summary.push(`not read: ${result.skipped.map((s) => s.path).join(', ')}${values.warnings ? '' : ' (see --warnings)'}`);
  summary.push(
    `${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}${warnings.length > 0 && !values.warnings ? ' (list them with --warnings)' : ''}`,
  );
  io.stdout.write(`${shown(summary.join('\n'))}\n`);
  return errors.length > 0 ? 1 : 0;
}

export const buildCommand: CliCommand = {
  name: 'build',
  summary: 'compile a skills folder into skills.json, tools.json and prompt.txt',
  help: BUILD_HELP,
  run: (argv, io) => runBuildCommand(argv, { stdout: io.stdout, stderr: io.stderr, cwd: io.cwd }),
};

/** Text built from skill files (names, messages), with its control characters shown, not acted on. */
function shown(text: string): string {
  return escapeControlChars(text, { multiline: true });
}
