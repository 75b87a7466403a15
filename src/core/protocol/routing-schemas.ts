// zod schemas of the routing-check HTTP bodies (wire names from fields.ts):
// route-check `{skill_md, scripts?, editing_name?, requests?, generate?, concurrency?}`,
// route-check/requests `{skill_md, scripts?, editing_name?, count?}` and
// improve-description `{skill_md, scripts?, editing_name?, results}`.
// Sizes are capped so a body cannot ask for an unbounded number of calls.
import { z } from 'zod';
import { checkSkillName } from '../names.js';
import { DraftSchema } from './schemas.js';
import { ROUTING_REQUEST as Q } from './routing-wire.js';
import { DEFAULT_MAX_REQUESTS, MAX_REQUEST_CHARS } from '../routing/requests.js';

/** Requests one check may carry (each is one provider call). */
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
