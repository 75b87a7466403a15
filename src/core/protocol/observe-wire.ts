// The wire of what a tool run was seen doing (`observation` in a try reply):
// its field tables and mappers. The entries of `egress` ({host, port,
// verdict, reason?}), `programs` ({name, path, count}) and `files`
// ({path, area}) have one-word fields and travel as they are.

import type { ObservedFile, ObservedProgram, ObservedRequest, RunObservation } from '../tool-run/observation.js';
import { fields, type FieldTable } from './fields.js';

type WireJson = Record<string, unknown>;

/** The table's fields of `v` under their wire names (wire.ts's toWire, here so the two files do not import each other). */
function toWire(table: FieldTable, v: object): WireJson {
  const out: WireJson = {};
  for (const k in table) if ((v as WireJson)[k] !== undefined) out[table[k]!] = (v as WireJson)[k];
  return out;
}

function fromWire<T extends FieldTable>(table: T, json: unknown): Record<keyof T, unknown> {
  const j = typeof json === 'object' && json !== null ? (json as WireJson) : {};
  const out = {} as Record<keyof T, unknown>;
  for (const k in table) out[k] = j[table[k]!];
  return out;
}

/** `observation` of a try reply. */
export const OBSERVATION = /*#__PURE__*/ fields('egress', 'programs', 'files', 'mechanism', 'notObserved', 'truncated');

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export const observationToWire = (o: RunObservation): WireJson => toWire(OBSERVATION, o);

function requestFromWire(v: unknown): ObservedRequest {
  const r = rec(v);
  const out: ObservedRequest = { host: text(r.host), port: Number(r.port) || 0, verdict: r.verdict === 'allowed' ? 'allowed' : 'refused' };
  if (typeof r.reason === 'string') out.reason = r.reason;
  return out;
}

const programFromWire = (v: unknown): ObservedProgram => ({ name: text(rec(v).name), path: text(rec(v).path), count: Number(rec(v).count) || 0 });

function fileFromWire(v: unknown): ObservedFile {
  const area = rec(v).area;
  return { path: text(rec(v).path), area: area === 'copy' || area === 'home' || area === 'tmp' ? area : 'other' };
}

export function observationFromWire(json: unknown): RunObservation {
  const f = fromWire(OBSERVATION, json);
  const out: RunObservation = {
    egress: arr(f.egress).map(requestFromWire),
    programs: Array.isArray(f.programs) ? f.programs.map(programFromWire) : null,
    files: Array.isArray(f.files) ? f.files.map(fileFromWire) : null,
    mechanism: f.mechanism === 'strace' ? 'strace' : null,
  };
  if (typeof f.notObserved === 'string') out.notObserved = f.notObserved;
  if (f.truncated === true) out.truncated = true;
  return out;
}
