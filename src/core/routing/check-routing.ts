// checkRouting / routeCheck: asks the agent's model, `runsPerQuery` times per
// request, what it would do with that request given exactly what Forge's
// runtime shows it (the system prompt with the skill catalog, read_skill and
// the skills' script tools; see agent-view.ts), and reports which skill each
// request went to, its trigger rate over the runs, recall, precision and the
// overlaps naming the competing skill.
//
// One provider call per run (single turn, native tool calling, tool choice
// auto), at most `concurrency` at once; the caller's signal aborts the calls in
// flight and starts no more. `routeCheck` yields events and never throws for a
// provider failure: it ends with `error` carrying the results so far.
// `checkRouting` resolves with the report, or rejects with the error, whose
// `partial` holds the report so far.
import { ForgeError, LlmError, PartialResultError, RequestError, type ForgeErrorCode } from '../errors.js';
import { createLlmClient } from '../llm/client.js';
import type { LlmClient, LlmUsage } from '../llm/types.js';
import { buildAgentView, routingSkillName, type AgentView } from './agent-view.js';
import { generateRequests } from './generate-requests.js';
import { choiceOf, RunTally, summarize, type ToolCallSeen } from './outcome.js';
import { checkRequests, DEFAULT_MAX_REQUESTS, planRouting } from './requests.js';
import type { SkillBrief } from './designer.js';
import { routingSkill, skillBriefs } from './skills.js';
import type { Skill } from '../skill/skill.js';
import { DEFAULT_RUNS_PER_QUERY, DEFAULT_TRIGGER_THRESHOLD, type CheckRoutingOptions } from './options.js';
import type { RoutingEvent, RoutingReport, RoutingRequest, RoutingResult } from './types.js';

export const DEFAULT_ROUTING_CONCURRENCY = 4;

/** A failed checkRouting: `cause` is the failure, `partial` the report of what was measured before it. */
export type RoutingCheckError = PartialResultError<RoutingReport>;

interface Prepared {
  llm: LlmClient;
  /** The skill being checked, parsed once. */
  draft: Skill;
  name: string;
  brief: SkillBrief;
  others: SkillBrief[];
  view: AgentView;
  requests: RoutingRequest[];
  concurrency: number;
  maxRequests: number;
  runsPerQuery: number;
  threshold: number;
}

function prepare(opts: CheckRoutingOptions): Prepared {
  if (!opts || typeof opts !== 'object') throw new RequestError('options', 'checkRouting needs {llm, draft, otherSkills?, requests?, generate?}');
  if (!opts.llm) throw new RequestError('llm', 'llm is required: an LlmClient or an LlmConfig');
  const draft = routingSkill(opts.draft, 'draft');
  if (opts.otherSkills !== undefined && !Array.isArray(opts.otherSkills))
    throw new RequestError('otherSkills', 'otherSkills must be an array of skills ({skillMd, scripts?, dirName?})');
  const others = (opts.otherSkills ?? []).map((s, i) => routingSkill(s, `otherSkills[${i}]`));
  const name = routingSkillName(draft);
  if (!name) throw new RequestError('draft.skillMd', 'the draft has no name: add `name:` to its frontmatter');
  const requests = checkRequests(opts.requests);
  const generate = opts.generate ?? 0;
  if (typeof generate !== 'number' || !Number.isFinite(generate) || generate < 0) throw new RequestError('generate', 'generate must be a number ≥ 0');
  const concurrency = Math.floor(opts.concurrency ?? DEFAULT_ROUTING_CONCURRENCY);
  if (!(concurrency >= 1)) throw new RequestError('concurrency', 'concurrency must be 1 or more');
  const maxRequests = Math.floor(opts.maxRequests ?? DEFAULT_MAX_REQUESTS);
  if (!(maxRequests >= 1)) throw new RequestError('maxRequests', 'maxRequests must be 1 or more');
  const runsPerQuery = opts.runsPerQuery ?? DEFAULT_RUNS_PER_QUERY;
  if (!Number.isInteger(runsPerQuery) || runsPerQuery < 1 || runsPerQuery > 10)
    throw new RequestError('runsPerQuery', 'runsPerQuery must be a whole number from 1 to 10: the times each request is sent');
  const threshold = opts.threshold ?? DEFAULT_TRIGGER_THRESHOLD;
  if (typeof threshold !== 'number' || !(threshold > 0 && threshold <= 1))
    throw new RequestError('threshold', 'threshold must be a number above 0 and at most 1: the share of runs that must go as expected');
  if (requests.length === 0 && generate === 0) throw new RequestError('requests', 'give requests to check, or set generate to have them written');
  // The draft replaces an installed skill of the same name (the one being edited).
  const rest = others.filter((s) => routingSkillName(s) !== name);
  const view = buildAgentView([draft, ...rest], { agentName: opts.agentName });
  const llm = 'stream' in opts.llm ? opts.llm : createLlmClient(opts.llm);
  const [brief, ...briefs] = skillBriefs([draft, ...rest]);
  return { llm, draft, name, brief: brief!, others: briefs, view, requests, concurrency, maxRequests, runsPerQuery, threshold };
}

