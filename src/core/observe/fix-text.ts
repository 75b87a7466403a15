// How a proposed declaration fix reads to an operator ("add jq to
// requires.bins", "remove unused.example.org from egress_domains"): one
// wording for the CLI and the element. Pure, no YAML, so the element's Run
// view can load it.

import type { DeclarationFix } from '../tool-run/observation.js';

const WHERE: Record<DeclarationFix['field'], string> = { bins: 'requires.bins', env: 'requires.env', egress_domains: 'egress_domains' };

/** The fix as one short phrase. */
export function fixText(fix: DeclarationFix): string {
  if (fix.op === 'remove') return `remove ${fix.value} from ${WHERE[fix.field]}`;
  return `add ${fix.value} to ${fix.field === 'env' ? 'requires.env.optional' : WHERE[fix.field]}`;
}
