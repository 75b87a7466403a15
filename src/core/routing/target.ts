// What of a skill the agent's model actually sees, and so what an optimisation
// rewrites: the frontmatter description when Forge's runtime lists the skill
// in its catalog, or the descriptions of its script-backed tools when it does
// not (a skill whose every entry is callable reaches the model only as tools).
// A tool's description is the prose of its `## Tool:` entry as the runtime
// joins it; a rewrite replaces the prose lines and keeps spec lines, tables
// and `**Label:**` lines where they are.
import { buildSkillCatalog } from '../catalog.js';
import { RequestError } from '../errors.js';
import { splitFrontmatter } from '../skillmd/frontmatter.js';
import type { Skill } from '../skill/skill.js';
import type { AgentView } from './agent-view.js';
import type { RoutingTarget } from './optimize-types.js';
import { withDescription } from './skills.js';

/** The target for `draft` (named `name` in `view`); throws when the model sees neither a catalog line nor a tool. */
export function routingTargetOf(draft: Skill, name: string, view: AgentView): RoutingTarget {
  if (buildSkillCatalog([draft.dirName === undefined ? draft.with({ dirName: name }) : draft]) !== '') return 'description';
  if (Object.values(view.toolOwners).includes(name)) return 'tools';
  throw new RequestError(
    'draft',
    `the agent's model sees nothing of "${name}": it is neither in the catalog nor registers a tool; give it a description, or fix what stops the runtime loading it`,
  );
}

/** The texts the model sees: `{description}` or `{<tool>: description}` for the tools `name` registers in `view`. */
export function targetTexts(draft: Skill, name: string, view: AgentView, target: RoutingTarget): Record<string, string> {
  if (target === 'description') {
    const fm = draft.description.replace(/\s+/g, ' ').trim();
    return { description: fm || (draft.runtimeView.tools.find((t) => t.description !== '')?.description ?? '') };
  }
  const out: Record<string, string> = {};
  for (const tool of view.tools) if (view.toolOwners[tool.name] === name) out[tool.name] = tool.description;
  return out;
}

const TOOL = '## Tool:';
const SPEC = ['**Input:**', '**Output:**', '**Output format:**'];

/** Prose: a description line that is not a spec line, a table row or a `**Label:**` line. */
function isProse(trimmed: string): boolean {
  return trimmed !== '' && !trimmed.startsWith('|') && !trimmed.startsWith('**') && !SPEC.some((s) => trimmed.startsWith(s));
}

/** The body with the prose of entry `tool` replaced by `text` (one line where the first prose line was). */
function withToolProse(body: string, tool: string, text: string): string {
  const lines = body.split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith(TOOL) && l.trim().slice(TOOL.length).trim() === tool);
  if (start < 0) throw new RequestError(`tools.${tool}`, `the SKILL.md has no "## Tool: ${tool}" entry to describe`);
  let end = start + 1;
  while (end < lines.length && !lines[end]!.trim().startsWith('#')) end++;
  const prose: number[] = [];
  for (let i = start + 1; i < end; i++) if (isProse(lines[i]!.trim())) prose.push(i);
  const line = text.replace(/\s+/g, ' ').trim();
  if (prose.length === 0) return [...lines.slice(0, start + 1), '', line, ...lines.slice(start + 1)].join('\n');
  const drop = new Set(prose.slice(1));
  return lines
    .map((l, i) => (i === prose[0] ? line : l))
    .filter((_, i) => !drop.has(i))
    .join('\n');
}

/** The SKILL.md with the target's texts set: the description, or each named tool's prose. */
export function withTargetTexts(skillMd: string, target: RoutingTarget, texts: Record<string, string>): string {
  if (target === 'description') return withDescription(skillMd, texts['description'] ?? '');
  const all = skillMd.split('\n');
  const split = splitFrontmatter(skillMd);
  const first = split.present ? split.bodyLine - 1 : 0;
  let body = all.slice(first).join('\n');
  for (const [tool, text] of Object.entries(texts)) body = withToolProse(body, tool, text);
  return [...all.slice(0, first), body].join('\n');
}
