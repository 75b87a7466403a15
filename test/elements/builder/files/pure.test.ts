// The pure pieces of the skill-folder UI (issue 17): file groups, the name
// check shared with scripts, add/rename/delete, sameDraft and the edit diff
// over folders.

import { addFile, checkNewFileName, deleteFile, fileGroups, formatSize, renameFile, tabFor } from '../../../../src/elements/builder/files/folder-files.js';
import { diagTab, fileText, hasTab, sameDraft, tabPath, withFileText } from '../../../../src/elements/builder/draft.js';
import type { Diagnostic } from '../../../../src/core/diagnostics.js';
import { diffDrafts } from '../../../../src/elements/internal/diff/line-diff.js';
import type { Draft } from '../../../../src/elements/types.js';
import { deepEqual, equal, includes, ok } from '../../helpers/assert.js';

const draft: Draft = {
  skillMd: '---\nname: x\n---\n',
  scripts: { 'b.sh': 'b', 'a.sh': 'a' },
  files: { 'references/z.md': 'z', 'assets/t.md': 't', 'reference/runbook.md': 'r', 'references/aws/setup.md': 's' },
  binaries: [
    { path: 'assets/logo.png', size: 3, sha256: 'ff' },
    { path: 'LICENSE', size: 9, sha256: 'ee' },
  ],
};

