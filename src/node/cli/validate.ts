// `forge-skill-builder validate <path>...`: checks skill folders or SKILL.md
// files (with the scripts in their scripts/ folder) and prints every error and
// warning as `file:line: severity [code] field: message`. Exit 1 on any error.
// Scripts are also checked without running them (bash -n, ShellCheck,
// py_compile, node --check; `--no-syntax` skips it), and `--risk` adds the
// Forge-compatible risk review (`--policy <file>` for a policy file).

import * as nodeFs from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { formatDiagnostic, warningDiag, type Diagnostic } from '../../core/diagnostics.js';
import { assessSkillRisk } from '../../core/risk/assess.js';
import type { RiskPolicy, SkillRiskAssessment } from '../../core/risk/types.js';
import { Skill } from '../../core/skill/skill.js';
import { readRiskPolicyFile } from '../risk/policy-file.js';
import { checkScriptSyntax } from '../script-check/check-syntax.js';
import type { ScriptSyntaxResult } from '../script-check/types.js';
import { formatRisk, formatSyntaxFinding, syntaxJson } from './risk-report.js';
import type { FsLike } from '../fs/types.js';
import { listSkillsFolder } from '../skill-store/list.js';
import { readSkillScripts } from '../skill-store/read.js';
import { oneOf, parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { plural, writeLine, type CliIo } from './io.js';
import { fixSkillFile } from './validate-fix.js';

const PROFILES = ['forge', 'agentskills'] as const;

const HELP = `Usage: ${PROGRAM} validate <skill-dir-or-SKILL.md>... [--profile forge|agentskills] [--json] [--no-syntax] [--risk [--policy <file>]] [--fix [--dry-run]]

Validates skills: a folder holding SKILL.md (its scripts/ are checked too), a
SKILL.md file, a flat skill file (skills/<name>.md), or a folder of skill
folders (each skill in it, as build reads them). Prints each error and
warning as file:line, then a summary per skill.

Options:
  --profile <p>   forge (default): Forge's SKILL.md rules; agentskills: the open Agent Skills spec
  --json          print [{path, valid, errors, warnings, syntax, risk}] as JSON instead of text
  --no-syntax     do not check the scripts' syntax (bash -n, shellcheck, python3 -m py_compile,
                  node --check; a checker that is not installed is noted, never a failure)
  --risk          print the risk review: the score of \`forge skills audit\`, its factors and
                  policy violations, and what the scripts do (findings with lines)
  --policy <file> a Forge security policy (YAML) for --risk; implies --risk. As in Forge, the
                  file replaces the default policy: a key it leaves out is off
  --fix           rewrite each SKILL.md so Forge's runtime reads it as meant (the one-line
                  **Input:** spec from the table, an **Output:** summary, "- word" lists as
                  "* word"), atomically, and print a diff; every other byte is kept
  --dry-run       with --fix: print the diff, write nothing
  -h, --help      show this help

Exit status: 0 when no skill has errors (warnings allowed), 1 when a skill has errors, a script
a syntax error, or (with --risk) the policy an error-level violation; 2 for wrong usage.
`;

interface SkillReport {
  path: string;
  valid: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  syntax?: ReturnType<typeof syntaxJson>;
  risk?: SkillRiskAssessment;
}

/** One command-line path read as a Skill: the SKILL.md file it names, and what of its scripts/ the store did not read. */
export interface LoadedSkill {
  /** The SKILL.md (or flat skill file) read. */
  file: string;
  /** Its text, its scripts (read by the skill store's rules) and its folder name. */
  skill: Skill;
  /** Files of scripts/ that were not read (symlink out of the skill, unsafe name, binary, too large), as warnings. */
  skipped: Diagnostic[];
}

const fs = nodeFs as unknown as FsLike;

/** The scripts of a skill folder, read as the skill store reads them (no symlink out of the skill is followed). */
async function readScripts(dir: string): Promise<{ scripts: Record<string, string>; skipped: Diagnostic[] }> {
  const name = basename(dir);
  const read = await readSkillScripts(fs, await realpath(dir), name);
  // Skipped paths are `<name>/scripts/<file>`; findings name files relative to the skill folder.
  return { scripts: read.scripts ?? {}, skipped: read.skipped.map((s) => warningDiag(s.code, 'scripts', s.reason, undefined, s.path.slice(name.length + 1))) };
}

/** Finds the SKILL.md, its folder name and scripts for one command-line path. */
export async function loadSkill(path: string): Promise<LoadedSkill> {
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
      throw new Error(`${path}: the folder has no SKILL.md and no skill folders (<name>/SKILL.md) in it`);
    }
    const { scripts, skipped } = await readScripts(path);
    return { file, skill: Skill.from({ skillMd: text, scripts, dirName: basename(resolve(path)) }), skipped };
  }
  const text = await readFile(path, 'utf8');
  if (basename(path) === 'SKILL.md') {
    const dir = dirname(resolve(path));
    const { scripts, skipped } = await readScripts(dir);
    return { file: path, skill: Skill.from({ skillMd: text, scripts, dirName: basename(dir) }), skipped };
  }
  return { file: path, skill: Skill.from(text), skipped: [] };
}

/** What a folder-of-skills argument expanded to: the skills to validate, and the entries the skill store left out. */
export interface ExpandedArgs {
  paths: string[];
  /** `<arg>/<entry>: skipped [code] reason`, one per entry left out of an expanded folder. */
  skipped: string[];
}

