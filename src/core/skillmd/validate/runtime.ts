// Rules of the `forge` profile that speak for Forge's runtime: they compare
// what the author wrote (parseSkillMd) with what the runtime will register
// (forgeRuntimeView) and report, with the line, every place the two differ —
// a tool whose parameters the runtime cannot see, a spec line that disagrees
// with its table, a first parameter the runtime will require, a property key
// the providers refuse, a tool the runtime cuts short or does not read, a
// `- word` bullet it takes for a tool.

import { errorDiag, warningDiag, type Diagnostic } from '../../diagnostics.js';
import { isBuiltinTool } from '../../forge-runtime/builtins.js';
import { PROPERTY_KEY_PATTERN, runtimeJsonType, suggestPropertyKey } from '../../forge-runtime/input-spec.js';
import { forgeRuntimeView, runtimeSpecParts, type RuntimeToolView, type RuntimeView } from '../../runtime-view/index.js';
import { inputSpecLine, specTypeWord } from '../spec-line.js';
import { codeLineMask, headingOf } from '../markdown/lines.js';
import { normalizeScriptName } from '../../forge-runtime/script-binding.js';
import type { ToolSection } from '../types.js';
import type { RuleContext, Sink } from './context.js';

interface Ctx {
  add: Sink;
  /** The file's lines and code mask, made on first use (most tools never need them). */
  lines(): readonly string[];
  mask(): readonly boolean[];
  /** Whether the runtime runs this tool (a script binds to it, or the skill is a binary skill). */
  runs(tool: RuntimeToolView): boolean;
}

export function runtimeRules(rc: RuleContext, add: Sink): void {
  const view = rc.options.runtimeView ?? viewOf(rc);
  let lines: string[] | undefined;
  let mask: boolean[] | undefined;
  const fileLines = (): string[] => (lines ??= rc.text.split('\n'));
  const ctx: Ctx = {
    add,
    lines: fileLines,
    mask: () => (mask ??= codeLineMask(fileLines())),
    runs: (t) => view.runtime === 'binary' || (t.script ?? null) !== null,
  };
  for (const line of view.loadErrors.filter((e) => /64 KiB/.test(e)))
    add(errorDiag('runtime-line-too-long', 'skill_md', `${line}; split that line`, Number(/line (\d+)/.exec(line)?.[1])));

  // Both lists are in file order: the runtime's entry of a tool is found by walking them side by side.
  let next = 0;
  const tools = rc.parsed.tools;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    while (next < view.tools.length && view.tools[next]!.line < tool.line) next++;
    if (isBuiltinTool(tool.name)) continue;
    const at = view.tools[next];
    const entry = at !== undefined && at.line === tool.line && at.kind === 'tool' ? at : undefined;
    if (!entry) {
      add(
        warningDiag(
          'runtime-tool-not-read',
          `tools.${tool.name}`,
          `Forge's runtime does not read line ${tool.line} as a tool (it looks for lines starting with exactly "## Tool:"); write "## Tool: ${tool.name}"`,
          tool.line,
        ),
      );
      continue;
    }
    if (entry.name !== tool.name)
      add(
        warningDiag(
          'runtime-tool-not-read',
          `tools.${tool.name}`,
          `Forge's runtime reads this tool's name as ${JSON.stringify(entry.name)}, not "${tool.name}"; write "## Tool: ${tool.name}" with nothing after the name`,
          tool.line,
        ),
      );
    toolRules(ctx, tool, entry);
  }
  if (rc.parsed.legacyNames.length === 0) for (let i = 0; i < view.tools.length; i++) if (view.tools[i]!.kind === 'phantom') phantomRule(ctx, view.tools[i]!);
}

/** The runtime view when the caller has none: the frontmatter is parsed already (rc.parsed), so the view reads only the body. */
function viewOf(rc: RuleContext): RuntimeView {
  const scripts = rc.options.scripts ? Object.keys(rc.options.scripts).map(normalizeScriptName) : undefined;
  const runtime = rc.parsed.forge.runtime ?? 'script';
  return forgeRuntimeView(rc.text, scripts ? { scripts, runtime } : { runtime });
}

