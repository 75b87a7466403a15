// Pure JSON Schema helpers for native structured output: which parts of a
// schema a provider can express (open "map" objects are the usual problem),
// whether OpenAI's strict mode can be used, and the conversion of a JSON
// Schema into Gemini's OpenAPI-subset Schema. No I/O, no SDK imports.
import type { JsonSchema } from './types.js';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(node: Node): string[] {
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
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf',
  'description', 'title', '$defs', 'definitions', '$ref', '$schema',
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

/** Gemini's Schema (OpenAPI 3.0 subset) as sent on the wire. */
export interface GeminiSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  propertyOrdering?: string[];
  items?: GeminiSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: GeminiSchema[];
}

export interface GeminiSchemaResult {
  /** The converted schema; undefined when the root itself cannot be expressed. */
  schema: GeminiSchema | undefined;
  /** `path: keyword` for every JSON Schema keyword Gemini does not know and that was left out. */
  dropped: string[];
  /**
   * Paths whose content Gemini's schema cannot describe (open maps, free-form objects, arrays
   * without items, recursive references). A schema with any of these would make Gemini drop
   * that content, so the caller should not send it as `responseSchema`.
   */
  unrepresentable: string[];
}

const GEMINI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const GEMINI_FORMATS: Record<string, Set<string>> = {
  string: new Set(['date-time', 'enum']),
  number: new Set(['float', 'double']),
  integer: new Set(['int32', 'int64']),
};
// Keywords consumed by the conversion itself; anything else found on a node is reported as dropped.
const HANDLED = new Set([
  'type', 'format', 'description', 'nullable', 'enum', 'const', 'properties', 'required', 'items',
  'minItems', 'maxItems', 'anyOf', 'oneOf', 'allOf', '$ref', '$defs', 'definitions', 'additionalProperties',
]);

/**
 * Converts a JSON Schema into Gemini's `responseSchema` dialect: resolves local `$ref`s,
 * turns `["x", "null"]` / `anyOf [x, null]` into `nullable`, `const` into a one-value enum,
 * string enums into `format: "enum"`, keeps key order as `propertyOrdering` (so `message`
 * is generated before `skill`), and drops keywords Gemini refuses (`additionalProperties`,
 * `$schema`, `pattern`, `minLength`, …), listing each in `dropped`.
 */
