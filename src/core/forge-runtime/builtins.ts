// The built-in tools every Forge agent has without a skill, and the
// capabilities a skill may ask the runtime for. The system prompt advertises
// this list and the validator consults it: a skill that only names built-ins
// needs no `## Tool:` section, and the registry refuses a skill tool that
// takes a built-in's name. Descriptions are our own one-line summaries.

export interface BuiltinTool {
  /** The name the agent calls it by (snake_case). */
  readonly name: string;
  /** One line: what the tool does for a skill. */
  readonly description: string;
}

export const BUILTIN_TOOLS: readonly BuiltinTool[] = Object.freeze(
  [
    { name: 'datetime_now', description: 'Returns the current date and time, optionally converted to a given IANA time zone.' },
    { name: 'web_search', description: 'Searches the web and returns a ranked list of result titles, URLs and snippets.' },
    { name: 'web_fetch', description: 'Downloads a web page and returns its readable text content.' },
    { name: 'http_request', description: 'Sends an HTTP request (any method, headers, body) and returns the status, headers and body.' },
    { name: 'json_parse', description: 'Parses a JSON string and can pick out values by path.' },
    { name: 'csv_parse', description: 'Parses CSV text into rows and columns (with header detection).' },
    { name: 'math_calculate', description: 'Evaluates an arithmetic expression exactly, instead of the model guessing the result.' },
    { name: 'uuid_generate', description: 'Generates a random UUID (version 4).' },
    { name: 'file_create', description: 'Creates a file with the given content for the user to download.' },
    { name: 'schedule_set', description: 'Creates or updates a recurring schedule (cron expression or interval) that re-runs a task.' },
    { name: 'schedule_list', description: 'Lists the schedules this agent has registered.' },
    { name: 'schedule_delete', description: 'Removes a schedule by its id.' },
    { name: 'schedule_history', description: 'Shows recent runs of a schedule and how each one ended.' },
  ].map((t) => Object.freeze(t)),
);

const BUILTIN_NAMES: ReadonlySet<string> = new Set(BUILTIN_TOOLS.map((t) => t.name));

/** True when `name` is one of {@link BUILTIN_TOOLS} (exact, case-sensitive). */
export function isBuiltinTool(name: string): boolean {
  return BUILTIN_NAMES.has(name);
}

// eslint-disable-next-line local/static-regexp -- an alternation of fixed tool names between two one-character lookarounds: no quantifier, linear
const BUILTIN_MENTION_RE = new RegExp(`(?<![A-Za-z0-9_])(?:${BUILTIN_TOOLS.map((t) => t.name).join('|')})(?![A-Za-z0-9_])`, 'g');

/** The built-in tools a text names (each once, in order of first mention). */
export function builtinToolsMentioned(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(BUILTIN_MENTION_RE)) seen.add(m[0]);
  return [...seen];
}

/**
 * Capabilities a skill may request with `metadata.forge.requires.capabilities`.
 * The runtime registers an extra tool family only for a capability it knows;
 * anything else is a typo or a capability this runtime lacks. Today that is
 * `browser` (the headless-browser tools `browser_navigate`, `browser_click`, …
 * used by the bundled web-browse skill). Add a name here when the runtime
 * gains a capability.
 */
export const KNOWN_CAPABILITIES: readonly string[] = Object.freeze(['browser']);
