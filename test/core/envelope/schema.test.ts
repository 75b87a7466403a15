// EnvelopeSchema and envelopeJsonSchema: the closed flavour must satisfy the
// strict structured-output rules (OpenAI strict json_schema, Anthropic
// output_config.format), and a reply written in that closed shape must parse
// into the same draft as the open shape the prompt describes.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { compileSkill } from '../../../src/core/skillmd/compile.js';
import { parseEnvelope } from '../../../src/core/envelope/parse.js';
import { EnvelopeSchema, envelopeJsonSchema } from '../../../src/core/envelope/schema.js';
import { PROMPT_EXAMPLES } from '../../../src/core/builder/prompt-examples.js';
import { MINIMAL_SPEC } from '../../helpers/envelope-cases.js';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(node: unknown, visit: (n: Node, depth: number) => void, depth = 0): void {
  if (!isNode(node)) return;
  const isObject = node.type === 'object';
  visit(node, depth);
  const d = isObject ? depth + 1 : depth;
  if (isNode(node.properties)) for (const v of Object.values(node.properties)) walk(v, visit, d);
  if (isNode(node.items)) walk(node.items, visit, d);
  if (Array.isArray(node.anyOf)) for (const v of node.anyOf) walk(v, visit, d);
  if (isNode(node.additionalProperties)) walk(node.additionalProperties, visit, d);
}

/** Encodes an open-shape value into the closed shape, guided by the closed schema (what a strict-mode model writes). */
function encodeClosed(value: unknown, schema: unknown): unknown {
  if (!isNode(schema)) return value;
  if (Array.isArray(schema.anyOf)) {
    if (value === undefined || value === null) return null;
    const branches = (schema.anyOf as Node[]).filter((b) => b.type !== 'null');
    const fit =
      branches.find(
        (b) => (b.type === 'object' && isNode(value)) || (b.type === 'array' && Array.isArray(value)) || (b.type === 'string' && typeof value === 'string'),
      ) ?? branches[0];
    return encodeClosed(value, fit);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if ((value === undefined || value === null) && types.includes('null')) return null;
  if (schema.type === 'object' && isNode(schema.properties) && isNode(value)) {
    const out: Node = {};
    for (const [k, sub] of Object.entries(schema.properties)) out[k] = encodeClosed(value[k], sub);
    return out;
  }
  if (schema.type === 'array') {
    const items = schema.items as Node;
    const isKeyValue = isNode(items.properties) && 'key' in items.properties && 'value' in items.properties;
    if (isKeyValue && isNode(value)) return Object.entries(value).map(([key, v]) => ({ key, value: encodeClosed(v, (items.properties as Node).value) }));
    if (Array.isArray(value)) return value.map((v) => encodeClosed(v, items));
    return value;
  }
  if (types.includes('string') && typeof value !== 'string' && value !== undefined) return JSON.stringify(value);
  return value;
}

describe('envelopeJsonSchema (closed, the default)', () => {
  const schema = envelopeJsonSchema();

  it('has an object root with message and skill required', () => {
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toBeUndefined();
    expect(schema.required).toEqual(['message', 'skill']);
  });

  it('closes every object and requires all of its properties (strict-mode rules)', () => {
    let objects = 0;
    walk(schema, (n) => {
      if (n.type !== 'object') return;
      objects++;
      expect(n.additionalProperties).toBe(false);
      expect([...(n.required as string[])].sort()).toEqual(Object.keys(n.properties as Node).sort());
    });
    expect(objects).toBeGreaterThan(5);
  });

  it('uses only keywords strict structured output supports, within the nesting limit', () => {
    const allowed = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'const', 'description']);
    let maxDepth = 0;
    walk(schema, (n, depth) => {
      for (const k of Object.keys(n)) expect(allowed, `keyword ${k}`).toContain(k);
      maxDepth = Math.max(maxDepth, depth);
    });
    // OpenAI documents a limit of 10 levels of object nesting.
    expect(maxDepth).toBeLessThanOrEqual(10);
  });

  it('accepts the worked examples written in the closed shape, and they parse to the same SKILL.md', () => {
    const validator = z.fromJSONSchema(schema as never);
    for (const ex of PROMPT_EXAMPLES) {
      const open = { message: ex.envelope.message, skill: { spec: ex.envelope.skill.spec, skill_md: null, scripts: ex.envelope.skill.scripts } };
      const closed = encodeClosed(open, schema) as { skill: { scripts: unknown; files?: unknown } };
      closed.skill.scripts = Object.entries(ex.envelope.skill.scripts).map(([name, content]) => ({ name, content }));
      expect(validator.safeParse(closed).success, ex.title).toBe(false); // `files` is required in the closed shape
      closed.skill.files = [];
      expect(validator.safeParse(closed).success, ex.title).toBe(true);
      const parsed = parseEnvelope(JSON.stringify(closed));
      expect(parsed.diagnostics).toEqual([]);
      expect(parsed.skill?.skillMd).toBe(compileSkill(ex.envelope.skill.spec));
      expect(parsed.skill?.scripts).toEqual(ex.envelope.skill.scripts);
    }
  });

  it('carries folder text files as [{path, content}]; parseEnvelope reads them into files and drops unsafe paths', () => {
    const validator = z.fromJSONSchema(schema as never);
    const files = [
      { path: 'references/api.md', content: '# API\n' },
      { path: 'templates/report.md', content: '# Report\n' },
      { path: '../escape.md', content: 'x' },
      { path: 'references/.secret', content: 'x' },
      { path: 'SKILL.md', content: 'x' },
    ];
    const env = { message: 'ok', skill: { spec: null, skill_md: '---\nname: a\ndescription: d\n---\n# A\n', scripts: [], files } };
    expect(validator.safeParse(env).success).toBe(true);
    expect(validator.safeParse({ ...env, skill: { ...env.skill, files: [{ path: 'references/a.md' }] } }).success).toBe(false);
    const parsed = parseEnvelope(JSON.stringify(env));
    expect(parsed.skill?.files).toEqual({ 'references/api.md': '# API\n', 'templates/report.md': '# Report\n' });
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['file-path-unsafe', 'file-path-unsafe', 'file-path-unsafe']);
  });

  it('rejects a skill with an unknown key (closed objects)', () => {
    const validator = z.fromJSONSchema(schema as never);
    expect(validator.safeParse({ message: 'x', skill: { spec: null, skill_md: 'a', scripts: [], extra: 1 } }).success).toBe(false);
    expect(validator.safeParse({ message: 'x', skill: null }).success).toBe(true);
  });

  it('returns a fresh copy each call', () => {
    const a = envelopeJsonSchema();
    (a.properties as Node).message = { type: 'number' };
    expect(((envelopeJsonSchema().properties as Node).message as Node).type).toBe('string');
  });
});

