// fast-check arbitrary of SkillSpec inputs in the compiler's canonical form:
// the specs `decompileSkill(compileSkill(spec))` must give back exactly.
// Canonical means: one-line list items and titles that start with a letter or
// digit, free Markdown without # / ## headings, extra sections listed in
// document order with `after` naming the block right before them, tool notes
// only on tools that have a structured part, and a summary whenever there are
// instructions; no headings in tool text and no one-word `- item` bullets
// (the compiler rewrites both so Forge's runtime does not misread them).
// Table cells and JSON values are unconstrained.

import fc from 'fast-check';
import type { SkillSpecInput } from '../../src/core/skillmd/spec-schema.js';

const WORDS = [
  'alpha',
  'beta',
  'gamma',
  'x',
  'API',
  'café',
  '東京',
  '🌤️',
  'a|b',
  '`code`',
  '**bold**',
  '_em_',
  'C#',
  '&amp;',
  '<br>',
  '\\',
  '"q"',
  "it's",
  '#tag',
  '1.',
  '-',
  '*',
  '[link](https://x.y)',
  ':',
  '{x}',
  '—',
];
const word = fc.constantFrom(...WORDS);
const lead = fc.constantFrom('The', 'Use', 'When', 'Run', 'A', 'Zed', 'Résumé', '9', 'Every');

/** A line that starts with a letter or digit (so it is plain paragraph text), no trailing spaces. */
export const textLine = fc.tuple(lead, fc.array(word, { maxLength: 8 })).map(([l, ws]) => [l, ...ws].join(' '));

const paragraph = fc.array(textLine, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n'));
const codeLine = fc.constantFrom('echo "hi" | jq .', '## not a heading', '**Input:**', '# comment', '| a | b |', '- item', '', '  indented', '~~~');
const fenced = fc
  .tuple(fc.constantFrom('```', '````', '~~~~'), fc.constantFrom('', 'bash', 'json'), fc.array(codeLine, { maxLength: 4 }))
  .map(([f, info, ls]) => [`${f}${info}`, ...ls, f].join('\n'));
/** Items of two words or more: a one-word `- item` is a tool to Forge's runtime, so the compiler writes that list with `*`. */
const itemLine = fc.tuple(lead, fc.array(word, { minLength: 1, maxLength: 8 })).map(([l, ws]) => [l, ...ws].join(' '));
const bulletList = fc.array(itemLine, { minLength: 1, maxLength: 3 }).map((ls) => ls.map((l) => `- ${l}`).join('\n'));
const subHeading = textLine.map((l) => `### ${l}`);

/** Free Markdown made of paragraphs, lists, fences and ### headings; starts with a paragraph. */
export const markdown = fc
  .tuple(paragraph, fc.array(fc.oneof(paragraph, fenced, bulletList, subHeading), { maxLength: 4 }))
  .map(([p, rest]) => [p, ...rest].join('\n\n'));

/** The same without headings (a tool description ends at the first heading). */
export const markdownNoHeadings = fc
  .tuple(paragraph, fc.array(fc.oneof(paragraph, fenced, bulletList), { maxLength: 3 }))
  .map(([p, rest]) => [p, ...rest].join('\n\n'));

const ident = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
const safeKey = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,7}$/);

/** Any JSON value (normalised through JSON so -0 and the like cannot differ). */
const jsonValue: fc.Arbitrary<unknown> = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(safeKey, tie('value'), { maxKeys: 3 }),
    ),
  }))
  .value.map((v) => JSON.parse(JSON.stringify(v)) as unknown);

const jsonObject = fc.dictionary(safeKey, jsonValue, { maxKeys: 4 });

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary-ascii' }));

const param = fc.record(
  {
    name: ident,
    type: fc.constantFrom('string', 'integer', 'number', 'boolean', 'array', 'object', 'string[]', ''),
    required: fc.boolean(),
    description: anyText,
  },
  { requiredKeys: ['name'] },
);

const example = fc.record({ request: anyText, input: fc.oneof(jsonObject, jsonValue) });

const output = fc.oneof(textLine, jsonObject, fc.array(jsonValue, { maxLength: 3 }));

const toolArb = fc
  .record(
    {
      description: fc.oneof(fc.constant(''), markdownNoHeadings),
      input: fc.array(param, { maxLength: 4 }),
      output,
      examples: fc.array(example, { maxLength: 5 }),
      heuristics: fc.array(textLine, { maxLength: 4 }),
      process: fc.array(textLine, { maxLength: 3 }),
      notes: markdownNoHeadings,
    },
    { requiredKeys: [] },
  )
  .map((t) => {
    const hasPart =
      (t.input?.length ?? 0) > 0 || t.output !== undefined || (t.examples?.length ?? 0) > 0 || (t.heuristics?.length ?? 0) > 0 || (t.process?.length ?? 0) > 0;
    if (!hasPart) delete t.notes;
    return t;
  });

