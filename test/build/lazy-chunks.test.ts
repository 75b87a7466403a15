// The standalone elements bundle loads some views on first use from files
// beside it (lazy-view.ts): the routing dialog (issue 16), Run a tool, the risk
// review and the diff of an edited skill (issue 15), the save result (issue
// 12), the skill-folder views (file tabs, import, export; issue 17), As the
// agent sees it (issue 13, with the YAML reader the runtime view needs), the chat's
// Markdown renderer (plain text until it arrives), and the code editor with the
// one-click fixes (issue 26: CodeMirror and each script language in chunks of their own). The bundle
// imports each by a relative path, each chunk imports only from the bundle or
// another such chunk (rollup adds no facade file), and each name is one the ui
// server serves. Needs `npm run build` first, as bundle-size.test.ts does.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DIST, readDist } from '../../bench/bundle-size.js';

const BUNDLE = 'forge-skill-builder.elements.js';
const chunk = (view: string) => `forge-skill-builder.${view}.js`;
// An import's `from"./…"`, not a string "from" in the code (a wire field of that name is followed by `","`, and
// markup such as `id="…-from" .value=…` is not followed by a relative path).
const importsOf = (file: string) => new Set([...readDist(join(DIST, file)).matchAll(/(?<!["'])\bfrom\s*"(\.\/[^"]+)"/g)].map((m) => m[1]));

describe('lazily loaded parts of the standalone bundle', () => {
  it('the bundle loads each view by a relative import() of a file beside it', () => {
    const entry = readDist(join(DIST, BUNDLE));
    for (const view of [
      'routing-view',
      'tool-run-view',
      'review-view',
      'diff-view',
      'save-result-view',
      'files-view',
      'agent-view',
      'history-view',
      'markdown',
      'trust-badge',
      'trust-wire',
    ]) {
      expect(entry, view).toContain(`import("./${chunk(view)}")`);
      // The ui server serves only forge-skill-builder.*.js files from dist/: the chunk's name must be one.
      expect(chunk(view)).toMatch(/^forge-skill-builder\.[\w.-]+\.(js|map)$/);
    }
  });

  it('each chunk imports only from the bundle (the routing dialog also from the diff chunk)', () => {
    for (const view of ['review-view', 'diff-view', 'save-result-view', 'markdown']) expect(importsOf(chunk(view)), view).toEqual(new Set([`./${BUNDLE}`]));
    // A skill's trust is two chunks shared by the files view (an import's trust), the History view and the Skills
    // dialog: its wire mapping (loaded by the API client for a list that carries trust) and its badge. A version's
    // record (with its eval summary) is a third, shared by the History view and the import's provenance.
    for (const view of ['files-view', 'history-view'])
      expect(importsOf(chunk(view)), view).toEqual(
        new Set([`./${BUNDLE}`, `./${chunk('history-wire')}`, `./${chunk('trust-badge')}`, `./${chunk('trust-wire')}`]),
      );
    for (const shared of ['trust-wire', 'trust-badge']) expect(importsOf(chunk(shared)), shared).toEqual(new Set([`./${BUNDLE}`]));
    // The YAML parser is one chunk shared by the views that need it; it imports nothing. The core code two of those
    // views share is a chunk of its own too: the runtime view (As the agent sees it, the fixes, Evals), the frontmatter
    // reading (accepting requirements, the SKILL.md parser) and the SKILL.md parser (the fixes, and the Evals view's
    // cases from the Examples tables).
    expect(importsOf(chunk('yaml'))).toEqual(new Set());
    expect(importsOf(chunk('runtime-view'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('yaml')}`]));
    expect(importsOf(chunk('frontmatter'))).toEqual(new Set([`./${chunk('yaml')}`]));
    expect(importsOf(chunk('agent-view'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('runtime-view')}`]));
    expect(importsOf(chunk('accept-requirements'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('frontmatter')}`, `./${chunk('yaml')}`]));
    expect(importsOf(chunk('parse'))).toEqual(new Set([`./${chunk('frontmatter')}`, `./${chunk('runtime-view')}`]));
    expect(importsOf(chunk('fix-view'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('runtime-view')}`, `./${chunk('parse')}`]));
    // The capability profile (its view, with the declaration fixes as a diff from the diff chunk, and its wire
    // mapping) is a chunk the Run view shares with the Evals view (an eval run joins the same editing session).
    expect(importsOf(chunk('tool-run-view'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('profile-view')}`]));
    expect(importsOf(chunk('profile-view'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('diff-view')}`]));
    expect(importsOf(chunk('evals-view'))).toEqual(
      new Set([`./${BUNDLE}`, `./${chunk('parse')}`, `./${chunk('profile-view')}`, `./${chunk('routing-wire')}`, `./${chunk('runtime-view')}`]),
    );
    // The routing protocol is a chunk the routing dialog shares with the Evals view.
    expect(importsOf(chunk('routing-view'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('diff-view')}`, `./${chunk('routing-wire')}`]));
    expect(importsOf(chunk('routing-wire'))).toEqual(new Set([`./${BUNDLE}`]));
    // Accepting an import's requirement proposals edits the YAML with core's acceptRequirements: the YAML parser
    // comes in a chunk of its own, loaded by the files chunk only when the operator accepts.
    expect(readDist(join(DIST, chunk('files-view')))).toContain(`import("./${chunk('accept-requirements')}")`);
  });

  it('the code editor: a small chunk the bundle loads with the first draft, which loads CodeMirror and each script language only when needed', () => {
    expect(readDist(join(DIST, BUNDLE))).toContain(`import("./${chunk('code-aids')}")`);
    expect(importsOf(chunk('code-aids'))).toEqual(new Set([`./${BUNDLE}`]));
    const aids = readDist(join(DIST, chunk('code-aids')));
    for (const next of ['code-editor-view', 'fix-view']) expect(aids, next).toContain(`import("./${chunk(next)}")`);
    expect(importsOf(chunk('code-editor-view'))).toEqual(new Set([`./${BUNDLE}`, `./${chunk('codemirror')}`]));
    expect(importsOf(chunk('codemirror'))).toEqual(new Set());
    const editor = readDist(join(DIST, chunk('code-editor-view')));
    for (const lang of ['cm-shell', 'cm-python', 'cm-javascript']) {
      expect(editor, lang).toContain(`import("./${chunk(lang)}")`);
      // (The JavaScript grammar holds `from"` in its own tables: only relative paths are imports.)
      for (const from of [...importsOf(chunk(lang))].filter((f) => f?.startsWith('./'))) expect(from, lang).toBe(`./${chunk('codemirror')}`);
    }
  });
});