describe('envelopeJsonSchema (open)', () => {
  it('describes the envelope as the prompt does: scripts as a map, spec as written', () => {
    const validator = z.fromJSONSchema(envelopeJsonSchema({ flavour: 'open' }) as never);
    for (const ex of PROMPT_EXAMPLES) expect(validator.safeParse(ex.envelope).success, ex.title).toBe(true);
    expect(validator.safeParse({ message: 'x', skill: { spec: MINIMAL_SPEC, scripts: { 'a.sh': 'echo' } } }).success).toBe(true);
    expect(validator.safeParse({ message: 1, skill: null }).success).toBe(false);
  });
});

describe('EnvelopeSchema', () => {
  it('parses a valid envelope and refuses a skill with neither spec nor skill_md', () => {
    expect(EnvelopeSchema.safeParse({ message: 'hi', skill: null }).success).toBe(true);
    expect(EnvelopeSchema.safeParse({ message: 'hi', skill: { skill_md: '---\nname: a\n---\n', scripts: {} } }).success).toBe(true);
    expect(EnvelopeSchema.safeParse({ message: 'hi', skill: { spec: MINIMAL_SPEC, scripts: {} } }).success).toBe(true);
    expect(EnvelopeSchema.safeParse({ message: 'hi', skill: { scripts: {} } }).success).toBe(false);
    expect(EnvelopeSchema.safeParse({ skill: null }).success).toBe(false);
  });
});
