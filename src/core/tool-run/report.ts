// What a tool run reports, shared by the Node runner
// (runSkillTool, which adds what ran) and the elements (which read it from
// `POST …/skill-builder/try`, camelCased). Types only.

import type { RunObservation } from './observation.js';

export type RunCauseCode = 'egress-undeclared' | 'egress-refused' | 'egress-unreachable' | 'env-undeclared' | 'env-unset' | 'timeout';

/** One reason a failed run failed (core/observe/run-causes.ts reads them): what happened and how to fix it. */
export interface RunCause {
  code: RunCauseCode;
  /** What happened, naming the host or env var (and the script line that reads it). */
  message: string;
  /** What to change, and where. */
  fix: string;
}

/** Where the tool's stdout disagrees with its Output schema. `path` is a JSON Pointer into stdout's JSON (`''` for the whole value). */
export interface OutputDiagnostic {
  path: string;
  message: string;
}

export interface ToolRunReport {
  /** Exit code 0 and no timeout. */
  ok: boolean;
  exitCode: number | null;
  /** The signal that ended the script (`SIGKILL` after a timeout), else null. */
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** True when stdout or stderr went over 1 MiB and was cut. */
  truncated: boolean;
  /** stdout parsed as JSON, or null when it is not JSON. */
  json: unknown;
  outputDiagnostics: OutputDiagnostic[];
  /** Hosts the egress proxy refused, in the order first asked for. */
  egressBlocked: string[];
  /** Why each was refused (not declared, a private address, the builder's own server), and requests over the proxy's caps (host `(proxy)`). */
  egressRefusals?: Array<{ host: string; reason: string }>;
  /** `none` when the run was not sandboxed. */
  sandbox: 'bwrap' | 'none';
  /**
   * When the run failed (non-zero exit, timeout, output mismatches or blocked
   * hosts): a chat message asking the designer to fix it — the input, how it
   * ended, stderr, mismatches and blocked hosts; never stdout or env values.
   */
  fixRequest: string | null;
  /**
   * Why a failed run failed, each with its fix: refused or unreachable hosts, env vars the script reads but did
   * not get (with where to set them), a timeout. Empty for a run that succeeded; absent from older servers.
   */
  causes?: RunCause[];
  /** What the run was seen doing (hosts, programs, files written); absent from servers that do not observe. */
  observation?: RunObservation;
}
