// `forge-skill-builder route-check <skill-dir> --agent <agent-dir>`: will the
// agent use the skill? Asks the workspace's skill-builder model (settings as
// for `chat`), --runs times per request, which skill it would load given the
// agent's other installed skills, prints a table of the answers (with each
// request's trigger rate) with recall, precision and the competing skills, and exits 1 when recall or precision is
// below --min (default 0.8) — for CI over a repository of skills. With
// --optimize it runs the optimisation loop instead (route-optimize.ts).
import { basename, resolve } from 'node:path';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { routingSkillName } from '../../core/routing/agent-view.js';
import type { RoutingEvent, RoutingReport, RoutingRequest, RoutingResult } from '../../core/routing/types.js';
import { agentRoutingSkills } from '../routing/agent-routing.js';
import { routeCheck } from '../../core/routing/check-routing.js';
import { resolveUsableLlm } from '../config/workspace-llm.js';
import { parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { plural, writeLine, type CliIo } from './io.js';
import { loadSkill } from './validate.js';
import { findWorkspace } from './workspace-dir.js';
import { ConfigError } from '../../core/errors.js';
import { DEFAULT_RUNS_PER_QUERY, DEFAULT_TRIGGER_THRESHOLD } from '../../core/routing/options.js';
import type { RoutingBudget } from '../../core/routing/optimize-types.js';
import type { LlmConfig } from '../../core/llm/types.js';
import type { Skill } from '../../core/skill/skill.js';
import { readTriggerFile } from '../routing/trigger-file.js';
import { runOptimize } from './route-optimize.js';
import { runOverlaps } from './route-overlaps.js';

const HELP = `Usage: ${PROGRAM} route-check <skill-dir> --agent <agent-dir> [options]

Checks whether an agent would route requests to a skill: for each request the
workspace's skill-builder model is shown what Forge's runtime shows the agent
(the skill catalog, read_skill and the skills' script tools, with the agent's
other installed skills) and the skill its first tool call picks is recorded.

Options:
  --agent <dir>        the agent folder whose other skills compete (required)
  --dir <path>         workspace with the LLM settings (default: the nearest folder
                       above the agent or the skill holding .forge/, else the current folder)
  --request <text>     a request to check (repeatable); prefix "other:" or "none:"
                       when it should NOT go to this skill (default: it should)
  --generate <n>       add n generated requests: the skill's Examples, then one
                       designer call for the rest (default 8 without --request)
  --runs <n>           times each request is sent; its trigger rate is the share
                       of runs that picked the skill (default 3, 1 to 10)
  --threshold <r>      share of runs that must go as expected for a request to
                       pass, 0..1 (default 0.5)
  --min <r>            lowest acceptable recall and precision, 0..1 (default 0.8)
  --concurrency <n>    calls at once (default 4)
  --json               print the report as JSON
  -h, --help           show this help

Overlaps across an agent (route-check --all <agent-dir>): prints the pairs of
its skills whose descriptions are close, and the generated requests each pair
fights over (one designer call per close pair, one call per request).

Optimising (tunes the description, or the tool descriptions of a skill whose
tools all have scripts, on held-out requests; prints the candidates and the
chosen SKILL.md diff, writes nothing):
  --optimize           run the optimisation loop; requests come from --request
                       and the skill folder's evals/triggers.json
  --iterations <n>     proposals to try (default 5)
  --holdout <r>        share of requests held out from the proposer (default 0.4)
  --runs <n>           times each request is sent per candidate (default 3)
  --threshold <r>      as above, for every candidate
  --budget-calls <n>   hard limit on model calls (the result so far is printed)
  --budget-tokens <n>  hard limit on tokens

Exit status: 0 when recall and precision reach --min, 1 when not (or on a
failed model call), 2 for wrong usage.
`;

function number(flag: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max)
    throw new UsageError(`--${flag} must be a number from ${min} to ${max} (got "${value}")`, 'route-check');
  return n;
}

const OPTIONS = {
  all: { type: 'boolean' },
  agent: { type: 'string' },
  dir: { type: 'string' },
  request: { type: 'string', multiple: true },
  generate: { type: 'string' },
  min: { type: 'string' },
  concurrency: { type: 'string' },
  json: { type: 'boolean' },
  optimize: { type: 'boolean' },
  iterations: { type: 'string' },
  holdout: { type: 'string' },
  runs: { type: 'string' },
  threshold: { type: 'string' },
  'budget-calls': { type: 'string' },
  'budget-tokens': { type: 'string' },
} as const;

/** The stored requests of the skill folder for --optimize, after checking there will be enough. */
async function optimizeRequests(given: number, generate: string | undefined, skillPath: string): Promise<RoutingRequest[]> {
  if (generate !== undefined) throw new UsageError('--optimize takes --request texts and evals/triggers.json, not --generate', 'route-check');
  const stored = (await readTriggerFile(skillPath).catch(() => null)) ?? [];
  if (given + stored.length < 4)
    throw new UsageError('--optimize needs at least 4 requests (--request, or evals/triggers.json in the skill folder)', 'route-check');
  return stored;
}

