// The `{message, skill}` envelope as a zod schema and as JSON Schema for the
// providers' native structured output.
//
// Two JSON Schema flavours:
// - `open`: the envelope as the prompt describes it (`scripts` is a map of file
//   name to content; a tool's `output` and an example's `input` are any JSON).
// - `closed` (default): what strict structured-output modes accept — OpenAI
//   `strict: true` json_schema and Anthropic `output_config.format`: every
//   object lists all its properties as required and has
//   `additionalProperties: false`, optional fields are nullable instead, maps
//   become `[{key, value}]` lists (`scripts` becomes `[{name, content}]`,
//   `files` — reference and asset text files — `[{path, content}]`), and
//   free-form JSON values become strings holding JSON text. Only `type`,
//   `properties`, `required`, `additionalProperties`, `items`, `anyOf`,
//   `enum`, `const` and `description` are used; the root is an object.
// `decodeClosedSpec` turns a spec written in the closed shape back into the
// open one, so parseEnvelope accepts both.

import { z } from 'zod';
import { isPlainObject } from '../plain-object.js';
import type { JsonSchema } from '../llm/types.js';
import { SkillSpecSchema } from '../skillmd/spec-schema.js';

export const EnvelopeSkillSchema = z
  .object({
    /** The structured skill; compiled into SKILL.md by compileSkill. Preferred. */
    spec: SkillSpecSchema.optional(),
    /** A complete SKILL.md, when the model writes it directly. */
    skill_md: z.string().optional(),
    /** Helper scripts: file name → full content. */
    scripts: z.record(z.string(), z.string()),
    /** Folder text files created or changed (references/, assets/, templates/ …; not SKILL.md or a script): path → full content. */
    files: z.record(z.string(), z.string()).optional(),
  })
  .refine((s) => s.spec !== undefined || s.skill_md !== undefined, {
    message: 'a skill needs `spec` or `skill_md`',
  });

/** The reply of one builder turn: the chat text and, once draftable, the whole skill. */
export const EnvelopeSchema = z.object({
  message: z.string(),
  skill: z.union([z.null(), EnvelopeSkillSchema]),
});

export type Envelope = z.infer<typeof EnvelopeSchema>;

export type EnvelopeSchemaFlavour = 'closed' | 'open';

/** The name providers are given for the schema (`response_format.json_schema.name`). */
export const ENVELOPE_SCHEMA_NAME = 'skill_builder_reply';

const MESSAGE_DESCRIPTION =
  'The chat reply shown to the user: one question, a noted default, or a short summary of the draft (with a **Changed:** list in edit mode).';
const SKILL_DESCRIPTION = 'null while interviewing; the complete skill once it can be drafted.';
const FILES_DESCRIPTION =
  'Text files of the skill folder you create or change, each a relative path (e.g. references/api.md, or the path of a shared file such as templates/report.md; never SKILL.md or scripts/<name>) and its complete content; empty when none. Files left out stay as they are.';

let openSpecCache: JsonSchema | null = null;
let closedCache: JsonSchema | null = null;
let openCache: JsonSchema | null = null;

/** JSON Schema of a SkillSpec as the model writes it (defaults may be left out). */
export function specJsonSchema(): JsonSchema {
  if (openSpecCache === null) {
    const s = z.toJSONSchema(SkillSpecSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    delete s.$schema;
    openSpecCache = s;
  }
  return openSpecCache;
}

/** `{message, skill: null | <skill>}`, closed at the top: the part both flavours share. */
function envelopeAround(skill: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      message: { type: 'string', description: MESSAGE_DESCRIPTION },
      skill: { description: SKILL_DESCRIPTION, anyOf: [{ type: 'null' }, skill] },
    },
    required: ['message', 'skill'],
    additionalProperties: false,
  };
}

/**
 * The envelope as JSON Schema, for native structured output. Returns a fresh
 * copy each call (callers may adapt it per provider, e.g. `nullable` for Gemini).
 */
export function envelopeJsonSchema(options: { flavour?: EnvelopeSchemaFlavour } = {}): JsonSchema {
  const flavour = options.flavour ?? 'closed';
  if (flavour === 'open') {
    // The skill as the parser reads it: spec or skill_md, scripts as a {file: content} map.
    openCache ??= envelopeAround({
      type: 'object',
      properties: {
        spec: specJsonSchema(),
        skill_md: { type: 'string' },
        scripts: { type: 'object', additionalProperties: { type: 'string' } },
        files: { type: 'object', additionalProperties: { type: 'string' }, description: FILES_DESCRIPTION },
      },
      required: ['scripts'],
    });
    return structuredClone(openCache);
  }
  // Every object closed and every key required (nullable instead of optional), so
  // strict modes accept it: scripts as a list of {name, content}.
  closedCache ??= envelopeAround({
    type: 'object',
    properties: {
      spec: nullable(closeSchema(specJsonSchema())),
      skill_md: { type: ['string', 'null'], description: 'A complete SKILL.md; null when spec is given.' },
      scripts: {
        type: 'array',
        description: 'Helper scripts, each a plain file name and its full content.',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, content: { type: 'string' } },
          required: ['name', 'content'],
          additionalProperties: false,
        },
      },
      files: {
        type: 'array',
        description: FILES_DESCRIPTION,
        items: {
          type: 'object',
          properties: { path: { type: 'string' }, content: { type: 'string' } },
          required: ['path', 'content'],
          additionalProperties: false,
        },
      },
    },
    required: ['spec', 'skill_md', 'scripts', 'files'],
    additionalProperties: false,
  });
  return structuredClone(closedCache);
}

