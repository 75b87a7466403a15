// Chat Markdown to DOM with createElement and text nodes only — nothing is ever
// parsed as HTML, so raw HTML a model writes shows as the literal text it is.
// Links keep only http(s)/mailto targets and open in a new tab with
// rel="noopener noreferrer"; images are shown as links, never loaded. Chat
// headings become `p.md-h` with role="heading" (they structure a reply, they do
// not title the page).

import type { Block } from './blocks.js';
import { parseInline, type Inline } from './inline.js';

/** The href when it is safe to follow (http, https, mailto), else null. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  return /^(https?:|mailto:)/i.test(h) ? h : null;
}

// Children are appended one by one: spreading a long reply's nodes into one call overflowed the stack.
const appendAll = (e: Node, children: ReadonlyArray<Node | readonly Node[]>): void => {
  for (const c of children) {
    if (Array.isArray(c)) for (const n of c as readonly Node[]) e.appendChild(n);
    else e.appendChild(c as Node);
  }
};

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, ...children: Array<Node | readonly Node[]>): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  appendAll(e, children);
  return e;
};

export function renderBlock(b: Block): HTMLElement {
  switch (b.t) {
    case 'p':
      return el('p', inline(b.text));
    case 'h': {
      const level = Math.min(b.level + 2, 6);
      const p = el('p', inline(b.text));
      p.className = `md-h md-h${level}`;
      p.setAttribute('role', 'heading');
      p.setAttribute('aria-level', String(level));
      return p;
    }
    case 'code': {
      const code = el('code', document.createTextNode(b.text));
      code.dataset.block = '';
      if (b.lang) code.dataset.lang = b.lang;
      return el('pre', code);
    }
    case 'hr':
      return el('hr');
    case 'quote':
      return el('blockquote', b.c.map(renderBlock));
    case 'list': {
      const list = el(b.ordered ? 'ol' : 'ul');
      if (b.ordered && b.start !== 1) list.setAttribute('start', String(b.start));
      for (const item of b.items) {
        const li = el('li');
        if (item.checked !== null) li.append(el('span', document.createTextNode(item.checked ? '☑ ' : '☐ ')));
        // A one-paragraph item shows its text directly (a tight list).
        if (item.c.length === 1 && item.c[0]!.t === 'p') appendAll(li, [inline(item.c[0]!.text)]);
        else appendAll(li, [item.c.map(renderBlock)]);
        list.append(li);
      }
      return list;
    }
    case 'table': {
      const table = el(
        'table',
        el(
          'thead',
          el(
            'tr',
            b.head.map((c) => el('th', inline(c))),
          ),
        ),
        el(
          'tbody',
          b.rows.map((r) =>
            el(
              'tr',
              r.map((c) => el('td', inline(c))),
            ),
          ),
        ),
      );
      const wrap = el('div', table);
      wrap.className = 'md-table';
      return wrap;
    }
  }
}

function inline(text: string): Node[] {
  return parseInline(text).map(renderInline);
}

function renderInline(n: Inline): Node {
  switch (n.t) {
    case 'text':
      return document.createTextNode(n.v);
    case 'code':
      return el('code', document.createTextNode(n.v));
    case 'br':
      return el('br');
    case 'em':
    case 'strong':
    case 'del':
      return el(n.t, n.c.map(renderInline));
    case 'link':
      return link(n.href, n.c.map(renderInline));
    case 'image':
      return link(n.href, [document.createTextNode(`[image] ${n.alt}`)]);
  }
}

function link(href: string, children: Node[]): HTMLAnchorElement {
  const a = el('a', children);
  const safe = safeHref(href);
  if (safe) {
    a.setAttribute('href', safe);
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  return a;
}
