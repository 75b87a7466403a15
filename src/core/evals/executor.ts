// The seam between the agent harness and whatever runs a skill's tools: in
// Node, the sandbox (runSkillTool); in memory, a script. An executor gets the
// skill that owns the tool, the tool's name and the model's input, and gives
// back the text the agent reads. When tools may not run, `notRunExecutor`
// answers every call with a "not run" result the transcript records as such.
import type { Skill } from '../skill/skill.js';
import type { RunObservation } from '../tool-run/observation.js';

export interface ToolExecutorCall {
  skill: Skill;
  tool: string;
  input: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface ToolExecution {
  ok: boolean;
  /** What the agent reads back (the script's stdout, or an error as JSON). */
  output: string;
  /** True when nothing was executed. */
  notRun?: boolean;
  /** What the run was seen doing (hosts, programs, files), when the executor observes its runs. */
  observation?: RunObservation;
}

export type ToolExecutor = (call: ToolExecutorCall) => Promise<ToolExecution>;

/** The result recorded for a tool that was not run. */
export function notRunResult(tool: string, why = 'tool runs are off for this evaluation'): ToolExecution {
  return { ok: false, notRun: true, output: JSON.stringify({ error: `${tool} was not run: ${why}` }) };
}

/** An executor that runs nothing and records every call as not run. */
export const notRunExecutor: ToolExecutor = ({ tool }) => Promise.resolve(notRunResult(tool));