describe('skill-folder files (pure)', () => {
  it('groups tabs: SKILL.md, scripts in draft order, then references, reference, assets, other folders; files by path', () => {
    deepEqual(
      fileGroups(draft).map((g) => [g.folder, g.tabs.map((t) => t.label)]),
      [
        ['', ['SKILL.md', 'LICENSE']],
        ['scripts', ['b.sh', 'a.sh']],
        ['references', ['aws/setup.md', 'z.md']],
        ['reference', ['runbook.md']],
        ['assets', ['logo.png', 't.md']],
      ],
    );
    // A file at the top of the folder (Anthropic's LICENSE.txt) is a folder tab too, never taken for a script.
    equal(fileGroups(draft)[0]!.tabs[1]!.tab, './LICENSE');
    ok(hasTab(draft, './LICENSE') && !hasTab(draft, 'LICENSE'));
    equal(tabPath('./LICENSE'), 'LICENSE');
    equal(diagTab({ code: 'x', message: 'm', severity: 'warning', file: 'LICENSE' } as Diagnostic), './LICENSE');
    deepEqual(
      deleteFile(draft, './LICENSE').binaries!.map((b) => b.path),
      ['assets/logo.png'],
    );
  });

  it('checks new names with the script rule, per path segment, and against clashes after case folding', () => {
    equal(checkNewFileName('scripts', 'a.sh', draft), 'a script named "a.sh" already exists');
    equal(checkNewFileName('references', 'aws/new.md', draft), null);
    includes(checkNewFileName('references', 'Z.md', draft)!, 'clashes with "references/z.md"');
    equal(checkNewFileName('references', 'z.md', draft, 'references/z.md'), null, 'renaming to itself');
    includes(checkNewFileName('references', 'a//b.md', draft)!, 'empty or "." segment');
    includes(checkNewFileName('references', 'a\\b.md', draft)!, 'backslash');
    includes(checkNewFileName('assets', 'x?.md', draft)!, 'not allowed in a file name');
    includes(checkNewFileName('docs', 'x.md', draft)!, 'files can be added to scripts/, references/, reference/, assets/');
    const full: Draft = { ...draft, files: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`references/f${i}.md`, ''])) };
    includes(checkNewFileName('references', 'one-more.md', full)!, 'at most 200 text files');
  });

  it('adds, renames (a script in place, or across folders) and deletes files', () => {
    equal(addFile(draft, 'references', 'new.md').files!['references/new.md'], '# new\n');
    deepEqual(Object.keys(renameFile(draft, 'b.sh', 'c.sh').scripts), ['c.sh', 'a.sh']);
    const moved = renameFile(draft, 'a.sh', 'references/a.md');
    deepEqual(Object.keys(moved.scripts), ['b.sh']);
    equal(moved.files!['references/a.md'], 'a');
    deepEqual(
      deleteFile(draft, 'assets/logo.png').binaries!.map((b) => b.path),
      ['LICENSE'],
    );
    equal(deleteFile(draft, 'reference/runbook.md').files!['reference/runbook.md'], undefined);
    equal(formatSize(2048), '2.0 KB');
    equal(formatSize(25 * 1024 * 1024), '25 MB');
  });

  it('keeps a top-level text file and a nested helper of scripts/ as folder files, and renames them with their text', () => {
    const d: Draft = { skillMd: '', scripts: { 'run.sh': 'r' }, files: { 'LICENSE.txt': 'MIT', 'scripts/lib/util.py': 'u', 'templates/x/y.txt': 'y' } };
    deepEqual(
      fileGroups(d).map((g) => [g.folder, g.tabs.map((t) => t.tab)]),
      [
        ['', ['SKILL.md', './LICENSE.txt']],
        ['scripts', ['run.sh', 'scripts/lib/util.py']],
        ['templates', ['templates/x/y.txt']],
      ],
    );
    equal(fileText(d, './LICENSE.txt'), 'MIT');
    equal(withFileText(d, './LICENSE.txt', 'BSD').files!['LICENSE.txt'], 'BSD');
    equal(diagTab({ code: 'x', message: 'm', severity: 'warning', file: 'scripts/lib/util.py' } as Diagnostic), 'scripts/lib/util.py');
    equal(tabFor('scripts', 'lib/draw.py'), 'scripts/lib/draw.py', 'a nested name in scripts/ is a folder file');
    equal(tabFor('', 'NOTICE'), './NOTICE');
    equal(checkNewFileName('scripts', 'lib/draw.py', d, 'scripts/lib/util.py'), null);
    equal(checkNewFileName('', 'LICENSE.md', d, './LICENSE.txt'), null);
    includes(checkNewFileName('', 'skill.md', d)!, 'SKILL.md is the skill itself');
    includes(checkNewFileName('scripts', 'lib', d)!, '"scripts/lib" is the folder of "scripts/lib/util.py"');
    includes(checkNewFileName('templates', 'x/y.txt/z.md', d)!, '"templates/x/y.txt" is a file');
    includes(checkNewFileName('templates', 'x/../../a.md', d)!, '".."');
    const r = renameFile(d, './LICENSE.txt', tabFor('', 'LICENSE.md'));
    deepEqual(Object.keys(r.files!).sort(), ['LICENSE.md', 'scripts/lib/util.py', 'templates/x/y.txt']);
    equal(r.files!['LICENSE.md'], 'MIT');
    equal(renameFile(d, 'templates/x/y.txt', 'templates/x/z.txt').files!['templates/x/z.txt'], 'y');
    equal(renameFile(d, 'scripts/lib/util.py', 'util.py').scripts['util.py'], 'u', 'moved to a script');
    equal(addFile(d, 'scripts', 'lib/more.py').files!['scripts/lib/more.py'], '# more\n');
  });

  it('sameDraft sees changed, added or removed folder files', () => {
    ok(sameDraft(draft, { ...draft, files: { ...draft.files } }));
    ok(!sameDraft(draft, { ...draft, files: { ...draft.files, 'references/z.md': 'zz' } }));
    ok(!sameDraft(draft, { ...draft, binaries: [draft.binaries![0]!] }));
    ok(!sameDraft(draft, { ...draft, binaries: [{ ...draft.binaries![0]!, sha256: '00' }, draft.binaries![1]!] }));
  });

  it('diffs folder text files by line and binaries by sha256', () => {
    const after: Draft = { ...draft, files: { ...draft.files, 'references/z.md': 'z2' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: '11' }] };
    deepEqual(
      diffDrafts(draft, after)
        .filter((f) => f.status !== 'unchanged')
        .map((f) => [f.file, f.status, f.rows.length > 0]),
      [
        ['references/z.md', 'changed', true],
        ['LICENSE', 'removed', false],
        ['assets/logo.png', 'changed', false],
      ],
    );
  });
});
