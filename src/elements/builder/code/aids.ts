// The editing aids (code-aids.ts: the code editor and the one-click fixes) as
// one view loaded on first use: the builder's first bundle holds only this
// getter. Until it is there the plain textarea edits the file and the Checks
// list shows its findings without a Fix.

import { lazyView } from '../../internal/lazy-view.js';

export const codeAids = lazyView(() => import('./code-aids.js'));
