// Declared versus observed: a draft's declarations (`requires.bins`,
// `requires.env`, `egress_domains`) against what its scripts reference
// (script-refs.ts) and what its runs were seen doing (the union over the runs
// given: this editing session's tries). Each disagreement is a finding with
// its line — in the script that references it, or in the SKILL.md that
// declares it — and the frontmatter edit that would fix it. "Unused" is only
// claimed after at least one successful run, naming the runs it rests on.
// The capability profile adds Forge's risk score now and with every fix
// applied. Pure.

import { findRiskyEgress } from '../egress/risky-egress.js';
import { assessSkillRisk } from '../risk/assess.js';
import { Skill, type SkillLike } from '../skill/skill.js';
import { egressAllows } from '../skillmd/script-analysis.js';
import { applyDeclarationFixes } from './declaration-edit.js';
import { scriptReferences } from './script-refs.js';
import type { CapabilityProfile, DeclarationFinding, ObservedRun } from '../tool-run/observation.js';

export type { CapabilityProfile, DeclarationFinding, DeclarationFindingKind, ObservedRun } from '../tool-run/observation.js';

/** Programs of any base image, never asked to be declared. */
const BASE_PROGRAMS = new Set(
  'sh bash dash env xargs cat echo true false printf test [ mkdir rm rmdir mv cp ln ls head tail sort uniq wc tr cut sed grep egrep awk mawk gawk date sleep tee basename dirname readlink realpath mktemp touch chmod find id uname which timeout seq expr stat base64 sha256sum md5sum od'.split(
    ' ',
  ),
);
const INTERPRETERS = new Set(['bash', 'sh', 'python3', 'python', 'node']);

