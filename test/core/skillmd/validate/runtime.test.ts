// The validator speaking for Forge's runtime (validate-runtime.ts), each
// finding with its line, and fixForRuntime (what `validate --fix` writes):
// only the spec lines, output summaries and phantom list markers change.

import { describe, expect, it } from 'vitest';
import { validateSkillMd } from '../../../../src/core/skillmd/validate/validate.js';
import { fixForRuntime } from '../../../../src/core/runtime-form/fix.js';
import { forgeRuntimeView } from '../../../../src/core/runtime-view/index.js';

const FM = '---\nname: demo\ndescription: When the user asks for a demo ("demo please"), run it.\n---\n';
const SCRIPT = { 'my-tool.sh': '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "$INPUT"\n' };
const TABLE = '| Parameter | Type | Required | Description |\n|---|---|---|---|\n| q | string | yes | Query |\n| n | integer | no | Count |\n';

function findings(md: string, scripts?: Record<string, string>): string[] {
  const r = validateSkillMd(md, scripts ? { scripts } : {});
  return [...r.errors, ...r.warnings].filter((d) => d.code.startsWith('runtime-')).map((d) => `${d.line} ${d.severity} ${d.code}`);
}

describe('validator: what Forge runtime reads', () => {
  it('a table-only Input: an error with a script, a warning without, on the label line, naming the spec to write', () => {
    const md = `${FM}## Tool: my_tool\n\nDoes it.\n\n**Input:**\n\n${TABLE}`;
    expect(findings(md, SCRIPT)).toEqual(['9 error runtime-input-table-only']);
    expect(findings(md)).toEqual(['9 warning runtime-input-table-only-no-script']);
    const d = validateSkillMd(md, { scripts: SCRIPT }).errors[0]!;
    expect(d.message).toContain('**Input:** q (string, required), n (integer)');
  });

  it('the spec line with its table is quiet; disagreement names the parameter, its type or required', () => {
    expect(findings(`${FM}## Tool: my_tool\n\n**Input:** q (string, required), n (integer)\n\n${TABLE}`, SCRIPT)).toEqual([]);
    const md = `${FM}## Tool: my_tool\n\n**Input:** q (string), n (string, required), extra (bool)\n\n${TABLE}`;
    expect(findings(md, SCRIPT)).toEqual(['7 warning runtime-input-mismatch']);
    const msg = validateSkillMd(md, { scripts: SCRIPT }).warnings.find((d) => d.code === 'runtime-input-mismatch')!.message;
    expect(msg).toContain('the line has extra, which the table does not');
    expect(msg).toContain('n is number in the table but string to the runtime');
    expect(msg).toContain('n is optional in the table but required on the line');
  });

  it('first parameter optional: the runtime requires it', () => {
    expect(findings(`${FM}## Tool: my_tool\n\n**Input:** a (string, optional), b (integer, required)\n`, SCRIPT)).toEqual([
      '7 warning runtime-first-param-required',
    ]);
  });

  it('an unmarked first parameter is optional when another is marked required: flagged at its line, with the line to write', () => {
    const md = `${FM}## Tool: my_tool\n\nDoes it.\n\n**Input:** q (string), id (string, required)\n`;
    expect(findings(md, SCRIPT)).toEqual(['9 warning runtime-first-param-required']);
    const d = validateSkillMd(md, { scripts: SCRIPT }).warnings.find((w) => w.code === 'runtime-first-param-required')!;
    expect(d.message).toContain('"q"');
    expect(d.message).toContain('**Input:** id (string, required), q (string)');
    // Without any `required` mark the author follows the runtime's own reading (the first is required): quiet.
    expect(findings(`${FM}## Tool: my_tool\n\n**Input:** q (string), limit (integer)\n`, SCRIPT)).toEqual([]);
    expect(findings(`${FM}## Tool: my_tool\n\n**Input:** q (string, required), id (string, required)\n`, SCRIPT)).toEqual([]);
    // With no required parameter at all, the message asks to mark it.
    const none = validateSkillMd(`${FM}## Tool: my_tool\n\n**Input:** q (string, optional)\n`, { scripts: SCRIPT }).warnings.find(
      (w) => w.code === 'runtime-first-param-required',
    )!;
    expect(none.message).toContain('mark it required');
  });

  it('a comma inside the description of an inline parameter makes a property key the providers refuse (an error)', () => {
    expect(findings(`${FM}## Tool: my_tool\n\n**Input:** city (string) - City name, optionally with a country code\n`)).toEqual([
      '7 error runtime-input-key-invalid',
    ]);
  });

  it('a heading or a fenced # comment before the Input cuts it off; after it, only the cut is reported', () => {
    const before = `${FM}## Tool: my_tool\n\nDoes it.\n\n\`\`\`bash\n# note\n\`\`\`\n\n**Input:** q (string, required)\n`;
    expect(findings(before, SCRIPT)).toEqual(['13 error runtime-input-cut-off', '10 warning runtime-hash-line-in-tool']);
    const after = `${FM}## Tool: my_tool\n\n**Input:** q (string, required)\n**Output:** Text\n\n### Tips\n\nShort.\n`;
    expect(findings(after, SCRIPT)).toEqual(['10 warning runtime-heading-in-tool']);
  });

  it('phantom tools from - word bullets outside tools (not in a legacy list skill); a tool heading the runtime does not read', () => {
    expect(findings(`${FM}# T\n\nCall \`datetime_now\`.\n\n## Safety Constraints\n\n- read-only\n- Never writes\n`)).toEqual([
      '11 warning runtime-phantom-tool',
    ]);
    expect(findings(`${FM}- translate\n- summarize\n`)).toEqual([]);
    expect(findings(`${FM}## tool: my_tool\n\nDoes it.\n`)).toEqual(['5 warning runtime-tool-not-read']);
  });

  it('output: nothing on the **Output:** line is reported; a script with no Input at all is reported', () => {
    expect(findings(`${FM}## Tool: my_tool\n\n**Input:** q (string, required)\n\n**Output:**\n\n\`\`\`json\n{"a": 1}\n\`\`\`\n`)).toEqual([
      '9 warning runtime-output-missing',
    ]);
    expect(findings(`${FM}## Tool: my_tool\n\nDoes it.\n`, SCRIPT)).toEqual(['5 warning runtime-input-missing']);
  });
});

