// What a tool run reports, shared by the Node runner
// (runSkillTool, which adds what ran) and the elements (which read it from
// `POST …/skill-builder/try`, camelCased). Types only.

import type { RunObservation } from './observation.js';

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
  /** What the run was seen doing (hosts, programs, files written); absent from servers that do not observe. */
  observation?: RunObservation;
}
