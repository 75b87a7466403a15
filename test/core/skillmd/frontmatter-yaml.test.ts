// The frontmatter's YAML read fast: parseFrontmatterYaml converts the usual
// document (mappings, sequences, scalars) to JS in one walk (plainYamlValue in frontmatter.ts)
// instead of the yaml package's toJS(), and parses without its line counter
// when the text has no error, warning or CR. Both must give exactly what the
// package gives: the same value (own `__proto__`, number keys as strings,
// empty keys), the same key lines, and the same pretty error messages.
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { NOT_PLAIN, parseFrontmatterYaml, plainYamlValue } from '../../../src/core/skillmd/frontmatter.js';

const PLAIN = [
  'name: x\ndescription: "a: b"\nmetadata:\n  forge:\n    egress_domains: [a.example, "*.b.example"]\n    requires: {env: [A, B]}\n',
  'a: |\n  one\n  two\nb: >\n  folded\n  text\nc: 1\nd: 1.5\ne: true\nf: null\ng: ~\nh:\n',
  '1: one\n2.5: x\ntrue: t\nnull: n\n"": empty\n',
  '__proto__: {polluted: true}\nconstructor: c\ntoString: s\n',
  'list:\n  - a\n  - [b, c]\n  - {d: e}\n  -\n',
  '',
  '# only a comment\n',
  'just a scalar',
  '- a\n- b\n',
];

describe('plainYamlValue', () => {
  it.each(PLAIN)('gives what toJS() gives: %j', (text) => {
    const doc = parseDocument(text);
    const mine = plainYamlValue(doc.contents);
    expect(mine).not.toBe(NOT_PLAIN);
    expect(mine).toStrictEqual(doc.toJS() ?? null);
    if (mine && typeof mine === 'object' && Object.hasOwn(mine, '__proto__')) {
      expect(Object.getPrototypeOf(mine)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    }
  });

  it.each(['a: &x 1\nb: *x\n', 'a: !!str 1\n', 'a: !!set {x}\n', '? [a, b]\n: c\n', '<<: {a: 1}\nb: 2\n', 's: !!binary aGk=\n'])(
    'leaves aliases, tags, merge keys and collection keys to toJS(): %j',
    (text) => {
      expect(plainYamlValue(parseDocument(text).contents)).toBe(NOT_PLAIN);
      expect(parseFrontmatterYaml(text, 2).data).toStrictEqual(parseDocument(text).toJS({ maxAliasCount: 1000 }));
    },
  );
});

describe('parseFrontmatterYaml without the line counter', () => {
  /** What the key lines and node lines were with the yaml package's LineCounter (the old way). */
  function withCounter(text: string, yamlLine: number): { keys: Record<string, number>; lines: Array<number | undefined> } {
    const lc = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lc, prettyErrors: true });
    const keys: Record<string, number> = {};
    for (const item of (doc.contents as { items?: Array<{ key: { value: unknown; range: number[] } }> }).items ?? [])
      keys[String(item.key.value)] ??= lc.linePos(item.key.range[0]!).line + yamlLine - 1;
    const at = (path: Array<string | number>) => {
      const node = doc.getIn(path, true) as { range?: number[] } | undefined;
      return node?.range ? lc.linePos(node.range[0]!).line + yamlLine - 1 : undefined;
    };
    return { keys, lines: [at(['b']), at(['c', 1]), at(['d', 'e'])] };
  }

  it('reports the same lines for keys and nested nodes after block scalars, quoted line breaks and comments', () => {
    const text = 'a: |\n  x\n\n  y\nb: "q\n  r"\n# note\n\nc:\n  - 1\n  - >\n    z\nd:\n  e: 5\n';
    const r = parseFrontmatterYaml(text, 2);
    const want = withCounter(text, 2);
    expect(r.keyLines).toEqual(want.keys);
    expect([r.lineOf(['b']), r.lineOf(['c', 1]), r.lineOf(['d', 'e'])]).toEqual(want.lines);
    expect(r.diagnostics).toEqual([]);
  });

  it('keeps the error and warning messages and their lines (values the line counter gave before)', () => {
    const r = parseFrontmatterYaml('a: 1\na: 2\nb: [\n', 2);
    expect(r.error).toBe('Map keys must be unique');
    expect(r.diagnostics.map((d) => [d.message, d.line])).toEqual([
      ['YAML error: Map keys must be unique', 3],
      ['YAML error: Flow sequence in block collection must be sufficiently indented and end with a ]', 5],
    ]);
    const w = parseFrontmatterYaml('a: !!foo x\n', 2);
    expect(w.diagnostics.map((d) => [d.message, d.line])).toEqual([['YAML warning: Unresolved tag: tag:yaml.org,2002:foo', 2]]);
  });

  it('reads a CRLF text with the counter', () => {
    const r = parseFrontmatterYaml('a: 1\r\nb: 2\r\n', 2);
    expect(r.data).toEqual({ a: 1, b: 2 });
    expect(r.keyLines).toEqual({ a: 2, b: 3 });
  });
});
