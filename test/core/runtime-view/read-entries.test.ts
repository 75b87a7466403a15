// Forge's line-based reading of a SKILL.md body, one fixture per rule, with
// the runtime view written out by hand from the rules (forge-skills/parser Parse).

import { describe, expect, it } from 'vitest';
import { forgeRuntimeView, splitRuntimeFrontmatter } from '../../../src/core/runtime-view/index.js';

const FM = '---\nname: demo\ndescription: Demo skill\n---\n';

/** name, kind, line, description, specs — the entry fields a fixture states. */
function entries(skillMd: string) {
  return forgeRuntimeView(skillMd).tools.map((t) => ({
    name: t.name,
    kind: t.kind,
    line: t.line,
    description: t.description,
    inputSpec: t.inputSpec,
    outputSpec: t.outputSpec,
    outputFormat: t.outputFormat,
  }));
}

describe('forgeRuntimeView: entries', () => {
  it('reads the seed weather skill: one entry per ## Tool:, inline specs, description lines', () => {
    const md = `${FM}## Tool: weather_current\n\nGet current weather for a location.\n\n**Input:** location (string) - City name or coordinates\n**Output:** Current temperature, conditions, humidity, and wind speed\n\n## Tool: weather_forecast\n\nGet weather forecast for a location.\n\n**Input:** location (string), days (integer: 1-7)\n**Output:** Daily forecast with high/low temperatures and conditions\n`;
    expect(entries(md)).toEqual([
      {
        name: 'weather_current',
        kind: 'tool',
        line: 5,
        description: 'Get current weather for a location.',
        inputSpec: 'location (string) - City name or coordinates',
        outputSpec: 'Current temperature, conditions, humidity, and wind speed',
        outputFormat: '',
      },
      {
        name: 'weather_forecast',
        kind: 'tool',
        line: 12,
        description: 'Get weather forecast for a location.',
        inputSpec: 'location (string), days (integer: 1-7)',
        outputSpec: 'Daily forecast with high/low temperatures and conditions',
        outputFormat: '',
      },
    ]);
  });

  it('joins table rows, bullets and code lines into the description; **Input:** with nothing after it is an empty spec', () => {
    const md = `${FM}## Tool: t\nDoes t.\n**Input:**\n\n| Parameter | Type |\n|---|---|\n| q | string |\n\n- a bullet\n\`\`\`json\n{"a": 1}\n\`\`\`\n**Output format:** json\n`;
    expect(entries(md)).toEqual([
      {
        name: 't',
        kind: 'tool',
        line: 5,
        description: 'Does t. | Parameter | Type | |---|---| | q | string | - a bullet ```json {"a": 1} ```',
        inputSpec: '',
        outputSpec: '',
        outputFormat: 'json',
      },
    ]);
  });

  it('ends an entry at any other # line: a ### heading, a lowercase "## tool:", and a # comment inside a code fence', () => {
    const md = `${FM}## Tool: a\nFirst.\n### Examples\n**Input:** lost (string)\n## Tool: b\nSecond.\n\`\`\`bash\n# a comment\necho hi\n\`\`\`\n**Input:** also_lost (string)\n## tool: c\nThird.\n`;
    const view = forgeRuntimeView(md);
    expect(entries(md)).toEqual([
      { name: 'a', kind: 'tool', line: 5, description: 'First.', inputSpec: '', outputSpec: '', outputFormat: '' },
      { name: 'b', kind: 'tool', line: 9, description: 'Second. ```bash', inputSpec: '', outputSpec: '', outputFormat: '' },
    ]);
    expect(view.tools.map((t) => t.endedBy)).toEqual([
      { line: 7, text: '### Examples' },
      { line: 12, text: '# a comment' },
    ]);
  });

  it('a "## Tool:" with no name opens no entry; the lines under it are outside any entry', () => {
    const md = `${FM}## Tool:\n- orphan\n**Input:** x (string)\n`;
    expect(entries(md)).toEqual([{ name: 'orphan', kind: 'phantom', line: 6, description: '', inputSpec: '', outputSpec: '', outputFormat: '' }]);
  });

  it('the last **Input:** / **Output:** line of an entry wins, also one inside a fence; labels are matched on the trimmed line', () => {
    const md = `${FM}## Tool: t\n   **Input:** first (string)\n\`\`\`\n**Input:** second (string)\n\`\`\`\n**Output:**   two words  \n`;
    const [t] = forgeRuntimeView(md).tools;
    expect(t).toMatchObject({ inputSpec: 'second (string)', inputSpecLine: 8, outputSpec: 'two words', outputSpecLine: 10, description: '``` ```' });
  });

  it('turns "- word" bullets outside entries into name-only entries (legacy list): no space, at most 64 bytes', () => {
    const long = 'x'.repeat(65);
    const md = `${FM}# Title\n\n- read-only\n- Read-only access\n- Read-only.\n* asterisk\n+ plus\n  - nested\n- \`code\`\n-  two-spaces\n- ${'y'.repeat(64)}\n- ${long}\n- é${'z'.repeat(63)}\n-tight\n- tab\there\n\`\`\`yaml\n  - curl\n\`\`\`\n`;
    expect(forgeRuntimeView(md).tools.map((t) => [t.name, t.kind, t.line])).toEqual([
      ['read-only', 'phantom', 7],
      ['Read-only.', 'phantom', 9],
      ['nested', 'phantom', 12],
      ['`code`', 'phantom', 13],
      ['two-spaces', 'phantom', 14],
      ['y'.repeat(64), 'phantom', 15],
      ['tab\there', 'phantom', 19],
      ['curl', 'phantom', 21],
    ]);
  });

  it('a bullet inside an entry is description text, not a phantom; after a # line it is a phantom again', () => {
    const md = `${FM}## Tool: t\n- inside\n## Safety Constraints\n- outside\n`;
    expect(forgeRuntimeView(md).tools.map((t) => [t.name, t.kind, t.description])).toEqual([
      ['t', 'tool', '- inside'],
      ['outside', 'phantom', ''],
    ]);
  });
});

