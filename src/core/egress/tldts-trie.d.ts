// Types of tldts's compiled Public Suffix List trie (its published
// dist/types/src/data/trie.d.ts, which TypeScript does not find beside the
// module). Read by psl-below.ts only; tldts is pinned to an exact version.
declare module 'tldts/dist/es6/src/data/trie.js' {
  /** Per node: 0 an inner node, 1 an ICANN rule ends here, 2 a private-section rule ends here. */
  export const nodeFlags: Uint8Array;
  /** Per node: its first edge; the node's edges run to edgeStart[node + 1]. */
  export const edgeStart: Uint16Array;
  /** Per edge: the length of its label in labelText (labels stored in edge order). */
  export const edgeLength: Uint8Array;
  /** Per edge: the node it leads to. */
  export const edgeChild: Uint16Array;
  export const labelText: string;
  export const rulesRoot: number;
}
