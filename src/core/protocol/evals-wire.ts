// The evals route on the wire: the body of POST …/skill-builder/evals, its
// SSE events (`plan`, `cases`, `self_test`, `run_start`, `step`,
// `run_result`, `progress`, then `done` or `error`) with their field tables,
// and reading them back for a client. A case travels in evals.json's own
// shape (`expected_output`); `done` and `error` carry the report without its
// runs (each came in its `run_result`) plus the benchmark.json value. A
// tool call carries its `observation` when it was observed, the report its
// `capability_profile`, and the body may carry the session's earlier `runs`.
import type {
  ConfigurationSummary,
  EvalCase,
  EvalConfiguration,
  EvalEvent,
  EvalPlan,
  EvalReport,
  EvalRun,
  ExpectationVerdict,
  Stat,
  Transcript,
  TranscriptStep,
  TranscriptToolCall,
} from '../evals/types.js';
import type { LlmUsage } from '../llm/types.js';
import type { ObservedRun } from '../tool-run/observation.js';
import { MAX_SESSION_RUNS } from '../observe/session.js';
import { observationFromWire, observationToWire } from './observe-wire.js';
import { capabilityProfileFromWire, capabilityProfileToWire, observedRunFromWire, observedRunToWire } from './profile-wire.js';
import type { SseMessage } from './builder-events-wire.js';
import { fields } from './fields.js';
import { USAGE } from './routing-wire.js';
import { fromWire, list, obj, str, strs, toWire, sseEventFromWire, type WireJson, num } from './wire.js';

/** `POST …/skill-builder/evals` body: the draft, the skill it replaces, the cases and the run's limits. */
export const EVALS_REQUEST = /*#__PURE__*/ fields(
  'skillMd',
  'scripts',
  'files',
  'editingName',
  'cases',
  'fromExamples',
  'runsPerConfiguration',
  'maxSteps',
  'baseline',
  'maxCalls',
  'maxTokens',
  'selfTest',
  'runs',
);
/** A case (evals.json's fields, plus where it came from). */
export const EVAL_CASE = /*#__PURE__*/ fields('id', 'prompt', 'expectedOutput', 'files', 'expectations', 'source');
/** The `plan` event: the cost stated before anything runs. */
export const EVAL_PLAN = /*#__PURE__*/ fields('cases', 'runs', 'maxCalls', 'maxTokens', 'selfTestCalls');
/** Which run an event is about (`run_start`, `step`). */
export const EVAL_RUN_REF = /*#__PURE__*/ fields('evalId', 'configuration', 'runNumber');
/** One graded run (`run_result`). */
export const EVAL_RUN = /*#__PURE__*/ fields(
  'evalId',
  'evalName',
  'configuration',
  'runNumber',
  'passRate',
  'passed',
  'failed',
  'total',
  'timeSeconds',
  'tokens',
  'toolCalls',
  'errors',
  'expectations',
  'notes',
  'transcript',
  'judgeUsage',
);
export const EVAL_TRANSCRIPT = /*#__PURE__*/ fields('system', 'prompt', 'tools', 'steps', 'answer', 'stoppedBy', 'usage', 'durationMs');
export const EVAL_STEP = /*#__PURE__*/ fields('text', 'toolCalls', 'usage', 'durationMs');
export const EVAL_TOOL_CALL = /*#__PURE__*/ fields('name', 'input', 'output', 'ok', 'notRun', 'skill', 'durationMs', 'observation');
/** The `done` / `error` report (its runs came one by one). */
export const EVAL_REPORT = /*#__PURE__*/ fields(
  'skill',
  'baseline',
  'runsPerConfiguration',
  'summary',
  'notes',
  'partial',
  'calls',
  'usage',
  'toolsRan',
  'benchmark',
  'capabilityProfile',
);
export const EVAL_SUMMARY = /*#__PURE__*/ fields('withSkill', 'withoutSkill', 'delta');
/** One configuration's figures, and the delta between the two. */
export const EVAL_FIGURES = /*#__PURE__*/ fields('passRate', 'timeSeconds', 'tokens');

/** The evals body in TypeScript. */
export interface EvalsBody {
  skillMd: string;
  scripts?: Record<string, string> | undefined;
  files?: Record<string, string> | undefined;
  editingName?: string | undefined;
  cases?: EvalCase[] | undefined;
  fromExamples?: boolean | undefined;
  runsPerConfiguration?: number | undefined;
  maxSteps?: number | undefined;
  baseline?: 'none' | 'previous' | undefined;
  maxCalls?: number | undefined;
  maxTokens?: number | undefined;
  selfTest?: boolean | undefined;
  /** The editing session's earlier observed runs (its tries), for the report's capability profile. */
  runs?: ObservedRun[] | undefined;
}

