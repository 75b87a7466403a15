// zod schemas of the routing-check HTTP bodies (wire names from fields.ts):
// route-check `{skill_md, scripts?, editing_name?, requests?, generate?, concurrency?,
// runs_per_query?, threshold?}`,
// route-check/requests `{skill_md, scripts?, editing_name?, count?}` and
// improve-description `{skill_md, scripts?, editing_name?, results}` and
// route-check/optimize `{skill_md, scripts?, editing_name?, requests, iterations?,
// holdout?, runs_per_query?, threshold?, max_calls?, max_tokens?, concurrency?}`
// and catalog-budget `{skill_md, scripts?, editing_name?, budget_chars?}`.
// Sizes are capped so a body cannot ask for an unbounded number of calls.
import { z } from 'zod';
import { checkSkillName } from '../names.js';
import { DraftSchema } from './schemas.js';
import { ROUTING_REQUEST as Q } from './routing-wire.js';
import { DEFAULT_MAX_REQUESTS, MAX_REQUEST_CHARS } from '../routing/requests.js';
import { OPTIMIZE_REQUEST as O } from './optimize-wire.js';
import { CATALOG_BUDGET_REQUEST as B } from './catalog-budget-wire.js';

/** Requests one check may carry (each is `runs_per_query` provider calls). */
export const MAX_ROUTE_REQUESTS = 50;

const EditingName = z.string().superRefine((v, ctx) => {
  const problem = checkSkillName(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const Expect = z.enum(['this', 'other', 'none']);

export const RoutingRequestWireSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'text is empty: write what a user would type')
    .max(MAX_REQUEST_CHARS, `a request may hold at most ${MAX_REQUEST_CHARS} characters`),
  expect: Expect,
  skill: z.string().max(200).optional(),
  source: z.enum(['user', 'example', 'designer']).optional(),
});

export const RouteCheckRequestSchema = DraftSchema.extend({
  [Q.editingName]: EditingName.optional(),
  [Q.requests]: z.array(RoutingRequestWireSchema).max(MAX_ROUTE_REQUESTS, `at most ${MAX_ROUTE_REQUESTS} requests per check`).optional(),
  [Q.generate]: z.number().int().min(0).max(DEFAULT_MAX_REQUESTS, `generate may be at most ${DEFAULT_MAX_REQUESTS}`).optional(),
  [Q.concurrency]: z.number().int().min(1).max(8).optional(),
  [Q.runsPerQuery]: z.number().int().min(1).max(10, 'runs_per_query may be at most 10').optional(),
  [Q.threshold]: z.number().gt(0).max(1).optional(),
}).superRefine((v, ctx) => {
  if ((v[Q.requests]?.length ?? 0) === 0 && !v[Q.generate])
    ctx.addIssue({ code: 'custom', path: [Q.requests], message: 'give requests to check, or generate > 0 to have them written' });
});

export const RouteRequestsRequestSchema = DraftSchema.extend({
  [Q.editingName]: EditingName.optional(),
  [Q.count]: z.number().int().min(1).max(DEFAULT_MAX_REQUESTS, `count may be at most ${DEFAULT_MAX_REQUESTS}`).optional(),
});

export const ImproveDescriptionRequestSchema = DraftSchema.extend({
  [Q.editingName]: EditingName.optional(),
  [Q.results]: z
    .array(
      z.object({
        text: z.string().max(MAX_REQUEST_CHARS),
        expect: Expect,
        chose: z.object({ skill: z.string().max(200), via: z.enum(['read_skill', 'tool']), tool: z.string().max(200).optional() }).nullable(),
        ok: z.boolean(),
      }),
    )
    .max(MAX_ROUTE_REQUESTS),
});

/** Most calls one optimisation may be allowed (a body without max_calls gets this cap). */
export const MAX_OPTIMIZE_CALLS = 2000;

export const OptimizeRequestSchema = DraftSchema.extend({
  [O.editingName]: EditingName.optional(),
  [O.requests]: z
    .array(RoutingRequestWireSchema)
    .min(4, 'give at least 4 requests: some meant for the skill and some not')
    .max(MAX_ROUTE_REQUESTS, `at most ${MAX_ROUTE_REQUESTS} requests`),
  [O.iterations]: z.number().int().min(0).max(20).optional(),
  [O.holdout]: z.number().gt(0).lt(1).optional(),
  [O.runsPerQuery]: z.number().int().min(1).max(10).optional(),
  [O.threshold]: z.number().gt(0).max(1).optional(),
  [O.maxCalls]: z.number().int().min(1).max(MAX_OPTIMIZE_CALLS, `max_calls may be at most ${MAX_OPTIMIZE_CALLS}`).optional(),
  [O.maxTokens]: z.number().int().min(1).optional(),
  [O.concurrency]: z.number().int().min(1).max(8).optional(),
});

/** Largest catalog budget a body may ask about, in characters. */
export const MAX_CATALOG_BUDGET_CHARS = 1_000_000;

export const CatalogBudgetRequestSchema = DraftSchema.extend({
  [B.editingName]: EditingName.optional(),
  [B.budgetChars]: z.number().int().min(1).max(MAX_CATALOG_BUDGET_CHARS, `budget_chars may be at most ${MAX_CATALOG_BUDGET_CHARS}`).optional(),
});
