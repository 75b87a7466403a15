// decompileSkill on Forge's embedded-skill corpus (interop suite, needs
// FORGE_CORPUS_DIR): the round trip keeps frontmatter, tool names, headings and
// every section that is not rebuilt, and reaches a fixed point; and Forge's
// runtime sees at least the parameters it saw in the original.

import { describe, expect, it } from 'vitest';
import { compileSkill } from '../../src/core/skillmd/compile.js';
import { decompileSkill } from '../../src/core/skillmd/decompile.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { corpusSkill, corpusSkills } from './forge-corpus.js';
import { forgeRuntimeView } from '../../src/core/runtime-view/index.js';
import { fixForRuntime } from '../../src/core/runtime-form/fix.js';
import { codeLineMask } from '../../src/core/skillmd/markdown/lines.js';
import { expectRoundTripKeepsSkill } from '../helpers/round-trip.js';

describe('decompileSkill on the forge-embedded corpus', () => {
  for (const { dir, text } of corpusSkills()) {
    it(`${dir}: same frontmatter, tool names and headings; a fixed point; other sections verbatim`, () => {
      expectRoundTripKeepsSkill(text);
    });

    it(`${dir}: after decompile → compile Forge's runtime sees every parameter it saw before (and every table parameter), required as before`, () => {
      const before = new Map(
        forgeRuntimeView(text)
          .tools.filter((t) => t.kind === 'tool')
          .map((t) => [t.name, t.inputSchema] as const),
      );
      const parsed = new Map(parseSkillMd(text).tools.map((t) => [t.name, t.input] as const));
      const after = forgeRuntimeView(compileSkill(decompileSkill(text))).tools.filter((t) => t.kind === 'tool');
      expect(after.filter((t) => t.kind === 'tool').map((t) => t.name)).toEqual([...before.keys()]);
      for (const t of after) {
        const was = before.get(t.name)!;
        for (const [key, prop] of Object.entries(was.properties)) {
          expect(t.inputSchema.properties[key], `${t.name}.${key}`).toBeDefined();
          // The original's unknown type words (integer: 1-3) were strings to the runtime; ours may say more.
          if (prop.type !== 'string') expect(t.inputSchema.properties[key]!.type).toBe(prop.type);
        }
        expect(t.inputSchema.required ?? []).toEqual(expect.arrayContaining(was.required ?? []));
        for (const p of parsed.get(t.name) ?? []) expect(Object.keys(t.inputSchema.properties), `${t.name}: table parameter ${p.name}`).toContain(p.name);
      }
    });
  }

  it('weather: inline inputs become an Input table, outputs stay text, the rest is tool notes', () => {
    const spec = decompileSkill(corpusSkill('weather'));
    expect(spec.title).toBeUndefined();
    expect(spec.tools[1]).toMatchObject({
      name: 'weather_forecast',
      description: 'Get weather forecast for a location.',
      input: [
        { name: 'location', type: 'string', required: true, description: '' },
        // Forge's runtime requires only the first parameter of `location (string), days (integer: 1-3)`.
        { name: 'days', type: 'integer', required: false, description: '1-3' },
      ],
      output: 'Daily forecast with high/low temperatures and conditions',
    });
    expect(spec.tools[1]!.notes).toMatch(/^```bash\ncurl -s/);
  });

  it('tavily-search: table input, text output, Response Format kept in notes, sections placed', () => {
    const spec = decompileSkill(corpusSkill('tavily-search'));
    expect(spec).toMatchObject({
      name: 'tavily-search',
      title: 'Tavily Web Search Skill',
      summary: 'Search the web using the Tavily AI search API, optimized for LLM applications.',
    });
    expect(spec.extra_sections.map((s) => [s.heading, s.after])).toEqual([
      ['Authentication', undefined],
      ['Quick Start', undefined],
    ]);
    const t = spec.tools[0]!;
    expect(t.input).toHaveLength(6);
    expect(t.output).toMatch(/^JSON object with `query`/);
    expect(t.notes).toMatch(/^### Search Depth/);
  });

  it('code-review: Safety Constraints list becomes safety[]', () => {
    const spec = decompileSkill(corpusSkill('code-review'));
    expect(spec.safety[0]).toBe('Never executes code from the diff or reviewed files');
    expect(spec.safety).toHaveLength(5);
  });

  it('code-agent: JSON outputs become values', () => {
    const spec = decompileSkill(corpusSkill('code-agent'));
    expect(spec.tools.find((t) => t.name === 'code_agent_write')!.output).toEqual({ path: 'src/App.jsx', action: 'created', size: 312 });
    expect(spec.extra_sections[0]).toMatchObject({ heading: 'ABSOLUTE RULES (DO NOT VIOLATE)', level: 2 });
  });
});

describe('fixForRuntime (validate --fix) on the forge-embedded corpus', () => {
  for (const { dir, text } of corpusSkills()) {
    it(`${dir}: the runtime sees every table parameter after the fix; no phantom outside code; only fixed lines change`, () => {
      const fix = fixForRuntime(text);
      const tables = parseSkillMd(text).tools.filter((t) => t.inputForm === 'table');
      const view = forgeRuntimeView(fix.skillMd);
      for (const t of tables) {
        const entry = view.tools.find((v) => v.kind === 'tool' && v.line === t.line)!;
        // A table the runtime never reaches (after a "#" line that ends the tool) is left to the author, and reported.
        if (forgeRuntimeView(text).tools.find((v) => v.line === t.line)!.inputSpecLine === undefined) continue;
        expect(Object.keys(entry.inputSchema.properties).sort(), `${t.name}`).toEqual(t.input.map((p) => p.name).sort());
      }
      const mask = codeLineMask(fix.skillMd.split('\n'));
      expect(view.tools.filter((v) => v.kind === 'phantom' && !mask[v.line - 1]).map((v) => v.name)).toEqual([]);
      const before = text.split('\n');
      fix.skillMd.split('\n').forEach((l, i) => {
        if (!fix.changes.some((c) => c.line === i + 1)) expect(l).toBe(before[i]);
      });
    });
  }
});