describe('forgeRuntimeView: frontmatter split and loading', () => {
  it('numbers lines from the file start and reads no frontmatter lines', () => {
    const md = '\n\n---\nname: demo\ntags:\n  - one\n---\n## Tool: t\n';
    expect(forgeRuntimeView(md).tools.map((t) => [t.name, t.line])).toEqual([['t', 8]]);
    expect(forgeRuntimeView(md).bodyLine).toBe(8);
  });

  it('without a closing --- the whole file is the body: YAML list items become phantom tools', () => {
    const md = '---\nname: demo\ntags:\n  - weather\n## Tool: t\n';
    expect(forgeRuntimeView(md).tools.map((t) => [t.name, t.kind, t.line])).toEqual([
      ['weather', 'phantom', 4],
      ['t', 'tool', 5],
    ]);
  });

  it('reproduces the CRLF offset: the runtime counts each frontmatter line one byte short, so the YAML it reads is cut early', () => {
    // rest = "name: d\r\ntags:\r\n  - ab\r\n---\r\n…"; counted as (7+1) + (5+1) + (6+1) = 21, while "---" really starts at 24:
    // the YAML is rest[0..21) (tag "a", not "ab") and the body starts at 21 + 3 = 24, the "---" line (line 5).
    const md = '---\r\nname: d\r\ntags:\r\n  - ab\r\n---\r\n## Tool: t\r\n';
    expect(splitRuntimeFrontmatter(md)).toEqual({ frontmatter: 'name: d\r\ntags:\r\n  - a', body: '---\r\n## Tool: t\r\n', bodyLine: 5 });
    expect(forgeRuntimeView(md).tools.map((t) => [t.name, t.line])).toEqual([['t', 6]]);
    // With LF endings the count is exact.
    expect(splitRuntimeFrontmatter(md.replace(/\r/g, '')).frontmatter).toBe('name: d\ntags:\n  - ab\n');
  });

  it('reports what makes the runtime drop the skill: bad YAML, non-kebab category/tag (after lowercasing), unknown capability, a 64 KiB line', () => {
    expect(forgeRuntimeView('---\nname: [\n---\n').loadErrors[0]).toMatch(/not valid YAML/);
    expect(forgeRuntimeView('---\nname: a\ncategory: SRE\n---\n').loadErrors).toEqual([]);
    expect(forgeRuntimeView('---\nname: a\ncategory: dev tools\ntags: [ok, "bad tag"]\n---\n').loadErrors).toEqual([
      'category "dev tools" is not kebab-case',
      'tag "bad tag" is not kebab-case',
    ]);
    expect(forgeRuntimeView('---\nname: a\nmetadata:\n  forge:\n    requires:\n      capabilities: [browsr]\n---\n').loadErrors).toEqual([
      'capability "browsr" is unknown',
    ]);
    const long = `${FM}## Tool: t\n${'a'.repeat(64 * 1024 - 1)}\n${'b'.repeat(64 * 1024)}\n`;
    expect(forgeRuntimeView(long).loadErrors).toEqual(['line 7 is 64 KiB or longer: the runtime stops reading the file there and drops the skill']);
  });

  it('binds scripts by the hyphen and the underscore form, extension order first; binary skills bind none', () => {
    const md = `${FM}## Tool: my_tool\n## Tool: other_one\n## Tool: missing\n`;
    const view = forgeRuntimeView(md, { scripts: ['my_tool.sh', 'scripts/other-one.py', 'other_one.sh', 'readme.txt'] });
    expect(view.tools.map((t) => t.script)).toEqual(['scripts/my_tool.sh', 'scripts/other_one.sh', null]);
    const binary = forgeRuntimeView('---\nname: a\nmetadata:\n  forge:\n    runtime: binary\n---\n## Tool: t\n', { scripts: ['t.sh'] });
    expect(binary.runtime).toBe('binary');
    expect(binary.tools[0]!.script).toBeUndefined();
  });
});

describe('forgeRuntimeView: the lines a description is joined from', () => {
  it('keeps each joined line with its file line, table rows included, specs and blank lines left out', () => {
    const md = `${FM}## Tool: lookup\n\nLooks a term up.\n**Input:** term (string)\n\n| Parameter | Type |\n|---|---|\n| term | string |\n**Output:** entries\n`;
    const t = forgeRuntimeView(md).tools[0]!;
    expect(t.descriptionLines).toEqual([
      { line: 7, text: 'Looks a term up.' },
      { line: 10, text: '| Parameter | Type |' },
      { line: 11, text: '|---|---|' },
      { line: 12, text: '| term | string |' },
    ]);
    expect(t.description).toBe(t.descriptionLines.map((l) => l.text).join(' '));
  });
});
