// The trust badge of a skill, wherever one comes in or is listed (the History
// analysis, the import notice, the Skills dialog): its status (verified,
// modified since signed, unknown key, unsigned), the key that verified it,
// the files changed, added or missing since it was signed, and the server's
// one-line detail. Its styles travel with it (TRUST_STYLE).

import { html, nothing } from 'lit';
import type { SkillTrust } from '../../../core/trust/types.js';

export const TRUST_STYLE = html`<style>
  .trust-badge { display: flex; flex-wrap: wrap; gap: var(--_space-1_5); align-items: baseline; margin: 0; }
  .trust-badge .badge { font-weight: 600; padding: 0 var(--_space-1_5); border-radius: var(--_radius-sm); border: 1px solid var(--_border); }
  .trust-badge.verified .badge { color: var(--_success, inherit); }
  .trust-badge.modified .badge, .trust-badge.unverified .badge { color: var(--_warning); }
</style>`;

const LABEL: Record<string, string> = { verified: 'Verified', modified: 'Modified since signed', unverified: 'Signed by an unknown key', unsigned: 'Unsigned' };

const files = (verb: string, paths: readonly string[]) => (paths.length ? `${verb}: ${paths.join(', ')}` : '');

/** The badge; `compact` leaves the detail line out (the Skills dialog shows it as the badge's title). */
export function renderTrustBadge(t: SkillTrust | undefined, compact = false) {
  if (!t) return nothing;
  const changes = [files('changed', t.changed), files('added', t.added), files('missing', t.missing)].filter(Boolean).join('; ');
  const key = t.keyId && t.status !== 'unverified' && !t.detail.includes(t.keyId) ? `key ${t.keyId}` : '';
  const detail = [key, changes, t.detail].filter(Boolean).join(' · ');
  return html`<span class="trust-badge ${t.status}" part="trust-badge" title=${compact ? detail : nothing}><span class="badge">${LABEL[t.status] ?? t.status}</span>${
    compact ? html`<span class="sr-only">${detail}</span>` : html`<span class="muted">${detail}</span>`
  }</span>`;
}
