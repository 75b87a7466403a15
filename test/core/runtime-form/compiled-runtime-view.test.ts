// What the compiler writes is what Forge's runtime reads: for hand-written and
// generated specs, the runtime view of the compiled SKILL.md has exactly the
// spec's tools with the spec's parameters (names, types as the runtime maps
// them, required set), a non-empty output spec, and no phantom tools.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSkill } from '../../../src/core/skillmd/compile.js';
import { SkillSpecSchema, type SkillSpec, type SkillSpecInput } from '../../../src/core/skillmd/spec-schema.js';
import { forgeRuntimeView } from '../../../src/core/runtime-view/index.js';
import { runtimeJsonType } from '../../../src/core/forge-runtime/input-spec.js';
import { specTypeWord } from '../../../src/core/skillmd/spec-line.js';
import { toolScriptStems, scriptForTool, toolForScript } from '../../../src/core/forge-runtime/script-binding.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';
import { codeLineMask } from '../../../src/core/skillmd/markdown/lines.js';
import { skillSpecArbitrary } from '../../helpers/skill-spec-arbitrary.js';

/** Each tool's parameters as the spec means them at runtime: name → [JSON type, required]. */
function intended(spec: SkillSpec): Array<{ name: string; params: Record<string, [string, boolean]> }> {
  return spec.tools.map((t) => ({
    name: t.name,
    params: Object.fromEntries(t.input.map((p) => [p.name, [runtimeJsonType(specTypeWord(p.type)), p.required]])),
  }));
}

function seen(md: string): Array<{ name: string; params: Record<string, [string, boolean]> }> {
  return forgeRuntimeView(md)
    .tools.filter((t) => t.kind === 'tool')
    .map((t) => ({
      name: t.name,
      params: Object.fromEntries(Object.entries(t.inputSchema.properties).map(([k, v]) => [k, [v.type, t.inputSchema.required?.includes(k) ?? false]])),
    }));
}

/** Whether the runtime would read the spec the way it is meant: a parameter list with a required one first is exact. */
function representable(spec: SkillSpec): boolean {
  return (
    spec.tools.every((t) => t.input.length === 0 || t.input.some((p) => p.required)) &&
    new Set(spec.tools.flatMap((t) => t.input.map((p) => `${t.name}\u0000${p.name}`))).size === spec.tools.reduce((n, t) => n + t.input.length, 0)
  );
}

const SEARCH: SkillSpecInput = {
  name: 'repo-search',
  description: 'When the user asks to search code ("find usages of X"), search the repository.',
  tools: [
    {
      name: 'code_search',
      description: 'Searches the code.\n\n### How it ranks\n\nBy relevance.',
      input: [
        { name: 'limit', type: 'int', description: 'Max results' },
        { name: 'query', type: 'string', required: true, description: 'Text to find' },
        { name: 'paths', type: 'string[]', description: 'Folders' },
        { name: 'exact', type: 'bool' },
        { name: 'filters', type: 'object' },
      ],
      output: { type: 'object', properties: { matches: { type: 'array' } } },
      notes: '### Tips\n\n- narrow\n\n#hashtags are fine',
    },
  ],
  safety: ['read-only', 'Never writes files'],
  instructions: 'Modes:\n\n- fast\n- thorough search',
};

describe('compiled skills as Forge runtime sees them', () => {
  it('a hand-written spec: every parameter with its type and required flag, output summary, no phantoms, no cut-off', () => {
    const spec = SkillSpecSchema.parse(SEARCH);
    const md = compileSkill(spec);
    const view = forgeRuntimeView(md);
    expect(view.tools).toHaveLength(1);
    const [tool] = view.tools;
    expect(tool!.inputSpec).toBe('query (string, required), limit (integer), paths (array), exact (boolean), filters (object)');
    expect(tool!.inputSchema).toEqual({
      type: 'object',
      properties: { exact: { type: 'boolean' }, filters: { type: 'object' }, limit: { type: 'number' }, paths: { type: 'array' }, query: { type: 'string' } },
      required: ['query'],
    });
    expect(tool!.outputSpec).toBe('A JSON object with matches (shape below).');
    expect(tool!.endedBy).toEqual({ line: expect.any(Number), text: '## Safety Constraints' });
    expect(tool!.description).toContain('**How it ranks** By relevance.');
    expect(tool!.description).toContain('**Tips** - narrow \\#hashtags are fine');
    expect(seen(md)).toEqual(intended(spec));
    expect(md).toContain('* read-only\n* Never writes files');
    expect(md).toContain('* fast\n* thorough search');
  });

  it('generated specs: the runtime view equals the spec (names, types, required) when a required parameter can come first', () => {
    fc.assert(
      fc.property(skillSpecArbitrary(), (input) => {
        const spec = SkillSpecSchema.parse(input);
        const md = compileSkill(spec);
        const view = forgeRuntimeView(md);
        // No phantom tools, except from a `- word` line inside a code block the author wrote (code is never rewritten).
        const mask = codeLineMask(md.split('\n'));
        expect(view.tools.filter((t) => t.kind === 'phantom' && !mask[t.line - 1]).map((t) => t.name)).toEqual([]);
        // Author code the compiler never rewrites: a `# comment` line in a fence of the tool's text ends the
        // entry there, an `**Input:**` / `**Output:**` line in a fence replaces the spec (the validator reports both).
        const codeHazard = spec.tools.some((t) => /^\s*(#|\*\*Input:\*\*|\*\*Output)/m.test(`${t.description}\n${t.notes ?? ''}`));
        if (codeHazard) return;
        for (const t of view.tools.filter((v) => v.kind === 'tool'))
          if (t.outputSpec === '') expect(spec.tools.find((s) => s.name === t.name)!.output).toBeUndefined();
        if (representable(spec)) expect(seen(md)).toEqual(intended(spec));
        else expect(seen(md).map((t) => t.name)).toEqual(spec.tools.map((t) => t.name));
      }),
      { numRuns: 200 },
    );
  });

  it('with only optional parameters the runtime still requires the first one (a limit of its reader)', () => {
    const md = compileSkill({ name: 'a', description: 'd', tools: [{ name: 't', input: [{ name: 'x' }, { name: 'y', type: 'integer' }] }] });
    expect(forgeRuntimeView(md).tools[0]!.inputSchema.required).toEqual(['x']);
  });
});

describe('tool ↔ script binding accepts both name forms', () => {
  it('my_tool ↔ scripts/my-tool.sh or scripts/my_tool.sh, extension first, hyphen before underscore', () => {
    expect(toolScriptStems('my_tool')).toEqual(['my-tool', 'my_tool']);
    expect(toolScriptStems('plain')).toEqual(['plain']);
    expect(scriptForTool('my_tool', ['my_tool.sh'])).toBe('my_tool.sh');
    expect(scriptForTool('my_tool', ['my_tool.sh', 'my-tool.sh'])).toBe('my-tool.sh');
    expect(scriptForTool('my_tool', ['my-tool.py', 'my_tool.sh'])).toBe('my_tool.sh');
    expect(toolForScript('my_tool.sh', ['my_tool'])).toBe('my_tool');
    const md = '---\nname: a\ndescription: When the user asks ("x")\n---\n## Tool: my_tool\n\n**Input:** q (string, required)\n';
    const r = validateSkillMd(md, { scripts: { 'my_tool.sh': '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "$INPUT"\n' } });
    expect([...r.errors, ...r.warnings].map((d) => d.code).filter((c) => c === 'tool-missing-script' || c === 'script-unmapped')).toEqual([]);
  });
});
