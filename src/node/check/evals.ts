// The eval check of `check --evals`: a skill's evals/evals.json cases run in
// the agent harness with the skill and without it (the agent's other skills
// only), on the given model, and the benchmark becomes findings. The rule that
// fails the check is the one `eval` exits 1 on: the with-skill pass rate must
// beat the baseline by at least the minimum delta (0 by default), and a run
// that measured nothing fails too. A case that does worse with the skill is a
// warning at its line of evals.json; a case that still fails some of its
// expectations with the skill, and the benchmark's notes, are notes. A model
// call that fails (a request missing from a replayed recording among them)
// is not a finding: it stops the run as a CheckLlmError (exit 2).
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { LlmReplayMissError, RequestError } from '../../core/errors.js';
import { EvalSelfTestError } from '../../core/evals/errors.js';
import { EVALS_FILE_PATH, readEvalsJson } from '../../core/evals/evals-file.js';
import { notRunExecutor, type ToolExecutor } from '../../core/evals/executor.js';
import { runEvals } from '../../core/evals/run-evals.js';
import type { EvalCase, EvalEvent, EvalReport } from '../../core/evals/types.js';
import type { LlmConfig } from '../../core/llm/types.js';
import { routingSkillName } from '../../core/routing/agent-view.js';
import type { Skill } from '../../core/skill/skill.js';
import { agentRoutingSkills } from '../routing/agent-routing.js';
import { CheckLlmError } from './routing.js';
import { posixRelative, type SkillTarget } from './skill-checks.js';
import type { CheckFinding, CheckOutcome } from './types.js';

export interface EvalsCheckOptions {
  /** The model of the agent and the grader, with `recording` set to record or replay. */
  llm: LlmConfig;
  /** Runs of each case per configuration (default 3, as `eval`). */
  runs?: number;
  /** Lowest acceptable pass-rate gain of the skill, -1..1 (default 0). */
  minDelta?: number;
  /** Hard limit of model calls per skill; a run that reaches it is partial (a warning). */
  maxCalls?: number;
  /** Runs the skills' tools for one skill (its agent folder given); default: none runs, each call is recorded as not run. */
  executor?: (target: SkillTarget) => ToolExecutor;
}

export type EvalsHook = (skill: Skill, target: SkillTarget, root: string) => Promise<CheckOutcome>;

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const signed = (x: number): string => `${x >= 0 ? '+' : '-'}${pct(Math.abs(x))}`;
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The 1-based line of each case's `"id": n` in the file's text. */
function caseLines(text: string): Map<number, number> {
  const lines = new Map<number, number>();
  text.split('\n').forEach((line, i) => {
    const m = /"id"\s*:\s*(-?\d+)/.exec(line);
    if (m && !lines.has(Number(m[1]))) lines.set(Number(m[1]), i + 1);
  });
  return lines;
}

function skipped(summary: string): CheckOutcome {
  return { check: 'evals', status: 'skipped', summary, findings: [] };
}

function finding(code: string, level: CheckFinding['level'], message: string, file: string, line?: number): CheckFinding {
  return { check: 'evals', code, level, message, file, ...(line !== undefined ? { line } : {}) };
}

/** Per case: worse with the skill (warning) or still failing expectations with it (note). */
function caseFindings(report: EvalReport, cases: readonly EvalCase[], file: string, lines: Map<number, number>): CheckFinding[] {
  const out: CheckFinding[] = [];
  for (const c of cases) {
    const withRuns = report.runs.filter((r) => r.evalId === c.id && r.configuration === 'with_skill');
    const withoutRuns = report.runs.filter((r) => r.evalId === c.id && r.configuration === 'without_skill');
    if (withRuns.length === 0) continue;
    const withRate = mean(withRuns.map((r) => r.passRate));
    const failed = [...new Set(withRuns.flatMap((r) => r.expectations.filter((v) => !v.passed).map((v) => v.text)))];
    const failedText = failed.length ? `; failed with it: ${failed.map((t) => JSON.stringify(t)).join(', ')}` : '';
    const label = `case ${c.id} (${JSON.stringify(c.prompt.length > 60 ? `${c.prompt.slice(0, 59)}…` : c.prompt)})`;
    if (withoutRuns.length > 0 && withRate < mean(withoutRuns.map((r) => r.passRate))) {
      const withoutRate = mean(withoutRuns.map((r) => r.passRate));
      const message = `${label} does worse with the skill: ${pct(withRate)} of its expectations pass with it, ${pct(withoutRate)} without${failedText}`;
      out.push(finding('evals-case-worse', 'warning', message, file, lines.get(c.id)));
    } else if (withRate < 1) {
      out.push(finding('evals-case-failing', 'note', `${label}: ${pct(withRate)} of its expectations pass with the skill${failedText}`, file, lines.get(c.id)));
    }
  }
  return out;
}

