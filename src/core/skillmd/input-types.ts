// The Input-type vocabulary of a SKILL.md: every spelling an author may write
// in a tool's **Input** (`string[]`, `integer: 1-7`, `enum(a, b)`, ...) and
// the JSON Schema fragment it means (documented in docs/build-artifacts.md;
// richer than the runtime's own few words, which forge-runtime owns). Pure;
// the compiler's spec line and the build's input schema both read it.

import { trimOf } from '../trim-run.js';

/** A JSON Schema fragment (the subset this module writes). */
export interface JsonSchemaNode {
  type?: string | string[];
  description?: string;
  enum?: Array<string | number>;
  default?: string | number | boolean;
  items?: JsonSchemaNode;
  format?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
}

/**
 * Every Input type spelling we understand, by the JSON Schema it maps to.
 * Matching is case-insensitive and ignores surrounding backticks.
 */
export const INPUT_TYPE_ALIASES: Readonly<Record<string, JsonSchemaNode>> = Object.freeze({
  string: { type: 'string' },
  str: { type: 'string' },
  text: { type: 'string' },
  char: { type: 'string' },
  path: { type: 'string' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  'date-time': { type: 'string', format: 'date-time' },
  timestamp: { type: 'string', format: 'date-time' },
  url: { type: 'string', format: 'uri' },
  uri: { type: 'string', format: 'uri' },
  email: { type: 'string', format: 'email' },
  integer: { type: 'integer' },
  int: { type: 'integer' },
  int32: { type: 'integer' },
  int64: { type: 'integer' },
  long: { type: 'integer' },
  uint: { type: 'integer' },
  number: { type: 'number' },
  num: { type: 'number' },
  float: { type: 'number' },
  float64: { type: 'number' },
  double: { type: 'number' },
  decimal: { type: 'number' },
  boolean: { type: 'boolean' },
  bool: { type: 'boolean' },
  array: { type: 'array', items: {} },
  list: { type: 'array', items: {} },
  object: { type: 'object' },
  dict: { type: 'object' },
  map: { type: 'object' },
  record: { type: 'object' },
  json: { type: 'object' },
  any: {},
});

/** Type names that make `a|b` a union of types rather than an enum of values. */
const JSON_TYPE_NAMES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);
const RANGE_RE = /^(-?\d+(?:\.\d+)?)\s*(?:-|–|\.\.)\s*(-?\d+(?:\.\d+)?)$/;

export interface MappedType {
  schema: JsonSchemaNode;
  /** Text of the type cell that is not a type (`integer: 1-7` → nothing; `string: city name` → `city name`). */
  note: string;
  /** False when the spelling is not in the vocabulary (the schema then falls back to string). */
  known: boolean;
}

/** A deep copy of a schema of the alias table (plain objects, arrays and scalars). */
function cloneSchema(node: JsonSchemaNode): JsonSchemaNode {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    const v = (node as Record<string, unknown>)[key];
    out[key] = Array.isArray(v)
      ? v.map((x: unknown) => (x !== null && typeof x === 'object' ? cloneSchema(x as JsonSchemaNode) : x))
      : v !== null && typeof v === 'object'
        ? cloneSchema(v as JsonSchemaNode)
        : v;
  }
  return out as JsonSchemaNode;
}

function clean(s: string): string {
  return trimOf(s.trim(), '`').trim();
}

