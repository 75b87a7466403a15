// Styles of the "Run a tool" section (tool-run-view.ts): the collapsible
// section, the form row, and the result (bounded height, scrolls).

import { css } from 'lit';

export const toolRunStyles = css`
  .runs { border-top: 1px solid var(--_border); padding: var(--_space-2) var(--_space-3); }
  .run-form { display: flex; flex-wrap: wrap; gap: var(--_space-2); }
  .run-form textarea { flex: 1 1 100%; }
  .run-result { max-height: 14rem; overflow: auto; }
  .run-result .warn { color: var(--_warning); }
  .tree ul { margin: 0; padding-left: var(--_space-4); list-style: none; }
`;
