// The line diff of an edited skill: numbered added/removed lines, folded
// unchanged runs, whole drafts compared file by file.

import { diffDrafts, lineDiff } from '../../../../src/elements/internal/diff/line-diff.js';
import { deepEqual, equal, ok } from '../../helpers/assert.js';

describe('line diff', () => {
  it('numbers added and removed lines and folds long unchanged runs', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 10\n', 'line ten\n') + 'line 21\n';
    const { rows, added, removed } = lineDiff(before, after);
    equal(added, 2);
    equal(removed, 1);
    const del = rows.find((r) => r.kind === 'del');
    deepEqual(del, { kind: 'del', text: 'line 10', oldNo: 10 });
    const add = rows.filter((r) => r.kind === 'add');
    deepEqual(add[0], { kind: 'add', text: 'line ten', newNo: 10 });
    ok(
      rows.some((r) => r.kind === 'fold' && r.count === 6),
      'lines 1–6 fold, keeping 3 of context',
    );
  });

  it('tags files new, removed, changed and unchanged', () => {
    const files = diffDrafts(
      { skillMd: 'a\n', scripts: { 'old.sh': 'x\n', 'same.sh': 's\n', 'edit.sh': '1\n' } },
      { skillMd: 'a\n', scripts: { 'new.sh': 'y\n', 'same.sh': 's\n', 'edit.sh': '2\n' } },
    );
    deepEqual(
      files.map((f) => [f.file, f.status]),
      [
        ['SKILL.md', 'unchanged'],
        ['scripts/edit.sh', 'changed'],
        ['scripts/new.sh', 'new'],
        ['scripts/old.sh', 'removed'],
        ['scripts/same.sh', 'unchanged'],
      ],
    );
  });
});
