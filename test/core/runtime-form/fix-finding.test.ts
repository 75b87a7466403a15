// fixFinding: one finding's share of what `validate --fix` writes. Each fix
// clears its finding and changes no other line; together the per-finding
// fixes are exactly fixForRuntime's edit, so every finding the CLI repairs can
// be repaired one at a time in the page.

import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics.js';
import { fixForRuntime } from '../../../src/core/runtime-form/fix.js';
import { fixFinding } from '../../../src/core/runtime-form/fix-finding.js';
import { FIXABLE_CODES } from '../../../src/core/runtime-form/fixable.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';

const FM = '---\nname: demo\ndescription: When the user asks for a demo ("demo please"), run it.\n---\n';
const SCRIPT = { 'my-tool.sh': '#!/usr/bin/env bash\nset -euo pipefail\necho "{}"\n' };
const TABLE = '| Parameter | Type | Required | Description |\n|---|---|---|---|\n| q | string | yes | Query |\n| n | integer | no | Count |\n';

const TABLE_ONLY = `${FM}## Tool: my_tool\n\nDoes it.\n\n**Input:**\n\n${TABLE}\n**Output:**\n\n\`\`\`json\n{"a": 1}\n\`\`\`\n`;
const ORDER = `${FM}## Tool: my_tool\n\n**Input:** q (string) - the query, id (string, required) - the record\n`;
const TWO_LISTS = `${FM}# T\n\nCall \`my_tool\`.\n\n## Safety Constraints\n\n- read-only\n- Never writes\n\n## Notes\n\n- cached\n- Answers fast\n`;

const fixable = (md: string, scripts = SCRIPT): Diagnostic[] => {
  const r = validateSkillMd(md, { scripts });
  return [...r.errors, ...r.warnings].filter((d) => d.code in FIXABLE_CODES);
};
const codesAt = (md: string) => fixable(md).map((d) => `${d.line} ${d.code}`);

describe('fixFinding', () => {
  it('fixes a table-only Input and a bare Output one at a time, each clearing only its own finding', () => {
    expect(codesAt(TABLE_ONLY)).toEqual(['9 runtime-input-table-only', '16 runtime-output-missing']);
    const a = fixFinding(TABLE_ONLY, fixable(TABLE_ONLY)[0]!)!;
    expect(a.changes.map((c) => [c.line, c.kind, c.before, c.after])).toEqual([
      [9, 'input-spec', '**Input:**', '**Input:** q (string, required), n (integer)'],
    ]);
    expect(codesAt(a.skillMd)).toEqual(['16 runtime-output-missing']);
    const b = fixFinding(a.skillMd, fixable(a.skillMd)[0]!)!;
    expect(b.changes.map((c) => c.kind)).toEqual(['output-summary']);
    expect(codesAt(b.skillMd)).toEqual([]);
    expect(b.skillMd).toBe(fixForRuntime(TABLE_ONLY).skillMd);
  });

  it('reorders an Input line whose first parameter is optional', () => {
    const fix = fixFinding(ORDER, fixable(ORDER)[0]!)!;
    expect(fix.changes.map((c) => c.after)).toEqual(['**Input:** id (string, required) - the record, q (string) - the query']);
    expect(codesAt(fix.skillMd)).toEqual([]);
  });

  it('switches the markers of the phantom bullet’s own list and leaves another list for its own finding', () => {
    expect(codesAt(TWO_LISTS)).toEqual(['11 runtime-phantom-tool', '16 runtime-phantom-tool']);
    const fix = fixFinding(TWO_LISTS, fixable(TWO_LISTS)[0]!)!;
    expect(fix.changes.map((c) => [c.line, c.after])).toEqual([
      [11, '* read-only'],
      [12, '* Never writes'],
    ]);
    expect(codesAt(fix.skillMd)).toEqual(['16 runtime-phantom-tool']);
  });

  it('together the per-finding fixes make exactly the edit validate --fix writes', () => {
    for (const md of [TABLE_ONLY, ORDER, TWO_LISTS, TABLE_ONLY.replace(/\n/g, '\r\n')]) {
      const lines = new Set<number>();
      for (const d of fixable(md)) for (const c of fixFinding(md, d)?.changes ?? []) lines.add(c.line);
      expect(
        [...lines].sort((x, y) => x - y),
        md,
      ).toEqual(fixForRuntime(md).changes.map((c) => c.line));
    }
  });

  it('has nothing for a code it does not repair, a finding in a script, or a line the fixer leaves alone', () => {
    expect(fixFinding(TABLE_ONLY, { code: 'name-invalid', line: 2 })).toBeNull();
    expect(fixFinding(TABLE_ONLY, { code: 'runtime-input-table-only', line: 9, file: 'scripts/my-tool.sh' })).toBeNull();
    expect(fixFinding(TABLE_ONLY, { code: 'runtime-input-table-only', line: 3 })).toBeNull();
    expect(fixFinding(TABLE_ONLY, { code: 'runtime-phantom-tool' })).toBeNull();
  });
});
