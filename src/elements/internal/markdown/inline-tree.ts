// The inline tree of chat Markdown: its node types, and CommonMark's
// "process emphasis" pass that turns the delimiter runs inline.ts found into
// em, strong and del nodes.

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'code'; v: string }
  | { t: 'br' }
  | { t: 'em' | 'strong' | 'del'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] }
  | { t: 'image'; href: string; alt: string };

/** A run of `*`, `_` or `~` that may open or close, as in CommonMark's delimiter stack. */
export interface Delim {
  ch: string;
  /** Index of its text node in `out`. */
  node: number;
  count: number;
  orig: number;
  open: boolean;
  close: boolean;
}

interface Link {
  n: Inline;
  prev: Link | null;
  next: Link | null;
}

/**
 * CommonMark's "process emphasis" over a linked list of the nodes: each closer
 * takes the nearest opener it may pair with (same character, the rule of 3),
 * the characters they use are removed, and what lies between becomes the
 * emphasis node. Unpaired delimiters stay as the text they are.
 */
export function resolveEmphasis(nodes: Inline[], delims: Delim[]): Inline[] {
  if (delims.length === 0) return mergeText(nodes);
  const links: Link[] = nodes.map((n) => ({ n, prev: null, next: null }));
  links.forEach((l, k) => {
    l.prev = links[k - 1] ?? null;
    l.next = links[k + 1] ?? null;
  });
  const head = links[0] ?? null;
  const at = delims.map((d) => links[d.node]!);
  // below[k]: the delimiter before k still in play (pairing takes the ones between out, as zeroing their counts did).
  const below = delims.map((_, k) => k - 1);
  // A closer's search that found no opener: later closers of the same kind stop where it started (nothing below can pair).
  const bottom = new Map<string, number>();
  for (let ci = 0; ci < delims.length; ci++) {
    const closer = delims[ci]!;
    const kind = `${closer.ch}${closer.orig % 3}${closer.open}`;
    while (closer.close && closer.count > 0) {
      const floor = bottom.get(kind) ?? -1;
      let oi = below[ci]!;
      for (; oi > floor; oi = below[oi]!) {
        const o = delims[oi]!;
        if (o.ch !== closer.ch || !o.open || o.count === 0) continue;
        if (closer.ch === '~') {
          if (o.count === 2 && closer.count === 2) break;
          continue;
        }
        // The rule of 3: a run that can both open and close does not pair when the lengths add up to a multiple of 3.
        if ((o.close || closer.open) && (o.orig + closer.orig) % 3 === 0 && !(o.orig % 3 === 0 && closer.orig % 3 === 0)) continue;
        break;
      }
      if (oi <= floor) {
        bottom.set(kind, below[ci]!);
        break;
      }
      const opener = delims[oi]!;
      const n = closer.ch === '~' ? 2 : opener.count >= 2 && closer.count >= 2 ? 2 : 1;
      opener.count -= n;
      closer.count -= n;
      const o = at[oi]!;
      const c = at[ci]!;
      (o.n as { v: string }).v = (o.n as { v: string }).v.slice(n);
      (c.n as { v: string }).v = (c.n as { v: string }).v.slice(n);
      const inner: Inline[] = [];
      for (let l = o.next; l && l !== c; l = l.next) inner.push(l.n);
      const wrap: Link = { n: { t: closer.ch === '~' ? 'del' : n === 2 ? 'strong' : 'em', c: mergeText(inner) }, prev: o, next: c };
      o.next = wrap;
      c.prev = wrap;
      // Delimiters between them can no longer pair with anything.
      below[ci] = oi;
    }
  }
  const out: Inline[] = [];
  for (let l: Link | null = head; l; l = l.next) out.push(l.n);
  return mergeText(out);
}

/** Adjacent text nodes joined into one (each run joined once, not grown a piece at a time), empty ones dropped; `nodes` itself when there are none. */
function mergeText(nodes: Inline[]): Inline[] {
  let k = 0;
  while (k < nodes.length && (nodes[k]!.t !== 'text' || ((nodes[k] as { v: string }).v !== '' && nodes[k + 1]?.t !== 'text'))) k++;
  if (k === nodes.length) return nodes;
  const out: Inline[] = nodes.slice(0, k);
  while (k < nodes.length) {
    const n = nodes[k]!;
    if (n.t !== 'text') {
      out.push(n);
      k++;
      continue;
    }
    const vs: string[] = [];
    for (; k < nodes.length && nodes[k]!.t === 'text'; k++) vs.push((nodes[k] as { v: string }).v);
    const v = vs.length === 1 ? vs[0]! : vs.join('');
    if (v !== '') out.push(vs.length === 1 ? n : { t: 'text', v });
  }
  return out;
}
