// The dialog controller on its own (issue 12): the <dialog data-name> elements
// follow the open one, and the "discard unsaved work?" confirmation runs the
// action or its cancellation exactly once (closing it counts as keep working).

import { DialogController } from '../../../../src/elements/builder/controllers/dialog-controller.js';
import { deepEqual, equal } from '../../helpers/assert.js';
import { TestHost } from '../../helpers/controller-host.js';

function setup() {
  const host = new TestHost();
  document.body.appendChild(host.renderRoot);
  host.renderRoot.innerHTML = '<dialog data-name="save"><button>x</button></dialog><dialog data-name="confirm"><button>y</button></dialog>';
  const dialogs = new DialogController(host);
  const sync = () => dialogs.hostUpdated();
  const dialog = (name: string) => host.renderRoot.querySelector<HTMLDialogElement>(`dialog[data-name="${name}"]`)!;
  return { host, dialogs, sync, dialog };
}

describe('dialog controller', () => {
  afterEach(() => document.querySelectorAll('body > div').forEach((d) => d.remove()));

  it('opens the named dialog as a modal and closes the others', () => {
    const { dialogs, sync, dialog } = setup();
    dialogs.show('save');
    sync();
    equal(dialog('save').open, true);
    dialogs.show('confirm');
    sync();
    equal(dialog('save').open, false);
    equal(dialog('confirm').open, true);
    dialogs.show(null);
    sync();
    equal(dialog('confirm').open, false);
  });

  it('runs the confirmed action, or the cancellation when the confirmation is closed', () => {
    const { dialogs } = setup();
    const ran: string[] = [];
    dialogs.ask(
      'Discard?',
      () => ran.push('discard'),
      () => ran.push('keep'),
    );
    equal(dialogs.open, 'confirm');
    equal(dialogs.confirmText, 'Discard?');
    dialogs.close();
    dialogs.confirm(true); // a second answer finds nothing pending
    dialogs.ask('Discard again?', () => ran.push('discard'));
    dialogs.confirm(true);
    deepEqual(ran, ['keep', 'discard']);
    equal(dialogs.open, null);
  });
});