const usageToWire = (u: LlmUsage): WireJson => toWire(USAGE, u);
function usageFromWire(v: unknown): LlmUsage {
  const u = fromWire(USAGE, v);
  return { inputTokens: num(u.inputTokens), outputTokens: num(u.outputTokens) };
}

export const evalCaseToWire = (c: EvalCase): WireJson => toWire(EVAL_CASE, c);
export function evalCaseFromWire(json: unknown): EvalCase {
  const f = fromWire(EVAL_CASE, json);
  const source = f.source === 'examples' || f.source === 'designer' ? f.source : 'file';
  return { id: num(f.id), prompt: str(f.prompt), expectedOutput: str(f.expectedOutput), files: strs(f.files), expectations: strs(f.expectations), source };
}

export const evalsBodyToWire = (b: EvalsBody): WireJson =>
  toWire(EVALS_REQUEST, { ...b, cases: b.cases?.map(evalCaseToWire), runs: b.runs?.map(observedRunToWire) });
/** Reads a checked body (the server's codec). */
export function evalsBodyFromWire(json: unknown): EvalsBody {
  const f = fromWire(EVALS_REQUEST, json) as Record<keyof EvalsBody, unknown>;
  const out: EvalsBody = { skillMd: str(f.skillMd) };
  for (const k of [
    'scripts',
    'files',
    'editingName',
    'fromExamples',
    'runsPerConfiguration',
    'maxSteps',
    'baseline',
    'maxCalls',
    'maxTokens',
    'selfTest',
  ] as const)
    if (f[k] !== undefined) (out as unknown as WireJson)[k] = f[k];
  if (f.cases !== undefined) out.cases = list(f.cases).map(evalCaseFromWire);
  if (Array.isArray(f.runs)) out.runs = f.runs.slice(0, MAX_SESSION_RUNS).map(observedRunFromWire);
  return out;
}

const toolCallToWire = (c: TranscriptToolCall): WireJson => toWire(EVAL_TOOL_CALL, { ...c, observation: c.observation && observationToWire(c.observation) });
function toolCallFromWire(json: unknown): TranscriptToolCall {
  const f = fromWire(EVAL_TOOL_CALL, json);
  return {
    name: str(f.name),
    input: obj(f.input),
    output: str(f.output),
    ok: f.ok === true,
    ...(f.notRun === true ? { notRun: true } : {}),
    ...(typeof f.skill === 'string' ? { skill: f.skill } : {}),
    durationMs: num(f.durationMs),
    ...(f.observation && typeof f.observation === 'object' ? { observation: observationFromWire(f.observation) } : {}),
  };
}

export const evalStepToWire = (s: TranscriptStep): WireJson =>
  toWire(EVAL_STEP, { ...s, toolCalls: s.toolCalls.map(toolCallToWire), usage: usageToWire(s.usage) });
export function evalStepFromWire(json: unknown): TranscriptStep {
  const f = fromWire(EVAL_STEP, json);
  return { text: str(f.text), toolCalls: list(f.toolCalls).map(toolCallFromWire), usage: usageFromWire(f.usage), durationMs: num(f.durationMs) };
}

const transcriptToWire = (t: Transcript): WireJson => toWire(EVAL_TRANSCRIPT, { ...t, steps: t.steps.map(evalStepToWire), usage: usageToWire(t.usage) });
function transcriptFromWire(json: unknown): Transcript {
  const f = fromWire(EVAL_TRANSCRIPT, json);
  const stoppedBy = f.stoppedBy === 'step_limit' || f.stoppedBy === 'budget' || f.stoppedBy === 'aborted' ? f.stoppedBy : 'answered';
  return {
    system: str(f.system),
    prompt: str(f.prompt),
    tools: strs(f.tools),
    steps: list(f.steps).map(evalStepFromWire),
    answer: str(f.answer),
    stoppedBy,
    usage: usageFromWire(f.usage),
    durationMs: num(f.durationMs),
  };
}

function verdictFromWire(json: unknown): ExpectationVerdict {
  const v = obj(json);
  return {
    text: str(v.text),
    passed: v.passed === true,
    evidence: str(v.evidence),
    by: v.by === 'judge' ? 'judge' : 'check',
    ...(typeof v.error === 'string' ? { error: v.error } : {}),
  };
}

