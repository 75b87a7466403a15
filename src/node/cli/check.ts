// `forge-skill-builder check <path>...`: the one command a CI job runs over
// skills (folders, a skills folder, an agent): validation, the runtime view,
// folder links, script syntax and ShellCheck, the agent's risk policy,
// signatures and, with --routing and --evals, the routing check and the
// evals (recorded or replayed), printed as text, JSON, SARIF or JUnit. Exit 0 when no finding reaches
// --fail-on, 1 when one does, 2 for wrong usage or setup.
import * as nodeFs from 'node:fs';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ForgeError } from '../../core/errors.js';
import { RiskPolicyError } from '../../core/risk/policy.js';
import { sandboxExecutor } from '../evals/sandbox-executor.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import type { FsLike } from '../fs/types.js';
import { reportHuman } from '../check/format-human.js';
import { reportJunit } from '../check/format-junit.js';
import { reportSarif } from '../check/format-sarif.js';
import { ChangedSinceError } from '../check/git.js';
import { reportJson } from '../check/report.js';
import { evalsCheck, type EvalsHook } from '../check/evals.js';
import { CheckLlmError, routingCheck, type RoutingHook } from '../check/routing.js';
import { runCheck } from '../check/run.js';
import { TrustPolicyFileError } from '../check/signature.js';
import type { SkillTarget } from '../check/skill-checks.js';
import { CheckTargetError } from '../check/targets.js';
import type { CheckReport } from '../check/types.js';
import { numberFlag, oneOf, parseCommandArgs, PROGRAM, UsageError } from './args.js';
import { checkLlmConfig } from './check-llm.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';

const FORMATS = ['human', 'json', 'sarif', 'junit'] as const;

const HELP = `Usage: ${PROGRAM} check <path>... [options]

Checks skills for CI in one command. A path is a skill folder, a SKILL.md, a
flat skill file, a folder of skills, or an agent (a folder with forge.yaml:
its skills/ are checked). Each skill gets: validation (--profile), the runtime
view (what Forge's runtime will read), folder links, script syntax and
ShellCheck, the risk policy (--policy, else its agent's forge.yaml
security.policy_path, else Forge's default), and signatures when the agent's
forge.yaml security.trust_policy asks for them.

Options:
  --profile <p>          forge (default) or agentskills
  --fail-on <level>      error (default) or warning: the lowest level that fails the run
  --changed-since <ref>  only skills with a file changed since this git ref (committed,
                         staged, unstaged or untracked), e.g. origin/main
  --policy <file>        a Forge security policy that replaces every agent's policy
  --no-syntax            skip the scripts' syntax check and ShellCheck
  --keyring <dir>        trusted public keys for the signature check (default ~/.forge/trusted-keys)
  --routing              also run the routing check of each skill with requests in its
                         evals/triggers.json, on the workspace's skill-builder model
  --runs <n>             with --routing: times each request is sent (default 3, 1 to 10)
  --threshold <r>        with --routing: share of a request's runs that must pick the
                         skill for it to count as routed there (default 0.5, above 0 to 1)
  --evals                also run each skill's evals/evals.json cases with and without the
                         skill (as \`eval\` does) on the workspace's skill-builder model; fails
                         when the with-skill pass rate does not beat the baseline by --min-delta
  --min-delta <x>        with --evals: lowest acceptable pass-rate gain, -1..1 (default 0)
  --eval-runs <n>        with --evals: runs of each case per configuration (default 3)
  --eval-budget-calls <n> with --evals: hard limit of model calls per skill
  --eval-tools           with --evals: run the skills' tools in the sandbox (bubblewrap);
                         by default each tool call is recorded as not run
  --record <dir>         with --routing or --evals: save every model call and reply into <dir>
  --replay <dir>         with --routing or --evals: answer every model call from <dir>; no key
                         and no network; a call that was not recorded stops the run (exit 2)
  --dir <path>           the workspace with the LLM settings (default: the nearest folder
                         above the first path holding .forge/, else the current folder)
  --format <f>           human (default), json, sarif (SARIF 2.1.0 for code scanning) or junit
  --output <file>        write the report to <file> instead of stdout (a one-line summary
                         still goes to stderr)
  -h, --help             show this help

Paths in every format are relative to the git work tree's root (the working
folder outside git). docs/ci.md describes the formats and the GitHub Action.

Exit status: 0 when no finding reaches --fail-on, 1 when one does, 2 for wrong
usage or setup (a path without skills, an unknown git ref, a broken policy, a
failed model call or one missing from the --replay recording).
`;

function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function render(report: CheckReport, format: (typeof FORMATS)[number]): string {
  if (format === 'json') return reportJson(report);
  if (format === 'sarif') return reportSarif(report, version());
  if (format === 'junit') return reportJunit(report);
  return reportHuman(report);
}

/** Setup problems are exit 2, like wrong usage: the run never checked what it was asked to. */
function isSetupError(err: unknown): boolean {
  return (
    err instanceof CheckTargetError ||
    err instanceof CheckLlmError ||
    err instanceof ChangedSinceError ||
    err instanceof TrustPolicyFileError ||
    RiskPolicyError.isInstance(err)
  );
}

const FLAGS = {
  profile: { type: 'string' },
  'fail-on': { type: 'string' },
  'changed-since': { type: 'string' },
  policy: { type: 'string' },
  'no-syntax': { type: 'boolean' },
  format: { type: 'string' },
  output: { type: 'string' },
  keyring: { type: 'string' },
  routing: { type: 'boolean' },
  runs: { type: 'string' },
  threshold: { type: 'string' },
  evals: { type: 'boolean' },
  'min-delta': { type: 'string' },
  'eval-runs': { type: 'string' },
  'eval-budget-calls': { type: 'string' },
  'eval-tools': { type: 'boolean' },
  record: { type: 'string' },
  replay: { type: 'string' },
  dir: { type: 'string' },
} as const;

