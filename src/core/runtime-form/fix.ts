// fixForRuntime(skillMd): the smallest edit that makes Forge's runtime read a
// hand-written SKILL.md the way its author meant it (what `validate --fix`
// writes). It changes these lines and nothing else, byte for byte:
// - a tool's bare `**Input:**` label followed by a parameter table gets the
//   one-line spec computed from the table (`**Input:** q (string, required)`);
// - a bare `**Output:**` label followed by JSON gets a one-line summary of it
//   (the runtime's output spec is the text on that line);
// - a list holding a `- word` bullet the runtime reads as a tool switches its
//   markers to `*` (rendered the same).
// Code blocks, headings and order are left alone; the validator reports what
// only the author can fix.

import { isBuiltinTool } from '../forge-runtime/builtins.js';
import { requiredFirstLine } from './required-first.js';
import { forgeRuntimeView } from '../runtime-view/runtime-view.js';
import { parseSkillMd } from '../skillmd/parse.js';
import { codeLineMask } from '../skillmd/markdown/lines.js';
import { rewritePhantomLists } from '../skillmd/markdown/rewrite.js';
import { inputSpecLine, outputSummary } from '../skillmd/spec-line.js';

export interface RuntimeFixChange {
  /** 1-based line in the file. */
  line: number;
  kind: 'input-spec' | 'input-order' | 'output-summary' | 'phantom-bullet';
  before: string;
  after: string;
}

export interface RuntimeFix {
  skillMd: string;
  /** One entry per changed line, in file order; empty when nothing needed fixing. */
  changes: RuntimeFixChange[];
}

const BARE_INPUT = /^([ \t]*\*\*Input:\*\*)[ \t]*(\r?)$/;
const BARE_OUTPUT = /^([ \t]*\*\*Output:\*\*)[ \t]*(\r?)$/;

export function fixForRuntime(skillMd: string): RuntimeFix {
  const lines = skillMd.split('\n');
  const view = forgeRuntimeView(skillMd);
  const parsed = parseSkillMd(skillMd);
  const changes: RuntimeFixChange[] = [];

  const setLabel = (i: number, bare: RegExp, text: string, kind: RuntimeFixChange['kind']): void => {
    const m = bare.exec(lines[i]!);
    if (!m) return;
    const after = `${m[1]} ${text}${m[2]}`;
    changes.push({ line: i + 1, kind, before: lines[i]!, after });
    lines[i] = after;
  };
  const entries = new Map(view.tools.filter((t) => t.kind === 'tool').map((t) => [t.line, t] as const));
  for (const tool of parsed.tools) {
    const entry = entries.get(tool.line);
    if (!entry || isBuiltinTool(tool.name)) continue;
    // Only labels the runtime reaches (a label after a `#` line that ends the tool is the author's to move).
    if (tool.inputForm === 'table' && tool.input.length > 0 && entry.inputSpec === '' && entry.inputSpecLine !== undefined)
      setLabel(entry.inputSpecLine - 1, BARE_INPUT, inputSpecLine(tool.input), 'input-spec');
    else if (entry.inputSpec !== '' && entry.inputSpecLine !== undefined) {
      const i = entry.inputSpecLine - 1;
      const after = requiredFirstLine(lines[i]!, tool.input);
      if (after !== null) {
        changes.push({ line: i + 1, kind: 'input-order', before: lines[i]!, after });
        lines[i] = after;
      }
    }
    if (tool.output?.kind === 'json' && entry.outputSpec === '' && entry.outputSpecLine !== undefined)
      setLabel(entry.outputSpecLine - 1, BARE_OUTPUT, outputSummary(tool.output.value), 'output-summary');
  }

  const triggers = new Set(view.tools.filter((t) => t.kind === 'phantom').map((t) => t.line - 1));
  if (triggers.size > 0 && parsed.legacyNames.length === 0) {
    const rewritten = rewritePhantomLists(lines, { mask: codeLineMask(lines.map((l) => l.replace(/\r$/, ''))), triggers });
    for (const i of rewritten.changed) changes.push({ line: i + 1, kind: 'phantom-bullet', before: lines[i]!, after: rewritten.lines[i]! });
    lines.splice(0, lines.length, ...rewritten.lines);
  }
  changes.sort((a, b) => a.line - b.line);
  return { skillMd: lines.join('\n'), changes };
}
