// The eval harness's tool executor in Node: each script-backed tool call runs
// with runSkillTool, in the sandbox, exactly as the Run button runs it (the
// skill's env names only, its egress_domains through the proxy, its timeout).
// The agent reads stdout back; a failed run gives it a JSON error with the
// exit and the end of stderr (secrets are already redacted by the runner);
// a run refused before it starts (missing env, no sandbox) says why. Every
// run's observation (hosts, programs, files) goes with its result into the
// transcript, for the evaluation's capability profile.
import type { ToolExecution, ToolExecutor } from '../../core/evals/executor.js';
import { runSkillTool } from '../sandbox/run-skill-tool.js';
import { ToolRunError, type RunSkillToolOptions } from '../sandbox/types.js';

/** What every run shares: where the agent is, the sandbox mode, env values, egress rules. */
export type SandboxExecutorOptions = Omit<RunSkillToolOptions, 'skill' | 'tool' | 'input' | 'signal'>;

const tail = (s: string, n = 600): string => (s.length > n ? `…${s.slice(-n)}` : s);

/** An executor that runs each tool call of the eval in the sandbox. */
export function sandboxExecutor(options: SandboxExecutorOptions = {}): ToolExecutor {
  return async ({ skill, tool, input, signal }): Promise<ToolExecution> => {
    try {
      const result = await runSkillTool({ ...options, skill, tool, input, ...(signal ? { signal } : {}) });
      const observation = result.observation;
      if (result.ok) return { ok: true, output: result.stdout.trim(), observation };
      const how = result.timedOut ? 'timed out' : `exited with ${result.exitCode ?? result.signal ?? 'an error'}`;
      const output = JSON.stringify({ error: `${tool} ${how}`, stderr: tail(result.stderr.trim()), stdout: tail(result.stdout.trim()) });
      return { ok: false, output, observation };
    } catch (err) {
      if (ToolRunError.isInstance(err)) return { ok: false, output: JSON.stringify({ error: `${tool} could not run: ${err.message}` }) };
      throw err;
    }
  };
}
