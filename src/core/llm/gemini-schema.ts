// Converts a JSON Schema into Gemini's `responseSchema` dialect (an OpenAPI 3.0
// subset): one small step per JSON Schema construct ($ref, unions, allOf, the
// type keyword) and one converter per Gemini type, all writing what they leave
// out into one shared record. Pure; no SDK imports.
import { isNode, typesOf, type SchemaNode } from './json-schema.js';
import type { JsonSchema } from './types.js';

type GeminiType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

/** Gemini's Schema (OpenAPI 3.0 subset) as sent on the wire. */
export interface GeminiSchema {
  type?: GeminiType;
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

const GEMINI_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const GEMINI_FORMATS: Record<string, Set<string>> = {
  string: new Set(['date-time', 'enum']),
  number: new Set(['float', 'double']),
  integer: new Set(['int32', 'int64']),
};
// Keywords consumed by the conversion itself; anything else found on a node is reported as dropped.
const HANDLED = new Set([
  'type',
  'format',
  'description',
  'nullable',
  'enum',
  'const',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'additionalProperties',
]);

/** The state of one conversion: the root (for `$ref`s) and what was left out so far. */
interface Conversion {
  root: SchemaNode;
  dropped: string[];
  unrepresentable: string[];
}

/** Where a node sits: its JSON pointer-like path and the `$ref`s being expanded above it. */
interface At {
  path: string;
  refs: readonly string[];
}

/** The annotations every converted node carries over. */
interface Common {
  description: string | undefined;
  nullable: boolean;
}

/**
 * Converts a JSON Schema into Gemini's `responseSchema` dialect: resolves local `$ref`s,
 * turns `["x", "null"]` / `anyOf [x, null]` into `nullable`, `const` into a one-value enum,
 * string enums into `format: "enum"`, keeps key order as `propertyOrdering` (so `message`
 * is generated before `skill`), and drops keywords Gemini refuses (`additionalProperties`,
 * `$schema`, `pattern`, `minLength`, …), listing each in `dropped`.
 */
export function toGeminiSchema(schema: JsonSchema): GeminiSchemaResult {
  const cx: Conversion = { root: schema as SchemaNode, dropped: [], unrepresentable: [] };
  const converted = convertNode(cx, cx.root, { path: '#', refs: [] });
  return { schema: converted, dropped: cx.dropped, unrepresentable: cx.unrepresentable };
}

function convertNode(cx: Conversion, node: unknown, at: At): GeminiSchema | undefined {
  if (!isNode(node)) return cannotExpress(cx, at.path);
  if (typeof node.$ref === 'string') return convertRef(cx, node, node.$ref, at);
  for (const key of Object.keys(node)) if (!HANDLED.has(key)) cx.dropped.push(`${at.path}: ${key}`);
  const common: Common = { description: typeof node.description === 'string' ? node.description : undefined, nullable: node.nullable === true };
  if (Array.isArray(node.anyOf)) return convertUnion(cx, node.anyOf, 'anyOf', common, at);
  if (Array.isArray(node.oneOf)) return convertUnion(cx, node.oneOf, 'oneOf', common, at);
  if (Array.isArray(node.allOf)) return convertAllOf(cx, node.allOf, common, at);
  return convertTyped(cx, node, common, at);
}

function cannotExpress(cx: Conversion, what: string): undefined {
  cx.unrepresentable.push(what);
  return undefined;
}

function withCommon(schema: GeminiSchema, common: Common): GeminiSchema {
  const out = { ...schema };
  if (common.description !== undefined && out.description === undefined) out.description = common.description;
  if (common.nullable) out.nullable = true;
  return out;
}

function resolveRef(root: SchemaNode, ref: string): SchemaNode | undefined {
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!m) return undefined;
  const defs = root[m[1]!];
  const name = m[2]!.replace(/~1/g, '/').replace(/~0/g, '~');
  return isNode(defs) && isNode(defs[name]) ? (defs[name] as SchemaNode) : undefined;
}

/** `$ref`: the target with the referring node's siblings on top; a recursive or unknown reference cannot be expressed. */
function convertRef(cx: Conversion, node: SchemaNode, ref: string, at: At): GeminiSchema | undefined {
  if (at.refs.includes(ref)) return cannotExpress(cx, `${at.path} (recursive ${ref})`);
  const target = resolveRef(cx.root, ref);
  if (!target) return cannotExpress(cx, `${at.path} (unresolved ${ref})`);
  const { $ref: _ref, ...siblings } = node;
  return convertNode(cx, { ...target, ...siblings }, { path: at.path, refs: [...at.refs, ref] });
}

function isNullSchema(member: unknown): boolean {
  if (!isNode(member)) return false;
  const types = typesOf(member);
  return types.length === 1 && types[0] === 'null';
}

/** anyOf / oneOf: null members become `nullable`, a single survivor stands alone. */
function convertUnion(cx: Conversion, union: unknown[], kind: 'anyOf' | 'oneOf', common: Common, at: At): GeminiSchema | undefined {
  const members = union.filter((m) => !isNullSchema(m));
  const annotations = { ...common, nullable: common.nullable || members.length < union.length };
  const converted = members.map((m, i) => convertNode(cx, m, { path: `${at.path}/${kind}/${i}`, refs: at.refs }));
  if (converted.some((c) => c === undefined)) return undefined;
  const schemas = converted as GeminiSchema[];
  return withCommon(schemas.length === 1 ? schemas[0]! : { anyOf: schemas }, annotations);
}