/** What the model does with one request: the tool calls it made, its first words, and the usage. */
export async function decide(
  llm: LlmClient,
  view: AgentView,
  text: string,
  signal: AbortSignal | undefined,
): Promise<{ calls: ToolCallSeen[]; answer: string; usage: LlmUsage }> {
  const calls: ToolCallSeen[] = [];
  let answer = '';
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  const request = { system: view.system, messages: [{ role: 'user' as const, content: text }], tools: view.tools, ...(signal ? { signal } : {}) };
  for await (const part of llm.stream(request)) {
    if (part.type === 'tool-call') calls.push({ name: part.name, arguments: part.arguments });
    else if (part.type === 'text-delta' && answer.length < 200) answer += part.text;
    else if (part.type === 'usage') {
      usage.inputTokens += part.usage.inputTokens;
      usage.outputTokens += part.usage.outputTokens;
    }
  }
  return { calls, answer: answer.slice(0, 200), usage };
}

/** The designer call: `count` new requests beside `existing`. */
function designRequests(p: Prepared, skillMd: string, count: number, existing: readonly RoutingRequest[], signal: AbortSignal | undefined) {
  return generateRequests({
    llm: p.llm,
    skill: { ...p.brief, skillMd },
    others: p.others,
    count,
    existing: existing.map((r) => r.text),
    ...(signal ? { signal } : {}),
  });
}

function errorCode(err: unknown): ForgeErrorCode | 'internal' {
  return ForgeError.isInstance(err) ? err.code : 'internal';
}

/**
 * Runs a routing check and yields its events: `plan` (the calls it will make),
 * `requests` (the full list, generated ones included), then `progress` and
 * `route_result` per request once all its runs are back, then `done` with the
 * report — or `error` with the report so far. Invalid options throw
 * RequestError before any call.
 */
export async function* routeCheck(opts: CheckRoutingOptions): AsyncGenerator<RoutingEvent> {
  const p = prepare(opts);
  const signal = opts.signal;
  const plan = planRouting({ draftSkillMd: p.draft.skillMd, requests: p.requests, generate: opts.generate ?? 0, maxRequests: p.maxRequests });
  yield { type: 'plan', calls: plan.calls * p.runsPerQuery, designerCalls: plan.designerCalls, runsPerQuery: p.runsPerQuery };

  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  const addUsage = (u: LlmUsage): void => {
    usage.inputTokens += u.inputTokens;
    usage.outputTokens += u.outputTokens;
  };
  let calls = 0;
  const results: RoutingResult[] = [];
  const report = (): RoutingReport => ({
    skill: p.name,
    results: results.filter(Boolean),
    ...summarize(results.filter(Boolean), p.name, p.threshold),
    runsPerQuery: p.runsPerQuery,
    threshold: p.threshold,
    calls,
    usage: { ...usage },
  });
  const fail = (err: unknown): RoutingEvent => ({ type: 'error', error: err as Error, code: errorCode(err), report: report() });

  const requests = [...p.requests.slice(0, p.maxRequests), ...plan.fromExamples];
  if (plan.fromDesigner > 0) {
    calls++;
    try {
      const generated = await designRequests(p, p.draft.skillMd, plan.fromDesigner, requests, signal);
      addUsage(generated.usage);
      requests.push(...generated.requests);
    } catch (err) {
      yield fail(err);
      return;
    }
  }
  yield { type: 'requests', requests: requests.map((r) => ({ ...r })) };
  yield* decideAll(p, requests, results, signal, {
    onCall: () => calls++,
    addUsage,
    report,
    fail,
  });
}

