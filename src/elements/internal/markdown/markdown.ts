// Chat Markdown, rendered safely and incrementally (markdown/ holds the
// parser and the DOM builder). As a reply streams, the text is split into
// blocks again and only the blocks whose source changed — in practice the last
// one — are rebuilt; the rest of the DOM is kept. Emphasis follows CommonMark's
// delimiter rules, so `TICKETS_TOKEN` and `my_tool.sh` stay as written and an
// emphasis still open when the reply ends shows its literal `*` or `_`.

import { nothing } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';
import { parseBlocks } from './blocks.js';
import { renderBlock } from './render.js';

export { safeHref } from './render.js';

/** Renders `text` once, whole, into a new element (for tests and one-off use). */
export function markdownToElement(text: string): HTMLElement {
  const root = document.createElement('div');
  for (const b of parseBlocks(text)) root.append(renderBlock(b.block));
  return root;
}

class MarkdownDirective extends Directive {
  private root = document.createElement('div');
  /** The source of each rendered top-level block, in order (root's children). */
  private sources: string[] = [];
  private text: string | null = null;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('markdown() goes in a child position');
    this.root.className = 'md';
  }

  render(_text: string, _done: boolean) {
    return nothing;
  }

  override update(_part: ChildPart, [text]: [string, boolean]) {
    if (text === this.text) return this.root;
    this.text = text;
    const blocks = parseBlocks(text);
    let same = 0;
    while (same < blocks.length && same < this.sources.length && blocks[same]!.src === this.sources[same]) same++;
    const kids = this.root.children;
    while (kids.length > same) kids[kids.length - 1]!.remove();
    for (let k = same; k < blocks.length; k++) this.root.append(renderBlock(blocks[k]!.block));
    this.sources = blocks.map((b) => b.src);
    return this.root;
  }
}

/**
 * Lit directive: Markdown rendered safely into a `<div class="md">`. While the reply
 * streams (`done` false) the text grows and only the changed blocks are rebuilt.
 */
export const markdown = directive(MarkdownDirective);
