// Pure JSON Schema helpers for native structured output: which parts of a
// schema a provider can express (open "map" objects are the usual problem),
// whether OpenAI's strict mode can be used, and dropping the dialect marker.
// The conversion into Gemini's schema dialect is in gemini-schema.ts. No I/O,
// no SDK imports.
import type { JsonSchema } from './types.js';

/** One JSON Schema node as read from the wire: a plain object. */
export type SchemaNode = Record<string, unknown>;
type Node = SchemaNode;

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node's `type` as a list (`"x"` → `["x"]`, `["x", "null"]` as is, none → `[]`). */
export function typesOf(node: Node): string[] {
  const t = node.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

function isObjectNode(node: Node): boolean {
  return typesOf(node).includes('object') || (node.type === undefined && (isNode(node.properties) || node.additionalProperties !== undefined));
}

/** Calls `visit(node, path)` for every subschema reachable through the usual keywords. */
function walk(node: unknown, path: string, visit: (node: Node, path: string) => void): void {
  if (!isNode(node)) return;
  visit(node, path);
  if (isNode(node.properties)) for (const [k, v] of Object.entries(node.properties)) walk(v, `${path}/properties/${k}`, visit);
  if (isNode(node.additionalProperties)) walk(node.additionalProperties, `${path}/additionalProperties`, visit);
  if (isNode(node.items)) walk(node.items, `${path}/items`, visit);
  if (Array.isArray(node.items)) node.items.forEach((v, i) => walk(v, `${path}/items/${i}`, visit));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((v, i) => walk(v, `${path}/${key}/${i}`, visit));
  }
  for (const key of ['$defs', 'definitions'] as const) {
    const defs = node[key];
    if (isNode(defs)) for (const [k, v] of Object.entries(defs)) walk(v, `${path}/${key}/${k}`, visit);
  }
}

/**
 * Paths of objects whose keys are open — a map such as `{filename: content}`, a free-form
 * object, or `patternProperties`. Providers that require closed objects (Anthropic, Gemini,
 * OpenAI strict) cannot constrain such a value without losing its content.
 */
export function findOpenObjects(schema: JsonSchema): string[] {
  const found: string[] = [];
  walk(schema, '#', (node, path) => {
    if (!isObjectNode(node)) return;
    const hasProps = isNode(node.properties) && Object.keys(node.properties).length > 0;
    const ap = node.additionalProperties;
    const open = ap === true || isNode(ap) || isNode(node.patternProperties) || (!hasProps && ap !== false);
    if (open) found.push(path);
  });
  return found;
}

const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  'title',
  '$defs',
  'definitions',
  '$ref',
  '$schema',
]);

/**
 * True when OpenAI's `strict: true` accepts the schema: every object closed
 * (`additionalProperties: false`) with every property required, and only keywords
 * strict mode supports. Anything else is sent non-strict, which OpenAI accepts.
 */
export function isOpenAiStrictCompatible(schema: JsonSchema): boolean {
  let ok = true;
  walk(schema, '#', (node) => {
    for (const key of Object.keys(node)) if (!STRICT_KEYWORDS.has(key)) ok = false;
    if (isObjectNode(node)) {
      if (node.additionalProperties !== false) ok = false;
      const props = isNode(node.properties) ? Object.keys(node.properties) : [];
      const required = Array.isArray(node.required) ? node.required : [];
      if (props.some((p) => !required.includes(p))) ok = false;
    }
  });
  return ok;
}

/** A copy without the root `$schema` dialect marker, which some endpoints refuse. */
export function withoutDialect(schema: JsonSchema): JsonSchema {
  if (!('$schema' in schema)) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
