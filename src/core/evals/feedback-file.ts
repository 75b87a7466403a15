// evals/feedback.json: the operator's word on each case after a run, kept
// beside evals.json in the skill folder, in the shape skill-creator's review
// viewer saves (`reviews[]` of `run_id`, `feedback`, `timestamp`, and a
// `status`), with the case's `eval_id` added so a case is found without
// parsing the run id. Unknown fields of the file are not kept: it is
// rewritten whole on every save.
import { RequestError } from '../errors.js';

/** The path of the file inside a skill folder. */
export const FEEDBACK_FILE_PATH = 'evals/feedback.json';
/** Characters one case's feedback may hold. */
export const MAX_FEEDBACK_CHARS = 10_000;

/** The operator's feedback on one case. */
export interface EvalFeedback {
  evalId: number;
  feedback: string;
  /** ISO time it was written. */
  timestamp: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The run id skill-creator's viewer uses for the with-skill output of a case. */
export const feedbackRunId = (evalId: number): string => `eval-${evalId}-with_skill`;

/** Reads a feedback.json text; reviews without a case id (or with neither id) are skipped. RequestError for a file that is not the shape. */
export function readFeedbackJson(text: string): EvalFeedback[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RequestError(FEEDBACK_FILE_PATH, `${FEEDBACK_FILE_PATH} is not valid JSON (${(err as Error).message}); fix or delete it`);
  }
  if (!isObject(value) || !Array.isArray(value['reviews']))
    throw new RequestError(FEEDBACK_FILE_PATH, `${FEEDBACK_FILE_PATH} must be an object {reviews: [{run_id, feedback, timestamp}], status}`);
  const out: EvalFeedback[] = [];
  for (const r of value['reviews']) {
    if (!isObject(r) || typeof r['feedback'] !== 'string') continue;
    const fromRunId = typeof r['run_id'] === 'string' ? /^eval-(\d+)(?:-|$)/.exec(r['run_id'])?.[1] : undefined;
    const evalId = typeof r['eval_id'] === 'number' ? r['eval_id'] : fromRunId !== undefined ? Number(fromRunId) : NaN;
    if (!Number.isInteger(evalId)) continue;
    out.push({ evalId, feedback: r['feedback'], timestamp: typeof r['timestamp'] === 'string' ? r['timestamp'] : '' });
  }
  return out;
}

/** Checks entries before they are written: whole-number ids, once each, text within the limit. */
export function checkFeedback(entries: readonly EvalFeedback[]): void {
  const seen = new Set<number>();
  for (const [i, e] of entries.entries()) {
    if (!Number.isInteger(e.evalId)) throw new RequestError(`feedback[${i}].eval_id`, `feedback[${i}].eval_id must be the case's whole-number id`);
    if (seen.has(e.evalId)) throw new RequestError(`feedback[${i}].eval_id`, `case ${e.evalId} has feedback twice; send one entry per case`);
    seen.add(e.evalId);
    if (typeof e.feedback !== 'string' || e.feedback.length > MAX_FEEDBACK_CHARS)
      throw new RequestError(`feedback[${i}].feedback`, `feedback[${i}].feedback must be text of at most ${MAX_FEEDBACK_CHARS} characters`);
  }
}

/** The feedback.json text of `entries` (sorted by case id, two-space indentation, final newline). */
export function writeFeedbackJson(entries: readonly EvalFeedback[]): string {
  checkFeedback(entries);
  const reviews = [...entries]
    .sort((a, b) => a.evalId - b.evalId)
    .map((e) => ({ run_id: feedbackRunId(e.evalId), eval_id: e.evalId, feedback: e.feedback, timestamp: e.timestamp }));
  return `${JSON.stringify({ reviews, status: 'complete' }, null, 2)}\n`;
}
