// The result of `check`: per skill, one entry per check that ran (validation,
// the runtime view, folder links, script syntax, the risk policy, signatures,
// routing, evals), each with its findings placed by file, line and column relative
// to the repository root. Every output format (human, JSON, SARIF, JUnit) is
// a rendering of one CheckReport.

/** The checks, in the order they run and are reported. */
export const CHECK_NAMES = ['validate', 'runtime', 'links', 'syntax', 'risk', 'signature', 'routing', 'evals'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** `note` never fails a run; `--fail-on warning` makes warnings fail it. */
export type FindingLevel = 'error' | 'warning' | 'note';

export interface CheckFinding {
  check: CheckName;
  /** Stable code: the validator's (`name-invalid`), ShellCheck's (`SC2086`), the risk rule (`download-exec`) … */
  code: string;
  level: FindingLevel;
  message: string;
  /** Relative to the repository root, `/`-separated. */
  file: string;
  /** 1-based; absent when the finding is about the whole file. */
  line?: number;
  column?: number;
}

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface CheckOutcome {
  check: CheckName;
  status: CheckStatus;
  /** Why it was skipped, or a one-line result (e.g. the risk score). */
  summary?: string;
  findings: CheckFinding[];
}

export interface SkillCheck {
  /** The skill's name (its folder name, or the flat file's name without `.md`). */
  skill: string;
  /** The skill folder (or flat file) relative to the repository root. */
  path: string;
  outcomes: CheckOutcome[];
}

export interface CheckReport {
  /** Where file paths are relative to: the git work tree's root, or the working folder outside git. */
  root: string;
  failOn: 'error' | 'warning';
  skills: SkillCheck[];
  /** Counts over every finding. */
  counts: { errors: number; warnings: number; notes: number };
  /** True when no finding is at or above `failOn`. */
  passed: boolean;
}
