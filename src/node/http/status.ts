// The one place that maps an error to an HTTP status. Core errors carry only a
// literal `code` (the isomorphic core knows no HTTP); this table turns each
// code — and, where one code covers several cases, the error's `reason` or
// `problem` — into the status the server answers with. An unknown error is 500.

import { ForgeError, LlmError, RequestError, type RequestErrorReason } from '../../core/errors.js';
import type { ToolRunProblem } from '../sandbox/types.js';

/** Status by error `code` (every ForgeError family of core and node). */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  config: 400,
  bad_request: 400,
  unsafe_path: 400,
  validation: 400,
  unsafe_archive: 400,
  risk_policy_invalid: 400,
  not_found: 404,
  conflict: 409,
  designer_reply: 502,
};

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

/** The HTTP status for `err`: a typed error's mapped status, 500 for anything else. */
export function httpStatusOf(err: unknown): number {
  if (!ForgeError.isInstance(err)) return 500;
  // A provider failure: the upstream call failed (502), or the user stopped it (499, as nginx logs it).
  if (LlmError.isInstance(err)) return err.code === 'aborted' ? 499 : 502;
  if (RequestError.isInstance(err)) return STATUS_BY_REQUEST_REASON[err.reason] ?? 400;
  if (err.code === 'tool_run_refused') return STATUS_BY_TOOL_RUN_PROBLEM[(err as { problem?: ToolRunProblem }).problem!] ?? 400;
  return STATUS_BY_CODE[err.code] ?? 500;
}
