// compileSkills: a set of skills (SKILL.md text + scripts) → the artifact
// document an agent runtime loads (seed: "Skills compile into JSON artifacts
// and prompt text"; "Skills as First-Class Tools"). Per skill: parse, filter
// by category/tags, validate (forge profile), then record it. A skill with
// errors is reported and left out; the build itself never fails. The same
// input always gives the same document (sorted, no timestamps).

import { errorDiag, warningDiag, type Diagnostic } from '../diagnostics.js';
import { filterSkills } from '../catalog.js';
import { isBuiltinTool } from '../forge-runtime/builtins.js';
import { interpreterFor, scriptForTool } from '../forge-runtime/script-binding.js';
import { assessSkillRisk } from '../risk/assess.js';
import type { RiskPolicy } from '../risk/types.js';
import type { ParsedSkillMd } from '../skillmd/types.js';
import { Skill, type SkillLike } from '../skill/skill.js';
import { sha256Hex, skillChecksum } from './checksum.js';
import { buildInputSchema } from './input-schema.js';
import { buildPrompt } from './prompt.js';
import { runtimeTools } from './runtime-tools.js';
import { compareStrings, mergeRequirements, parseTimeoutHint, skillRequires, sortedUnique } from './requirements.js';
import {
  ARTIFACTS_VERSION,
  type BuildDiagnostic,
  type CompiledSkills,
  type CompileSkillsOptions,
  type ScriptArtifact,
  type SkillArtifact,
  type SkillRiskArtifact,
  type SkillToolArtifact,
  type ToolDefinition,
} from './types.js';