function toolRules(ctx: Ctx, tool: ToolSection, entry: RuntimeToolView): void {
  const runs = ctx.runs(entry);
  const cut = entry.endedBy ? cutRule(ctx, tool, entry.endedBy) : undefined;
  const inputLine = entry.inputSpecLine ?? findLabelLine(ctx, tool, '**Input:**');

  if (entry.inputSpec === '') {
    if (tool.input.length > 0 && cut !== undefined && inputLine !== undefined && inputLine > cut) {
      if (runs)
        ctx.add(
          errorDiag(
            'runtime-input-cut-off',
            `tools.${tool.name}.input`,
            `Forge's runtime stops reading tool "${tool.name}" at line ${cut} (a line starting with "#"), before its **Input:** on line ${inputLine}, so the model gets no parameters; move the Input above that line or remove the "#" line`,
            inputLine,
          ),
        );
    } else if (tool.input.length > 0) {
      const msg = `Forge's runtime reads parameters only from the text after **Input:** on the same line, so tool "${tool.name}" gets no parameters from its table; write "**Input:** ${inputSpecLine(tool.input)}" (validate --fix adds it)`;
      if (runs) ctx.add(errorDiag('runtime-input-table-only', `tools.${tool.name}.input`, msg, inputLine ?? tool.line));
      else ctx.add(warningDiag('runtime-input-table-only-no-script', `tools.${tool.name}.input`, msg, inputLine ?? tool.line));
    } else if (runs)
      ctx.add(
        warningDiag(
          'runtime-input-missing',
          `tools.${tool.name}.input`,
          `tool "${tool.name}" runs a script but has no **Input:** spec, so the model gets an open schema and may pass anything; declare the parameters, e.g. "**Input:** query (string, required)" (leave it out only when the tool takes no input)`,
          tool.line,
        ),
      );
  } else {
    specRules(ctx, tool, entry);
  }
  if (entry.invalidKeys.length > 0)
    ctx.add(
      errorDiag(
        'runtime-input-key-invalid',
        `tools.${tool.name}.input`,
        `parameter name${entry.invalidKeys.length === 1 ? '' : 's'} ${entry.invalidKeys.map((k) => JSON.stringify(k)).join(', ')} of tool "${tool.name}" break the providers' rule ${PROPERTY_KEY_PATTERN.source}: one such key makes every request of the agent fail, so Forge's runtime skips the tool; rename ${entry.invalidKeys.length === 1 ? 'it' : 'them'} (e.g. "${suggestPropertyKey(entry.invalidKeys[0]!)}")`,
        entry.inputSpecLine ?? tool.line,
      ),
    );
  if (tool.output && entry.outputSpec === '') {
    const at = findLabelLine(ctx, tool, '**Output:**');
    const lost = cut !== undefined && at !== undefined && at > cut;
    ctx.add(
      warningDiag(
        'runtime-output-missing',
        `tools.${tool.name}.output`,
        lost
          ? `Forge's runtime stops reading tool "${tool.name}" at line ${cut}, before its **Output:** on line ${at}, so it has no output spec; move the Output above that line`
          : `Forge's runtime keeps only the text on the **Output:** line as the tool's output spec, and tool "${tool.name}" has none there; add a one-line summary after **Output:** (the JSON block can follow)`,
        at ?? tool.line,
      ),
    );
  }
}

/** The line of the first `label` line in the tool's section (1-based), outside code. */
function findLabelLine(ctx: Ctx, tool: ToolSection, label: string): number | undefined {
  if (!tool.body.includes(label)) return undefined;
  const end = tool.line + lineCount(tool.body);
  const lines = ctx.lines();
  const mask = ctx.mask();
  for (let i = tool.line; i < end && i < lines.length; i++) if (!mask[i] && lines[i]!.trim().startsWith(label)) return i + 1;
  return undefined;
}

