// The checks of one skill, each turned into findings placed relative to the
// repository root: the validator's findings split into validation, the
// runtime view (what Forge's runtime will read) and folder links; script
// syntax and ShellCheck; the risk policy (the agent's, or the one given);
// signatures (a hook, skipped unless a verifier is given); routing and evals
// (when asked).
import { relative, sep } from 'node:path';
import type { Diagnostic } from '../../core/diagnostics.js';
import { assessSkillRisk } from '../../core/risk/assess.js';
import type { RiskPolicy } from '../../core/risk/types.js';
import type { Skill } from '../../core/skill/skill.js';
import type { ValidationProfile } from '../../core/skillmd/validate/context.js';
import { validateSkillMd } from '../../core/skillmd/validate/validate.js';
import { checkScriptSyntax } from '../script-check/check-syntax.js';
import type { CheckFinding, CheckName, CheckOutcome, FindingLevel } from './types.js';

/** One skill on disk: a folder with SKILL.md, or a flat `<name>.md` file. */
export interface SkillTarget {
  name: string;
  /** Absolute path of the folder (or flat file). */
  path: string;
  flat: boolean;
  /** The agent folder the skill belongs to (the nearest forge.yaml above it), if any. */
  agentDir?: string;
}

/** Verifies a skill's signature when its policy asks for one; returns undefined when nothing asks (the check is skipped). */
export type SignatureVerifier = (skill: Skill, target: SkillTarget) => Promise<CheckOutcome | undefined>;

export interface SkillCheckContext {
  root: string;
  profile: ValidationProfile;
  policy: { policy: RiskPolicy; source: string | null };
  syntax: boolean;
  verifySignature?: SignatureVerifier;
  routing?: (skill: Skill, target: SkillTarget, root: string) => Promise<CheckOutcome>;
  evals?: (skill: Skill, target: SkillTarget, root: string) => Promise<CheckOutcome>;
}

export const posixRelative = (root: string, path: string): string => relative(root, path).split(sep).join('/') || '.';

function checkOfCode(code: string): CheckName {
  if (code.startsWith('file-')) return 'links';
  if (code.startsWith('runtime-') || code === 'forge-runtime-invalid') return 'runtime';
  return 'validate';
}

function outcome(check: CheckName, findings: CheckFinding[], summary?: string): CheckOutcome {
  return { check, status: findings.some((f) => f.level === 'error') ? 'failed' : 'passed', ...(summary ? { summary } : {}), findings };
}

function place(f: Omit<CheckFinding, 'line' | 'column'>, line?: number, column?: number): CheckFinding {
  return { ...f, ...(line !== undefined && line > 0 ? { line } : {}), ...(column !== undefined && column > 0 ? { column } : {}) };
}

export async function runSkillChecks(skill: Skill, target: SkillTarget, ctx: SkillCheckContext): Promise<CheckOutcome[]> {
  const base = posixRelative(ctx.root, target.path);
  const skillMdFile = target.flat ? base : `${base}/SKILL.md`;
  const fileOf = (file: string | undefined): string => (file === undefined || target.flat ? skillMdFile : `${base}/${file}`);

  // A folder's links are checked even when it holds nothing but SKILL.md and scripts (a link to a missing file).
  const validation = target.flat
    ? skill.validate({ profile: ctx.profile, dirName: target.name })
    : validateSkillMd(skill.skillMd, {
        profile: ctx.profile,
        dirName: target.name,
        scripts: skill.scripts,
        files: skill.folderListing(),
        parsed: skill.parsed,
        runtimeView: skill.runtimeView,
      });
  const byCheck = new Map<CheckName, CheckFinding[]>([
    ['validate', []],
    ['runtime', []],
    ['links', []],
  ]);
  for (const d of [...validation.errors, ...validation.warnings] as Diagnostic[]) {
    const check = checkOfCode(d.code);
    byCheck.get(check)!.push(place({ check, code: d.code, level: d.severity, message: `${d.field}: ${d.message}`, file: fileOf(d.file) }, d.line));
  }
  const out: CheckOutcome[] = [
    outcome('validate', byCheck.get('validate')!),
    outcome('runtime', byCheck.get('runtime')!),
    outcome('links', byCheck.get('links')!),
  ];

  if (!ctx.syntax) out.push({ check: 'syntax', status: 'skipped', summary: '--no-syntax', findings: [] });
  else if (Object.keys(skill.scripts).length === 0) out.push({ check: 'syntax', status: 'skipped', summary: 'no scripts', findings: [] });
  else {
    const syntax = await checkScriptSyntax(skill.scripts);
    const findings = syntax.findings.map((f) =>
      place({ check: 'syntax', code: f.code, level: f.severity === 'info' ? 'note' : f.severity, message: f.message, file: fileOf(f.file) }, f.line, f.column),
    );
    out.push(outcome('syntax', findings));
  }

  out.push(riskOutcome(skill, target, ctx, fileOf));
  const signature = ctx.verifySignature ? await ctx.verifySignature(skill, target) : undefined;
  out.push(signature ?? { check: 'signature', status: 'skipped', summary: 'no trust policy asks for a signature', findings: [] });
  if (ctx.routing) out.push(await ctx.routing(skill, target, ctx.root));
  if (ctx.evals) out.push(await ctx.evals(skill, target, ctx.root));
  return out;
}

const VIOLATION_LEVEL: Record<string, FindingLevel> = { error: 'error', critical: 'error', warning: 'warning' };
const CONTENT_LEVEL: Record<string, FindingLevel> = { critical: 'warning', warning: 'warning', info: 'note' };

function riskOutcome(skill: Skill, target: SkillTarget, ctx: SkillCheckContext, fileOf: (f: string | undefined) => string): CheckOutcome {
  const risk = assessSkillRisk(skill.with({ dirName: target.name }), ctx.policy.policy);
  const findings: CheckFinding[] = [
    ...risk.violations.map((v) => ({
      check: 'risk' as const,
      code: `policy-${v.rule}`,
      level: VIOLATION_LEVEL[v.severity] ?? 'error',
      message: v.message,
      file: fileOf(undefined),
    })),
    ...risk.findings.map((f) =>
      place(
        {
          check: 'risk',
          code: f.rule,
          level: CONTENT_LEVEL[f.severity] ?? 'note',
          message: f.message,
          file: fileOf(f.file === 'SKILL.md' ? undefined : f.file),
        },
        f.line,
      ),
    ),
  ];
  const source = ctx.policy.source === null ? 'default policy' : `policy ${posixRelative(ctx.root, ctx.policy.source)}`;
  return outcome('risk', findings, `risk ${risk.score}/100 (${risk.level}), ${risk.passed ? 'passed' : 'failed'} the ${source}`);
}
