// findOverlaps: which skills of an agent fight over the same requests. First
// a lexical pass with no model call: the word sets of each skill's name and
// description (lower case, stop words out), compared pairwise by Jaccard
// similarity; pairs at or above the threshold are close. Then, with an LLM,
// each close pair is confirmed: one designer call writes requests for the
// first skill with the second as its competitor, each is routed with both
// skills in the catalog, and the requests that went to the wrong one of the
// two are the ones the pair fights over.
import { createLlmClient } from '../llm/client.js';
import type { LlmClient, LlmConfig } from '../llm/types.js';
import type { SkillLike } from '../skill/skill.js';
import { buildAgentView, routingSkillName } from './agent-view.js';
import { decide } from './check-routing.js';
import { generateRequests } from './generate-requests.js';
import { choiceOf } from './outcome.js';
import { routingSkill, skillBriefs } from './skills.js';

const STOP = new Set([
  'the',
  'and',
  'for',
  'when',
  'user',
  'asks',
  'about',
  'with',
  'this',
  'that',
  'from',
  'into',
  'give',
  'use',
  'skill',
  'tool',
  'what',
  'how',
  'its',
  'are',
  'any',
]);

export interface OverlapPair {
  a: string;
  b: string;
  /** Jaccard similarity of the two word sets (0..1). */
  similarity: number;
  /** The words both use. */
  shared: string[];
  /** With an LLM: generated requests the pair fought over (meant for one, taken by the other). */
  contested?: string[];
}

export interface FindOverlapsOptions {
  skills: readonly SkillLike[];
  llm?: LlmClient | LlmConfig;
  /** Similarity at or above which a pair is close. Default 0.2. */
  threshold?: number;
  /** Requests generated per close pair. Default 4. */
  requestsPerPair?: number;
  signal?: AbortSignal;
}

export interface OverlapReport {
  pairs: OverlapPair[];
  calls: number;
}

export function skillWords(name: string, description: string): Set<string> {
  const words = `${name.replace(/[-_]/g, ' ')} ${description}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return new Set(words.filter((w) => w.length >= 3 && !STOP.has(w)));
}

/** The lexical pass: close pairs, most similar first. */
export function lexicalOverlaps(skills: readonly SkillLike[], threshold = 0.2): OverlapPair[] {
  const briefs = skillBriefs(skills.map((s, i) => routingSkill(s, `skills[${i}]`))).filter((b) => b.name);
  const words = briefs.map((b) => skillWords(b.name, b.description));
  const pairs: OverlapPair[] = [];
  for (let i = 0; i < briefs.length; i++) {
    for (let j = i + 1; j < briefs.length; j++) {
      const shared = [...words[i]!].filter((w) => words[j]!.has(w)).sort();
      const union = new Set([...words[i]!, ...words[j]!]).size;
      const similarity = union === 0 ? 0 : shared.length / union;
      if (similarity >= threshold) pairs.push({ a: briefs[i]!.name, b: briefs[j]!.name, similarity, shared });
    }
  }
  return pairs.sort((x, y) => y.similarity - x.similarity || (x.a < y.a ? -1 : 1));
}

/** Lexical pass, then (with `llm`) confirmation of each close pair with generated requests. */
export async function findOverlaps(opts: FindOverlapsOptions): Promise<OverlapReport> {
  const pairs = lexicalOverlaps(opts.skills, opts.threshold);
  if (!opts.llm) return { pairs, calls: 0 };
  const llm: LlmClient = 'stream' in opts.llm ? opts.llm : createLlmClient(opts.llm);
  const skills = opts.skills.map((s, i) => routingSkill(s, `skills[${i}]`));
  const byName = new Map(skills.map((s) => [routingSkillName(s), s]));
  let calls = 0;
  for (const pair of pairs) {
    const a = byName.get(pair.a)!;
    const b = byName.get(pair.b)!;
    const [briefA, briefB] = skillBriefs([a, b]);
    calls++;
    const { requests } = await generateRequests({
      llm,
      skill: { ...briefA!, skillMd: a.skillMd },
      others: [briefB!],
      count: opts.requestsPerPair ?? 4,
      existing: [],
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const view = buildAgentView([a, b]);
    const contested: string[] = [];
    for (const r of requests) {
      if (r.expect === 'none') continue;
      calls++;
      const chose = choiceOf((await decide(llm, view, r.text, opts.signal)).calls, view)?.skill;
      const meant = r.expect === 'this' ? pair.a : pair.b;
      if (chose && chose !== meant && (chose === pair.a || chose === pair.b)) contested.push(r.text);
    }
    pair.contested = contested;
  }
  return { pairs, calls };
}
