// What one tool run was seen doing (its observation) and how a draft's
// declarations compare with it (the capability profile, its findings and
// their frontmatter fixes): the shapes shared by the Node runner that
// observes, the pure reconciliation here, the wire and the elements. Types only.

/** One host the script asked the egress proxy for, with the port and what the proxy did. */
export interface ObservedRequest {
  host: string;
  port: number;
  verdict: 'allowed' | 'refused';
  /** Why it was refused (absent when allowed). */
  reason?: string;
}

/** One program the run executed (a successful execve), by name and the path that ran. */
export interface ObservedProgram {
  name: string;
  path: string;
  /** How many times it was started. */
  count: number;
}

/** Where a written file lives: the run's copy of the skill, its HOME, /tmp, or elsewhere. */
export type WrittenArea = 'copy' | 'home' | 'tmp' | 'other';

export interface ObservedFile {
  /** The path as the script saw it (inside the sandbox). */
  path: string;
  area: WrittenArea;
}

/**
 * What a run was seen doing. `programs` and `files` are `null` when the
 * mechanism that sees them was unavailable ("not observed", never "none");
 * `egress` always comes from the run's own proxy.
 */
export interface RunObservation {
  egress: ObservedRequest[];
  programs: ObservedProgram[] | null;
  files: ObservedFile[] | null;
  /** How programs and files were seen (`strace`), or null. */
  mechanism: 'strace' | null;
  /** Why programs and files were not observed, when they were not. */
  notObserved?: string;
  /** True when the trace was cut at its size cap (what came after is missing). */
  truncated?: boolean;
}

export type DeclarationField = 'bins' | 'env' | 'egress_domains';

/** One proposed frontmatter edit. */
export interface DeclarationFix {
  op: 'add' | 'remove';
  field: DeclarationField;
  value: string;
}

/** One observed run of the session. */
export interface ObservedRun {
  /** How the findings name it (`run 2`, a timestamp, an eval case). */
  id: string;
  tool: string;
  ok: boolean;
  observation: RunObservation;
}

export type DeclarationFindingKind =
  | 'observed-egress-undeclared'
  | 'declared-egress-unused'
  | 'observed-bin-undeclared'
  | 'declared-bin-unused'
  | 'env-referenced-undeclared'
  | 'env-declared-unreferenced';

export interface DeclarationFinding {
  kind: DeclarationFindingKind;
  /** The host, program or env name. */
  subject: string;
  message: string;
  /** `SKILL.md` or `scripts/x.sh`, and the 1-based line there. */
  file: string;
  line?: number;
  /** The runs an observed or "unused" finding rests on. */
  runs?: string[];
  /** The frontmatter edit that fixes it (applied only when accepted). */
  fix: DeclarationFix;
  /** When the fix adds a risky egress entry: why (applying it needs allowRiskyEgress). */
  risky?: string;
}

export interface CapabilityProfile {
  declared: { egress: string[]; bins: string[]; env: string[] };
  /** `programs` is null when no run's programs were observed. */
  used: { egress: string[]; programs: string[] | null; env: string[] };
  runs: Array<{ id: string; tool: string; ok: boolean }>;
  /** One line: "declares 3 hosts, used 1; uses jq, not declared". */
  summary: string;
  findings: DeclarationFinding[];
  /** Forge's risk score as declared, and with every non-risky fix applied. */
  risk: { before: number; after: number };
  /** The SKILL.md with every non-risky fix applied; absent when there is none, or when the frontmatter cannot be edited safely. */
  fixedSkillMd?: string;
}
