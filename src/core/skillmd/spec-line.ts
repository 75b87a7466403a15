// The one-line texts the compiler (and `validate --fix`) writes for Forge's
// runtime, which keeps only the text on a label's own line:
// - the `**Input:**` spec, so the runtime sees every parameter:
//   `name (type, required), name (type)`, required parameters first (the
//   runtime makes the first one required whatever it says), each type written
//   as the JSON Schema word our type vocabulary maps it to (`string[]` →
//   `array`), since the runtime knows only a few words and reads every other
//   one as a string;
// - the `**Output:**` summary before a tool's JSON output block (a label
//   followed by a code block alone gives the runtime nothing), generated from
//   the JSON (a JSON Schema or an example value).

import { mapInputType } from './input-types.js';
import { isPlainObject } from '../plain-object.js';
import { foldLineBreaks } from '../trim-run.js';

export type SpecTypeWord = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export interface SpecLineParam {
  name: string;
  type: string;
  required: boolean;
}

const WORDS = new Set<string>(['string', 'integer', 'number', 'boolean', 'array', 'object']);

/** The type word to write for an author's type (`string[]` → `array`, `int` → `integer`); unknown or union types are `string`. */
export function specTypeWord(type: string): SpecTypeWord {
  const t = mapInputType(type).schema.type;
  return typeof t === 'string' && WORDS.has(t) ? (t as SpecTypeWord) : 'string';
}

/** Required parameters first, each group in the given order. */
export function specLineOrder<T extends SpecLineParam>(params: readonly T[]): T[] {
  return [...params.filter((p) => p.required), ...params.filter((p) => !p.required)];
}

/** `a (string, required), b (integer)` — the text after `**Input:** `; empty for no parameters. */
export function inputSpecLine(params: readonly SpecLineParam[]): string {
  return specLineOrder(params)
    .map((p) => `${foldLineBreaks(p.name).trim()} (${specTypeWord(p.type)}${p.required ? ', required' : ''})`)
    .join(', ');
}

// ------------------------------------------------------------ output summary

const MAX_FIELDS = 8;

function fieldList(keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_FIELDS).map((k) => foldLineBreaks(k).trim() || '""');
  const more = keys.length > MAX_FIELDS ? `, and ${keys.length - MAX_FIELDS} more` : '';
  return `${shown.join(', ')}${more}`;
}

function isSchema(v: Record<string, unknown>): boolean {
  return typeof v['type'] === 'string' && (v['type'] !== 'object' || isPlainObject(v['properties']) || Object.keys(v).length === 1);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    return isPlainObject(first) && Object.keys(first).length > 0 ? `A JSON array of objects with ${fieldList(Object.keys(first))}` : 'A JSON array';
  }
  if (isPlainObject(value)) {
    if (isSchema(value)) {
      const props = value['properties'];
      if (value['type'] === 'array') {
        const items = value['items'];
        const ip = isPlainObject(items) ? items['properties'] : undefined;
        return isPlainObject(ip) && Object.keys(ip).length > 0 ? `A JSON array of objects with ${fieldList(Object.keys(ip))}` : 'A JSON array';
      }
      if (isPlainObject(props) && Object.keys(props).length > 0) return `A JSON object with ${fieldList(Object.keys(props))}`;
      return `A JSON ${String(value['type'])}`;
    }
    const keys = Object.keys(value);
    return keys.length > 0 ? `A JSON object with ${fieldList(keys)}` : 'A JSON object';
  }
  if (value === null) return 'JSON null';
  return `A JSON ${typeof value}`;
}

/** `A JSON object with status, files` — always one line, never empty. */
export function outputSummary(value: unknown): string {
  return `${describe(value)} (shape below).`;
}
