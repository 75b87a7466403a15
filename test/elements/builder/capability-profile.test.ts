// Declared versus observed in the Run analysis: after a run the builder shows
// the try reply's capability profile (declared and used side by side, each
// finding with its fix, the risk score before and after), sends the session's
// earlier runs with the next run, and "Fix declarations…" shows the change as
// a diff before Apply puts the fixed SKILL.md in the draft.

import { equal, includes } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, textOf, waitFor } from '../helpers/dom.js';
import { draftReply, FakeApi, json, WEATHER_SCRIPT } from '../helpers/fake-api.js';

afterEach(cleanup);

const SKILL_MD = `---
name: weather-report
description: When the user asks about the weather ("weather in Paris?"), fetch it.
metadata:
  forge:
    requires:
      bins: [wget]
---
# Weather report

## Tool: weather_current

Current weather.

**Input:** city (string): the city

## Tool: weather_forecast

**Input:** city (string)
`;
const FIXED = SKILL_MD.replace('bins: [wget]', 'bins: [jq]');

const observation = {
  egress: [{ host: 'api.weather.example', port: 443, verdict: 'allowed' }],
  programs: [{ name: 'jq', path: '/usr/bin/jq', count: 1 }],
  files: [],
  mechanism: 'strace',
};

function profile(runs: Array<{ id: string; tool: string; ok: boolean }>, fixed: string | undefined) {
  return {
    declared: { egress: ['api.weather.example'], bins: ['wget'], env: [] },
    used: { egress: ['api.weather.example'], programs: ['bash', 'jq'], env: [] },
    runs,
    summary: 'declares 1 host, used 1; uses jq, not declared',
    findings: [
      {
        kind: 'observed-bin-undeclared',
        subject: 'jq',
        message: 'the run executed jq, which requires.bins does not declare: a packaged agent will not have it',
        file: 'SKILL.md',
        line: 6,
        runs: runs.map((r) => r.id),
        fix: { op: 'add', field: 'bins', value: 'jq' },
      },
      {
        kind: 'declared-bin-unused',
        subject: 'wget',
        message: 'wget is declared in requires.bins but no run executed it',
        file: 'SKILL.md',
        line: 6,
        fix: { op: 'remove', field: 'bins', value: 'wget' },
      },
    ],
    risk: { before: 12, after: 8 },
    ...(fixed ? { fixed_skill_md: fixed } : {}),
  };
}

function apiWithProfile(): FakeApi {
  const api = new FakeApi();
  api.chat = () => draftReply({ skillMd: SKILL_MD, scripts: { 'weather-current.sh': WEATHER_SCRIPT, 'weather-forecast.sh': WEATHER_SCRIPT } });
  api.override = (call) => {
    if (!call.path.endsWith('/skill-builder/try')) return undefined;
    const earlier = (call.body.runs ?? []) as Array<{ id: string; tool: string; ok: boolean }>;
    const runs = [...earlier.map((r) => ({ id: r.id, tool: r.tool, ok: r.ok })), { id: `run ${earlier.length + 1}`, tool: call.body.tool, ok: true }];
    return json({
      ok: true,
      exit_code: 0,
      signal: null,
      timed_out: false,
      duration_ms: 40,
      stdout: '{}',
      stderr: '',
      truncated: false,
      json: {},
      output_diagnostics: [],
      egress_blocked: [],
      sandbox: 'bwrap',
      observation,
      capability_profile: profile(runs, call.body.skill_md === SKILL_MD ? FIXED : undefined),
    });
  };
  return api;
}

describe('builder: declared versus observed', () => {
  it('shows the profile after a run, accumulates the session, and applies the fixes after showing the diff', async () => {
    const api = apiWithProfile();
    const el = await mountWithDraft(api);
    await waitFor(() => $(el, '#analysis-tab-run'), 'the Run analysis is offered');
    $<HTMLButtonElement>(el, '#analysis-tab-run')!.click();
    await waitFor(() => $(el, '[part="runs"]'), 'the Run view (loaded on first use)');
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => $(el, '[part="capability-profile"]'), 'the capability profile after the run');
    const shown = () => textOf(el, '[part="capability-profile"]');
    includes(shown(), 'declares 1 host, used 1; uses jq, not declared');
    includes(shown(), 'over run 1 (weather_current)');
    includes(shown(), 'SKILL.md:6 the run executed jq');
    includes(shown(), 'Fix: add jq to requires.bins.');
    includes(shown(), 'Fix: remove wget from requires.bins.');
    includes(shown(), 'Risk score 12 as declared, 8 with the fixes.');
    const rows = $$(el, '[part="capability-profile"] tbody tr').map((r) => [...r.children].map((c) => c.textContent!.replace(/\s+/g, ' ').trim()).join(' / '));
    equal(rows.join(' | '), 'Hosts / api.weather.example / api.weather.example | Programs / wget / bash, jq | Env / none / none');
    await expectAccessible(el, 'the Run analysis with a capability profile');

    // The other tool's run carries the first run back: the profile is the union over the session.
    const toolSel = $$<HTMLSelectElement>(el, '[part="runs"] select')[0]!;
    toolSel.value = 'weather_forecast';
    toolSel.dispatchEvent(new Event('change'));
    await waitFor(() => {
      try {
        return button(el, 'Run weather_forecast', '[part="runs"]');
      } catch {
        return null;
      }
    }, 'the second tool selected');
    button(el, 'Run weather_forecast', '[part="runs"]').click();
    await waitFor(() => shown().includes('over run 1 (weather_current), run 2 (weather_forecast)'), 'the profile over both runs');
    const sent = api.lastCall('POST', '/try')!.body;
    equal(JSON.stringify(sent.runs), JSON.stringify([{ id: 'run 1', tool: 'weather_current', ok: true, observation }]));

    // Fix declarations: the diff first, the draft untouched until Apply.
    button(el, 'Fix declarations', '[part="capability-profile"]').click();
    await waitFor(() => $(el, '[part="capability-profile"] .diff'), 'the diff of the fix');
    includes(textOf(el, '[part="capability-profile"] .diff'), 'bins: [jq]');
    equal((el as any)._editor.draft.skillMd, SKILL_MD);
    await expectAccessible(el, 'the declaration fix preview');
    button(el, 'Apply to the draft', '[part="capability-profile"]').click();
    await waitFor(() => (el as any)._editor.draft.skillMd === FIXED, 'the fixed SKILL.md in the draft');
    await waitFor(() => shown().includes('The draft changed since this run'), 'the applied fix asks for a new run');
  });
});
