// From a model's reply to a routing decision, and from all decisions to the
// summary: which skill the first tool call went to, whether that is what the
// request expected, recall, precision and the overlaps naming the competing
// skill.
import type { AgentView } from './agent-view.js';
import type { RoutingChoice, RoutingOverlap, RoutingRequest, RoutingResult } from './types.js';

export interface ToolCallSeen {
  name: string;
  arguments: Record<string, unknown>;
}

/** The skill the first tool call routes to: `read_skill {name}` or a tool the skill registered; null for no call or a tool no skill owns. */
export function choiceOf(calls: readonly ToolCallSeen[], view: Pick<AgentView, 'toolOwners'>): RoutingChoice | null {
  const first = calls[0];
  if (!first) return null;
  if (first.name === 'read_skill') {
    const name = first.arguments['name'];
    return typeof name === 'string' && name.trim() ? { skill: name.trim(), via: 'read_skill' } : null;
  }
  const owner = Object.hasOwn(view.toolOwners, first.name) ? view.toolOwners[first.name] : undefined;
  return owner ? { skill: owner, via: 'tool', tool: first.name } : null;
}

/** Whether `chose` is what `request` expected, for the skill `skill`. */
export function isExpected(request: RoutingRequest, chose: RoutingChoice | null, skill: string): boolean {
  if (request.expect === 'this') return chose?.skill === skill;
  if (request.expect === 'none') return chose === null;
  if (chose === null || chose.skill === skill) return false;
  return !request.skill || request.skill === chose.skill;
}

const ratio = (hit: number, of: number): number | null => (of === 0 ? null : hit / of);

export function summarize(results: readonly RoutingResult[], skill: string): { recall: number | null; precision: number | null; overlaps: RoutingOverlap[] } {
  const meant = results.filter((r) => r.expect === 'this');
  const got = results.filter((r) => r.chose?.skill === skill);
  const overlaps = new Map<string, string[]>();
  const add = (other: string, text: string): void => {
    const list = overlaps.get(other) ?? [];
    if (!list.includes(text)) list.push(text);
    overlaps.set(other, list);
  };
  for (const r of results) {
    // Meant for this skill, taken by another one.
    if (r.expect === 'this' && r.chose && r.chose.skill !== skill) add(r.chose.skill, r.text);
    // Meant for another (named) skill, taken by this one.
    if (r.expect === 'other' && r.skill && r.chose?.skill === skill) add(r.skill, r.text);
  }
  return {
    recall: ratio(meant.filter((r) => r.chose?.skill === skill).length, meant.length),
    precision: ratio(got.filter((r) => r.expect === 'this').length, got.length),
    overlaps: [...overlaps]
      .map(([name, requests]) => ({ skill: name, requests }))
      .sort((a, b) => b.requests.length - a.requests.length || (a.skill < b.skill ? -1 : 1)),
  };
}
