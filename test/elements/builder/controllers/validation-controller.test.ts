// The validation controller on its own (issue 12): a change is checked after a
// pause, a newer change wins over an older answer, a blank draft is not sent,
// and a failed check is reported without dropping the last result.

import { ValidationController } from '../../../../src/elements/builder/controllers/validation-controller.js';
import type { Draft } from '../../../../src/elements/types.js';
import { deepEqual, equal, ok } from '../../helpers/assert.js';
import { sleep, waitFor } from '../../helpers/dom.js';
import { testContext } from '../../helpers/controller-host.js';
import { errorResponse } from '../../helpers/fake-api.js';

function setup() {
  const t = testContext();
  const editor = { draft: { skillMd: 'v1', scripts: {} } as Draft | null, editing: null as string | null };
  const checks = new ValidationController(t.host, t.ctx, editor);
  return { ...t, editor, checks };
}

const finding = (message: string) => ({ field: 'name', message, severity: 'error', code: 'x' });

describe('validation controller', () => {
  it('checks the latest draft once after a burst of changes', async () => {
    const { checks, editor, api } = setup();
    api.validate = (body) => ({ valid: false, errors: [finding(body.skill_md)], warnings: [] });
    checks.schedule(20);
    editor.draft = { skillMd: 'v2', scripts: {} };
    checks.schedule(20);
    await waitFor(() => !!checks.result && !checks.checking, 'checked');
    equal(api.callsTo('POST', '/validate').length, 1, 'one request for the burst');
    equal(checks.result!.errors[0]!.message, 'v2');
  });

  it('drops an older answer that arrives after a newer check started', async () => {
    const { checks, editor, api } = setup();
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    api.override = (call) => (call.path.endsWith('/validate') && call.body.skill_md === 'v1' ? slow.then(() => errorResponse(500, 'late')) : undefined);
    api.validate = (body) => ({ valid: true, errors: [], warnings: [{ ...finding(body.skill_md), severity: 'warning' }] });
    checks.schedule(0);
    await waitFor(() => checks.checking, 'first check running');
    editor.draft = { skillMd: 'v2', scripts: {} };
    checks.schedule(0);
    await waitFor(() => !!checks.result, 'second check answered');
    release();
    await sleep(20);
    equal(checks.result!.warnings[0]!.message, 'v2');
    equal(checks.error, '', 'the late failure of the old check is not shown');
    equal(checks.checking, false);
  });

  it('sends nothing for a blank draft and reports a failed check', async () => {
    const { checks, editor, api, errors } = setup();
    editor.draft = { skillMd: '  ', scripts: {} };
    checks.schedule(0);
    await sleep(20);
    equal(checks.result, null);
    equal(api.callsTo('POST', '/validate').length, 0);
    editor.draft = { skillMd: 'v3', scripts: {} };
    api.override = (call) => (call.path.endsWith('/validate') ? errorResponse(500, 'validator down') : undefined);
    checks.schedule(0);
    await waitFor(() => checks.error !== '', 'failure shown');
    ok(checks.error.includes('validator down'), checks.error);
    deepEqual(errors, ['validate']);
  });
});
