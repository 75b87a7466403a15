// `validateSkillMd(text, options)`: checks a SKILL.md (and its scripts)
// against one of two profiles and returns every finding at once as
// `{valid, errors, warnings}`. The text is parsed once with parseSkillMd;
// each rule family reads the parsed result. Diagnostics carry a stable
// `code`, the `field`, a message that says how to fix it, and a line.
//
// Profiles:
// - `forge` (default): forge.ts (frontmatter, tools, description,
//   name conflicts, renamed tools in edit mode) + scripts.ts +
//   runtime.ts (what Forge's runtime will read).
// - `agentskills`: agentskills.ts (the open Agent Skills spec).
// Both check the folder's files when `files` is given
// (folder-files.ts) and report empty content, frontmatter the parser could not read, and a
// missing frontmatter block.

import { errorDiag, toValidationResult, warningDiag, type Diagnostic, type ValidationResult } from '../../diagnostics.js';
import { parseSkillMd } from '../parse.js';
import { agentskillsRules } from './agentskills.js';
import { controlCharRules } from './control-chars.js';
import { riskyEgressRules } from './egress-risk.js';
import { createRuleContext, type RuleContext, type Sink, type ValidateOptions } from './context.js';
import { folderFileRules } from './folder-files.js';
import { forgeDescriptionRules, forgeFrontmatterRules, forgeToolRules, nameConflictRules } from './forge.js';
import { scriptRules } from './scripts.js';
import { runtimeRules } from './runtime.js';

export type { ValidateOptions, ValidationProfile } from './context.js';
export type SkillValidationResult = ValidationResult;

export function validateSkillMd(text: string, options: ValidateOptions = {}): SkillValidationResult {
  // The rules' findings go straight into the two lists of the result (one list of all, then a
  // filtered copy per severity, cost three lists as long as the findings on a file with thousands).
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const add: Sink = (d) => {
    if (d.severity === 'error') errors.push(d);
    else if (d.severity === 'warning') warnings.push(d);
  };
  if (typeof text !== 'string' || text.trim() === '') {
    add(
      errorDiag(
        'content-empty',
        'skill_md',
        'the SKILL.md is empty; start with a frontmatter block (--- name: …, description: … ---) followed by the instructions',
      ),
    );
    return toValidationResult(errors);
  }

  const parsed = options.parsed ?? parseSkillMd(text);
  const ctx = createRuleContext(text, parsed, options);

  if (!parsed.frontmatter) {
    if (!parsed.diagnostics.some((d) => d.severity === 'error'))
      add(
        errorDiag(
          'frontmatter-missing',
          'frontmatter',
          'the SKILL.md has no frontmatter; start the file with a "---" line, then "name: my-skill" and "description: …", then another "---" line',
          1,
        ),
      );
  }

  if ((options.profile ?? 'forge') === 'agentskills') {
    agentskillsRules(ctx, add);
    nameConflictRules(ctx, add);
  } else {
    forgeFrontmatterRules(ctx, add);
    forgeDescriptionRules(ctx, add);
    nameConflictRules(ctx, add);
    forgeToolRules(ctx, add);
    scriptRules(ctx, add);
    runtimeRules(ctx, add);
    removedToolRules(ctx, add);
    riskyEgressRules(ctx, add);
  }
  folderFileRules(ctx, add);
  controlCharRules(ctx, add);
  const profile = options.profile ?? 'forge';
  const fromParser = profile === 'agentskills' ? parsed.diagnostics.filter(isAboutSpecFields) : parsed.diagnostics;
  return mergeParserDiagnostics(fromParser, errors, warnings);
}

/**
 * Under the agentskills profile only findings about the frontmatter as the
 * open spec defines it count: `metadata` is free-form there and the body has
 * no required structure, so Forge-specific parser findings are left out.
 */
function isAboutSpecFields(d: Diagnostic): boolean {
  return !d.field.startsWith('metadata.') && !d.field.startsWith('tools') && !d.code.startsWith('tool-') && d.code !== 'forge-runtime-invalid';
}

/** Parser type findings that a rule reports more specifically (same field). */
const SUPERSEDABLE = new Set(['forge-type', 'frontmatter-type']);

/**
 * The result: per severity, the parser's diagnostics first, then the rules'.
 * A generic type finding of the parser is dropped when a rule reported the
 * same field with its own code (e.g. `bin-chmod-invalid` instead of
 * `forge-type` for a numeric chmod), so each problem is reported once, under
 * a stable rule code.
 */
function mergeParserDiagnostics(fromParser: readonly Diagnostic[], errors: Diagnostic[], warnings: Diagnostic[]): SkillValidationResult {
  let kept = fromParser;
  if (fromParser.some((d) => SUPERSEDABLE.has(d.code))) {
    const ruleFields = new Set([...errors, ...warnings].map((d) => d.field));
    kept = fromParser.filter((d) => !(SUPERSEDABLE.has(d.code) && ruleFields.has(d.field)));
  }
  const parserErrors = kept.filter((d) => d.severity === 'error');
  const parserWarnings = kept.filter((d) => d.severity === 'warning');
  const allErrors = parserErrors.length === 0 ? errors : parserErrors.concat(errors);
  return { valid: allErrors.length === 0, errors: allErrors, warnings: parserWarnings.length === 0 ? warnings : parserWarnings.concat(warnings) };
}

/** Edit mode: every `## Tool:` of the on-disk skill must still exist (agents are wired to tool names). */
function removedToolRules(ctx: RuleContext, add: Sink): void {
  const { previous, mode } = ctx.options;
  if (previous === undefined || mode === 'create') return;
  const now = new Set(ctx.parsed.tools.map((t) => t.name));
  const before = parseSkillMd(previous).tools.map((t) => t.name);
  const gone = [...new Set(before)].filter((n) => !now.has(n));
  for (const name of gone) {
    const hint =
      gone.length === 1 && ctx.parsed.tools.some((t) => !before.includes(t.name))
        ? ` (renamed to "${ctx.parsed.tools.find((t) => !before.includes(t.name))!.name}"?)`
        : '';
    add(
      warningDiag(
        'tool-removed',
        `tools.${name}`,
        `the edited skill no longer has "## Tool: ${name}"${hint}; agents wired to that tool will break, so keep the original tool name`,
      ),
    );
  }
}
