// Turns each checker's output into findings: `bash -n` ("name: line N: …"),
// ShellCheck's json1 comments (level → severity, SC code, line, column),
// `python3 -m py_compile` (the `File "…", line N` frame or "(name, line N)"
// and the last `XxxError: …` line) and `node --check` ("path:N" then the
// `SyntaxError: …` line).

import type { ScriptSyntaxFinding } from './types.js';

export function bashFindings(stderr: string, file: string): ScriptSyntaxFinding[] {
  const out: ScriptSyntaxFinding[] = [];
  for (const m of stderr.matchAll(/: line (\d+): (.+)/g))
    out.push({ code: 'bash-syntax', severity: 'error', message: `bash: ${m[2]!.trim()}`, file, line: Number(m[1]), tool: 'bash' });
  if (out.length === 0 && stderr.trim())
    out.push({ code: 'bash-syntax', severity: 'error', message: `bash: ${stderr.trim().split('\n')[0]}`, file, tool: 'bash' });
  return out;
}

interface ShellCheckComment {
  line?: number;
  column?: number;
  level?: string;
  code?: number;
  message?: string;
}

export function shellcheckFindings(stdout: string, file: string): ScriptSyntaxFinding[] {
  let comments: ShellCheckComment[];
  try {
    comments = (JSON.parse(stdout) as { comments?: ShellCheckComment[] }).comments ?? [];
  } catch {
    return [];
  }
  return comments.map((c) => {
    const f: ScriptSyntaxFinding = {
      code: `SC${c.code ?? 0}`,
      severity: c.level === 'error' ? 'error' : c.level === 'warning' ? 'warning' : 'info',
      message: `${c.message ?? ''} (https://www.shellcheck.net/wiki/SC${c.code ?? 0})`,
      file,
      tool: 'shellcheck',
    };
    if (c.line !== undefined) f.line = c.line;
    if (c.column !== undefined) f.column = c.column;
    return f;
  });
}

export function pythonFindings(stderr: string, file: string): ScriptSyntaxFinding[] {
  const text = stderr.trim();
  if (!text) return [];
  const lines = text.split('\n');
  const lastError = [...lines].reverse().find((l) => /\b\w*(?:Error|Warning):/.test(l)) ?? lines[lines.length - 1]!;
  const msg = lastError
    .replace(/^Sorry:\s*/, '')
    .replace(/\([^()]*, line \d+\)\s*$/, '')
    .trim(); // (spaces before the `(` go with trim(): a leading `\s*` was quadratic)
  const lineNo = /line (\d+)/.exec(/File "[^"]*", line \d+/.exec(text)?.[0] ?? lastError)?.[1];
  const f: ScriptSyntaxFinding = { code: 'python-syntax', severity: 'error', message: `python3: ${msg}`, file, tool: 'python3' };
  if (lineNo) f.line = Number(lineNo);
  return [f];
}

export function nodeFindings(stderr: string, file: string, tempPath: string): ScriptSyntaxFinding[] {
  const text = stderr.trim();
  if (!text) return [];
  // eslint-disable-next-line local/static-regexp -- an escaped literal path followed by `:(\d+)`: linear
  const at = new RegExp(`${escape(tempPath)}:(\\d+)`).exec(text);
  const err = /^[ \t]*(\w*Error: .+)$/m.exec(text)?.[1] ?? text.split('\n')[0]!;
  const f: ScriptSyntaxFinding = { code: 'node-syntax', severity: 'error', message: `node: ${err.trim()}`, file, tool: 'node' };
  if (at) f.line = Number(at[1]);
  return [f];
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
