// The small pure pieces of the elements: safe Markdown, the line diff, the
// frontmatter name read, script-name and settings-form checks.

import { html, render } from 'lit';
import { diffDrafts, lineDiff } from '../../src/elements/internal/diff/line-diff.js';
import { markdown, markdownToElement, safeHref } from '../../src/elements/internal/markdown/markdown.js';
import { checkNewScriptName, frontmatterName, sameDraft } from '../../src/elements/builder/draft.js';
import { checkSettingsForm } from '../../src/elements/settings/settings-form.js';
import { deepEqual, equal, includes, ok } from './helpers/assert.js';
import { sleep } from './helpers/dom.js';

declare global {
  interface Window {
    xssRan?: number;
  }
}

describe('markdown', () => {
  it('renders the Markdown an LLM writes: emphasis, lists, code, tables, links', () => {
    const el = markdownToElement('I will use **web_fetch** and `curl`:\n\n- one\n- two\n\n```sh\necho hi\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/docs)');
    equal(el.querySelector('strong')?.textContent, 'web_fetch');
    equal(el.querySelector('p code')?.textContent, 'curl');
    equal(el.querySelectorAll('ul li').length, 2);
    equal(el.querySelector('pre code')?.textContent, 'echo hi');
    equal(el.querySelectorAll('table th').length, 2, 'the first row is the header');
    equal(el.querySelectorAll('table td').length, 2);
    const a = el.querySelector('a')!;
    equal(a.getAttribute('href'), 'https://example.com/docs');
    equal(a.getAttribute('rel'), 'noopener noreferrer');
    equal(a.getAttribute('target'), '_blank');
  });

  it('shows raw HTML as text and never runs it', async () => {
    window.xssRan = undefined;
    const host = document.createElement('div');
    document.body.appendChild(host);
    host.appendChild(markdownToElement('Look: <img src=x onerror="window.xssRan=1"> and <script>window.xssRan=2</script> <b onmouseover="window.xssRan=3">b</b>'));
    await sleep(50);
    equal(host.querySelectorAll('img, script, b').length, 0, 'no element from the HTML');
    includes(host.textContent, '<img src=x onerror="window.xssRan=1">');
    includes(host.textContent, '<script>window.xssRan=2</script>');
    equal(window.xssRan, undefined, 'no handler ran');
    host.remove();
  });

  it('drops javascript: and data: link targets and never loads images', () => {
    const el = markdownToElement('[a](javascript:alert(1)) [b](data:text/html,x) ![pic](https://tracker.example/p.png)');
    const links = [...el.querySelectorAll('a')];
    ok(links.length >= 2);
    ok(!links[0]!.hasAttribute('href') && !links[1]!.hasAttribute('href'), 'unsafe targets removed');
    equal(el.querySelectorAll('img').length, 0);
    equal(safeHref(' mailto:x@example.com'), 'mailto:x@example.com');
    equal(safeHref('JAVASCRIPT:alert(1)'), null);
  });

  it('renders streamed text incrementally to the same result as the whole text', () => {
    const text = 'Plan:\n\n1. **Fetch** the page\n2. Parse `json`\n\nDone — ☕.';
    const host = document.createElement('div');
    for (let i = 1; i <= text.length; i += 3) render(html`${markdown(text.slice(0, i), false)}`, host);
    render(html`${markdown(text, true)}`, host);
    equal(host.querySelector('.md')!.innerHTML, markdownToElement(text).innerHTML);
    // A replaced (not extended) text starts over.
    render(html`${markdown('Other **text**', true)}`, host);
    equal(host.querySelector('.md strong')?.textContent, 'text');
    equal(host.querySelectorAll('ol').length, 0);
  });
});

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
    ok(rows.some((r) => r.kind === 'fold' && r.count === 6), 'lines 1–6 fold, keeping 3 of context');
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

describe('settings form checks', () => {
  const base = { provider: 'openai', model: 'gpt-4.1', baseUrl: '', apiKeyEnv: '', apiKey: '' };
  it('accepts a complete form', () => deepEqual(checkSettingsForm(base), {}));
  it('names each bad field', () => {
    const errors = checkSettingsForm({ provider: 'mystery', model: ' ', baseUrl: 'ftp://x', apiKeyEnv: '1BAD', apiKey: 'a\nb' });
    deepEqual(Object.keys(errors).sort(), ['apiKey', 'apiKeyEnv', 'baseUrl', 'model', 'provider']);
  });
});
