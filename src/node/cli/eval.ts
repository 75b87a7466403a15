// `forge-skill-builder eval <skill-dir> --agent <agent-dir>`: does the agent do
// the job better with the skill than without it? Runs the skill's cases
// (evals/evals.json and its Examples rows) in the agent harness with and
// without the skill, with the workspace's skill-builder model (settings as for
// `chat`), tools in the sandbox, prints the benchmark and exits 1 when the
// pass-rate delta is below --min-delta — for CI over a repository of skills.
// When tools ran in the sandbox it also prints declared versus observed over
// every tool call of the skill (--json: `capability_profile` beside the
// benchmark).
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { toBenchmarkJson } from '../../core/evals/benchmark-json.js';
import { EVALS_FILE_PATH } from '../../core/evals/evals-file.js';
import type { EvalEvent, EvalReport } from '../../core/evals/types.js';
import { withCapabilityProfile } from '../../core/protocol/profile-wire.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { runAgentEvals } from '../evals/agent-evals.js';
import { numberFlag, parseCommandArgs, PROGRAM, UsageError } from './args.js';
import { checkLlmConfig } from './check-llm.js';
import type { CliCommand } from './command.js';
import { plural, writeLine, type CliIo } from './io.js';
import { profileLines } from './try-profile.js';
import { loadSkill } from './validate.js';
import { findWorkspace } from './workspace-dir.js';

const HELP = `Usage: ${PROGRAM} eval <skill-dir> --agent <agent-dir> [options]

Runs the skill's eval cases (evals/evals.json, then one per Examples row) with
the agent as Forge's runtime shows it, with the skill and without it, grades
every run and prints the benchmark: pass rate, time and tokens per
configuration (mean ± standard deviation), the delta, and notes.

Options:
  --agent <dir>          the agent folder whose other skills it has (required)
  --dir <path>           workspace with the LLM settings (default: the nearest folder
                         above the agent or the skill holding .forge/, else the current folder)
  --runs <n>             runs of each case per configuration (default 3)
  --budget-calls <n>     hard limit of model calls (agent and grader); the run stops
                         there and reports what it has, marked partial
  --budget-tokens <n>    hard limit of tokens, the same way
  --baseline <b>         none (default): without the skill; previous: the version
                         installed in the agent instead
  --min-delta <x>        lowest acceptable pass-rate gain, -1..1 (default 0)
  --max-steps <n>        model calls per case (default 6)
  --no-tools             do not run tools; each call gets a "not run" result
  --no-sandbox           run tools without bubblewrap (no isolation)
  --record <dir>         save every model call and its reply there (never the key)
  --replay <dir>         answer every model call from a recording: no network, no key;
                         a call it does not hold fails the run, naming the file it looked for
                         (with --no-tools the replay depends on the recording alone)
  --out <file>           write benchmark.json (skill-creator's format) there
  --json                 print the benchmark.json instead of the table (with
                         capability_profile when tools ran)
  -h, --help             show this help

Exit status: 0 when the delta reaches --min-delta, 1 when not (or the run
failed or measured nothing), 2 for wrong usage.
`;