interface Candidate {
  /** Position in the input, for stable tie-breaking. */
  index: number;
  /** The skill, parsed once: validation, risk, tools and the runtime view all read it. */
  skill: Skill;
  /** How diagnostics name the skill: its folder, else its name, else `#<index>`. */
  label: string;
  parsed: ParsedSkillMd;
  name: string;
  category: string | null;
  tags: string[];
  scripts: Readonly<Record<string, string>>;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function byLabel(a: { label: string; index: number }, b: { label: string; index: number }): number {
  return compareStrings(a.label, b.label) || a.index - b.index;
}

/** Where the build's findings go: the list of diagnostics and the labels of skills left out. */
interface Findings {
  report(skill: string, ds: readonly Diagnostic[]): void;
  exclude(label: string): void;
}

/**
 * Compiles skills into `{version, count, skills, prompt, tools, requirements,
 * diagnostics, excluded}`. Options `category` / `tags` keep only matching
 * skills (tags with AND semantics), as `filterSkills` does.
 */
export function compileSkills(skills: readonly SkillLike[], opts: CompileSkillsOptions = {}): CompiledSkills {
  const diagnostics: BuildDiagnostic[] = [];
  const excluded = new Set<string>();
  const findings: Findings = {
    report: (skill, ds) => {
      for (const d of ds) diagnostics.push({ skill, ...d });
    },
    exclude: (label) => excluded.add(label),
  };

  const candidates = skills.map(parseCandidate);
  const kept = onePerName(validCandidates(wantedCandidates(candidates, opts), findings), findings);
  const { records, tools } = compileKept(kept, opts, findings);

  const merged = mergeRequirements(kept.map((c, i) => ({ skill: c.name, forge: c.parsed.forge, timeoutSeconds: records[i]!.timeout_hint })));
  // Requirement findings name skills; report them under the same label as the rest.
  const labelOf = new Map(kept.map((c) => [c.name, c.label]));
  for (const d of merged.diagnostics) diagnostics.push({ ...d, skill: labelOf.get(d.skill) ?? d.skill });

  return {
    version: ARTIFACTS_VERSION,
    count: records.length,
    skills: records,
    prompt: buildPrompt(records.filter((r) => r.kind === 'instructions')),
    tools,
    requirements: merged.requirements,
    diagnostics: sortBuildDiagnostics(diagnostics),
    excluded: sortedUnique(excluded),
  };
}

/** Step 1: one Skill per input, parsed once. */
function parseCandidate(source: SkillLike, index: number): Candidate {
  let skill = Skill.from(source);
  // A script whose content is not text (JSON input) counts as an empty file.
  if (Object.values(skill.scripts).some((v) => typeof v !== 'string'))
    skill = skill.with({ scripts: Object.fromEntries(Object.entries(skill.scripts).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) });
  const { parsed, scripts } = skill;
  const name = str(parsed.frontmatter?.name) ?? '';
  const rawTags = parsed.frontmatter?.tags;
  return {
    index,
    skill,
    label: str(skill.dirName) ?? (name || `#${index + 1}`),
    parsed,
    name,
    category: str(parsed.frontmatter?.category),
    tags: Array.isArray(rawTags) ? sortedUnique(rawTags.filter((t): t is string => typeof t === 'string')) : [],
    scripts,
  };
}

/** Step 2: the category / tags filter (on the parsed frontmatter; no second parse). */
function wantedCandidates(candidates: readonly Candidate[], opts: CompileSkillsOptions): Candidate[] {
  return filterSkills(
    candidates.map((c) => ({ category: c.category, tags: c.tags, candidate: c })),
    { ...(opts.category !== undefined ? { category: opts.category } : {}), ...(opts.tags !== undefined ? { tags: opts.tags } : {}) },
  ).map((x) => x.candidate);
}

/** Step 3: validate; a skill with errors is reported and left out. */
function validCandidates(wanted: Candidate[], findings: Findings): Candidate[] {
  const valid: Candidate[] = [];
  for (const c of wanted.sort(byLabel)) {
    const result = c.skill.validate(); // the forge profile, on the Skill's one parse and runtime view
    findings.report(c.label, [...result.errors, ...result.warnings]);
    // What Forge's runtime does with one tool's input (skip it, or give it no parameters) is reported, not a reason to drop the skill.
    if (result.errors.some((d) => !d.code.startsWith('runtime-input')) || !c.name) {
      findings.exclude(c.label);
      continue;
    }
    valid.push(c);
  }
  return valid;
}

/** Step 4: one skill per name: the first by folder keeps it. */
function onePerName(valid: Candidate[], findings: Findings): Candidate[] {
  valid.sort((a, b) => compareStrings(a.name, b.name) || byLabel(a, b));
  const kept: Candidate[] = [];
  for (const c of valid) {
    const prev = kept[kept.length - 1];
    if (prev && prev.name === c.name) {
      findings.report(c.label, [
        errorDiag(
          'skill-duplicate-name',
          'name',
          `skill name "${c.name}" is already used by "${prev.label}"; rename one of them (the folder and the name should match)`,
          c.parsed.frontmatterLines['name'],
        ),
      ]);
      findings.exclude(c.label);
      continue;
    }
    kept.push(c);
  }
  return kept;
}

/** Step 5: records and tool definitions; a tool name already taken by another skill is reported and left out. */
function compileKept(kept: readonly Candidate[], opts: CompileSkillsOptions, findings: Findings): { records: SkillArtifact[]; tools: ToolDefinition[] } {
  const records: SkillArtifact[] = [];
  const tools: ToolDefinition[] = [];
  const toolOwner = new Map<string, string>();
  for (const c of kept) {
    const { record, definitions, lines, diagnostics: ds } = compileOne(c, opts.sha256Hex ?? sha256Hex, opts.riskPolicy);
    findings.report(c.label, ds);
    records.push(record);
    for (const def of definitions) {
      const owner = toolOwner.get(def.name);
      if (owner !== undefined) {
        findings.report(c.label, [
          errorDiag(
            'tool-name-conflict',
            `tools.${def.name}`,
            `tool "${def.name}" is also defined by skill "${owner}"; an agent cannot have two tools with one name, so this one is left out — rename it`,
            lines.get(def.name),
          ),
        ]);
        continue;
      }
      toolOwner.set(def.name, c.name);
      tools.push(def);
    }
  }
  return { records, tools };
}

interface CompiledOne {
  record: SkillArtifact;
  definitions: ToolDefinition[];
  lines: Map<string, number>;
  diagnostics: Diagnostic[];
}

function compileOne(c: Candidate, hash: (text: string) => string, riskPolicy: Partial<RiskPolicy> | undefined): CompiledOne {
  const { parsed } = c;
  const fm = parsed.frontmatter ?? {};
  const diagnostics: Diagnostic[] = [];
  const folder = str(c.skill.dirName) ?? c.name;
  const scriptNames = Object.keys(c.scripts).sort(compareStrings);
  const binary = parsed.forge.runtime === 'binary';

  const timeoutRaw = parsed.forge.timeoutHint;
  const timeout = timeoutRaw === undefined ? null : parseTimeoutHint(timeoutRaw);
  if (timeoutRaw !== undefined && timeout === null)
    diagnostics.push(
      warningDiag(
        'timeout-hint-invalid',
        'metadata.forge.timeout_hint',
        `timeout_hint ${JSON.stringify(timeoutRaw)} is not a duration; write seconds (300) or a duration such as "300s", "5m" or "1h30m" — it is ignored until then`,
        parsed.frontmatterLines['metadata'],
      ),
    );

  const toolRecords: SkillToolArtifact[] = [];
  for (const tool of parsed.tools) {
    const script = binary || isBuiltinTool(tool.name) ? null : scriptForTool(tool.name, scriptNames);
    const interpreter = script ? interpreterFor(script) : null;
    const { schema, diagnostics: schemaDiags } = buildInputSchema(tool);
    const schemaOk = !schemaDiags.some((d) => d.severity === 'error');
    // Our schema is not what Forge sends, so its findings are errors only where a provider would see the key: a tool with a script.
    diagnostics.push(...(script ? schemaDiags : schemaDiags.map((d) => ({ ...d, severity: 'warning' as const }))));
    toolRecords.push({
      name: tool.name,
      description: tool.description,
      input_form: tool.inputForm,
      input: tool.input.map((p) => ({ ...p })),
      input_schema: schemaOk ? schema : null,
      output: tool.output,
      examples: tool.examples,
      heuristics: tool.heuristics,
      script: script ? `${folder}/scripts/${script}` : null,
      interpreter,
    });
  }
  // What Forge's runtime reads and registers: the Skill's view, shared with the validator.
  const runtime = runtimeTools({ view: c.skill.runtimeView, sections: parsed.tools, skill: c.name, folder });
  diagnostics.push(...runtime.diagnostics);

  const scripts: ScriptArtifact[] = scriptNames.map((file) => ({
    file: `${folder}/scripts/${file}`,
    interpreter: interpreterFor(file),
    checksum: skillChecksum(c.scripts[file]!, hash),
  }));
  const checksum = skillChecksum(c.skill.skillMd, hash);
  const record: SkillArtifact = {
    name: c.name,
    description: str(fm.description) ?? '',
    category: c.category,
    tags: c.tags,
    icon: str(fm.icon),
    kind: toolRecords.some((t) => t.script !== null) ? 'tools' : 'instructions',
    checksum,
    provenance: { source: 'local', checksum },
    risk: riskOf(c, riskPolicy),
    requires: skillRequires(parsed.forge),
    egress_domains: sortedUnique(parsed.forge.egressDomains),
    denied_tools: sortedUnique(parsed.forge.deniedTools),
    timeout_hint: timeout,
    runtime: parsed.forge.runtime ?? null,
    workflow_phase: str(parsed.forge.workflowPhase),
    tools: toolRecords,
    runtime_tools: runtime.records,
    scripts,
    body: parsed.body,
  };
  return { record, definitions: runtime.definitions, lines: runtime.lines, diagnostics };
}

/** The Forge-compatible score of a skill (its content findings stay an authoring aid, not an artifact). */
function riskOf(c: Candidate, policy: Partial<RiskPolicy> | undefined): SkillRiskArtifact {
  const r = assessSkillRisk(c.skill, policy);
  return { score: r.score, level: r.level, passed: r.passed, factors: r.factors, violations: r.violations };
}

/** Sorts findings by skill, errors first, then line (stable otherwise). */
export function sortBuildDiagnostics(ds: readonly BuildDiagnostic[]): BuildDiagnostic[] {
  const rank = (d: BuildDiagnostic) => (d.severity === 'error' ? 0 : 1);
  return ds
    .map((d, i) => ({ d, i }))
    .sort((a, b) => compareStrings(a.d.skill, b.d.skill) || rank(a.d) - rank(b.d) || (a.d.line ?? 0) - (b.d.line ?? 0) || a.i - b.i)
    .map(({ d }) => d);
}
