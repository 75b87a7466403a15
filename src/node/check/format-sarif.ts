// The SARIF 2.1.0 form of a CheckReport, for code scanning: one run, one rule
// per finding code (`<check>/<code>`) with help text saying what the check
// looks at and how to fix its findings, and one result per finding placed by
// its file (relative to the repository root), line (1 for a finding about the
// whole file) and column.
import type { CheckFinding, CheckName, CheckReport, FindingLevel } from './types.js';
import { allFindings } from './report.js';

const HELP: Record<CheckName, string> = {
  validate:
    "The SKILL.md breaks a rule of the validation profile (Forge's by default). The message names the field and the fix; `forge-skill-builder validate <skill>` shows the same finding.",
  runtime:
    "Forge's runtime would read this SKILL.md differently from what it says (an input spec only in a table, an over-long line). `forge-skill-builder validate --fix <skill>` rewrites it so the runtime reads it as meant.",
  links:
    'A path the SKILL.md mentions is not in the skill folder, or a folder file is outside the rules (hidden, absolute, through ..). Add the file or fix the path.',
  syntax: 'A helper script does not parse (bash -n, python3 -m py_compile, node --check) or ShellCheck reports a problem. Fix the script at the line given.',
  risk: "The skill's risk review: a violation of the agent's security policy (forge.yaml security.policy_path, or Forge's default policy), or a risky pattern in its content. Remove the pattern or change the policy.",
  signature: "The skill's signature is missing or does not verify, and the agent's policy requires signed skills. Sign the skill again.",
  routing: 'A request this skill should handle is routed elsewhere (or one it should not handle comes to it). Sharpen the description or the competing skills.',
  evals:
    "The skill's evals (evals/evals.json, run with and without the skill in the agent harness) show it does not help enough, or a case does worse with it. `forge-skill-builder eval <skill> --agent <agent>` shows every transcript and verdict; improve the skill or its cases.",
};

const SARIF_LEVEL: Record<FindingLevel, string> = { error: 'error', warning: 'warning', note: 'note' };

function ruleId(f: CheckFinding): string {
  return `${f.check}/${f.code}`;
}

function helpUri(f: CheckFinding): string | undefined {
  return /^SC\d+$/.test(f.code) ? `https://www.shellcheck.net/wiki/${f.code}` : undefined;
}

function rule(f: CheckFinding): Record<string, unknown> {
  const uri = helpUri(f);
  return {
    id: ruleId(f),
    name: f.code,
    shortDescription: { text: `${f.check}: ${f.code}` },
    fullDescription: { text: HELP[f.check] },
    help: { text: `${HELP[f.check]}\n\nExample: ${f.message}` },
    ...(uri ? { helpUri: uri } : {}),
    defaultConfiguration: { level: SARIF_LEVEL[f.level] },
    properties: { tags: ['forge-skill', f.check] },
  };
}

function result(f: CheckFinding, ruleIndex: number): Record<string, unknown> {
  // Code scanning shows a result on the diff only with a line: a finding about a whole file goes on its first line.
  const region = { region: { startLine: f.line ?? 1, ...(f.line !== undefined && f.column !== undefined ? { startColumn: f.column } : {}) } };
  return {
    ruleId: ruleId(f),
    ruleIndex,
    level: SARIF_LEVEL[f.level],
    message: { text: f.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: f.file, uriBaseId: '%SRCROOT%' }, ...region } }],
  };
}

export function reportSarif(report: CheckReport, toolVersion: string): string {
  const findings = allFindings(report);
  const index = new Map<string, number>();
  const rules: Record<string, unknown>[] = [];
  for (const f of findings) {
    if (index.has(ruleId(f))) continue;
    index.set(ruleId(f), rules.length);
    rules.push(rule(f));
  }
  const doc = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'forge-skill-builder', version: toolVersion, rules } },
        automationDetails: { id: 'forge-skill-builder/check/' },
        results: findings.map((f) => result(f, index.get(ruleId(f))!)),
      },
    ],
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
