// The draft helpers: comparing drafts, reading the frontmatter name, and
// checking a new script name.

import { checkNewScriptName, frontmatterName, sameDraft } from '../../../src/elements/builder/draft.js';
import { equal, includes, ok } from '../helpers/assert.js';

describe('draft helpers', () => {
  it('reads the frontmatter name, quoted or not, with a comment', () => {
    equal(frontmatterName('---\nname: weather-report\ndescription: x\n---\nbody'), 'weather-report');
    equal(frontmatterName('---\ndescription: x\nname: "quoted-name"\n---\n'), 'quoted-name');
    equal(frontmatterName("---\nname: 'single' \n---\n"), 'single');
    equal(frontmatterName('---\nname: with-comment # the id\n---\n'), 'with-comment');
    equal(frontmatterName('---\nmetadata:\n  name: nested\n---\n'), '', 'only a top-level name counts');
    equal(frontmatterName('# no frontmatter\nname: x'), '');
  });

  it('checks new script names like the server does', () => {
    ok(checkNewScriptName('../evil.sh', {}), 'no path traversal');
    ok(checkNewScriptName('a/b.sh', {}), 'no folders');
    ok(checkNewScriptName('.hidden', {}), 'no hidden files');
    ok(checkNewScriptName('SKILL.md', {}), 'not the skill itself');
    includes(checkNewScriptName('x.sh', { 'x.sh': '' }) ?? '', 'already exists');
    equal(checkNewScriptName('x.sh', { 'x.sh': '' }, 'x.sh'), null, 'renaming to itself is fine');
    equal(checkNewScriptName('my-tool.py', {}), null);
  });

  it('compares drafts', () => {
    ok(sameDraft(null, { skillMd: '  ', scripts: {} }));
    ok(!sameDraft({ skillMd: 'a', scripts: { x: '1' } }, { skillMd: 'a', scripts: { x: '2' } }));
  });
});
