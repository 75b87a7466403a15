// The trigger-eval format other skill tools read and write —
// `[{"query": "…", "should_trigger": true | false}]` — to and from our routing
// requests. `should_trigger: true` is a request meant for the skill; false is
// one that is not, kept as `other` (or `none` / a named skill when the entry
// carries our optional `expect` / `skill` fields, which we write so a file
// round-trips; readers of the plain format ignore them).
import { RequestError } from '../errors.js';
import { checkRequests } from './requests.js';
import type { RoutingRequest } from './types.js';

export interface TriggerEval {
  query: string;
  should_trigger: boolean;
  expect?: 'other' | 'none';
  skill?: string;
}

/** The requests as trigger evals. */
export function toTriggerEvals(requests: readonly RoutingRequest[]): TriggerEval[] {
  return requests.map((r) => {
    if (r.expect === 'this') return { query: r.text, should_trigger: true };
    return { query: r.text, should_trigger: false, expect: r.expect, ...(r.expect === 'other' && r.skill ? { skill: r.skill } : {}) };
  });
}

/** Trigger evals (parsed JSON) as requests; throws RequestError naming `[i].query` / `[i].should_trigger`. */
export function fromTriggerEvals(value: unknown, field = 'triggers'): RoutingRequest[] {
  if (!Array.isArray(value)) throw new RequestError(field, `${field} must be a JSON array of {"query": "…", "should_trigger": true | false}`);
  const requests = value.map((item: unknown, i) => {
    const at = `${field}[${i}]`;
    if (!item || typeof item !== 'object') throw new RequestError(at, `${at} must be an object {"query", "should_trigger"}`);
    const { query, should_trigger: should, expect, skill } = item as Record<string, unknown>;
    if (typeof query !== 'string' || !query.trim()) throw new RequestError(`${at}.query`, `${at}.query must be the request text a user would type`);
    if (typeof should !== 'boolean') throw new RequestError(`${at}.should_trigger`, `${at}.should_trigger must be true or false`);
    const kind = should ? 'this' : expect === 'none' ? 'none' : 'other';
    return { text: query, expect: kind, ...(kind === 'other' && typeof skill === 'string' ? { skill } : {}), source: 'user' };
  });
  return checkRequests(requests, field);
}

/** The text of a stored triggers file (two-space JSON, a final newline). */
export function triggerEvalsText(requests: readonly RoutingRequest[]): string {
  return `${JSON.stringify(toTriggerEvals(requests), null, 2)}\n`;
}
