// A complete, warning-free SKILL.md (+ script) for the validator and catalog
// tests, and small builders to vary one thing at a time. Every rule test
// starts from this and changes exactly what the rule is about.

export const FENCE = '```';

export interface ToolParts {
  description?: string;
  input?: string;
  output?: string;
  examples?: number;
  heuristics?: string | null;
}

const EXAMPLE_ROWS = [
  '| weather in Paris | {"location": "Paris"} |',
  '| is it cold in Oslo | {"location": "Oslo"} |',
  '| temperature in Lima right now | {"location": "Lima"} |',
  '| do I need an umbrella in London | {"location": "London"} |',
  '| current conditions at 48.8,2.3 | {"location": "48.8,2.3"} |',
  '| how windy is Wellington | {"location": "Wellington"} |',
];

/** The one-line spec Forge's runtime reads, then the table for people. */
export const TABLE_INPUT = [
  '**Input:** location (string, required)',
  '',
  '| Parameter | Type | Required | Description |',
  '| --- | --- | --- | --- |',
  '| location | string | yes | City name or coordinates |',
].join('\n');

export const JSON_OUTPUT = [
  '**Output:** Temperature and conditions',
  '',
  `${FENCE}json`,
  '{"type": "object", "properties": {"temp_c": {"type": "number"}, "condition": {"type": "string"}}}',
  FENCE,
].join('\n');

export const HEURISTICS = [
  '**Detection heuristics**',
  '',
  '- The user asks about current weather, temperature or conditions somewhere',
  '- The user asks whether to bring an umbrella or a coat',
].join('\n');

/** A `## Tool:` section; by default complete (Input table, JSON output, 5 examples, heuristics). */
export function toolSection(name: string, parts: ToolParts = {}): string {
  const n = parts.examples ?? 5;
  const examples = n === 0 ? '' : ['**Examples:**', '', '| User Request | Tool Input |', '| --- | --- |', ...EXAMPLE_ROWS.slice(0, n)].join('\n');
  return [
    `## Tool: ${name}`,
    '',
    parts.description ?? 'Get the current weather for a location.',
    '',
    parts.input ?? TABLE_INPUT,
    '',
    parts.output ?? JSON_OUTPUT,
    '',
    examples,
    '',
    parts.heuristics === null ? '' : (parts.heuristics ?? HEURISTICS),
    '',
  ].join('\n');
}

export const GOOD_FRONTMATTER = [
  'name: weather-report',
  'description: When the user asks about the weather ("weather in Paris", "will it rain tomorrow"), fetch it from wttr.in and summarise it.',
  'category: utilities',
  'tags:',
  '  - weather',
  '  - forecast',
  'metadata:',
  '  forge:',
  '    requires:',
  '      bins:',
  '        - curl',
  '        - jq',
  '      env:',
  '        required: []',
  '        one_of: []',
  '        optional: []',
  '    egress_domains:',
  '      - wttr.in',
].join('\n');

export function skillMd(frontmatter: string = GOOD_FRONTMATTER, body: string = `# Weather Report\n\n${toolSection('weather_current')}`): string {
  return `---\n${frontmatter}\n---\n${body}`;
}

export const GOOD_SCRIPT = [
  '#!/usr/bin/env bash',
  'set -euo pipefail',
  'INPUT="${1:-}"',
  'location=$(jq -r \'.location // empty\' <<< "$INPUT")',
  'curl -s "https://wttr.in/${location}?format=j1" | jq \'{temp_c: .current_condition[0].temp_C}\'',
  '',
].join('\n');

export function goodScripts(): Record<string, string> {
  return { 'weather-current.sh': GOOD_SCRIPT };
}

/** Replaces exactly one occurrence (throws when the fixture changed and the needle is gone). */
export function replaceOnce(text: string, needle: string, replacement: string): string {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`fixture does not contain ${JSON.stringify(needle)}`);
  return text.slice(0, at) + replacement + text.slice(at + needle.length);
}