function number(flag: string, value: string | undefined, min: number, max: number, integer: boolean): number | undefined {
  return numberFlag('eval', flag, value, { min, max, integer });
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

function printReport(report: EvalReport, io: CliIo): void {
  const cases = [...new Set(report.runs.map((r) => r.evalId))];
  for (const id of cases) {
    const of = (conf: string): string => {
      const runs = report.runs.filter((r) => r.evalId === id && r.configuration === conf);
      return runs.length ? pct(runs.reduce((a, r) => a + r.passRate, 0) / runs.length).padStart(5) : '  n/a';
    };
    const name = report.runs.find((r) => r.evalId === id)!.evalName;
    writeLine(io.stdout, `${String(id).padStart(4)}  with ${of('with_skill')}  without ${of('without_skill')}  ${name}`);
  }
  const s = report.summary;
  const line = (label: string, c: typeof s.withSkill): string =>
    c
      ? `${label}: pass rate ${pct(c.passRate.mean)} ± ${pct(c.passRate.stddev)}, ${c.timeSeconds.mean.toFixed(1)} s, ${Math.round(c.tokens.mean)} tokens`
      : `${label}: no runs`;
  writeLine(io.stdout);
  writeLine(io.stdout, line('with skill   ', s.withSkill));
  writeLine(io.stdout, line(report.baseline === 'previous' ? 'previous     ' : 'without skill', s.withoutSkill));
  if (s.delta)
    writeLine(
      io.stdout,
      `delta: ${s.delta.passRate >= 0 ? '+' : ''}${pct(s.delta.passRate)} pass rate (${plural(report.calls, 'call')}, ${report.usage.inputTokens + report.usage.outputTokens} tokens)`,
    );
  if (report.partial) writeLine(io.stdout, `PARTIAL: ${report.partial.detail}`);
  for (const note of report.notes) writeLine(io.stdout, `note: ${note}`);
  if (!report.capabilityProfile) return;
  writeLine(io.stdout);
  const hint = 'each fix is a frontmatter edit: --json carries the SKILL.md with them applied';
  for (const line of profileLines(report.capabilityProfile, hint)) writeLine(io.stdout, line);
}

const FLAGS = {
  agent: { type: 'string' },
  dir: { type: 'string' },
  runs: { type: 'string' },
  'budget-calls': { type: 'string' },
  'budget-tokens': { type: 'string' },
  baseline: { type: 'string' },
  'min-delta': { type: 'string' },
  'max-steps': { type: 'string' },
  'no-tools': { type: 'boolean' },
  'no-sandbox': { type: 'boolean' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  record: { type: 'string' },
  replay: { type: 'string' },
} as const;

type EvalValues = ReturnType<typeof parseCommandArgs<typeof FLAGS>>['values'];

/** The skill folder as a Skill, with its evals/evals.json (loadSkill reads SKILL.md and scripts only). */
async function loadWithEvals(skillDir: string) {
  const skill = (await loadSkill(skillDir)).skill;
  const evalsText = await readFile(join(skillDir, EVALS_FILE_PATH), 'utf8').catch(() => undefined);
  return evalsText === undefined ? skill : skill.with({ files: { ...skill.files, [EVALS_FILE_PATH]: evalsText } });
}

/** Prints the run's progress on stderr and returns its last event. */
async function consume(events: AsyncIterable<EvalEvent>, quiet: boolean, io: CliIo): Promise<EvalEvent | undefined> {
  let last: EvalEvent | undefined;
  for await (const ev of events) {
    last = ev;
    if (quiet) continue;
    if (ev.type === 'plan')
      writeLine(
        io.stderr,
        `Evaluating ${plural(ev.plan.cases, 'case')} × 2 configurations: ${plural(ev.plan.runs, 'run')}, at most ${plural(ev.plan.maxCalls, 'model call')} and ${ev.plan.maxTokens} tokens.`,
      );
    else if (ev.type === 'self_test') writeLine(io.stderr, `self-test ${ev.ok ? 'ok' : 'FAILED'}: ${ev.detail}`);
    else if (ev.type === 'progress' && io.stderr.isTTY) io.stderr.write(`\r${ev.done}/${ev.total} runs, ${ev.calls} calls`);
  }
  if (io.stderr.isTTY && !quiet) io.stderr.write('\r\n');
  return last;
}

async function start(values: EvalValues, skillDir: string, io: CliIo): Promise<AsyncGenerator<EvalEvent>> {
  const baseline = values.baseline ?? 'none';
  if (baseline !== 'none' && baseline !== 'previous') throw new UsageError(`--baseline must be none or previous (got "${baseline}")`, 'eval');
  const runs = number('runs', values.runs, 1, 20, true);
  const maxCalls = number('budget-calls', values['budget-calls'], 1, 1e6, true);
  const maxTokens = number('budget-tokens', values['budget-tokens'], 1, 1e9, true);
  const maxSteps = number('max-steps', values['max-steps'], 1, 50, true);
  const agentDir = resolve(io.cwd, values.agent!);
  const workspaceDir = values.dir !== undefined ? resolve(io.cwd, values.dir) : (findWorkspace(agentDir) ?? findWorkspace(skillDir) ?? io.cwd);
  // Recording or replaying: the workspace's model with the recording store (a replay needs no key).
  const recorded = values.record !== undefined || values.replay !== undefined;
  const llm = recorded
    ? await checkLlmConfig({ command: 'eval', dir: workspaceDir, record: values.record, replay: values.replay, firstPath: skillDir }, io)
    : undefined;
  const controller = new AbortController();
  void io.waitForShutdown().then(() => controller.abort(new Error('interrupted')));
  return runAgentEvals({
    ...(llm ? { llm } : {}),
    workspaceDir,
    agentDir,
    draft: await loadWithEvals(skillDir),
    env: io.env,
    homeDir: io.homeDir,
    baseline,
    budget: { ...(maxCalls ? { maxCalls } : {}), ...(maxTokens ? { maxTokens } : {}) },
    ...(runs ? { runsPerConfiguration: runs } : {}),
    ...(maxSteps ? { maxSteps } : {}),
    toolRuns: values['no-tools'] ? false : { sandbox: values['no-sandbox'] ? 'none' : 'auto', workspaceDir },
    agentName: basename(agentDir),
    signal: controller.signal,
  });
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('eval', argv, FLAGS, true);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('give exactly one skill folder to evaluate', 'eval');
  if (!values.agent) throw new UsageError('--agent <agent-dir> is required: the agent the skill belongs to', 'eval');
  const minDelta = number('min-delta', values['min-delta'], -1, 1, false) ?? 0;
  const skillDir = resolve(io.cwd, positionals[0]!);
  const last = await consume(await start(values, skillDir, io), values.json === true, io);
  const report = last?.type === 'done' || last?.type === 'error' ? last.report : undefined;
  if (report && report.runs.length > 0) {
    const model = 'workspace skill-builder model';
    const json = toBenchmarkJson(report, {
      skillName: report.skill,
      skillPath: skillDir,
      executorModel: model,
      analyzerModel: model,
      timestamp: new Date().toISOString(),
    });
    if (values.out) await writeFile(resolve(io.cwd, values.out), `${JSON.stringify(json, null, 2)}\n`);
    if (values.json) writeLine(io.stdout, JSON.stringify(withCapabilityProfile(json, report.capabilityProfile), null, 2));
    else printReport(report, io);
  }
  if (last?.type !== 'done') {
    const err = last?.type === 'error' ? last.error : new Error('the evaluation ended early');
    writeLine(io.stderr, `eval failed: ${escapeControlChars(err.message)}`);
    return 1;
  }
  const delta = last.report.summary.delta;
  if (!delta) {
    writeLine(io.stderr, 'eval measured nothing to compare (no run finished in one of the configurations)');
    return 1;
  }
  return delta.passRate < minDelta ? 1 : 0;
}

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: "run a skill's evals with and without it and print the benchmark (pass rate, delta, spread)",
  help: HELP,
  run,
};
