// The input JSON Schema Forge's runtime gives the LLM for a skill tool
// (forge-core/tools InputSpecToSchema), computed only from the one-line
// `**Input:**` spec: parts split on commas outside parentheses, each part
// `name`, `name (type)` or `name (type, required)`; the first part is always
// required; types map through a small vocabulary and everything else is a
// string; no descriptions. An empty spec gives an open object schema. The
// rules themselves (type words, `required`, the first part, property keys)
// are forge-runtime's; this file applies them the way the runtime does.

import { goCompare, goTrim, goTrimRight, goTrimSpace } from '../forge-runtime/go-text.js';
import { isValidPropertyKey, REQUIRED_MARKER, runtimeJsonType, runtimeRequires, type RuntimeJsonType } from '../forge-runtime/input-spec.js';

export type { RuntimeJsonType };

export interface RuntimeInputSchema {
  type: 'object';
  properties: Record<string, { type: RuntimeJsonType }>;
  /** Present when at least one part is required; in part order, repeats kept (as the runtime writes it). */
  required?: string[];
  /** Only on the open schema of an empty spec. */
  additionalProperties?: true;
}

/** Splits on commas that are not inside parentheses (an unmatched `)` is ignored). */
export function splitSpecParts(spec: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i];
    if (c === '(') depth++;
    else if (c === ')') depth = depth > 0 ? depth - 1 : 0;
    else if (c === ',' && depth === 0) {
      parts.push(spec.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(spec.slice(start));
  return parts;
}

/** One parameter of a spec line as the runtime reads it. */
export interface RuntimeSpecPart {
  name: string;
  type: RuntimeJsonType;
  /** Required in the schema: written `required`, or the first part. */
  required: boolean;
  /** Whether the part itself says `required` (the first part is required either way). */
  markedRequired: boolean;
}

/** One part as the runtime reads it, or null for an empty part (or an empty name without parentheses). */
function readPart(raw: string, position: number): RuntimeSpecPart | null {
  const part = goTrimSpace(raw);
  if (part === '') return null;
  const paren = part.indexOf('(');
  const name = goTrim(goTrimSpace(paren < 0 ? part : part.slice(0, paren)), '`"\'');
  if (paren < 0) return name === '' ? null : { name, type: 'string', required: runtimeRequires(position, false), markedRequired: false };
  let typeText = goTrimSpace(goTrimRight(goTrimSpace(part.slice(paren + 1)), ')'));
  let marked = false;
  const at = typeText.indexOf(REQUIRED_MARKER);
  if (at >= 0) {
    marked = true;
    typeText = typeText.slice(0, at) + typeText.slice(at + REQUIRED_MARKER.length);
    typeText = goTrimSpace(goTrimRight(goTrimSpace(typeText), ','));
  }
  return { name, type: runtimeJsonType(typeText), required: runtimeRequires(position, marked), markedRequired: marked };
}

/** The parameters of a spec line in order, as the runtime reads them (empty parts skipped; they still count as the first). */
export function runtimeSpecParts(spec: string): RuntimeSpecPart[] {
  const text = goTrimSpace(spec);
  if (text === '') return [];
  const parts: RuntimeSpecPart[] = [];
  splitSpecParts(text).forEach((raw, i) => {
    const p = readPart(raw, i);
    if (p) parts.push(p);
  });
  return parts;
}

/** The schema the runtime computes for an `**Input:**` spec line (the text after the label). */
export function runtimeInputSchema(spec: string): RuntimeInputSchema {
  const text = goTrimSpace(spec);
  if (text === '') return { type: 'object', properties: {}, additionalProperties: true };
  const byName = new Map<string, RuntimeJsonType>();
  const required: string[] = [];
  for (const p of runtimeSpecParts(text)) {
    byName.set(p.name, p.type); // a repeated name: the last type wins, like a Go map
    if (p.required) required.push(p.name);
  }
  // Keys in the order encoding/json writes a map; `__proto__` is defined, not assigned, so it is a plain key (assigning the rest is cheaper).
  const properties: Record<string, { type: RuntimeJsonType }> = {};
  for (const key of [...byName.keys()].sort(goCompare)) {
    const value = { type: byName.get(key)! };
    if (key === '__proto__') Object.defineProperty(properties, key, { value, enumerable: true, writable: true, configurable: true });
    else properties[key] = value;
  }
  const schema: RuntimeInputSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

/** The property keys the providers reject (sorted as the runtime reports them); the runtime then skips the tool. */
export function invalidRuntimeKeys(schema: RuntimeInputSchema): string[] {
  const keys = Object.keys(schema.properties);
  if (keys.length === 0) return keys;
  return keys.filter((k) => !isValidPropertyKey(k)).sort(goCompare);
}