const configuration = (v: unknown): EvalConfiguration => (v === 'without_skill' ? 'without_skill' : 'with_skill');

export const evalRunToWire = (r: EvalRun): WireJson =>
  toWire(EVAL_RUN, { ...r, transcript: transcriptToWire(r.transcript), judgeUsage: usageToWire(r.judgeUsage) });
export function evalRunFromWire(json: unknown): EvalRun {
  const f = fromWire(EVAL_RUN, json);
  return {
    evalId: num(f.evalId),
    evalName: str(f.evalName),
    configuration: configuration(f.configuration),
    runNumber: num(f.runNumber),
    passRate: num(f.passRate),
    passed: num(f.passed),
    failed: num(f.failed),
    total: num(f.total),
    timeSeconds: num(f.timeSeconds),
    tokens: num(f.tokens),
    toolCalls: num(f.toolCalls),
    errors: num(f.errors),
    expectations: list(f.expectations).map(verdictFromWire),
    notes: strs(f.notes),
    transcript: transcriptFromWire(f.transcript),
    judgeUsage: usageFromWire(f.judgeUsage),
  };
}

const figuresToWire = (s: ConfigurationSummary | EvalReport['summary']['delta']): WireJson | null => (s ? toWire(EVAL_FIGURES, s) : null);
function statFromWire(v: unknown): Stat {
  const s = obj(v);
  return { mean: num(s.mean), stddev: num(s.stddev), min: num(s.min), max: num(s.max) };
}
function configurationSummaryFromWire(v: unknown): ConfigurationSummary | null {
  if (!v || typeof v !== 'object') return null;
  const f = fromWire(EVAL_FIGURES, v);
  return { passRate: statFromWire(f.passRate), timeSeconds: statFromWire(f.timeSeconds), tokens: statFromWire(f.tokens) };
}

/** The report a client gets at the end: the report without its runs, and the benchmark.json value. */
export type EvalReportView = Omit<EvalReport, 'runs'> & { benchmark: Record<string, unknown> };

export function evalReportToWire(report: EvalReport, benchmark: Record<string, unknown>): WireJson {
  const { runs: _runs, summary, usage, capabilityProfile, ...rest } = report;
  const wireSummary = toWire(EVAL_SUMMARY, {
    withSkill: figuresToWire(summary.withSkill),
    withoutSkill: figuresToWire(summary.withoutSkill),
    delta: figuresToWire(summary.delta),
  });
  const profile = capabilityProfile && capabilityProfileToWire(capabilityProfile);
  return toWire(EVAL_REPORT, { ...rest, summary: wireSummary, usage: usageToWire(usage), benchmark, capabilityProfile: profile });
}

export function evalReportFromWire(json: unknown): EvalReportView {
  const f = fromWire(EVAL_REPORT, json);
  const s = fromWire(EVAL_SUMMARY, f.summary);
  const d = s.delta && typeof s.delta === 'object' ? fromWire(EVAL_FIGURES, s.delta) : null;
  const partial = obj(f.partial);
  const reason = partial.reason === 'budget' || partial.reason === 'aborted' || partial.reason === 'error' ? partial.reason : null;
  return {
    skill: str(f.skill),
    baseline: f.baseline === 'previous' ? 'previous' : 'none',
    runsPerConfiguration: num(f.runsPerConfiguration),
    summary: {
      withSkill: configurationSummaryFromWire(s.withSkill),
      withoutSkill: configurationSummaryFromWire(s.withoutSkill),
      delta: d ? { passRate: num(d.passRate), timeSeconds: num(d.timeSeconds), tokens: num(d.tokens) } : null,
    },
    notes: strs(f.notes),
    ...(reason ? { partial: { reason, detail: str(partial.detail) } } : {}),
    calls: num(f.calls),
    usage: usageFromWire(f.usage),
    toolsRan: f.toolsRan === true,
    benchmark: obj(f.benchmark),
    ...(f.capabilityProfile && typeof f.capabilityProfile === 'object' ? { capabilityProfile: capabilityProfileFromWire(f.capabilityProfile) } : {}),
  };
}

