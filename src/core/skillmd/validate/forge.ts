// The `forge` validation profile (default): the SKILL.md rules of the Forge
// runtime and the Skill Builder's own quality bar. Errors are what
// would break loading or building the skill; warnings are what makes a skill
// incomplete or unlikely to be routed to. Script rules live in
// scripts.ts.

import { builtinToolsMentioned, isBuiltinTool, KNOWN_CAPABILITIES } from '../../forge-runtime/builtins.js';
import { errorDiag, warningDiag } from '../../diagnostics.js';
import { checkSkillName, KEBAB_CASE_PATTERN, suggestKebab } from '../../names.js';
import { fieldName } from '../forge-metadata.js';
import { isPlainObject } from '../../plain-object.js';
import type { ParsedSkillMd, ToolSection } from '../types.js';
import { type RuleContext, type Sink, show } from './context.js';

/** `chmod` for a downloaded binary: 3 or 4 octal digits, as a string (`"0755"`, `"755"`). */
const CHMOD_RE = /^[0-7]{3,4}$/;
/** Each custom tool should show at least this many "user request → tool input" examples. */
export const MIN_TOOL_EXAMPLES = 5;

const FORGE = ['metadata', 'forge'] as const;
const REQUIRES = [...FORGE, 'requires'] as const;

export function forgeFrontmatterRules(ctx: RuleContext, add: Sink): void {
  const fm = ctx.parsed.frontmatter;
  if (!fm) return;

  const n = fm.name;
  if (n === undefined || n === null || n === '')
    add(errorDiag('name-missing', 'name', 'name is required: add "name: my-skill" (lowercase kebab-case, at most 64 characters)', ctx.line(['name'])));
  else if (typeof n !== 'string')
    add(errorDiag('name-invalid', 'name', `name must be text (got ${show(n)}); write it in lowercase kebab-case, e.g. "my-skill"`, ctx.line(['name'])));
  else {
    const problem = checkSkillName(n);
    if (problem) add(errorDiag('name-invalid', 'name', `name: ${problem}`, ctx.line(['name'])));
  }

  const d = fm.description;
  if (d === undefined || d === null || (typeof d === 'string' && d.trim() === ''))
    add(
      errorDiag(
        'description-missing',
        'description',
        'description is required: say what the skill does and when to use it, e.g. "When the user asks for the weather (\\"weather in Paris\\"), fetch it from wttr.in"',
        ctx.line(['description']),
      ),
    );
  else if (typeof d !== 'string')
    add(
      errorDiag(
        'description-invalid',
        'description',
        `description must be text (got ${show(d)}); write one or two sentences saying what the skill does and when it applies`,
        ctx.line(['description']),
      ),
    );

  if ('category' in fm && fm.category !== undefined && fm.category !== null) {
    const c = fm.category;
    if (typeof c !== 'string' || !KEBAB_CASE_PATTERN.test(c))
      add(
        errorDiag(
          'category-invalid',
          'category',
          `category ${show(c)} must be lowercase kebab-case; use ${show(suggestKebab(String(c), 'my-category'))}`,
          ctx.line(['category']),
        ),
      );
  }

  if ('tags' in fm && fm.tags !== undefined && fm.tags !== null) {
    const tags: unknown = fm.tags;
    if (!Array.isArray(tags)) {
      add(
        errorDiag(
          'tags-invalid',
          'tags',
          `tags must be a list of kebab-case words (got ${show(tags)}); write "tags:" followed by "- my-tag" lines`,
          ctx.line(['tags']),
        ),
      );
    } else {
      tags.forEach((t, i) => {
        if (typeof t !== 'string' || !KEBAB_CASE_PATTERN.test(t))
          add(
            errorDiag(
              'tag-invalid',
              `tags[${i}]`,
              `tag ${show(t)} must be lowercase kebab-case; use ${show(suggestKebab(String(t), 'my-tag'))}`,
              ctx.line(['tags', i]),
            ),
          );
      });
    }
  }

  const metadata = fm.metadata;
  const forge = isPlainObject(metadata) ? metadata.forge : undefined;
  const requires = isPlainObject(forge) ? forge.requires : undefined;
  if (!isPlainObject(requires)) return;
  checkBins(ctx, requires.bins, add);
  checkCapabilities(ctx, requires.capabilities, add);
}

