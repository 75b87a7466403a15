// Everything a tool run needs that can be decided before anything runs, from
// the draft alone: the `## Tool:` section, the script that backs it and its
// interpreter — resolved by Forge's runtime contract (core forge-runtime) —,
// the JSON argument, the timeout (`timeout_hint` seconds as a number, as
// Forge reads it; else 30 s; never more than 10 minutes, whatever the hint or
// override says) and the egress allow-list. Bad drafts become a ToolRunError
// naming the fix.

import { checkScriptFileName, checkSkillName } from '../../core/names.js';
import type { Skill } from '../../core/skill/skill.js';
import type { ForgeMetadata, ToolSection } from '../../core/skillmd/types.js';
import { interpreterFor, normalizeScriptName, scriptForTool, toolScriptBaseName } from '../../core/forge-runtime/script-binding.js';
import { ToolRunError } from './types.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest a run may take: a larger `timeout_hint` (or override) is clamped to it. */
export const MAX_TIMEOUT_MS = 10 * 60 * 1000;

export interface PreparedRun {
  skillName: string;
  tool: ToolSection;
  forge: ForgeMetadata;
  /** Every script of the draft by plain file name. */
  scripts: Record<string, string>;
  /** The plain file name of the script that runs. */
  scriptFile: string;
  interpreter: string;
  /** `$1`. */
  argument: string;
  timeoutMs: number;
}

/** The script backing `toolName` among `names`, as Forge resolves it; null when none. */
export function resolveToolScript(toolName: string, names: readonly string[]): { file: string; interpreter: string } | null {
  const file = scriptForTool(toolName, names);
  const interpreter = file === null ? null : interpreterFor(file);
  return file === null || interpreter === null ? null : { file, interpreter };
}

function plainScripts(scripts: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, content] of Object.entries(scripts)) {
    const name = normalizeScriptName(key);
    const problem = checkScriptFileName(name);
    if (problem) throw new ToolRunError('bad_input', 'scripts', `scripts: "${key}": ${problem}`);
    if (typeof content !== 'string') throw new ToolRunError('bad_input', 'scripts', `scripts: "${key}" must be the file's text`);
    out[name] = content;
  }
  return out;
}

function timeoutOf(forge: ForgeMetadata, override: number | undefined): number {
  if (override !== undefined) {
    if (!Number.isFinite(override) || override <= 0) throw new ToolRunError('bad_input', 'timeoutMs', 'timeoutMs must be a positive number of milliseconds');
    return Math.min(override, MAX_TIMEOUT_MS);
  }
  const hint = forge.timeoutHint;
  // NaN (YAML .nan), zero and negatives fall back to the default; Infinity (.inf) and huge values to the cap.
  return typeof hint === 'number' && hint > 0 ? Math.min(hint * 1000, MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
}

export function prepareRun(skill: Skill, opts: { tool: string; input: unknown; timeoutMs?: number }): PreparedRun {
  const parsed = skill.parsed;
  const tools = parsed.tools;
  const tool = tools.find((t) => t.name === opts.tool);
  if (!tool) {
    const known = tools.map((t) => t.name);
    throw new ToolRunError(
      'unknown_tool',
      'tool',
      known.length
        ? `tool "${opts.tool}" is not in the SKILL.md; its tools are: ${known.join(', ')}`
        : `tool "${opts.tool}" is not in the SKILL.md: it has no "## Tool:" sections`,
    );
  }
  const scripts = plainScripts(skill.scripts);
  const script = resolveToolScript(tool.name, Object.keys(scripts));
  if (!script) {
    const base = toolScriptBaseName(tool.name);
    throw new ToolRunError('no_script', 'scripts', `tool "${tool.name}" has no script: add scripts/${base}.sh (or .py / .js) to the draft`);
  }
  const argument = JSON.stringify(opts.input === undefined ? {} : opts.input);
  if (argument === undefined) throw new ToolRunError('bad_input', 'input', 'input must be a JSON value (an object of the tool parameters)');
  const name = typeof parsed.frontmatter?.name === 'string' ? parsed.frontmatter.name : '';
  return {
    skillName: checkSkillName(name) === null ? name : 'draft-skill',
    tool,
    forge: parsed.forge,
    scripts,
    scriptFile: script.file,
    interpreter: script.interpreter,
    argument,
    timeoutMs: timeoutOf(parsed.forge, opts.timeoutMs),
  };
}
