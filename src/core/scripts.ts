// Helper scripts of a skill and how they map to `## Tool:` sections (SPEC §5
// runtime contract): tool `my_search` runs `scripts/my-search.<ext>` or
// `scripts/my_search.<ext>` (Forge accepts both; hyphen first), and the
// extension picks the interpreter (.sh/.bash → bash, .py → python3,
// .js/.mjs → node). Also finds helper scripts that other scripts load
// (`source "$DIR/common.sh"`, `import common`, `require('./util')`), which are
// not tools and so map to no `## Tool:`.

export type Interpreter = 'bash' | 'python3' | 'node';

const INTERPRETERS: Readonly<Record<string, Interpreter>> = {
  sh: 'bash',
  bash: 'bash',
  py: 'python3',
  js: 'node',
  mjs: 'node',
};

/** The extensions, with dot, the runtime can execute, in preference order. */
export const SCRIPT_EXTENSIONS: readonly string[] = ['.sh', '.bash', '.py', '.js', '.mjs'];

/** `my_search` → `my-search`: the script file name (without extension) that backs a tool. */
export function toolScriptBaseName(toolName: string): string {
  return toolName.trim().replace(/_/g, '-');
}

/** The interpreter the runtime uses for a script file, by extension; `null` when it cannot run it. */
export function interpreterFor(fileName: string): Interpreter | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  return INTERPRETERS[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/** The file name without its last extension (`my-search.sh` → `my-search`). */
export function scriptStem(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/**
 * `scripts/x.sh` and `x.sh` both name the script `x.sh`: drafts sometimes key
 * scripts by their path inside the skill folder.
 */
export function normalizeScriptName(key: string): string {
  return key.startsWith('scripts/') ? key.slice('scripts/'.length) : key;
}

/** The file stems a tool binds to: `my-search`, then `my_search` (Forge accepts both name forms). */
export function toolScriptStems(toolName: string): string[] {
  const hyphen = toolScriptBaseName(toolName);
  const underscore = toolName.trim().replace(/-/g, '_');
  return hyphen === underscore ? [hyphen] : [hyphen, underscore];
}

/**
 * The script that backs a tool, among `scriptNames`: the runnable file whose
 * stem is one of {@link toolScriptStems}. When several match, the first in
 * {@link SCRIPT_EXTENSIONS} order wins, then the hyphen form (Forge's order).
 */
export function scriptForTool(toolName: string, scriptNames: readonly string[]): string | null {
  const stems = toolScriptStems(toolName);
  let best: string | null = null;
  let bestRank = Infinity;
  for (const name of scriptNames) {
    const stemRank = stems.indexOf(scriptStem(name));
    if (stemRank < 0 || interpreterFor(name) === null) continue;
    const rank = SCRIPT_EXTENSIONS.indexOf(name.slice(name.lastIndexOf('.')).toLowerCase()) * 2 + stemRank;
    if (rank < bestRank) {
      best = name;
      bestRank = rank;
    }
  }
  return best;
}

/** The tool (among `toolNames`) a script backs, or `null`. */
export function toolForScript(scriptName: string, toolNames: readonly string[]): string | null {
  if (interpreterFor(scriptName) === null) return null;
  const stem = scriptStem(scriptName);
  for (const tool of toolNames) if (toolScriptStems(tool).includes(stem)) return tool;
  return null;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * True when another script of the skill uses `name` rather than it being a
 * tool entry point: another script names the file (`source "$DIR/common.sh"`,
 * `python3 "$DIR/util.py"`, a data file such as `query.graphql`), imports its
 * Python module (`from common import x`, `import common`) or requires it by
 * relative path (`require('./util')`, `from './util.js'`).
 */
export function isHelperScript(name: string, scripts: Readonly<Record<string, string>>): boolean {
  const stem = escapeRe(scriptStem(name));
  const patterns: RegExp[] = [new RegExp(`(?<![\\w.-])${escapeRe(name)}(?![\\w-])`)];
  const interp = interpreterFor(name);
  if (interp === 'python3') patterns.push(new RegExp(`^\\s*(?:from\\s+\\.?${stem}\\s+import\\b|import\\s+${stem}\\b)`, 'm'));
  if (interp === 'node') patterns.push(new RegExp(`["']\\.{1,2}/(?:[^"'\\n]*/)?${stem}["']`));
  for (const [other, content] of Object.entries(scripts)) {
    if (normalizeScriptName(other) === name) continue;
    if (patterns.some((re) => re.test(content))) return true;
  }
  return false;
}
