// compileSkill / decompileSkill / SkillSpecSchema: deterministic output, table
// escaping, placement of extra sections, clear errors naming the field, the
// spec round trip (hand-written and generated specs) and the round trip of the
// fixture skills (frontmatter, tool names, headings, fixed point, verbatim
// sections). Forge's own corpus: test/interop/skillmd-compile.test.ts.

import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { SkillValidationError } from '../../../src/core/errors.js';
import { compileSkill, safeCompileSkill } from '../../../src/core/skillmd/compile.js';
import { decompileSkill, safeDecompileSkill } from '../../../src/core/skillmd/decompile.js';
import { parseSkillMd } from '../../../src/core/skillmd/parse.js';
import { SkillSpecSchema, type SkillSpecInput } from '../../../src/core/skillmd/spec-schema.js';
import { fixtureSkill, fixtureSkills } from '../../helpers/skill-corpus.js';
import { headingsOutsideTools } from '../../helpers/tool-sections.js';
import { expectRoundTripKeepsSkill } from '../../helpers/round-trip.js';
import { skillSpecArbitrary } from '../../helpers/skill-spec-arbitrary.js';
import { BODY_LINE } from '../../helpers/skillmd-arbitrary.js';

const WEATHER: SkillSpecInput = {
  name: 'weather-report',
  description: 'Weather forecasts. Use when the user asks about the weather ("will it rain in Paris?").',
  icon: '🌤️',
  category: 'utilities',
  tags: ['weather', 'forecast'],
  metadata: {
    forge: {
      requires: {
        bins: ['curl', 'jq', { name: 'yq', url: 'https://example.com/yq', dest: '/usr/local/bin/yq', chmod: '0755' }],
        env: { required: ['WEATHER_API_KEY'], one_of: [], optional: [] },
      },
      egress_domains: ['api.weather.example'],
      timeout_hint: 30,
    },
  },
  title: 'Weather Report',
  summary: 'Current conditions and forecasts for any city.',
  instructions: 'Call the forecast tool for anything beyond today.',
  tools: [
    {
      name: 'weather_forecast',
      description: 'Daily forecast for a location.',
      input: [
        { name: 'location', type: 'string', required: true, description: 'City | coordinates' },
        { name: 'days', type: 'integer', description: 'Days ahead (1-7).\nDefault: 3' },
      ],
      output: { type: 'object', properties: { days: { type: 'array' } } },
      examples: [
        { request: 'Weather in Paris tomorrow', input: { location: 'Paris', days: 2 } },
        { request: 'Is it "sunny" | warm in Rome?', input: { location: 'Rome' } },
      ],
      heuristics: ['mentions weather, rain, temperature', 'names a city'],
      process: ['Resolve the city', 'Call the tool'],
    },
  ],
  safety: ['Read-only: never writes files'],
  notes: ['wttr.in caps forecasts at 3 days'],
};

describe('SkillSpecSchema', () => {
  it('converts to JSON Schema (input and output), with descriptions', () => {
    for (const io of ['input', 'output'] as const) {
      const js = z.toJSONSchema(SkillSpecSchema, { io }) as { properties: Record<string, { description?: string }>; required: string[] };
      expect(Object.keys(js.properties)).toEqual(
        expect.arrayContaining(['name', 'description', 'metadata', 'title', 'summary', 'instructions', 'tools', 'safety', 'notes', 'extra_sections']),
      );
      expect(js.properties['tools']!.description).toMatch(/Custom tools/);
      expect(js.required).toEqual(
        io === 'input' ? ['name', 'description'] : expect.arrayContaining(['name', 'description', 'tools', 'safety', 'notes', 'extra_sections']),
      );
    }
  });

  it('fills simple defaults', () => {
    expect(SkillSpecSchema.parse({ name: 'a', description: 'b', tools: [{ name: 't', input: [{ name: 'q' }] }] })).toEqual({
      name: 'a',
      description: 'b',
      tools: [
        { name: 't', description: '', input: [{ name: 'q', type: 'string', required: false, description: '' }], examples: [], heuristics: [], process: [] },
      ],
      safety: [],
      notes: [],
      extra_sections: [],
    });
  });
});