export function toGeminiSchema(schema: JsonSchema): GeminiSchemaResult {
  const dropped: string[] = [];
  const unrepresentable: string[] = [];
  const root = schema as Node;

  const resolveRef = (ref: string): Node | undefined => {
    const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
    if (!m) return undefined;
    const defs = root[m[1]!];
    const name = m[2]!.replace(/~1/g, '/').replace(/~0/g, '~');
    return isNode(defs) && isNode(defs[name]) ? (defs[name] as Node) : undefined;
  };

  const convert = (node: unknown, path: string, refStack: string[]): GeminiSchema | undefined => {
    if (!isNode(node)) {
      unrepresentable.push(path);
      return undefined;
    }
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (refStack.includes(ref)) {
        unrepresentable.push(`${path} (recursive ${ref})`);
        return undefined;
      }
      const target = resolveRef(ref);
      if (!target) {
        unrepresentable.push(`${path} (unresolved ${ref})`);
        return undefined;
      }
      const { $ref: _r, ...siblings } = node;
      return convert({ ...target, ...siblings }, path, [...refStack, ref]);
    }

    for (const key of Object.keys(node)) {
      if (!HANDLED.has(key)) dropped.push(`${path}: ${key}`);
    }
    const description = typeof node.description === 'string' ? node.description : undefined;
    let nullable = node.nullable === true;

    // anyOf / oneOf: strip null members into `nullable`, collapse a single survivor.
    const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
    if (union) {
      const kind = Array.isArray(node.anyOf) ? 'anyOf' : 'oneOf';
      const members = union.filter((m) => !(isNode(m) && typesOf(m).length === 1 && typesOf(m)[0] === 'null'));
      if (members.length < union.length) nullable = true;
      if (members.length === 1) {
        const inner = convert(members[0], `${path}/${kind}/0`, refStack);
        if (!inner) return undefined;
        return withCommon(inner, description, nullable);
      }
      const converted = members.map((m, i) => convert(m, `${path}/${kind}/${i}`, refStack));
      if (converted.some((c) => c === undefined)) return undefined;
      return withCommon({ anyOf: converted as GeminiSchema[] }, description, nullable);
    }
    if (Array.isArray(node.allOf)) {
      if (node.allOf.length === 1) {
        const inner = convert(node.allOf[0], `${path}/allOf/0`, refStack);
        return inner ? withCommon(inner, description, nullable) : undefined;
      }
      unrepresentable.push(`${path} (allOf)`);
      return undefined;
    }

    let types = typesOf(node);
    if (types.includes('null')) {
      nullable = true;
      types = types.filter((t) => t !== 'null');
    }
    // Infer a missing type from the keywords present.
    if (types.length === 0) {
      if (node.const !== undefined || Array.isArray(node.enum)) types = ['string'];
      else if (isNode(node.properties) || node.additionalProperties !== undefined) types = ['object'];
      else if (node.items !== undefined) types = ['array'];
    }
    if (types.length !== 1 || !GEMINI_TYPES.has(types[0]!)) {
      if (types.length > 1) {
        // ["string", "number"] → anyOf of the scalar types
        const members = types.filter((t) => GEMINI_TYPES.has(t) && t !== 'object' && t !== 'array');
        if (members.length === types.length) {
          return withCommon({ anyOf: members.map((t) => ({ type: t as GeminiSchema['type'] })) }, description, nullable);
        }
      }
      unrepresentable.push(types.length === 0 ? `${path} (any JSON value: no type)` : `${path} (type ${JSON.stringify(node.type)})`);
      return undefined;
    }
    const type = types[0] as NonNullable<GeminiSchema['type']>;
    const out: GeminiSchema = { type };

    if (typeof node.format === 'string') {
      if (GEMINI_FORMATS[type]?.has(node.format)) out.format = node.format;
      else dropped.push(`${path}: format ${node.format}`);
    }

    const enumValues = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : undefined;
    if (enumValues) {
      if (type === 'string' && enumValues.every((v) => typeof v === 'string')) {
        out.enum = enumValues as string[];
        out.format = 'enum';
      } else {
        dropped.push(`${path}: ${node.const !== undefined ? 'const' : 'enum'} (only string enums are supported)`);
      }
    }

    if (type === 'object') {
      const props = isNode(node.properties) ? node.properties : {};
      const keys = Object.keys(props);
      if (node.additionalProperties !== undefined) dropped.push(`${path}: additionalProperties`);
      if (keys.length === 0) {
        unrepresentable.push(`${path} (object without properties)`);
        return undefined;
      }
      const properties: Record<string, GeminiSchema> = {};
      for (const key of keys) {
        const converted = convert(props[key], `${path}/properties/${key}`, refStack);
        if (converted) properties[key] = converted;
      }
      out.properties = properties;
      out.propertyOrdering = keys.filter((k) => k in properties);
      if (Array.isArray(node.required)) {
        const required = node.required.filter((r): r is string => typeof r === 'string' && r in properties);
        if (required.length > 0) out.required = required;
      }
    } else if (type === 'array') {
      if (!isNode(node.items)) {
        unrepresentable.push(`${path} (array without a single items schema)`);
        return undefined;
      }
      const items = convert(node.items, `${path}/items`, refStack);
      if (!items) return undefined;
      out.items = items;
      if (typeof node.minItems === 'number') out.minItems = node.minItems;
      if (typeof node.maxItems === 'number') out.maxItems = node.maxItems;
    }
    return withCommon(out, description, nullable);
  };

  const converted = convert(root, '#', []);
  return { schema: converted, dropped, unrepresentable };
}

function withCommon(schema: GeminiSchema, description: string | undefined, nullable: boolean): GeminiSchema {
  const out = { ...schema };
  if (description !== undefined && out.description === undefined) out.description = description;
  if (nullable) out.nullable = true;
  return out;
}
