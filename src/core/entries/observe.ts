// Public surface of `forge-skill-builder/observe`: declared versus observed.
// A draft's declarations (requires.bins, requires.env, egress_domains) against
// the env names and hosts its scripts reference and what its sandboxed runs
// were seen doing: the capability profile, its findings and the frontmatter
// edits that make the two agree.

export { capabilityProfile } from '../observe/reconcile.js';
export type { CapabilityProfile, DeclarationFinding, DeclarationFindingKind, ObservedRun } from '../observe/reconcile.js';
export { applyDeclarationFixes } from '../observe/declaration-edit.js';
export type { DeclarationField, DeclarationFix } from '../observe/declaration-edit.js';
export { addObservedRun, joinObservedRuns, MAX_SESSION_RUNS } from '../observe/session.js';
export { evalObservedRuns, evalSessionRuns } from '../evals/eval-session.js';
export { scriptReferences } from '../observe/script-refs.js';
export type { ScriptReference, ScriptReferences } from '../observe/script-refs.js';
export type { ObservedFile, ObservedProgram, ObservedRequest, RunObservation, WrittenArea } from '../tool-run/observation.js';
