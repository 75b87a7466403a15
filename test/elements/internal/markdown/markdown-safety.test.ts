// Chat Markdown is safe: model HTML never runs, link targets are checked,
// and streamed text renders like the whole text.

import { html, render } from 'lit';
import { markdown, markdownToElement, safeHref } from '../../../../src/elements/internal/markdown/markdown.js';
import { equal, includes, ok } from '../../helpers/assert.js';
import { sleep } from '../../helpers/dom.js';

declare global {
  interface Window {
    xssRan?: number;
  }
}

describe('markdown', () => {
  it('renders the Markdown an LLM writes: emphasis, lists, code, tables, links', () => {
    const el = markdownToElement(
      'I will use **web_fetch** and `curl`:\n\n- one\n- two\n\n```sh\necho hi\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/docs)',
    );
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
    host.appendChild(
      markdownToElement('Look: <img src=x onerror="window.xssRan=1"> and <script>window.xssRan=2</script> <b onmouseover="window.xssRan=3">b</b>'),
    );
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
