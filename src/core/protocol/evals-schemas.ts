// zod schema of the evals body (wire names from evals-wire.ts):
// `{skill_md, scripts?, files?, editing_name?, cases?, from_examples?,
// runs_per_configuration?, max_steps?, baseline?, max_calls?, max_tokens?,
// self_test?, runs?}` (runs: the session's earlier observed runs, as for a
// try), of a suggest body `{skill_md, scripts?, editing_name?, count?,
// cases?}`, and of a feedback PUT `{feedback: [{eval_id, feedback}]}`. Cases are evals.json entries; counts and sizes are capped so a
// body cannot ask for an unbounded number of calls.
import { z } from 'zod';
import { checkSkillName } from '../names.js';
import { MAX_FEEDBACK_CHARS } from '../evals/feedback-file.js';
import { EVAL_CASE as K, EVAL_FEEDBACK as EF, EVALS_REQUEST as E, FEEDBACK_REPLY as F } from './evals-wire.js';
import { EVALS_SUGGEST_REQUEST as G } from './evals-suggest-wire.js';
import { DraftSchema, SessionRunsSchema } from './schemas.js';

/** Cases one run may carry. */
export const MAX_EVAL_CASES = 50;
/** Most calls one evaluation may be allowed (a body without max_calls gets this cap). */
export const MAX_EVAL_CALLS = 2000;

const Text = (max: number, what: string) => z.string().max(max, `${what} may hold at most ${max} characters`);

export const EvalCaseWireSchema = z.object({
  [K.id]: z.number().int('id must be a whole number'),
  [K.prompt]: Text(20_000, 'a prompt').trim().min(1, 'prompt is empty: write the task the user gives the agent'),
  [K.expectedOutput]: Text(20_000, 'expected_output').optional(),
  [K.files]: z.array(Text(1000, 'a file path')).max(20).optional(),
  [K.expectations]: z.array(Text(2000, 'an expectation')).max(30, 'at most 30 expectations per case').optional(),
  [K.source]: z.enum(['file', 'examples', 'designer']).optional(),
});

const EditingName = z.string().superRefine((v, ctx) => {
  const problem = checkSkillName(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const CaseList = z
  .array(EvalCaseWireSchema)
  .max(MAX_EVAL_CASES, `at most ${MAX_EVAL_CASES} cases per run`)
  .superRefine((cases, ctx) => {
    const seen = new Set<number>();
    for (const [i, c] of cases.entries()) {
      if (seen.has(c[K.id])) ctx.addIssue({ code: 'custom', path: [i, K.id], message: `id ${c[K.id]} is used twice; ids must be unique` });
      seen.add(c[K.id]);
    }
  });

export const EvalsRequestSchema = DraftSchema.extend({
  [E.editingName]: EditingName.optional(),
  [E.cases]: CaseList.refine((cases) => cases.length > 0, 'give at least one case, or leave cases out to use the skill’s evals.json and Examples').optional(),
  [E.fromExamples]: z.boolean().optional(),
  [E.runsPerConfiguration]: z.number().int().min(1).max(10, 'runs_per_configuration may be at most 10').optional(),
  [E.maxSteps]: z.number().int().min(1).max(20, 'max_steps may be at most 20').optional(),
  [E.baseline]: z.enum(['none', 'previous']).optional(),
  [E.maxCalls]: z.number().int().min(1).max(MAX_EVAL_CALLS, `max_calls may be at most ${MAX_EVAL_CALLS}`).optional(),
  [E.maxTokens]: z.number().int().min(1).optional(),
  [E.selfTest]: z.boolean().optional(),
  [E.runs]: SessionRunsSchema.optional(),
});

/** `POST …/skill-builder/evals/suggest` body: the draft, how many cases to propose, the cases it has already. */
export const EvalsSuggestRequestSchema = DraftSchema.extend({
  [G.editingName]: EditingName.optional(),
  [G.count]: z.number().int('count must be a whole number').min(1).max(10, 'count may be at most 10').optional(),
  [G.cases]: CaseList.optional(),
});

/** `PUT …/skills/{name}/evals/feedback` body: one entry per case. */
export const FeedbackRequestSchema = z.object({
  [F.feedback]: z
    .array(
      z.object({
        [EF.evalId]: z.number().int('eval_id must be the case’s whole-number id'),
        [EF.feedback]: Text(MAX_FEEDBACK_CHARS, 'feedback'),
      }),
    )
    .max(MAX_EVAL_CASES * 4, 'too many feedback entries')
    .superRefine((entries, ctx) => {
      const seen = new Set<number>();
      for (const [i, e] of entries.entries()) {
        if (seen.has(e[EF.evalId])) ctx.addIssue({ code: 'custom', path: [i, EF.evalId], message: `case ${e[EF.evalId]} has feedback twice` });
        seen.add(e[EF.evalId]);
      }
    }),
});