/** allOf: only a single member can be expressed (Gemini has no intersection). */
function convertAllOf(cx: Conversion, allOf: unknown[], common: Common, at: At): GeminiSchema | undefined {
  if (allOf.length !== 1) return cannotExpress(cx, `${at.path} (allOf)`);
  const inner = convertNode(cx, allOf[0], { path: `${at.path}/allOf/0`, refs: at.refs });
  return inner && withCommon(inner, common);
}

/** The `type` list without `null` (which means nullable), or the type the other keywords imply. */
function declaredTypes(node: SchemaNode): { types: string[]; nullable: boolean } {
  const listed = typesOf(node);
  const types = listed.filter((t) => t !== 'null');
  if (types.length > 0) return { types, nullable: types.length < listed.length };
  const nullable = listed.length > 0;
  if (node.const !== undefined || Array.isArray(node.enum)) return { types: ['string'], nullable };
  if (isNode(node.properties) || node.additionalProperties !== undefined) return { types: ['object'], nullable };
  if (node.items !== undefined) return { types: ['array'], nullable };
  return { types: [], nullable };
}

/** A node with a `type` (given or implied): one Gemini type goes to its converter; `["string", "number"]` becomes an anyOf of scalars. */
function convertTyped(cx: Conversion, node: SchemaNode, common: Common, at: At): GeminiSchema | undefined {
  const { types, nullable } = declaredTypes(node);
  const annotations = { ...common, nullable: common.nullable || nullable };
  const [only] = types;
  if (types.length === 1 && only !== undefined && GEMINI_TYPES.has(only)) {
    const type = only as GeminiType;
    const out: GeminiSchema = { type };
    convertFormat(cx, node, out, at);
    convertEnum(cx, node, out, at);
    const done = CONVERTERS[type](cx, node, out, at);
    return done && withCommon(done, annotations);
  }
  const scalars = types.filter((t) => GEMINI_TYPES.has(t) && t !== 'object' && t !== 'array');
  if (types.length > 1 && scalars.length === types.length) return withCommon({ anyOf: scalars.map((t) => ({ type: t as GeminiType })) }, annotations);
  return cannotExpress(cx, types.length === 0 ? `${at.path} (any JSON value: no type)` : `${at.path} (type ${JSON.stringify(node.type)})`);
}

function convertFormat(cx: Conversion, node: SchemaNode, out: GeminiSchema, at: At): void {
  if (typeof node.format !== 'string') return;
  if (GEMINI_FORMATS[out.type!]?.has(node.format)) out.format = node.format;
  else cx.dropped.push(`${at.path}: format ${node.format}`);
}

/** `enum` / `const`: Gemini takes string enums only, marked `format: "enum"`. */
function convertEnum(cx: Conversion, node: SchemaNode, out: GeminiSchema, at: At): void {
  const values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : undefined;
  if (!values) return;
  if (out.type === 'string' && values.every((v) => typeof v === 'string')) {
    out.enum = values as string[];
    out.format = 'enum';
  } else {
    cx.dropped.push(`${at.path}: ${node.const !== undefined ? 'const' : 'enum'} (only string enums are supported)`);
  }
}

type Converter = (cx: Conversion, node: SchemaNode, out: GeminiSchema, at: At) => GeminiSchema | undefined;

const scalar: Converter = (_cx, _node, out) => out;

/** object: closed, with its properties in their original order; an open map cannot be expressed. */
const convertObject: Converter = (cx, node, out, at) => {
  const props = isNode(node.properties) ? node.properties : {};
  const keys = Object.keys(props);
  if (node.additionalProperties !== undefined) cx.dropped.push(`${at.path}: additionalProperties`);
  if (keys.length === 0) return cannotExpress(cx, `${at.path} (object without properties)`);
  const properties: Record<string, GeminiSchema> = {};
  for (const key of keys) {
    const converted = convertNode(cx, props[key], { path: `${at.path}/properties/${key}`, refs: at.refs });
    if (converted) properties[key] = converted;
  }
  out.properties = properties;
  out.propertyOrdering = keys.filter((k) => k in properties);
  const required = Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === 'string' && r in properties) : [];
  if (required.length > 0) out.required = required;
  return out;
};

/** array: one `items` schema (tuples cannot be expressed) and the item count bounds. */
const convertArray: Converter = (cx, node, out, at) => {
  if (!isNode(node.items)) return cannotExpress(cx, `${at.path} (array without a single items schema)`);
  const items = convertNode(cx, node.items, { path: `${at.path}/items`, refs: at.refs });
  if (!items) return undefined;
  out.items = items;
  if (typeof node.minItems === 'number') out.minItems = node.minItems;
  if (typeof node.maxItems === 'number') out.maxItems = node.maxItems;
  return out;
};

const CONVERTERS: Record<GeminiType, Converter> = {
  string: scalar,
  number: scalar,
  integer: scalar,
  boolean: scalar,
  object: convertObject,
  array: convertArray,
};
