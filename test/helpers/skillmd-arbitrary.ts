// fast-check arbitraries of whole SKILL.md documents for the parser, validator
// and compiler fuzz tests: a frontmatter (YAML written from a random object
// whose fields are right or wrongly typed, or raw YAML fragments) and a body
// made of the lines hand-written skills consist of, with CRLF and BOM variants.
// Specs in the compiler's canonical form are in skill-spec-arbitrary.ts.

import fc from 'fast-check';
import { stringify } from 'yaml';

/**
 * Lines hand-written SKILL.md bodies are made of, including the shapes the
 * decompiler must refuse to read as structure (so they travel verbatim).
 */
export const BODY_LINE = fc.constantFrom(
  '# Title',
  '## Tool: a',
  '## Tool: b',
  '## Safety Constraints',
  '## Important Notes',
  '## Other',
  '### Sub',
  '#### Deep',
  '# Top',
  '**Input:**',
  '**Input:** q (string) - query, n (int, default: 3)',
  '**Input:** none',
  '**Output:**',
  '**Output:** text out',
  '**Examples:**',
  '**Detection heuristics:**',
  '**Detection heuristics**',
  '**Process:**',
  '**Output (file):**',
  '**Input:**\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|',
  '**Examples:**\n\n| User Request | Tool Input |\n|---|---|',
  '| Parameter | Type | Required | Description |',
  '|---|---|---|---|',
  '| q | string | yes | d \\| e |',
  '| q | string | maybe | d |',
  '| User Request | Tool Input |',
  '| "hi" | `{"a":1}` |',
  '| hi | nojson |',
  '```',
  '```json',
  '{"x": 1}',
  '[1,2]',
  '"str"',
  '~~~',
  '````',
  '- item',
  '- item two',
  '* star',
  '1. step',
  '2) step',
  '  continued',
  'Paragraph text.',
  'More text here',
  '',
  '',
  '',
  '---',
  '> quote',
  '    indented code',
);

/** More body lines: odd headings, tool names in code spans, response formats, tables with broken rows. */
const EXTRA_BODY_LINE = fc.constantFrom(
  '## Tool:',
  '## tool: `c_d`',
  '## TOOL: e ##',
  '##Tool: f',
  '   ## Tool: g',
  '## Tool: a',
  '### Tool: nested',
  '## Tool Usage',
  '###### six',
  '####### seven',
  '### Response Format',
  '```json\n{"type": "object", "properties": {"a": {"type": "string"}}}\n```',
  '```json\n{broken',
  '| a |',
  '|',
  '| --- |',
  '|-|-|-|-|',
  '| x | `{"a": 1}` | extra |',
  '**Detection heuristics:**\n- user says "x"\n- user asks y',
  'weather_now',
  '- single',
  '- two words',
  '\t## tab heading',
  '## Tool: a\n**Input:** city (string): the city\n**Output:** JSON with temp',
  '<!-- comment -->',
  '\\# not heading',
  '# ',
  '#',
  '#\t',
);

/** Pieces of Markdown and YAML that random characters rarely form. */
export const SKILLMD_TOKENS = [
  '---',
  '---\n',
  '\n',
  '\r\n',
  '\r',
  '\uFEFF',
  '## Tool: x',
  '## Tool: ',
  '# ',
  '### ',
  '**Input:**',
  '**Output:**',
  '**Examples:**',
  '**Detection heuristics:**',
  '| a | b |',
  '|---|---|',
  '| Parameter | Type | Required | Description |',
  '| User Request | Tool Input |',
  '\\|',
  '`',
  '```',
  '````',
  '~~~',
  '```json',
  '{',
  '}',
  '[',
  ']',
  'name: x',
  'description: d',
  'metadata:',
  '  forge:',
  '    requires:',
  '      bins:',
  '        - name:',
  '          run: 1',
  '- ',
  ': ',
  '"',
  "'",
  '&a',
  '*a',
  '!!binary',
  '   ',
  '\t',
  '- a',
  '1. ',
  '(string)',
  '(integer: 1-3)',
  'default: 3',
  'none',
];

const BIN_KEYS = ['name', 'version', 'optional', 'apt', 'apk', 'url', 'dest', 'chmod', 'run', 'sha256', 'extra'] as const;