function checkBins(ctx: RuleContext, bins: unknown, add: Sink): void {
  if (bins === undefined || bins === null) return;
  const base = [...REQUIRES, 'bins'];
  if (!Array.isArray(bins)) {
    add(
      errorDiag(
        'bins-invalid',
        fieldName(base),
        `requires.bins must be a list (got ${show(bins)}); write one "- name" or "- {name: …, apt: …}" entry per binary`,
        ctx.line(base),
      ),
    );
    return;
  }
  bins.forEach((entry: unknown, i) => {
    const at = [...base, i];
    if (typeof entry === 'string') {
      if (entry.trim() === '')
        add(
          errorDiag(
            'bin-missing-name',
            fieldName(at),
            'this requires.bins entry is empty; write the binary name (e.g. "- jq") or remove the line',
            ctx.line(at),
          ),
        );
      return;
    }
    if (!isPlainObject(entry)) {
      add(errorDiag('bin-invalid', fieldName(at), `requires.bins entries are a binary name or a mapping with "name" (got ${show(entry)})`, ctx.line(at)));
      return;
    }
    if (typeof entry.name !== 'string' || entry.name.trim() === '')
      add(
        errorDiag(
          'bin-missing-name',
          fieldName([...at, 'name']),
          `this requires.bins mapping has no "name"; add the executable's name, e.g. {name: ripgrep, apt: ripgrep}`,
          ctx.line(at),
        ),
      );
    const label = typeof entry.name === 'string' && entry.name ? `"${entry.name}"` : `entry ${i}`;
    if (entry.url !== undefined && (typeof entry.dest !== 'string' || entry.dest.trim() === ''))
      add(
        errorDiag(
          'bin-url-without-dest',
          fieldName([...at, 'dest']),
          `requires.bins ${label} downloads from "url" but has no "dest"; add the install path, e.g. dest: /usr/local/bin/${typeof entry.name === 'string' && entry.name ? entry.name : 'tool'}`,
          ctx.line([...at, 'url']),
        ),
      );
    if (entry.chmod !== undefined && !(typeof entry.chmod === 'string' && CHMOD_RE.test(entry.chmod.trim())))
      add(
        errorDiag(
          'bin-chmod-invalid',
          fieldName([...at, 'chmod']),
          `requires.bins ${label} has chmod ${show(entry.chmod)}; write the mode as a quoted octal string such as "0755" (unquoted numbers lose their octal meaning)`,
          ctx.line([...at, 'chmod']),
        ),
      );
  });
}

function checkCapabilities(ctx: RuleContext, caps: unknown, add: Sink): void {
  if (caps === undefined || caps === null) return;
  const base = [...REQUIRES, 'capabilities'];
  const known = KNOWN_CAPABILITIES.map((c) => `"${c}"`).join(', ');
  if (!Array.isArray(caps)) {
    add(
      errorDiag(
        'capability-unknown',
        fieldName(base),
        `requires.capabilities must be a list of capability names (known: ${known}; got ${show(caps)})`,
        ctx.line(base),
      ),
    );
    return;
  }
  caps.forEach((c: unknown, i) => {
    if (typeof c === 'string' && KNOWN_CAPABILITIES.includes(c)) return;
    add(
      errorDiag(
        'capability-unknown',
        fieldName([...base, i]),
        `unknown capability ${show(c)}: the runtime only provides ${known}; fix the spelling or remove it`,
        ctx.line([...base, i]),
      ),
    );
  });
}

const HEURISTICS_TITLE = /^detection heuristics\b/i;

/** A skill-level `Detection Heuristics` heading (any level) covers every tool that has none of its own. */
function hasSkillHeuristics(parsed: ParsedSkillMd): boolean {
  // The regex is made once: a literal inside the callback was a new RegExp object per section.
  return parsed.sections.some((s) => HEURISTICS_TITLE.test(s.title.trim()));
}

export function forgeToolRules(ctx: RuleContext, add: Sink): void {
  const { parsed } = ctx;
  const tools = parsed.tools;
  if (tools.length === 0) {
    if (builtinToolsMentioned(parsed.body).length === 0 && parsed.forge.requires.capabilities.length === 0)
      add(
        warningDiag(
          'tools-missing',
          'tools',
          'the skill defines no "## Tool:" section and names no built-in tool; add a "## Tool: <name>" section (with a script) or tell the agent which built-in to call, e.g. `datetime_now`',
          parsed.bodyLine,
        ),
      );
    return;
  }
  const sharedHeuristics = hasSkillHeuristics(parsed);
  // Tool name → the field and message of its duplicate finding, made at its first repeat and shared by the later ones
  // (a file of thousands of same-named tools made two strings per repeat); undefined until the name repeats.
  const seen = new Map<string, { field: string; message: string } | undefined>();
  // Indexed loops over the tools here and in the runtime rules: a for-of loop that runs before the function is optimised
  // allocates an iterator result per tool (4 MB per validate of 52,000 tools).
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    if (seen.has(tool.name)) {
      let d = seen.get(tool.name);
      if (d === undefined) {
        d = { field: `tools.${tool.name}`, message: `"## Tool: ${tool.name}" appears more than once; give each tool a unique name or merge the sections` };
        seen.set(tool.name, d);
      }
      add(warningDiag('tool-duplicate', d.field, d.message, tool.line));
      continue;
    }
    seen.set(tool.name, undefined);
    const f = `tools.${tool.name}`;
    if (isBuiltinTool(tool.name)) {
      add(
        warningDiag(
          'tool-shadows-builtin',
          f,
          `"${tool.name}" is a built-in tool; a skill uses a built-in by naming it in its instructions, so remove this "## Tool:" section or rename the tool`,
          tool.line,
        ),
      );
      continue;
    }
    toolCompleteness(tool, sharedHeuristics, add);
  }
}

