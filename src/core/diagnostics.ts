// Diagnostics: the data every checker in the SDK returns instead of throwing.
// A diagnostic names the field it is about and, when known, the 1-based line
// of the SKILL.md (or script) it points at. Formatting for humans is separate.

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Stable machine-readable code, e.g. `name-invalid`, `tool-missing-examples`. */
  code: string;
  /** The field or place the finding is about, e.g. `name`, `metadata.forge.requires.bins[1].dest`, `scripts/my-tool.sh`. */
  field: string;
  /** One sentence saying what is wrong and how to fix it. */
  message: string;
  severity: Severity;
  /** 1-based line in `file` (SKILL.md when `file` is absent). */
  line?: number;
  /** The file the line refers to when it is not the SKILL.md itself (e.g. `scripts/x.sh`). */
  file?: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

export function errorDiag(code: string, field: string, message: string, line?: number, file?: string): Diagnostic {
  return diag(code, field, message, 'error', line, file);
}

export function warningDiag(code: string, field: string, message: string, line?: number, file?: string): Diagnostic {
  return diag(code, field, message, 'warning', line, file);
}

/** One literal per shape (adding `line` to a finished object would give every diagnostic a second, out-of-object property store). */
function diag(code: string, field: string, message: string, severity: Severity, line?: number, file?: string): Diagnostic {
  if (file !== undefined) return line !== undefined ? { code, field, message, severity, line, file } : { code, field, message, severity, file };
  return line !== undefined ? { code, field, message, severity, line } : { code, field, message, severity };
}

/** `SKILL.md:12: error [name-invalid] name: ...` — one line per diagnostic, for CLIs and logs. */
export function formatDiagnostic(d: Diagnostic, defaultFile = 'SKILL.md'): string {
  const file = d.file ?? defaultFile;
  const place = d.line !== undefined ? `${file}:${d.line}` : file;
  return `${place}: ${d.severity} [${d.code}] ${d.field}: ${d.message}`;
}

/** Splits a mixed list into the `{valid, errors, warnings}` result shape. */
export function toValidationResult(diagnostics: readonly Diagnostic[]): ValidationResult {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  return { valid: errors.length === 0, errors, warnings };
}
