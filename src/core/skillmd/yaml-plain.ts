// The plain JavaScript value of a parsed YAML document, for the documents
// frontmatter almost always is: mappings, sequences and scalars, no alias,
// no explicit tag, no merge key, no key that is itself a collection. It gives
// what the yaml package's Document.toJS() gives for those (keys as strings,
// scalars as resolved, `__proto__` an own key) in one walk without its
// per-node context; for anything else it answers NOT_PLAIN and the caller
// uses toJS().

import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';

export const NOT_PLAIN: unique symbol = Symbol('not plain YAML');

/** The JS value of a document's contents (`doc.contents`), or NOT_PLAIN when toJS() is needed. */
export function plainYamlValue(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isAlias(node) || (node as { tag?: string }).tag !== undefined) return NOT_PLAIN;
  if (isScalar(node)) return node.value;
  if (isSeq(node)) {
    const out: unknown[] = [];
    for (const item of node.items) {
      const v = plainYamlValue(item);
      if (v === NOT_PLAIN) return NOT_PLAIN;
      out.push(v);
    }
    return out;
  }
  if (!isMap(node)) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const pair of node.items) {
    if (!isPair(pair)) return NOT_PLAIN;
    const key = pair.key === null ? null : isScalar(pair.key) && (pair.key as { tag?: string }).tag === undefined ? pair.key.value : NOT_PLAIN;
    if (key === NOT_PLAIN || key === '<<' || (key !== null && typeof key === 'object')) return NOT_PLAIN;
    const name = key === null ? '' : String(key);
    const value = plainYamlValue(pair.value);
    if (value === NOT_PLAIN) return NOT_PLAIN;
    // As toJS: `__proto__` becomes an own key (toJS defines every key already present or inherited; assigning the others is the same).
    if (name === '__proto__') Object.defineProperty(out, name, { value, writable: true, enumerable: true, configurable: true });
    else out[name] = value;
  }
  return out;
}
