// From a model's reply to a routing decision, and from all decisions to the
// summary: which skill the first tool call went to, whether that is what the
// request expected, a request's runs folded into its trigger rate and
// verdict, recall, precision and the overlaps naming the competing skill.
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

/** The runs of one request, as they come back. */
export class RunTally {
  runs = 0;
  hits = 0;
  asExpected = 0;
  answer = '';
  private readonly choices: { choice: RoutingChoice | null; key: string; count: number }[] = [];

  constructor(
    private readonly request: RoutingRequest,
    private readonly skill: string,
  ) {}

  add(chose: RoutingChoice | null, answer: string): void {
    this.runs++;
    if (chose?.skill === this.skill) this.hits++;
    if (isExpected(this.request, chose, this.skill)) this.asExpected++;
    const key = chose ? `${chose.skill}\u0000${chose.tool ?? ''}` : '';
    const seen = this.choices.find((c) => c.key === key);
    if (seen) seen.count++;
    else this.choices.push({ choice: chose, key, count: 1 });
    if (!chose && !this.answer && answer.trim()) this.answer = answer.trim();
  }

  /**
   * The request's result: the most frequent choice, its trigger rate, and
   * whether it passed — for a request meant for the skill, a rate at or above
   * the threshold; for the others, fewer than `threshold` of the runs going
   * anywhere but where expected (with one run: the single answer decides).
   */
  result(threshold: number): RoutingResult {
    let top = this.choices[0];
    for (const c of this.choices) if (top && c.count > top.count) top = c;
    const chose = top?.choice ?? null;
    const rate = this.runs ? this.hits / this.runs : 0;
    const missRate = this.runs ? (this.runs - this.asExpected) / this.runs : 1;
    const ok = this.request.expect === 'this' ? rate >= threshold : missRate < threshold;
    return { ...this.request, chose, runs: this.runs, hits: this.hits, rate, ok, ...(chose === null && this.answer ? { answer: this.answer } : {}) };
  }
}

const ratio = (hit: number, of: number): number | null => (of === 0 ? null : hit / of);

export function summarize(
  results: readonly RoutingResult[],
  skill: string,
  threshold = 0.5,
): { recall: number | null; precision: number | null; overlaps: RoutingOverlap[] } {
  const meant = results.filter((r) => r.expect === 'this');
  const got = results.filter((r) => r.rate >= threshold);
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
    recall: ratio(meant.filter((r) => r.rate >= threshold).length, meant.length),
    precision: ratio(got.filter((r) => r.expect === 'this').length, got.length),
    overlaps: [...overlaps]
      .map(([name, requests]) => ({ skill: name, requests }))
      .sort((a, b) => b.requests.length - a.requests.length || (a.skill < b.skill ? -1 : 1)),
  };
}
