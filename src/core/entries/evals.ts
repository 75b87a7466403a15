// Public surface of `forge-skill-builder/evals`: does the agent do the job
// better with the skill than without it? runEvals/evaluate (cases run in an
// agent harness that behaves like Forge's runtime, with and without the skill,
// graded, summarised as a benchmark under a hard budget), the evals.json and
// benchmark.json formats of skill-creator, and the pieces to build on.

export { runEvals, evaluate } from '../evals/run-evals.js';
export type { EvalRunError } from '../evals/run-evals.js';
export type { RunEvalsOptions } from '../evals/options.js';
export { planEvals, prepareEvals, skillCases, DEFAULT_RUNS_PER_CONFIGURATION } from '../evals/prepare.js';
export type { AgentSetup, PreparedEvals } from '../evals/prepare.js';
export { runAgent, DEFAULT_MAX_STEPS, MAX_TOOL_OUTPUT_CHARS } from '../evals/agent.js';
export type { AgentRunInput } from '../evals/agent.js';
export { CallMeter, BudgetReached, DEFAULT_REPLY_ALLOWANCE } from '../evals/budget.js';
export { notRunExecutor, notRunResult } from '../evals/executor.js';
export type { ToolExecutor, ToolExecutorCall, ToolExecution } from '../evals/executor.js';
export { readEvalsJson, writeEvalsJson, evalsDocument, EVALS_FILE_PATH } from '../evals/evals-file.js';
export type { EvalsDocument } from '../evals/evals-file.js';
export { readFeedbackJson, writeFeedbackJson, FEEDBACK_FILE_PATH, MAX_FEEDBACK_CHARS } from '../evals/feedback-file.js';
export type { EvalFeedback } from '../evals/feedback-file.js';
export { casesFromExamples } from '../evals/derived.js';
export { parseExpectation, checkExpectation } from '../evals/expectations.js';
export type { Expectation } from '../evals/expectations.js';
export { toBenchmarkJson, toGradingJson } from '../evals/benchmark-json.js';
export type { BenchmarkMetadata } from '../evals/benchmark-json.js';
export { stat, benchmarkNotes, summarizeRuns } from '../evals/benchmark.js';
export { EvalSelfTestError } from '../evals/errors.js';
export { suggestEvals, SUGGESTED_CASES_SCHEMA } from '../evals/suggest.js';
export type { SuggestEvalsOptions } from '../evals/suggest.js';
export type {
  ConfigurationSummary,
  EvalBudget,
  EvalCase,
  EvalCaseSource,
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
