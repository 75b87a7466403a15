// A small JSON Schema draft-04 validator for the keywords the SARIF 2.1.0
// schema uses ($ref to #/definitions, type, enum, properties,
// additionalProperties, required, items, minItems, uniqueItems, minimum,
// maximum, pattern, anyOf, oneOf, format uri/uri-reference/date-time).
// Returns every error as `<json pointer>: <what>`. A keyword it does not know
// throws, so a schema it cannot fully check is never reported valid.
type Schema = Record<string, unknown>;

const KNOWN = new Set([
  '$schema',
  'id',
  'title',
  'description',
  'default',
  'definitions',
  '$ref',
  'type',
  'enum',
  'properties',
  'additionalProperties',
  'required',
  'items',
  'minItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'pattern',
  'anyOf',
  'oneOf',
  'format',
]);

function typeOk(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      throw new Error(`unknown type ${type}`);
  }
}

function formatOk(value: string, format: string): boolean {
  if (format === 'uri') return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value);
  if (format === 'uri-reference') return !/[\s<>"{}|\\^`]/.test(value);
  if (format === 'date-time') return !Number.isNaN(Date.parse(value)) && /T/.test(value);
  throw new Error(`unknown format ${format}`);
}

export function validateDraft4(root: Schema, value: unknown): string[] {
  const errors: string[] = [];
  const resolveRef = (ref: string): Schema => {
    if (!ref.startsWith('#')) throw new Error(`remote $ref ${ref}`);
    let node: unknown = root;
    for (const part of ref.slice(1).split('/').filter(Boolean)) node = (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!node) throw new Error(`unresolved $ref ${ref}`);
    return node as Schema;
  };
  const check = (schema: Schema, v: unknown, at: string): void => {
    for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`unsupported keyword ${k} at schema for ${at}`);
    if (typeof schema.$ref === 'string') return check(resolveRef(schema.$ref), v, at);
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
      if (!types.some((t) => typeOk(v, t))) return void errors.push(`${at}: expected ${types.join('|')}`);
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v)))
      errors.push(`${at}: not one of ${JSON.stringify(schema.enum)}`);
    if (typeof v === 'number') {
      if (typeof schema.minimum === 'number' && v < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
      if (typeof schema.maximum === 'number' && v > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
    }
    if (typeof v === 'string') {
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(v)) errors.push(`${at}: does not match ${schema.pattern}`);
      if (typeof schema.format === 'string' && !formatOk(v, schema.format)) errors.push(`${at}: not a ${schema.format}`);
    }
    if (Array.isArray(v)) {
      if (typeof schema.minItems === 'number' && v.length < schema.minItems) errors.push(`${at}: fewer than ${schema.minItems} items`);
      if (schema.uniqueItems === true && new Set(v.map((x) => JSON.stringify(x))).size !== v.length) errors.push(`${at}: items not unique`);
      if (schema.items && typeof schema.items === 'object') v.forEach((x, i) => check(schema.items as Schema, x, `${at}/${i}`));
    }
    if (typeOk(v, 'object')) {
      const obj = v as Record<string, unknown>;
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) errors.push(`${at}: missing required ${r}`);
      for (const [k, x] of Object.entries(obj)) {
        if (props[k]) check(props[k], x, `${at}/${k}`);
        else if (schema.additionalProperties === false) errors.push(`${at}: unexpected property ${k}`);
        else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') check(schema.additionalProperties as Schema, x, `${at}/${k}`);
      }
    }
    const passes = (s: Schema): boolean => {
      const before = errors.length;
      check(s, v, at);
      const ok = errors.length === before;
      errors.length = before;
      return ok;
    };
    if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some(passes)) errors.push(`${at}: matches none of anyOf`);
    if (Array.isArray(schema.oneOf) && (schema.oneOf as Schema[]).filter(passes).length !== 1) errors.push(`${at}: does not match exactly one of oneOf`);
  };
  check(root, value, '');
  return errors;
}
