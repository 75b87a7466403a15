// Forge's runtime contract is written down once, in src/core/forge-runtime:
// the extension → interpreter table, the property-key rule, the tool ↔ script
// name forms and the built-in tool names appear in exactly one file of src/
// (everything else imports them). A copy that drifts is how the validator once
// said a `.cjs` script "cannot run" while the runtime view and the sandbox ran it.
import { describe, expect, it } from 'vitest';
import { readSources } from './source-files.js';

const sources = readSources('src');

/** The files of src/ with a line matching `re`. */
function filesMatching(re: RegExp): string[] {
  return sources.filter(({ src }) => src.split('\n').some((line) => re.test(line))).map(({ path }) => path);
}

describe('the runtime contract has one home', () => {
  it('the extension → interpreter table', () => {
    const ext = String.raw`['"]\.(?:sh|bash|py|js|cjs|mjs)['"]`;
    const key = String.raw`\b(?:sh|py|js|cjs|mjs)['"]?\s*:`;
    const interpreter = String.raw`['"](?:bash|python3|node)['"]`;
    // `['.sh', 'bash']`, `'.py': 'python3'`, `js: 'node'`, `ext === '.py') return 'python3'`.
    const pair = new RegExp(`${ext}\\s*[,:]\\s*${interpreter}|${key}\\s*${interpreter}|${ext}\\)\\s*return\\s+${interpreter}`);
    expect(filesMatching(pair)).toEqual(['src/core/forge-runtime/script-binding.ts']);
    // Nor does any other file write the runnable extensions out as a list (`.sh, .bash, .py` or `['.sh', '.py']`).
    const lists = filesMatching(/\.sh['"`]?,\s*['"`]?\.bash|\.py['"`]?,\s*['"`]?\.js|\.js['"`]?,\s*['"`]?\.cjs/);
    expect(lists.filter((p) => !p.startsWith('src/core/forge-runtime/'))).toEqual([]);
  });

  it('the property-key rule', () => {
    expect(filesMatching(/a-zA-Z0-9_\.-\]/)).toEqual(['src/core/forge-runtime/input-spec.ts']);
  });

  it('the tool ↔ script name forms', () => {
    expect(filesMatching(/replace\(\/_\/g, '-'\)|replace\(\/-\/g, '_'\)/)).toEqual(['src/core/forge-runtime/script-binding.ts']);
  });

  it('the built-in tool names', () => {
    expect(filesMatching(/['"](?:datetime_now|uuid_generate|schedule_history|math_calculate)['"]/)).toEqual(['src/core/forge-runtime/builtins.ts']);
  });
});
