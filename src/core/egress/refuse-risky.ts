// The save-time side of risky egress: the `egress-risky` findings of a
// validation (warnings there) become errors that stop a save, unless the
// caller accepted the risk. The validator's findings carry the entry's line;
// a profile that does not report them (agentskills) gets them computed here.

import { errorDiag, toValidationResult, type ValidationResult } from '../diagnostics.js';
import { findRiskyEgress } from './risky-egress.js';

const CODE = 'egress-risky';
const FIELD = 'metadata.forge.egress_domains';

/**
 * The validation result a save must refuse with, or null when nothing is
 * risky. Each risky entry is an error saying how to save anyway.
 */
export function refuseRiskyEgress(validation: ValidationResult, egressDomains: readonly string[]): ValidationResult | null {
  const found = validation.warnings.filter((d) => d.code === CODE);
  const risky = found.length > 0 ? found : findRiskyEgress(egressDomains).map((r) => ({ message: r.reason, line: undefined as number | undefined }));
  if (risky.length === 0) return null;
  const errors = risky.map((d) =>
    errorDiag(CODE, FIELD, `${d.message}; to save it anyway, send allow_risky_egress: true (allowRiskyEgress in TypeScript)`, d.line),
  );
  return toValidationResult([...validation.errors, ...errors, ...validation.warnings.filter((d) => d.code !== CODE)]);
}