describe('fixForRuntime', () => {
  it('adds the spec line and the output summary, rewrites phantom lists, and leaves every other byte alone', () => {
    const md = `${FM}## Tool: my_tool\n\nDoes it.\n\n**Input:**\n\n${TABLE}\n**Output:**\n\n\`\`\`json\n{"a": 1}\n\`\`\`\n\n## Safety Constraints\n\n- read-only\n- Never writes files\n\n\`\`\`yaml\n- curl\n\`\`\`\n`;
    const fix = fixForRuntime(md);
    expect(fix.changes.map((c) => [c.line, c.kind, c.after])).toEqual([
      [9, 'input-spec', '**Input:** q (string, required), n (integer)'],
      [16, 'output-summary', '**Output:** A JSON object with a (shape below).'],
      [24, 'phantom-bullet', '* read-only'],
      [25, 'phantom-bullet', '* Never writes files'],
    ]);
    const before = md.split('\n');
    const after = fix.skillMd.split('\n');
    expect(after).toHaveLength(before.length);
    before.forEach((l, i) => {
      if (!fix.changes.some((c) => c.line === i + 1)) expect(after[i]).toBe(l);
    });
    const view = forgeRuntimeView(fix.skillMd);
    expect(view.tools.map((t) => [t.name, t.kind])).toEqual([
      ['my_tool', 'tool'],
      ['curl', 'phantom'],
    ]); // code is never rewritten
    expect(view.tools[0]!.inputSchema.required).toEqual(['q']);
    expect(fixForRuntime(fix.skillMd).changes).toEqual([]);
    expect(validateSkillMd(fix.skillMd, { scripts: SCRIPT }).errors).toEqual([]);
  });

  it('puts the required parameters first when the first is optional, keeping each part as written', () => {
    const md = `${FM}## Tool: my_tool\n\n**Input:** q (string) - the query, id (string, required) - the record\n`;
    const fix = fixForRuntime(md);
    expect(fix.changes.map((c) => [c.line, c.kind, c.after])).toEqual([
      [7, 'input-order', '**Input:** id (string, required) - the record, q (string) - the query'],
    ]);
    expect(findings(fix.skillMd, SCRIPT)).toEqual([]);
    expect(forgeRuntimeView(fix.skillMd).tools[0]!.inputSchema.required).toEqual(['id']);
    expect(fixForRuntime(fix.skillMd).changes).toEqual([]);
    // Nothing to move without a required parameter, nor when a part does not map to one parameter.
    expect(fixForRuntime(`${FM}## Tool: my_tool\n\n**Input:** q (string, optional)\n`).changes).toEqual([]);
    expect(fixForRuntime(`${FM}## Tool: my_tool\n\n**Input:** q (string) - a, b or c, id (string, required)\n`).changes).toEqual([]);
  });

  it('keeps CRLF line ends; touches nothing when the runtime already reads the skill right, or cannot reach the label', () => {
    const crlf = `${FM}## Tool: my_tool\n\n**Input:**\n\n${TABLE}`.replace(/\n/g, '\r\n');
    expect(fixForRuntime(crlf).skillMd).toBe(crlf.replace('**Input:**\r\n', '**Input:** q (string, required), n (integer)\r\n'));
    const good = `${FM}## Tool: my_tool\n\n**Input:** q (string, required), n (integer)\n\n${TABLE}`;
    expect(fixForRuntime(good)).toEqual({ skillMd: good, changes: [] });
    const cut = `${FM}## Tool: my_tool\n\n### Parameters\n\n**Input:**\n\n${TABLE}`;
    expect(fixForRuntime(cut).changes).toEqual([]);
  });
});
