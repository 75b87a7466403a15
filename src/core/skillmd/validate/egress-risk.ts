// `egress-risky` (forge profile): an `egress_domains` entry that means
// "anywhere" (`*`, `*.com`, `*.co.uk`) or reaches what the agent's machine
// must keep to itself (cloud metadata, loopback, private and link-local
// addresses). A warning here, naming the entry and its line; saving such a
// skill is refused unless the request accepts the risk (allow_risky_egress).

import { warningDiag } from '../../diagnostics.js';
import { findRiskyEgress } from '../../egress/risky-egress.js';
import type { RuleContext, Sink } from './context.js';

export function riskyEgressRules(ctx: RuleContext, add: Sink): void {
  for (const r of findRiskyEgress(ctx.parsed.forge.egressDomains)) {
    add(warningDiag('egress-risky', 'metadata.forge.egress_domains', r.reason, ctx.line(['metadata', 'forge', 'egress_domains', r.index])));
  }
}