function unquote(s: string): string {
  const t = clean(s);
  const m = /^(["'])(.*)\1$/.exec(t);
  return m ? m[2]! : t;
}

const LINE_BREAK_RE = /[\n\r\u2028\u2029]/;

/**
 * The text between the brackets of `array<x>`-style spellings, without the
 * spaces around it, as the old `\s*(.+?)\s*` read it (all spaces: the last
 * one; a line break inside: no match). A greedy capture trimmed in code: the
 * lazy capture between two `\s*` backtracked quadratically on long runs of spaces.
 */
function bracketed(inner: string | undefined, allowEmpty = false): string | undefined {
  if (inner === undefined) return undefined;
  const t = inner.trim();
  if (t === '' && !allowEmpty) return [...inner].reverse().find((c) => !LINE_BREAK_RE.test(c));
  return LINE_BREAK_RE.test(t) ? undefined : t;
}

/** `default: x` / `default = x` / `default x` → `x`; null when the piece is not a default (as `/^default\s*[:=]?\s*(.+)$/i` read it). */
function defaultValue(piece: string): string | null {
  const m = /^default([\s\S]+)$/i.exec(piece);
  if (!m) return null;
  let v = m[1]!.trimStart();
  if (v.startsWith(':') || v.startsWith('=')) v = v.slice(1).trimStart() || v[0]!;
  if (v === '') v = m[1]!.slice(-1);
  return LINE_BREAK_RE.test(v) ? null : v;
}

/** Splits `a|b|c` (or `a | b`) into trimmed, unquoted values; null when there is no `|`. */
function alternatives(s: string): string[] | null {
  if (!s.includes('|')) return null;
  const parts = s
    .split('|')
    .map(unquote)
    .filter((p) => p.length > 0);
  return parts.length >= 2 ? parts : null;
}

function enumNode(values: string[]): JsonSchemaNode {
  const unique = [...new Set(values)];
  if (unique.every((v) => /^-?\d+$/.test(v))) return { type: 'integer', enum: unique.map(Number) };
  return { type: 'string', enum: unique };
}

/** Maps a bare type word, an array spelling or a union/enum; null when not recognised. */
function mapCore(raw: string): JsonSchemaNode | null {
  const t = clean(raw).toLowerCase();
  // An own entry only (`constructor` is no type), copied so callers may change it (structuredClone was a tenth of validate's own time).
  if (Object.hasOwn(INPUT_TYPE_ALIASES, t)) return cloneSchema(INPUT_TYPE_ALIASES[t]!);
  // string[] · []string
  let item = (/^(.+)\[\]$/.exec(t) ?? /^\[\](.+)$/.exec(t))?.[1];
  // array<string> · list[string] · array of strings
  item ??= bracketed(/^(?:array|list)\s*[<[(]([\s\S]+)[>\])]$/.exec(t)?.[1]);
  item ??= /^(?:array|list) of (.+?)s?$/.exec(t)?.[1];
  if (item !== undefined) {
    const inner = mapCore(item) ?? mapCore(item.replace(/s$/, ''));
    return inner ? { type: 'array', items: inner } : null;
  }
  // enum(a, b) · enum[a|b]
  const e = bracketed(/^enum\s*[([]([\s\S]*)[)\]]$/.exec(clean(raw))?.[1], true);
  if (e !== undefined) {
    const values = (alternatives(e) ?? e.split(',')).map(unquote).filter((v) => v.length > 0);
    return values.length > 0 ? enumNode(values) : null;
  }
  // string | null (every alternative an unquoted JSON type name) · json|text · "a" | "b" (an enum)
  const alts = alternatives(clean(raw));
  if (alts) {
    const bare = clean(raw)
      .split('|')
      .map((a) => clean(a).toLowerCase());
    if (bare.every((a) => JSON_TYPE_NAMES.has(a))) return { type: [...new Set(bare)] };
    return enumNode(alts);
  }
  return null;
}

/**
 * Maps one Input type cell to a JSON Schema fragment. Understands the words in
 * {@link INPUT_TYPE_ALIASES}; `T[]`, `[]T`, `array<T>`, `list[T]`; `a|b|c`
 * and `enum(a, b)` (string enums, integer when every value is a number);
 * a trailing `?` or `, optional`; and after `type:` (or in `detail`, the
 * inline form's `(type: detail)`) comma-separated details: `a|b` (enum),
 * `1-7` (range), `default: x`, `min: n`, `max: n`. Details that are none of
 * these are returned as `note`. An unknown spelling becomes `{type: 'string'}`
 * with `known: false`.
 */
export function mapInputType(typeCell: string, detail?: string): MappedType {
  const t = clean(typeCell)
    .replace(/\?$/, '')
    .replace(/,\s*(optional|required)\s*$/i, '')
    .trim();
  const details: string[] = [];
  // `string: a|b`, `integer: 1-7`, `string: city name` — a type, then a detail.
  const colon = t.indexOf(':');
  let direct = colon > 0 ? mapCore(t.slice(0, colon)) : null;
  if (direct) {
    details.push(t.slice(colon + 1).trim());
  } else {
    direct = t.length > 0 ? mapCore(t) : null;
  }
  if (detail && detail.trim()) details.push(detail.trim());
  if (!direct) return { schema: { type: 'string' }, note: '', known: false };
  const note = details.length > 0 ? applyDetails(direct, details.join(', ')) : '';
  return { schema: direct, note, known: true };
}

const NUMBER_RE = /^-?\d+(?:\.\d+)?$/;

/** Folds `a|b`, `1-7`, `default: x`, `min: n`, `max: n` into `schema`; returns the rest of the text. */
function applyDetails(schema: JsonSchemaNode, text: string): string {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const scalar = numeric || schema.type === 'string';
  const rest: string[] = [];
  for (const raw of text.split(',')) {
    const piece = raw.trim();
    if (!piece) continue;
    const alts = alternatives(piece);
    const range = RANGE_RE.exec(piece);
    const bound = /^(min|minimum|max|maximum)\s*(?:[:=]\s*)?(-?\d+(?:\.\d+)?)$/i.exec(piece);
    const dflt = defaultValue(piece);
    if (alts && scalar && (!numeric || alts.every((a) => NUMBER_RE.test(a)))) {
      schema.enum = numeric ? [...new Set(alts.map(Number))] : [...new Set(alts)];
    } else if (range && numeric && !schema.enum) {
      schema.minimum = Number(range[1]);
      schema.maximum = Number(range[2]);
    } else if (bound && numeric) {
      if (/^min/i.test(bound[1]!)) schema.minimum = Number(bound[2]);
      else schema.maximum = Number(bound[2]);
    } else if (dflt !== null && typedDefault(schema, unquote(dflt)) !== undefined) {
      schema.default = typedDefault(schema, unquote(dflt));
    } else {
      rest.push(piece);
    }
  }
  return rest.join(', ');
}

/** A default value of the schema's type, or undefined when the text is not one. */
function typedDefault(schema: JsonSchemaNode, text: string): string | number | boolean | undefined {
  if (schema.type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : undefined;
  if (schema.type === 'number') return NUMBER_RE.test(text) ? Number(text) : undefined;
  if (schema.type === 'boolean') return /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : undefined;
  if (schema.type === 'string') return schema.enum && !schema.enum.includes(text) ? undefined : text;
  return undefined;
}
