// What the tool printed, read against what its section promises: stdout
// parsed as JSON (scripts print JSON), and where that JSON disagrees
// with the tool's Output — a JSON Schema is checked with @cfworker/json-schema;
// an example value (the other form an Output block takes) is turned into a
// lenient schema of its types (no required keys, extra keys allowed).

import { Validator, type Schema } from '@cfworker/json-schema';
import { isPlainObject } from '../../core/plain-object.js';
import type { ToolSection } from '../../core/skillmd/types.js';
import type { OutputDiagnostic } from './types.js';

const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** True when an Output JSON value reads as a JSON Schema rather than an example of the output. */
export function looksLikeSchema(v: unknown): v is Record<string, unknown> {
  if (!isPlainObject(v)) return false;
  if ('$schema' in v) return true;
  const t = v['type'];
  if (typeof t === 'string') return JSON_TYPES.has(t);
  if (Array.isArray(t)) return t.length > 0 && t.every((x) => typeof x === 'string' && JSON_TYPES.has(x));
  const p = v['properties'];
  return (
    isPlainObject(p) &&
    Object.values(p).every(isPlainObject) &&
    Object.keys(v).every((k) => ['properties', 'required', 'additionalProperties', 'description', 'title'].includes(k))
  );
}

/** A schema that accepts values of the same types as `example`. */
export function schemaFromExample(example: unknown): Schema {
  if (example === null) return { type: 'null' };
  if (Array.isArray(example)) return example.length > 0 ? { type: 'array', items: schemaFromExample(example[0]) } : { type: 'array' };
  if (isPlainObject(example)) {
    const properties: Record<string, Schema> = {};
    for (const [k, v] of Object.entries(example)) properties[k] = schemaFromExample(v);
    return { type: 'object', properties };
  }
  return { type: typeof example === 'number' ? 'number' : (typeof example as 'string' | 'boolean') };
}

// Errors that only say "a child failed" repeat what the child's own error says.
const SUMMARY_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'additionalItems', 'allOf', 'patternProperties', '$ref']);

export function checkOutput(stdout: string, tool: ToolSection): { json: unknown; diagnostics: OutputDiagnostic[] } {
  const text = stdout.trim();
  const out = tool.output;
  const expectsJson = out === null || out.kind === 'json';
  if (text === '')
    return { json: null, diagnostics: expectsJson ? [{ path: '', message: 'the script printed nothing; tools print their result as JSON' }] : [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { json: null, diagnostics: expectsJson ? [{ path: '', message: `stdout is not JSON (${why})` }] : [] };
  }
  if (out?.kind !== 'json') return { json, diagnostics: [] };
  const schema = looksLikeSchema(out.value) ? (out.value as Schema) : schemaFromExample(out.value);
  const diagnostics: OutputDiagnostic[] = [];
  try {
    const result = new Validator(schema, '2020-12', false).validate(json);
    for (const e of result.errors) {
      if (SUMMARY_KEYWORDS.has(e.keyword)) continue;
      diagnostics.push({ path: e.instanceLocation.replace(/^#/, ''), message: e.error });
    }
  } catch (err) {
    diagnostics.push({ path: '', message: `the Output schema could not be used: ${err instanceof Error ? err.message : String(err)}` });
  }
  return { json, diagnostics };
}