/** Each argument, with a folder of skill folders (no SKILL.md of its own) replaced by its skills as the skill store lists them. */
export async function expandSkillFolders(cwd: string, args: readonly string[]): Promise<ExpandedArgs> {
  const out: ExpandedArgs = { paths: [], skipped: [] };
  for (const arg of args) {
    const abs = resolve(cwd, arg);
    const listing = (await stat(join(abs, 'SKILL.md')).catch(() => null)) ? null : await listSkillsFolder(fs, abs);
    if (!listing || listing.skills.length === 0) {
      out.paths.push(arg);
      continue;
    }
    out.paths.push(...listing.skills.map((s) => join(arg, relative(abs, s.path))));
    out.skipped.push(...listing.skipped.map((s) => `${join(arg, s.path)}: skipped [${s.code}] ${s.reason}`));
  }
  return out;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'validate',
    argv,
    {
      profile: { type: 'string' },
      json: { type: 'boolean' },
      'no-syntax': { type: 'boolean' },
      risk: { type: 'boolean' },
      policy: { type: 'string' },
      fix: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    true,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const profile = oneOf('profile', values.profile, PROFILES, 'forge');
  if (positionals.length === 0) throw new UsageError('give at least one skill folder or SKILL.md file', 'validate');
  let policy: RiskPolicy | undefined;
  if (values.policy !== undefined) {
    try {
      policy = await readRiskPolicyFile(resolve(io.cwd, values.policy));
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message.replace(resolve(io.cwd, values.policy), values.policy) : String(err), 'validate');
    }
  }
  const withRisk = values.risk === true || policy !== undefined;
  if (values['dry-run'] && !values.fix) throw new UsageError('--dry-run goes with --fix (validate --fix --dry-run)', 'validate');
  if (values.fix && values.json) throw new UsageError('--fix prints a diff; leave out --json', 'validate');

  const reports: SkillReport[] = [];
  let failed = false;
  const expanded = await expandSkillFolders(io.cwd, positionals);
  for (const line of expanded.skipped) writeLine(io.stderr, line);
  for (const arg of expanded.paths) {
    const abs = resolve(io.cwd, arg);
    let loaded;
    try {
      loaded = await loadSkill(abs);
    } catch (err) {
      failed = true;
      const message = err instanceof Error ? err.message.replace(abs, arg) : String(err);
      if (values.json) reports.push({ path: arg, valid: false, errors: [{ code: 'unreadable', field: 'path', message, severity: 'error' }], warnings: [] });
      else writeLine(io.stderr, message);
      continue;
    }
    let skill = loaded.skill;
    const shown = relative(io.cwd, loaded.file) || loaded.file;
    if (values.fix) skill = skill.with({ skillMd: await fixSkillFile(io, loaded.file, shown, skill.skillMd, values['dry-run'] === true) });
    const result = profile === 'forge' ? skill.validate() : skill.validate({ profile });
    const skillDir = dirname(shown);
    // Script findings name `scripts/x.sh`; show them relative to the skill folder.
    const place = (d: Diagnostic): Diagnostic => (d.file !== undefined && d.file !== shown ? { ...d, file: join(skillDir, d.file) } : d);
    const errors = result.errors.map(place);
    const warnings = [...result.warnings, ...loaded.skipped].map(place);
    if (!result.valid) failed = true;
    const syntax = values['no-syntax'] ? undefined : await checkScriptSyntax(skill.scripts);
    const risk = withRisk ? assessSkillRisk(skill, policy) : undefined;
    if ((syntax && !syntax.ok) || (risk && !risk.passed)) failed = true;
    // In JSON, every file is named relative to the working folder, as the diagnostics are.
    const at = <T extends { file?: string }>(f: T): T => (f.file !== undefined ? { ...f, file: join(skillDir, f.file) } : f);
    const syntaxOut = syntax ? { ...syntaxJson(syntax), findings: syntax.findings.map(at) } : undefined;
    const riskOut = risk ? { ...risk, findings: risk.findings.map(at) } : undefined;
    reports.push({ path: shown, valid: result.valid, errors, warnings, ...(syntaxOut ? { syntax: syntaxOut } : {}), ...(riskOut ? { risk: riskOut } : {}) });
    if (!values.json) printText(io, { shown, skillDir, errors, warnings, valid: result.valid, syntax, risk, policySource: values.policy ?? null });
  }
  if (values.json) writeLine(io.stdout, JSON.stringify(reports, null, 2));
  return failed ? 1 : 0;
}

interface TextReport {
  shown: string;
  skillDir: string;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  valid: boolean;
  syntax: ScriptSyntaxResult | undefined;
  risk: SkillRiskAssessment | undefined;
  policySource: string | null;
}

function printText(io: CliIo, r: TextReport): void {
  for (const d of [...r.errors, ...r.warnings]) writeLine(io.stdout, formatDiagnostic(d, r.shown));
  for (const f of r.syntax?.findings ?? []) writeLine(io.stdout, formatSyntaxFinding(f, r.skillDir));
  const syntaxErrors = r.syntax?.findings.filter((f) => f.severity === 'error').length ?? 0;
  const tail = syntaxErrors ? `; ${plural(syntaxErrors, 'script syntax error')}` : '';
  const summary = r.valid
    ? `${r.shown}: valid${r.warnings.length ? ` (${plural(r.warnings.length, 'warning')})` : ''}${tail}`
    : `${r.shown}: ${plural(r.errors.length, 'error')}, ${plural(r.warnings.length, 'warning')}${tail}`;
  writeLine(io.stdout, summary);
  if (r.risk) for (const line of formatRisk(r.risk, r.shown, r.skillDir, r.policySource)) writeLine(io.stdout, line);
}

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check SKILL.md files and skill folders (errors, warnings, script syntax; --risk for the risk review)',
  help: HELP,
  run,
};
