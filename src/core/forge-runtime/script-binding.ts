// Which script Forge's runtime runs for a `## Tool:` entry, and under which
// interpreter. The one table of runnable extensions lives here, in the
// runtime's priority order; a tool `foo_bar` binds to `scripts/foo-bar.<ext>`
// or `scripts/foo_bar.<ext>`, trying every name form of one extension before
// the next extension, and a tool name that is not a bare path segment binds
// nothing. The runtime also looks in an agent-wide `skills/scripts/` folder
// after the skill's own; this package knows only a skill's own folder.

export type Interpreter = 'bash' | 'python3' | 'node';

/** Extension (with its dot, lower case) → interpreter, in the order the runtime tries them. */
export const SCRIPT_INTERPRETERS: ReadonlyArray<readonly [ext: string, interpreter: Interpreter]> = Object.freeze([
  Object.freeze(['.sh', 'bash'] as const),
  Object.freeze(['.bash', 'bash'] as const),
  Object.freeze(['.py', 'python3'] as const),
  Object.freeze(['.js', 'node'] as const),
  Object.freeze(['.cjs', 'node'] as const),
  Object.freeze(['.mjs', 'node'] as const),
]);

/** The extensions, with dot, the runtime can execute, in preference order. */
export const SCRIPT_EXTENSIONS: readonly string[] = Object.freeze(SCRIPT_INTERPRETERS.map(([ext]) => ext));

const BY_EXTENSION: ReadonlyMap<string, Interpreter> = new Map(SCRIPT_INTERPRETERS);

/** The extension of a file name, with its dot (`''` when there is none or the name starts with it). */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot) : '';
}

/**
 * The interpreter the runtime runs a script file under, by extension; `null`
 * when it never runs such a file. Case matters: the runtime looks for
 * `<name>.sh` exactly, so `x.SH` is never bound.
 */
export function interpreterFor(fileName: string): Interpreter | null {
  return BY_EXTENSION.get(extensionOf(fileName)) ?? null;
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

/** `my_search` → `my-search`: the preferred script file name (without extension) of a tool. */
export function toolScriptBaseName(toolName: string): string {
  return toolName.replace(/_/g, '-');
}

/** `my-search` → `my_search`: the snake_case tool name a script stem would be bound by. */
export function toolNameForStem(stem: string): string {
  return stem.replace(/-/g, '_');
}

/** A stem the runtime will look up: one plain path segment that cannot leave the scripts folder. */
function isBareSegment(stem: string): boolean {
  return stem !== '' && stem !== '..' && !stem.includes('/');
}

/**
 * The file stems a tool binds to: `my-search`, then `my_search` (when they
 * differ). Empty when either form is not a bare path segment (`a/b`, `..`):
 * the runtime then binds the tool to nothing.
 */
export function toolScriptStems(toolName: string): string[] {
  const hyphen = toolScriptBaseName(toolName);
  const underscore = toolNameForStem(toolName);
  const stems = hyphen === underscore ? [hyphen] : [hyphen, underscore];
  return stems.every(isBareSegment) ? stems : [];
}

/**
 * The script that backs a tool, among `scriptNames` (plain file names in the
 * skill's `scripts/`), as the runtime picks it: for each extension in
 * {@link SCRIPT_EXTENSIONS} order, the hyphen form then the underscore form.
 */
export function scriptForTool(toolName: string, scriptNames: readonly string[]): string | null {
  const stems = toolScriptStems(toolName);
  if (stems.length === 0) return null;
  // One pass over the names (no set of them, no candidate name per extension and stem): the best rank wins, as in the runtime's order.
  let best: string | null = null;
  let bestRank = Infinity;
  for (const name of scriptNames) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? EXTENSION_RANK.get(name.slice(dot)) : undefined;
    if (ext === undefined || ext * 2 >= bestRank) continue;
    const form = stems.indexOf(name.slice(0, dot));
    if (form >= 0 && ext * 2 + form < bestRank) {
      bestRank = ext * 2 + form;
      best = name;
    }
  }
  return best;
}

/** Each runnable extension's place in the runtime's order. */
const EXTENSION_RANK: ReadonlyMap<string, number> = new Map(SCRIPT_EXTENSIONS.map((ext, i) => [ext, i]));

/** The tool (among `toolNames`) a script would back, or `null`. */
export function toolForScript(scriptName: string, toolNames: readonly string[]): string | null {
  if (interpreterFor(scriptName) === null) return null;
  const stem = scriptStem(scriptName);
  for (const tool of toolNames) if (isStemOf(tool, stem)) return tool;
  return null;
}

/** `toolScriptStems(toolName).includes(stem)`, compared in place (no stems made). */
function isStemOf(toolName: string, stem: string): boolean {
  if (stem.length !== toolName.length || !isBareSegment(toolName)) return false; // both name forms are bare exactly when the name is
  let hyphen = true;
  let underscore = true;
  for (let i = 0; i < stem.length && (hyphen || underscore); i++) {
    const t = toolName.charCodeAt(i);
    const c = stem.charCodeAt(i);
    if (c !== (t === 95 /* _ */ ? 45 : t)) hyphen = false;
    if (c !== (t === 45 /* - */ ? 95 : t)) underscore = false;
  }
  return hyphen || underscore;
}