type CheckValues = ReturnType<typeof parseCommandArgs<typeof FLAGS>>['values'];

/** --runs and --threshold of the routing check, checked before any model is set up. */
function routingTrials(values: CheckValues): { runsPerQuery?: number; threshold?: number } {
  const runsPerQuery = numberFlag('check', 'runs', values.runs, { min: 1, max: 10, integer: true });
  const threshold = numberFlag('check', 'threshold', values.threshold, { min: 0, max: 1, integer: false });
  if (threshold === 0) throw new UsageError('--threshold must be above 0', 'check', 'threshold');
  return { ...(runsPerQuery !== undefined ? { runsPerQuery } : {}), ...(threshold !== undefined ? { threshold } : {}) };
}

/** The hooks of the checks that ask a model (--routing, --evals), on one recording; usage errors for their flags given alone. */
async function modelChecks(values: CheckValues, firstPath: string, io: CliIo): Promise<{ routing?: RoutingHook; evals?: EvalsHook }> {
  const evalFlags = (['min-delta', 'eval-runs', 'eval-budget-calls', 'eval-tools'] as const).filter((f) => values[f] !== undefined);
  if (!values.evals && evalFlags.length > 0) throw new UsageError(`--${evalFlags[0]} goes with --evals`, 'check', evalFlags[0]);
  const routingFlags = (['runs', 'threshold'] as const).filter((f) => values[f] !== undefined);
  if (!values.routing && routingFlags.length > 0) throw new UsageError(`--${routingFlags[0]} goes with --routing`, 'check', routingFlags[0]);
  if (!values.routing && !values.evals) {
    if (values.record !== undefined || values.replay !== undefined || values.dir !== undefined)
      throw new UsageError('--record, --replay and --dir go with --routing or --evals', 'check');
    return {};
  }
  const minDelta = numberFlag('check', 'min-delta', values['min-delta'], { min: -1, max: 1, integer: false });
  const runs = numberFlag('check', 'eval-runs', values['eval-runs'], { min: 1, max: 20, integer: true });
  const maxCalls = numberFlag('check', 'eval-budget-calls', values['eval-budget-calls'], { min: 1, max: 1e6, integer: true });
  const trials = routingTrials(values);
  const llm = await checkLlmConfig({ dir: values.dir, record: values.record, replay: values.replay, firstPath }, io);
  const executor = values['eval-tools']
    ? (target: SkillTarget) => sandboxExecutor({ sandbox: 'auto', ...(target.agentDir ? { agentDir: target.agentDir } : {}) })
    : undefined;
  return {
    ...(values.routing ? { routing: routingCheck({ llm, ...trials }) } : {}),
    ...(values.evals
      ? {
          evals: evalsCheck({
            llm,
            ...(minDelta !== undefined ? { minDelta } : {}),
            ...(runs !== undefined ? { runs } : {}),
            ...(maxCalls !== undefined ? { maxCalls } : {}),
            ...(executor ? { executor } : {}),
          }),
        }
      : {}),
  };
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('check', argv, FLAGS, true);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const profile = oneOf('profile', values.profile, ['forge', 'agentskills'] as const, 'forge');
  const failOn = oneOf('fail-on', values['fail-on'], ['error', 'warning'] as const, 'error');
  const format = oneOf('format', values.format, FORMATS, 'human');
  if (positionals.length === 0) throw new UsageError('give at least one skill folder, skills folder or agent folder', 'check');
  if (values.output === '') throw new UsageError('--output needs a file name', 'check', 'output');
  const { routing, evals } = await modelChecks(values, positionals[0]!, io);
  let report: CheckReport;
  try {
    report = await runCheck({
      cwd: io.cwd,
      paths: positionals,
      profile,
      failOn,
      ...(values['changed-since'] !== undefined ? { changedSince: values['changed-since'] } : {}),
      ...(values.policy !== undefined ? { policyFile: resolve(io.cwd, values.policy) } : {}),
      syntax: values['no-syntax'] !== true,
      ...(values.keyring !== undefined ? { keyringDir: resolve(io.cwd, values.keyring) } : {}),
      ...(routing ? { routing } : {}),
      ...(evals ? { evals } : {}),
    });
  } catch (err) {
    if (isSetupError(err)) throw new UsageError(err instanceof Error ? err.message : String(err), 'check');
    throw err instanceof ForgeError || err instanceof Error ? err : new Error(String(err));
  }
  const text = render(report, format);
  if (values.output !== undefined) {
    await writeFileAtomic(nodeFs as unknown as FsLike, resolve(io.cwd, values.output), text);
    const { errors, warnings } = report.counts;
    writeLine(
      io.stderr,
      `check: ${report.skills.length} skill(s), ${errors} error(s), ${warnings} warning(s): ${report.passed ? 'passed' : 'failed'}; report in ${values.output}`,
    );
  } else if (format === 'human') writeLine(io.stdout, text.replace(/\n$/, ''));
  else io.stdout.write(text);
  return report.passed ? 0 : 1;
}

export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'check skills for CI in one run (validation, runtime, links, syntax, risk policy; routing, evals) as text, JSON, SARIF or JUnit',
  help: HELP,
  run,
};
