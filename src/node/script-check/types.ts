// The result of checking scripts without running them: findings with the
// file, line and a stable code (`bash-syntax`, `SC2086`, `python-syntax`,
// `node-syntax`), and the checkers that are not installed (each reported
// once, as an info, never as a failure).

export type SyntaxTool = 'bash' | 'shellcheck' | 'python3' | 'node';

export interface ScriptSyntaxFinding {
  /** `bash-syntax`, `python-syntax`, `node-syntax`, ShellCheck's `SC<number>`, or `syntax-tool-missing` / `syntax-check-timeout`. */
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** `scripts/<name>`; absent for a missing tool. */
  file?: string;
  /** 1-based line in `file`. */
  line?: number;
  /** 1-based column, when the tool says. */
  column?: number;
  tool: SyntaxTool;
}

export interface ScriptSyntaxResult {
  /** No finding of severity error. */
  ok: boolean;
  findings: ScriptSyntaxFinding[];
  /** The tools that are not installed (also reported as one info finding each). */
  missingTools: SyntaxTool[];
}

export interface CheckScriptSyntaxOptions {
  /** The command to run for each tool (a name on PATH or a path); for hosts whose tools live elsewhere. */
  commands?: Partial<Record<SyntaxTool, string>>;
  /** Run ShellCheck when it is installed (default true). */
  shellcheck?: boolean;
  /** Per tool run; a run that takes longer is stopped and reported as an info (default 10000). */
  timeoutMs?: number;
  /** Where the private temporary folder is made (default the OS temp folder); it is removed afterwards. */
  tempDir?: string;
  /** The environment of the tools (default: PATH, HOME, LANG and pyenv's variables of this process). */
  env?: Record<string, string | undefined>;
}