describe('compileSkill', () => {
  it('writes the documented layout', () => {
    expect(compileSkill(WEATHER)).toBe(`---
name: weather-report
description: Weather forecasts. Use when the user asks about the weather ("will it rain in Paris?").
icon: 🌤️
category: utilities
tags:
  - weather
  - forecast
metadata:
  forge:
    requires:
      bins:
        - curl
        - jq
        - name: yq
          url: https://example.com/yq
          dest: /usr/local/bin/yq
          chmod: "0755"
      env:
        required:
          - WEATHER_API_KEY
        one_of: []
        optional: []
    egress_domains:
      - api.weather.example
    timeout_hint: 30
---

# Weather Report

Current conditions and forecasts for any city.

Call the forecast tool for anything beyond today.

## Tool: weather_forecast

Daily forecast for a location.

**Input:** location (string, required), days (integer)

| Parameter | Type | Required | Description |
|-----------|------|----------|-------------|
| location | string | yes | City \\| coordinates |
| days | integer | no | Days ahead (1-7).<br>Default: 3 |

**Output:** A JSON object with days (shape below).

\`\`\`json
{
  "type": "object",
  "properties": {
    "days": {
      "type": "array"
    }
  }
}
\`\`\`

**Examples:**

| User Request | Tool Input |
|--------------|------------|
| "Weather in Paris tomorrow" | \`{"location":"Paris","days":2}\` |
| "Is it \\"sunny\\" \\| warm in Rome?" | \`{"location":"Rome"}\` |

**Detection heuristics:**

- mentions weather, rain, temperature
- names a city

**Process:**

1. Resolve the city
2. Call the tool

## Safety Constraints

- Read-only: never writes files

## Important Notes

- wttr.in caps forecasts at 3 days
`);
  });

  it('is deterministic whatever the key order of the input', () => {
    const reversed = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).reverse()) as T;
    const forge = WEATHER.metadata!.forge!;
    const shuffled = reversed({
      ...WEATHER,
      metadata: { forge: reversed({ ...forge, requires: reversed({ ...forge.requires!, env: reversed(forge.requires!.env!) }) }) },
      tools: WEATHER.tools!.map((t) => reversed({ ...t, input: t.input!.map(reversed) })),
    });
    expect(Object.keys(shuffled)[0]).toBe('notes');
    expect(compileSkill(shuffled)).toBe(compileSkill(WEATHER));
    expect(compileSkill(WEATHER)).toBe(compileSkill(WEATHER));
  });

  it('keeps table cells intact: pipes, newlines, <br> text and edge spaces read back exactly', () => {
    const tricky = ['a | b', 'line1\nline2', 'literal <br> tag', 'ends with \\', ' padded ', '&#32; &amp; \\| raw'];
    const md = compileSkill({
      name: 'x',
      description: 'y',
      tools: [{ name: 't', input: tricky.map((d, i) => ({ name: `p${i}`, description: d })), examples: tricky.map((r) => ({ request: r, input: { q: r } })) }],
    });
    const tool = parseSkillMd(md).tools[0]!;
    expect(tool.input.map((p) => p.description)).toEqual(tricky);
    expect(tool.examples).toEqual(tricky.map((r) => ({ request: r, input: { q: r } })));
    // every row of both tables has the same number of cells as its header
    for (const line of md.split('\n').filter((l) => l.startsWith('|'))) {
      const cells = line.replace(/\\\|/g, '').split('|').length;
      expect(cells === 6 || cells === 4).toBe(true);
    }
  });

  it('writes example inputs with backticks in a longer code span', () => {
    const md = compileSkill({ name: 'x', description: 'y', tools: [{ name: 't', examples: [{ request: 'r', input: { cmd: 'echo `date`' } }] }] });
    expect(md).toContain('| "r" | ``{"cmd":"echo `date`"}`` |');
    expect(parseSkillMd(md).tools[0]!.examples[0]!.input).toEqual({ cmd: 'echo `date`' });
  });

  it('writes empty lists as [] and leaves absent fields out', () => {
    const md = compileSkill({ name: 'x', description: 'y', tags: [], metadata: { forge: { requires: { bins: [] }, egress_domains: [] } } });
    expect(md).toBe('---\nname: x\ndescription: y\ntags: []\nmetadata:\n  forge:\n    requires:\n      bins: []\n    egress_domains: []\n---\n');
  });

  it('orders metadata.forge keys and keeps unknown keys after the known ones', () => {
    const md = compileSkill({
      name: 'x',
      description: 'y',
      metadata: {
        other: 1,
        forge: {
          guardrails: { deny_output: [] },
          timeout_hint: '300s',
          requires: { capabilities: ['browser'], extra: true },
          runtime: 'binary',
          workflow_phase: 'edit',
        },
      },
      extra_frontmatter: { triggers: ['a'] },
    });
    const fm = md.split('---\n')[1]!;
    expect(fm).toBe(
      'name: x\ndescription: y\nmetadata:\n  forge:\n    runtime: binary\n    workflow_phase: edit\n    requires:\n      capabilities:\n        - browser\n      extra: true\n    timeout_hint: 300s\n    guardrails:\n      deny_output: []\n  other: 1\ntriggers:\n  - a\n',
    );
  });

  it('places extra sections by `after`', () => {
    const md = compileSkill({
      name: 'x',
      description: 'y',
      title: 'T',
      tools: [
        { name: 'a', output: 'text' },
        { name: 'b', output: 'text' },
      ],
      safety: ['s'],
      notes: ['n'],
      extra_sections: [
        { heading: 'End', after: 'notes' },
        { heading: 'AfterA', after: 'tool:a' },
        { heading: 'Start', content: 'intro' },
        { heading: 'AfterSafety', after: 'safety' },
        { heading: 'Unknown', after: 'tool:zzz' },
        { heading: 'Top', level: 1 },
      ],
    });
    expect(parseSkillMd(md).sections.map((s) => s.title)).toEqual([
      'T',
      'Start',
      'Top',
      'Tool: a',
      'AfterA',
      'Tool: b',
      'Unknown',
      'Safety Constraints',
      'AfterSafety',
      'Important Notes',
      'End',
    ]);
  });

  it('writes an object the caller reuses twice in full, not as a YAML alias', () => {
    const shared = { deny_output: [{ pattern: 'x', action: 'redact' }] };
    const md = compileSkill({ name: 'x', description: 'y', metadata: { forge: { guardrails: shared }, copy: shared } });
    expect(md).not.toMatch(/[&*]a\d/);
    expect(parseSkillMd(md).frontmatter?.metadata).toEqual({ forge: { guardrails: shared }, copy: shared });
  });

  it('closes a code fence left open in free Markdown so it cannot swallow the next sections', () => {
    const md = compileSkill({ name: 'x', description: 'y', instructions: 'Run:\n\n```bash\nls', tools: [{ name: 't', output: 'o' }] });
    expect(parseSkillMd(md).tools.map((t) => t.name)).toEqual(['t']);
    expect(md).toContain('```bash\nls\n```\n\n## Tool: t');
  });

  it('throws SkillValidationError naming the bad field', () => {
    const bad = { name: 'x', description: 'y', tools: [{ name: 't', input: [{ name: 'q', required: 'yes' }] }] };
    expect(() => compileSkill(bad)).toThrow(SkillValidationError);
    try {
      compileSkill(bad);
    } catch (err) {
      expect((err as SkillValidationError).validation.errors[0]).toMatchObject({ code: 'spec-invalid', field: 'tools[0].input[0].required' });
      expect((err as Error).message).toContain('tools[0].input[0].required');
    }
    expect(() => compileSkill({ description: 'no name' })).toThrow(/name/);
    expect(() => compileSkill(null)).toThrow(SkillValidationError);
  });

  it('safeCompileSkill returns diagnostics instead of throwing', () => {
    const r = safeCompileSkill({ name: 'x', description: 'y', metadata: { forge: { runtime: 'docker' } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.field).toBe('metadata.forge.runtime');
    const ok = safeCompileSkill({ name: 'x', description: 'y' });
    expect(ok).toMatchObject({ ok: true, skillMd: '---\nname: x\ndescription: y\n---\n' });
  });

  it('compiles into a SKILL.md the parser reads back with no diagnostics', () => {
    const p = parseSkillMd(compileSkill(WEATHER));
    expect(p.diagnostics).toEqual([]);
    const t = p.tools[0]!;
    expect(t).toMatchObject({
      name: 'weather_forecast',
      description: 'Daily forecast for a location.',
      inputForm: 'both',
      heuristics: ['mentions weather, rain, temperature', 'names a city'],
    });
    expect(t.output).toMatchObject({ kind: 'json', value: WEATHER.tools![0]!.output });
    expect(t.examples).toHaveLength(2);
  });
});

