// The requests a routing check sends: the operator's own (checked, with the
// field named on a bad one), the positives the draft already carries in its
// Examples tables, and the plan that states the number of calls before any is
// made.
import { RequestError } from '../errors.js';
import { parseSkillMd } from '../skillmd/parse.js';
import { ROUTING_EXPECTATIONS, type RoutingRequest } from './types.js';

/** Longest request text accepted. */
export const MAX_REQUEST_CHARS = 2000;
/** Requests checked by default at most (one provider call each). */
export const DEFAULT_MAX_REQUESTS = 12;

/** Checks and copies the operator's requests; throws RequestError naming `requests[i].…`. */
export function checkRequests(requests: unknown, field = 'requests'): RoutingRequest[] {
  if (requests === undefined || requests === null) return [];
  if (!Array.isArray(requests)) throw new RequestError(field, `${field} must be an array of {text, expect: "this" | "other" | "none"}`);
  return requests.map((r: unknown, i) => {
    const at = `${field}[${i}]`;
    if (!r || typeof r !== 'object') throw new RequestError(at, `${at} must be an object {text, expect}`);
    const { text, expect, skill, source } = r as Record<string, unknown>;
    if (typeof text !== 'string' || !text.trim()) throw new RequestError(`${at}.text`, `${at}.text must be a non-empty string: what a user would type`);
    if (text.length > MAX_REQUEST_CHARS) throw new RequestError(`${at}.text`, `${at}.text is ${text.length} characters; keep it under ${MAX_REQUEST_CHARS}`);
    if (!ROUTING_EXPECTATIONS.includes(expect as never)) {
      throw new RequestError(`${at}.expect`, `${at}.expect must be "this", "other" or "none" (got ${JSON.stringify(expect ?? null)})`);
    }
    if (skill !== undefined && skill !== null && typeof skill !== 'string') throw new RequestError(`${at}.skill`, `${at}.skill must be a skill name`);
    const out: RoutingRequest = { text: text.trim(), expect: expect as RoutingRequest['expect'] };
    if (typeof skill === 'string' && skill.trim() && expect === 'other') out.skill = skill.trim();
    if (source === 'user' || source === 'example' || source === 'designer') out.source = source;
    return out;
  });
}

/** The user requests of the draft's Examples tables (each once, in order), as positives. */
export function examplePositives(skillMd: string): RoutingRequest[] {
  const seen = new Set<string>();
  const out: RoutingRequest[] = [];
  for (const tool of parseSkillMd(skillMd).tools) {
    for (const example of tool.examples) {
      const text = example.request.trim();
      const key = text.toLowerCase();
      if (!text || seen.has(key) || text.length > MAX_REQUEST_CHARS) continue;
      seen.add(key);
      out.push({ text, expect: 'this', source: 'example' });
    }
  }
  return out;
}

export interface RoutingPlan {
  /** Provider calls to check the requests (one each). */
  calls: number;
  /** Designer calls (0 or 1) to write generated requests. */
  designerCalls: number;
  /** Requests from the Examples tables that will be used. */
  fromExamples: RoutingRequest[];
  /** Requests the designer is asked for. */
  fromDesigner: number;
}

/**
 * How many calls a check makes, before it makes any: the operator's requests,
 * then up to `generate` more — Examples positives first, the rest from one
 * designer call — all capped at `maxRequests`.
 */
export function planRouting(opts: { draftSkillMd: string; requests: readonly RoutingRequest[]; generate?: number; maxRequests?: number }): RoutingPlan {
  const max = Math.max(1, Math.floor(opts.maxRequests ?? DEFAULT_MAX_REQUESTS));
  const room = Math.max(0, max - opts.requests.length);
  const wanted = Math.min(room, Math.max(0, Math.floor(opts.generate ?? 0)));
  const known = new Set(opts.requests.map((r) => r.text.toLowerCase()));
  // Examples fill at most half the generated requests, so near misses always get room.
  const fromExamples = examplePositives(opts.draftSkillMd)
    .filter((r) => !known.has(r.text.toLowerCase()))
    .slice(0, Math.ceil(wanted / 2));
  const fromDesigner = wanted - fromExamples.length;
  return {
    calls: Math.min(max, opts.requests.length) + wanted,
    designerCalls: fromDesigner > 0 ? 1 : 0,
    fromExamples,
    fromDesigner,
  };
}