function optimizeArgs(v: Record<'iterations' | 'holdout' | 'calls' | 'tokens', string | undefined>) {
  return {
    iterations: number('iterations', v.iterations, 0, 20, 5),
    holdout: number('holdout', v.holdout, 0.05, 0.95, 0.4),
    budget: budgetArgs(v.calls, v.tokens),
  };
}

/** --runs and --threshold, shared by the check and the optimisation. */
function trialArgs(runs: string | undefined, threshold: string | undefined): { runsPerQuery: number; threshold: number } {
  const runsPerQuery = number('runs', runs, 1, 10, DEFAULT_RUNS_PER_QUERY);
  if (!Number.isInteger(runsPerQuery)) throw new UsageError(`--runs must be a whole number from 1 to 10 (got "${runs}")`, 'route-check');
  const t = number('threshold', threshold, 0, 1, DEFAULT_TRIGGER_THRESHOLD);
  if (t === 0) throw new UsageError('--threshold must be above 0', 'route-check');
  return { runsPerQuery, threshold: t };
}

function budgetArgs(calls: string | undefined, tokens: string | undefined): RoutingBudget {
  const whole = (flag: string, v: string | undefined) => (v === undefined ? undefined : Math.floor(number(flag, v, 1, Number.MAX_SAFE_INTEGER, 0)));
  const maxCalls = whole('budget-calls', calls);
  const maxTokens = whole('budget-tokens', tokens);
  return { ...(maxCalls !== undefined ? { maxCalls } : {}), ...(maxTokens !== undefined ? { maxTokens } : {}) };
}

/** `other: text` / `none: text` / `this: text` / `text`. */
export function requestArg(arg: string): RoutingRequest {
  const m = /^(this|other|none):(.*)$/s.exec(arg);
  const text = (m ? m[2]! : arg).trim();
  if (!text) throw new UsageError(`--request needs the text a user would type (got "${arg}")`, 'route-check');
  return { text, expect: (m?.[1] as RoutingRequest['expect'] | undefined) ?? 'this', source: 'user' };
}

/** One cell: control characters shown escaped, never acted on (model-written text is printed). */
const cell = (s: string, width: number): string => {
  const clean = escapeControlChars(s);
  return clean.length > width ? `${clean.slice(0, width - 1)}…` : clean.padEnd(width);
};
const pct = (r: number | null): string => (r === null ? 'n/a' : `${Math.round(r * 100)}%`);

function resultLine(r: RoutingResult): string {
  const chose = r.chose ? `${r.chose.skill}${r.chose.via === 'tool' ? ` (${r.chose.tool})` : ''}` : '(no skill)';
  const rate = `${r.hits}/${r.runs}`.padStart(5);
  return `${r.ok ? 'ok  ' : 'MISS'}  ${cell(r.expect + (r.skill ? `:${r.skill}` : ''), 14)}  ${rate}  ${cell(chose, 34)}  ${cell(r.text, 70).trimEnd()}`;
}

function printReport(report: RoutingReport, min: number, io: CliIo): void {
  writeLine(io.stdout, `${'    '}  ${cell('expect', 14)}  ${'rate'.padStart(5)}  ${cell('chose (most runs)', 34)}  request`);
  for (const r of report.results) writeLine(io.stdout, resultLine(r));
  writeLine(io.stdout);
  writeLine(
    io.stdout,
    `recall ${pct(report.recall)}  precision ${pct(report.precision)}  (min ${pct(min)}; ${plural(report.runsPerQuery, 'run')} per request, threshold ${pct(report.threshold)}; ${plural(report.calls, 'call')}, ${report.usage.inputTokens + report.usage.outputTokens} tokens)`,
  );
  for (const o of report.overlaps) writeLine(io.stdout, `overlap with ${o.skill}: ${o.requests.map((t) => JSON.stringify(cell(t, 60).trimEnd())).join(', ')}`);
}

/** The workspace's usable LLM settings; a ConfigError says which workspace was used and how it was found. */
async function workspaceLlm(dir: string | undefined, agentDir: string, skillPath: string, io: CliIo) {
  // As `try` does: the nearest folder above the agent (or the skill) holding .forge/, else the current folder.
  const found = dir === undefined ? (findWorkspace(agentDir) ?? findWorkspace(skillPath)) : undefined;
  const workspaceDir = dir !== undefined ? resolve(io.cwd, dir) : (found ?? io.cwd);
  return resolveUsableLlm({ workspaceDir, agentDir, env: io.env, homeDir: io.homeDir }).catch((err: unknown) => {
    if (!ConfigError.isInstance(err)) throw err;
    const how =
      dir !== undefined
        ? 'the workspace given with --dir'
        : found
          ? 'the nearest folder with .forge/ above the agent'
          : 'no folder above the agent has .forge/, so the current folder';
    throw new ConfigError(err.field, `${err.message} (workspace ${workspaceDir}: ${how}; pass --dir <workspace> for another)`, { cause: err });
  });
}

