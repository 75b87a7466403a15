// Every part of the package that speaks for Forge's runtime agrees on which
// script runs a tool, extension by extension: the validator, the runtime view,
// the sandbox's run preparation, the build artifacts, the catalog and the
// routing view. The answers are Forge's (forge-cli/runtime/runner.go
// skillScriptExtensions: .sh .bash .py .js .cjs .mjs run; nothing else does).
import { describe, expect, it } from 'vitest';
import { compileSkills } from '../../../src/core/artifacts/compile-skills.js';
import { buildSkillCatalog } from '../../../src/core/catalog.js';
import { buildAgentView } from '../../../src/core/routing/agent-view.js';
import { forgeRuntimeView } from '../../../src/core/runtime-view/index.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';
import { Skill } from '../../../src/core/skill/skill.js';
import { prepareRun, resolveToolScript } from '../../../src/node/sandbox/prepare.js';
import { ToolRunError } from '../../../src/node/sandbox/types.js';

const SKILL_MD = `---
name: demo-lookup
description: When the user asks to look something up in the demo index ("look up x"), run the lookup.
metadata:
  forge:
    requires:
      bins:
        - python3
        - node
---
# Demo lookup

## Tool: demo_lookup

Looks a thing up.

**Input:** q (string, required)
**Output:** The thing as JSON.
`;

const BODY = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "$INPUT"\n';

const CASES: Array<[ext: string, interpreter: string | null]> = [
  ['.sh', 'bash'],
  ['.bash', 'bash'],
  ['.py', 'python3'],
  ['.js', 'node'],
  ['.cjs', 'node'],
  ['.mjs', 'node'],
  ['.ts', null],
  ['.rb', null],
];

describe.each(CASES)('scripts/demo-lookup%s', (ext, interpreter) => {
  const file = `demo-lookup${ext}`;
  const scripts = { [file]: BODY };
  const runs = interpreter !== null;

  it(runs ? `runs under ${interpreter} everywhere` : 'runs nowhere', () => {
    // Validator: no "cannot run" finding for a runnable script; one for any other.
    const v = validateSkillMd(SKILL_MD, { profile: 'forge', scripts });
    const unmapped = v.warnings.filter((d) => d.code === 'script-unmapped').map((d) => d.message);
    if (runs) expect(unmapped).toEqual([]);
    else expect(unmapped).toEqual([expect.stringContaining('cannot run (use .sh, .bash, .py, .js, .cjs or .mjs)')]);
    expect(v.warnings.some((d) => d.code === 'tool-missing-script')).toBe(false);

    // Runtime view.
    expect(forgeRuntimeView(SKILL_MD, { scripts: [file] }).tools[0]!.script).toBe(runs ? `scripts/${file}` : null);

    // Sandbox.
    expect(resolveToolScript('demo_lookup', [file])).toEqual(runs ? { file, interpreter } : null);
    const prepare = () => prepareRun(Skill.from({ skillMd: SKILL_MD, scripts }), { tool: 'demo_lookup', input: { q: 'x' } });
    if (runs) expect(prepare()).toMatchObject({ scriptFile: file, interpreter });
    else expect(prepare).toThrow(ToolRunError);

    // Build artifacts: the skill's tool record and tools.json.
    const built = compileSkills([{ skillMd: SKILL_MD, dirName: 'demo-lookup', scripts }]);
    expect(built.skills[0]!.tools[0]!.script).toBe(runs ? `demo-lookup/scripts/${file}` : null);
    expect(built.skills[0]!.tools[0]!.interpreter).toBe(interpreter);
    expect(built.tools.map((t) => [t.name, t.interpreter])).toEqual(runs ? [['demo_lookup', interpreter]] : []);

    // Catalog: a skill whose only tool is callable is reached as a tool, not listed.
    const catalog = buildSkillCatalog([{ skillMd: SKILL_MD, dirName: 'demo-lookup', scripts: { [file]: '' } }]);
    expect(catalog.includes('- demo-lookup:')).toBe(!runs);

    // Routing: the model's tools.
    const view = buildAgentView([{ skillMd: SKILL_MD, dirName: 'demo-lookup', scripts: { [file]: '' } }]);
    expect(view.tools.map((t) => t.name)).toEqual(runs ? ['read_skill', 'demo_lookup'] : ['read_skill']);
  });
});
