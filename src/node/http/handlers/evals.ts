// Eval routes, per agent, every request-level problem an HTTP error before
// any model call (body, agent, editing_name, LLM settings, key, no cases, no
// previous version for that baseline); bodies, events and replies mapped by
// core/protocol (evals-wire.ts, codecs.ts):
// - POST …/skill-builder/evals → SSE: `plan` {cases, runs, max_calls,
//   max_tokens, self_test_calls}, `cases`, `self_test`, per run `run_start`,
//   `step`s, `run_result` {run} and `progress`, then `done` {report} or
//   `error` {error, code, report}; the report carries benchmark.json, and
//   `capability_profile` (declared versus observed over the body's `runs`,
//   the session's earlier tries, and every observed tool call of the skill)
//   when tools ran in the sandbox; each tool call carries its `observation`.
//   Without cases in the body the edited skill's evals/evals.json and the
//   draft's Examples are used. Tools run in the sandbox only when the host
//   allows tool runs; otherwise each call is recorded as not run and the
//   report says so (tools_ran false). max_calls defaults to a server cap.
//   Closing the stream aborts the calls.
// - POST …/skill-builder/evals/suggest → {cases, usage}: the designer
//   proposes new cases for the draft (one call); nothing is run or written.
//   A designer reply without a list of cases is a 502 designer_reply.
// - GET / PUT …/skills/{name}/evals/feedback → {feedback} (PUT adds path):
//   the operator's per-case feedback in the skill's evals/feedback.json.
import { toBenchmarkJson } from '../../../core/evals/benchmark-json.js';
import { EVALS_FILE_PATH } from '../../../core/evals/evals-file.js';
import type { EvalReport } from '../../../core/evals/types.js';
import { EvalsRequestCodec, EvalsSuggestRequestCodec, FeedbackRequestCodec } from '../../../core/protocol/codecs.js';
import { evalsSuggestReplyToWire } from '../../../core/protocol/evals-suggest-wire.js';
import { MAX_EVAL_CALLS } from '../../../core/protocol/evals-schemas.js';
import { evalEventToWire, feedbackListToWire } from '../../../core/protocol/evals-wire.js';
import { Skill } from '../../../core/skill/skill.js';
import { loadSkillBuilderLLM } from '../../config/tiers.js';
import { runAgentEvals, suggestAgentEvals, type AgentEvalsOptions } from '../../evals/agent-evals.js';
import { readEvalFeedback, readSkillEvalsText, saveEvalFeedback } from '../../evals/eval-files.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';
import { followClient, setup as draftSetup, sseAfterFirstStep } from './route-check.js';

/** The model named in benchmark.json's metadata (`provider/model`). */
async function modelName(ctx: RouteContext, agentDir: string): Promise<string> {
  try {
    const c = await loadSkillBuilderLLM({ ...ctx.services.io, workspaceDir: ctx.services.workspaceDir, agentDir });
    return c.model ? `${c.provider}/${c.model}` : 'skill-builder model';
  } catch {
    return 'skill-builder model';
  }
}

/** The sandbox options of the eval's tool runs, or false when the host keeps tool runs off. */
function toolRunsOf(ctx: RouteContext, agentDir: string): AgentEvalsOptions['toolRuns'] {
  const sandbox = ctx.services.toolRuns;
  if (sandbox === null) return false;
  return {
    sandbox,
    workspaceDir: ctx.services.workspaceDir,
    agentDir,
    ...(ctx.services.fs ? { fs: ctx.services.fs } : {}),
    // The host's options only: the body cannot turn private egress on.
    allowPrivateEgress: ctx.services.allowPrivateEgress,
    forbiddenUpstreams: [...ctx.services.forbiddenUpstreams, ...(ctx.req.localAddress ? [ctx.req.localAddress] : [])],
  };
}

export async function evalsRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(EvalsRequestCodec);
  const opts = await draftSetup(ctx, body);
  let draft = Skill.from(opts.draft);
  if (body.files) draft = draft.with({ files: body.files });
  if (!body.cases && body.editingName) {
    const text = await readSkillEvalsText(opts.agentDir, body.editingName, ctx.services.io);
    if (text !== null) draft = draft.with({ files: { ...draft.files, [EVALS_FILE_PATH]: text } });
  }
  const executorModel = await modelName(ctx, opts.agentDir);
  const { controller, detach } = followClient(ctx);
  const pick = <K extends 'cases' | 'fromExamples' | 'runsPerConfiguration' | 'maxSteps' | 'baseline' | 'selfTest'>(k: K) =>
    body[k] !== undefined ? { [k]: body[k] } : {};
  let events;
  try {
    events = await runAgentEvals({
      ...opts,
      draft,
      ...pick('cases'),
      ...pick('fromExamples'),
      ...pick('runsPerConfiguration'),
      ...pick('maxSteps'),
      ...pick('baseline'),
      ...pick('selfTest'),
      budget: { maxCalls: body.maxCalls ?? MAX_EVAL_CALLS, ...(body.maxTokens !== undefined ? { maxTokens: body.maxTokens } : {}) },
      toolRuns: toolRunsOf(ctx, opts.agentDir),
      ...(body.runs ? { sessionRuns: body.runs } : {}),
      ...(ctx.params.id ? { agentName: ctx.params.id } : {}),
      signal: controller.signal,
    });
  } catch (err) {
    detach();
    throw err;
  }
  const benchmark = (report: EvalReport) =>
    toBenchmarkJson(report, { skillName: report.skill, executorModel, analyzerModel: executorModel, timestamp: new Date().toISOString() });
  return sseAfterFirstStep(events, (ev) => evalEventToWire(ev, benchmark), controller, detach);
}

export async function suggestEvalsRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(EvalsSuggestRequestCodec);
  const opts = await draftSetup(ctx, body);
  const { controller, detach } = followClient(ctx);
  try {
    const out = await suggestAgentEvals({
      ...opts,
      ...(body.count !== undefined ? { count: body.count } : {}),
      ...(body.cases ? { existing: body.cases } : {}),
      signal: controller.signal,
    });
    return json(evalsSuggestReplyToWire(out));
  } finally {
    detach();
  }
}

export async function getEvalFeedback(ctx: RouteContext): Promise<ApiResult> {
  const agent = await resolveAgent(ctx);
  const entries = await readEvalFeedback(agent.path, ctx.params.name ?? '', ctx.services.io);
  return json(feedbackListToWire(entries));
}

export async function putEvalFeedback(ctx: RouteContext): Promise<ApiResult> {
  const entries = await ctx.json(FeedbackRequestCodec);
  const agent = await resolveAgent(ctx);
  const timestamp = new Date().toISOString();
  const stamped = entries.map((e) => ({ evalId: e.evalId, feedback: e.feedback, timestamp }));
  const path = await saveEvalFeedback(agent.path, ctx.params.name ?? '', stamped, ctx.services.io);
  return json(feedbackListToWire(stamped, path));
}
