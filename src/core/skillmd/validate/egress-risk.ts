// `egress_domains` entries checked one by one (forge profile), each finding at
// the entry's own line. `egress-domain-malformed` (error): the entry matches
// nothing the way it is written (`*com`, `*.*.com`, `api..example.com`,
// `https://x`, `host:443`, spaces); the message says how to write it.
// `egress-risky` (warning): the entry means "anywhere" (`*`, `*.com`,
// `*.github.io`, `*.amazonaws.com`) or reaches what the agent's machine must
// keep to itself (cloud metadata, loopback, private and link-local addresses,
// internal names, `localtest.me`, `127.0.0.1.nip.io`). Saving refuses both; a
// risky entry is saved when the request accepts the risk (allow_risky_egress).
// Names that only resolve to such an address are caught on save, which
// resolves them; validate does no DNS.

import { errorDiag, warningDiag } from '../../diagnostics.js';
import { judgeEgressEntry, type EgressVerdict } from '../../egress/risky-egress.js';
import type { RuleContext, Sink } from './context.js';

export function riskyEgressRules(ctx: RuleContext, add: Sink): void {
  // Each entry judged once; malformed entries are reported first, then risky ones, each in list order.
  const verdicts: Array<EgressVerdict | null> = ctx.parsed.forge.egressDomains.map((e) => (typeof e === 'string' ? judgeEgressEntry(e) : null));
  verdicts.forEach((v, index) => {
    if (v?.status === 'malformed')
      add(errorDiag('egress-domain-malformed', `metadata.forge.egress_domains[${index}]`, v.reason, ctx.line(['metadata', 'forge', 'egress_domains', index])));
  });
  verdicts.forEach((v, index) => {
    if (v?.status === 'risky')
      add(warningDiag('egress-risky', 'metadata.forge.egress_domains', v.reason, ctx.line(['metadata', 'forge', 'egress_domains', index])));
  });
}
