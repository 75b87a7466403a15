// Public suffixes listed *below* a domain that is not one itself. tldts
// answers "what is the public suffix of this name", which is enough for
// `*.github.io` (github.io is a suffix) but not for `*.amazonaws.com`:
// amazonaws.com is an ordinary registrable domain, yet the list names
// `s3.amazonaws.com`, `*.compute.amazonaws.com` … under it, where anyone can
// publish — so a wildcard over it covers hosts of strangers. That needs the
// list's structure, which tldts ships as a compiled trie (labels from the
// right, one edge per label); this module walks it read-only. tldts is
// pinned to an exact version, and test/core/egress pins the answers.

// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the trie module has no types of its own; this file declares them for the deep import below
/// <reference path="./tldts-trie.d.ts" />
import { edgeChild, edgeLength, edgeStart, labelText, nodeFlags, rulesRoot } from 'tldts/dist/es6/src/data/trie.js';

let offsets: Uint32Array | null = null;

/** Where each edge's label starts in labelText (labels are stored in edge order). */
function edgeOffsets(): Uint32Array {
  if (offsets) return offsets;
  const o = new Uint32Array(edgeLength.length);
  for (let e = 1; e < edgeLength.length; e += 1) o[e] = o[e - 1]! + edgeLength[e - 1]!;
  offsets = o;
  return o;
}

function labelOf(edge: number): string {
  const start = edgeOffsets()[edge]!;
  return labelText.slice(start, start + edgeLength[edge]!);
}

/** The child of `node` along `label` (an exact edge first, else the node's `*` edge), or -1. */
function child(node: number, label: string): number {
  let wildcard = -1;
  const o = edgeOffsets();
  // Compared in place (cutting each edge's label out of labelText cost a string per edge of the root's 1,500).
  for (let e = edgeStart[node]!; e < edgeStart[node + 1]!; e += 1) {
    const length = edgeLength[e]!;
    if (length === label.length && labelText.startsWith(label, o[e]!)) return edgeChild[e]!;
    if (length === 1 && labelText.charCodeAt(o[e]!) === 42 /* * */) wildcard = edgeChild[e]!;
  }
  return wildcard;
}

/** The shortest rule under `node`, as labels from the left (`['s3']`), preferring named labels to `*`. */
function shortestRuleBelow(node: number): string[] | null {
  const queue: Array<[number, string[]]> = [[node, []]];
  for (let i = 0; i < queue.length && i < 5000; i += 1) {
    const [n, path] = queue[i]!;
    const edges: Array<[string, number]> = [];
    for (let e = edgeStart[n]!; e < edgeStart[n + 1]!; e += 1) edges.push([labelOf(e), edgeChild[e]!]);
    edges.sort(([a], [b]) => Number(a === '*') - Number(b === '*'));
    for (const [label, next] of edges) {
      const labels = [label, ...path];
      if (nodeFlags[next] !== 0) return labels;
      queue.push([next, labels]);
    }
  }
  return null;
}

/**
 * A public suffix the list names under `domain` (lower-case, no trailing dot),
 * e.g. `s3.amazonaws.com` for `amazonaws.com`; null when there is none.
 */
export function suffixBelow(domain: string): string | null {
  let node = rulesRoot;
  for (const label of domain.split('.').reverse()) {
    node = child(node, label);
    if (node === -1) return null;
  }
  const below = shortestRuleBelow(node);
  return below ? `${below.join('.')}.${domain}` : null;
}
