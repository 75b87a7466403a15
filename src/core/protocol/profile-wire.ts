// The wire of declared versus observed on the try route: the session's
// earlier runs a try body may carry (`runs`, so the reply's profile is the
// union over this editing session's runs without the server keeping any
// state), and the capability profile of the reply (`capability_profile`).
// Kept apart from TRY_REQUEST and TOOL_RUN (fields.ts) so the elements'
// first bundle does not carry them: the Run view loads this with itself.
// Finding, fix and run entries have one-word fields and travel as they are.

import type { CapabilityProfile, DeclarationFinding, DeclarationFindingKind, DeclarationFix, ObservedRun } from '../tool-run/observation.js';
import { MAX_SESSION_RUNS } from '../observe/session.js';
import { fields } from './fields.js';
import { observationFromWire, observationToWire } from './observe-wire.js';
import {
  fromWire,
  toolRunFromWire,
  toolRunToWire,
  toWire,
  tryRequestFromWire,
  tryRequestToWire,
  type ToolRunWireResult,
  type TryRequestBody,
  type WireJson,
  num,
} from './wire.js';

/** What a try body adds to TRY_REQUEST: the earlier runs of the editing session. */
export const TRY_SESSION = /*#__PURE__*/ fields('runs');
/** What a try reply adds to TOOL_RUN. */
export const TRY_PROFILE = /*#__PURE__*/ fields('capabilityProfile');
/** One earlier run of the session, as the previous reply described it. */
export const OBSERVED_RUN = /*#__PURE__*/ fields('id', 'tool', 'ok', 'observation');
/** `capability_profile` of a try reply. */
export const CAPABILITY_PROFILE = /*#__PURE__*/ fields('declared', 'used', 'runs', 'summary', 'findings', 'risk', 'fixedSkillMd');

/** A try body: the draft, the tool and input, and the session's earlier runs. */
export interface TrySessionBody extends TryRequestBody {
  runs?: ObservedRun[];
}

/** A try reply: the run, and the capability profile over the session's runs including this one. */
export type TryReply = ToolRunWireResult & { capabilityProfile?: CapabilityProfile };

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): WireJson => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as WireJson) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const texts = (v: unknown): string[] => arr(v).filter((x): x is string => typeof x === 'string');

export const observedRunToWire = (r: ObservedRun): WireJson => toWire(OBSERVED_RUN, { ...r, observation: observationToWire(r.observation) });
export function observedRunFromWire(json: unknown): ObservedRun {
  const f = fromWire(OBSERVED_RUN, json);
  return { id: text(f.id), tool: text(f.tool), ok: f.ok === true, observation: observationFromWire(f.observation) };
}

const KINDS: readonly DeclarationFindingKind[] = [
  'observed-egress-undeclared',
  'declared-egress-unused',
  'observed-bin-undeclared',
  'declared-bin-unused',
  'env-referenced-undeclared',
  'env-declared-unreferenced',
];

function fixFromWire(v: unknown): DeclarationFix {
  const r = rec(v);
  const field = r.field === 'bins' || r.field === 'env' ? r.field : 'egress_domains';
  return { op: r.op === 'remove' ? 'remove' : 'add', field, value: text(r.value) };
}

function findingFromWire(v: unknown): DeclarationFinding | null {
  const r = rec(v);
  const kind = KINDS.find((k) => k === r.kind);
  if (!kind) return null;
  const out: DeclarationFinding = { kind, subject: text(r.subject), message: text(r.message), file: text(r.file), fix: fixFromWire(r.fix) };
  if (typeof r.line === 'number') out.line = r.line;
  if (Array.isArray(r.runs)) out.runs = texts(r.runs);
  if (typeof r.risky === 'string') out.risky = r.risky;
  return out;
}

export const capabilityProfileToWire = (p: CapabilityProfile): WireJson => toWire(CAPABILITY_PROFILE, p);
export function capabilityProfileFromWire(json: unknown): CapabilityProfile {
  const f = fromWire(CAPABILITY_PROFILE, json);
  const declared = rec(f.declared);
  const used = rec(f.used);
  const out: CapabilityProfile = {
    declared: { egress: texts(declared.egress), bins: texts(declared.bins), env: texts(declared.env) },
    used: { egress: texts(used.egress), programs: Array.isArray(used.programs) ? texts(used.programs) : null, env: texts(used.env) },
    runs: arr(f.runs).map((r) => ({ id: text(rec(r).id), tool: text(rec(r).tool), ok: rec(r).ok === true })),
    summary: text(f.summary),
    findings: arr(f.findings).flatMap((x) => findingFromWire(x) ?? []),
    risk: { before: num(rec(f.risk).before), after: num(rec(f.risk).after) },
  };
  if (typeof f.fixedSkillMd === 'string') out.fixedSkillMd = f.fixedSkillMd;
  return out;
}

/** `json` with the profile beside it as `capability_profile` (the CLI's `eval --json`); `json` alone without one. */
export const withCapabilityProfile = (json: WireJson, p: CapabilityProfile | undefined): WireJson =>
  p ? { ...json, ...toWire(TRY_PROFILE, { capabilityProfile: capabilityProfileToWire(p) }) } : json;

/** `POST …/try` body with the session: `{skill_md, scripts, tool, input, runs?: [{id, tool, ok, observation}]}`. */
export const trySessionToWire = (b: TrySessionBody): WireJson => ({
  ...tryRequestToWire(b),
  ...toWire(TRY_SESSION, { runs: b.runs?.map(observedRunToWire) }),
});
export function trySessionFromWire(json: unknown): TrySessionBody {
  const f = fromWire(TRY_SESSION, json);
  const out: TrySessionBody = tryRequestFromWire(json);
  if (Array.isArray(f.runs)) out.runs = f.runs.slice(0, MAX_SESSION_RUNS).map(observedRunFromWire);
  return out;
}

/** `POST …/try` reply: the tool run's fields (wire.ts) and `capability_profile: {declared, used, runs, summary, findings, risk, fixed_skill_md?}`. */
export const tryReplyToWire = (r: TryReply): WireJson => ({
  ...toolRunToWire(r),
  ...toWire(TRY_PROFILE, { capabilityProfile: r.capabilityProfile && capabilityProfileToWire(r.capabilityProfile) }),
});
export function tryReplyFromWire(json: unknown): TryReply {
  const f = fromWire(TRY_PROFILE, json);
  const out: TryReply = toolRunFromWire(json);
  if (f.capabilityProfile && typeof f.capabilityProfile === 'object') out.capabilityProfile = capabilityProfileFromWire(f.capabilityProfile);
  return out;
}