/** An eval event as an SSE message; `benchmark` turns the final report into benchmark.json. */
export function evalEventToWire(ev: EvalEvent, benchmark: (report: EvalReport) => Record<string, unknown>): SseMessage {
  switch (ev.type) {
    case 'plan':
      return { event: 'plan', data: toWire(EVAL_PLAN, ev.plan) };
    case 'cases':
      return { event: 'cases', data: { cases: ev.cases.map(evalCaseToWire) } };
    case 'self_test':
      return { event: 'self_test', data: { ok: ev.ok, detail: ev.detail } };
    case 'run_start':
      return { event: 'run_start', data: toWire(EVAL_RUN_REF, ev) };
    case 'step':
      return { event: 'step', data: { ...toWire(EVAL_RUN_REF, ev), step: evalStepToWire(ev.step) } };
    case 'run_result':
      return { event: 'run_result', data: { run: evalRunToWire(ev.run) } };
    case 'progress':
      return { event: 'progress', data: { done: ev.done, total: ev.total, calls: ev.calls, tokens: ev.tokens } };
    case 'done':
      return { event: 'done', data: { report: evalReportToWire(ev.report, benchmark(ev.report)) } };
    case 'error':
      return { event: 'error', data: { error: ev.error.message, code: ev.code, report: evalReportToWire(ev.report, benchmark(ev.report)) } };
  }
}

/** The events a client shows (run_start and step are skipped: the run's result carries its transcript). */
export type EvalUiEvent =
  | { type: 'plan'; plan: EvalPlan }
  | { type: 'cases'; cases: EvalCase[] }
  | { type: 'self_test'; ok: boolean; detail: string }
  | { type: 'run_result'; run: EvalRun }
  | { type: 'progress'; done: number; total: number; calls: number; tokens: number }
  | { type: 'done'; report: EvalReportView }
  | { type: 'error'; error: string; report?: EvalReportView };

/** One SSE message of an evals stream as a client event, or null to ignore it. */
export function evalEventFromWire(name: string, data: string): EvalUiEvent | null {
  return sseEventFromWire(name, data, evalEvent);
}

function evalEvent(name: string, j: WireJson): EvalUiEvent | null {
  switch (name) {
    case 'plan': {
      const p = fromWire(EVAL_PLAN, j);
      return {
        type: 'plan',
        plan: { cases: num(p.cases), runs: num(p.runs), maxCalls: num(p.maxCalls), maxTokens: num(p.maxTokens), selfTestCalls: num(p.selfTestCalls) },
      };
    }
    case 'cases':
      return { type: 'cases', cases: list(j.cases).map(evalCaseFromWire) };
    case 'self_test':
      return { type: 'self_test', ok: j.ok === true, detail: str(j.detail) };
    case 'run_result':
      return { type: 'run_result', run: evalRunFromWire(j.run) };
    case 'progress':
      return { type: 'progress', done: num(j.done), total: num(j.total), calls: num(j.calls), tokens: num(j.tokens) };
    case 'done':
      return { type: 'done', report: evalReportFromWire(j.report) };
    case 'error':
      return { type: 'error', error: str(j.error) || 'The evaluation failed.', ...(j.report ? { report: evalReportFromWire(j.report) } : {}) };
    default:
      return null;
  }
}

/** One case's feedback in `GET`/`PUT …/skills/{name}/evals/feedback` (the PUT body's items need no timestamp). */
export const EVAL_FEEDBACK = /*#__PURE__*/ fields('evalId', 'feedback', 'timestamp');
/** The feedback body and reply: `{feedback: [...]}`, plus `path` in the PUT reply. */
export const FEEDBACK_REPLY = /*#__PURE__*/ fields('feedback', 'path');

/** A case's feedback as a client sends it (the server stamps the time). */
export interface FeedbackEntry {
  evalId: number;
  feedback: string;
  timestamp?: string | undefined;
}

export const feedbackListToWire = (entries: readonly FeedbackEntry[], path?: string): WireJson =>
  toWire(FEEDBACK_REPLY, { feedback: entries.map((e) => toWire(EVAL_FEEDBACK, e)), path });
export function feedbackListFromWire(json: unknown): { feedback: FeedbackEntry[]; path?: string } {
  const f = fromWire(FEEDBACK_REPLY, json);
  const feedback = list(f.feedback).map((e) => {
    const x = fromWire(EVAL_FEEDBACK, e);
    return { evalId: num(x.evalId), feedback: str(x.feedback), ...(typeof x.timestamp === 'string' ? { timestamp: x.timestamp } : {}) };
  });
  return { feedback, ...(typeof f.path === 'string' ? { path: f.path } : {}) };
}