function lineIn(skillMd: string, value: string): number | undefined {
  const end = skillMd.indexOf('\n---', 3);
  const lines = skillMd.slice(0, end === -1 ? undefined : end).split('\n');
  const i = lines.findIndex((l) => !l.trimStart().startsWith('#') && l.includes(value));
  return i === -1 ? undefined : i + 1;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryOf(p: Omit<CapabilityProfile, 'summary' | 'risk'>): string {
  const parts = [`declares ${plural(p.declared.egress.length, 'host')}, used ${p.used.egress.length}`];
  const bins = p.findings.filter((f) => f.kind === 'observed-bin-undeclared').map((f) => f.subject);
  if (bins.length) parts.push(`uses ${bins.join(', ')}, not declared`);
  const hosts = p.findings.filter((f) => f.kind === 'observed-egress-undeclared').map((f) => f.subject);
  if (hosts.length) parts.push(`asked for ${hosts.join(', ')}, not declared`);
  if (p.used.programs === null) parts.push('programs not observed');
  return parts.join('; ');
}

/** Findings about hosts: asked for but not declared; declared but asked for by no successful run's session. */
function egressFindings(skill: Skill, runs: readonly ObservedRun[], used: string[], okRuns: string[]): DeclarationFinding[] {
  const declared = skill.forge.egressDomains;
  const refs = scriptReferences(skill.scripts).hosts;
  const out: DeclarationFinding[] = [];
  for (const host of used.filter((h) => !egressAllows(h, declared))) {
    const ref = refs.find((r) => r.name === host);
    const risky = findRiskyEgress([host])[0]?.reason;
    const inRuns = runs.filter((r) => r.observation.egress.some((e) => e.host === host)).map((r) => r.id);
    const line = ref ? ref.line : (lineIn(skill.skillMd, 'egress_domains') ?? lineIn(skill.skillMd, 'metadata:'));
    out.push({
      kind: 'observed-egress-undeclared',
      subject: host,
      message: `the run asked for ${host}, which egress_domains does not declare: Forge would block it`,
      file: ref ? ref.file : 'SKILL.md',
      ...(line ? { line } : {}),
      runs: inRuns,
      fix: { op: 'add', field: 'egress_domains', value: host },
      ...(risky ? { risky } : {}),
    });
  }
  if (okRuns.length === 0) return out;
  for (const d of declared.filter((d) => !used.some((h) => egressAllows(h, [d])))) {
    const line = lineIn(skill.skillMd, d);
    out.push({
      kind: 'declared-egress-unused',
      subject: d,
      message: `${d} is declared but no run asked for it (runs: ${okRuns.join(', ')})`,
      file: 'SKILL.md',
      ...(line ? { line } : {}),
      runs: okRuns,
      fix: { op: 'remove', field: 'egress_domains', value: d },
    });
  }
  return out;
}

function binFindings(skill: Skill, runs: readonly ObservedRun[], programs: Map<string, string[]> | null): DeclarationFinding[] {
  if (programs === null) return [];
  const declared = skill.forge.requires.bins.map((b) => b.name);
  const out: DeclarationFinding[] = [];
  for (const [name, inRuns] of programs) {
    if (declared.includes(name) || BASE_PROGRAMS.has(name) || INTERPRETERS.has(name)) continue;
    const line = lineIn(skill.skillMd, 'requires:') ?? lineIn(skill.skillMd, 'metadata:');
    out.push({
      kind: 'observed-bin-undeclared',
      subject: name,
      message: `the run executed ${name}, which requires.bins does not declare: a packaged agent will not have it`,
      file: 'SKILL.md',
      ...(line ? { line } : {}),
      runs: inRuns,
      fix: { op: 'add', field: 'bins', value: name },
    });
  }
  const okObserved = runs.filter((r) => r.ok && r.observation.programs !== null).map((r) => r.id);
  if (okObserved.length === 0) return out;
  for (const name of declared.filter((d) => !programs.has(d))) {
    const line = lineIn(skill.skillMd, name);
    out.push({
      kind: 'declared-bin-unused',
      subject: name,
      message: `${name} is declared in requires.bins but no run executed it (runs: ${okObserved.join(', ')})`,
      file: 'SKILL.md',
      ...(line ? { line } : {}),
      runs: okObserved,
      fix: { op: 'remove', field: 'bins', value: name },
    });
  }
  return out;
}

function envFindings(skill: Skill): DeclarationFinding[] {
  const env = skill.forge.requires.env;
  const declared = [...env.required, ...env.oneOf, ...env.optional];
  const refs = scriptReferences(skill.scripts).env;
  const out: DeclarationFinding[] = [];
  for (const r of refs.filter((r) => !declared.includes(r.name)))
    if (!out.some((f) => f.subject === r.name))
      out.push({
        kind: 'env-referenced-undeclared',
        subject: r.name,
        message: `${r.file} reads ${r.name}, which requires.env does not declare: in Forge the script sees it empty`,
        file: r.file,
        line: r.line,
        fix: { op: 'add', field: 'env', value: r.name },
      });
  for (const name of declared.filter((n) => !refs.some((r) => r.name === n))) {
    const line = lineIn(skill.skillMd, name);
    out.push({
      kind: 'env-declared-unreferenced',
      subject: name,
      message: `${name} is declared in requires.env but no script reads it`,
      file: 'SKILL.md',
      ...(line ? { line } : {}),
      fix: { op: 'remove', field: 'env', value: name },
    });
  }
  return out;
}

/** The draft's capability profile over the runs given: declared, used, the findings with their fixes, and the risk score before and after. */
export function capabilityProfile(input: SkillLike, runs: readonly ObservedRun[]): CapabilityProfile {
  const skill = Skill.from(input);
  const usedEgress = [...new Set(runs.flatMap((r) => r.observation.egress.map((e) => e.host)))];
  const observed = runs.filter((r) => r.observation.programs !== null);
  let programs: Map<string, string[]> | null = null;
  if (observed.length > 0) {
    programs = new Map();
    for (const r of observed) for (const p of r.observation.programs!) programs.set(p.name, [...new Set([...(programs.get(p.name) ?? []), r.id])]);
  }
  const okRuns = runs.filter((r) => r.ok).map((r) => r.id);
  const findings = [...egressFindings(skill, runs, usedEgress, okRuns), ...binFindings(skill, runs, programs), ...envFindings(skill)];
  const env = skill.forge.requires.env;
  const base = {
    declared: {
      egress: [...skill.forge.egressDomains],
      bins: skill.forge.requires.bins.map((b) => b.name),
      env: [...env.required, ...env.oneOf, ...env.optional],
    },
    used: { egress: usedEgress, programs: programs && [...programs.keys()], env: [...new Set(scriptReferences(skill.scripts).env.map((r) => r.name))] },
    runs: runs.map((r) => ({ id: r.id, tool: r.tool, ok: r.ok })),
    findings,
  };
  const { fixed, ...risk } = riskBeforeAfter(skill, findings);
  return { ...base, summary: summaryOf(base), risk, ...(fixed !== undefined && fixed !== skill.skillMd ? { fixedSkillMd: fixed } : {}) };
}

function riskBeforeAfter(skill: Skill, findings: readonly DeclarationFinding[]): { before: number; after: number; fixed?: string } {
  const before = assessSkillRisk(skill).score;
  try {
    const fixed = applyDeclarationFixes(
      skill.skillMd,
      findings.filter((f) => !f.risky).map((f) => f.fix),
    );
    return { before, after: assessSkillRisk(skill.with({ skillMd: fixed })).score, fixed };
  } catch {
    return { before, after: before };
  }
}
