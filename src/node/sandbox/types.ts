// The public shapes of a tool run (runSkillTool): what the caller passes, what
// comes back, and the one error family for runs that cannot start (ToolRunError
// with a literal `code` and the `problem`; node/http/status.ts maps it to a status).

import { ForgeError } from '../../core/errors.js';
import type { RunObservation } from '../../core/tool-run/observation.js';
import type { Skill } from '../../core/skill/skill.js';
import type { OutputDiagnostic, RunCause, ToolRunReport } from '../../core/tool-run/report.js';

export type { OutputDiagnostic };
import type { EnvRecord, FsLike } from '../fs/types.js';
import type { Upstream } from './egress-address.js';
import type { EgressRefusal } from './egress-proxy.js';

export type { EgressRefusal, Upstream };
export type { RunCause, RunCauseCode } from '../../core/tool-run/report.js';

/** `auto`: bubblewrap, or an error saying how to install it; `bwrap`: the same; `none`: unsandboxed (say so to the user). */
export type SandboxMode = 'auto' | 'bwrap' | 'none';

export interface RunSkillToolOptions {
  /** The draft: its SKILL.md and scripts (`Skill.from({skillMd, scripts})`). */
  skill: Skill;
  /** The `## Tool:` to run. */
  tool: string;
  /** The tool input, as the agent would pass it (serialised with JSON.stringify and handed to the script as `$1`). */
  input: unknown;
  /** Values for the skill's `requires.env` names, taking precedence over the `.env` files. Names the skill does not declare are ignored. */
  env?: EnvRecord;
  /** Overrides the skill's `timeout_hint` (default 30 s); either is clamped to 10 minutes. */
  timeoutMs?: number;
  sandbox?: SandboxMode;
  /** The workspace: its `.forge/.env` is never a source of values (it holds the Skill Builder's own keys); only named in a missing-env message. */
  workspaceDir?: string;
  /** For `<agent>/.env` values (the caller's `env` wins over them). */
  agentDir?: string;
  /** Reads the `.env` files through this `node:fs`-compatible object. The run itself always uses the real disk. */
  fs?: FsLike;
  /** Aborts the run (the process tree is killed). */
  signal?: AbortSignal;
  /**
   * Let the script reach loopback, private, link-local, CGNAT and metadata
   * addresses it declares (a local test service). Default false: the egress
   * proxy refuses them whatever the draft declares.
   */
  allowPrivateEgress?: boolean;
  /** Addresses the proxy never dials, even with allowPrivateEgress: where the builder itself listens (`0.0.0.0`/`::` = any local address at that port). */
  forbiddenUpstreams?: readonly Upstream[];
  /** Trace the programs the run executes and the files it writes (default true; needs strace). The hosts it asks for are always recorded. */
  observe?: boolean;
}

/** A run's report (core/tool-run) plus what ran. */
export interface ToolRunResult extends ToolRunReport {
  /** Why a failed run failed, each with its fix (empty when it succeeded). */
  causes: RunCause[];
  /** Why each refused host (and any request over the proxy's caps) was refused. */
  egressRefusals: EgressRefusal[];
  /** The script that ran (`scripts/x.sh`) and its interpreter. */
  script: string;
  interpreter: string;
  /** Env var names handed to the script (never their values). */
  envNames: string[];
  /** What the run was seen doing: hosts asked for, programs executed, files written. */
  observation: RunObservation;
}

export type ToolRunProblem = 'unknown_tool' | 'no_script' | 'bad_input' | 'missing_env' | 'no_sandbox' | 'busy' | 'disabled';

/** A tool run that could not start: unknown tool, no script, missing env vars, no sandbox, another run of the skill in progress, runs disabled. */
export class ToolRunError extends ForgeError {
  readonly code = 'tool_run_refused' as const;
  readonly problem: ToolRunProblem;
  declare readonly field: string;
  /** For `missing_env`: the names the run needs. */
  readonly missing: readonly string[];

  constructor(problem: ToolRunProblem, field: string, message: string, missing: readonly string[] = []) {
    super(message, { field });
    this.problem = problem;
    this.missing = missing;
  }

  static override isInstance(value: unknown): value is ToolRunError {
    return ForgeError.isInstance(value) && value.code === 'tool_run_refused';
  }
}
