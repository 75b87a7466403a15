// The save-time side of the egress checks. A malformed entry always stops a
// save (it is a mistake, not a risk). A risky one — named so by the validator
// (`egress-risky` warnings), or found by resolving the declared names (the
// node save passes those in as `resolved`) — stops it too, as an error saying
// how to save anyway, unless the caller accepted the risk; then it stays a
// warning. A profile that does not report egress findings (agentskills) gets
// them computed here, at the line `lineOf` gives.

import { errorDiag, toValidationResult, warningDiag, type Diagnostic, type ValidationResult } from '../diagnostics.js';
import { findMalformedEgress, findRiskyEgress } from './risky-egress.js';

const RISKY = 'egress-risky';
const MALFORMED = 'egress-domain-malformed';
const FIELD = 'metadata.forge.egress_domains';
const ANYWAY = 'to save it anyway, send allow_risky_egress: true (allowRiskyEgress in TypeScript)';

/** A risky entry found outside the validator: its reason sentence and its line. */
export interface EgressFinding {
  message: string;
  line?: number;
}

export interface EgressSaveOptions {
  /** The caller accepted risky entries (allow_risky_egress). */
  allowRisky: boolean;
  /** Entries found risky by resolving them (node save). */
  resolved?: readonly EgressFinding[];
  /** The SKILL.md line of entry `index`, for findings the validator did not make. */
  lineOf?: (index: number) => number | undefined;
}

/**
 * The validation a save goes by: the validator's, with malformed entries as
 * errors and risky ones as errors (refused) or warnings (allowed). Not valid
 * means nothing may be written.
 */
export function egressSaveValidation(validation: ValidationResult, egressDomains: readonly string[], opts: EgressSaveOptions): ValidationResult {
  const line = (i: number) => opts.lineOf?.(i);
  const hasMalformed = validation.errors.some((d) => d.code === MALFORMED);
  const malformed = hasMalformed ? [] : findMalformedEgress(egressDomains).map((m) => errorDiag(MALFORMED, `${FIELD}[${m.index}]`, m.reason, line(m.index)));
  const found = validation.warnings.filter((d) => d.code === RISKY);
  const computed: EgressFinding[] = found.length > 0 ? [] : findRiskyEgress(egressDomains).map((r) => ({ message: r.reason, line: line(r.index) }));
  const extra = [...computed, ...(opts.resolved ?? [])];
  if (opts.allowRisky) {
    const warnings = [...validation.warnings, ...extra.map((f) => warningDiag(RISKY, FIELD, f.message, f.line))];
    return toValidationResult([...validation.errors, ...malformed, ...warnings]);
  }
  const refused = [...found, ...extra].map((f) => errorDiag(RISKY, FIELD, `${f.message}; ${ANYWAY}`, f.line));
  const others: Diagnostic[] = validation.warnings.filter((d) => d.code !== RISKY);
  return toValidationResult([...validation.errors, ...malformed, ...refused, ...others]);
}
