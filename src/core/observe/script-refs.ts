// What a skill's scripts reference, read statically with lines: env var
// names — bash `$X` / `${X}` (upper-case names the script does not assign
// itself, shell variables left out), Python `os.environ[...]`,
// `os.environ.get(...)`, `os.getenv(...)`, Node `process.env.X` /
// `process.env['X']` — and literal URL hosts (script-analysis). Heuristics,
// line by line: a name built at run time is not seen. Pure.

import { interpreterFor } from '../forge-runtime/script-binding.js';
import { PROGRAM_ENV_REFERENCE, SHELL_SET_ENV, SHELL_VAR_REFERENCE } from '../forge-runtime/script-env.js';
import { isNonEgressHost, scriptHosts } from '../skillmd/script-analysis.js';

/** One reference: the name (or host), the script (`scripts/x.sh`) and its 1-based line. */
export interface ScriptReference {
  name: string;
  file: string;
  line: number;
}

export interface ScriptReferences {
  env: ScriptReference[];
  hosts: ScriptReference[];
}

const ASSIGNED = /(?:^|[\s;])(?:local\s+|export\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Z_][A-Z0-9_]*)=/gm;
const READ_OR_FOR = /\b(?:read(?:\s+-\w+)*|for)\s+([A-Z_][A-Z0-9_]*)/g;
const SHEBANG_SHELL = /^#!\S*(?:\/|\s)(?:ba)?sh\b/;

function isShell(name: string, content: string): boolean {
  return interpreterFor(name) === 'bash' || SHEBANG_SHELL.test(content.slice(0, content.indexOf('\n') >>> 0));
}

function assigned(content: string): Set<string> {
  const out = new Set<string>();
  for (const m of content.matchAll(ASSIGNED)) out.add(m[1]!);
  for (const m of content.matchAll(READ_OR_FOR)) out.add(m[1]!);
  return out;
}

function envOf(name: string, content: string, file: string): ScriptReference[] {
  const out: ScriptReference[] = [];
  const shell = isShell(name, content);
  const own = shell ? assigned(content) : new Set<string>();
  content.split('\n').forEach((raw, i) => {
    const trimmed = raw.trimStart();
    if (trimmed.startsWith('#') || trimmed.startsWith('//')) return;
    if (shell) for (const m of raw.matchAll(SHELL_VAR_REFERENCE)) if (!own.has(m[1]!)) out.push({ name: m[1]!, file, line: i + 1 });
    for (const m of raw.matchAll(PROGRAM_ENV_REFERENCE)) out.push({ name: (m[1] ?? m[2] ?? m[3])!, file, line: i + 1 });
  });
  return out.filter((r) => !SHELL_SET_ENV.has(r.name));
}

/** Env names and literal hosts the scripts reference, each with its script and line (first occurrence per script). */
export function scriptReferences(scripts: Readonly<Record<string, string>>): ScriptReferences {
  const env: ScriptReference[] = [];
  const hosts: ScriptReference[] = [];
  for (const [name, content] of Object.entries(scripts)) {
    const file = `scripts/${name}`;
    const seen = new Set<string>();
    for (const r of envOf(name, content, file)) if (!seen.has(r.name) && seen.add(r.name)) env.push(r);
    const seenHost = new Set<string>();
    for (const h of scriptHosts(content, name))
      if (h.kind === 'literal' && !isNonEgressHost(h.host) && !seenHost.has(h.host) && seenHost.add(h.host)) hosts.push({ name: h.host, file, line: h.line });
  }
  return { env, hosts };
}
