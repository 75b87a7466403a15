// A skill's save history on the wire and on disk: a version record
// (`{id, created, summary, risk_score?, risk_level?, evals?: {with_skill,
// without_skill?, delta?, runs, when}, files: [{path, sha256, size}]}`, also the `versions/<id>.json` file of the history folder), the
// history reply, a diff between two versions, the rollback body `{to}` and
// the `skill.provenance.json` of an exported package. Plain mappers, no zod,
// so the elements' history view can load them.

import type * as T from '../api/types.js';
import { fields } from './fields.js';
import { compact, fromWire, list, str, toWire, type WireJson, num, optNum, optStr } from './wire.js';

export const SKILL_VERSION = /*#__PURE__*/ fields('id', 'created', 'summary', 'riskScore', 'riskLevel', 'evals', 'files');
export const EVAL_SUMMARY_FIELDS = /*#__PURE__*/ fields('withSkill', 'withoutSkill', 'delta', 'runs', 'when');
export const VERSION_FILE = /*#__PURE__*/ fields('path', 'sha256', 'size');
export const SKILL_HISTORY = /*#__PURE__*/ fields('name', 'keep', 'versions');
export const VERSION_DIFF = /*#__PURE__*/ fields('from', 'to', 'files');
export const VERSION_DIFF_FILE = /*#__PURE__*/ fields('path', 'status', 'added', 'removed', 'binary', 'patch');
export const ROLLBACK_REQUEST = /*#__PURE__*/ fields('to');
export const SKILL_PROVENANCE_FIELDS = /*#__PURE__*/ fields('versionId', 'created', 'builder', 'riskScore', 'riskLevel', 'evalSummary', 'evals');

const evalsToWire = (e: T.SkillEvalSummary | undefined): WireJson | undefined => e && toWire(EVAL_SUMMARY_FIELDS, e);
function evalsFromWire(json: unknown): T.SkillEvalSummary | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const f = fromWire(EVAL_SUMMARY_FIELDS, json);
  return compact({ withSkill: num(f.withSkill), withoutSkill: optNum(f.withoutSkill), delta: optNum(f.delta), runs: num(f.runs), when: str(f.when) });
}

export const skillVersionToWire = (v: T.SkillVersion): WireJson =>
  toWire(SKILL_VERSION, { ...v, evals: evalsToWire(v.evals), files: v.files.map((f) => toWire(VERSION_FILE, f)) });

export function skillVersionFromWire(json: unknown): T.SkillVersion {
  const f = fromWire(SKILL_VERSION, json);
  return compact({
    id: str(f.id),
    created: str(f.created),
    summary: str(f.summary),
    riskScore: optNum(f.riskScore),
    riskLevel: optStr(f.riskLevel),
    evals: evalsFromWire(f.evals),
    files: list(f.files).map((x) => {
      const g = fromWire(VERSION_FILE, x);
      return { path: str(g.path), sha256: str(g.sha256), size: num(g.size) };
    }),
  });
}

export const skillHistoryToWire = (h: T.SkillHistory): WireJson => toWire(SKILL_HISTORY, { ...h, versions: h.versions.map(skillVersionToWire) });
export function skillHistoryFromWire(json: unknown): T.SkillHistory {
  const f = fromWire(SKILL_HISTORY, json);
  return { name: str(f.name), keep: num(f.keep), versions: list(f.versions).map(skillVersionFromWire) };
}

const STATUSES: ReadonlyArray<T.SkillVersionDiffFile['status']> = ['added', 'removed', 'changed'];

export const versionDiffToWire = (d: T.SkillVersionDiff): WireJson => toWire(VERSION_DIFF, { ...d, files: d.files.map((x) => toWire(VERSION_DIFF_FILE, x)) });
export function versionDiffFromWire(json: unknown): T.SkillVersionDiff {
  const f = fromWire(VERSION_DIFF, json);
  return {
    from: str(f.from),
    to: str(f.to),
    files: list(f.files).map((x) => {
      const g = fromWire(VERSION_DIFF_FILE, x);
      return {
        path: str(g.path),
        status: STATUSES.find((s) => s === g.status) ?? 'changed',
        added: num(g.added),
        removed: num(g.removed),
        binary: g.binary === true,
        patch: str(g.patch),
      };
    }),
  };
}

export const rollbackRequestToWire = (r: { to: string }): WireJson => toWire(ROLLBACK_REQUEST, r);
export const rollbackRequestFromWire = (json: unknown): { to: string } => ({ to: str(fromWire(ROLLBACK_REQUEST, json).to) });

export const provenanceToWire = (p: T.SkillProvenance): WireJson => toWire(SKILL_PROVENANCE_FIELDS, { ...p, evals: evalsToWire(p.evals) });
export function provenanceFromWire(json: unknown): T.SkillProvenance {
  const f = fromWire(SKILL_PROVENANCE_FIELDS, json);
  return compact({
    versionId: str(f.versionId),
    created: str(f.created),
    builder: str(f.builder),
    riskScore: num(f.riskScore),
    riskLevel: str(f.riskLevel),
    evalSummary: optStr(f.evalSummary),
    evals: evalsFromWire(f.evals),
  });
}