/** Checks the requests `concurrency` at a time, yielding progress and each result as it arrives. */
async function* decideAll(
  p: Prepared,
  requests: readonly RoutingRequest[],
  results: RoutingResult[],
  signal: AbortSignal | undefined,
  hooks: { onCall(): void; addUsage(u: LlmUsage): void; report(): RoutingReport; fail(err: unknown): RoutingEvent },
): AsyncGenerator<RoutingEvent> {
  const total = requests.length;
  const runs = p.runsPerQuery;
  const tallies = requests.map((r) => new RunTally(r, p.name));
  let next = 0;
  let finished = 0;
  let failure: unknown;
  const ready: RoutingEvent[] = [];
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  // Task t is run t % runs of request floor(t / runs): a request's runs go out together.
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < total * runs && !signal?.aborted) {
      const index = Math.floor(next++ / runs);
      hooks.onCall();
      try {
        const { calls, answer, usage } = await decide(p.llm, p.view, requests[index]!.text, signal);
        hooks.addUsage(usage);
        const tally = tallies[index]!;
        tally.add(choiceOf(calls, p.view), answer);
        if (tally.runs === runs) {
          const result = tally.result(p.threshold);
          results[index] = result;
          finished++;
          ready.push({ type: 'progress', done: finished, total }, { type: 'route_result', index, result });
        }
      } catch (err) {
        failure ??= err;
      }
      notify();
    }
  };
  let running = true;
  const workers = Promise.all(Array.from({ length: Math.min(p.concurrency, total * runs) }, worker)).then(() => {
    running = false;
    notify();
  });
  while (running || ready.length > 0) {
    if (ready.length === 0) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (!running || ready.length > 0) resolve();
      });
      continue;
    }
    yield ready.shift()!;
  }
  await workers;
  if (failure === undefined && signal?.aborted) failure = new LlmError('aborted', 'the routing check was aborted', { provider: p.llm.provider });
  if (failure !== undefined) {
    yield hooks.fail(failure);
    return;
  }
  yield { type: 'done', report: hooks.report() };
}

/** Runs a routing check to the end. Rejects with a RoutingCheckError: the failure, and the report so far. */
export async function checkRouting(opts: CheckRoutingOptions): Promise<RoutingReport> {
  let last: RoutingEvent | undefined;
  for await (const event of routeCheck(opts)) last = event;
  if (last?.type === 'done') return last.report;
  if (last?.type === 'error') throw new PartialResultError(last.error, last.report) satisfies RoutingCheckError;
  throw new Error('routing check ended without a result');
}

/**
 * The requests a check would generate, without checking them (for an editable
 * list): the draft's Examples positives, then one designer call for the rest.
 * `count` is capped at the default request budget.
 */
export async function suggestRoutingRequests(
  opts: Omit<CheckRoutingOptions, 'requests'> & { count?: number },
): Promise<{ requests: RoutingRequest[]; calls: number; usage: LlmUsage }> {
  const count = Math.min(opts.count ?? opts.generate ?? 8, opts.maxRequests ?? DEFAULT_MAX_REQUESTS);
  const p = prepare({ ...opts, requests: [], generate: count });
  const plan = planRouting({ draftSkillMd: p.draft.skillMd, requests: [], generate: count, maxRequests: p.maxRequests });
  const requests = [...plan.fromExamples];
  if (plan.fromDesigner === 0) return { requests, calls: 0, usage: { inputTokens: 0, outputTokens: 0 } };
  const generated = await designRequests(p, p.draft.skillMd, plan.fromDesigner, requests, opts.signal);
  return { requests: [...requests, ...generated.requests], calls: 1, usage: generated.usage };
}
