// The validator codes that fixForRuntime repairs (what `validate --fix`
// writes), each with the kind of change that repairs it. Its own module so a
// page can tell which findings offer a fix without loading the fixer.

import type { RuntimeFixChange } from './fix.js';

export const FIXABLE_CODES: Readonly<Record<string, RuntimeFixChange['kind']>> = {
  'runtime-input-table-only': 'input-spec',
  'runtime-input-table-only-no-script': 'input-spec',
  'runtime-first-param-required': 'input-order',
  'runtime-output-missing': 'output-summary',
  'runtime-phantom-tool': 'phantom-bullet',
};