/** The number of lines of `text` (`text.split('\n').length`, without the array). */
function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Reports a `#` line that ends the tool early; returns its line when it is inside the tool's section. */
function cutRule(ctx: Ctx, tool: ToolSection, ended: { line: number; text: string }): number | undefined {
  const sectionEnd = tool.line + lineCount(tool.body);
  if (ended.line > sectionEnd) return undefined; // the next section's heading: a normal end
  const f = `tools.${tool.name}`;
  const raw = ctx.lines()[ended.line - 1] ?? '';
  const h = ctx.mask()[ended.line - 1] ? null : headingOf(raw);
  if (h && h.level <= 2) return undefined;
  if (h)
    ctx.add(
      warningDiag(
        'runtime-heading-in-tool',
        f,
        `the heading "${ended.text}" ends tool "${tool.name}" for Forge's runtime: what follows is not part of the tool (and its "- word" bullets become tools); use a bold label "**${h.title}**" instead`,
        ended.line,
      ),
    );
  else
    ctx.add(
      warningDiag(
        'runtime-hash-line-in-tool',
        f,
        `line ${ended.line} starts with "#" (${ctx.mask()[ended.line - 1] ? 'a comment inside a code block' : 'text'}), which ends tool "${tool.name}" for Forge's runtime: the lines after it are not part of the tool; reword it or move it below the tool's last part`,
        ended.line,
      ),
    );
  return ended.line;
}

/** The spec line against the table (or the author's inline reading): names, types, required, first parameter. */
function specRules(ctx: Ctx, tool: ToolSection, entry: RuntimeToolView): void {
  const f = `tools.${tool.name}.input`;
  const parts = runtimeSpecParts(entry.inputSpec);
  const at = entry.inputSpecLine ?? tool.line;
  const first = parts[0];
  const authorFirst = first ? tool.input.find((p) => p.name === first.name) : undefined;
  if (first && !first.markedRequired && authorFirst && !authorFirst.required)
    ctx.add(
      warningDiag(
        'runtime-first-param-required',
        f,
        `Forge's runtime always requires the first parameter of the **Input:** line, so the model is told "${first.name}" of tool "${tool.name}" must always be given although it is optional; ${
          tool.input.some((p) => p.required)
            ? `list the required parameters first: "**Input:** ${inputSpecLine(tool.input)}" (validate --fix reorders the line)`
            : `mark it required, or put a parameter that is required first (with no required parameter, the runtime still requires the first)`
        }`,
        at,
      ),
    );
  if (tool.inputForm !== 'both') return;
  const problems: string[] = [];
  const inSpec = new Map(parts.map((p) => [p.name, p] as const));
  const inTable = new Set(tool.input.map((p) => p.name));
  const missing = tool.input.filter((p) => !inSpec.has(p.name)).map((p) => p.name);
  const extra = parts.filter((p) => !inTable.has(p.name)).map((p) => p.name);
  if (missing.length > 0) problems.push(`the table has ${missing.join(', ')}, which the line does not`);
  if (extra.length > 0) problems.push(`the line has ${extra.join(', ')}, which the table does not`);
  for (const p of tool.input) {
    const part = inSpec.get(p.name);
    if (!part) continue;
    const want = runtimeJsonType(specTypeWord(p.type));
    if (part.type !== want) problems.push(`${p.name} is ${want} in the table but ${part.type} to the runtime`);
    const forcedFirst = part === first && !part.markedRequired && !p.required;
    if (part.required !== p.required && !forcedFirst)
      problems.push(`${p.name} is ${p.required ? 'required' : 'optional'} in the table but ${part.required ? 'required' : 'optional'} on the line`);
  }
  if (problems.length > 0)
    ctx.add(
      warningDiag(
        'runtime-input-mismatch',
        f,
        `the **Input:** line of tool "${tool.name}" (what Forge's runtime reads) disagrees with its table: ${problems.join('; ')}; write "**Input:** ${inputSpecLine(tool.input)}"`,
        at,
      ),
    );
}

function phantomRule(ctx: Ctx, t: RuntimeToolView): void {
  const inCode = ctx.mask()[t.line - 1];
  const d: Diagnostic = warningDiag(
    'runtime-phantom-tool',
    'skill_md',
    inCode
      ? `line ${t.line} ("- ${t.name}", inside a code block) is read by Forge's runtime as a tool named "${t.name}" (its legacy one-word list form); put the code block inside a tool section or change the line`
      : `line ${t.line} ("- ${t.name}") is read by Forge's runtime as a tool named "${t.name}" (its legacy one-word list form); write "* ${t.name}" or use more than one word (validate --fix rewrites the list)`,
    t.line,
  );
  ctx.add(d);
}