const JSON_TEXT = 'JSON text (an object, array or value encoded as a string).';
const KEPT_KEYWORDS = ['type', 'description', 'enum', 'const'] as const;

/** Rewrites an (open) JSON Schema into the closed, strict-mode-friendly form described above. */
export function closeSchema(node: unknown): JsonSchema {
  if (!isPlainObject(node) || isFree(node)) return { type: 'string', description: JSON_TEXT };
  if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) {
    const branches = ((node.anyOf ?? node.oneOf) as unknown[]).map(closeSchema);
    return withDescription({ anyOf: dedupe(branches) }, node);
  }
  const out: JsonSchema = {};
  for (const k of KEPT_KEYWORDS) if (node[k] !== undefined) out[k] = node[k];
  const type = node.type;
  if (type === 'object' || isPlainObject(node.properties)) {
    const props = isPlainObject(node.properties) ? node.properties : {};
    const names = Object.keys(props);
    if (names.length === 0) {
      // A map: `{key: value}` becomes a list of `{key, value}`.
      return withDescription(
        {
          type: 'array',
          items: {
            type: 'object',
            properties: { key: { type: 'string' }, value: closeSchema(node.additionalProperties) },
            required: ['key', 'value'],
            additionalProperties: false,
          },
        },
        node,
      );
    }
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const properties: JsonSchema = {};
    for (const name of names) {
      const closed = closeSchema(props[name]);
      properties[name] = required.has(name) ? closed : nullable(closed);
    }
    out.type = 'object';
    out.properties = properties;
    out.required = names;
    out.additionalProperties = false;
    return out;
  }
  if (type === 'array') {
    out.items = node.items === undefined ? { type: 'string', description: JSON_TEXT } : closeSchema(node.items);
    return out;
  }
  return out;
}

function nullable(s: JsonSchema): JsonSchema {
  // An enum stays as it is inside `anyOf [enum, null]`, which every provider reads as "nullable enum".
  if (typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array' && s.enum === undefined) return { ...s, type: [s.type, 'null'] };
  if (Array.isArray(s.type)) return (s.type as unknown[]).includes('null') ? s : { ...s, type: [...(s.type as unknown[]), 'null'] };
  if (Array.isArray(s.anyOf))
    return (s.anyOf as JsonSchema[]).some((b) => b.type === 'null') ? s : { ...s, anyOf: [...(s.anyOf as JsonSchema[]), { type: 'null' }] };
  return { anyOf: [s, { type: 'null' }] };
}

function withDescription(s: JsonSchema, from: Record<string, unknown>): JsonSchema {
  return typeof from.description === 'string' ? { description: from.description, ...s } : s;
}

function dedupe(branches: JsonSchema[]): JsonSchema[] {
  const seen = new Set<string>();
  return branches.filter((b) => {
    const key = JSON.stringify(b);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `{}` / `true` / a schema with no type, no properties and no branches: any JSON value. */
function isFree(node: Record<string, unknown>): boolean {
  return (
    node.type === undefined &&
    node.properties === undefined &&
    node.anyOf === undefined &&
    node.oneOf === undefined &&
    node.enum === undefined &&
    node.const === undefined &&
    node.items === undefined
  );
}

/**
 * Reads a spec written in the closed shape back into the open one, guided by
 * the open JSON Schema: `null` for an optional field → field left out, a JSON
 * text string where any JSON was allowed → the parsed value, a `[{key, value}]`
 * list where a map was expected → the map. Values already in the open shape
 * pass through unchanged.
 */
export function decodeClosedSpec(value: unknown): unknown {
  return decode(value, specJsonSchema(), 0);
}

function decode(value: unknown, schema: unknown, depth: number): unknown {
  if (depth > 32 || !isPlainObject(schema)) return value;
  if (isFree(schema)) return typeof value === 'string' ? parseJsonText(value) : value;
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const branches = (schema.anyOf ?? schema.oneOf) as unknown[];
    const fit = branches.find((b) => fits(value, b)) ?? branches.find((b) => isPlainObject(b) && isFree(b));
    return fit === undefined ? value : decode(value, fit, depth + 1);
  }
  if (isPlainObject(schema.properties) || schema.type === 'object') {
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    if (Object.keys(props).length === 0) {
      if (Array.isArray(value) && value.every((e) => isPlainObject(e) && typeof e.key === 'string')) {
        const map: Record<string, unknown> = {};
        for (const e of value as Array<{ key: string; value: unknown }>) map[e.key] = decode(e.value, schema.additionalProperties, depth + 1);
        return map;
      }
      return value;
    }
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null && props[k] !== undefined && !allowsNull(props[k])) continue;
      out[k] = props[k] === undefined ? v : decode(v, props[k], depth + 1);
    }
    return out;
  }
  if (schema.type === 'array' && Array.isArray(value)) return value.map((v) => decode(v, schema.items, depth + 1));
  return value;
}

function fits(value: unknown, schema: unknown): boolean {
  if (!isPlainObject(schema) || isFree(schema)) return false;
  const t = schema.type;
  const types = Array.isArray(t) ? t : t === undefined ? [] : [t];
  if (types.length === 0) return isPlainObject(schema.properties) ? isPlainObject(value) : false;
  return types.some((ty) => {
    switch (ty) {
      case 'null':
        return value === null;
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number';
      case 'integer':
        return Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isPlainObject(value);
      default:
        return false;
    }
  });
}

function allowsNull(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  if (isFree(schema)) return false;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  return Array.isArray(branches) && branches.some(allowsNull);
}

function parseJsonText(s: string): unknown {
  const t = s.trim();
  if (!/^[[{"]/.test(t)) return s;
  try {
    return JSON.parse(t);
  } catch {
    return s;
  }
}
