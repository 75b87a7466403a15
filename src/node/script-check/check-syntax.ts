// checkScriptSyntax(scripts): checks each script without running it — `bash
// -n` and ShellCheck for .sh/.bash, `python3 -m py_compile` for .py, `node
// --check` for .js/.mjs. The scripts are written to a private temporary
// folder (removed afterwards), so nothing — no __pycache__ either — lands in
// the user's skill folder. A checker that is not installed is reported once
// as an info finding and never fails the check.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkScriptFileName } from '../../core/names.js';
import { interpreterFor, normalizeScriptName } from '../../core/forge-runtime/script-binding.js';
import { bashFindings, nodeFindings, pythonFindings, shellcheckFindings } from './parse-output.js';
import { runTool, type ToolRun } from './run-tool.js';
import type { CheckScriptSyntaxOptions, ScriptSyntaxFinding, ScriptSyntaxResult, SyntaxTool } from './types.js';

const INSTALL: Record<SyntaxTool, string> = {
  bash: 'install bash',
  shellcheck: 'install it (Debian/Ubuntu: apt-get install shellcheck; macOS: brew install shellcheck) to lint shell scripts',
  python3: 'install Python 3 to check .py scripts',
  node: 'install Node.js to check .js scripts',
};

function defaultEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (/^(?:PATH|HOME|LANG|LC_ALL|SYSTEMROOT|PYENV_\w+)$/.test(k)) env[k] = v;
  return env;
}

interface Job {
  tool: SyntaxTool;
  args: string[];
  parse: (run: Extract<ToolRun, { kind: 'done' }>) => ScriptSyntaxFinding[];
}

function jobsFor(name: string, file: string, path: string, shellcheck: boolean): Job[] {
  const interp = interpreterFor(name);
  if (interp === 'bash') {
    const jobs: Job[] = [{ tool: 'bash', args: ['-n', name], parse: (r) => (r.code === 0 ? [] : bashFindings(r.stderr, file)) }];
    // The runtime runs .sh with bash whatever the shebang says, so lint as bash.
    if (shellcheck) jobs.push({ tool: 'shellcheck', args: ['-f', 'json1', '-s', 'bash', name], parse: (r) => shellcheckFindings(r.stdout, file) });
    return jobs;
  }
  if (interp === 'python3') return [{ tool: 'python3', args: ['-m', 'py_compile', name], parse: (r) => (r.code === 0 ? [] : pythonFindings(r.stderr, file)) }];
  if (interp === 'node') return [{ tool: 'node', args: ['--check', name], parse: (r) => (r.code === 0 ? [] : nodeFindings(r.stderr, file, path)) }];
  return [];
}

/** Checks every script (keys are file names, `scripts/` prefix allowed) and returns all findings at once. */
export async function checkScriptSyntax(scripts: Readonly<Record<string, string>>, options: CheckScriptSyntaxOptions = {}): Promise<ScriptSyntaxResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'forge-syntax-'));
  const env = { ...(options.env ?? defaultEnv()), PYTHONPYCACHEPREFIX: join(dir, '.pycache'), PYTHONDONTWRITEBYTECODE: '1' };
  const missing = new Set<SyntaxTool>();
  const findings: ScriptSyntaxFinding[] = [];
  try {
    const work: Promise<void>[] = [];
    for (const key of Object.keys(scripts).sort()) {
      const name = normalizeScriptName(key);
      const content = scripts[key];
      // Unsafe names are the validator's to report; never let one reach a path.
      if (typeof content !== 'string' || checkScriptFileName(name) !== null) continue;
      const path = join(dir, name);
      const file = `scripts/${name}`;
      const jobs = jobsFor(name, file, path, options.shellcheck !== false);
      if (jobs.length === 0) continue;
      work.push(
        (async () => {
          await writeFile(path, content, { mode: 0o600 });
          for (const job of jobs) {
            const run = await runTool(options.commands?.[job.tool] ?? job.tool, job.args, dir, env, timeoutMs);
            if (run.kind === 'missing') missing.add(job.tool);
            else if (run.kind === 'timeout')
              findings.push({
                code: 'syntax-check-timeout',
                severity: 'info',
                message: `${job.tool} took longer than ${timeoutMs} ms on ${file} and was stopped; the file was not checked by it`,
                file,
                tool: job.tool,
              });
            else findings.push(...job.parse(run));
          }
        })(),
      );
    }
    await Promise.all(work);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  findings.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0));
  const missingTools = [...missing].sort();
  const notes: ScriptSyntaxFinding[] = missingTools.map((tool) => ({
    code: 'syntax-tool-missing',
    severity: 'info',
    message: `${tool} is not installed, so scripts were not checked with it; ${INSTALL[tool]}`,
    tool,
  }));
  const all = [...notes, ...findings];
  return { ok: !all.some((f) => f.severity === 'error'), findings: all, missingTools };
}
