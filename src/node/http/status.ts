// The one place that maps an error to an HTTP status. Core errors carry only a
// literal `code` (the isomorphic core knows no HTTP); this table gives every
// code of ForgeErrorCode its status — a number, or a rule where one code covers
// several cases (a RequestError's `reason`, a ToolRunError's `problem`, a
// partial result's failure). A code without a status fails the type check. An
// unknown error is 500.

import { FORGE_ERROR_CODES, ForgeError, PartialResultError, RequestError, type ForgeErrorCode, type RequestErrorReason } from '../../core/errors.js';
import { ToolRunError, type ToolRunProblem } from '../sandbox/types.js';

const STATUS_BY_REQUEST_REASON: Readonly<Record<RequestErrorReason, number>> = {
  invalid: 400,
  timeout: 408,
  too_large: 413,
  unsupported_type: 415,
};

const STATUS_BY_TOOL_RUN_PROBLEM: Readonly<Record<ToolRunProblem, number>> = {
  unknown_tool: 400,
  no_script: 400,
  bad_input: 400,
  missing_env: 400,
  no_sandbox: 501,
  busy: 409,
  disabled: 403,
};

type StatusRule = number | ((err: ForgeError) => number);

/** Status by error `code`: every code of the package (the type says so). */
export const STATUS_BY_CODE: Readonly<Record<ForgeErrorCode, StatusRule>> = {
  // A provider call failed upstream (502), or the user stopped it (499, as nginx logs it).
  auth: 502,
  rate_limit: 502,
  model_not_found: 502,
  provider_bad_request: 502,
  server: 502,
  network: 502,
  timeout: 502,
  stream_cut: 502,
  aborted: 499,
  // The server replays recorded provider calls and this one was never recorded: its own setup.
  replay_miss: 500,
  config: 400,
  bad_request: (err) => (RequestError.isInstance(err) ? STATUS_BY_REQUEST_REASON[err.reason] : undefined) ?? 400,
  conflict: 409,
  unsafe_path: 400,
  not_found: 404,
  validation: 400,
  unsafe_archive: 400,
  risk_policy_invalid: 400,
  designer_reply: 502,
  routing_self_test: 502,
  // The eval harness could not get a sensible first result (no tool call, an unusable grader): nothing was spent past it.
  eval_self_test: 422,
  // The failure decides; the partial result only rides along.
  partial_result: (err) => httpStatusOf(PartialResultError.isInstance(err) ? err.cause : undefined),
  // A manifest, key or signature file that cannot be read (400); a skill a trust policy refuses (403: understood, not allowed here).
  trust_invalid: 400,
  trust_refused: 403,
  tool_run_refused: (err) => (ToolRunError.isInstance(err) ? STATUS_BY_TOOL_RUN_PROBLEM[err.problem] : undefined) ?? 400,
  // A skill file that cannot be read safely (a symlink out of its folder, not a regular file, too large): not served.
  skill_read: 404,
  // Raised by the CLI, the listener and the browser client; were one to reach a handler, it is the server's fault.
  usage: 500,
  port_in_use: 500,
  api: 502,
};

/** The HTTP status for `err`: a typed error's mapped status, 500 for anything else. */
export function httpStatusOf(err: unknown): number {
  if (!ForgeError.isInstance(err) || !(FORGE_ERROR_CODES as readonly string[]).includes(err.code)) return 500;
  const rule = STATUS_BY_CODE[err.code];
  return typeof rule === 'number' ? rule : rule(err);
}
