// decompileSkill fills in tools of only a name and a description itself
// instead of running the schema on each: the result must be the schema's own,
// with fresh lists per tool, and the schema's own issues when the spec fails.
import { describe, expect, it } from 'vitest';
import { parseDecompiledSpec } from '../../../src/core/skillmd/decompile-spec.js';
import { SkillSpecSchema } from '../../../src/core/skillmd/spec-schema.js';

const plain = (name: string) => ({ name, description: `Does ${name}.` });
const full = { name: 'shaped', description: 'd', input: [{ name: 'q', type: 'string', required: true, description: '' }], heuristics: ['h'], notes: 'n' };

describe('parseDecompiledSpec', () => {
  it('gives what SkillSpecSchema.safeParse gives for plain and structured tools mixed', () => {
    const raw = { name: 'a-b', description: 'When x.', tools: [plain('one'), full, plain('two'), plain('one')], safety: [], notes: [], extra_sections: [] };
    const got = parseDecompiledSpec(raw);
    const want = SkillSpecSchema.safeParse(raw);
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    expect(got.success && got.data.tools.map((t) => Object.keys(t))).toEqual(want.success && want.data.tools.map((t) => Object.keys(t)));
  });

  it('reads a tool given by its name alone as that name with an empty description', () => {
    const raw = { name: 'a-b', description: 'd', tools: ['bare', full, plain('two')] };
    const asObjects = { ...raw, tools: [{ name: 'bare', description: '' }, full, plain('two')] };
    expect(JSON.stringify(parseDecompiledSpec(raw))).toBe(JSON.stringify(SkillSpecSchema.safeParse(asObjects)));
    const failing = { ...raw, name: 5 };
    expect(JSON.stringify(parseDecompiledSpec(failing))).toBe(JSON.stringify(SkillSpecSchema.safeParse({ ...asObjects, name: 5 })));
  });

  it('makes new lists for every plain tool', () => {
    const got = parseDecompiledSpec({ name: 'a-b', description: 'd', tools: [plain('one'), plain('two')] });
    if (!got.success) throw new Error('expected a spec');
    got.data.tools[0]!.heuristics.push('only here');
    expect(got.data.tools[1]!.heuristics).toEqual([]);
  });

  it('gives the schema’s own issues (with their paths) when another field fails', () => {
    const raw = { name: 5, description: 'd', tools: [plain('one'), { ...full, input: [{ name: 3 }] }, plain('two')] };
    expect(JSON.stringify(parseDecompiledSpec(raw))).toBe(JSON.stringify(SkillSpecSchema.safeParse(raw)));
    expect(parseDecompiledSpec(raw).success).toBe(false);
  });
});
