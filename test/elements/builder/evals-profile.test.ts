// An eval run joins the editing session of the Run analysis, in Chromium
// against the fake API (helpers/session-api.ts: the try and eval routes answer
// with the real core profile over the runs the body carries, as the server
// does): the eval request carries the try's observed run, the profile
// shown afterwards counts both (a host and a program only the eval's tool call
// used), the Evals view shows it with its fixes, applying one edits the draft,
// and the next try sends the eval's call back as a session run.

import { observationToWire } from '../../../src/core/protocol/observe-wire.js';
import { equal, includes, notIncludes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, button, cleanup, mountWithDraft, textOf, waitFor } from '../helpers/dom.js';
import { SESSION_SKILL_MD, sessionApi, TRY_SEEN } from '../helpers/session-api.js';

afterEach(cleanup);

const SKILL_MD = SESSION_SKILL_MD;

async function openAnalysis(el: HTMLElement, id: string, part: string) {
  await waitFor(() => $(el, `#analysis-tab-${id}`), `the ${id} analysis is offered`);
  $<HTMLButtonElement>(el, `#analysis-tab-${id}`)!.click();
  await waitFor(() => $(el, `[part="${part}"]`), `the ${id} view (loaded on first use)`);
}

const profileIn = (el: HTMLElement, part: string) => textOf(el, `[part="${part}"] [part="capability-profile"]`);

describe('builder: an eval run joins the editing session', () => {
  it('sends the tries with the eval, shows the profile over both in Evals and Run, and applies its fix to the draft', async () => {
    const api = sessionApi();
    const el = await mountWithDraft(api);

    // A try: the profile knows the declared host and jq only.
    await openAnalysis(el, 'run', 'runs');
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => $(el, '[part="runs"] [part="capability-profile"]'), 'the profile after the try');
    includes(profileIn(el, 'runs'), 'over run 1 (weather_current)');
    notIncludes(profileIn(el, 'runs'), 'tiles.weather.example');

    // An eval run carries the try back and its tool call joins the session.
    await openAnalysis(el, 'evals', 'evals');
    await waitFor(() => !button(el, 'Run evals', '[part="evals"]').disabled, 'Run evals enabled (the draft has a case)');
    button(el, 'Run evals', '[part="evals"]').click();
    await waitFor(() => $(el, '[part="evals"] [part="capability-profile"]'), 'the session profile in the Evals view', 10000);
    const sent = api.lastCall('POST', '/skill-builder/evals')!.body;
    equal(JSON.stringify(sent.runs), JSON.stringify([{ id: 'run 1', tool: 'weather_current', ok: true, observation: observationToWire(TRY_SEEN) }]));
    const inEvals = profileIn(el, 'evals');
    includes(inEvals, 'over run 1 (weather_current), eval 1 run 1 call 1 (weather_current)');
    includes(inEvals, 'tiles.weather.example');
    includes(inEvals, 'curl');
    includes(inEvals, 'api.weather.example');
    includes(textOf(el, '[part="evals"]'), 'Its 1 observed tool call joined');
    await expectAccessible(el, 'the Evals view with the session profile');

    // The Run analysis shows the same profile: the union of the try and the eval run.
    button(el, 'Open it in Run', '[part="evals"]').click();
    await waitFor(() => $(el, '[part="runs"] [part="capability-profile"]'), 'the Run view again');
    await waitFor(() => profileIn(el, 'runs').includes('eval 1 run 1 call 1'), 'the eval call in the Run view profile');
    includes(profileIn(el, 'runs'), 'tiles.weather.example');

    // A fix from the Evals view: the diff first, then the draft declares what the eval's call used.
    await openAnalysis(el, 'evals', 'evals');
    await waitFor(() => $(el, '[part="evals"] [part="capability-profile"]'), 'the profile in the Evals view again');
    button(el, 'Fix declarations', '[part="evals"] [part="capability-profile"]').click();
    await waitFor(() => $(el, '[part="evals"] [part="capability-profile"] .diff'), 'the diff of the fix');
    includes(textOf(el, '[part="evals"] [part="capability-profile"] .diff'), 'tiles.weather.example');
    equal((el as any)._editor.draft.skillMd, SKILL_MD);
    await expectAccessible(el, 'the declaration fix preview in the Evals view');
    button(el, 'Apply to the draft', '[part="evals"] [part="capability-profile"]').click();
    await waitFor(() => (el as any)._editor.draft.skillMd !== SKILL_MD, 'the fixed SKILL.md in the draft');
    const fixed: string = (el as any)._editor.draft.skillMd;
    ok(/egress_domains: \[api\.weather\.example, tiles\.weather\.example\]/.test(fixed), `the eval's host declared:\n${fixed}`);
    ok(/bins: \[jq, curl\]/.test(fixed), `the eval's program declared:\n${fixed}`);
    equal(fixed.slice(fixed.indexOf('# Weather report')), SKILL_MD.slice(SKILL_MD.indexOf('# Weather report')));
    await waitFor(() => profileIn(el, 'evals').includes('The draft changed since this run'), 'the applied fix asks for a new run');

    // The next try sends the try and the eval's call as the session.
    await openAnalysis(el, 'run', 'runs');
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => profileIn(el, 'runs').includes('run 2 (weather_current)'), 'the profile after the second try');
    const ids = (api.lastCall('POST', '/skill-builder/try')!.body.runs as Array<{ id: string }>).map((r) => r.id);
    equal(ids.join(', '), 'run 1, eval 1 run 1 call 1');
    includes(profileIn(el, 'runs'), 'over run 1 (weather_current), eval 1 run 1 call 1 (weather_current), run 2 (weather_current)');
  });
});