/** A value of the kind YAML often gets wrong: numbers that look like text, booleans, nulls, lists and maps where text is expected. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '0755',
    '755',
    '300s',
    'yes',
    'no',
    '~',
    '',
    ' ',
    '- x',
    'a: b',
    '"q"',
    '#c',
    'https://example.com/x',
    '/usr/local/bin/x',
    'script',
    'binary',
  ),
  fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('a', 'name', 'x'), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);

const goodOrOdd = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: oddValue });

const ident = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
const envName = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,8}$/);
const list = <T>(a: fc.Arbitrary<T>) => goodOrOdd(fc.array(a, { maxLength: 3 }));

const bin = fc.oneof(
  goodOrOdd(ident),
  fc.dictionary(
    fc.constantFrom(...BIN_KEYS),
    goodOrOdd(fc.oneof(ident, fc.constantFrom('0755', 'https://example.com/b', '/usr/local/bin/b'), fc.array(ident, { maxLength: 2 }))),
    { maxKeys: 5 },
  ),
);

const forge = fc.record(
  {
    requires: goodOrOdd(
      fc.record(
        {
          bins: list(bin),
          env: goodOrOdd(fc.record({ required: list(envName), one_of: list(envName), optional: list(envName) }, { requiredKeys: [] })),
          capabilities: list(ident),
          other: oddValue,
        },
        { requiredKeys: [] },
      ),
    ),
    egress_domains: list(fc.oneof(fc.domain(), fc.constantFrom('*.example.com', 'http://x.y', 'localhost', ''))),
    denied_tools: list(ident),
    timeout_hint: goodOrOdd(fc.oneof(fc.integer({ min: -5, max: 4000 }), fc.constant('300s'))),
    runtime: goodOrOdd(fc.constantFrom('script', 'binary', 'wasm')),
    workflow_phase: goodOrOdd(ident),
  },
  { requiredKeys: [] },
);

/** A frontmatter object: known keys with right or wrong types, plus unknown keys. */
const frontmatterObject = fc.record(
  {
    name: goodOrOdd(fc.oneof(ident, fc.constantFrom('My Skill', '-bad-', 'a--b', 'x'.repeat(70), 'weather'))),
    description: goodOrOdd(
      fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('When the user asks about the weather ("weather in Oslo"), report it.', 'Does things.')),
    ),
    icon: oddValue,
    category: goodOrOdd(ident),
    tags: list(ident),
    license: goodOrOdd(fc.constantFrom('MIT', 'Apache-2.0')),
    compatibility: oddValue,
    'allowed-tools': oddValue,
    metadata: goodOrOdd(fc.record({ forge: goodOrOdd(forge), author: oddValue }, { requiredKeys: [] })),
    extra: oddValue,
  },
  { requiredKeys: [] },
);

/** Raw YAML lines, some broken: tabs, bad indentation, anchors, duplicate keys, flow collections. */
const YAML_LINE = fc.constantFrom(
  'name: x',
  'name: weather',
  'description: d',
  'description: "quoted: colon"',
  'description: >',
  '  folded text',
  'name: x',
  'metadata:',
  '  forge:',
  '    requires:',
  '      bins:',
  '        - jq',
  '        - name: rg',
  '          apt: ripgrep',
  '          chmod: 0755',
  '          run: [a, b]',
  '      env:',
  '        required: [API_KEY]',
  '        one_of:',
  '          - A',
  '    egress_domains: [api.example.com]',
  '    timeout_hint: 300',
  '\tname: tab',
  '  bad: indent',
  'key: [unclosed',
  'key: {a: 1',
  '&a anchor: 1',
  'ref: *a',
  'ref: *missing',
  '!!binary x',
  '? complex',
  ': no key',
  '- item',
  'tags: [a, b]',
  'tags: a',
  '"quoted key": 1',
  "'single': 2",
  '# comment',
  '',
  '...',
  'name: |',
  '  block',
);

const frontmatterText = fc.oneof(
  frontmatterObject.map((o) => stringify(o).replace(/\n$/, '')),
  fc.array(YAML_LINE, { maxLength: 14 }).map((ls) => ls.join('\n')),
);

export interface SkillMdParts {
  frontmatter: string | null;
  body: string[];
  crlf: boolean;
  bom: boolean;
  closed: boolean;
  finalNewline: boolean;
}

/** The parts of a random SKILL.md document (see skillMdDocument). */
export const skillMdParts: fc.Arbitrary<SkillMdParts> = fc.record({
  frontmatter: fc.option(frontmatterText, { freq: 6 }),
  body: fc.array(
    fc.oneof({ weight: 3, arbitrary: BODY_LINE }, { weight: 1, arbitrary: EXTRA_BODY_LINE }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }),
    { maxLength: 40 },
  ),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  closed: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  finalNewline: fc.boolean(),
});

export function renderSkillMd(p: SkillMdParts): string {
  const lines: string[] = [];
  if (p.frontmatter !== null) {
    lines.push('---', p.frontmatter);
    if (p.closed) lines.push('---');
  }
  lines.push(...p.body);
  let text = lines.join('\n') + (p.finalNewline ? '\n' : '');
  if (p.crlf) text = text.replace(/\n/g, '\r\n');
  return (p.bom ? '\uFEFF' : '') + text;
}

/** A random SKILL.md document: frontmatter (right, wrong or broken) and a body of typical lines. */
export const skillMdDocument: fc.Arbitrary<string> = skillMdParts.map(renderSkillMd);