const bin = fc.oneof(
  ident,
  fc.record(
    {
      name: ident,
      version: fc.constantFrom('>=1.0', '2'),
      optional: fc.boolean(),
      apt: ident,
      apk: ident,
      url: fc.constant('https://example.com/bin'),
      dest: fc.constant('/usr/local/bin/x'),
      chmod: fc.constantFrom('0755', '755'),
      run: fc.array(textLine, { maxLength: 2 }),
      sha256: fc.stringMatching(/^[0-9a-f]{4,8}$/),
    },
    { requiredKeys: ['name'] },
  ),
);

const envVar = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,10}$/);
const forge = fc.record(
  {
    runtime: fc.constantFrom('script' as const, 'binary' as const),
    workflow_phase: ident,
    requires: fc.record(
      {
        bins: fc.array(bin, { maxLength: 3 }),
        env: fc.record(
          { required: fc.array(envVar, { maxLength: 2 }), one_of: fc.array(envVar, { maxLength: 2 }), optional: fc.array(envVar, { maxLength: 2 }) },
          { requiredKeys: [] },
        ),
        capabilities: fc.array(ident, { maxLength: 2 }),
        other: jsonValue,
      },
      { requiredKeys: [] },
    ),
    egress_domains: fc.array(fc.domain(), { maxLength: 3 }),
    denied_tools: fc.array(ident, { maxLength: 2 }),
    timeout_hint: fc.oneof(fc.integer({ min: 1, max: 3600 }), fc.constant('300s')),
    guardrails: jsonObject,
  },
  { requiredKeys: [] },
);

const heading = textLine.filter((h) => !/^tool:/i.test(h) && h !== 'Safety Constraints' && h !== 'Important Notes');

export function skillSpecArbitrary(): fc.Arbitrary<SkillSpecInput> {
  return fc
    .record(
      {
        name: anyText,
        description: anyText,
        icon: fc.constantFrom('🔧', '☸️', '\u{1F4B0}'),
        category: ident,
        tags: fc.array(ident, { maxLength: 3 }),
        license: anyText,
        compatibility: anyText,
        'allowed-tools': fc.oneof(textLine, fc.array(ident, { maxLength: 2 })),
        metadata: fc.record({ forge, author: anyText }, { requiredKeys: [] }),
        extra_frontmatter: fc.dictionary(
          safeKey.map((k) => `x_${k}`),
          jsonValue,
          { minKeys: 1, maxKeys: 2 },
        ),
        title: textLine,
        summary: paragraph,
        instructions: markdown,
        tools: fc.uniqueArray(fc.tuple(ident, toolArb), { maxLength: 3, selector: ([n]) => n }).map((ts) => ts.map(([name, t]) => ({ name, ...t }))),
        safety: fc.array(textLine, { maxLength: 3 }),
        notes: fc.array(textLine, { maxLength: 3 }),
        extra_sections: fc.array(fc.record({ heading, level: fc.constantFrom(1, 2), content: fc.oneof(fc.constant(''), markdown), slot: fc.nat({ max: 9 }) }), {
          maxLength: 4,
        }),
      },
      { requiredKeys: ['name', 'description'] },
    )
    .map((s) => {
      if (s.instructions !== undefined && s.summary === undefined) delete s.instructions;
      // Places that exist in this spec, in document order.
      const places: (string | undefined)[] = [undefined, ...(s.tools ?? []).map((t) => `tool:${t.name}`)];
      if ((s.safety?.length ?? 0) > 0) places.push('safety');
      if ((s.notes?.length ?? 0) > 0) places.push('notes');
      const extras: { heading: string; level: 1 | 2; content: string; after?: string }[] = (s.extra_sections ?? []).map(({ slot, ...e }) => {
        const after = places[slot % places.length];
        return after === undefined ? e : { ...e, after };
      });
      extras.sort((a, b) => places.indexOf(a.after) - places.indexOf(b.after));
      // With nothing above it, a level-1 section would read back as the title.
      const first = extras[0];
      if (first && first.after === undefined && first.level === 1 && s.title === undefined && s.summary === undefined) first.level = 2;
      const spec: SkillSpecInput = { ...s, extra_sections: extras } as SkillSpecInput;
      return spec;
    });
}