// Hand-written specs covering the shapes the generator does not aim at.
const VARIED: SkillSpecInput[] = [
  WEATHER,
  { name: 'min', description: 'd' },
  {
    name: 'builtin-only',
    description: 'Tells the time. Use when the user asks "what time is it".',
    title: 'Time',
    summary: 'Uses `datetime_now`.',
    instructions: '### Steps\n\n1. Call `datetime_now`.\n2. Answer.\n\n```text\n## not a heading\n```',
  },
  { name: 'no-title', description: 'd', summary: 'Just a paragraph\nover two lines.', tools: [{ name: 'x', output: 'Plain text result' }] },
  {
    name: 'extras',
    description: 'd',
    title: 'Extras',
    tools: [
      {
        name: 'one',
        description: 'First.\n\nSecond paragraph with **bold** text.',
        input: [{ name: 'a', type: 'string[]', required: true, description: '' }],
        notes: '**Tips**\n\n- tip one\n- tip two',
      },
      {
        name: 'two',
        output: ['list', 'output'],
        examples: [
          { request: 'r', input: 'a plain string input' },
          { request: '', input: null },
          { request: 'n', input: [1, 2] },
        ],
      },
    ],
    safety: ['a', 'b'],
    extra_sections: [
      { heading: 'Authentication', content: 'Set `KEY`.\n\n```bash\nexport KEY=x\n# comment\n```' },
      { heading: 'Between', after: 'tool:one', content: '| a | b |\n|---|---|\n| 1 | 2 |' },
      { heading: 'Workflow', level: 1, after: 'tool:two', content: '---\n\nText after a rule.' },
      { heading: 'Appendix', after: 'safety', content: '' },
    ],
  },
  {
    name: 'frontmatter-only',
    description: 'd',
    license: 'MIT',
    compatibility: 'Requires git',
    'allowed-tools': 'Bash(git:*) Read',
    extra_frontmatter: { triggers: ['deploy'], version: 2 },
  },
  {
    name: 'nested-meta',
    description: 'd',
    metadata: { author: 'me', forge: { requires: { bins: [{ name: 'uv', run: ['curl -LsSf https://astral.sh/uv/install.sh | sh'], sha: 'x' }] } } },
  },
];

