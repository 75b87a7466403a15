// The save controller on its own (issue 12): a new skill for a known agent is
// saved as soon as the dialog opens, a policy violation waits for the
// operator's confirmation, a conflict is told apart, and the save event
// carries the result.

import type { DraftReview } from '../../../../src/elements/api/review.js';
import { SaveController, type SaveChecks, type SavedDraft } from '../../../../src/elements/builder/controllers/save-controller.js';
import { equal, ok } from '../../helpers/assert.js';
import { recordEvents, waitFor } from '../../helpers/dom.js';
import { testContext } from '../../helpers/controller-host.js';
import { errorResponse, WEATHER_SKILL_MD } from '../../helpers/fake-api.js';

const VIOLATION: DraftReview = {
  syntax: [],
  risk: {
    score: 80,
    level: 'high',
    passed: false,
    factors: [],
    findings: [],
    violations: [{ rule: 'no-network', severity: 'error', message: 'network use' } as never],
  },
  riskError: '',
};

type Writable<T> = { -readonly [K in keyof T]: T[K] };

function setup() {
  const t = testContext();
  // Plain objects with writable fields, which the controller reads through its read-only interfaces.
  const editor: Writable<SavedDraft> = {
    draft: { skillMd: WEATHER_SKILL_MD, scripts: {} },
    skillName: 'weather-report',
    editing: null,
    editAgent: null,
    original: null,
  };
  const checks: Writable<SaveChecks> = { result: { valid: true, errors: [], warnings: [] }, review: null, setResult: (v) => void (checks.result = v) };
  const savedAs: string[] = [];
  let dialogs = 0;
  const save = new SaveController(t.host, t.ctx, editor, checks, {
    loadAgents: async () => null,
    openDialog: () => void dialogs++,
    saved: (agent, name) => void savedAs.push(`${agent}/${name}`),
  });
  return { ...t, editor, checks, save, savedAs, dialogs: () => dialogs };
}

describe('save controller', () => {
  it('saves a new skill for the known agent as the dialog opens, and fires forge-skill-saved', async () => {
    const { save, host, savedAs, dialogs } = setup();
    const events = recordEvents(host, ['forge-skill-saved']);
    save.open();
    equal(dialogs(), 1);
    await waitFor(() => save.state?.phase === 'done', 'saved');
    equal(savedAs[0], 'ops-bot/weather-report');
    equal(events.length, 1);
    equal(events[0]!.detail.name, 'weather-report');
  });

  it('waits for the confirmation a policy violation needs', async () => {
    const { save, checks, api } = setup();
    checks.review = VIOLATION;
    save.open();
    equal(save.state?.phase, 'confirm');
    await save.save();
    equal(api.callsTo('POST', /save$/).length, 0, 'nothing saved before the operator confirms');
    save.patch({ riskAck: true });
    await save.save();
    equal(save.state?.phase, 'done');
  });

  it('tells a name conflict apart from other failures', async () => {
    const { save, api } = setup();
    api.override = (call) =>
      call.method === 'POST' && /skill-builder\/save$/.test(call.path) ? errorResponse(409, 'skill "weather-report" already exists') : undefined;
    save.open();
    await waitFor(() => save.state?.phase === 'error', 'failed');
    ok(save.state!.conflict, 'a 409 is a conflict');
  });

  it('does not open for a draft with errors or without a name', () => {
    const { save, checks, editor, dialogs } = setup();
    checks.result = { valid: false, errors: [], warnings: [] };
    save.open();
    editor.skillName = '';
    checks.result = null;
    save.open();
    equal(dialogs(), 0);
    equal(save.state, null);
  });
});
