// What one tool run was seen doing (its observation) and how a draft's
// declarations compare with it: the shapes shared by the Node runner that
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
