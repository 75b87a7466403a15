// The one-line `**Input:**` spec the compiler (and `validate --fix`) writes so
// Forge's runtime sees every parameter: `name (type, required), name (type)`,
// required parameters first (the runtime makes the first one required
// whatever it says), each type written as the JSON Schema word our type
// vocabulary maps it to (`string[]` → `array`), since the runtime knows only a
// few words and reads every other one as a string.

import { mapInputType } from './input-types.js';
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
