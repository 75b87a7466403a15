// The review in <forge-skill-builder> (issue 15): the risk badge in the Checks
// panel opens to its factors, violations and findings (computed by the real
// core assessSkillRisk, as the server does); script syntax findings are
// listed and jump to their line; a policy violation keeps the save dialog
// open with Save disabled until the operator confirms, and a clean draft
// saves at once with the badge in the result.

import { assessSkillRisk } from '../../../src/core/index.js';
import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, txt, waitFor, internals } from '../helpers/dom.js';
import { draftReply, FakeApi, WEATHER_SCRIPT, WEATHER_SKILL_MD } from '../helpers/fake-api.js';

afterEach(cleanup);

const RISKY_MD = WEATHER_SKILL_MD.replace('bins: [curl]', 'bins: [curl, ssh]');
const RISKY_SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\nenv\nif true; then\n';
const SYNTAX = {
  ok: false,
  findings: [
    {
      code: 'bash-syntax',
      severity: 'error',
      message: 'bash: syntax error: unexpected end of file',
      file: 'scripts/weather-current.sh',
      line: 6,
      tool: 'bash',
    },
  ],
  missing_tools: [],
};

/** A fake server whose validate answers the real risk review of the draft. */
function reviewingApi(skillMd: string, script: string, syntax: unknown = { ok: true, findings: [], missing_tools: [] }): FakeApi {
  const api = new FakeApi();
  api.chat = () => draftReply({ skillMd, scripts: { 'weather-current.sh': script } });
  const validate = (body: any): any => ({
    valid: true,
    errors: [],
    warnings: [],
    syntax,
    risk: { ...assessSkillRisk({ skillMd: body.skill_md, scripts: body.scripts ?? {} }), policy_source: null },
  });
  api.validate = validate;
  return api;
}

const dialog = (el: Element) => $<HTMLDialogElement>(el, 'dialog[data-name="save"]')!;

describe('builder: risk review and script syntax', () => {
  it('shows the risk badge, opens its factors, violations and findings, and lists syntax findings that jump to their line', async () => {
    const el = await mountWithDraft(reviewingApi(RISKY_MD, RISKY_SCRIPT, SYNTAX), undefined, { validated: true });
    await waitFor(() => !!$(el, '.risk-badge'), 'badge');
    const badge = $<HTMLButtonElement>(el, '[part="risk"] .risk-badge')!;
    const expected = assessSkillRisk({ skillMd: RISKY_MD, scripts: { 'weather-current.sh': RISKY_SCRIPT } });
    includes(txt(badge), `Risk ${expected.score}/100`);
    includes(txt(badge), expected.level);
    includes(txt(badge), '1 policy violation');
    equal(badge.getAttribute('aria-expanded'), 'false');
    badge.click();
    await waitFor(() => !!$(el, '[part="risk"] ul'), 'details open');
    const details = txt($(el, '[part="risk"] ul'));
    includes(details, 'high-risk binary: ssh');
    includes(details, 'binary_denylist');
    includes(details, "the score leaves this skill's scripts out");
    equal($(el, '[part="risk"] .risk-badge')!.getAttribute('aria-expanded'), 'true');
    await expectAccessible(el, 'the Checks panel with the risk details open');

    // The syntax and risk findings join the Checks list and jump to their line.
    const item = (code: string) => $$<HTMLElement>(el, '.diags li').find((li) => txt(li).includes(code));
    await waitFor(() => !!item('bash-syntax'), 'syntax finding listed');
    ok(item('env-dump'), 'risk finding listed');
    ok(!item('script-not-scored'), 'a note about the score is in the details, not a finding to fix');
    // The header counts exactly what the list shows.
    const listed = $$(el, '.diags li');
    const counted = [...txt($(el, '.val-status')).matchAll(/(\d+) (?:error|warning)/g)].reduce((n, m) => n + Number(m[1]), 0);
    equal(counted, listed.length, 'the Checks header count matches the list');
    item('bash-syntax')!.querySelector('button')!.click();
    await waitFor(() => internals(el).editor.tab === 'weather-current.sh', 'jumped to the script');
    item('env-dump')!.querySelector('button')!.click();
    const selected = () => {
      const ta = $<HTMLTextAreaElement>(el, '#editor')!;
      return ta.value.slice(ta.selectionStart, ta.selectionEnd);
    };
    await waitFor(() => selected() === 'env', 'the env-dump finding selected its line');
  });

  it('blocks saving a policy violation until the operator confirms', async () => {
    const api = reviewingApi(RISKY_MD, WEATHER_SCRIPT);
    const el = await mountWithDraft(api, undefined, { validated: true });
    await waitFor(() => !!internals(el).checks.review, 'reviewed');
    button(el, 'Save skill').click();
    await waitFor(() => dialog(el).open, 'dialog open');
    await el.updateComplete;
    equal(api.lastCall('POST', '/save'), undefined, 'nothing saved before the confirmation');
    await waitFor(() => txt(dialog(el)).includes('binary "ssh" is denied by policy'), 'the violation listed');
    const save = button(el, 'Save skill', 'dialog[data-name="save"]');
    ok(save.disabled, 'Save disabled');
    await expectAccessible(dialog(el), 'the save dialog asking to confirm the violations');
    const ack = $<HTMLInputElement>(el, 'dialog[data-name="save"] [part="risk"] input[type="checkbox"]')!;
    ack.click();
    await el.updateComplete;
    ok(!button(el, 'Save skill', 'dialog[data-name="save"]').disabled, 'enabled after the confirmation');
    button(el, 'Save skill', 'dialog[data-name="save"]').click();
    await waitFor(() => !!api.lastCall('POST', '/save'), 'saved');
    await waitFor(() => txt(dialog(el)).includes('weather-report saved'), 'result');
  });

  it('saves a draft without violations at once and shows the badge in the result', async () => {
    const api = reviewingApi(WEATHER_SKILL_MD, WEATHER_SCRIPT);
    const el = await mountWithDraft(api, undefined, { validated: true });
    await waitFor(() => !!internals(el).checks.review, 'reviewed');
    button(el, 'Save skill').click();
    await waitFor(() => txt(dialog(el)).includes('weather-report saved'), 'saved at once');
    const score = assessSkillRisk({ skillMd: WEATHER_SKILL_MD, scripts: { 'weather-current.sh': WEATHER_SCRIPT } }).score;
    await waitFor(() => txt($(el, 'dialog[data-name="save"] .risk-badge')).includes(`Risk ${score}/100`), 'the badge in the result');
    includes(txt($(el, 'dialog[data-name="save"] [part="risk"]')), 'policy passed');
    equal($(el, 'dialog[data-name="save"] [part="risk"] input'), null);
  });
});