/** `--all <agent-dir>`: the agent's close pairs, confirmed with the workspace model. */
function allOverlaps(agentDir: string, dir: string | undefined, json: boolean, io: CliIo): Promise<number> {
  return runOverlaps(agentDir, () => workspaceLlm(dir, agentDir, agentDir, io), io, json);
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('route-check', argv, OPTIONS, true);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('give exactly one skill folder (or SKILL.md) to check', 'route-check');
  if (values.all) return allOverlaps(resolve(io.cwd, positionals[0]!), values.dir, Boolean(values.json), io);
  if (!values.agent) throw new UsageError('--agent <agent-dir> is required: the agent whose other skills compete', 'route-check');
  const requests = (values.request ?? []).map(requestArg);
  if (values.optimize) requests.push(...(await optimizeRequests(requests.length, values.generate, resolve(io.cwd, positionals[0]!))));
  const generate = values.optimize ? 0 : number('generate', values.generate, 0, 12, requests.length ? 0 : 8);
  const min = number('min', values.min, 0, 1, 0.8);
  const concurrency = number('concurrency', values.concurrency, 1, 8, 4);
  const trials = trialArgs(values.runs, values.threshold);
  if (requests.length === 0 && generate === 0) throw new UsageError('give --request texts or --generate n', 'route-check');

  const draft = (await loadSkill(resolve(io.cwd, positionals[0]!))).skill;
  const agentDir = resolve(io.cwd, values.agent);
  const { resolved, config } = await workspaceLlm(values.dir, agentDir, resolve(io.cwd, positionals[0]!), io);
  const exclude = [routingSkillName(draft), draft.dirName ?? ''].filter(Boolean);
  const otherSkills = await agentRoutingSkills(agentDir, exclude, {});

  if (values.optimize) {
    const tuning = {
      iterations: values.iterations,
      holdout: values.holdout,
      calls: values['budget-calls'],
      tokens: values['budget-tokens'],
    };
    return runOptimize(
      {
        ...optimizeArgs(tuning),
        ...trials,
        llm: config,
        model: `${resolved.provider} ${resolved.model}`,
        draft,
        otherSkills,
        agentDir,
        requests,
        concurrency,
        json: Boolean(values.json),
      },
      io,
    );
  }
  return runCheck(
    {
      llm: config,
      model: `${resolved.provider} ${resolved.model}`,
      draft,
      otherSkills,
      requests,
      generate,
      concurrency,
      ...trials,
      agentDir,
      min,
      json: Boolean(values.json),
    },
    io,
  );
}

interface CheckRun {
  llm: LlmConfig;
  model: string;
  draft: Skill;
  otherSkills: Skill[];
  requests: RoutingRequest[];
  generate: number;
  concurrency: number;
  runsPerQuery: number;
  threshold: number;
  agentDir: string;
  min: number;
  json: boolean;
}

/** The check itself: the stated plan, progress on a terminal, the table (or JSON); 1 below --min or on a failure. */
async function runCheck(run: CheckRun, io: CliIo): Promise<number> {
  const controller = new AbortController();
  void io.waitForShutdown().then(() => controller.abort(new Error('interrupted')));
  let last: RoutingEvent | undefined;
  for await (const ev of routeCheck({
    llm: run.llm,
    draft: run.draft,
    otherSkills: run.otherSkills,
    requests: run.requests,
    generate: run.generate,
    concurrency: run.concurrency,
    runsPerQuery: run.runsPerQuery,
    threshold: run.threshold,
    agentName: basename(run.agentDir),
    signal: controller.signal,
  })) {
    last = ev;
    if (ev.type === 'plan' && !run.json) {
      writeLine(
        io.stderr,
        `Checking with ${run.model}: ${plural(ev.calls, 'call')} (${plural(ev.runsPerQuery, 'run')} per request)${ev.designerCalls ? ` + ${plural(ev.designerCalls, 'designer call')}` : ''}, against ${plural(run.otherSkills.length, 'other skill')}.`,
      );
    } else if (ev.type === 'progress' && !run.json && io.stderr.isTTY) io.stderr.write(`\r${ev.done}/${ev.total}`);
  }
  if (io.stderr.isTTY && !run.json) io.stderr.write('\r');
  if (!last || last.type === 'error' || last.type !== 'done') {
    const err = last?.type === 'error' ? last.error : new Error('the check ended early');
    if (last?.type === 'error' && last.report.results.length && !run.json) printReport(last.report, run.min, io);
    writeLine(io.stderr, `route-check failed: ${escapeControlChars(err instanceof Error ? err.message : String(err))}`);
    return 1;
  }
  const report = last.report;
  if (run.json) writeLine(io.stdout, JSON.stringify(report, null, 2));
  else printReport(report, run.min, io);
  const below = (r: number | null): boolean => r !== null && r < run.min;
  return below(report.recall) || below(report.precision) ? 1 : 0;
}

export const routeCheckCommand: CliCommand = {
  name: 'route-check',
  summary: 'check whether an agent would route requests to a skill (recall, precision, competing skills)',
  help: HELP,
  run,
};