describe('decompileSkill(compileSkill(spec)) deep-equals the parsed spec', () => {
  VARIED.forEach((spec, i) => {
    it(`hand-written spec #${i} (${spec.name})`, () => {
      expect(decompileSkill(compileSkill(spec))).toEqual(SkillSpecSchema.parse(spec));
    });
  });

  it('for generated specs', () => {
    fc.assert(
      fc.property(skillSpecArbitrary(), (spec) => {
        const md = compileSkill(spec);
        expect(decompileSkill(md)).toEqual(SkillSpecSchema.parse(spec));
      }),
      { numRuns: 300 },
    );
  });
});

describe('compileSkill(decompileSkill(md)) on arbitrary SKILL.md bodies', () => {
  it('keeps every heading and tool name and is a fixed point', () => {
    fc.assert(
      fc.property(fc.array(BODY_LINE, { maxLength: 50 }), (lines) => {
        const md = `---\nname: x\ndescription: d\n---\n${lines.join('\n')}\n`;
        const once = compileSkill(decompileSkill(md));
        const before = parseSkillMd(md);
        const after = parseSkillMd(once);
        expect(headingsOutsideTools(after.sections)).toEqual(headingsOutsideTools(before.sections));
        expect(after.tools.map((t) => t.name)).toEqual(before.tools.map((t) => t.name));
        expect(compileSkill(decompileSkill(once))).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('decompileSkill on the fixture skills', () => {
  for (const { dir, text } of fixtureSkills()) {
    it(`${dir}: same frontmatter, tool names and headings; a fixed point; other sections verbatim`, () => {
      expectRoundTripKeepsSkill(text);
    });
  }

  it('forecast-lookup: inline inputs become an Input table, outputs stay text, the rest is tool notes', () => {
    const spec = decompileSkill(fixtureSkill('forecast-lookup'));
    expect(spec.title).toBeUndefined();
    expect(spec.tools[1]).toMatchObject({
      name: 'forecast_days',
      description: 'Forecast the coming days for a city.',
      input: [
        { name: 'city', type: 'string', required: true, description: '' },
        // Forge's runtime requires only the first parameter of `city (string), days (integer: 1-7)`.
        { name: 'days', type: 'integer', required: false, description: '1-7' },
      ],
      output: 'One line per day with the minimum and maximum temperature and the chance of rain',
    });
    expect(spec.tools[1]!.notes).toMatch(/^```bash\ncurl -s/);
  });

  it('ticket-search: table input, text output, Response Format kept in notes, sections placed', () => {
    const spec = decompileSkill(fixtureSkill('ticket-search'));
    expect(spec).toMatchObject({
      name: 'ticket-search',
      title: 'Ticket Search',
      summary: 'Find tickets in the DeskHub support desk and summarise what they say.',
    });
    expect(spec.extra_sections.map((s) => [s.heading, s.after])).toEqual([
      ['Authentication', undefined],
      ['Quick Start', undefined],
    ]);
    const t = spec.tools[0]!;
    expect(t.input).toHaveLength(6);
    expect(t.output).toMatch(/^JSON object with `total`/);
    expect(t.notes).toMatch(/^### Filters/);
  });

  it('changelog-writer: Safety Constraints and Important Notes lists become safety[] and notes[]', () => {
    const spec = decompileSkill(fixtureSkill('changelog-writer'));
    expect(spec.safety).toEqual([
      'Never pushes, tags or commits',
      'Sends commit messages only, never diffs or file contents',
      'Refuses a range of more than 500 commits',
    ]);
    expect(spec.notes).toHaveLength(2);
  });

  it('repo-workbench: JSON outputs become values, rule sections stay sections', () => {
    const spec = decompileSkill(fixtureSkill('repo-workbench'));
    expect(spec.tools.find((t) => t.name === 'workbench_write')!.output).toEqual({ path: 'src/index.ts', action: 'written', bytes: 1204 });
    expect(spec.extra_sections[0]).toMatchObject({ heading: 'Ground Rules (ALWAYS)', level: 2 });
  });

  it('standup-digest: a CRLF file decompiles like its LF twin', () => {
    const crlf = fixtureSkill('standup-digest');
    expect(decompileSkill(crlf)).toEqual(decompileSkill(crlf.replace(/\r\n/g, '\n')));
  });
});

describe('decompileSkill details', () => {
  it('reads an Output JSON fence left open at the end of the file, so compile ∘ decompile is a fixed point (a fast-check counterexample)', () => {
    const md = '---\nname: x\ndescription: d\n---\n## Tool: b\n**Output:**\n```json\n{"x": 1}\n';
    expect(decompileSkill(md).tools[0]!.output).toEqual({ x: 1 });
    const once = compileSkill(decompileSkill(md));
    expect(compileSkill(decompileSkill(once))).toBe(once);
  });

  it('anchors a section after a repeated tool name by occurrence', () => {
    const spec = decompileSkill('---\nname: x\ndescription: d\n---\n## Tool: b\n\n## Tool: b\n\n# After the second\n');
    expect(spec.extra_sections).toEqual([{ heading: 'After the second', level: 1, content: '', after: 'tool:b#2' }]);
    expect(parseSkillMd(compileSkill(spec)).sections.map((s) => s.title)).toEqual(['Tool: b', 'Tool: b', 'After the second']);
  });

  it("keeps parts that are not in the compiler's shape as tool notes, in their place", () => {
    const md =
      '---\nname: x\ndescription: d\n---\n## Tool: t\n\nDoes t.\n\n**Input:** none\n**Output:** text\n\n**Detection heuristics:**\n\n- a\n  continued\n';
    const tool = decompileSkill(md).tools[0]!;
    expect(tool).toMatchObject({
      description: 'Does t.',
      input: [],
      notes: '**Input:** none\n**Output:** text\n\n**Detection heuristics:**\n\n- a\n  continued',
    });
    expect(tool.output).toBeUndefined();
  });

  it('reads a Safety Constraints list only after the last tool; earlier it stays a section', () => {
    const early = decompileSkill('---\nname: x\ndescription: d\n---\n## Safety Constraints\n\n- s\n\n## Tool: t\n');
    expect(early.safety).toEqual([]);
    expect(early.extra_sections).toEqual([{ heading: 'Safety Constraints', level: 2, content: '- s' }]);
    const late = decompileSkill('---\nname: x\ndescription: d\n---\n## Tool: t\n\n## Safety Constraints\n\n- s\n* t\n');
    expect(late.safety).toEqual(['s', 't']);
  });
});

describe('decompileSkill errors', () => {
  it('throws SkillValidationError naming the missing field', () => {
    expect(() => decompileSkill('---\ndescription: d\n---\n# T\n')).toThrow(SkillValidationError);
    const r = safeDecompileSkill('---\ndescription: d\n---\n# T\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.field).toBe('name');
  });

  it('refuses a file without frontmatter or with broken YAML, with the line', () => {
    const none = safeDecompileSkill('# Just a body\n');
    expect(none).toMatchObject({ ok: false, diagnostics: [{ code: 'frontmatter-missing' }] });
    const broken = safeDecompileSkill('---\nname: [x\n---\n');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.diagnostics[0]).toMatchObject({ code: 'yaml-syntax', line: expect.any(Number) });
  });

  it('leaves out known metadata keys written with no value', () => {
    const spec = decompileSkill('---\nname: x\ndescription: d\nmetadata:\n  forge:\n    requires:\n      bins:\n      env:\n        required:\n---\n');
    expect(spec.metadata).toEqual({ forge: { requires: { env: {} } } });
  });
});