function outcomeOf(report: EvalReport, cases: readonly EvalCase[], file: string, lines: Map<number, number>, minDelta: number): CheckOutcome {
  const { withSkill, withoutSkill, delta } = report.summary;
  const findings: CheckFinding[] = [];
  if (!delta || !withSkill || !withoutSkill) {
    findings.push(
      finding(
        'evals-no-result',
        'error',
        'no run finished in one of the two configurations, so nothing was compared; raise --eval-budget-calls or check the cases',
        file,
      ),
    );
  } else if (delta.passRate < minDelta) {
    const message =
      `the skill does not help enough: ${pct(withSkill.passRate.mean)} of the expectations pass with it, ${pct(withoutSkill.passRate.mean)} without ` +
      `(delta ${signed(delta.passRate)}, at least ${signed(minDelta)} needed); improve the skill or its cases (\`forge-skill-builder eval\` shows every transcript)`;
    findings.push(finding('evals-below-min-delta', 'error', message, file));
  }
  if (report.partial)
    findings.push(finding('evals-partial', 'warning', `the run stopped early (${report.partial.detail}); the result covers only the runs made`, file));
  findings.push(...caseFindings(report, cases, file, lines));
  for (const note of report.notes) {
    const id = /^Eval (-?\d+)\b/.exec(note)?.[1];
    findings.push(finding('evals-note', 'note', note, file, id === undefined ? undefined : lines.get(Number(id))));
  }
  const rate = (c: typeof withSkill): string => (c ? `${pct(c.passRate.mean)} ± ${pct(c.passRate.stddev)}` : 'n/a');
  const summary =
    `with the skill ${rate(withSkill)}, without ${rate(withoutSkill)}${delta ? ` (delta ${signed(delta.passRate)})` : ''} ` +
    `over ${cases.length} case(s) × ${report.runsPerConfiguration} run(s)${report.toolsRan ? '' : ', tools not run'}`;
  return { check: 'evals', status: findings.some((f) => f.level === 'error') ? 'failed' : 'passed', summary, findings };
}

/** Why a failed model call stopped the run, naming the skill's evals file and, for a replay miss, the recording file it looked for. */
function llmFailure(name: string, file: string, err: Error): CheckLlmError {
  let message = `evals check of ${name} (${file}): ${err.message}`;
  if (LlmReplayMissError.isInstance(err)) message += ` The recording file it looked for: ${join(err.location, `${err.requestHash}.json`)}.`;
  return new CheckLlmError(message, { cause: err });
}

async function lastEvent(events: AsyncIterable<EvalEvent>): Promise<EvalEvent | undefined> {
  let last: EvalEvent | undefined;
  for await (const ev of events) last = ev;
  return last;
}

/** The evals hook for runCheck. */
export function evalsCheck(opts: EvalsCheckOptions): EvalsHook {
  const minDelta = opts.minDelta ?? 0;
  return async (skill, target, root) => {
    const path = target.flat ? null : join(target.path, EVALS_FILE_PATH);
    const text = path === null ? undefined : await readFile(path, 'utf8').catch(() => undefined);
    if (path === null || text === undefined) return skipped(`no ${EVALS_FILE_PATH} in the skill folder`);
    const file = posixRelative(root, path);
    let cases: EvalCase[];
    try {
      cases = readEvalsJson(text).cases;
    } catch (err) {
      if (!RequestError.isInstance(err)) throw err;
      return {
        check: 'evals',
        status: 'failed',
        findings: [finding('evals-file-invalid', 'error', `${err.message}; fix the file (skill-creator's evals.json format)`, file)],
      };
    }
    if (cases.length === 0) return skipped(`${EVALS_FILE_PATH} has no cases`);
    const exclude = [routingSkillName(skill), skill.dirName ?? target.name].filter(Boolean);
    const otherSkills = target.agentDir ? await agentRoutingSkills(target.agentDir, exclude) : [];
    let events: AsyncGenerator<EvalEvent>;
    try {
      events = runEvals({
        llm: opts.llm,
        skill,
        otherSkills,
        cases,
        executor: opts.executor ? opts.executor(target) : notRunExecutor,
        ...(opts.runs !== undefined ? { runsPerConfiguration: opts.runs } : {}),
        ...(opts.maxCalls !== undefined ? { budget: { maxCalls: opts.maxCalls } } : {}),
        ...(target.agentDir ? { agentName: basename(target.agentDir) } : {}),
      });
    } catch (err) {
      // The skill itself is unusable here (no name, say): its validate check reports why.
      if (RequestError.isInstance(err)) return skipped(`cannot run: ${err.message}`);
      throw err;
    }
    const last = await lastEvent(events);
    if (last?.type === 'error') {
      if (!EvalSelfTestError.isInstance(last.error)) throw llmFailure(target.name, file, last.error);
      return { check: 'evals', status: 'failed', findings: [finding('evals-self-test', 'error', last.error.message, file, caseLines(text).get(cases[0]!.id))] };
    }
    if (last?.type !== 'done') throw new CheckLlmError(`evals check of ${target.name} (${file}): the evaluation ended without a result`);
    return outcomeOf(last.report, cases, file, caseLines(text), minDelta);
  };
}
