// The Skills dialog shows each listed skill's trust badge: verified (and by
// which key), modified since signed (which files), nothing for a skill the
// server reports no trust for. The badge and the trust mapping are lazy
// chunks: a list without trust never loads them.

import { equal, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $$, cleanup, mountBuilder, waitFor, internals } from '../helpers/dom.js';
import { createApiClient } from '../../../src/elements/api/client.js';
import { FakeApi } from '../helpers/fake-api.js';
import { skillTrustToWire } from '../../../src/core/protocol/trust-wire.js';
import type { SkillTrust } from '../../../src/core/trust/types.js';

afterEach(cleanup);

const md = (name: string) => `---\nname: ${name}\ndescription: x\n---\n`;
const trust = (t: Partial<SkillTrust>): Record<string, unknown> =>
  skillTrustToWire({
    status: 'unsigned',
    level: 'local',
    coverage: 'none',
    changed: [],
    added: [],
    missing: [],
    signatureVerified: false,
    checksumsMatch: false,
    detail: '',
    ...t,
  }) as Record<string, unknown>;

function apiWithSkills(): FakeApi {
  const api = new FakeApi();
  api.skills['ops-bot'] = {
    'release-notes': {
      skill_md: md('release-notes'),
      scripts: {},
      trust: trust({
        status: 'verified',
        level: 'verified',
        keyId: 'release',
        coverage: 'all_files',
        signatureVerified: true,
        checksumsMatch: true,
        detail: 'every file matches the signed manifest',
      }),
    },
    'disk-report': {
      skill_md: md('disk-report'),
      scripts: {},
      trust: trust({
        status: 'modified',
        level: 'local',
        keyId: 'release',
        coverage: 'all_files',
        changed: ['scripts/du.sh'],
        signatureVerified: true,
        detail: 'changed since it was signed',
      }),
    },
    'plain-skill': { skill_md: md('plain-skill'), scripts: {} },
  };
  return api;
}

describe('Skills dialog: trust badges', () => {
  it('shows verified and modified badges with their key and files, and none for a skill without trust', async () => {
    const { el } = await mountBuilder(apiWithSkills());
    (el as unknown as { _openSkills(): void })._openSkills();
    await waitFor(() => $$(el, '.skill-row').length === 3, 'three skills listed');
    await waitFor(() => $$(el, '.skill-row .trust-badge').length === 2, 'two trust badges (the badge chunk loaded)');
    const row = (name: string) => $$(el, '.skill-row').find((r) => r.textContent?.includes(name))!;
    const verified = row('release-notes').querySelector('.trust-badge')!;
    ok(verified.classList.contains('verified'), 'verified class');
    equal(verified.querySelector('.badge')!.textContent, 'Verified');
    ok(verified.textContent!.includes('key release'), `names the key: ${verified.textContent}`);
    const modified = row('disk-report').querySelector('.trust-badge')!;
    equal(modified.querySelector('.badge')!.textContent, 'Modified since signed');
    ok(modified.getAttribute('title')!.includes('changed: scripts/du.sh'), `names the changed file: ${modified.getAttribute('title')}`);
    equal(row('plain-skill').querySelector('.trust-badge'), null);
    await expectAccessible(el, 'the skills dialog with trust badges');
    internals(el).dialogs.close();
  });

  it('the API client maps a listed skill’s trust and leaves it out when the server sends none', async () => {
    const api = apiWithSkills();
    const client = createApiClient({ endpoint: '/api', fetch: api.fetch });
    const skills = await client.listSkills('ops-bot');
    const by = (n: string) => skills.find((s) => s.name === n)!;
    equal(by('release-notes').trust?.status, 'verified');
    equal(by('release-notes').trust?.keyId, 'release');
    equal(by('disk-report').trust?.changed.join(), 'scripts/du.sh');
    ok(!('trust' in by('plain-skill')), 'no trust key');
  });
});
