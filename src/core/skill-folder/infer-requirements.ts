// What an imported skill without `metadata.forge` (an Agent Skills or
// Anthropic skill) needs, read from its scripts, as PROPOSALS the operator
// accepts or not: bins from interpreters (shebang or extension)
// and from well-known commands the shell scripts run, egress domains from
// literal URL hosts (script-analysis.ts), env vars from `$VAR` / `${VAR}`,
// `os.environ[...]`, `os.getenv(...)` and `process.env.X`. Heuristics: a
// command is only proposed when it is a known tool, never a shell builtin.

import { interpreterFor } from '../forge-runtime/script-binding.js';
import { PROGRAM_ENV_REFERENCE, SHELL_SET_ENV, SHELL_VAR_REFERENCE } from '../forge-runtime/script-env.js';
import { isNonEgressHost, scriptHosts } from '../skillmd/script-analysis.js';

export interface InferredRequirements {
  bins: string[];
  egressDomains: string[];
  env: string[];
}

const KNOWN_COMMANDS = new Set([
  'curl',
  'wget',
  'jq',
  'yq',
  'git',
  'gh',
  'glab',
  'kubectl',
  'helm',
  'docker',
  'podman',
  'aws',
  'gcloud',
  'az',
  'terraform',
  'python3',
  'python',
  'node',
  'npm',
  'npx',
  'deno',
  'bun',
  'ruby',
  'go',
  'cargo',
  'java',
  'psql',
  'mysql',
  'sqlite3',
  'redis-cli',
  'ffmpeg',
  'convert',
  'magick',
  'pandoc',
  'pdftotext',
  'qpdf',
  'libreoffice',
  'soffice',
  'rg',
  'fd',
  'openssl',
  'ssh',
  'rsync',
  'zip',
  'unzip',
  'tar',
]);
const SHEBANG = /^#!\s*(?:\/usr\/bin\/env\s+(?:-S\s+)?)?(?:\S*\/)?([A-Za-z0-9._-]+)/;
const COMMAND_START = /(?:^|[|;&]|\$\(|`|\b(?:then|do|else)\s)\s*(?:sudo\s+|exec\s+|command\s+)?([a-z][a-z0-9._-]*)(?=\s|$|;|\))/g;

function interpreterOf(name: string, content: string): string | null {
  const bang = SHEBANG.exec(content.split('\n', 1)[0] ?? '');
  if (bang) return bang[1]!;
  return interpreterFor(name);
}

/** Variables the script assigns itself (`X=…`, `local X`, `read X`, `for X in`) are not env vars. */
function assignedVars(content: string): Set<string> {
  const out = new Set<string>();
  for (const m of content.matchAll(/(?:^|[\s;])(?:local\s+|export\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Z_][A-Z0-9_]*)=/gm)) out.add(m[1]!);
  for (const m of content.matchAll(/\b(?:read(?:\s+-\w+)*|for)\s+([A-Z_][A-Z0-9_]*)/g)) out.add(m[1]!);
  return out;
}

function shellFacts(content: string, bins: Set<string>, env: Set<string>): void {
  const own = assignedVars(content);
  for (const raw of content.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '');
    for (const m of line.matchAll(COMMAND_START)) if (KNOWN_COMMANDS.has(m[1]!)) bins.add(m[1]!);
    for (const m of line.matchAll(SHELL_VAR_REFERENCE)) if (!SHELL_SET_ENV.has(m[1]!) && !own.has(m[1]!)) env.add(m[1]!);
  }
}

/** Proposals for `metadata.forge.requires` and `egress_domains` from the scripts (sorted, deduplicated). */
export function inferRequirements(scripts: Readonly<Record<string, string>>): InferredRequirements {
  const bins = new Set<string>();
  const env = new Set<string>();
  const egress = new Set<string>();
  for (const [name, content] of Object.entries(scripts)) {
    const interpreter = interpreterOf(name, content);
    if (interpreter && !['sh', 'bash'].includes(interpreter)) bins.add(interpreter);
    const shell = interpreter === 'sh' || interpreter === 'bash' || interpreterFor(name) === 'bash';
    if (shell) shellFacts(content, bins, env);
    for (const m of content.matchAll(PROGRAM_ENV_REFERENCE)) env.add((m[1] ?? m[2] ?? m[3])!);
    for (const h of scriptHosts(content, name)) if (h.kind === 'literal' && !isNonEgressHost(h.host)) egress.add(h.host);
  }
  return { bins: [...bins].sort(), egressDomains: [...egress].sort(), env: [...env].sort() };
}
