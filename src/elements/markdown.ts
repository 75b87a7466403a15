// Chat Markdown, rendered safely and incrementally. streaming-markdown parses
// the LLM text as it streams (only the new characters are parsed per delta)
// and calls our renderer, which builds the DOM with createElement and text
// nodes only — nothing is ever parsed as HTML. So raw HTML a model writes
// (`<img onerror=…>`, `<script>`) shows as the literal text it is; links keep
// only http(s)/mailto targets and open in a new tab with rel="noopener
// noreferrer"; images are shown as links, never loaded.

import { nothing } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';
import * as smd from 'streaming-markdown';

/** The href when it is safe to follow (http, https, mailto), else null. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  return /^(https?:|mailto:)/i.test(h) ? h : null;
}

const TAGS: Record<number, string> = {
  [smd.PARAGRAPH]: 'p',
  [smd.HEADING_1]: 'p',
  [smd.HEADING_2]: 'p',
  [smd.HEADING_3]: 'p',
  [smd.HEADING_4]: 'p',
  [smd.HEADING_5]: 'p',
  [smd.HEADING_6]: 'p',
  [smd.CODE_BLOCK]: 'pre',
  [smd.CODE_FENCE]: 'pre',
  [smd.CODE_INLINE]: 'code',
  [smd.ITALIC_AST]: 'em',
  [smd.ITALIC_UND]: 'em',
  [smd.STRONG_AST]: 'strong',
  [smd.STRONG_UND]: 'strong',
  [smd.STRIKE]: 'del',
  [smd.LINK]: 'a',
  [smd.RAW_URL]: 'a',
  [smd.IMAGE]: 'a',
  [smd.BLOCKQUOTE]: 'blockquote',
  [smd.LINE_BREAK]: 'br',
  [smd.RULE]: 'hr',
  [smd.LIST_UNORDERED]: 'ul',
  [smd.LIST_ORDERED]: 'ol',
  [smd.LIST_ITEM]: 'li',
  [smd.CHECKBOX]: 'span',
  [smd.TABLE]: 'table',
  [smd.TABLE_ROW]: 'tr',
  [smd.TABLE_CELL]: 'td',
  [smd.EQUATION_BLOCK]: 'pre',
  [smd.EQUATION_INLINE]: 'code',
};

interface RenderState {
  stack: HTMLElement[];
}

/** A streaming-markdown renderer that only ever creates known elements and text nodes. */
function safeRenderer(root: HTMLElement): smd.Any_Renderer {
  const data: RenderState = { stack: [root] };
  const top = () => data.stack[data.stack.length - 1]!;
  return {
    data,
    add_token(_d: RenderState, type: smd.Token) {
      let parent = top();
      let el: HTMLElement;
      if (type >= smd.HEADING_1 && type <= smd.HEADING_6) {
        // Chat headings structure a reply; they do not title the page.
        el = document.createElement('p');
        const level = Math.min(type - smd.HEADING_1 + 3, 6);
        el.className = `md-h md-h${level}`;
        el.setAttribute('role', 'heading');
        el.setAttribute('aria-level', String(level));
      } else {
        el = document.createElement(TAGS[type] ?? 'span');
        if (type === smd.CODE_FENCE || type === smd.CODE_BLOCK || type === smd.EQUATION_BLOCK) {
          parent.appendChild(el);
          data.stack.push(el);
          parent = el;
          el = document.createElement('code');
          el.dataset.block = '';
        } else if (type === smd.TABLE) {
          const wrap = document.createElement('div');
          wrap.className = 'md-table';
          parent.appendChild(wrap);
          data.stack.push(wrap);
          return void (wrap.appendChild(el), data.stack.push(el));
        } else if (type === smd.TABLE_CELL && parent.parentElement?.firstElementChild === parent) {
          el = document.createElement('th');
        } else if (type === smd.IMAGE) el.textContent = '[image] ';
        else if (type === smd.CHECKBOX) el.textContent = '☐ ';
      }
      parent.appendChild(el);
      data.stack.push(el);
    },
    end_token(_d: RenderState) {
      const el = data.stack.pop();
      // Block code and tables pushed a wrapper too.
      if ((el?.dataset.block !== undefined && el.tagName === 'CODE') || el?.tagName === 'TABLE') data.stack.pop();
    },
    add_text(_d: RenderState, text: string) {
      top().appendChild(document.createTextNode(text));
    },
    set_attr(_d: RenderState, attr: smd.Attr, value: string) {
      const el = top();
      if ((attr === smd.HREF || attr === smd.SRC) && el.tagName === 'A') {
        const href = safeHref(value);
        if (href) {
          el.setAttribute('href', href);
          el.setAttribute('target', '_blank');
          el.setAttribute('rel', 'noopener noreferrer');
        }
      } else if (attr === smd.START && el.tagName === 'OL') {
        const n = parseInt(value, 10);
        if (n > 0) el.setAttribute('start', String(n));
      } else if (attr === smd.CHECKED && el.tagName === 'SPAN') el.textContent = '☑ ';
    },
  } as smd.Any_Renderer;
}

/** Renders `text` once, whole, into a new element (for tests and one-off use). */
export function markdownToElement(text: string): HTMLElement {
  const root = document.createElement('div');
  const p = smd.parser(safeRenderer(root));
  smd.parser_write(p, text);
  smd.parser_end(p);
  return root;
}

class MarkdownDirective extends Directive {
  private root = document.createElement('div');
  private parser: smd.Parser | null = null;
  private written = '';
  private ended = false;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('markdown() goes in a child position');
    this.root.className = 'md';
  }

  render(_text: string, _done: boolean) {
    return nothing;
  }

  override update(_part: ChildPart, [text, done]: [string, boolean]) {
    if (!text.startsWith(this.written) || (this.ended && text !== this.written)) {
      // The text was replaced (not extended): start over.
      this.root.replaceChildren();
      this.parser = null;
      this.written = '';
      this.ended = false;
    }
    this.parser ??= smd.parser(safeRenderer(this.root));
    const delta = text.slice(this.written.length);
    if (delta) smd.parser_write(this.parser, delta);
    this.written = text;
    if (done && !this.ended) {
      smd.parser_end(this.parser);
      this.ended = true;
    }
    return this.root;
  }
}

/**
 * Lit directive: Markdown rendered safely into a `div.md`. While `done` is false the
 * text may grow (streamed deltas) and only the new part is parsed.
 */
export const markdown = directive(MarkdownDirective);
