// Types of an eval run ("does the skill help?"): the cases, the agent's
// transcript, each expectation's verdict, one run's grading, the benchmark in
// skill-creator's benchmark.json shape, the cost plan, and the events a
// running evaluation yields.
import type { ForgeErrorCode } from '../errors.js';
import type { LlmUsage } from '../llm/types.js';
import type { CapabilityProfile, RunObservation } from '../tool-run/observation.js';

/** Where a case came from: the skill's evals/evals.json, a tool's Examples table, or the designer. */
export type EvalCaseSource = 'file' | 'examples' | 'designer';

/** One eval case, as the harness runs it (camelCase of an evals.json entry). */
export interface EvalCase {
  /** Unique integer (evals.json `id`). */
  id: number;
  /** What the user types to the agent. */
  prompt: string;
  /** Human-readable description of success (evals.json `expected_output`). */
  expectedOutput: string;
  /** Input files, relative to the skill folder (recorded, shown to the agent as paths). */
  files: string[];
  /** Verifiable statements: a recognised prefix makes one deterministic, anything else is judged by the grader model. */
  expectations: string[];
  source: EvalCaseSource;
}

/** The two configurations of skill-creator's viewer. `without_skill` is the baseline: no skill, or the previous version. */
export type EvalConfiguration = 'with_skill' | 'without_skill';

/** One tool call the agent made, with what came back. */
export interface TranscriptToolCall {
  name: string;
  input: Record<string, unknown>;
  /** What the agent was given back (the tool's output, read_skill's text, or an error). */
  output: string;
  ok: boolean;
  /** True when the tool was not executed (no executor, or tool runs are off): the output says so. */
  notRun?: boolean;
  /** The skill that owns the tool; absent for read_skill and unknown tools. */
  skill?: string;
  durationMs: number;
  /** What the run was seen doing (hosts, programs, files), when the executor observed it. */
  observation?: RunObservation;
}

/** One model call of the agent loop and the tool calls it asked for. */
export interface TranscriptStep {
  /** What the model wrote in this step (may be empty when it only called tools). */
  text: string;
  toolCalls: TranscriptToolCall[];
  usage: LlmUsage;
  durationMs: number;
}

export interface Transcript {
  system: string;
  prompt: string;
  /** Names of the tools offered. */
  tools: string[];
  steps: TranscriptStep[];
  /** The model's final text (the last step's text). */
  answer: string;
  /** `answered`: the model stopped calling tools; `step_limit`: it was still calling tools at the limit; `budget`/`aborted`: cut short. */
  stoppedBy: 'answered' | 'step_limit' | 'budget' | 'aborted';
  usage: LlmUsage;
  durationMs: number;
}

/** One expectation's verdict (grading.json `expectations[]`). */
export interface ExpectationVerdict {
  text: string;
  passed: boolean;
  evidence: string;
  /** `check`: decided by the harness; `judge`: by the grader model. */
  by: 'check' | 'judge';
  /** The grader failed on it (provider error or no usable JSON twice): counted as failed and as an error. */
  error?: string;
}

/** One run of one case in one configuration. */
export interface EvalRun {
  evalId: number;
  evalName: string;
  configuration: EvalConfiguration;
  /** 1-based. */
  runNumber: number;
  passRate: number;
  passed: number;
  failed: number;
  total: number;
  timeSeconds: number;
  tokens: number;
  toolCalls: number;
  errors: number;
  expectations: ExpectationVerdict[];
  notes: string[];
  transcript: Transcript;
  /** Tokens of the grader's calls for this run (not part of `tokens`, which is the agent's). */
  judgeUsage: LlmUsage;
}

export interface Stat {
  mean: number;
  stddev: number;
  min: number;
  max: number;
}

export interface ConfigurationSummary {
  passRate: Stat;
  timeSeconds: Stat;
  tokens: Stat;
}

export interface EvalReport {
  skill: string;
  baseline: 'none' | 'previous';
  runsPerConfiguration: number;
  runs: EvalRun[];
  summary: {
    withSkill: ConfigurationSummary | null;
    withoutSkill: ConfigurationSummary | null;
    delta: { passRate: number; timeSeconds: number; tokens: number } | null;
  };
  notes: string[];
  /** Set when the run stopped before every planned run was made. */
  partial?: { reason: 'budget' | 'aborted' | 'error'; detail: string };
  /** Provider calls made (agent and grader). */
  calls: number;
  usage: LlmUsage;
  /** Whether tools really ran; false when the executor only recorded "not run". */
  toolsRan: boolean;
  /** Declared versus observed over the session's earlier runs and this evaluation's observed tool calls of the skill (with_skill only); absent when nothing was observed. */
  capabilityProfile?: CapabilityProfile;
}

/** The cost stated before anything runs. */
export interface EvalPlan {
  cases: number;
  runs: number;
  /** Upper bound of provider calls: every run uses its full step limit, every judged run retries once. */
  maxCalls: number;
  /** Upper bound of tokens, from the prompt sizes and the per-call output allowance. */
  maxTokens: number;
  /** The calls of the self-test (included in maxCalls). */
  selfTestCalls: number;
}

export interface EvalBudget {
  maxCalls?: number;
  maxTokens?: number;
}

/** Events of a running evaluation: `plan`, `cases`, `self_test`, then per run `run_start` + `step`s + `run_result` + `progress`, then `done` (partial when the budget ran out) or `error`. */
export type EvalEvent =
  | { type: 'plan'; plan: EvalPlan }
  | { type: 'cases'; cases: EvalCase[] }
  | { type: 'self_test'; ok: boolean; detail: string }
  | { type: 'run_start'; evalId: number; configuration: EvalConfiguration; runNumber: number }
  | { type: 'step'; evalId: number; configuration: EvalConfiguration; runNumber: number; step: TranscriptStep }
  | { type: 'run_result'; run: EvalRun }
  | { type: 'progress'; done: number; total: number; calls: number; tokens: number }
  | { type: 'done'; report: EvalReport }
  | { type: 'error'; error: Error; code: ForgeErrorCode | 'internal'; report: EvalReport };