function toolCompleteness(tool: ToolSection, sharedHeuristics: boolean, add: Sink): void {
  const f = `tools.${tool.name}`;
  if (tool.inputForm === 'none')
    add(
      warningDiag(
        'tool-missing-input',
        `${f}.input`,
        `tool "${tool.name}" has no **Input:**; write the one-line spec Forge's runtime reads, e.g. "**Input:** query (string, required), limit (integer)", then a Parameter | Type | Required | Description table for people (leave both out only when the tool takes no input)`,
        tool.line,
      ),
    );
  if (!tool.output || tool.output.kind !== 'json')
    add(
      warningDiag(
        'tool-missing-output-schema',
        `${f}.output`,
        `tool "${tool.name}" has no JSON Output schema; add **Output:** followed by a fenced json block describing what the tool returns`,
        tool.line,
      ),
    );
  if (tool.examples.length < MIN_TOOL_EXAMPLES)
    add(
      warningDiag(
        'tool-too-few-examples',
        `${f}.examples`,
        `tool "${tool.name}" has ${tool.examples.length} example${tool.examples.length === 1 ? '' : 's'}; add a "User Request | Tool Input" table with at least ${MIN_TOOL_EXAMPLES} rows so the agent learns how requests map to input`,
        tool.line,
      ),
    );
  if (tool.heuristics.length === 0 && !sharedHeuristics)
    add(
      warningDiag(
        'tool-missing-heuristics',
        `${f}.heuristics`,
        `tool "${tool.name}" has no detection heuristics; add a **Detection heuristics** list saying which requests should call it`,
        tool.line,
      ),
    );
}

/**
 * Phrases that state when a skill applies: a trigger word, a "quote" or a 'quote' (quotes with
 * distinct opening and closing marks: {@link hasQuoted}). Three regexes tried in turn rather than
 * one alternation, each only when its quote mark is in the text (the same answer, found sooner).
 */
const TRIGGER_WORD_RE = /\b(?:when|whenever|if (?:the |a )?user)\b/iu;
const DOUBLE_QUOTED_RE = /"[^"\n]{2,}"/iu;
const SINGLE_QUOTED_RE = /(?<![\p{L}\p{N}])'[^'\n]{2,}'(?![\p{L}\p{N}])/iu;

/**
 * Whether `text` quotes two or more characters between `open` and `close` on
 * one line: what `“[^”\n]{2,}”` matched. A loop, because that regex rescanned
 * the rest of the line from every `“` of a long run (quadratic): the first
 * `open` after a `close` (or a line start) gives the longest quote, so one pass suffices.
 */
function hasQuoted(text: string, open: string, close: string): boolean {
  if (!text.includes(open)) return false;
  let from = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') from = -1;
    else if (c === close && from >= 0) {
      if (i - from > 2) return true;
      from = -1;
    } else if (c === open && from < 0) from = i;
  }
  return false;
}

function hasTrigger(d: string): boolean {
  return (
    TRIGGER_WORD_RE.test(d) ||
    (d.includes('"') && DOUBLE_QUOTED_RE.test(d)) ||
    (d.includes("'") && SINGLE_QUOTED_RE.test(d)) ||
    hasQuoted(d, '“', '”') ||
    hasQuoted(d, '‘', '’') ||
    hasQuoted(d, '«', '»')
  );
}

export function forgeDescriptionRules(ctx: RuleContext, add: Sink): void {
  const d = ctx.parsed.frontmatter?.description;
  if (typeof d !== 'string' || d.trim() === '') return;
  if (!hasTrigger(d))
    add(
      warningDiag(
        'description-no-trigger',
        'description',
        'the description says what the skill does but not when to use it, so the agent may never route to it; add the trigger, e.g. When the user asks … ("phrase one", "phrase two")',
        ctx.line(['description']),
      ),
    );
}

export function nameConflictRules(ctx: RuleContext, add: Sink): void {
  const name = ctx.parsed.frontmatter?.name;
  const existing = ctx.options.existingNames;
  if (typeof name !== 'string' || !existing || name === ctx.options.editingName) return;
  if (existing.includes(name))
    add(
      warningDiag(
        'name-exists',
        'name',
        `a skill named "${name}" already exists in this agent; choose another name, or edit that skill instead`,
        ctx.line(['name']),
      ),
    );
}
